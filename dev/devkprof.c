#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #T -- the kernel profiler, as Inferno's devkprof: while profiling,
 * each clock interrupt counts the kernel pc it interrupted in a bucket
 * of 1<<Lres bytes of text, on every processor (each its own clock:
 * the first the 8253, the others their local APIC timers).
 *
 *	kpctl	start, startclr (zero the counts first), stop, end (stop
 *		and free the buckets), rate N (samples a second, from HZ
 *		to Maxrate, while stopped); reads as one status line
 *	kpdata	the counts as big-endian 4-byte words: first the header
 *		(samples, samples outside the text, microseconds a
 *		sample, number of words, 4, Lres), which takes the
 *		place of the first buckets, then a word a bucket from
 *		KTZERO up to etext
 *	kpsym	the kernel's text symbols and
 *	kpline	its line table (see port/ksym.c), for kprof(1)
 *	kpmach	a line a processor: its number, its samples and those
 *		outside the text since the counts were last cleared
 *
 * Bench->profon and profoff (devbench.c) start and stop it as kpctl's
 * words do, through benchprof, from inside a Dis thread.
 *
 * Above HZ the 8253 and the local APIC timers interrupt at the rate
 * while profiling and the clock tick comes from every so many of their
 * interrupts (profclock).  kprof's Lock guards the counts against the
 * processors' clock interrupts.
 * An interrupt held off by splhi, taken in spllo or splx, is charged
 * to their caller (the clock's kprofpc).
 */

enum
{
	Qdir,
	Qdata,
	Qctl,
	Qsym,
	Qline,
	Qmach,

	Lres	= 3,		/* log2 of the bytes of text a bucket covers */
	Nhdr	= 6,		/* header words */
	Maxrate	= 20000,	/* highest sampling rate */
	Maxctl	= 128,		/* longest kpctl message */
};

static Dirtab kproftab[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"kpdata",	{Qdata},	0,	0444,
	"kpctl",	{Qctl},		0,	0664,
	"kpsym",	{Qsym},		0,	0444,
	"kpline",	{Qline},	0,	0444,
	"kpmach",	{Qmach},	0,	0444,
};

static struct
{
	Lock;			/* the counts */
	QLock	ctl;		/* serialises kpctl */
	ulong*	buf;		/* nbuf buckets, the first Nhdr unused; nil until started */
	int	nbuf;
	int	on;
	ulong	rate;		/* samples a second */
	ulong	period;		/* ns between samples, as the clock has it */
	ulong	total;		/* samples */
	ulong	outside;	/* samples outside the text */
	ulong	mtotal[MAXMACH];	/* samples by processor */
	ulong	moutside[MAXMACH];
} kprof;

/* at each clock interrupt of any processor while profiling, at splhi */
static void
kproftimer(ulong pc)
{
	lock(&kprof);
	if(!kprof.on || kprof.buf == nil){
		unlock(&kprof);
		return;
	}
	kprof.total++;
	kprof.mtotal[m->machno]++;
	if(pc >= KTZERO+(Nhdr<<Lres) && pc < (ulong)etext)
		kprof.buf[(pc-KTZERO)>>Lres]++;
	else{
		kprof.outside++;
		kprof.moutside[m->machno]++;
	}
	unlock(&kprof);
}

static void	kprofswitch(int);

static void
kprofinit(void)
{
	benchprof = kprofswitch;
	kprof.nbuf = ((ulong)etext - KTZERO + (1<<Lres)-1) >> Lres;
	kprof.rate = HZ;
	kprof.period = 1000000000/HZ;
	kproftab[Qdata].length = kprof.nbuf*4;
	kproftab[Qsym].length = ksymlen(0);
	kproftab[Qline].length = ksymlen(1);
}

static Chan*
kprofattach(char *spec)
{
	return devattach('T', spec);
}

static Walkqid*
kprofwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, kproftab, nelem(kproftab), devgen);
}

static int
kprofstat(Chan *c, uchar *dp, int n)
{
	return devstat(c, dp, n, kproftab, nelem(kproftab), devgen);
}

static Chan*
kprofopen(Chan *c, int omode)
{
	return devopen(c, omode, kproftab, nelem(kproftab), devgen);
}

static void
kprofclose(Chan*)
{
}

/* word i of kpdata */
static ulong
kpword(int i)
{
	switch(i){
	case 0:
		return kprof.total;
	case 1:
		return kprof.outside;
	case 2:
		return (kprof.period+500)/1000;
	case 3:
		return kprof.nbuf;
	case 4:
		return 4;
	case 5:
		return Lres;
	}
	return kprof.buf != nil ? kprof.buf[i] : 0;
}

/* any offset, any count: byte o is byte o%4 of word o/4, big-endian */
static long
dataread(uchar *a, long n, vlong off)
{
	vlong end;
	long i;
	ulong w;

	end = (vlong)kprof.nbuf*4;
	if(off < 0 || off >= end)
		return 0;
	if(n > end-off)
		n = end-off;
	qlock(&kprof.ctl);	/* end frees the buckets */
	w = kpword(off/4);
	for(i = 0; i < n; i++){
		if((off+i)%4 == 0)
			w = kpword((off+i)/4);
		a[i] = w >> 8*(3-(off+i)%4);
	}
	qunlock(&kprof.ctl);
	return n;
}

/* kpmach: a line a processor */
static long
machread(void *a, long n, vlong off)
{
	char *buf, *p, *e;
	int i;

	buf = smalloc(READSTR);
	if(waserror()){
		free(buf);
		nexterror();
	}
	p = buf;
	e = buf + READSTR;
	for(i = 0; i < conf.nmach; i++)
		p = seprint(p, e, "%d %lud %lud\n", i, kprof.mtotal[i], kprof.moutside[i]);
	n = readstr(off, a, n, buf);
	poperror();
	free(buf);
	return n;
}

static long
kprofread(Chan *c, void *a, long n, vlong off)
{
	char buf[128];

	switch((ulong)c->qid.path){
	case Qdir:
		return devdirread(c, a, n, kproftab, nelem(kproftab), devgen);
	case Qdata:
		return dataread(a, n, off);
	case Qctl:
		snprint(buf, sizeof buf, "%s rate %lud period %lud samples %lud outside %lud\n",
			kprof.on ? "on" : "off", kprof.rate, kprof.period, kprof.total, kprof.outside);
		return readstr(off, a, n, buf);
	case Qsym:
		return ksymread(0, a, n, off);
	case Qline:
		return ksymread(1, a, n, off);
	case Qmach:
		return machread(a, n, off);
	}
	error(Egreg);
	return 0;
}

/* start counting, clearing the counts first if clr */
static void
kprofstart(int clr)
{
	ulong *b;

	if(kprof.buf == nil){
		b = malloc(kprof.nbuf*sizeof(ulong));
		if(b == nil)
			error(Enomem);
		kprof.buf = b;
		clr = 1;
	}
	if(clr){
		lock(&kprof);
		memset(kprof.buf, 0, kprof.nbuf*sizeof(ulong));
		kprof.total = 0;
		kprof.outside = 0;
		memset(kprof.mtotal, 0, sizeof kprof.mtotal);
		memset(kprof.moutside, 0, sizeof kprof.moutside);
		unlock(&kprof);
	}
	if(kprof.on)
		return;
	if(kprof.rate > HZ)
		kprof.period = profclock(kprof.rate);
	else
		kprof.period = 1000000000/HZ;
	lock(&kprof);
	kprof.on = 1;
	kproftick = kproftimer;
	unlock(&kprof);
}

static void
kprofstop(void)
{
	if(!kprof.on)
		return;
	lock(&kprof);
	kproftick = nil;
	kprof.on = 0;
	unlock(&kprof);
	if(kprof.rate > HZ)
		profclock(0);
}

/*
 * Bench->profon and profoff (devbench.c), with the VM held: start, start
 * cleared or stop as kpctl's words do, with no system call around them,
 * so that a profile holds the code between the two calls and nothing of
 * a write to kpctl.  Errors (no memory for the counts) are raised.
 */
static void
kprofswitch(int how)
{
	qlock(&kprof.ctl);
	if(waserror()){
		qunlock(&kprof.ctl);
		nexterror();
	}
	if(how == Kprofstop)
		kprofstop();
	else
		kprofstart(how == Kprofclr);
	poperror();
	qunlock(&kprof.ctl);
}

static void
setrate(Cmdbuf *cb)
{
	char *e, msg[64];
	long r;

	r = strtol(cb->f[1], &e, 10);
	if(*e != 0 || e == cb->f[1] || r < HZ || r > Maxrate){
		snprint(msg, sizeof msg, "rate must be %d to %d", HZ, Maxrate);
		cmderror(cb, msg);
	}
	if(kprof.on)
		cmderror(cb, "stop profiling before changing the rate");
	kprof.rate = r;
}

enum
{
	CMstart,
	CMstartclr,
	CMstop,
	CMend,
	CMrate,
};

static Cmdtab kprofcmd[] =
{
	CMstart,	"start",	1,
	CMstartclr,	"startclr",	1,
	CMstop,		"stop",		1,
	CMend,		"end",		1,
	CMrate,		"rate",		2,
};

static void
ctlwrite(char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	ulong *b;

	if(n > Maxctl)
		error(Etoobig);
	cb = parsecmd(a, n);
	if(waserror()){
		qunlock(&kprof.ctl);
		free(cb);
		nexterror();
	}
	qlock(&kprof.ctl);
	ct = lookupcmd(cb, kprofcmd, nelem(kprofcmd));
	switch(ct->index){
	case CMstart:
		kprofstart(0);
		break;
	case CMstartclr:
		kprofstart(1);
		break;
	case CMstop:
		kprofstop();
		break;
	case CMend:
		kprofstop();
		b = kprof.buf;
		kprof.buf = nil;
		kprof.total = 0;
		kprof.outside = 0;
		memset(kprof.mtotal, 0, sizeof kprof.mtotal);
		memset(kprof.moutside, 0, sizeof kprof.moutside);
		free(b);
		break;
	case CMrate:
		setrate(cb);
		break;
	}
	poperror();
	qunlock(&kprof.ctl);
	free(cb);
}

static long
kprofwrite(Chan *c, void *a, long n, vlong)
{
	switch((ulong)c->qid.path){
	case Qctl:
		ctlwrite(a, n);
		return n;
	}
	error(Eperm);
	return 0;
}

Dev kprofdevtab = {
	'T',
	"kprof",

	devreset,
	kprofinit,
	devshutdown,
	kprofattach,
	kprofwalk,
	kprofstat,
	kprofopen,
	devcreate,
	kprofclose,
	kprofread,
	devbread,
	kprofwrite,
	devbwrite,
	devremove,
	devwstat,
};
