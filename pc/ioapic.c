#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * The I/O APIC.  With more than one processor (mpstart) the devices'
 * interrupts come through it to the first processor's local APIC, on
 * vectors of their own (VectorIOAPIC+irq), as on a multiprocessor PC,
 * and the 8259s are masked; with one they stay with the 8259s, so that
 * pc executes the same instructions as before.
 *
 * ACPI's MADT, which QEMU passes and qboot installs, says where the I/O
 * APIC is and how ISA interrupts reach its pins: QEMU wires the 8253's
 * interrupt 0 to pin 2 (an interrupt source override); the others go
 * to the pin of their number, edge triggered, active high, unless an
 * override says otherwise.
 */
enum
{
	Ioregsel	= 0x00,
	Iowin		= 0x10,
	Ioapicver	= 0x01,
	Ioredtbl	= 0x10,		/* pin n's entry: registers 0x10+2n (low), +1 (high) */

	Rmasked		= 1<<16,
	Rlevel		= 1<<15,
	Rlow		= 1<<13,

	Nisa		= 16,
	Maxtable	= 64*1024,	/* the largest ACPI table believed */

	MadtIoapic	= 1,		/* the MADT's entry types */
	MadtOverride	= 2,
};

typedef struct Isa Isa;
struct Isa
{
	int	pin;
	ulong	flags;		/* Rlevel, Rlow */
};

static ulong	ioapicaddr;
static int	npin;
static Isa	isa[Nisa];
int	ioapicon;

static void
ioapicw(int r, ulong v)
{
	*(volatile ulong*)(ioapicaddr+Ioregsel) = r;
	*(volatile ulong*)(ioapicaddr+Iowin) = v;
}

static ulong
ioapicr(int r)
{
	*(volatile ulong*)(ioapicaddr+Ioregsel) = r;
	return *(volatile ulong*)(ioapicaddr+Iowin);
}

static int
checksum(uchar *p, int n)
{
	int s;

	s = 0;
	while(n-- > 0)
		s += *p++;
	return s & 0xFF;
}

/* can a table of up to Maxtable bytes start at a, in memory? */
static int
inmem(ulong a)
{
	return a != 0 && a < (ulong)conf.npage*BY2PG - Maxtable;
}

/* the ACPI table with signature sig, from the RSDP in the BIOS's area; nil if none */
static uchar*
acpitable(char *sig)
{
	uchar *p, *t;
	ulong rsdt, len;
	int i, n;

	for(p = (uchar*)0xE0000; p < (uchar*)0x100000; p += 16)
		if(memcmp(p, "RSD PTR ", 8) == 0 && checksum(p, 20) == 0)
			break;
	if(p >= (uchar*)0x100000)
		return nil;
	rsdt = *(ulong*)(p+16);
	if(!inmem(rsdt) || memcmp((uchar*)rsdt, "RSDT", 4) != 0)
		return nil;
	len = *(ulong*)(rsdt+4);
	if(len < 36 || len > Maxtable)
		return nil;
	n = (len - 36) / 4;
	for(i = 0; i < n; i++){
		t = (uchar*)*(ulong*)(rsdt+36+4*i);
		if(!inmem((ulong)t) || memcmp(t, sig, 4) != 0)
			continue;
		len = *(ulong*)(t+4);
		if(len >= 44 && len <= Maxtable && checksum(t, len) == 0)
			return t;
	}
	return nil;
}

/*
 * Find the I/O APIC and the ISA interrupts' pins in the MADT, mask
 * every pin; 0 if there is no MADT or no I/O APIC at GSI 0.
 */
int
ioapicinit(void)
{
	uchar *madt, *e, *p;
	ulong f;
	int i, src;

	madt = acpitable("APIC");
	if(madt == nil)
		return 0;
	for(i = 0; i < Nisa; i++){
		isa[i].pin = i;
		isa[i].flags = 0;
	}
	e = madt + *(ulong*)(madt+4);
	for(p = madt+44; p+2 <= e && p[1] >= 2 && p+p[1] <= e; p += p[1]){
		switch(p[0]){
		case MadtIoapic:
			if(*(ulong*)(p+8) == 0 && ioapicaddr == 0)
				ioapicaddr = *(ulong*)(p+4);
			break;
		case MadtOverride:
			src = p[3];
			if(p[2] != 0 || src >= Nisa)
				break;
			isa[src].pin = *(ulong*)(p+4);
			f = *(ushort*)(p+8);
			isa[src].flags = 0;
			if((f & 3) == 3)
				isa[src].flags |= Rlow;
			if((f>>2 & 3) == 3)
				isa[src].flags |= Rlevel;
			break;
		}
	}
	if(ioapicaddr == 0)
		return 0;
	mmumap(ioapicaddr, BY2PG, 1);
	npin = (ioapicr(Ioapicver)>>16 & 0xFF) + 1;
	for(i = 0; i < npin; i++)
		ioapicw(Ioredtbl+2*i, Rmasked);
	ioapicon = 1;
	return 1;
}

/* deliver ISA interrupt irq to the first processor on vector VectorIOAPIC+irq */
void
ioapicenable(int irq)
{
	int pin;

	pin = isa[irq].pin;
	if(pin >= npin){
		print("ioapic: irq %d: no pin %d\n", irq, pin);
		return;
	}
	ioapicw(Ioredtbl+2*pin+1, MACHP(0)->apicid<<24);
	ioapicw(Ioredtbl+2*pin, isa[irq].flags | (VectorIOAPIC+irq));
}
