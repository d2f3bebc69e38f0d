#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <isa.h>
#include <interp.h>
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "benchmod.h"
#undef	Runtab

/*
 * #x -- the benchmark device of "Reliable Benchmarking with Limbo on
 * Inferno", and the $Bench builtin module.
 *
 *	busec	microseconds since the last reset, as text; any write resets
 *	bctl	each write is one experiment (see bench(3) and benchcmd)
 *	bdata	the last experiment's result
 *
 * Every time here comes from fastticks(), scaled by bench.hz: in the
 * kernel the TSC since boot, at the rate of the kernel's calibration
 * until `calibrate'; in emu the host's monotonic clock, in nanoseconds.
 * The Dis instruction timer reads the TSC (rdtsc64) in both, at
 * bench.tschz: in emu measured against the monotonic clock when first
 * wanted.  What a host does differently (calibrating, the clock
 * interrupt's latency) is its part, pc/clock.c or emu/bench.c; the
 * idle collector's is port/dis.c or emu/emu.c.
 * An experiment builds its result in a fresh buffer and replaces bdata
 * only when it succeeds, so a failed command leaves the previous result
 * readable.  Experiments run one at a time (bench.run), each after
 * bench.warmup iterations that are not observations: under QEMU the
 * first runs of any code are spent translating it.
 */

enum
{
	Qdir,
	Qbdata,
	Qbctl,
	Qbusec,

	Maxcmd	= 256,		/* longest bctl write */
	Maxrep	= 100000,	/* most observations in one experiment */
	Maxslow	= 1000,		/* ... in one that takes a clock tick each */
	Maxprocs	= 8,	/* kprocs of `op': as many as processors */
	Maxmach		= 8,	/* processors of `op lock' */
	Nistat	= 131072,	/* dis timer: instructions with tables (8 MB) */
	Ntmod	= 1024,		/* dis timer: modules with tables */
	Nnop	= 1000,		/* dis timer: nops timed for the overhead */
	Maxreads	= 131072,	/* Bench->read's log stops growing here (4 MB) */
	Maxwarm	= 1000,		/* most warm-up iterations */
	Defwarm	= 10,		/* warm-up iterations until `warmup' says */
};

static Dirtab benchdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"bdata",	{Qbdata},	0,	0444,
	"bctl",		{Qbctl},	0,	0660,
	"busec",	{Qbusec},	0,	0666,
};

typedef struct Res Res;
struct Res
{
	char*	s;
	long	n;
	long	size;
	int	readlog;	/* made by Bench->read: later reads append */
};

static struct
{
	QLock	run;		/* one experiment at a time */
	QLock	res;		/* guards result */
	Res*	result;		/* what bdata holds */
	uvlong	hz;		/* fastticks' rate, for every conversion but the timer's */
	ulong	ppm;		/* its uncertainty */
	uvlong	tschz;		/* the TSC's, for the timer's; 0 until wanted */
	ulong	tscppm;
	Lock	stats;		/* held off interrupts (the kernel) while counters are copied */
	int	warmup;		/* iterations run before an experiment's observations */
	uvlong	base;		/* fastticks at the last reset of busec/microsec */
	int	gcoff;		/* `gc off' holds the collector */
	ulong	usreads;
	ulong	usresets;
	ulong	microsecs;
	ulong	nanosecs;
	ulong	breads;
	ulong	logdropped;
} bench;

static void	readlogtext(void);

/* the kernel has no libm */
static double
fsqrt(double x)
{
	__asm__("fsqrt" : "=t"(x) : "0"(x));
	return x;
}

/*
 * Converting ticks to nanoseconds, exactly (rounding down): split so
 * that no product overflows, as t*10^9 would after seconds.
 * Microseconds are nanoseconds over 1000, so that microsec and nanosec
 * are one clock.
 */
static uvlong
tk2ns(uvlong t)
{
	return t/bench.hz*1000000000 + t%bench.hz*1000000000/bench.hz;
}

static uvlong
tk2us(uvlong t)
{
	return tk2ns(t)/1000;
}

static double
tk2usf(uvlong t)
{
	return (double)t*1e6/(double)bench.hz;
}

static double
tk2nsf(double t)
{
	return t*1e9/(double)bench.hz;
}

/* the TSC's rate (the host's), for the timer */
static uvlong
timerhz(void)
{
	if(bench.tschz == 0)
		bench.tschz = tschz(&bench.tscppm);
	return bench.tschz;
}

/* TSC ticks as ns */
static double
tsc2nsf(double t)
{
	return t*1e9/(double)timerhz();
}

/* the measured thread's reads mark the tail attribution's accounts (port/attr.c) */
static uvlong
busec(void)
{
	return tk2us(attrticks() - bench.base);
}

static Res*
newres(void)
{
	Res *r;

	r = smalloc(sizeof(Res));
	r->size = 1024;
	r->s = smalloc(r->size);
	return r;
}

static void
freeres(Res *r)
{
	if(r == nil)
		return;
	free(r->s);
	free(r);
}

/* append to r, growing it */
static void
rlog(Res *r, char *fmt, ...)
{
	va_list arg;
	char buf[512], *e, *s;	/* a line's piece: a number, or a report row's path and pc */
	long n;

	va_start(arg, fmt);
	e = vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	n = e - buf;
	if(r->n + n + 1 > r->size){
		r->size = 2*r->size + n + 1;
		s = realloc(r->s, r->size);
		if(s == nil)
			error(Enomem);
		r->s = s;
	}
	memmove(r->s + r->n, buf, n);
	r->n += n;
	r->s[r->n] = 0;
}

/* make r what bdata holds */
static void
setres(Res *r)
{
	Res *o;

	qlock(&bench.res);
	o = bench.result;
	bench.result = r;
	qunlock(&bench.res);
	freeres(o);
}

/* the observations' label, as plot(1) reads it, after a comment with the warm-up */
static void
rlabel(Res *r, char *name, char *shape, char *yunit)
{
	rlog(r, "# warmup %s %d\n", name, bench.warmup);
	rlog(r, "%s:%s:Observation:n:Time:%s", name, shape, yunit);
}

/* the collector experiments time rungc: refuse if it cannot run */
static void
gcmustrun(Cmdbuf *cb)
{
	if(!gcruns())
		cmderror(cb, "the collector is stopped (gc off, Bench->disablegc, bench -g): nothing to time");
}

/* field i of cb, a count from min to max */
static int
count(Cmdbuf *cb, int i, int min, int max)
{
	char *e, msg[64];
	long n;

	n = strtol(cb->f[i], &e, 10);
	if(*e != 0 || e == cb->f[i] || n < min || n > max){
		snprint(msg, sizeof msg, "count must be %d to %d", min, max);
		cmderror(cb, msg);
	}
	return n;
}

/* field i of cb, if present, a count of observations up to max; else def */
static int
repcount(Cmdbuf *cb, int i, int def, int max)
{
	if(cb->nf <= i)
		return def;
	return count(cb, i, 1, max);
}

/*
 * calibrate: the host measures the TSC's rate over n intervals (the
 * kernel against the 8253, emu against the monotonic clock); the rate
 * of each, in MHz, is an observation, and the rate made of them all
 * replaces the one in use, for fastticks too where it is the TSC.  The
 * comment line after them gives it and its uncertainty.
 */
static void
calibrate(Res *r, int n)
{
	uvlong *rate, hz;
	ulong ppm;
	int i;

	rate = malloc(n*sizeof(uvlong));
	if(rate == nil)
		error(Enomem);
	if(waserror()){
		free(rate);
		nexterror();
	}
	hz = tsccalibrate(n, rate, &ppm);
	if(hz == 0)
		error("calibrate: no usable interval");
	rlog(r, "CALIBRATE:1d:Observation:n:Rate:MHz");
	for(i = 0; i < n; i++)
		rlog(r, " %.3f", (double)rate[i]/1e6);
	rlog(r, "\n");
	poperror();
	free(rate);
	bench.tschz = hz;
	bench.tscppm = ppm;
	if(Tscclock){
		bench.hz = hz;
		bench.ppm = ppm;
	}
	rlog(r, "# tsc %llud ppm %lud\n", bench.tschz, bench.tscppm);
}

/*
 * base: two reads of the clock in a row, in ns: the TSC, interrupts
 * off, in the kernel; the monotonic clock in emu, where nothing holds
 * off the host's preemption
 */
static void
base(Res *r, int n)
{
	static Lock l;
	uvlong t0, t1;
	int i;

	rlabel(r, Tscclock ? "TSCBASE" : "CLOCKBASE", "1d", "ns");
	for(i = -bench.warmup; i < n; i++){
		ilock(&l);
		t0 = fastticks(nil);
		t1 = fastticks(nil);
		iunlock(&l);
		if(i >= 0)
			rlog(r, " %.1f", tk2nsf(t1-t0));
	}
	rlog(r, "\n");
}

/*
 * op nil|sched: P kprocs at PriRealtime each time n calls of the
 * operation; their observations follow one another in one line
 */
typedef struct Opproc Opproc;
struct Opproc
{
	int	n;
	uvlong*	t;
	Rendez	start;
};

static struct
{
	void	(*op)(void);
	int	go;
	Lock	l;
	int	done;
	Rendez	end;
} optest;

static void
nilop(void)
{
}

static int
opgo(void*)
{
	return optest.go;
}

static int
opdone(void *a)
{
	return optest.done >= *(int*)a;
}

static void
opproc(void *a)
{
	Opproc *o;
	uvlong t0;
	int i;

	o = a;
	sleep(&o->start, opgo, nil);
	for(i = 0; i < o->n; i++){
		t0 = fastticks(nil);
		optest.op();
		o->t[i] = fastticks(nil) - t0;
	}
	ilock(&optest.l);
	optest.done++;
	iunlock(&optest.l);
	wakeup(&optest.end);
	pexit("", 1);
}

static void
timeop(Res *r, char *what, int n, int np)
{
	Opproc o[Maxprocs];
	int i, j, started;

	if(strcmp(what, "nil") == 0){
		optest.op = nilop;
		rlabel(r, "OPNIL", "1d", "us");
	}else{
		optest.op = sched;
		rlabel(r, "OPSCHED", "1d", "us");
	}
	memset(o, 0, sizeof o);
	for(i = 0; i < np; i++){
		o[i].n = bench.warmup + n;
		o[i].t = malloc(o[i].n*sizeof(uvlong));
		if(o[i].t == nil){
			while(--i >= 0)
				free(o[i].t);
			error(Enomem);
		}
	}
	optest.go = 0;
	optest.done = 0;
	for(i = 0; i < np; i++)
		if(kproc("timeop", opproc, &o[i], PriRealtime) < 0)
			break;
	started = i;
	/* they wait for go; once started they run to the end, so wait for them, interrupted or not */
	optest.go = 1;
	for(i = 0; i < started; i++)
		wakeup(&o[i].start);
	while(!opdone(&started)){
		if(!waserror()){
			tsleep(&optest.end, opdone, &started, 10);
			poperror();
		}
	}
	if(started < np){	/* no memory for a process: no result */
		for(i = 0; i < np; i++)
			free(o[i].t);
		error(Enomem);
	}
	for(i = 0; i < np; i++){
		for(j = bench.warmup; j < o[i].n; j++)
			rlog(r, " %.3f", tk2usf(o[i].t[j]));
		free(o[i].t);
	}
	rlog(r, "\n");
}

/*
 * op deadlock: two kprocs take two QLocks of their own in opposite
 * orders and stay deadlocked, for the kernel's watchdog (proc.c's
 * lockwatch) to report within seconds; nothing else waits for those
 * locks, so the system goes on.  Once a boot.
 */
static struct
{
	QLock	a;
	QLock	b;
	int	n;		/* kprocs holding their first */
	int	started;
	Rendez	r;
} dl;

static void
dlproc(void *arg)
{
	QLock *x, *y;

	x = arg == nil ? &dl.a : &dl.b;
	y = arg == nil ? &dl.b : &dl.a;
	qlock(x);
	__atomic_add_fetch(&dl.n, 1, __ATOMIC_SEQ_CST);
	while(__atomic_load_n(&dl.n, __ATOMIC_SEQ_CST) < 2)
		tsleep(&dl.r, return0, nil, 10);
	qlock(y);	/* never */
	qunlock(y);
	qunlock(x);
	pexit("", 0);
}

static void
deadlock(void)
{
	if(__atomic_exchange_n(&dl.started, 1, __ATOMIC_SEQ_CST))
		error("op deadlock: once a boot");
	if(kproc("deadlock", dlproc, nil, PriNormal) < 0 || kproc("deadlock", dlproc, &dl, PriNormal) < 0)
		error(Enomem);
}

/*
 * op lock: every processor (mpcall) takes and releases one Lock n
 * times, each pair timed, and counts under it (holding it hold us
 * more): the count must come to n a processor, or the lock let two in
 * at once.  Each takes a slot of its own for its times, and waits for
 * the others before it starts.
 */
static struct
{
	Lock	l;
	ulong	count;
	int	n;
	int	hold;		/* us each holds it */
	int	ready;		/* those at the start */
	int	next;
	uvlong*	t[Maxmach];
} lockt;

static void
lockop(void*)
{
	uvlong t0, *t;
	int i, k;

	mpbarrier(&lockt.ready);	/* all start together */
	k = __atomic_fetch_add(&lockt.next, 1, __ATOMIC_RELAXED);
	if(k >= Maxmach)
		return;
	t = lockt.t[k];
	for(i = 0; i < lockt.n; i++){
		t0 = fastticks(nil);
		lock(&lockt.l);
		lockt.count++;
		if(lockt.hold)
			microdelay(lockt.hold);
		unlock(&lockt.l);
		t[i] = fastticks(nil) - t0;
	}
}

static void
timelock(Res *r, int n, int hold)
{
	int i, j, np;
	ulong want;

	memset(lockt.t, 0, sizeof lockt.t);
	if(waserror()){
		for(i = 0; i < Maxmach; i++)
			free(lockt.t[i]);
		nexterror();
	}
	for(i = 0; i < Maxmach; i++){
		lockt.t[i] = malloc((bench.warmup + n)*sizeof(uvlong));
		if(lockt.t[i] == nil)
			error(Enomem);
	}
	lockt.n = bench.warmup + n;
	lockt.hold = hold;
	lockt.count = 0;
	lockt.next = 0;
	lockt.ready = 0;
	np = mpcall(lockop, nil);
	if(np > Maxmach)
		np = Maxmach;
	want = (ulong)lockt.n*np;
	if(lockt.count != want)
		error(smprint("op lock: %lud of %lud counts: the lock let two processors in", lockt.count, want));
	rlabel(r, "OPLOCK", "1d", "us");
	for(i = 0; i < np; i++)
		for(j = bench.warmup; j < lockt.n; j++)
			rlog(r, " %.3f", tk2usf(lockt.t[i][j]));
	rlog(r, "\n");
	poperror();
	for(i = 0; i < Maxmach; i++)
		free(lockt.t[i]);
}

/*
 * intr: clock interrupt to wakeup latency, the host's (the kernel's:
 * emu has no clock interrupt).  Stamps, in TSC ticks: the interrupt
 * taken, the clock's hook reached, wakeup returned, and the sleeper
 * running again.
 */
static void
intrtime(Res *r, int n)
{
	uvlong *e, *a, *w, *k;
	int i;

	n += bench.warmup;
	e = malloc(4*n*sizeof(uvlong));
	if(e == nil)
		error(Enomem);
	a = e+n;
	w = a+n;
	k = w+n;
	if(waserror()){
		free(e);
		nexterror();
	}
	intrstamps(n, e, a, w, k);
	poperror();
	rlabel(r, "INTR", "1d", "us");
	for(i = bench.warmup; i < n; i++)
		rlog(r, " %.3f", tk2usf(k[i]-e[i]));
	rlog(r, "\n");
	rlabel(r, "INTRARRIVE", "1d", "us");
	for(i = bench.warmup; i < n; i++)
		rlog(r, " %.3f", tk2usf(a[i]-e[i]));
	rlog(r, "\n");
	rlabel(r, "INTRWAKEUP", "1d", "us");
	for(i = bench.warmup; i < n; i++)
		rlog(r, " %.3f", tk2usf(w[i]-a[i]));
	rlog(r, "\n");
	rlabel(r, "INTRSCHED", "1d", "us");
	for(i = bench.warmup; i < n; i++)
		rlog(r, " %.3f", tk2usf(k[i]-w[i]));
	rlog(r, "\n");
	free(e);
}

/*
 * The collector experiments need the VM: the writer of bctl arrives
 * here released (in Sys_write), so each acquires it, and releases it
 * again before returning, also on error.
 */

/* one rungc() as at a safe point: the writer's prog is saved, not running */
static uvlong
timegc(void)
{
	Prog *p;
	uvlong t0;

	p = isave();
	t0 = fastticks(nil);
	rungc();
	t0 = fastticks(nil) - t0;
	irestore(p);
	return t0;
}

/* GCSCHED: rungc() between quanta of other threads (release/acquire) */
static void
gcsched(Res *r, int n)
{
	uvlong t;
	int i;

	rlabel(r, "GCSCHED", "1l", "us");
	acquire();
	if(waserror()){
		release();
		nexterror();
	}
	for(i = -bench.warmup; i < n; i++){
		t = timegc();
		if(i >= 0)
			rlog(r, " %.2f", tk2usf(t));
		release();
		acquire();
	}
	poperror();
	release();
	rlog(r, "\n");
}

/* GCACQUIRE: release, acquire, rungc, release, acquire */
static void
gcacquire(Res *r, int n)
{
	uvlong t0;
	int i;

	rlabel(r, "GCACQUIRE", "1l", "us");
	acquire();
	if(waserror()){
		release();
		nexterror();
	}
	for(i = -bench.warmup; i < n; i++){
		t0 = fastticks(nil);
		release();
		acquire();
		timegc();
		release();
		acquire();
		if(i >= 0)
			rlog(r, " %.2f", tk2usf(fastticks(nil)-t0));
	}
	poperror();
	release();
	rlog(r, "\n");
}

/*
 * GCIDLE: an idle interpreter runs idlegc (through atidle) in place of
 * its collector; it times what the original execatidle does: rungc()
 * until 3 epochs pass, unless a thread becomes ready or another
 * interpreter wants the VM.
 */
static struct
{
	Rendez	r;
	int	done;
	uvlong	t;
} gcidle;

static int
idlegc(void*)
{
	ulong done;
	uvlong t0, tot;

	done = gcstat.epochs + 3;
	tot = 0;
	while(gcstat.epochs < done && gcruns()){
		if(vmbusy())
			break;
		t0 = fastticks(nil);
		rungc();
		tot += fastticks(nil) - t0;
	}
	gcidle.t = tot;
	gcidle.done = 1;
	wakeup(&gcidle.r);
	return 1;
}

static int
gcidledone(void*)
{
	return gcidle.done;
}

static void
gcidletime(Res *r, int n)
{
	int i, k;

	rlabel(r, "GCIDLE", "1l", "us");
	for(i = -bench.warmup; i < n; i++){
		gcidle.done = 0;
		if(atidle(idlegc, nil) < 0)
			error(Einuse);
		if(waserror()){
			atidledont(idlegc);
			nexterror();
		}
		/* a second at most: the interpreter may be busy with other threads */
		for(k = 0; k < 100 && !gcidle.done; k++){
			vmkick();
			tsleep(&gcidle.r, gcidledone, nil, 10);
		}
		poperror();
		if(!gcidle.done){
			atidledont(idlegc);
			error("gc idle: no interpreter went idle");
		}
		if(i >= 0)
			rlog(r, " %.2f", tk2usf(gcidle.t));
	}
	rlog(r, "\n");
}

/* gc off|on: hold the collector system-wide, as Bench->disablegc does for one caller */
static void
gcswitch(Res *r, int off)
{
	acquire();
	if(waserror()){
		release();
		nexterror();
	}
	if(off && !bench.gcoff){
		gclock();
		bench.gcoff = 1;
	}else if(!off && bench.gcoff){
		gcunlock();
		bench.gcoff = 0;
	}
	poperror();
	release();
	rlog(r, "gc %s\n", bench.gcoff ? "off" : "on");
}

/*
 * Dis instruction timing.  While the timer runs, the interpreter files
 * the time of every instruction of every quantum in its module's table,
 * a Itime per instruction (xec.c, interp.h), which distable makes the
 * first time a module runs timed.  The modules are held (ref) while
 * their tables are kept.
 */
static struct
{
	int	on;
	Module*	mod[Ntmod];	/* with tables, in order of first execution */
	int	nmod;
	ulong	nslot;		/* Tstats made, at most Nistat */
	ulong	dropped;	/* instructions left untimed: no room */
	Module*	nopmod;		/* Nnop nops and a ret, made at the first start */
	Rendez	nopr;		/* the starter waits for them */
} dt;

/* a row's figures: a Itime, or several summed */
typedef struct Istat Istat;
struct Istat
{
	uvlong	n;
	uvlong	sum;
	uvlong	min;
	uvlong	max;
	double	sumsq;
};

#include "opnames.h"	/* static char *opnames[MAXDIS], from isa.h by include/mkopnames */

static char*
opname(int op)
{
	if(op < 0 || op >= MAXDIS || opnames[op] == nil)
		return "unknown";
	return opnames[op];
}

static void
istatadd(Istat *a, Itime *s)
{
	uvlong min, max;

	if(s->n == 0)
		return;
	min = s->min != ~0UL ? s->min : s->bigmin;
	max = s->bigmax != 0 ? s->bigmax : s->max;
	if(a->n == 0 || min < a->min)
		a->min = min;
	if(max > a->max)
		a->max = max;
	a->n += s->n;
	a->sum += s->sum;
	a->sumsq += (double)s->sumsq + s->bigsq;
}

/*
 * The cost of the timing itself.  Every instruction's time runs from
 * the clock read before its dispatch to the one after it, so it holds
 * the instruction and the timing's fixed part: operand decoding, the
 * jump to quantum in xec, and half of each clock read.  An instruction
 * that does nothing measures that part alone, so the device times Nnop
 * genuine nops the way it times any instruction: a module whose init is
 * Nnop nops and a ret, run as a Dis thread by an interpreter, through
 * the timed dispatch and distimed; only where distimed files the times
 * differs, after the clock has been read.
 */

/* append v to a .dis stream in the operand encoding of 1, 2 or 4 bytes */
static uchar*
disop(uchar *p, long v)
{
	if(v >= -64 && v < 64){
		*p++ = v & 0x7F;
	}else if(v >= -8192 && v < 8192){
		*p++ = 0x80 | (v>>8 & 0x3F);
		*p++ = v;
	}else{
		*p++ = 0xC0 | (v>>24 & 0x3F);
		*p++ = v>>16;
		*p++ = v>>8;
		*p++ = v;
	}
	return p;
}

/* the nop module, loaded from a .dis image made here; with the VM */
static Module*
nopmodule(void)
{
	uchar *a, *p;
	Module *mod;
	int i;

	a = malloc(64 + 2*(Nnop+1));
	if(a == nil)
		error(Enomem);
	p = disop(a, XMAGIC);
	p = disop(p, 0);		/* runtime flags */
	p = disop(p, 0);		/* stack extent */
	p = disop(p, Nnop+1);	/* instructions */
	p = disop(p, 0);		/* data bytes */
	p = disop(p, 1);		/* types */
	p = disop(p, 0);		/* links */
	p = disop(p, 0);		/* entry pc */
	p = disop(p, 0);		/* entry type */
	for(i = 0; i < Nnop; i++){
		*p++ = INOP;
		*p++ = SRC(AXXX)|DST(AXXX);
	}
	*p++ = IRET;
	*p++ = SRC(AXXX)|DST(AXXX);
	p = disop(p, 0);		/* type 0, init's frame: */
	p = disop(p, sizeof(Frame)+16);	/* no pointers */
	p = disop(p, 0);
	*p++ = 0;			/* end of data */
	memmove(p, "Nop", 4);
	p += 4;
	mod = parsemod("#x/nop", a, p-a);
	free(a);
	if(mod == nil)
		error(up->env->errstr);
	return mod;
}

/* the nops' times, summed */
static void
nopstat(Istat *a)
{
	int i;

	memset(a, 0, sizeof *a);
	if(dt.nopmod == nil || dt.nopmod->itime == nil)
		return;
	for(i = 0; i < Nnop; i++)
		istatadd(a, &dt.nopmod->itime[i]);
}

static int
nopdone(void*)
{
	Itime *ts;

	ts = dt.nopmod->itime;
	return ts != nil && ts[Nnop-1].n > 0;
}

static void
itimeclr(Itime *ts, int n)
{
	int i;

	memset(ts, 0, n*sizeof *ts);
	for(i = 0; i < n; i++){
		ts[i].min = ~0UL;
		ts[i].bigmin = ~0ULL;
	}
}

/*
 * with the VM and the timer on: run the nops and wait for their times.
 * The thread is started here and any interpreter runs it once the VM
 * is released, as it would run any thread.
 */
static void
disoverhead(void)
{
	int k;

	if(dt.nopmod == nil)
		dt.nopmod = nopmodule();
	if(dt.nopmod->itime != nil)
		itimeclr(dt.nopmod->itime, dt.nopmod->nprog);
	vmstart(dt.nopmod, 0, nil);
	release();
	if(waserror()){
		acquire();
		nexterror();
	}
	/* five seconds at most: other threads may hold the interpreters */
	for(k = 0; k < 500 && !nopdone(nil); k++){
		vmkick();
		tsleep(&dt.nopr, nopdone, nil, 10);
	}
	poperror();
	acquire();
	if(!nopdone(nil))
		error("dis timer: the nop thread did not run");
}

/* mod's table, made the first time it runs timed; called by xec with the VM held */
static Itime*
distable(Module *mod)
{
	Itime *ts;

	if(!dt.on || mod->prog == nil || mod->nprog <= 0)
		return nil;
	if(mod->itime != nil)
		return mod->itime;
	if(dt.nmod >= Ntmod || dt.nslot + mod->nprog > Nistat){
		dt.dropped++;
		return nil;
	}
	ts = malloc(mod->nprog*sizeof(Itime));
	if(ts == nil){
		dt.dropped++;
		return nil;
	}
	itimeclr(ts, mod->nprog);
	mod->ref++;
	mod->itime = ts;
	dt.mod[dt.nmod++] = mod;
	dt.nslot += mod->nprog;
	return ts;
}

/* drop the tables; with the VM */
static void
disclear(void)
{
	int i;
	Module *mod;

	for(i = 0; i < dt.nmod; i++){
		mod = dt.mod[i];
		free(mod->itime);
		mod->itime = nil;
		mod->ref--;
	}
	dt.nmod = 0;
	dt.nslot = 0;
	dt.dropped = 0;
}

/* instructions timed and (module, pc) entries with times, the nops' aside */
static void
discount(uvlong *count, ulong *entries)
{
	int i, pc;
	Module *mod;

	*count = 0;
	*entries = 0;
	for(i = 0; i < dt.nmod; i++){
		mod = dt.mod[i];
		if(mod == dt.nopmod)
			continue;
		for(pc = 0; pc < mod->nprog; pc++)
			if(mod->itime[pc].n > 0){
				*count += mod->itime[pc].n;
				(*entries)++;
			}
	}
}

static double
stddev(uvlong n, uvlong sum, double sumsq)
{
	double mean, v;

	if(n < 2)
		return 0;
	mean = (double)sum/n;
	v = (sumsq - mean*mean*n)/(n-1);
	return v > 0 ? fsqrt(v) : 0;
}

static void
disrow(Res *r, Istat *s)
{
	if(s->n == 0){
		rlog(r, " 0 0.0 0.0 0.0 0.0\n");
		return;
	}
	rlog(r, " %llud %.1f %.1f %.1f %.1f\n", s->n, tsc2nsf((double)s->sum/s->n), tsc2nsf(s->min),
		tsc2nsf(s->max), tsc2nsf(stddev(s->n, s->sum, s->sumsq)));
}

/* the nops' times, or zeros before the first start */
static void
disoverheadrow(Res *r)
{
	Istat a;

	nopstat(&a);
	rlog(r, "overhead nop");
	disrow(r, &a);
}

static int
modcmp(Module *a, Module *b)
{
	int c;

	c = strcmp(a->path, b->path);
	if(c == 0 && a != b)
		c = (ulong)a < (ulong)b ? -1 : 1;
	return c;
}

/* report: by module path and pc; summary: by opcode */
static void
disreport(Res *r, int byop)
{
	static Istat ops[MAXDIS];
	Module *v[Ntmod], *mod;
	Istat a;
	int i, j, pc;

	disoverheadrow(r);
	if(!byop){
		/* insertion sort by path: the modules are few */
		for(i = 0; i < dt.nmod; i++){
			mod = dt.mod[i];
			for(j = i; j > 0 && modcmp(v[j-1], mod) > 0; j--)
				v[j] = v[j-1];
			v[j] = mod;
		}
		for(i = 0; i < dt.nmod; i++){
			mod = v[i];
			if(mod == dt.nopmod)
				continue;
			for(pc = 0; pc < mod->nprog; pc++){
				if(mod->itime[pc].n == 0)
					continue;
				memset(&a, 0, sizeof a);
				istatadd(&a, &mod->itime[pc]);
				rlog(r, "%s %d %s", mod->path, pc, opname(mod->prog[pc].op));
				disrow(r, &a);
			}
		}
		return;
	}
	memset(ops, 0, sizeof ops);
	for(i = 0; i < dt.nmod; i++){
		mod = dt.mod[i];
		if(mod == dt.nopmod)
			continue;
		for(pc = 0; pc < mod->nprog; pc++)
			istatadd(&ops[mod->prog[pc].op], &mod->itime[pc]);
	}
	for(i = 0; i < MAXDIS; i++)
		if(ops[i].n > 0){
			rlog(r, "%s", opname(i));
			disrow(r, &ops[i]);
		}
}

static void
distimer(Res *r, char *cmd)
{
	timerhz();	/* emu measures the TSC the first time: not holding the VM */
	acquire();
	if(waserror()){
		release();
		nexterror();
	}
	if(strcmp(cmd, "startclr") == 0 || strcmp(cmd, "start") == 0){
		if(strcmp(cmd, "startclr") == 0)
			disclear();
		xecclock = rdtsc64;	/* the raw TSC: the timer wants differences only */
		dt.on = 1;
		xectimer = distable;
		if(waserror()){
			xectimer = nil;
			dt.on = 0;
			nexterror();
		}
		disoverhead();
		poperror();
		rlog(r, "dis timer on\n");
	}else if(strcmp(cmd, "stop") == 0){
		xectimer = nil;
		dt.on = 0;
		rlog(r, "dis timer off\n");
	}else if(strcmp(cmd, "report") == 0)
		disreport(r, 0);
	else if(strcmp(cmd, "summary") == 0)
		disreport(r, 1);
	else
		error("dis timer: want startclr, start, stop, report or summary");
	poperror();
	release();
}

/*
 * The device's counters. With reset, zero them first (not the idle
 * collector's mode nor the collector switch). The idle-wait counters are
 * copied with interrupts held off (ilock; in emu the VM keeps its idle
 * collector out), in the same breath as the reset: a wait noted between
 * the two would otherwise show up in a result that claims to be fresh.
 */
static void
benchstats(Res *r, int reset)
{
	Idlewait w;
	Idlestat is;
	uvlong count;
	ulong entries;

	timerhz();
	acquire();		/* the timer's tables, and emu's idle counters */
	discount(&count, &entries);
	ilock(&bench.stats);
	if(reset){
		memset(&idlewait, 0, sizeof idlewait);
		memset(&idlestat, 0, sizeof idlestat);
		bench.usreads = 0;
		bench.usresets = 0;
		bench.microsecs = 0;
		bench.nanosecs = 0;
		bench.breads = 0;
		bench.logdropped = 0;
	}
	w = idlewait;
	is = idlestat;
	iunlock(&bench.stats);
	release();
	rlog(r, "idlegc %s\n", idlegcpatched ? "patched" : "old");
	rlog(r, "gc %s gchalt %d\n", bench.gcoff ? "off" : "on", gchalt);
	rlog(r, "idlewait n %lud max %.1f total %.1f maxquanta %lud\n", w.n,
		tk2usf(w.max), tk2usf(w.total), w.maxquanta);
	rlog(r, "idlerun n %lud quanta %llud\n", is.runs, is.quanta);
	rlog(r, "gcstat epochs %lud maxslice %lud heap %lud\n", gcstat.epochs, gcstat.maxusec,
		gcstat.heapinuse);
	rlog(r, "busec reads %lud resets %lud\n", bench.usreads, bench.usresets);
	rlog(r, "microsec %lud nanosec %lud read %lud logdropped %lud\n", bench.microsecs,
		bench.nanosecs, bench.breads, bench.logdropped);
	discount(&count, &entries);
	rlog(r, "distimer %s instructions %llud entries %lud dropped %lud\n", dt.on ? "on" : "off",
		count, entries, dt.dropped);
	rlog(r, "tschz %llud ppm %lud clockhz %d\n", bench.tschz, bench.tscppm, HZ);
	rlog(r, "warmup %d\n", bench.warmup);
	rlog(r, "attribution %s\n", attrswitch(-1) ? "on" : "off");
}

/* the tail attribution's accounts since boot (port/attr.c): name, ns, times */
static void
causes(Res *r)
{
	uvlong t[Ncause];
	ulong n[Ncause];
	int i, nc;

	nc = attrtotals(t, n);
	for(i = Cidle; i < nc; i++)
		rlog(r, "%s %llud %lud\n", attrname(i), tk2ns(t[i]), n[i]);
}

enum
{
	CMcalibrate,
	CMms2ts,
	CMbase,
	CMop,
	CMintr,
	CMdis,
	CMgc,
	CMidlegc,
	CMstats,
	CMwarmup,
	CMcauses,
	CMinject,
	CMattribution,
};

static Cmdtab benchcmd[] =
{
	CMcalibrate,	"calibrate",	0,
	CMms2ts,	"ms2ts",	1,
	CMbase,		"base",		0,
	CMop,		"op",		0,
	CMintr,		"intr",		0,
	CMdis,		"dis",		3,
	CMgc,		"gc",		0,
	CMidlegc,	"idlegc",	2,
	CMstats,	"stats",	0,
	CMwarmup,	"warmup",	0,
	CMcauses,	"causes",	1,
	CMinject,	"inject",	0,
	CMattribution,	"attribution",	2,
};

/*
 * inject exec: call a ret instruction written into a block of the Dis
 * heap.  Where data are not executable (pc/mmu.c) the call faults,
 * and the fault is the writer's error; elsewhere it returns.
 */
static void
injectexec(void)
{
	Heap *h;
	uchar *p;

	h = nheap(16);
	p = H2D(uchar*, h);
	p[0] = 0xC3;	/* ret */
	if(waserror()){
		destroy(p);
		nexterror();
	}
	((void(*)(void))p)();
	poperror();
	destroy(p);
}

static void
runcmd(Cmdbuf *cb, Res *r)
{
	Cmdtab *ct;
	int n;

	ct = lookupcmd(cb, benchcmd, nelem(benchcmd));
	switch(ct->index){
	case CMcalibrate:
	case CMbase:
	case CMintr:
	case CMwarmup:
		if(cb->nf > 2)
			cmderror(cb, Ecmdargs);
		break;
	}
	switch(ct->index){
	case CMcalibrate:
		calibrate(r, repcount(cb, 1, 10, Maxslow));
		break;
	case CMms2ts:
		rlog(r, "%llud\n", timerhz()/1000);
		break;
	case CMbase:
		base(r, repcount(cb, 1, 1000, Maxrep));
		break;
	case CMop:
		if(cb->nf == 2 && strcmp(cb->f[1], "deadlock") == 0){
			deadlock();
			break;
		}
		if(cb->nf >= 2 && strcmp(cb->f[1], "lock") == 0){
			if(cb->nf > 4)
				cmderror(cb, "want op lock [reps [hold-us]]");
			timelock(r, cb->nf > 2 ? repcount(cb, 2, 1000, Maxrep) : 1000,
				cb->nf > 3 ? count(cb, 3, 0, 2000000) : 0);
			break;
		}
		if(cb->nf < 2 || cb->nf > 4 || strcmp(cb->f[1], "nil") != 0 && strcmp(cb->f[1], "sched") != 0)
			cmderror(cb, "want op nil|sched [reps [procs]], op lock [reps [hold-us]] or op deadlock");
		timeop(r, cb->f[1], cb->nf > 2 ? repcount(cb, 2, 1000, Maxrep) : 1000,
			cb->nf > 3 ? repcount(cb, 3, 1, Maxprocs) : 1);
		break;
	case CMintr:
		intrtime(r, repcount(cb, 1, 100, Maxslow));
		break;
	case CMdis:
		if(strcmp(cb->f[1], "timer") != 0)
			cmderror(cb, "want dis timer startclr|start|stop|report|summary");
		distimer(r, cb->f[2]);
		break;
	case CMgc:
		if(cb->nf < 2 || cb->nf > 3)
			cmderror(cb, "want gc sched|acquire|idle [reps] or gc off|on");
		if(strcmp(cb->f[1], "sched") == 0){
			n = repcount(cb, 2, 1000, Maxrep);
			gcmustrun(cb);
			gcsched(r, n);
		}else if(strcmp(cb->f[1], "acquire") == 0){
			n = repcount(cb, 2, 1000, Maxrep);
			gcmustrun(cb);
			gcacquire(r, n);
		}else if(strcmp(cb->f[1], "idle") == 0){
			n = repcount(cb, 2, 100, Maxslow);
			gcmustrun(cb);
			gcidletime(r, n);
		}
		else if(cb->nf == 2 && strcmp(cb->f[1], "off") == 0)
			gcswitch(r, 1);
		else if(cb->nf == 2 && strcmp(cb->f[1], "on") == 0)
			gcswitch(r, 0);
		else
			cmderror(cb, "want gc sched|acquire|idle [reps] or gc off|on");
		break;
	case CMidlegc:
		if(strcmp(cb->f[1], "old") == 0)
			idlegcpatched = 0;
		else if(strcmp(cb->f[1], "patched") == 0)
			idlegcpatched = 1;
		else
			cmderror(cb, "want idlegc old|patched");
		rlog(r, "idlegc %s\n", idlegcpatched ? "patched" : "old");
		break;
	case CMstats:
		if(cb->nf == 2 && strcmp(cb->f[1], "reset") != 0 || cb->nf > 2)
			cmderror(cb, "want stats [reset]");
		benchstats(r, cb->nf == 2);
		break;
	case CMwarmup:
		if(cb->nf == 2)
			bench.warmup = count(cb, 1, 0, Maxwarm);
		rlog(r, "warmup %d\n", bench.warmup);
		break;
	case CMcauses:
		causes(r);
		break;
	case CMattribution:
		if(strcmp(cb->f[1], "on") != 0 && strcmp(cb->f[1], "off") != 0)
			cmderror(cb, "want attribution on|off");
		rlog(r, "attribution %s\n", attrswitch(strcmp(cb->f[1], "on") == 0) ? "on" : "off");
		break;
	case CMinject:
		if(cb->nf == 2 && strcmp(cb->f[1], "off") == 0)
			rlog(r, "inject %s\n", attrinject("off", 0));
		else if(cb->nf == 2 && strcmp(cb->f[1], "exec") == 0){
			injectexec();
			rlog(r, "inject exec: data executed\n");
		}
		else if(cb->nf == 3 && (strcmp(cb->f[1], "intr") == 0 || strcmp(cb->f[1], "gc") == 0 ||
		    strcmp(cb->f[1], "proc") == 0 || strcmp(cb->f[1], "host") == 0))
			rlog(r, "inject %s %d\n", attrinject(cb->f[1], count(cb, 2, 1, 100000)), atoi(cb->f[2]));
		else
			cmderror(cb, "want inject intr|gc|proc|host us, inject exec or inject off");
		break;
	}
}

static void
ctlwrite(char *a, long n)
{
	Cmdbuf *cb;
	Res *r;

	if(n > Maxcmd)
		error(Etoobig);
	cb = parsecmd(a, n);
	r = nil;
	if(waserror()){
		qunlock(&bench.run);
		freeres(r);
		free(cb);
		nexterror();
	}
	qlock(&bench.run);
	r = newres();
	runcmd(cb, r);
	setres(r);
	r = nil;
	poperror();
	qunlock(&bench.run);
	free(cb);
}

/* a copy of the result, for bdata's snapread */
static char*
datatext(void*, long *np)
{
	Res *r;
	char *s;
	long n;

	readlogtext();
	qlock(&bench.res);
	r = bench.result;
	n = r != nil ? r->n : 0;
	s = malloc(n+1);
	if(s == nil){
		qunlock(&bench.res);
		error(Enomem);
	}
	if(n > 0)
		memmove(s, r->s, n);
	qunlock(&bench.res);
	*np = n;
	return s;
}

static void
benchreset(void)
{
	builtinmod("$Bench", Benchmodtab, Benchmodlen);
}

static void
benchinit(void)
{
	fastticks(&bench.hz);
	if(bench.hz == 0)
		bench.hz = 1;
	if(Tscclock)
		bench.tschz = tschz(&bench.ppm);
	bench.tscppm = bench.ppm;
	bench.warmup = Defwarm;
	bench.base = fastticks(nil);
}

static Chan*
benchattach(char *spec)
{
	return devattach('x', spec);
}

static Walkqid*
benchwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, benchdir, nelem(benchdir), devgen);
}

/* bdata's length is the result's */
static void
setlength(Dirtab *d)
{
	memmove(d, benchdir, sizeof benchdir);
	readlogtext();
	qlock(&bench.res);
	d[Qbdata].length = bench.result != nil ? bench.result->n : 0;
	qunlock(&bench.res);
}

static int
benchstat(Chan *c, uchar *dp, int n)
{
	Dirtab d[nelem(benchdir)];

	setlength(d);
	return devstat(c, dp, n, d, nelem(d), devgen);
}

static Chan*
benchopen(Chan *c, int omode)
{
	c = devopen(c, omode, benchdir, nelem(benchdir), devgen);
	if((ulong)c->qid.path == Qbdata)
		c->aux = smalloc(sizeof(Snap));	/* an error closes c */
	return c;
}

static void
benchclose(Chan *c)
{
	if((c->flag & COPEN) && c->aux != nil){
		snapfree(c->aux);
		free(c->aux);
		c->aux = nil;
	}
}

static long
benchread(Chan *c, void *a, long n, vlong off)
{
	char tmp[32];
	Dirtab d[nelem(benchdir)];

	switch((ulong)c->qid.path){
	case Qdir:
		setlength(d);
		return devdirread(c, a, n, d, nelem(d), devgen);
	case Qbdata:
		return snapread(c->aux, a, n, off, datatext, nil);
	case Qbctl:
		return 0;
	case Qbusec:
		/* the offset is ignored: a program reads over and over without seeking */
		bench.usreads++;
		snprint(tmp, sizeof tmp, "%llud", busec());
		return readstr(0, a, n, tmp);
	}
	error(Egreg);
	return 0;
}

static long
benchwrite(Chan *c, void *a, long n, vlong)
{
	switch((ulong)c->qid.path){
	case Qbctl:
		ctlwrite(a, n);
		return n;
	case Qbusec:
		bench.base = fastticks(nil);
		bench.usresets++;
		return n;
	}
	error(Eperm);
	return 0;
}

Dev benchdevtab = {
	'x',
	"bench",

	benchreset,
	benchinit,
	devshutdown,
	benchattach,
	benchwalk,
	benchstat,
	benchopen,
	devcreate,
	benchclose,
	benchread,
	devbread,
	benchwrite,
	devbwrite,
	devremove,
	devwstat,
};

/*
 * $Bench.  microsec is the shortest path from Limbo to the TSC: the
 * VM is not released, nothing is formatted or parsed.
 */
void
Bench_microsec(void *fp)
{
	F_Bench_microsec *f;

	f = fp;
	bench.microsecs++;
	*f->ret = busec();
}

/* the same clock as microsec, to the nanosecond */
void
Bench_nanosec(void *fp)
{
	F_Bench_nanosec *f;

	f = fp;
	bench.nanosecs++;
	*f->ret = tk2ns(attrticks() - bench.base);
}

/*
 * The tail attribution (port/attr.c): for each cause that took time
 * between the caller's last two clock reads, its index and the
 * nanoseconds, in pairs in t as far as they fit; the number of such
 * causes, or -1 (see bench(2)).
 */
void
Bench_attribution(void *fp)
{
	F_Bench_attribution *f;
	uvlong d[Ncause];
	vlong *t;
	int i, j, n, nt;

	f = fp;
	n = attrdelta(currun(), d, Ncause);
	*f->ret = n;
	if(n < 0)
		return;
	t = f->t != H ? (vlong*)f->t->data : nil;
	nt = f->t != H ? f->t->len : 0;
	j = 0;
	for(i = 0; i < n; i++){
		if(d[i] == 0 || (d[i] = tk2ns(d[i])) == 0)
			continue;
		if(j+1 < nt){
			t[j] = i;
			t[j+1] = d[i];
		}
		j += 2;
	}
	*f->ret = j/2;
}

void
Bench_causes(void *fp)
{
	F_Bench_causes *f;
	Array *a;
	String **v;
	char *s;
	int i, n;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	for(n = 0; attrname(n) != nil; n++)
		;
	a = H2D(Array*, heaparray(&Tptr, n));
	v = (String**)a->data;
	for(i = 0; i < n; i++)
		v[i] = (s = attrname(i)) != nil ? c2string(s, strlen(s)) : H;
	*f->ret = a;
}

void
Bench_reset(void*)
{
	bench.base = fastticks(nil);
}

void
Bench_disablegc(void*)
{
	gclock();
}

/* nests with disablegc; never below zero, nor below what `gc off' holds */
void
Bench_enablegc(void*)
{
	if(gchalt > bench.gcoff)
		gcunlock();
}

void	(*benchprof)(int);	/* set by the kernel profiler, devkprof.c */

/*
 * profon and profoff: the paper's profon()/profoff() around a loop,
 * without a write to kpctl (see devkprof.c's kprofswitch); 0, or -1
 * with the error string set
 */
static int
profswitch(int how)
{
	vmenv();
	if(benchprof == nil){
		kwerrstr("no kernel profiler (#T): kprof(3) is the kernel's");
		kerrstr(currun()->errstr, sizeof currun()->errstr);
		return -1;
	}
	if(waserror()){
		kerrstr(currun()->errstr, sizeof currun()->errstr);
		return -1;
	}
	benchprof(how);
	poperror();
	return 0;
}

void
Bench_profon(void *fp)
{
	F_Bench_profon *f;

	f = fp;
	*f->ret = profswitch(f->clr ? Kprofclr : Kprofstart);
}

void
Bench_profoff(void *fp)
{
	F_Bench_profoff *f;

	f = fp;
	*f->ret = profswitch(Kprofstop);
}

/*
 * Bench->read's log: the four times of each call, in ticks, shown in
 * bdata as four result lines, one a phase, whose text is made when
 * bdata is read from its start (or stat'd): a reader at a later offset
 * goes on in the text it began with.
 */
enum
{
	Rrelease,
	Rkread,
	Racquire,
	Rsched,
	Nphase,
};

static char *phasename[Nphase] = {
	"READRELEASE", "READKREAD", "READACQUIRE", "READSCHED",
};

static struct
{
	uvlong*	t;		/* Nphase a call */
	ulong	n;		/* calls logged */
	ulong	max;		/* room in t, in calls */
	int	stale;		/* the text in bench.result is behind t */
} rdlog;

/* log one call's times, replacing another kind of result in bdata */
static void
readlog(uvlong *t)
{
	Res *r, *o;
	uvlong *nt;
	ulong m;

	o = nil;
	qlock(&bench.res);
	r = bench.result;
	if(r == nil || !r->readlog){
		r = mallocz(sizeof(Res), 1);
		if(r == nil){
			bench.logdropped++;
			qunlock(&bench.res);
			return;
		}
		r->readlog = 1;
		o = bench.result;
		bench.result = r;
		rdlog.n = 0;
	}
	if(rdlog.n == rdlog.max && rdlog.max < Maxreads){
		m = rdlog.max ? 2*rdlog.max : 256;
		nt = realloc(rdlog.t, m*Nphase*sizeof(uvlong));
		if(nt != nil){
			rdlog.t = nt;
			rdlog.max = m;
		}
	}
	if(rdlog.n < rdlog.max){
		memmove(rdlog.t + rdlog.n*Nphase, t, Nphase*sizeof(uvlong));
		rdlog.n++;
		rdlog.stale = 1;
	}else
		bench.logdropped++;
	qunlock(&bench.res);
	freeres(o);
}

/* make the read log's text, if bdata holds the log and the text is behind */
static void
readlogtext(void)
{
	Res *r, *t;
	ulong i;
	int p;

	qlock(&bench.res);
	r = bench.result;
	if(r == nil || !r->readlog || !rdlog.stale){
		qunlock(&bench.res);
		return;
	}
	t = newres();
	if(waserror()){
		qunlock(&bench.res);
		freeres(t);
		nexterror();
	}
	for(p = 0; p < Nphase; p++){
		/* calls, not an experiment: no warm-up, so no comment */
		rlog(t, "%s:1l:Observation:n:Time:us", phasename[p]);
		for(i = 0; i < rdlog.n; i++)
			rlog(t, " %.2f", tk2usf(rdlog.t[i*Nphase + p]));
		rlog(t, "\n");
	}
	poperror();
	free(r->s);
	r->s = t->s;
	r->n = t->n;
	r->size = t->size;
	free(t);
	rdlog.stale = 0;
	qunlock(&bench.res);
}

/*
 * read, instrumented as in the paper: the time spent releasing the
 * VM, in kread, acquiring it again, and in one sched(), logged to bdata.
 * As sys->read: nil buf or n < 0 reads nothing and gives 0; a failed
 * read gives -1 with the error string set, and is not logged.
 */
void
Bench_read(void *fp)
{
	F_Bench_read *f;
	uvlong t[Nphase], t0, t1, t2, t3, t4;
	int n, fd;

	f = fp;
	bench.breads++;
	*f->ret = 0;
	if(f->buf == H || f->n < 0)
		return;
	*f->ret = -1;
	if(f->fd == H){
		kwerrstr("%s", Ebadfd);
		kerrstr(currun()->errstr, sizeof currun()->errstr);
		return;
	}
	fd = f->fd->fd;
	n = f->n;
	if(n > f->buf->len)
		n = f->buf->len;
	t0 = fastticks(nil);
	release();
	t1 = fastticks(nil);
	n = kread(fd, f->buf->data, n);
	t2 = fastticks(nil);
	acquire();
	t3 = fastticks(nil);
	sched();
	t4 = fastticks(nil);
	*f->ret = n;
	if(n < 0){
		kerrstr(currun()->errstr, sizeof currun()->errstr);
		return;
	}
	t[Rrelease] = t1-t0;
	t[Rkread] = t2-t1;
	t[Racquire] = t3-t2;
	t[Rsched] = t4-t3;
	readlog(t);
}
