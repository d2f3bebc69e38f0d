/*
 * #c -- emu's console files, bound after the host's /dev: cons reads
 * the host's standard input and writes its standard output; consctl's
 * rawon puts a terminal there in raw mode (no echo, no line editing,
 * no signals: bytes as they come) until rawoff or its last close;
 * memory gives the host memory emu uses and the Dis heap, as the
 * kernel's pools; random and notquiterandom are the host's random
 * bytes (getrandom(2)); msec, sysname, time and user are generated.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <interp.h>
#include <termios.h>
#include <sys/syscall.h>

enum
{
	Qdir,
	Qcons,
	Qconsctl,
	Qmemory,
	Qmsec,
	Qnotquiterandom,
	Qrandom,
	Qsysname,
	Qtime,
	Quser,
};

static Dirtab consdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"cons",		{Qcons},	0,	0666,
	"consctl",	{Qconsctl},	0,	0220,
	"memory",	{Qmemory},	0,	0444,
	"msec",		{Qmsec},	NUMSIZE,	0444,
	"notquiterandom",	{Qnotquiterandom},	0,	0444,
	"random",	{Qrandom},	0,	0444,
	"sysname",	{Qsysname},	0,	0444,
	"time",		{Qtime},	0,	0444,
	"user",		{Quser},	0,	0444,
};

/* consctl: raw mode, while consctl is open, and the terminal's mode before it */
static struct
{
	Lock;
	int	nctl;		/* consctl's open Chans */
	int	raw;
	int	saved;		/* cooked holds the terminal's mode */
	struct termios	cooked;
} ctl;

/* put standard input, if a terminal, in raw mode or back */
static void
termmode(int raw)
{
	struct termios t;

	if(!isatty(0))
		return;
	if(raw){
		if(tcgetattr(0, &t) < 0)
			return;
		if(!ctl.saved){
			ctl.cooked = t;
			ctl.saved = 1;
		}
		t.c_lflag &= ~(ICANON|ECHO|ECHONL|ISIG|IEXTEN);
		t.c_iflag &= ~(ICRNL|INLCR|IGNCR|IXON);
		t.c_cc[VMIN] = 1;
		t.c_cc[VTIME] = 0;
		tcsetattr(0, TCSANOW, &t);
	}else if(ctl.saved)
		tcsetattr(0, TCSANOW, &ctl.cooked);
}

/* at exit: leave the terminal as it was found */
static void
termrestore(void)
{
	if(ctl.raw)
		termmode(0);
}

static void
setraw(int raw)
{
	static int atexitset;

	if(raw && !atexitset){
		atexit(termrestore);
		atexitset = 1;
	}
	if(raw != ctl.raw)
		termmode(raw);
	ctl.raw = raw;
}

/* the host's random bytes */
static long
hostrandom(uchar *a, long n)
{
	long r, t;

	for(t = 0; t < n; t += r){
		osenterhost();
		r = syscall(SYS_getrandom, a+t, n-t, 0);
		osleavehost();
		if(r <= 0){
			if(r < 0 && errno == EINTR && !up->notepending){
				r = 0;
				continue;
			}
			oserror();
		}
	}
	return n;
}

/*
 * /dev/memory's lines: main, what emu holds from the host's malloc for
 * itself (the Dis heap's chunks left out), and heap, the Dis heap: in
 * use, its limit, its high water mark and what it holds from the host.
 * Emu counts neither allocations, frees nor extensions (0), and main
 * has no limit (0).  The figures are words the VM updates: read without
 * holding it, each is one it had.
 */
static long
readmemory(char *a, long n, vlong off)
{
	char buf[256], *s, *e;
	ulong inuse, held, heapsys;

	heapsys = gcstat.heapsys;
	osmallocstat(&inuse, &held);
	s = buf;
	e = buf+sizeof buf;
	s = memoryline(s, e, "main", inuse > heapsys ? inuse - heapsys : 0, 0, 0, 0, 0, 0, held > heapsys ? held - heapsys : 0);
	memoryline(s, e, "heap", gcstat.heapinuse, heaplimit, gcstat.heapmax, 0, 0, 0, heapsys);
	return readstr(off, a, n, buf);
}

static Chan*
consattach(char *spec)
{
	return devattach('c', spec);
}

static Walkqid*
conswalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, consdir, nelem(consdir), devgen);
}

static int
consstat(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, consdir, nelem(consdir), devgen);
}

static Chan*
consopen(Chan *c, int omode)
{
	c = devopen(c, omode, consdir, nelem(consdir), devgen);
	if((ulong)c->qid.path == Qconsctl){
		lock(&ctl);
		ctl.nctl++;
		unlock(&ctl);
	}
	return c;
}

static void
consclose(Chan *c)
{
	if((c->flag & COPEN) == 0 || (ulong)c->qid.path != Qconsctl)
		return;
	lock(&ctl);
	if(--ctl.nctl == 0)
		setraw(0);
	unlock(&ctl);
}

/* a host call on the console that a note may interrupt */
static long
consio(int fd, void *a, long n, int w)
{
	long r;

	for(;;){
		osenterhost();
		r = w ? (long)write(fd, a, n) : (long)read(fd, a, n);
		osleavehost();
		if(r >= 0)
			return r;
		if(errno != EINTR || up->notepending)
			oserror();
	}
}

static long
consread(Chan *c, void *a, long n, vlong off)
{
	char buf[256];

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, consdir, nelem(consdir), devgen);
	switch((ulong)c->qid.path){
	case Qcons:
		return consio(0, a, n, 0);
	case Qmemory:
		return readmemory(a, n, off);
	case Qnotquiterandom:
	case Qrandom:
		return hostrandom(a, n);
	case Qmsec:
		return readnum(off, a, n, osmillisec(), NUMSIZE);
	case Qsysname:
		if(gethostname(buf, sizeof buf) < 0)
			strecpy(buf, buf+sizeof buf, "emu");
		buf[sizeof buf-1] = 0;
		return readstr(off, a, n, buf);
	case Qtime:
		snprint(buf, sizeof buf, "%lld", osusectime());
		return readstr(off, a, n, buf);
	case Quser:
		return readstr(off, a, n, up->env->user != nil ? up->env->user : eve);
	}
	error(Egreg);
	return 0;
}

static long
conswrite(Chan *c, void *a, long n, vlong off)
{
	long r, t;

	USED(off);
	if((ulong)c->qid.path == Qconsctl){
		lock(&ctl);
		if(waserror()){
			unlock(&ctl);
			nexterror();
		}
		setraw(consctlraw(a, n, ctl.raw));
		poperror();
		unlock(&ctl);
		return n;
	}
	if((ulong)c->qid.path != Qcons)
		error(Eperm);
	for(t = 0; t < n; t += r)
		r = consio(1, (char*)a+t, n-t, 1);
	return n;
}

Dev consdevtab = {
	'c',
	"cons",

	devreset,
	devinit,
	devshutdown,
	consattach,
	conswalk,
	consstat,
	consopen,
	devcreate,
	consclose,
	consread,
	devbread,
	conswrite,
	devbwrite,
	devremove,
	devwstat,
};
