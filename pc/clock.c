#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * The 8253 timer drives the clock interrupt at HZ; the time stamp
 * counter, calibrated against the 8253, gives fastticks and the
 * microsecond clock.
 */
enum
{
	T0cntr	= 0x40,
	Tmode	= 0x43,
	Freq	= 1193182,	/* 8253 input clock */

	T0sel	= 0x00,
	Tlohi	= 0x30,		/* load low then high byte */
	Trate	= 0x04,		/* mode 2: rate generator */
};

ulong	kerndate;		/* boot time, as the date of kernel files */
static long	boottime;	/* seconds since the epoch at boot */
void	(*clockhook)(void);	/* called at each tick, at splhi (devbench's intr) */
void	(*kproftick)(ulong);	/* called at each clock interrupt with the pc it interrupted (devkprof) */
static void	rtcinit(void);

static int	profclocktick(void);

/* a processor's clock tick, idle or not: its ticks and the idle share of the last second */
void
machtick(int idle)
{
	m->ticks++;
	if(idle)
		m->idleticks++;
	if(m->ticks % HZ == 0){
		m->idle = m->idleticks*100/HZ;
		m->idleticks = 0;
	}
}

static void
clockintr(Ureg *u, void*)
{
	if(kproftick != nil)
		kproftick(kprofpc(u));
	if(!profclocktick())
		return;
	machtick(up == nil);
	ticks++;
	disclock();
	/* load: average of the ready processes over about a second, times 1000 */
	m->load = (m->load*(HZ-1) + nrdy*1000)/HZ;
	timerintr();
	uartpoll();
	if(clockhook != nil)
		clockhook();
}

/*
 * Calibration of the TSC against the 8253.  An anchor latches channel
 * 0's count between two TSC reads, interrupts off; taken just after a
 * clock tick, it places that instant on the 8253's time line to one
 * 8253 clock (0.84 us): the ticks counted so far times the reload
 * count, plus what the counter has counted down since the last reload.
 * The time between two anchors is then exact however late the clock
 * interrupt was taken, which under QEMU is a host thread's latency
 * (the tick-to-tick TSC counts that the rate was once made of varied by
 * a few percent, and across boots the rate by 1%).  Anchors are taken
 * at consecutive ticks; an interval whose rate is far from the median
 * (a tick lost, an interrupt more than a tick late, a read stretched by
 * the host) is dropped, and the rate is the TSC count over the 8253
 * time of the rest.  Its uncertainty is bounded by the anchors' TSC
 * brackets and the 8253's resolution at the ends of each run of kept
 * intervals, over the total time.
 */
enum
{
	Nanchor	= 3,	/* latches tried for an anchor: the narrowest bracket wins */
	Tscspan	= 10,	/* intervals of the boot calibration: 100 ms at 100 Hz */
	Tscslack	= 2000,	/* ppm from the median rate that an interval may be */
};

/* the 8253 clocks between two clock interrupts */
static int
pitcount(void)
{
	return Freq/HZ;
}

static Lock	pitl;	/* the 8253, and pclk below */

/* read an anchor; interrupts are turned off for the reads */
void
tscpit(Tscpit *a)
{
	uvlong t0, t1;
	int i, c;

	lock(&pitl);
	for(i = 0; i < Nanchor; i++){
		rdtsc(&t0);
		outb(Tmode, T0sel);	/* latch */
		c = inb(T0cntr);
		c |= inb(T0cntr)<<8;
		rdtsc(&t1);
		if(i == 0 || t1-t0 < a->width){
			a->width = t1-t0;
			a->tsc = t0 + (t1-t0)/2;
			a->count = c;
		}
	}
	a->ticks = ticks;	/* the 8253's, whichever processor this is */
	unlock(&pitl);
}

/* 8253 clocks from anchor a to b */
static uvlong
pitclocks(Tscpit *a, Tscpit *b)
{
	return (uvlong)(b->ticks - a->ticks)*pitcount() + a->count - b->count;
}

/* the rate of the interval from a to b, in Hz; 0 if it makes no sense */
static uvlong
intervalrate(Tscpit *a, Tscpit *b)
{
	uvlong p;

	p = pitclocks(a, b);
	if(p == 0 || b->tsc <= a->tsc || b->ticks - a->ticks > 1000)
		return 0;
	return (b->tsc - a->tsc)*Freq/p;
}

/* the median of the non-zero r[0..n-1], 0 if none */
static uvlong
median(uvlong *r, int n)
{
	int i, j, k, lt, le;

	k = 0;
	for(i = 0; i < n; i++)
		if(r[i] != 0)
			k++;
	for(i = 0; i < n; i++){
		if(r[i] == 0)
			continue;
		lt = le = 0;
		for(j = 0; j < n; j++)
			if(r[j] != 0 && r[j] < r[i])
				lt++;
			else if(r[j] != 0 && r[j] == r[i])
				le++;
		if(lt <= (k-1)/2 && (k-1)/2 < lt+le)
			return r[i];
	}
	return 0;
}

/*
 * The rate from anchors a[0..n]: r[i] gets the rate of the interval
 * from a[i] to a[i+1] (0 if unusable), *ppm the uncertainty of the
 * result.  0 if no interval is usable.
 */
uvlong
tscrate(Tscpit *a, int n, uvlong *r, ulong *ppm)
{
	uvlong med, lo, hi, tsc, pit, err, q;
	int i, kept, prev;

	for(i = 0; i < n; i++)
		r[i] = intervalrate(&a[i], &a[i+1]);
	med = median(r, n);
	lo = med - med/1000000*Tscslack;
	hi = med + med/1000000*Tscslack;
	q = med/Freq + 1;	/* an 8253 clock in TSC ticks */
	tsc = pit = err = 0;
	prev = 0;
	for(i = 0; i < n; i++){
		kept = r[i] != 0 && r[i] >= lo && r[i] <= hi;
		if(kept){
			tsc += a[i+1].tsc - a[i].tsc;
			pit += pitclocks(&a[i], &a[i+1]);
		}
		/* a run of kept intervals has the errors of its two ends */
		if(kept != prev)
			err += a[i].width/2 + q;
		prev = kept;
	}
	if(prev)
		err += a[n].width/2 + q;
	if(pit == 0 || tsc == 0)
		return 0;
	if(ppm != nil)
		*ppm = (err*1000000 + tsc - 1)/tsc;
	return tsc*Freq/pit;
}

/*
 * Start the 8253's clock interrupt at HZ and calibrate the TSC over
 * Tscspan ticks, halting in between (polling the 8253 is slow under
 * QEMU's -icount, where every port access ends a block).  The first
 * anchor follows a tick that follows another, so that no interval
 * starts at the interrupt's enabling.
 */
void
clockinit(void)
{
	static Tscpit a[Tscspan+1];
	static uvlong r[Tscspan];
	ulong t;
	int i;

	rdtsc(&m->tscticks0);
	m->cpuhz = 1000000000;	/* until calibrated */
	rtcinit();
	outb(Tmode, T0sel|Tlohi|Trate);
	outb(T0cntr, pitcount());
	outb(T0cntr, pitcount()>>8);
	intrenable(0, clockintr, nil, "clock");
	spllo();
	for(i = -2; i <= Tscspan; i++){
		t = m->ticks;
		while(m->ticks == t)
			halt1();
		if(i >= 0)
			tscpit(&a[i]);
	}
	splhi();
	m->cpuhz = tscrate(a, Tscspan, r, &m->cpuhzppm);
	if(m->cpuhz == 0){
		m->cpuhz = 1000000000;
		m->cpuhzppm = 1000000;
	}
}

/* tsc ticks since boot; *hz gets their rate */
vlong
fastticks(uvlong *hz)
{
	uvlong t;

	if(hz != nil)
		*hz = m->cpuhz;
	rdtsc(&t);
	return t - m->tscticks0;
}

/* split so that t*10^6 cannot overflow, as it would after two hours */
uvlong
fastticks2us(uvlong t)
{
	return t/m->cpuhz*1000000 + t%m->cpuhz*1000000/m->cpuhz;
}

/* microseconds since the epoch */
vlong
osusectime(void)
{
	return (vlong)boottime*1000000 + fastticks2us(fastticks(nil));
}

/* milliseconds since boot */
long
osmillisec(void)
{
	return fastticks2us(fastticks(nil))/1000;
}

long
seconds(void)
{
	return boottime + fastticks2us(fastticks(nil))/1000000;
}

static int
cmos(int r)
{
	int v;

	outb(0x70, r);
	v = inb(0x71);
	return v;
}

static int
bcd(int v)
{
	return (v>>4)*10 + (v&0xF);
}

/* read the real-time clock: seconds since the epoch at boot */
static void
rtcinit(void)
{
	static int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	int sec, min, hour, day, mon, year, binary, i;
	long days;

	while(cmos(0x0A) & 0x80)	/* update in progress */
		;
	sec = cmos(0x00);
	min = cmos(0x02);
	hour = cmos(0x04);
	day = cmos(0x07);
	mon = cmos(0x08);
	year = cmos(0x09);
	binary = cmos(0x0B) & 0x04;
	if(!binary){
		sec = bcd(sec);
		min = bcd(min);
		hour = bcd(hour);
		day = bcd(day);
		mon = bcd(mon);
		year = bcd(year);
	}
	year += 2000;
	if(mon < 1 || mon > 12 || day < 1 || day > 31)
		return;
	days = 0;
	for(i = 1970; i < year; i++)
		days += (i%4 == 0 && (i%100 != 0 || i%400 == 0)) ? 366 : 365;
	for(i = 1; i < mon; i++){
		days += mdays[i-1];
		if(i == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0))
			days++;
	}
	days += day-1;
	boottime = days*86400 + hour*3600 + min*60 + sec;
	kerndate = boottime;
}

void
microdelay(int us)
{
	uvlong t;

	t = fastticks(nil) + (uvlong)us*m->cpuhz/1000000;
	while(fastticks(nil) < t)
		;
}

void
delay(int ms)
{
	microdelay(ms*1000);
}

/*
 * The profiling clock.  profclock(rate) makes the 8253, and the other
 * processors' local APIC timers (lapicrate), interrupt rate times a
 * second (HZ again for rate 0) and returns the 8253's period, in
 * nanoseconds.  Above HZ every interrupt hands its pc to kproftick,
 * and the clock tick proper runs once the 8253 has counted a tick's
 * worth of input cycles: ticks keep HZ on average, each up to one
 * sampling period late.  m->clocktsc stays the tick's (devbench).
 * pitl guards the 8253 and pclk: profclock and tscpit may run on any
 * processor, the interrupt on processor 0.
 */
static struct
{
	ulong	cnt;		/* 8253 count per interrupt; 0 at HZ */
	ulong	acc;		/* input cycles counted since the last tick */
	uvlong	ticktsc;	/* m->clocktsc of the last tick */
} pclk;

static void
pitload(ulong cnt)
{
	outb(Tmode, T0sel|Tlohi|Trate);
	outb(T0cntr, cnt);
	outb(T0cntr, cnt>>8);
}

ulong
profclock(ulong rate)
{
	ulong cnt;
	int s;

	cnt = 0;
	if(rate > HZ){
		cnt = (Freq + rate/2)/rate;
		if(cnt < 2)
			cnt = 2;
	}
	lock(&pitl);
	pclk.cnt = cnt;
	pclk.acc = 0;
	pclk.ticktsc = MACHP(0)->clocktsc;
	pitload(cnt != 0 ? cnt : Freq/HZ);
	unlock(&pitl);
	lapicrate(rate);
	if(cnt == 0)
		cnt = Freq/HZ;
	return (uvlong)cnt*1000000000/Freq;
}

/* at a clock interrupt (processor 0's): is it a tick? */
static int
profclocktick(void)
{
	int tick;

	if(pclk.cnt == 0)
		return 1;
	lock(&pitl);
	tick = 1;
	if(pclk.cnt != 0){
		pclk.acc += pclk.cnt;
		if(pclk.acc < Freq/HZ){
			m->clocktsc = pclk.ticktsc;
			tick = 0;
		}else{
			pclk.acc -= Freq/HZ;
			pclk.ticktsc = m->clocktsc;
		}
	}
	unlock(&pitl);
	return tick;
}

/*
 * The pc a profiling sample counts.  An interrupt held off at splhi is
 * taken as spllo or splx lowers the level again, between their sti and
 * their ret: the sample goes to their caller, whose return address is
 * on top of the interrupted stack (no privilege change: it ends the
 * Ureg).
 */
ulong
kprofpc(Ureg *u)
{
	if(u->pc >= (ulong)spllo && u->pc < (ulong)spldone)
		return *(ulong*)((ulong)&u->flags + sizeof(ulong));
	return u->pc;
}

/*
 * The bench device's host part (dev/devbench.c; emu/bench.c is emu's):
 * the TSC, which is fastticks' clock here, its rate, its calibration,
 * and the clock interrupt's latency.
 */

/* the TSC's rate as calibrated at boot, and its uncertainty */
uvlong
tschz(ulong *ppm)
{
	if(ppm != nil)
		*ppm = m->cpuhzppm;
	return m->cpuhz;
}

/*
 * calibrate as at boot: anchors (tscpit) at n+1 consecutive clock
 * ticks, after one more; the rate of each interval in r, and of them
 * all (0 if none is usable), with its uncertainty
 */
uvlong
tsccalibrate(int n, uvlong *r, ulong *ppm)
{
	Tscpit *a;
	uvlong hz;
	ulong tk;
	int i;

	a = malloc((n+1)*sizeof(Tscpit));
	if(a == nil)
		error(Enomem);
	if(waserror()){
		free(a);
		nexterror();
	}
	for(i = -1; i <= n; i++){
		tk = ticks;
		while(ticks == tk)
			tsleep(&up->sleep, return0, nil, 1);
		if(i >= 0)
			tscpit(&a[i]);
	}
	hz = tscrate(a, n, r, ppm);
	poperror();
	free(a);
	return hz;
}

/*
 * intr: n times, the clock interrupt to wakeup latency.  The caller
 * sleeps at PriRealtime; at the next tick the clock hook wakes it.
 * Stamps, in TSC ticks: the interrupt taken (m->clocktsc in trap), the
 * hook reached, wakeup returned, and the process running again (at
 * PriRealtime it preempts at once).
 */
static struct
{
	int	want;		/* the hook should wake the sleeper */
	Rendez	r;
	uvlong	entry;
	uvlong	arrive;
	uvlong	woken;
} intrt;

static void
intrhook(void)
{
	if(!intrt.want)
		return;
	intrt.entry = m->clocktsc;
	intrt.arrive = fastticks(nil) + m->tscticks0;
	intrt.want = 0;
	wakeup(&intrt.r);
	intrt.woken = fastticks(nil) + m->tscticks0;
}

static int
intrdone(void*)
{
	return intrt.want == 0;
}

void
intrstamps(int n, uvlong *e, uvlong *a, uvlong *w, uvlong *k)
{
	int i, pri, s;

	pri = getpri();
	setpri(PriRealtime);
	clockhook = intrhook;
	if(waserror()){
		spllo();
		clockhook = nil;
		intrt.want = 0;
		setpri(pri);
		nexterror();
	}
	for(i = 0; i < n; i++){
		/* at splhi until sleep has queued us, so that the tick must wake us */
		s = splhi();
		intrt.want = 1;
		sleep(&intrt.r, intrdone, nil);
		splx(s);
		k[i] = fastticks(nil) + m->tscticks0;
		e[i] = intrt.entry;
		a[i] = intrt.arrive;
		w[i] = intrt.woken;
	}
	poperror();
	clockhook = nil;
	setpri(pri);
}
