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

/* mask both: the I/O APIC takes their interrupts (intrioapic) */
void
i8259off(void)
{
	outb(Int0aux, 0xFF);
	outb(Int1aux, 0xFF);
}
