#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <interp.h>

/*
 * Tail attribution: every delay of a measured thread put down to its
 * cause, after Linux's osnoise tracer (Documentation/trace/
 * osnoise-tracer.rst; rtla-osnoise(1), rtla-timerlat(1)).  Each
 * processor keeps cumulative accounts of its time by cause (m->attr):
 * each interrupt source, the collector by kind of slice, each other
 * process or Dis thread that ran, the interpreters' hand-overs, and the
 * processor halted.  The accounts are net, as osnoise's are: at any
 * moment exactly one cause is charged, the innermost of the interrupt
 * being taken, the collector slice being run and the process running
 * (m->attr.intr, .gc, .proc), so that an interrupt in a collector slice
 * is the interrupt's time and not also the collector's.  recharge()
 * charges the cause that was in force up to now whenever that changes.
 *
 * The measured thread (attrs.self: the Dis thread that last called
 * Bench->attribution) is the cause Cself, never charged: while it runs
 * the accounts stand still.  It is Cself on an interpreter running its
 * quantum and on the kproc it released for a call (the proc-level
 * cause changes at quanta, vmslice, not at release and acquire: the
 * kproc goes on working for the same thread).  Its clock reads
 * (attrticks: Bench->microsec, nanosec, /dev/busec) mark the accounts
 * at that instant, and Bench->attribution gives the difference between
 * the marks of its last two reads: how long each cause took between
 * them, exactly, to the TSC tick.  Since the accounts do not move while
 * it runs, a read only notes that the live accounts are its mark
 * (Attrmark.live), and recharge copies them the first time they are
 * about to change: the copy is paid by the interruption, not by the
 * read.  Whatever the delay between two reads that no cause took is
 * the measured thread's own, or the host's (QEMU descheduled): bench(1)
 * calls what is left above the test's floor the host's.
 *
 * Under QEMU's real clock the guest's time goes on while the host has
 * QEMU descheduled, and that time is charged to whatever the guest was
 * doing then: the measured thread (bench(1) calls what no cause explains
 * the host's), or a cause.  A cause whose every episode is a bounded
 * piece of work (an interrupt, a collector slice but a whole cycle, the
 * interpreters' hand-over: attrs.bounded) cannot take milliseconds of
 * its own: an episode longer than Hostmin and than Hostx times the
 * cause's usual episode (Attr.typ, a running estimate of the median of
 * its episodes, which the few the host stretches do not move) is
 * charged the bound, and the rest to Chost.  Under -c icount, where there is no host, no
 * episode comes near it (the longest are collector slices of 2.3 ms).
 *
 * A bound of 16 usual episodes leaves inside a collector quantum (about
 * 0.56 ms) up to 9 ms of the host's, which a loaded host gives it often:
 * the collector's work is cut finer.  Within any collector episode
 * (gc.full's too, which is not bounded) the collector calls attrgcstep
 * (vmgcstep) every 256 blocks it visits or after a piece of a large
 * one, tens of microseconds of the guest's work.  A gap between two
 * steps, or from the episode's start or to its end (an interrupt ends
 * one episode and starts another), longer than Gapmin and than Hostx
 * usual gaps (Attr.typstep) is the host's but for a usual gap, and is
 * taken from the episode before its bound applies (Attr.stolen).  Under
 * -c icount the longest gap is far below Gapmin; an injected busy-wait,
 * the guest's own work, starts a gap afresh.
 *
 * The VM's acquire wait is not a cause of its own: while a released
 * thread waits to take the VM back, the processor runs what holds the
 * VM (another thread's quantum, the collector, an interpreter handing
 * it over), and that is charged.  The paper's stall (pcold) is charged
 * to gc.idle, the idle collector that kept the reader from running.
 *
 * Locking: a processor's Attr is touched only by that processor, at
 * splhi.  The table of names, the measured thread and the injection
 * are attrs's, under its Lock (a Lock holds off interrupts), but
 * attrs.self, attrs.selfgen and attrs.inject are also read at splhi
 * without it, as single words (an injection is then taken under the
 * Lock, so that one processor alone spins it).  attrs.self and
 * attrs.selfgen are written holding the VM (Bench->attribution, a
 * thread's exit), but for attrswitch's as it turns attribution off (a
 * bctl write, not holding the VM), after which nothing is charged.  A
 * module's cause (Module.hostc) is read and set holding the VM, which
 * every quantum holds.  With
 * several processors each keeps its own Attr and the measured
 * thread's marks are those of the processor that runs it
 * (attrs.readmach is written only by the measured thread): a pair of
 * its reads is attributed only if both were on the processor that asks
 * (attrs.readmach), and then with that processor's accounts, which do
 * not see the time the thread may have spent on another in between.
 */

enum
{
	Maxspin	= 100000,	/* longest injected busy-wait, microseconds */
	Hostmin	= 5,		/* milliseconds: a bounded episode's least bound */
	Hostx	= 16,		/* its bound, in usual episodes */
	Gapmin	= 1000,		/* microseconds: a collector step's least bound */
	Typshift	= 4,	/* the median's estimate moves by 1/16 of itself an episode */
};

enum
{
	Inone,
	Iintr,			/* the next interrupt */
	Igc,			/* the next collector slice */
	Iproc,			/* a kproc woken by the next interrupt */
	Ihost,			/* between two steps of the next collector slice: the host's */
};

static char *injname[] = {
	[Inone]	"off",
	[Iintr]	"intr",
	[Igc]	"gc",
	[Iproc]	"proc",
	[Ihost]	"host",
};

static struct
{
	Lock;
	int	off;			/* bench(3)'s attribution off: nothing is charged */
	int	n;			/* names made: causes 0 to n-1 */
	char	name[Ncause][KNAMELEN];
	Prog*	self;			/* the measured thread, or nil */
	ulong	selfgen;		/* counts changes of self */
	int	readmach;		/* the processor of self's last clock read */
	int	inject;			/* a busy-wait to inject in the next observation */
	uvlong	spin;			/* its length, fastticks */
	Rendez	injr;			/* the kproc of Iproc waits here */
	int	injgo;
	char	bounded[Ncause];	/* its episodes are bounded work: see Chost */
	uvlong	hostmin;		/* Hostmin in fastticks at rate hz */
	uvlong	gapmin;			/* Gapmin, likewise */
	uvlong	hz;
} attrs = {
	.n = Cnamed,
	.bounded = {
		[Cvm]	1,
		[Cgcidle]	1,
		[Cgcquantum]	1,
		[Cgcalloc]	1,
	},
	.name = {
		[Cself]	"self",
		[Cidle]	"idle",
		[Cvm]	"vm",
		[Cgcidle]	"gc.idle",
		[Cgcquantum]	"gc.quantum",
		[Cgcalloc]	"gc.alloc",
		[Cgcfull]	"gc.full",
		[Cother]	"other",
		[Chost]	"host",
	},
};

/* is cause c the collector's work, cut into steps (gapped)? */
#define	isgc(c)	((c) >= Cgcidle && (c) <= Cgcfull)

static void	bounded(Attr*, int, uvlong);
static void	gapped(Attr*, uvlong);

/*
 * charge the cause in force up to now, and put in force the one now
 * due; at splhi.  Leaving Cself, first copy the accounts into the
 * marks that are still live: they are the accounts at those reads.
 */
static void
recharge(Attr *a)
{
	uvlong now, d;
	int c, i, n;

	c = a->intr ? a->intr : a->gc ? a->gc : a->proc;
	if(c == a->cur)
		return;
	now = fastticks(nil);
	if(a->cur == Cself){
		n = attrs.n;
		for(i = 0; i < 2; i++)
			if(a->mark[i].live){
				memmove(a->mark[i].t, a->t, n*sizeof(uvlong));
				a->mark[i].live = 0;
			}
	}else{
		if(isgc(a->cur))
			gapped(a, now);
		d = now - a->since - a->stolen;
		if(attrs.bounded[a->cur])
			bounded(a, a->cur, d);
		else
			a->t[a->cur] += d;
	}
	a->since = now;
	a->step = now;
	a->stolen = 0;
	a->cur = c;
	a->n[c]++;
}

/* a frugal median's estimate *typ, after a value d: a step up if d is above, down if below */
static inline void
median(uvlong *typ, uvlong d)
{
	if(d > *typ)
		*typ += (*typ >> Typshift) + 1;
	else
		*typ -= *typ >> Typshift;
}

/* Hostmin and Gapmin in fastticks, once the clock interrupts have calibrated it */
static void
calibrate(void)
{
	if(attrs.hz != m->cpuhz){
		attrs.hz = m->cpuhz;
		attrs.hostmin = attrs.hz/1000*Hostmin;
		attrs.gapmin = attrs.hz/1000000*Gapmin;
	}
}

/* charge an episode of d ticks of the bounded cause c, the host what it took beyond its bound */
static void
bounded(Attr *a, int c, uvlong d)
{
	uvlong bound;

	calibrate();
	bound = Hostx*a->typ[c];
	if(bound < attrs.hostmin)
		bound = attrs.hostmin;
	if(d > bound){
		a->t[Chost] += d - bound;
		a->n[Chost]++;
		d = bound;
	}
	a->t[c] += d;
	median(&a->typ[c], d);
}

/* is the measured thread between the two clock reads of an observation? */
#define	midobs(a)	((a)->nread & 1)

/*
 * the injected busy-wait, at splhi; its time goes to the cause in
 * force: the guest's own work, which starts a collector's gap afresh,
 * unless it stands for the host's (Ihost)
 */
static void
spin(uvlong n, int host)
{
	uvlong t0;

	t0 = fastticks(nil);
	while(fastticks(nil) - t0 < n)
		;
	if(!host)
		m->attr.step = fastticks(nil);
}

/*
 * the index of the cause named pre followed by name (blanks and colons
 * made _), made if it is new; Cother if the table is full
 */
int
attrnamed(char *pre, char *name)
{
	char buf[KNAMELEN], *p;
	int c;

	snprint(buf, sizeof buf, "%s%s", pre, name);
	for(p = buf; *p != 0; p++)
		if(*p == ' ' || *p == '\t' || *p == ':' || *p == '\n')
			*p = '_';
	lock(&attrs);
	for(c = Cnamed; c < attrs.n; c++)
		if(strcmp(attrs.name[c], buf) == 0)
			break;
	if(c == attrs.n){
		if(attrs.n < Ncause){
			attrs.bounded[c] = strcmp(pre, "intr.") == 0;
			strcpy(attrs.name[attrs.n++], buf);
		}else
			c = Cother;
	}
	unlock(&attrs);
	return c;
}

/*
 * the cause of the Dis thread p (not the measured one): dis.MODULE, as
 * ps names it, kept in the module (Module.hostc) once named, since
 * every quantum asks
 */
static int
progcause(Prog *p)
{
	Module *mod;

	if(p->R.M == H || p->R.M == nil || (mod = p->R.M->m) == nil || mod->name == nil)
		return Cother;
	if(mod->hostc == 0)
		mod->hostc = attrnamed("dis.", mod->name);
	return mod->hostc;
}

/* the process running has cause c from now on */
void
attrproc(int c)
{
	int s;

	if(attrs.off)
		return;
	s = splhi();
	m->attr.proc = c;
	recharge(&m->attr);
	splx(s);
}

/* the VM's dispatch hook (vmslice): p starts a quantum, or (nil) the quantum ended */
void
attrslice(Prog *p)
{
	int c;

	if(p != nil && !attrs.off){
		c = p == attrs.self ? Cself : progcause(p);
		if(c != m->attr.proc)
			attrproc(c);
	}
	acctslice(p);
}

/*
 * at splhi: is a busy-wait of kind i due here?  then it is taken,
 * under attrs's Lock so that one processor alone spins it (Ihost's as
 * the host's)
 */
static void
injectat(Attr *a, int i)
{
	uvlong n;
	int go;

	if(attrs.inject != i || !midobs(a))
		return;
	lock(&attrs);
	go = attrs.inject == i;
	if(go)
		attrs.inject = Inone;
	n = attrs.spin;
	unlock(&attrs);
	if(go)
		spin(n, i == Ihost);
}

/* the collector's hook (vmgcslice): a slice of a kind starts, or (Gcnoslice) ends */
void
attrgc(int kind)
{
	Attr *a;
	int s;

	if(attrs.off)
		return;
	s = splhi();
	a = &m->attr;
	a->gc = kind == Gcnoslice ? 0 : Cgcidle + kind - Gcidleslice;
	recharge(a);
	if(kind != Gcnoslice)
		injectat(a, Igc);
	splx(s);
}

/*
 * the gap of a collector episode from its last step (or its start) to
 * now, at splhi: beyond its bound, the host's but for a usual gap
 */
static void
gapped(Attr *a, uvlong now)
{
	uvlong gap, bound;

	calibrate();
	gap = now - a->step;
	a->step = now;
	bound = Hostx*a->typstep;
	if(bound < attrs.gapmin)
		bound = attrs.gapmin;
	if(gap > bound){
		a->t[Chost] += gap - a->typstep;
		a->n[Chost]++;
		a->stolen += gap - a->typstep;
		gap = bound;
	}
	median(&a->typstep, gap);
}

/*
 * the collector's hook (vmgcstep): a step of a slice's work is done.
 * Outside a slice (giving memory back at a safe point) nothing.  An
 * injection for Ihost spins here, before the gap is taken.
 */
void
attrgcstep(void)
{
	Attr *a;
	int s;

	if(attrs.off)
		return;
	s = splhi();
	a = &m->attr;
	if(isgc(a->cur)){
		injectat(a, Ihost);
		gapped(a, fastticks(nil));
	}
	splx(s);
}

/*
 * trap: an interrupt whose cause is c starts; returns the cause it
 * interrupted, which it puts back as it ends (attrintrend).  An
 * injection for Iintr spins here, one for Iproc wakes its kproc.
 */
int
attrintr(int c)
{
	Attr *a;
	int o, go;

	if(attrs.off)
		return 0;
	a = &m->attr;
	o = a->intr;
	a->intr = c;
	recharge(a);
	injectat(a, Iintr);
	if(attrs.inject == Iproc && !attrs.injgo && midobs(a)){
		lock(&attrs);
		go = attrs.inject == Iproc && !attrs.injgo;
		if(go)
			attrs.injgo = 1;
		unlock(&attrs);
		if(go)
			wakeup(&attrs.injr);
	}
	return o;
}

void
attrintrend(int o)
{
	if(attrs.off)
		return;
	m->attr.intr = o;
	recharge(&m->attr);
}

/*
 * schedinit: p leaves the processor; its causes go with it, the
 * collector slice's too (the clock may preempt a slice)
 */
void
attrout(Proc *p)
{
	if(attrs.off)
		return;
	p->attrc = m->attr.proc;
	p->attrgc = m->attr.gc;
	p->attrgen = attrs.selfgen;
}

/* schedinit: p takes the processor; at splhi */
void
attrin(Proc *p)
{
	int c;

	if(attrs.off)
		return;
	c = p->attrc;
	if(c == Cself && p->attrgen != attrs.selfgen)
		c = Cother;	/* it worked for a thread no longer measured */
	m->attr.proc = c;
	m->attr.gc = p->attrgc;
	recharge(&m->attr);
}

/* the cause of a new kproc: the interpreters are the VM's, the rest by name */
void
attrkproc(Proc *p, char *name, int vm)
{
	p->attrc = vm ? Cvm : attrnamed("proc.", name);
}

/*
 * fastticks, and if the caller is the measured thread a mark of the
 * accounts at that instant: the clock of Bench->microsec, nanosec
 * and /dev/busec.  The read and the mark are one at splhi, so that an
 * interrupt falls wholly before or after the read.
 */
uvlong
attrticks(void)
{
	Attr *a;
	Attrmark *k;
	uvlong t;
	int s;

	s = splhi();
	t = fastticks(nil);
	a = &m->attr;
	if(a->cur == Cself && attrs.self != nil && !attrs.off){
		/* a pair of reads on two processors has no accounts in common */
		if(attrs.readmach != m->machno){
			attrs.readmach = m->machno;
			a->nread = 0;
		}
		k = &a->mark[a->nread & 1];
		a->nread++;
		k->live = 1;
	}
	splx(s);
	return t;
}

/*
 * Bench->attribution for Dis thread p, the caller: the ticks d[i] each
 * cause i took between p's last two clock reads (for i below n), and
 * the number of causes; -1 (and p is from now on the measured thread)
 * if p was not, or if it has not read the clock twice since it last
 * asked.  Either way its count of reads starts again.
 */
int
attrdelta(Prog *p, uvlong *d, int n)
{
	Attr *a;
	Attrmark *last, *prev;
	uvlong tl, tp;
	int i, s, nc;

	s = splhi();
	a = &m->attr;
	if(attrs.off){
		splx(s);
		return -1;
	}
	if(attrs.self != p){
		attrs.self = p;
		attrs.selfgen++;
		a->nread = 0;
		a->proc = Cself;	/* the caller runs */
		recharge(a);
		splx(s);
		return -1;
	}
	if(a->nread < 2 || attrs.readmach != m->machno){
		a->nread = 0;
		splx(s);
		return -1;
	}
	last = &a->mark[(a->nread-1) & 1];
	prev = &a->mark[a->nread & 1];
	nc = attrs.n;
	if(n > nc)
		n = nc;
	for(i = 0; i < n; i++){
		tl = last->live ? a->t[i] : last->t[i];
		tp = prev->live ? a->t[i] : prev->t[i];
		d[i] = tl - tp;
	}
	a->nread = 0;
	last->live = 0;
	prev->live = 0;
	splx(s);
	return nc;
}

/* the Dis thread p exits: if it was measured, nothing is from now on */
void
attrexit(Prog *p)
{
	int s;

	s = splhi();
	if(attrs.self == p){
		attrs.self = nil;
		attrs.selfgen++;
		m->attr.nread = 0;
		if(m->attr.proc == Cself)
			m->attr.proc = Cvm;
		recharge(&m->attr);
	}
	splx(s);
}

/*
 * bench(3)'s attribution on|off: off charges what is in force up to
 * now and then nothing, and forgets the measured thread; on starts
 * again from now, with the caller's cause unknown (other) until its
 * next quantum.  Returns whether it is on.
 */
int
attrswitch(int on)
{
	Attr *a;
	int s;

	s = splhi();
	a = &m->attr;
	if(on < 0)
		on = !attrs.off;
	else if(on && attrs.off){
		attrs.off = 0;
		a->intr = 0;
		a->gc = 0;
		a->proc = Cother;
		a->cur = Cother;
		a->since = fastticks(nil);
	}else if(!on && !attrs.off){
		a->intr = 0;
		a->gc = 0;
		a->proc = Cself;
		recharge(a);
		attrs.off = 1;
		attrs.self = nil;
		attrs.selfgen++;
		a->nread = 0;
	}
	splx(s);
	return on;
}

/* the name of cause c, or nil past the last made, or if the attribution is off */
char*
attrname(int c)
{
	char *s;

	lock(&attrs);
	s = c >= 0 && c < attrs.n && !attrs.off ? attrs.name[c] : nil;
	unlock(&attrs);
	return s;
}

/*
 * The accounts (bench(3)'s causes): each cause's ticks in t and the
 * times it came into force in n, the one in force counted to now;
 * returns the number of causes.
 */
int
attrtotals(uvlong *t, ulong *n)
{
	int s, nc;

	s = splhi();
	memmove(t, m->attr.t, sizeof m->attr.t);
	memmove(n, m->attr.n, sizeof m->attr.n);
	if(m->attr.cur != Cself)
		t[m->attr.cur] += fastticks(nil) - m->attr.since;
	nc = attrs.n;
	splx(s);
	return nc;
}

/* the kproc of an Iproc injection: waits for the interrupt, spins, ends */
static int
injgo(void*)
{
	return attrs.injgo;
}

static void
injproc(void*)
{
	uvlong n;
	int s, go;

	while(waserror())
		;
	sleep(&attrs.injr, injgo, nil);
	poperror();
	s = splhi();
	lock(&attrs);
	go = attrs.inject == Iproc;
	if(go)
		attrs.inject = Inone;
	n = attrs.spin;
	unlock(&attrs);
	if(go)
		spin(n, 0);
	attrs.injgo = 0;
	splx(s);
	pexit("", 1);
}

/*
 * Inject a busy-wait of us microseconds into the measured thread's next
 * observation (between its next two clock reads): in the next
 * interrupt (what), the next collector slice, or a kproc named inject
 * that the next interrupt wakes.  One at a time; "off" cancels.
 * Returns what is pending, as text.
 */
char*
attrinject(char *what, long us)
{
	int i, go;

	for(i = 0; i < nelem(injname); i++)
		if(strcmp(what, injname[i]) == 0)
			break;
	if(i == nelem(injname))
		error("inject: want intr, gc, proc, host or off");
	if(i != Inone && (us < 1 || us > Maxspin))
		error("inject: busy-wait must be 1 to 100000 microseconds");
	lock(&attrs);
	if(attrs.injgo){	/* its kproc has yet to finish */
		unlock(&attrs);
		error("inject: a proc injection is under way");
	}
	attrs.spin = (uvlong)us * m->cpuhz / 1000000;
	if(attrs.inject == Iproc && i == Iproc){	/* its kproc waits: keep it */
		unlock(&attrs);
		return injname[i];
	}
	go = attrs.inject == Iproc;
	if(go){	/* its kproc waits: let it go, to end without a spin */
		attrs.inject = Inone;
		attrs.injgo = 1;
	}
	attrs.inject = i;
	unlock(&attrs);
	if(go)
		wakeup(&attrs.injr);
	if(i == Iproc && kproc("inject", injproc, nil, PriRealtime) < 0){
		lock(&attrs);
		if(attrs.inject == Iproc)
			attrs.inject = Inone;
		attrs.injgo = 0;
		unlock(&attrs);
		error(Enomem);
	}
	return injname[i];
}
