/*
 * Labels for the kernel's error() and context switch, and for emu's
 * error(): i386, shared by the kernel (pc/mkfile) and emu (emu/mkfile).
 */
	.text

/*
 * setlabel saves the callee-saved registers, sp and pc in a Label
 * and returns 0; gotolabel restores them and makes that setlabel
 * return 1.  Label: sp pc bx si di bp.
 */
	.globl	setlabel
setlabel:
	movl	4(%esp), %eax
	movl	(%esp), %edx		/* return pc */
	leal	4(%esp), %ecx		/* sp after return */
	movl	%ecx, 0(%eax)
	movl	%edx, 4(%eax)
	movl	%ebx, 8(%eax)
	movl	%esi, 12(%eax)
	movl	%edi, 16(%eax)
	movl	%ebp, 20(%eax)
	xorl	%eax, %eax
	ret

	.globl	gotolabel
gotolabel:
	movl	4(%esp), %eax
	movl	0(%eax), %esp
	movl	8(%eax), %ebx
	movl	12(%eax), %esi
	movl	16(%eax), %edi
	movl	20(%eax), %ebp
	movl	4(%eax), %edx
	movl	$1, %eax
	jmp	*%edx

	.section .note.GNU-stack,"",@progbits
