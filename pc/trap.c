#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Segments, the interrupt table, and the dispatch of traps and
 * interrupts.  A fault in kernel C prints the registers and panics;
 * a fault while an interpreter runs Dis code becomes an error that
 * the interpreter turns into a Dis exception for that thread.
 */

typedef struct Gate Gate;
typedef struct Vctl Vctl;
struct Gate
{
	ushort	off0;
	ushort	sel;
	uchar	zero;
	uchar	type;
	ushort	off1;
};
struct Vctl
{
	void	(*f)(Ureg*, void*);
	void*	a;
	char*	name;
	ulong	count;
	int	attr;		/* its cause (port/attr.c) */
};

enum
{
	Nvec	= 50,
	VectorPIC	= 32,
	Intgate	= 0x8E,		/* present, ring 0, interrupts off */
};

static Segdesc gdt[NGDT] = {
	{0, 0},
	{0x0000FFFF, 0x00CF9A00},	/* code: base 0, limit 4G, r-x */
	{0x0000FFFF, 0x00CF9200},	/* data: base 0, limit 4G, rw- */
};
static Gate idt[256];
static Vctl vctl[Nvec];
extern ulong vectors[], iovectors[];
extern void vec255(void);

static char *excname[32] = {
	"divide error",
	"debug exception",
	"nonmaskable interrupt",
	"breakpoint",
	"overflow",
	"bounds check",
	"invalid opcode",
	"coprocessor not available",
	"double fault",
	"coprocessor segment overrun",
	"invalid TSS",
	"segment not present",
	"stack exception",
	"general protection violation",
	"page fault",
	"15 (reserved)",
	"coprocessor error",
	"alignment check",
	"machine check",
	"simd floating point",
};

typedef struct { ushort lim; ulong base; } __attribute__((packed)) Pseudo;

/* the GDT's pseudo-descriptor, for lgdt here and in apboot (l.S, mp.c) */
void
trapgdt(void *p)
{
	Pseudo *d;

	d = p;
	d->lim = sizeof gdt - 1;
	d->base = (ulong)gdt;
}

/* load the segments and the interrupt table: every processor's */
void
trapload(void)
{
	Pseudo d;

	trapgdt(&d);
	lgdt(&d);
	loadsegs();
	d.lim = sizeof idt - 1;
	d.base = (ulong)idt;
	lidt(&d);
}

/* vector v enters the kernel at f, interrupts off */
static void
setgate(int v, ulong f)
{
	idt[v].off0 = f;
	idt[v].off1 = f>>16;
	idt[v].sel = KESEL;
	idt[v].type = Intgate;
}

void
trapinit(void)
{
	int i;

	for(i = 0; i < Nvec; i++)
		setgate(i, vectors[i]);
	for(i = 0; i < 16; i++)
		setgate(VectorIOAPIC+i, iovectors[i]);
	setgate(255, (ulong)vec255);
	trapload();
}

/* call f(ureg, a) when irq fires */
void
intrenable(int irq, void (*f)(Ureg*, void*), void *a, char *name)
{
	Vctl *v;

	v = &vctl[VectorPIC+irq];
	v->f = f;
	v->a = a;
	v->name = name;
	v->attr = attrnamed("intr.", name);
	if(ioapicon)
		ioapicenable(irq);
	else
		i8259enable(irq);
}

/*
 * With several processors (mpstart): the enabled interrupts go through
 * the I/O APIC from now on, the 8259s and LINT0 masked; none if the
 * firmware's tables name no I/O APIC.  An edge the 8259 took meanwhile
 * is lost: at most a tick.
 */
void
intrioapic(void)
{
	int irq, s;

	s = splhi();
	if(ioapicinit()){
		i8259off();
		apicunwire();
		for(irq = 0; irq < 16; irq++)
			if(vctl[VectorPIC+irq].f != nil)
				ioapicenable(irq);
	}
	splx(s);
}

void
dumpregs(Ureg *u)
{
	iprint("trap %lud ecode %#lux pc %#lux flags %#lux cr2 %#lux\n",
		u->trap, u->ecode, u->pc, u->flags, getcr2());
	iprint("ax %#.8lux bx %#.8lux cx %#.8lux dx %#.8lux\n", u->ax, u->bx, u->cx, u->dx);
	iprint("si %#.8lux di %#.8lux bp %#.8lux sp %#.8lux\n", u->si, u->di, u->bp, (ulong)&u->flags+4);
	if(up != nil)
		iprint("proc %d %s\n", up->pid, up->text);
}

static void
fault(Ureg *u)
{
	char buf[ERRMAX];
	ulong addr;

	if(u->trap == 14){
		addr = getcr2();
		snprint(buf, sizeof buf, "sys: trap: fault %s addr=%#lux",
			(u->ecode & 0x10) ? "exec" : (u->ecode & 2) ? "write" : "read", addr);
	}else if(u->trap == 0)
		snprint(buf, sizeof buf, "sys: trap: divide error pc=%#lux", u->pc);
	else
		snprint(buf, sizeof buf, "sys: trap: %s pc=%#lux", excname[u->trap] ? excname[u->trap] : "exception", u->pc);
	/*
	 * in Dis code, or in a builtin's kernel call while it has released
	 * the VM (a read into an array a malformed module made up, say):
	 * an error for the thread, or for the call, which returns -1
	 */
	if(up != nil && (up->type == Interp || up->iprog != nil) && up->nlocks == 0 && m->ilockdepth == 0)
		disfault(u, buf);	/* does not return */
	dumpregs(u);
	iprint("faulting ");
	dumpstackfp((ulong*)u->bp);
	panic("%s", buf);
}

/*
 * device interrupt irq, from the 8259s or, with several processors,
 * the I/O APIC (apic): its handler, the end of interrupt, then the
 * tick's round robin or a higher priority process it made ready
 */
static void
devintr(Ureg *u, int irq, int apic)
{
	Vctl *v;
	int clock, o;

	v = &vctl[VectorPIC+irq];
	o = attrintr(v->attr ? v->attr : Cother);
	clock = irq == 0;
	if(clock){
		rdtsc(&m->clocktsc);
		m->inclockintr = 1;
	}
	if(v->f != nil){
		v->count++;
		v->f(u, v->a);
	}
	if(apic)
		lapiceoi();
	else
		i8259eoi(irq);
	attrintrend(o);
	if(clock)
		m->inclockintr = 0;
	preempt();
}

void
trap(Ureg *u)
{
	int irq;

	if(u->trap < VectorPIC){
		fault(u);
		return;
	}
	m->intr++;
	if(u->trap == VectorLAPIC || u->trap == VectorIPI){
		lapicintr(u);
		return;
	}
	if(u->trap >= VectorIOAPIC && u->trap < VectorIOAPIC+16){
		devintr(u, u->trap - VectorIOAPIC, 1);
		return;
	}
	irq = u->trap - VectorPIC;
	if(u->trap >= Nvec){
		iprint("unexpected trap %lud\n", u->trap);
		return;
	}
	/* spurious interrupts on 7 and 15 set no in-service bit */
	if((irq == 7 || irq == 15) && !i8259isr(irq))
		return;
	devintr(u, irq, 0);
}
