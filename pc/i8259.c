#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * The two 8259A interrupt controllers, remapped to vectors 32-47.
 */
enum
{
	Int0ctl	= 0x20,
	Int0aux	= 0x21,
	Int1ctl	= 0xA0,
	Int1aux	= 0xA1,
	EOI	= 0x20,
};

static ushort mask = 0xFFFB;	/* all off but the cascade */

/*
 * The firmware may leave the local APIC with LINT0 masked (qboot
 * does), which keeps the 8259's interrupts from the processor: put
 * the APIC in virtual wire mode, LINT0 taking the 8259's interrupts
 * (ExtINT) and LINT1 NMIs.  Called before paging is on, as the
 * APIC's registers are not mapped.
 */
enum
{
	Apicbase	= 0xFEE00000,
	Apicsvr		= 0x0F0,
	Apiclint0	= 0x350,
	Apiclint1	= 0x360,
	Apicenable	= 1<<8,
	ExtINT		= 7<<8,
	NMI		= 4<<8,
};

void
apicwire(void)
{
	volatile ulong *a;
	uvlong v;

	rdmsr(0x1B, &v);
	if((v & (1<<11)) == 0)
		return;		/* globally off: the 8259 is wired to the processor */
	a = (ulong*)Apicbase;
	a[Apicsvr/4] = Apicenable | 0xFF;	/* spurious vector 255 */
	a[Apiclint0/4] = ExtINT;
	a[Apiclint1/4] = NMI;
}

void
i8259init(void)
{
	outb(Int0ctl, 0x11);	/* ICW1: edge, cascade, ICW4 */
	outb(Int0aux, 32);	/* ICW2: vector base */
	outb(Int0aux, 0x04);	/* ICW3: slave on irq 2 */
	outb(Int0aux, 0x01);	/* ICW4: 8086 mode */
	outb(Int1ctl, 0x11);
	outb(Int1aux, 40);
	outb(Int1aux, 0x02);
	outb(Int1aux, 0x01);
	outb(Int0aux, mask);
	outb(Int1aux, mask>>8);
}

void
i8259enable(int irq)
{
	int s;

	s = splhi();
	mask &= ~(1<<irq);
	outb(Int0aux, mask);
	outb(Int1aux, mask>>8);
	splx(s);
}

/* is irq in service? */
int
i8259isr(int irq)
{
	int port;

	port = irq < 8 ? Int0ctl : Int1ctl;
	outb(port, 0x0B);
	return inb(port) & (1<<(irq&7));
}

void
i8259eoi(int irq)
{
	if(irq >= 8)
		outb(Int1ctl, EOI);
	outb(Int0ctl, EOI);
}
