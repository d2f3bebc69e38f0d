#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	<interp.h>

/*
 * #g -- the Dis heap's collector: its policy, the heap's limit, memory
 * hogs that take some of it away, and the collector's counters
 * (man/3/gc).
 *
 * gcctl	policy alloc|avail|idle, limit N, collect, reset
 * gcstat	the counters, a snapshot made at open and at each read at
 *		offset 0 (a reader that opened it before can read it without
 *		the open's time, in which the idle collector may run)
 * gchog	each open is a hog: writing N makes it hold N bytes of
 *		kernel memory, written to, taken from what the heap may use;
 *		closing gives them back
 *
 * The heap may use heaplimit bytes; the limit set is heaplimit plus
 * what the hogs hold (gchog).  Everything that touches the collector
 * does so holding the VM: a writer arrives released (Sys_write), a
 * close may come from inside the VM (an FD collected, a prog's exit).
 */

enum
{
	Qdir,
	Qctl,
	Qstat,
	Qhog,

	Maxtext	= 2048,
	Hogpiece	= 64*1024,
	Maxsize	= 0x7fffffff,
};

typedef struct Hog Hog;
struct Hog
{
	ulong	size;		/* bytes held */
	int	npiece;
	int	maxpiece;
	uchar**	piece;		/* Hogpiece bytes each, the last maybe less */
};

static Dirtab gcdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"gcctl",	{Qctl},		0,	0664,
	"gcstat",	{Qstat},	0,	0444,
	"gchog",	{Qhog},		0,	0664,
};

enum
{
	CMpolicy,
	CMlimit,
	CMcollect,
	CMreset,
};

static Cmdtab gccmd[] =
{
	CMpolicy,	"policy",	2,
	CMlimit,	"limit",	2,
	CMcollect,	"collect",	1,
	CMreset,	"reset",	1,
};

/* take the VM unless this kproc holds it (a close from inside the VM); 1 if taken */
static int
gcacquire(void)
{
	if(up->type != Unknown)
		return 0;
	acquire();
	return 1;
}

static void
gcrelease(int took)
{
	if(took)
		release();
}

/* a byte count: decimal, with k or m for 1024 or 1024*1024; -1 if malformed */
static vlong
gcsize(char *s)
{
	char *e;
	vlong n;

	if(*s < '0' || *s > '9')
		return -1;
	n = strtoll(s, &e, 10);
	if(n > Maxsize)
		return -1;
	if(*e == 'k' || *e == 'K'){
		n <<= 10;
		e++;
	}else if(*e == 'm' || *e == 'M'){
		n <<= 20;
		e++;
	}
	if(*e != 0 || n < 0 || n > Maxsize)
		return -1;
	return n;
}

/*
 * can the heap give up n more bytes of what it may use?  If not at
 * once, after a whole collection.  With the VM held, no prog current.
 */
static int
gcspare(ulong n)
{
	if(heaplimit >= n && heaplimit-n >= gcstat.heapinuse)
		return 1;
	gccollect();
	return heaplimit >= n && heaplimit-n >= gcstat.heapinuse;
}

/* the limit becomes n bytes; with the VM held, no prog current */
static void
setlimit(vlong n)
{
	char buf[ERRMAX];

	if(n < gchog){
		snprint(buf, sizeof buf, "limit %lld is below what the hogs hold (%lud bytes)", n, gchog);
		error(buf);
	}
	if(n-gchog < gcstat.heapinuse)
		gccollect();
	if(n-gchog < gcstat.heapinuse){
		snprint(buf, sizeof buf, "limit %lld is below the live heap (%lud bytes)", n, gcstat.heapinuse);
		error(buf);
	}
	heaplimit = n-gchog;
}

static void
ctlcmd(Cmdbuf *cb)
{
	Cmdtab *ct;
	vlong n;
	char buf[ERRMAX];

	ct = lookupcmd(cb, gccmd, nelem(gccmd));
	switch(ct->index){
	case CMpolicy:
		if(gcsetpolicy(cb->f[1]) == nil){
			snprint(buf, sizeof buf, "unknown policy \"%.32s\": alloc, avail or idle", cb->f[1]);
			error(buf);
		}
		break;
	case CMlimit:
		n = gcsize(cb->f[1]);
		if(n <= 0)
			cmderror(cb, "limit must be a byte count (k, m), 1 to 2147483647");
		setlimit(n);
		break;
	case CMcollect:
		gccollect();
		break;
	case CMreset:
		gcresetstat();
		break;
	}
}

/* the writer holds the VM with its prog saved: a safe point */
static void
ctlwrite(char *a, long n)
{
	Cmdbuf *cb;
	Prog *p;

	if(n > 128)
		error(Etoobig);
	cb = parsecmd(a, n);
	acquire();
	p = isave();
	if(waserror()){
		irestore(p);
		release();
		free(cb);
		nexterror();
	}
	ctlcmd(cb);
	poperror();
	irestore(p);
	release();
	free(cb);
}

/* the text of gcstat */
static char*
gcstattext(char *s, char *e)
{
	int i;

	s = seprint(s, e, "policy %s\n", gcpolicies[gcpolicy]);
	s = seprint(s, e, "limit %lud avail %lud hog %lud\n", heaplimit+gchog, heaplimit, gchog);
	s = seprint(s, e, "heap inuse %lud held %lud max %lud\n", gcstat.heapinuse, gcstat.heapsys, gcstat.heapmax);
	s = seprint(s, e, "collections %lud\n", gcstat.epochs);
	s = seprint(s, e, "started");
	for(i = 0; i < Ngcwhy; i++)
		s = seprint(s, e, " %s %lud", gcwhys[i], gcstat.why[i]);
	s = seprint(s, e, "\ngctime %llud us\n", gcstat.gcusec);
	s = seprint(s, e, "maxpause %lud us\n", gcstat.maxusec);
	s = seprint(s, e, "pauses %lud\n", gcstat.npause);
	s = seprint(s, e, "pausehist");
	for(i = 0; i < Npausehist; i++)
		s = seprint(s, e, " %lud", gcstat.pausehist[i]);
	s = seprint(s, e, "\nreturned %llud chunks %lud\n", gcstat.returned, gcstat.chunksfreed);
	s = seprint(s, e, "quanta %llud\n", gcstat.quanta);
	if(gctrig.why < 0)
		return seprint(s, e, "last none\n");
	s = seprint(s, e, "last why %s inuse %lud held %lud avail %lud trigger %lud previnuse %lud prevheld %lud quantum %llud\n",
		gcwhys[gctrig.why], gctrig.inuse, gctrig.sys, gctrig.avail, gctrig.trigger,
		gctrig.previnuse, gctrig.prevsys, gctrig.quantum);
	return s;
}

/*
 * hog h holds n bytes, written to: grow or shrink.  With the VM held,
 * no prog current.  On error h is as it was.
 */
static void
hogsize(Hog *h, ulong n)
{
	uchar **np, *b;
	int want, had;
	char buf[ERRMAX];

	if(n > h->size && !gcspare(n-h->size)){
		snprint(buf, sizeof buf, "hog of %lud bytes: only %lud available (limit %lud, live heap %lud)",
			n, h->size+heaplimit-gcstat.heapinuse, heaplimit+gchog, gcstat.heapinuse);
		error(buf);
	}
	want = (n+Hogpiece-1)/Hogpiece;
	if(want > h->maxpiece){
		np = realloc(h->piece, want*sizeof(uchar*));
		if(np == nil)
			error(Enomem);
		h->piece = np;
		h->maxpiece = want;
	}
	had = h->npiece;
	while(h->npiece < want){
		b = malloc(Hogpiece);
		if(b == nil){
			while(h->npiece > had)
				free(h->piece[--h->npiece]);
			snprint(buf, sizeof buf, "hog of %lud bytes: kernel memory exhausted", n);
			error(buf);
		}
		memset(b, 0xAA, Hogpiece);
		h->piece[h->npiece++] = b;
	}
	while(h->npiece > want)
		free(h->piece[--h->npiece]);
	gchog += n - h->size;
	heaplimit -= n - h->size;
	h->size = n;
}

static void
hogwrite(Hog *h, char *a, long n)
{
	char buf[32];
	vlong sz;
	Prog *p;

	if(n >= sizeof buf)
		error(Etoobig);
	memmove(buf, a, n);
	buf[n] = 0;
	if(n > 0 && buf[n-1] == '\n')
		buf[n-1] = 0;
	sz = gcsize(buf);
	if(sz < 0)
		error("hog size must be a byte count (k, m), 0 to 2147483647");
	acquire();
	p = isave();
	if(waserror()){
		irestore(p);
		release();
		nexterror();
	}
	hogsize(h, sz);
	poperror();
	irestore(p);
	release();
}

/* the text of gcstat (arg nil) or gcctl, from the counters now, for snapread */
static char*
snaptext(void *arg, long *n)
{
	char *s, *e;
	int took;

	s = smalloc(Maxtext);
	took = gcacquire();
	if(arg == nil)
		e = gcstattext(s, s+Maxtext);
	else
		e = seprint(s, s+Maxtext, "policy %s\nlimit %lud\nhog %lud\n",
			gcpolicies[gcpolicy], heaplimit+gchog, gchog);
	gcrelease(took);
	*n = e - s;
	return s;
}

static Chan*
gcattach(char *spec)
{
	return devattach('g', spec);
}

static Walkqid*
gcwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, gcdir, nelem(gcdir), devgen);
}

static int
gcstat_(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, gcdir, nelem(gcdir), devgen);
}

/* snaptext's argument: which file */
static void*
snaparg(Chan *c)
{
	return (ulong)c->qid.path == Qstat ? nil : c;
}

static Chan*
gcopen(Chan *c, int omode)
{
	Snap *sn;

	c = devopen(c, omode, gcdir, nelem(gcdir), devgen);
	switch((ulong)c->qid.path){
	case Qstat:
	case Qctl:
		sn = mallocz(sizeof(Snap), 1);
		if(sn == nil){
			c->flag &= ~COPEN;
			error(Enomem);
		}
		if(waserror()){
			free(sn);
			c->flag &= ~COPEN;
			nexterror();
		}
		snaptake(sn, snaptext, snaparg(c));
		poperror();
		c->aux = sn;
		break;
	case Qhog:
		c->aux = mallocz(sizeof(Hog), 1);
		if(c->aux == nil){
			c->flag &= ~COPEN;
			error(Enomem);
		}
		break;
	}
	return c;
}

static void
gcclose(Chan *c)
{
	Hog *h;
	int took;

	if((c->flag & COPEN) == 0)
		return;
	switch((ulong)c->qid.path){
	case Qstat:
	case Qctl:
		snapfree(c->aux);
		free(c->aux);
		break;
	case Qhog:
		h = c->aux;
		took = gcacquire();
		while(h->npiece > 0)
			free(h->piece[--h->npiece]);
		gchog -= h->size;
		heaplimit += h->size;
		gcrelease(took);
		free(h->piece);
		free(h);
		break;
	}
	c->aux = nil;
}

static long
gcread(Chan *c, void *a, long n, vlong off)
{
	Hog *h;

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, gcdir, nelem(gcdir), devgen);
	if(off < 0)
		error(Eoffset);
	switch((ulong)c->qid.path){
	case Qstat:
	case Qctl:
		return snapread(c->aux, a, n, off, snaptext, snaparg(c));
	case Qhog:
		h = c->aux;
		return readnum(off, a, n, h->size, 12);
	}
	error(Egreg);
	return 0;
}

static long
gcwrite(Chan *c, void *a, long n, vlong)
{
	switch((ulong)c->qid.path){
	case Qctl:
		ctlwrite(a, n);
		return n;
	case Qhog:
		hogwrite(c->aux, a, n);
		return n;
	}
	error(Eperm);
	return 0;
}

Dev gcdevtab = {
	'g',
	"gc",

	devreset,
	devinit,
	devshutdown,
	gcattach,
	gcwalk,
	gcstat_,
	gcopen,
	devcreate,
	gcclose,
	gcread,
	devbread,
	gcwrite,
	devbwrite,
	devremove,
	devwstat,
};
