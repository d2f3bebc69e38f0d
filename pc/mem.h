/*
 * Memory and machine-specific definitions.  Used in C and assembler.
 * The kernel is identity mapped (KZERO is 0): virtual equals physical,
 * except that page 0 is not mapped so nil dereferences fault.
 */
#define	KiB		1024u
#define	MiB		1048576u
#define	BI2BY		8
#define	BI2WD		32
#define	BY2WD		4
#define	BY2V		8
#define	BY2PG		4096
#define	WD2PG		(BY2PG/BY2WD)
#define	PGSHIFT		12
#define	ROUND(s, sz)	(((s)+((sz)-1))&~((sz)-1))
#define	PGROUND(s)	ROUND(s, BY2PG)
#define	BY2XPG		(4*MiB)		/* a large page */

#define	KZERO		0x00000000
#define	KTZERO		0x00100000	/* kernel text: where multiboot loads it */
#define	MAXMEM		(768*MiB)	/* most memory the kernel maps */
#define	MAXMACH		8		/* processors the kernel starts */
#define	APBOOT		0x7000		/* where an application processor starts (mp.c) */
#define	VectorLAPIC	48		/* an application processor's clock (mp.c) */
#define	VectorIPI	49		/* mpcall's interprocessor interrupt */
#define	VectorIOAPIC	64		/* irq n through the I/O APIC, with several processors: 64+n (ioapic.c) */


/* segment selectors */
#define	NULLSEG		0
#define	KESEG		1		/* kernel executable */
#define	KDSEG		2		/* kernel data/stack */
#define	NGDT		3
#define	SELECTOR(i, t, p)	(((i)<<3) | (t) | (p))
#define	KESEL		SELECTOR(KESEG, 0, 0)
#define	KDSEL		SELECTOR(KDSEG, 0, 0)

/* page table entry bits */
#define	PTEVALID	(1<<0)
#define	PTEWRITE	(1<<1)
#define	PTEUSER		(1<<2)
#define	PTEWT		(1<<3)
#define	PTEUNCACHED	(1<<4)
#define	PTESIZE		(1<<7)

/* control registers */
#define	CR0PE		0x00000001
#define	CR0WP		0x00010000
#define	CR0PG		0x80000000
#define	CR4PSE		0x00000010
#define	CR4PAE		0x00000020

/* EFLAGS */
#define	IFLAG		0x200

/* multiboot */
#define	MBMAGIC		0x1BADB002
#define	MBFLAGS		0x00000003	/* page-aligned modules, memory map */
#define	MBBOOTED	0x2BADB002
