#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * The application processors.  QEMU's fw_cfg says how many processors
 * the machine has (-smp n); their local APIC ids are 0 to n-1, 0 the
 * one that booted.  mpstart starts the others in turn with an INIT and
 * STARTUP IPIs: each runs apboot (l.S), copied to APBOOT, which enters
 * protected mode and calls apmain on the stack mpstart left in apstack.
 * apmain turns paging on with the processor's own tables (mmu.c: m is
 * its Mach there), loads the segments and the interrupt table, starts
 * its local APIC's timer at HZ, says it is online and enters the
 * scheduler (port/proc.c's schedinit), which all processors share:
 * it runs processes, is woken from idle by an interprocessor
 * interrupt (mpwake), counts its ticks and idle time, which
 * /dev/sysstat shows a line a processor, and runs what mpcall gives
 * it.
 *
 * Only the first processor takes the devices' interrupts: once the
 * others are started, through the I/O APIC (ioapic.c, intrioapic), the
 * 8259s and LINT0 masked; with one processor, from the 8259s through
 * LINT0 (apicwire), as before.  Under icount QEMU runs
 * the processors in turn (so a processor that waits for another waits
 * halted: see ipistart and mpcall); under the real clock, a host
 * thread each.
 */
enum
{
	Fwsel		= 0x510,	/* fw_cfg's selector port */
	Fwdata		= 0x511,
	Fwsignature	= 0x00,
	Fwnbcpus	= 0x05,

	Lapicbase	= 0xFEE00000,
	Lapicid		= 0x020,
	Lapiceoi	= 0x0B0,
	Lapicsvr	= 0x0F0,
	Lapicicrlo	= 0x300,
	Lapicicrhi	= 0x310,
	Lapictimer	= 0x320,
	Lapicinit	= 0x380,	/* the timer's initial count */
	Lapiccount	= 0x390,	/* and current */
	Lapicdiv	= 0x3E0,

	Lapiclint0	= 0x350,
	Lapiclint1	= 0x360,

	Svrenable	= 1<<8,
	ExtINT		= 7<<8,		/* LINT's delivery modes */
	NMI		= 4<<8,
	Icrinit		= 5<<8,
	Icrstartup	= 6<<8,
	Icrlevel	= 1<<15,
	Icrassert	= 1<<14,
	Icrpending	= 1<<12,
	Timerperiodic	= 1<<17,
	Timermasked	= 1<<16,
	Divby1		= 0xB,
	VectorSpurious	= 0xFF,

	Apstack		= 16*KiB,
	Apwait		= 100,		/* clock ticks for a processor to start: under the real clock a
				   loaded host may not run its vCPU's thread for 100 ms (8 boots
				   of 4 on 2 cores); one started is waited for no longer */
};

Mach*	apmach;		/* the processor starting, and its stack (l.S) */
ulong	apstack;
static ulong	lapictick;	/* the local APIC timer's count for a clock tick */

extern uchar apboot[], apbootend[], apgdtptr[];

static ulong
lapicr(int r)
{
	return *(volatile ulong*)(Lapicbase+r);
}

static void
lapicw(int r, ulong v)
{
	*(volatile ulong*)(Lapicbase+r) = v;
}

/* send v to the processor of APIC id id, once the last has gone */
static void
ipi(int id, ulong v)
{
	while(lapicr(Lapicicrlo) & Icrpending)
		;
	lapicw(Lapicicrhi, id<<24);
	lapicw(Lapicicrlo, v);
}

/*
 * The firmware may leave the local APIC with LINT0 masked (qboot
 * does), which keeps the 8259's interrupts from the processor: put
 * the first processor's APIC in virtual wire mode, LINT0 taking the
 * 8259's interrupts (ExtINT) and LINT1 NMIs.  Called before paging is
 * on, which maps the APIC's registers (mpstart) at the same address.
 */
void
apicwire(void)
{
	uvlong v;

	rdmsr(0x1B, &v);
	if((v & (1<<11)) == 0)
		return;		/* globally off: the 8259 is wired to the processor */
	lapicw(Lapicsvr, Svrenable | VectorSpurious);
	lapicw(Lapiclint0, ExtINT);
	lapicw(Lapiclint1, NMI);
}

/* the 8259 no longer reaches this processor (intrioapic) */
void
apicunwire(void)
{
	lapicw(Lapiclint0, ExtINT | Timermasked);
}

void
lapiceoi(void)
{
	lapicw(Lapiceoi, 0);
}

/* the processors fw_cfg says the machine has; 1 if it is not QEMU's */
static int
fwnbcpus(void)
{
	char sig[4];
	int i, n;

	outs(Fwsel, Fwsignature);
	for(i = 0; i < 4; i++)
		sig[i] = inb(Fwdata);
	if(memcmp(sig, "QEMU", 4) != 0)
		return 1;
	outs(Fwsel, Fwnbcpus);
	n = inb(Fwdata);
	n |= inb(Fwdata)<<8;
	return n;
}

/*
 * The local APIC timer's count for 1/HZ s, from its count across 10ms
 * of the TSC (calibrated: clockinit), with the timer masked.
 */
static ulong
lapiccalibrate(void)
{
	ulong c;

	lapicw(Lapicdiv, Divby1);
	lapicw(Lapictimer, Timermasked | VectorLAPIC);
	lapicw(Lapicinit, 0xFFFFFFFF);
	microdelay(10000);
	c = 0xFFFFFFFF - lapicr(Lapiccount);
	lapicw(Lapicinit, 0);
	return c*100/HZ;
}

/*
 * INIT, then two STARTUPs at APBOOT, to the processor of APIC id id;
 * then wait for it, halted until clock ticks, up to Apwait of them.
 * Halted, this processor lets QEMU's round robin run the other at
 * once under icount, so the instructions executed meanwhile, hence
 * virtual time, do not depend on when QEMU would otherwise have
 * switched (busy, it switches at a timer's deadline, one tick or the
 * next).
 */
static void
ipistart(int id)
{
	ulong t;
	int i, s;

	ipi(id, Icrinit | Icrlevel | Icrassert);
	microdelay(200);
	ipi(id, Icrinit | Icrlevel);
	delay(10);
	for(i = 0; i < 2; i++){
		ipi(id, Icrstartup | APBOOT/BY2PG);
		microdelay(200);
	}
	s = spllo();
	for(i = 0; i < Apwait && !apmach->online; i++){
		t = m->ticks;
		while(m->ticks == t)
			halt1();
	}
	splx(s);
}

void
mpstart(void)
{
	Mach *mp;
	uchar *a;
	int i, n;

	n = fwnbcpus();
	if(n <= 1)
		return;
	if(n > MAXMACH){
		print("mp: %d processors: starting %d\n", n, MAXMACH);
		n = MAXMACH;
	}
	if(!mmunx){
		print("mp: no PAE: one processor of %d\n", n);
		return;
	}
	mmumap(Lapicbase, BY2PG, 1);
	lapictick = lapiccalibrate();
	memmove((void*)APBOOT, apboot, apbootend-apboot);
	trapgdt((void*)(APBOOT + (apgdtptr-apboot)));
	for(i = 1; i < n; i++){
		mp = xallocz(sizeof *mp, 1);
		a = xalloc(Apstack);
		if(mp == nil || a == nil){
			print("mp: no memory for processor %d\n", i);
			break;
		}
		mp->machno = i;
		mp->apicid = i;
		mp->cpuhz = m->cpuhz;	/* one TSC for all (fastticks) */
		mp->cpuhzppm = m->cpuhzppm;
		mp->tscticks0 = m->tscticks0;
		if(!mmuapinit(mp)){
			print("mp: no memory for processor %d's page tables\n", i);
			break;
		}
		apmach = mp;
		apstack = (ulong)a + Apstack;
		ipistart(mp->apicid);
		if(!mp->online){
			/* INIT again: should it start late, it waits instead */
			ipi(mp->apicid, Icrinit | Icrlevel | Icrassert);
			print("mp: processor %d did not start\n", i);
			break;
		}
		machp[i] = mp;
		conf.nmach = i+1;
	}
	apmach = nil;
	if(conf.nmach > 1)
		intrioapic();
}

/* an application processor's start, paging off (apboot, l.S) */
void
apmain(void)
{
	trapload();
	mmuapon(apmach);
	fpinit();
	m->apicid = lapicr(Lapicid)>>24;
	lapicw(Lapicsvr, Svrenable | VectorSpurious);
	lapicw(Lapicdiv, Divby1);
	lapicw(Lapicinit, lapictick);
	lapicw(Lapictimer, Timerperiodic | VectorLAPIC);
	splhi();
	m->online = 1;
	schedinit();
}

static void
lapicset(void *a)
{
	ulong cnt;

	if(m->machno == 0)
		return;
	cnt = (ulong)a;
	m->lapiccnt = cnt != lapictick ? cnt : 0;
	m->lapicacc = 0;
	lapicw(Lapicinit, cnt);
}

/*
 * the application processors' local APIC timers interrupt rate times a
 * second (HZ for rate 0), for the profiler: each interrupt a sample,
 * and a tick when they have counted a tick's worth (lapicintr)
 */
void
lapicrate(ulong rate)
{
	ulong cnt;

	if(conf.nmach == 1)
		return;
	cnt = lapictick;
	if(rate > HZ){
		cnt = lapictick*HZ/rate;
		if(cnt < 100)
			cnt = 100;
	}
	mpcall(lapicset, (void*)cnt);
}

/* wake processor n, halted for want of work (proc.c's ready); at splhi */
void
mpwake(int n)
{
	ipi(MACHP(n)->apicid, VectorIPI);
}

/*
 * The local APIC's interrupts: an application processor's clock (its
 * ticks and idle time, and the round robin of its processes), and the
 * IPI of mpwake, which only wakes it, or of mpcall, whose function it
 * runs here.  Then, as after a device's interrupt (trap.c), the tick's
 * round robin or a higher priority process that became ready.
 */
void
lapicintr(Ureg *u)
{
	void (*f)(void*);
	int v, tick;

	v = u->trap;
	tick = v == VectorLAPIC;
	if(tick){
		if(kproftick != nil)
			kproftick(kprofpc(u));
		if(m->lapiccnt != 0){
			/* profiling: a tick once a tick's count has gone (lapicrate) */
			m->lapicacc += m->lapiccnt;
			if(m->lapicacc < lapictick)
				tick = 0;
			else
				m->lapicacc -= lapictick;
		}
		if(tick){
			machtick(up == nil);
			hzsched();
		}
	}
	lapiceoi();
	if(v == VectorIPI && (f = __atomic_load_n(&m->callf, __ATOMIC_ACQUIRE)) != nil){
		f(m->callarg);
		__atomic_store_n(&m->callf, nil, __ATOMIC_RELEASE);
	}
	preempt();
}

/*
 * mpcall(f, a): every processor runs f(a), the caller's at its
 * priority level, the others' in the IPI's handler at splhi (lapicintr);
 * it returns when all have, with their number, waiting halted (until
 * its next interrupt) where interrupts are on (under icount, QEMU's
 * round robin may not run a processor woken from halt while this one
 * is busy), else pausing (fns.h).  One call at a time.  The caller
 * stays on its processor while its f runs, at its level (it may halt
 * in mpbarrier), and may be moved once it waits for the others.
 * f must not sleep and, elsewhere than here, must not touch what a
 * Lock does not guard.  (emu: f runs once, here.)
 */
int
mpcall(void (*f)(void*), void *a)
{
	static QLock q;
	Mach *mp;
	int i, me, lo, s;

	qlock(&q);
	s = splhi();
	me = m->machno;
	for(i = 0; i < conf.nmach; i++){
		if(i == me)
			continue;
		mp = MACHP(i);
		mp->callarg = a;
		__atomic_store_n(&mp->callf, f, __ATOMIC_RELEASE);
		ipi(mp->apicid, VectorIPI);
	}
	splx(s);
	/*
	 * this processor's f: held like a lock (up->nlocks), so that no
	 * clock moves the caller to another processor while it runs
	 */
	if(up != nil)
		up->nlocks++;
	f(a);
	if(up != nil)
		up->nlocks--;
	lo = islo();
	for(i = 0; i < conf.nmach; i++){
		if(i == me)
			continue;
		mp = MACHP(i);
		while(__atomic_load_n(&mp->callf, __ATOMIC_ACQUIRE) != nil)
			if(lo)
				halt1();
			else
				pause();
	}
	qunlock(&q);
	return conf.nmach;
}

/*
 * mpbarrier(c): count this processor in c, then wait for every
 * processor to be (for an mpcall's f), halted between interrupts where
 * they are on, else pausing, as mpcall waits.
 */
void
mpbarrier(int *c)
{
	int lo;

	lo = islo();
	__atomic_add_fetch(c, 1, __ATOMIC_ACQ_REL);
	while(__atomic_load_n(c, __ATOMIC_ACQUIRE) < conf.nmach)
		if(lo)
			halt1();
		else
			pause();
}
