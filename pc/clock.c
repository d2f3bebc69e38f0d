#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

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
static ulong	kprofpc(Ureg*);

static void
clockintr(Ureg *u, void*)
{
	if(kproftick != nil)
		kproftick(kprofpc(u));
	if(!profclocktick())
		return;
	m->ticks++;
	ticks++;
	if(up == nil)
		m->idleticks++;
	disclock();
	/* load: average of the ready processes over about a second, times 1000 */
	m->load = (m->load*(HZ-1) + nrdy*1000)/HZ;
	if(m->ticks % HZ == 0){
		m->idle = m->idleticks*100/HZ;
		m->idleticks = 0;
	}
	timerintr();
	uartpoll();
	if(clockhook != nil)
		clockhook();
}

/*
 * Start the 8253's clock interrupt at HZ and count tsc cycles over
 * about 50ms of its ticks, halting in between: polling the 8253 is
 * slow under QEMU's -icount, where every port access ends a block.
 */
void
clockinit(void)
{
	uvlong t0, t1;
	ulong t;
	int cnt, n;

	rdtsc(&m->tscticks0);
	m->cpuhz = 1000000000;	/* until calibrated */
	rtcinit();
	cnt = Freq/HZ;
	outb(Tmode, T0sel|Tlohi|Trate);
	outb(T0cntr, cnt);
	outb(T0cntr, cnt>>8);
	intrenable(0, clockintr, nil, "clock");
	n = HZ/20;
	if(n < 1)
		n = 1;
	spllo();
	t = m->ticks;
	while(m->ticks == t)
		halt1();
	rdtsc(&t0);
	t = m->ticks;
	while(m->ticks - t < n)
		halt1();
	rdtsc(&t1);
	splhi();
	m->cpuhz = (t1-t0)*HZ/n;
	if(m->cpuhz == 0)
		m->cpuhz = 1;
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

uvlong
fastticks2us(uvlong t)
{
	return t*1000000/m->cpuhz;
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
 * The profiling clock.  profclock(rate) makes the 8253 interrupt rate
 * times a second (HZ again for rate 0) and returns the period it got,
 * in nanoseconds.  Above HZ every interrupt hands its pc to kproftick,
 * and the clock tick proper runs once the 8253 has counted a tick's
 * worth of input cycles: ticks keep HZ on average, each up to one
 * sampling period late.  m->clocktsc stays the tick's (devbench).
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
	s = splhi();
	pclk.cnt = cnt;
	pclk.acc = 0;
	pclk.ticktsc = m->clocktsc;
	pitload(cnt != 0 ? cnt : Freq/HZ);
	splx(s);
	if(cnt == 0)
		cnt = Freq/HZ;
	return (uvlong)cnt*1000000000/Freq;
}

/* at a clock interrupt: is it a tick? */
static int
profclocktick(void)
{
	if(pclk.cnt == 0)
		return 1;
	pclk.acc += pclk.cnt;
	if(pclk.acc < Freq/HZ){
		m->clocktsc = pclk.ticktsc;
		return 0;
	}
	pclk.acc -= Freq/HZ;
	pclk.ticktsc = m->clocktsc;
	return 1;
}

/*
 * The pc a profiling sample counts.  An interrupt held off at splhi is
 * taken as spllo or splx lowers the level again, between their sti and
 * their ret: the sample goes to their caller, whose return address is
 * on top of the interrupted stack (no privilege change: it ends the
 * Ureg).
 */
static ulong
kprofpc(Ureg *u)
{
	if(u->pc >= (ulong)spllo && u->pc < (ulong)spldone)
		return *(ulong*)((ulong)&u->flags + sizeof(ulong));
	return u->pc;
}
