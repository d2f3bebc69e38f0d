/*
 * #c -- emu's console files, bound after the host's /dev: cons reads
 * the host's standard input and writes its standard output; msec,
 * sysname, time and user are generated.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

enum
{
	Qdir,
	Qcons,
	Qmsec,
	Qsysname,
	Qtime,
	Quser,
};

static Dirtab consdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"cons",		{Qcons},	0,	0666,
	"msec",		{Qmsec},	NUMSIZE,	0444,
	"sysname",	{Qsysname},	0,	0444,
	"time",		{Qtime},	0,	0444,
	"user",		{Quser},	0,	0444,
};

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
	return devopen(c, omode, consdir, nelem(consdir), devgen);
}

static void
consclose(Chan *c)
{
	USED(c);
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
