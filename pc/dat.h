#include "../port/portdat.h"

typedef struct Conf	Conf;
typedef struct Mach	Mach;
typedef struct Ureg	Ureg;
typedef struct Segdesc	Segdesc;
typedef struct Memrange	Memrange;
typedef struct Tscpit	Tscpit;

#define	up	(m->proc)
#define	HZ	hz		/* clock rate, from the config file */
enum { Tscclock = 1 };		/* fastticks counts the TSC (devbench) */
extern	int	hz;
extern	char*	initprog;	/* from the config file */

/*
 * What a trap pushes, in the order l.S builds it: the registers
 * (pusha order reversed), the segment registers, the trap number
 * and error code, then what the processor pushed.  No privilege
 * change ever happens, so there is no ss/esp at the end.
 */
struct Ureg
{
	ulong	di;
	ulong	si;
	ulong	bp;
	ulong	nsp;
	ulong	bx;
	ulong	dx;
	ulong	cx;
	ulong	ax;
	ulong	gs;
	ulong	fs;
	ulong	es;
	ulong	ds;
	ulong	trap;		/* trap type */
	ulong	ecode;		/* error code (or zero) */
	ulong	pc;		/* pc */
	ulong	cs;		/* old context */
	ulong	flags;		/* old flags */
};

struct Segdesc
{
	ulong	d0;
	ulong	d1;
};

/* a range of usable physical memory from the multiboot map */
struct Memrange
{
	ulong	base;
	ulong	size;
};

struct Conf
{
	ulong	npage;		/* pages of usable memory */
	ulong	topofmem;	/* first address past usable memory */
	int	nmem;
	Memrange	mem[16];
	int	nmach;		/* processors online (mp.c) */
};

/* a processor: m is the one running (l.S, mmu.c), MACHP(n) any */
struct Mach
{
	Proc*	proc;		/* current process */
	int	machno;		/* 0 to conf.nmach-1; 0 booted */
	int	apicid;		/* its local APIC's */
	int	online;		/* started (mp.c) */
	ulong	pdpt;		/* its page tables (mmu.c) */
	ulong	ticks;		/* of the clock since boot */
	int	ilockdepth;
	void	(*callf)(void*);	/* mpcall's, for this processor to run */
	void*	callarg;
	int	inclockintr;
	int	intr;		/* interrupts taken */
	ulong	cs;		/* context switches */
	ulong	syscall;	/* kernel.h calls */
	ulong	load;		/* ready processes, averaged, times 1000 */
	ulong	idle;		/* percent of the last second spent idle */
	ulong	idleticks;
	uvlong	cpuhz;		/* tsc rate, calibrated against the pit */
	ulong	cpuhzppm;	/* its uncertainty, parts per million */
	uvlong	tscticks0;	/* tsc at boot */
	Label	sched;		/* scheduler wakeup */
	uvlong	clocktsc;	/* tsc as the clock interrupt was taken (devbench's intr) */
	ulong	lapiccnt;	/* its local APIC timer's count an interrupt while profiling, or 0 (mp.c) */
	ulong	lapicacc;	/* counted since the last tick */
	Attr	attr;		/* its time by cause (port/attr.c) */
};

/* the TSC and the 8253's count read together (clock.c's calibration) */
struct Tscpit
{
	uvlong	tsc;		/* TSC at the latch: the middle of the bracket */
	uvlong	width;		/* TSC ticks between the reads around the latch */
	ulong	ticks;		/* clock ticks counted then */
	int	count;		/* the 8253's count, from the reload count down to 1 */
};

extern	char	etext[];	/* the end of the kernel text (kernel.ld) */
extern	int	mmunx;		/* data are not executable (mmu.c) */
extern	Mach	mach0;
extern	Mach*	m;
extern	Mach*	machp[MAXMACH];
#define	MACHP(n)	(machp[n])
extern	Conf	conf;
