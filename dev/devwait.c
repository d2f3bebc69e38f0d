#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #w -- the wait instruments, after Nix's lock statistics: for each
 * site (a type of wait and the waiter's caller) the number of waits,
 * their total and their longest, and their distribution in powers of
 * two of microseconds.  The kernel reports each wait through waitnote
 * (port/qlock.c, proc.c, dis.c) while they are on.
 *
 *	waitctl		start, stop, reset (zero the sites); reads as
 *			a status line
 *	waitstat	a line a site, in order of first wait:
 *			type pc symbol file:line n total max h0 ... h31
 *			times in nanoseconds; h0 counts the waits below
 *			1us, hk those of 2^(k-1) to 2^k us
 *	waitmach	a line a processor and type of wait it had:
 *			machno type n total max (nanoseconds), the
 *			waits of the processes it ran and its spins
 *
 * A read at offset 0 takes a fresh snapshot for its Chan, which later
 * offsets read, so that a reader sees one consistent table.
 */

enum
{
	Qdir,
	Qstat,
	Qctl,
	Qmach,

	Nsite	= 1024,		/* sites kept */
	Nprobe	= 64,		/* slots tried before a wait is dropped */
	Nbucket	= 32,
	Maxctl	= 64,		/* longest waitctl message */
};

static Dirtab waittab[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"waitstat",	{Qstat},	0,	0444,
	"waitctl",	{Qctl},		0,	0664,
	"waitmach",	{Qmach},	0,	0444,
};

static char *wtype[Nwait] =
{
	[Wqlock] = "qlock",
	[Wrlock] = "rlock",
	[Wwlock] = "wlock",
	[Wsleep] = "sleep",
	[Wacquire] = "acquire",
	[Wlock] = "lock",
};

typedef struct Wsite Wsite;
struct Wsite
{
	ulong	pc;		/* 0 in a free slot */
	int	type;
	ulong	n;
	uvlong	total;		/* fastticks */
	uvlong	max;
	ulong	hist[Nbucket];
};

static struct
{
	QLock	ctl;		/* serialises waitctl */
	Wsite*	site;		/* Nsite slots, by hash of pc and type; nil until started */
	int	nsite;
	ulong	dropped;	/* waits of sites that found no slot */
	int	on;
	int	key;		/* the sites' spin lock, at splhi (not a Lock: lock reports here) */
	uvlong	hz;		/* fastticks a second */
	uvlong	lim[Nbucket];	/* fastticks of 2^k us: h[k+1] starts there */
	struct {
		ulong	n;
		uvlong	total;
		uvlong	max;
	} mach[MAXMACH][Nwait];	/* by the processor that noted the wait, under key */
} ws;

/* hold the sites against interrupts and other processors */
static int
sitelock(void)
{
	int s;

	s = splhi();
	while(__atomic_exchange_n(&ws.key, 1, __ATOMIC_ACQUIRE))
		pause();
	return s;
}

static void
siteunlock(int s)
{
	__atomic_store_n(&ws.key, 0, __ATOMIC_RELEASE);
	splx(s);
}

/* waitnote while on; at any level */
static void
waitrecord(int type, ulong pc, uvlong t)
{
	Wsite *w;
	ulong h;
	int i, b, s;

	s = sitelock();
	if(ws.site == nil || type < 0 || type >= Nwait){
		siteunlock(s);
		return;
	}
	h = (pc ^ pc>>9 ^ type*0x9E3779B1UL) % Nsite;
	for(i = 0; i < Nprobe; i++){
		w = &ws.site[(h+i) % Nsite];
		if(w->pc == pc && w->type == type)
			break;
		if(w->pc == 0){
			w->pc = pc;
			w->type = type;
			ws.nsite++;
			break;
		}
	}
	if(i == Nprobe){
		ws.dropped++;
		siteunlock(s);
		return;
	}
	for(b = 0; b < Nbucket-1 && t >= ws.lim[b]; b++)
		;
	w->n++;
	w->total += t;
	if(t > w->max)
		w->max = t;
	w->hist[b]++;
	ws.mach[m->machno][type].n++;
	ws.mach[m->machno][type].total += t;
	if(t > ws.mach[m->machno][type].max)
		ws.mach[m->machno][type].max = t;
	siteunlock(s);
}

static void
waitinit(void)
{
	int k;

	fastticks(&ws.hz);
	if(ws.hz == 0)
		ws.hz = 1;
	for(k = 0; k < Nbucket; k++)
		ws.lim[k] = (ws.hz << k) / 1000000;
}

static uvlong
tk2ns(uvlong t)
{
	return t/ws.hz*1000000000 + t%ws.hz*1000000000/ws.hz;
}

static Chan*
waitattach(char *spec)
{
	return devattach('w', spec);
}

static Walkqid*
waitwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, waittab, nelem(waittab), devgen);
}

static int
waitstat(Chan *c, uchar *dp, int n)
{
	return devstat(c, dp, n, waittab, nelem(waittab), devgen);
}

static Chan*
waitopen(Chan *c, int omode)
{
	c = devopen(c, omode, waittab, nelem(waittab), devgen);
	if((ulong)c->qid.path == Qstat || (ulong)c->qid.path == Qmach)
		c->aux = smalloc(sizeof(Snap));	/* an error closes c */
	return c;
}

static void
waitclose(Chan *c)
{
	if((c->flag & COPEN) && c->aux != nil){
		snapfree(c->aux);
		free(c->aux);
		c->aux = nil;
	}
}

/* the table as text, for snapread */
static char*
stattext(void*, long *np)
{
	Wsite *v, *w;
	char *t, *p, *e, sym[64], file[64];
	int i, n, k, s, line;
	long size;

	v = nil;
	t = nil;
	n = 0;
	if(waserror()){
		free(v);
		free(t);
		nexterror();
	}
	qlock(&ws.ctl);
	if(ws.site != nil){
		v = malloc(Nsite*sizeof(Wsite));
		if(v == nil){
			qunlock(&ws.ctl);
			error(Enomem);
		}
		s = sitelock();
		for(i = 0; i < Nsite; i++)
			if(ws.site[i].pc != 0)
				v[n++] = ws.site[i];
		siteunlock(s);
	}
	qunlock(&ws.ctl);
	size = n*(128+sizeof sym+sizeof file+11*Nbucket) + 1;	/* the longest line fits */
	t = smalloc(size);
	p = t;
	e = p + size;
	*p = 0;
	for(i = 0; i < n; i++){
		w = &v[i];
		if(ksymname(w->pc, sym, sizeof sym) == 0)
			strcpy(sym, "?");
		line = ksymline(w->pc, file, sizeof file);
		if(line == 0)
			strcpy(file, "?");
		p = seprint(p, e, "%s %.8lux %s %s:%d %lud %llud %llud", wtype[w->type], w->pc,
			sym, file, line, w->n, tk2ns(w->total), tk2ns(w->max));
		for(k = 0; k < Nbucket; k++)
			p = seprint(p, e, " %lud", w->hist[k]);
		p = seprint(p, e, "\n");
	}
	*np = p - t;
	poperror();
	free(v);
	return t;
}

/* waitmach's text, for snapread */
static char*
machtext(void*, long *np)
{
	char *t, *p, *e;
	int i, k, s;
	ulong n[MAXMACH][Nwait];
	uvlong tot[MAXMACH][Nwait], max[MAXMACH][Nwait];

	s = sitelock();
	for(i = 0; i < MAXMACH; i++)
		for(k = 0; k < Nwait; k++){
			n[i][k] = ws.mach[i][k].n;
			tot[i][k] = ws.mach[i][k].total;
			max[i][k] = ws.mach[i][k].max;
		}
	siteunlock(s);
	t = smalloc(MAXMACH*Nwait*80 + 1);
	p = t;
	e = t + MAXMACH*Nwait*80 + 1;
	*p = 0;
	for(i = 0; i < conf.nmach; i++)
		for(k = 0; k < Nwait; k++)
			if(n[i][k] != 0)
				p = seprint(p, e, "%d %s %lud %llud %llud\n", i, wtype[k],
					n[i][k], tk2ns(tot[i][k]), tk2ns(max[i][k]));
	*np = p - t;
	return t;
}

static long
waitread(Chan *c, void *a, long n, vlong off)
{
	char buf[128];

	switch((ulong)c->qid.path){
	case Qdir:
		return devdirread(c, a, n, waittab, nelem(waittab), devgen);
	case Qstat:
		return snapread(c->aux, a, n, off, stattext, nil);
	case Qmach:
		return snapread(c->aux, a, n, off, machtext, nil);
	case Qctl:
		snprint(buf, sizeof buf, "%s sites %d dropped %lud\n", ws.on ? "on" : "off",
			ws.nsite, ws.dropped);
		return readstr(off, a, n, buf);
	}
	error(Egreg);
	return 0;
}

static void
waitreset(void)
{
	int s;

	s = sitelock();
	if(ws.site != nil)
		memset(ws.site, 0, Nsite*sizeof(Wsite));
	memset(ws.mach, 0, sizeof ws.mach);
	ws.nsite = 0;
	ws.dropped = 0;
	siteunlock(s);
}

enum
{
	CMstart,
	CMstop,
	CMreset,
};

static Cmdtab waitcmd[] =
{
	CMstart,	"start",	1,
	CMstop,		"stop",		1,
	CMreset,	"reset",	1,
};

static void
ctlwrite(char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	Wsite *w;

	if(n > Maxctl)
		error(Etoobig);
	cb = parsecmd(a, n);
	if(waserror()){
		qunlock(&ws.ctl);
		free(cb);
		nexterror();
	}
	qlock(&ws.ctl);
	ct = lookupcmd(cb, waitcmd, nelem(waitcmd));
	switch(ct->index){
	case CMstart:
		if(ws.site == nil){
			w = malloc(Nsite*sizeof(Wsite));
			if(w == nil)
				error(Enomem);
			memset(w, 0, Nsite*sizeof(Wsite));
			ws.site = w;
		}
		ws.on = 1;
		waitepoch++;
		waitnote = waitrecord;
		break;
	case CMstop:
		waitnote = nil;
		ws.on = 0;
		break;
	case CMreset:
		waitreset();
		break;
	}
	poperror();
	qunlock(&ws.ctl);
	free(cb);
}

static long
waitwrite(Chan *c, void *a, long n, vlong)
{
	switch((ulong)c->qid.path){
	case Qctl:
		ctlwrite(a, n);
		return n;
	}
	error(Eperm);
	return 0;
}

Dev waitdevtab = {
	'w',
	"wait",

	devreset,
	waitinit,
	devshutdown,
	waitattach,
	waitwalk,
	waitstat,
	waitopen,
	devcreate,
	waitclose,
	waitread,
	devbread,
	waitwrite,
	devbwrite,
	devremove,
	devwstat,
};
