/*
 * The bench device's host part in emu (dev/devbench.c is the device):
 * the TSC's rate (rdtsc64, os.c: the Dis instruction timer's clock),
 * measured against the host's CLOCK_MONOTONIC, which is the device's
 * own clock here (fastticks, in nanoseconds), and the kernel's
 * experiments that a Linux process cannot make.
 * Emu keeps no tail attribution (port/attr.c is the kernel's): no
 * causes, attribution answers -1, and its control words say so.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

enum
{
	Nanchor	= 3,		/* reads tried for an anchor: the narrowest bracket wins */
	Firstspan	= 20,	/* ms of the first calibration */
	Slack	= 2000,		/* ppm from the median rate that an interval may be */
};

/* a point on the monotonic clock's time line, bracketed by two TSC reads */
typedef struct Anchor Anchor;
struct Anchor
{
	uvlong	tsc;		/* the middle of the bracket */
	uvlong	width;		/* TSC ticks between the reads around the clock's */
	uvlong	ns;
};

static struct
{
	Lock	l;
	uvlong	hz;		/* 0 until the first calibration */
	ulong	ppm;
} tsc;

static void
anchor(Anchor *a)
{
	uvlong t0, t1, ns;
	int i;

	for(i = 0; i < Nanchor; i++){
		t0 = rdtsc64();
		ns = fastticks(nil);
		t1 = rdtsc64();
		if(i == 0 || t1-t0 < a->width){
			a->width = t1-t0;
			a->tsc = t0 + (t1-t0)/2;
			a->ns = ns;
		}
	}
}

/* the rate of the interval from a to b, in Hz; 0 if it makes no sense */
static uvlong
irate(Anchor *a, Anchor *b)
{
	if(b->ns <= a->ns || b->tsc <= a->tsc)
		return 0;
	return (b->tsc - a->tsc)*1000000000ULL/(b->ns - a->ns);
}

static int
ucmp(const void *a, const void *b)
{
	uvlong x, y;

	x = *(uvlong*)a;
	y = *(uvlong*)b;
	return x < y ? -1 : x > y;
}

/*
 * The rate from anchors a[0..n]: r[i] that of the interval from a[i]
 * to a[i+1]; an interval more than Slack ppm from the median (the
 * thread preempted between its reads) is left out, and the rate is the
 * TSC counted over the time of the rest.  *ppm bounds what the
 * brackets at the ends of the runs of intervals kept can add.
 */
static uvlong
anchorrate(Anchor *a, int n, uvlong *r, ulong *ppm)
{
	uvlong *s, med, lo, hi, t, ns, err;
	int i, kept, prev;

	s = malloc(n*sizeof(uvlong));
	if(s == nil)
		error(Enomem);
	for(i = 0; i < n; i++)
		s[i] = r[i] = irate(&a[i], &a[i+1]);
	qsort(s, n, sizeof(uvlong), ucmp);
	med = s[n/2];
	free(s);
	lo = med - med/1000000*Slack;
	hi = med + med/1000000*Slack;
	t = ns = err = 0;
	prev = 0;
	for(i = 0; i < n; i++){
		kept = r[i] != 0 && r[i] >= lo && r[i] <= hi;
		if(kept){
			t += a[i+1].tsc - a[i].tsc;
			ns += a[i+1].ns - a[i].ns;
		}
		if(kept != prev)
			err += a[i].width/2 + med/1000000000 + 1;	/* and a nanosecond of the clock */
		prev = kept;
	}
	if(prev)
		err += a[n].width/2 + med/1000000000 + 1;
	if(t == 0 || ns == 0)
		return 0;
	*ppm = (err*1000000 + t - 1)/t;
	return t*1000000000ULL/ns;
}

/*
 * calibrate: anchors at n+1 consecutive ticks of the clock (1 ms here,
 * HZ), after one more; the rate of each interval in r, and of them all
 * (0 if none is usable).  The thread sleeps between the anchors.
 */
uvlong
tsccalibrate(int n, uvlong *r, ulong *ppm)
{
	Anchor *a;
	uvlong hz, ns;
	int i;

	a = malloc((n+1)*sizeof(Anchor));
	if(a == nil)
		error(Enomem);
	if(waserror()){
		free(a);
		nexterror();
	}
	ns = fastticks(nil);
	for(i = -1; i <= n; i++){
		ns += 1000000000/HZ;
		while(fastticks(nil) < ns)
			tsleep(&up->sleep, return0, nil, 1);
		if(i >= 0)
			anchor(&a[i]);
	}
	hz = anchorrate(a, n, r, ppm);
	poperror();
	free(a);
	return hz;
}

/* the TSC's rate and its uncertainty: measured over Firstspan ms the first time */
uvlong
tschz(ulong *ppm)
{
	Anchor a[2];
	uvlong hz, r;
	ulong p;

	lock(&tsc.l);
	hz = tsc.hz;
	p = tsc.ppm;
	unlock(&tsc.l);
	if(hz == 0){
		anchor(&a[0]);
		while(fastticks(nil) < a[0].ns + Firstspan*1000000ULL)
			tsleep(&up->sleep, return0, nil, 1);
		anchor(&a[1]);
		hz = anchorrate(a, 1, &r, &p);
		if(hz == 0){
			hz = 1000000000;
			p = 1000000;
		}
		lock(&tsc.l);
		if(tsc.hz == 0){
			tsc.hz = hz;
			tsc.ppm = p;
		}
		hz = tsc.hz;
		p = tsc.ppm;
		unlock(&tsc.l);
	}
	if(ppm != nil)
		*ppm = p;
	return hz;
}

/* emu is one processor to the bench device: f runs once, here (mp.c's in the kernel) */
int
mpcall(void (*f)(void*), void *a)
{
	f(a);
	return 1;
}

/* and so waits for no other */
void
mpbarrier(int *c)
{
	(*c)++;
}

/* spin us microseconds on the device's clock (pc/clock.c's in the kernel) */
void
microdelay(int us)
{
	uvlong t;

	t = fastticks(nil) + (uvlong)us*1000;
	while(fastticks(nil) < t)
		;
}

/* a Linux process has no clock interrupt: the kernel's intr experiment cannot run here */
void
intrstamps(int, uvlong*, uvlong*, uvlong*, uvlong*)
{
	error("intr: the clock interrupt's latency is the kernel's: emu has no clock interrupt");
}

/*
 * The tail attribution's interface (port/attr.c) as emu keeps it: none.
 * The clock is the device's; Bench->attribution answers -1, as to a
 * thread that has not read the clock twice, and causes none.
 */
uvlong
attrticks(void)
{
	return fastticks(nil);
}

int
attrdelta(Prog*, uvlong*, int)
{
	return -1;
}

char*
attrname(int)
{
	return nil;
}

int
attrtotals(uvlong*, ulong*)
{
	return 0;
}

int
attrswitch(int on)
{
	if(on >= 0)
		error("attribution: the tail attribution is the kernel's: emu keeps none");
	return 0;
}

char*
attrinject(char*, long)
{
	error("inject: the tail attribution is the kernel's: emu keeps none");
	return nil;
}
