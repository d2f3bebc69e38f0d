/*
 * Machine assist for the i386 kernel: the multiboot header and entry,
 * trap vectors, port i/o and priority levels (labels: label.S).
 * Everything runs in ring 0 with flat segments.
 */
#include "mem.h"

	.section .mbheader, "a"
	.align 4
	.long	MBMAGIC
	.long	MBFLAGS
	.long	-(MBMAGIC+MBFLAGS)

	.text
	.globl	_start
_start:
	cli
	cld
	movl	$bootstack+16384, %esp
	xorl	%ebp, %ebp
	pushl	%ebx			/* multiboot info */
	pushl	%eax			/* magic */
	call	main
1:	hlt
	jmp	1b

	.globl	lgdt
lgdt:
	movl	4(%esp), %eax
	lgdt	(%eax)
	ret

	.globl	lidt
lidt:
	movl	4(%esp), %eax
	lidt	(%eax)
	ret

/* reload the segment registers after lgdt */
	.globl	loadsegs
loadsegs:
	movw	$KDSEL, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %fs
	movw	%ax, %gs
	movw	%ax, %ss
	ljmp	$KESEL, $1f
1:	ret

	.globl	getcr0, getcr2, getcr3, getcr4, putcr0, putcr3, putcr4
getcr0:	movl	%cr0, %eax; ret
getcr2:	movl	%cr2, %eax; ret
getcr3:	movl	%cr3, %eax; ret
getcr4:	movl	%cr4, %eax; ret
putcr0:	movl	4(%esp), %eax; movl %eax, %cr0; ret
putcr3:	movl	4(%esp), %eax; movl %eax, %cr3; ret
putcr4:	movl	4(%esp), %eax; movl %eax, %cr4; ret

	.globl	invlpg
invlpg:	movl	4(%esp), %eax; invlpg (%eax); ret

	.globl	inb, ins, inl, outb, outs, outl
inb:	movl	4(%esp), %edx; xorl %eax, %eax; inb %dx, %al; ret
ins:	movl	4(%esp), %edx; xorl %eax, %eax; inw %dx, %ax; ret
inl:	movl	4(%esp), %edx; inl %dx, %eax; ret
outb:	movl	4(%esp), %edx; movl 8(%esp), %eax; outb %al, %dx; ret
outs:	movl	4(%esp), %edx; movl 8(%esp), %eax; outw %ax, %dx; ret
outl:	movl	4(%esp), %edx; movl 8(%esp), %eax; outl %eax, %dx; ret

/*
 * Priority levels: the value is the old EFLAGS interrupt bit.  A clock
 * interrupt held off by splhi is taken in spllo or splx, before
 * spldone, where kprof charges it to their caller.
 */
	.globl	splhi, spllo, splx, islo
islo:
	pushfl
	popl	%eax
	andl	$IFLAG, %eax
	ret
splhi:
	pushfl
	popl	%eax
	andl	$IFLAG, %eax
	cli
	ret
spllo:
	pushfl
	popl	%eax
	andl	$IFLAG, %eax
	sti
	ret
splx:
	movl	4(%esp), %eax
	testl	$IFLAG, %eax
	jz	1f
	sti
	ret
1:	cli
	ret
	.globl	spldone
spldone:

/* wait for an interrupt with interrupts enabled */
	.globl	halt1
halt1:
	sti
	hlt
	ret

	.globl	rdtsc
rdtsc:
	rdtsc
	movl	4(%esp), %ecx
	movl	%eax, 0(%ecx)
	movl	%edx, 4(%ecx)
	ret

/* cpuid(leaf, r): r[0..3] get eax, ebx, ecx, edx (subleaf 0) */
	.globl	cpuid
cpuid:
	pushl	%ebx
	pushl	%edi
	movl	12(%esp), %eax
	xorl	%ecx, %ecx
	cpuid
	movl	16(%esp), %edi
	movl	%eax, 0(%edi)
	movl	%ebx, 4(%edi)
	movl	%ecx, 8(%edi)
	movl	%edx, 12(%edi)
	popl	%edi
	popl	%ebx
	ret

/* wrmsr(reg, v) */
	.globl	wrmsr
wrmsr:
	movl	4(%esp), %ecx
	movl	8(%esp), %eax
	movl	12(%esp), %edx
	wrmsr
	ret

/* uvlong rdtsc64(void): the TSC, returned in edx:eax */
	.globl	rdtsc64
rdtsc64:
	rdtsc
	ret

/* model-specific registers: rdmsr(reg, &v) */
	.globl	rdmsr
rdmsr:
	movl	4(%esp), %ecx
	rdmsr
	movl	8(%esp), %ecx
	movl	%eax, 0(%ecx)
	movl	%edx, 4(%ecx)
	ret

	.globl	fpinit, fpsave, fprestore
fpinit:
	fninit
	ret
fpsave:
	movl	4(%esp), %eax
	fnsave	(%eax)
	fwait
	ret
fprestore:
	movl	4(%esp), %eax
	frstor	(%eax)
	ret

/*
 * Trap vectors: each pushes a zero error code where the processor
 * does not, then the vector number, and joins alltraps, which
 * completes a Ureg and calls trap(Ureg*).
 */
#define	TRAP(n)		.globl vec##n; vec##n: pushl $0; pushl $n; jmp alltraps
#define	TRAPE(n)	.globl vec##n; vec##n: pushl $n; jmp alltraps

TRAP(0); TRAP(1); TRAP(2); TRAP(3); TRAP(4); TRAP(5); TRAP(6); TRAP(7)
TRAPE(8); TRAP(9); TRAPE(10); TRAPE(11); TRAPE(12); TRAPE(13); TRAPE(14); TRAP(15)
TRAP(16); TRAPE(17); TRAP(18); TRAP(19); TRAP(20); TRAP(21); TRAP(22); TRAP(23)
TRAP(24); TRAP(25); TRAP(26); TRAP(27); TRAP(28); TRAP(29); TRAP(30); TRAP(31)
TRAP(32); TRAP(33); TRAP(34); TRAP(35); TRAP(36); TRAP(37); TRAP(38); TRAP(39)
TRAP(40); TRAP(41); TRAP(42); TRAP(43); TRAP(44); TRAP(45); TRAP(46); TRAP(47)
TRAP(48); TRAP(49)
TRAP(64); TRAP(65); TRAP(66); TRAP(67); TRAP(68); TRAP(69); TRAP(70); TRAP(71)
TRAP(72); TRAP(73); TRAP(74); TRAP(75); TRAP(76); TRAP(77); TRAP(78); TRAP(79)

/* the local APIC's spurious interrupt: no EOI, nothing to do */
	.globl	vec255
vec255:
	iret

alltraps:
	pushl	%ds
	pushl	%es
	pushl	%fs
	pushl	%gs
	pushal
	movw	$KDSEL, %ax
	movw	%ax, %ds
	movw	%ax, %es
	cld
	pushl	%esp
	call	trap
	addl	$4, %esp
	.globl	trapret
trapret:
	popal
	popl	%gs
	popl	%fs
	popl	%es
	popl	%ds
	addl	$8, %esp		/* trap number, error code */
	iret

/*
 * An application processor's start (mp.c).  A STARTUP IPI has it run,
 * in real mode, the copy of apboot..apbootend that mpstart put at
 * APBOOT, with apgdtptr filled in: it loads the kernel's GDT, enters
 * protected mode and jumps to apentry, which takes the stack mpstart
 * left in apstack and calls apmain with paging still off (apmain loads
 * the other segment registers).
 */
	.code16
	.globl	apboot, apbootend, apgdtptr
apboot:
	cli
	movw	%cs, %ax
	movw	%ax, %ds
	lgdtl	apgdtptr - apboot
	movl	%cr0, %eax
	orl	$CR0PE, %eax
	movl	%eax, %cr0
	ljmpl	$KESEL, $apentry
	.align	4
apgdtptr:
	.word	0
	.long	0
apbootend:
	.code32

apentry:
	movw	$KDSEL, %ax
	movw	%ax, %ds
	movw	%ax, %ss
	movl	apstack, %esp
	xorl	%ebp, %ebp
	call	apmain
1:	hlt
	jmp	1b

	.data
	.globl	vectors
vectors:
	.long	vec0, vec1, vec2, vec3, vec4, vec5, vec6, vec7
	.long	vec8, vec9, vec10, vec11, vec12, vec13, vec14, vec15
	.long	vec16, vec17, vec18, vec19, vec20, vec21, vec22, vec23
	.long	vec24, vec25, vec26, vec27, vec28, vec29, vec30, vec31
	.long	vec32, vec33, vec34, vec35, vec36, vec37, vec38, vec39
	.long	vec40, vec41, vec42, vec43, vec44, vec45, vec46, vec47
	.long	vec48, vec49
	.globl	iovectors
iovectors:
	.long	vec64, vec65, vec66, vec67, vec68, vec69, vec70, vec71
	.long	vec72, vec73, vec74, vec75, vec76, vec77, vec78, vec79

	.bss
	.align	4096
	.globl	bootstack
bootstack:
	.space	16384

/*
 * m, the processor's Mach, alone in a page that each processor's page
 * tables map to a page of its own (mmu.c): the same address, another
 * Mach on each.
 */
	.align	4096
	.globl	m
m:
	.space	4096
	.section .note.GNU-stack,"",@progbits
