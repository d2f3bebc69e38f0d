#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	<interp.h>

/*
 * #P -- the Dis profiler, with the files and control words of Inferno's
 * prof(3), which its prof, cprof and mprof use (through profile.m):
 *
 *	ctl		module name..., start, startcp pid, startmp[123], stop,
 *			end, interval ms; a read gives the state, one line
 *	N/name		a profiled module's implementation name
 *	N/path		the file it was loaded from
 *	N/histogram	a pair "index count" a read, for each bucket with a
 *			count, in order of index (the open file keeps the place)
 *
 * A record (its directory N is its number, in hex) is made for a module
 * the first time the profiler meets it, if the module list names it (by
 * name or path) or is empty.  Its buckets count, by profiler:
 *	start	(sampling) every interval ms, the instruction a Dis thread
 *		is running then: bucket pc+1 (Inferno's R.PC, one ahead)
 *	startcp	(coverage) each instruction that thread pid, and the threads
 *		it spawns from then on, execute: bucket pc
 *	startmp	(memory) bytes of the Dis heap that the instruction at pc
 *		allocated (a builtin's blocks are its call's) and that are not
 *		freed yet, in 2(pc+2), and their most, in 2(pc+2)+1; the
 *		module's whole, and its most, in 0 and 1
 * The interpreter calls profstep before every instruction of a quantum
 * while xecstep is set, and profheap as a heap block is made or freed
 * while heapmon is set, both with the VM held.  Records are looked at
 * and changed only with the VM held: the device's operations take it
 * (their caller, a Dis thread in a system call, has let it go).
 */

enum
{
	Qdir,
	Qctl,
	Qmoddir,
	Qname,
	Qpath,
	Qhist,

	Qshift	= 4,
	Qmask	= (1<<Qshift)-1,

	Poff	= 0,
	Psample,
	Pcover,
	Pmemory,

	Definterval	= 100,		/* ms between samples */
	Maxinterval	= 60000,
	Maxctl	= 256,		/* longest ctl write */
	Maxmods	= 32,		/* modules in the list */
	Histmin	= 24,		/* a read of histogram must have room for a pair */

	/* Inferno's heap (for the figures of memory profiling) */
	Infquanta	= 31,		/* its heap pool rounds blocks to 32 bytes */
	Infbhdr	= 12,		/* with a pool header and tail of 12 */
	Infstring	= 16,		/* its String, header of the characters */
	Infchannel	= 32,		/* its Channel */
};

#define	QTYPE(q)	((ulong)(q).path & Qmask)
#define	QID(q)		((ulong)((q).path >> Qshift))
#define	QPATH(id, t)	(((uvlong)(id) << Qshift) | (t))

typedef struct Record Record;
struct Record
{
	int	id;
	char*	name;
	char*	path;
	uvlong	qidpath;	/* the module's identity, as the loader has it */
	ulong	qidvers;
	ulong	mtime;
	int	size;		/* buckets: 2(nprog+2), room for every profiler's */
	ulong*	bucket;
	Record*	link;
};

/* memory profiling: the record and bucket each block still held was charged to */
typedef struct Tag Tag;
struct Tag
{
	Heap*	h;		/* nil: never used; Gone: freed */
	int	id;
	int	idx;
	ulong	size;
};
#define	Gone	((Heap*)1)

static char *modename[] = { "off", "sampling", "coverage", "memory" };

static struct
{
	QLock	ctl;		/* one control write at a time */
	int	mode;		/* P*: the profiler on */
	int	interval;
	int	pending;	/* a sample is due: the sampler sets it, profstep takes it */
	int	sampler;	/* the sampler kproc runs */
	Rendez	samplerr;
	char*	mods[Maxmods];	/* the module list */
	int	nmods;
	Record*	list;		/* newest first */
	int	nrec;
	int	ids;
	Module*	lastm;		/* profstep's cache: the module, its code, its record */
	Inst*	lastprog;
	Record*	lastr;
	Module*	memm;		/* memory: the instruction running, its module and pc */
	int	mempc;
	Tag*	tag;		/* open addressing on the block's address */
	ulong	ntag;		/* slots, a power of 2 */
	ulong	usedtag;	/* slots not nil */
	ulong	dropped;	/* blocks not followed: no memory for their tags */
} prof = { .interval = Definterval };

static void	profstep(Inst*);
static void	profheap(Heap*, ulong);

/* the record numbered id; with the VM */
static Record*
getrec(int id)
{
	Record *r;

	for(r = prof.list; r != nil; r = r->link)
		if(r->id == id)
			return r;
	return nil;
}

/* a copy of s, nil if no memory: the interpreter's callers cannot take an error */
static char*
copystr(char *s)
{
	char *t;

	t = malloc(strlen(s)+1);
	if(t != nil)
		strcpy(t, s);
	return t;
}

static int
listed(Module *m)
{
	int i;

	if(prof.nmods == 0)
		return 1;
	for(i = 0; i < prof.nmods; i++)
		if(strcmp(prof.mods[i], m->name) == 0 || strcmp(prof.mods[i], m->path) == 0)
			return 1;
	return 0;
}

/* m's record, made if m is to be profiled; nil if not, or no memory.  With the VM. */
static Record*
mlook(Module *m)
{
	Record *r;

	if(m == nil || m->prog == nil || m->nprog <= 0)
		return nil;
	for(r = prof.list; r != nil; r = r->link)
		if(r->qidpath == m->qidpath && r->qidvers == m->qidvers && r->mtime == m->mtime
		&& strcmp(r->name, m->name) == 0 && strcmp(r->path, m->path) == 0)
			return r;
	if(!listed(m))
		return nil;
	r = malloc(sizeof(Record));
	if(r == nil)
		return nil;
	r->size = 2*(m->nprog+2);
	r->bucket = malloc(r->size*sizeof(ulong));
	r->name = copystr(m->name);
	r->path = copystr(m->path);
	if(r->bucket == nil || r->name == nil || r->path == nil){
		free(r->bucket);
		free(r->name);
		free(r->path);
		free(r);
		return nil;
	}
	r->id = ++prof.ids;
	r->qidpath = m->qidpath;
	r->qidvers = m->qidvers;
	r->mtime = m->mtime;
	r->link = prof.list;
	prof.list = r;
	prof.nrec++;
	return r;
}

/* m's record, through a cache of the last module's; with the VM */
static Record*
modrec(Module *m)
{
	if(m != prof.lastm || m->prog != prof.lastprog){
		prof.lastm = m;
		prof.lastprog = m->prog;
		prof.lastr = mlook(m);
	}
	return prof.lastr;
}

/*
 * before each instruction of a quantum while profiling, with the VM
 * held: R.M is i's module.  A sample due is taken by whatever runs
 * next, and lost if that is not profiled.  A module gets a record only
 * when something is counted in it, as in Inferno.
 */
static void
profstep(Inst *i)
{
	Module *m;
	Record *r;
	Prog *p;
	int pc;

	m = R.M->m;
	pc = i - m->prog;
	switch(prof.mode){
	case Psample:
		if(!prof.pending)
			return;
		prof.pending = 0;
		if((r = modrec(m)) != nil && pc+1 < r->size)
			r->bucket[pc+1]++;
		break;
	case Pcover:
		if((p = currun()) == nil || (p->flags & Pprofiled) == 0)
			return;
		if((r = modrec(m)) != nil && pc < r->size)
			r->bucket[pc]++;
		break;
	case Pmemory:
		prof.memm = m;
		prof.mempc = pc;
		break;
	}
}

/* every interval ms while sampling: a sample is due if a Dis thread runs */
static void
sampler(void*)
{
	while(prof.mode == Psample){
		tsleep(&prof.samplerr, return0, nil, prof.interval);
		if(currun() != nil)
			prof.pending = 1;
	}
	prof.sampler = 0;
	pexit("", 0);
}

/*
 * Memory profiling.  Inferno's mprof prints bytes as Inferno's heap
 * counts them, and so does this, that the figures agree: each block is
 * charged what Inferno's heap pool would give it (the request with
 * Inferno's headers, rounded up to its pool's quanta, less the pool's
 * and the block's headers).  Minos's strings have a smaller header and
 * a spare byte, its channels one word less, than Inferno's.
 */
static ulong
infsize(Heap *h, ulong n)
{
	if(h->t == &Tstring)
		n += Infstring - (sizeof(String)-STRUCTALIGN) - 1;
	else if(h->t == &Tchannel)
		n += Infchannel - sizeof(Channel);
	return ((n + Infbhdr + Infquanta) & ~Infquanta) - Infbhdr - sizeof(Heap);
}

static ulong
taghash(Heap *h)
{
	return ((ulong)h >> 3) * 2654435761UL;
}

/* the slot of h, or the nil slot where it would go */
static Tag*
tagslot(Heap *h)
{
	ulong i, mask;
	Tag *t;

	mask = prof.ntag-1;
	for(i = taghash(h) & mask; ; i = (i+1) & mask){
		t = &prof.tag[i];
		if(t->h == h || t->h == nil)
			return t;
	}
}

/*
 * room for another tag: at most half the slots not nil; when full,
 * rehash the live tags (freed slots dropped) into a table a quarter
 * used at most
 */
static int
taggrow(void)
{
	Tag *o, *t;
	ulong i, n, no, live;

	if(prof.tag != nil && 2*(prof.usedtag+1) <= prof.ntag)
		return 1;
	o = prof.tag;
	no = prof.ntag;
	live = 0;
	for(i = 0; i < no; i++)
		if(o[i].h != nil && o[i].h != Gone)
			live++;
	for(n = 1024; n < 4*(live+1); n *= 2)
		;
	t = malloc(n*sizeof(Tag));
	if(t == nil)
		return 0;
	prof.tag = t;
	prof.ntag = n;
	prof.usedtag = live;
	for(i = 0; i < no; i++)
		if(o[i].h != nil && o[i].h != Gone)
			*tagslot(o[i].h) = o[i];
	free(o);
	return 1;
}

static void
tagsfree(void)
{
	free(prof.tag);
	prof.tag = nil;
	prof.ntag = 0;
	prof.usedtag = 0;
}

/* add v to bucket i of r, and to r's whole; raise their most */
static void
charge(Record *r, int i, long v)
{
	ulong *b;

	b = r->bucket;
	b[0] += v;
	if((long)b[0] < 0)
		b[0] = 0;
	b[i] += v;
	if((long)b[i] < 0)
		b[i] = 0;
	if(v > 0){
		if(b[0] > b[1])
			b[1] = b[0];
		if(b[i] > b[i+1])
			b[i+1] = b[i];
	}
}

/* a heap block made (n: the bytes asked for, with its header) or freed (n: 0); with the VM */
static void
profheap(Heap *h, ulong n)
{
	Record *r;
	Tag *t;
	Prog *p;
	Frame *f;
	Module *m;
	int i, pc;

	if(prof.mode != Pmemory)
		return;
	if(n == 0){
		if(prof.tag == nil)
			return;
		t = tagslot(h);
		if(t->h != h)
			return;
		t->h = Gone;
		r = getrec(t->id);
		if(r != nil)
			charge(r, t->idx, -(long)t->size);
		return;
	}
	if((p = currun()) == nil)
		return;
	m = prof.memm;
	pc = prof.mempc;
	if(p->flags & Pbuiltin){
		/* a builtin's block (sys->open's FD): the call's; other threads ran while it blocked */
		f = (Frame*)R.FP;
		if(f == nil || f->mr == nil || f->mr == H || (m = f->mr->m) == nil || m->prog == nil)
			return;
		pc = R.PC-1 - m->prog;
		if(pc < 0 || pc >= m->nprog)
			return;
	}
	if(m == nil || (r = modrec(m)) == nil)
		return;
	i = 2*(pc+2);
	if(i+1 >= r->size)
		return;
	if(!taggrow()){
		prof.dropped++;
		return;
	}
	t = tagslot(h);
	if(t->h == nil)
		prof.usedtag++;
	t->h = h;
	t->id = r->id;
	t->idx = i;
	t->size = infsize(h, n);
	charge(r, i, t->size);
}

/* take the progs out of coverage; with the VM */
static void
uncover(void)
{
	Prog *p;
	int i;

	for(i = 0; (p = progn(i)) != nil; i++)
		p->flags &= ~Pprofiled;
}

/* the profiler off, the records kept; with the VM */
static void
profoff(void)
{
	prof.mode = Poff;
	prof.pending = 0;
	xecstep = nil;
	heapmon = nil;
	prof.memm = nil;
	uncover();
	wakeup(&prof.samplerr);
}

static void
profon(int mode)
{
	prof.mode = mode;
	prof.lastm = nil;
	prof.lastr = nil;
	prof.memm = nil;
	xecstep = profstep;
	if(mode == Pmemory)
		heapmon = profheap;
}

/* stop, and forget every record, the list and the interval; with the VM */
static void
profend(void)
{
	Record *r;
	int i;

	profoff();
	while((r = prof.list) != nil){
		prof.list = r->link;
		free(r->name);
		free(r->path);
		free(r->bucket);
		free(r);
	}
	prof.nrec = 0;
	prof.lastm = nil;
	prof.lastr = nil;
	for(i = 0; i < prof.nmods; i++)
		free(prof.mods[i]);
	prof.nmods = 0;
	tagsfree();
	prof.dropped = 0;
	prof.interval = Definterval;
}

static void
setmods(Cmdbuf *cb)
{
	int i;

	if(cb->nf-1 > Maxmods)
		cmderror(cb, "too many modules");
	for(i = 0; i < prof.nmods; i++)
		free(prof.mods[i]);
	prof.nmods = 0;
	for(i = 1; i < cb->nf; i++){
		prof.mods[prof.nmods] = copystr(cb->f[i]);
		if(prof.mods[prof.nmods] == nil)
			error(Enomem);
		prof.nmods++;
	}
	prof.lastm = nil;	/* a module may be in or out now */
	prof.lastr = nil;
}

/* start profiler mode: again is nothing, another while one runs an error */
static int
mustbeoff(Cmdbuf *cb, int mode)
{
	char msg[64];

	if(prof.mode == mode)
		return 0;
	if(prof.mode != Poff){
		snprint(msg, sizeof msg, "%s profiling is on: stop it first", modename[prof.mode]);
		cmderror(cb, msg);
	}
	return 1;
}

/* startmp with its pools: 1 main, 2 heap, 3 image; Minos profiles the Dis heap (2) */
static void
startmp(Cmdbuf *cb)
{
	char *s;

	for(s = cb->f[0]+7; *s != 0; s++)
		if(*s < '1' || *s > '3')
			cmderror(cb, "want startmp with pools 1, 2 or 3");
	if(mustbeoff(cb, Pmemory))
		profon(Pmemory);
}

static void
startcp(Cmdbuf *cb)
{
	Prog *p;
	char *e;
	ulong pid;

	pid = strtoul(cb->f[1], &e, 10);
	if(*e != 0 || e == cb->f[1] || (p = progpid(pid)) == nil)
		cmderror(cb, "no such thread");
	if(prof.mode == Pcover){
		p->flags |= Pprofiled;
		return;
	}
	if(mustbeoff(cb, Pcover)){
		p->flags |= Pprofiled;
		profon(Pcover);
	}
}

static void
startsample(Cmdbuf *cb)
{
	if(!mustbeoff(cb, Psample))
		return;
	profon(Psample);
	if(!prof.sampler){
		prof.sampler = 1;
		if(kproc("prof", sampler, nil, PriRealtime) < 0){
			prof.sampler = 0;
			profoff();
			error(Enomem);
		}
	}
}

static void
setinterval(Cmdbuf *cb)
{
	char *e, msg[64];
	long n;

	n = strtol(cb->f[1], &e, 10);
	if(*e != 0 || e == cb->f[1] || n < 1 || n > Maxinterval){
		snprint(msg, sizeof msg, "interval must be 1 to %d ms", Maxinterval);
		cmderror(cb, msg);
	}
	prof.interval = n;
}

enum
{
	CMmodule,
	CMstart,
	CMstartcp,
	CMstop,
	CMend,
	CMinterval,
};

static Cmdtab profcmd[] =
{
	CMmodule,	"module",	0,
	CMstart,	"start",	1,
	CMstartcp,	"startcp",	2,
	CMstop,		"stop",		1,
	CMend,		"end",		1,
	CMinterval,	"interval",	2,
};

static void
ctlwrite(char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	int took;

	if(n > Maxctl)
		error(Etoobig);
	if(memchr(a, 0, n) != nil)
		error(Ebadctl);
	cb = parsecmd(a, n);
	qlock(&prof.ctl);
	took = vmtake();
	if(waserror()){
		vmdrop(took);
		qunlock(&prof.ctl);
		free(cb);
		nexterror();
	}
	if(cb->nf == 1 && strncmp(cb->f[0], "startmp", 7) == 0)
		startmp(cb);
	else{
		ct = lookupcmd(cb, profcmd, nelem(profcmd));
		switch(ct->index){
		case CMmodule:
			setmods(cb);
			break;
		case CMstart:
			startsample(cb);
			break;
		case CMstartcp:
			startcp(cb);
			break;
		case CMstop:
			profoff();
			break;
		case CMend:
			profend();
			break;
		case CMinterval:
			setinterval(cb);
			break;
		}
	}
	poperror();
	vmdrop(took);
	qunlock(&prof.ctl);
	free(cb);
}

/*
 * The directory: ctl, then a directory a record, newest first (as
 * Inferno lists them); in a record's, its three files.  With the VM.
 */
static int
profgen(Chan *c, char *name, Dirtab*, int, int s, Dir *dp)
{
	static char *file[] = { "name", "path", "histogram" };
	Record *r;
	Qid q;
	char *e;
	ulong id;

	if(s == DEVDOTDOT){
		mkqid(&q, Qdir, 0, QTDIR);
		devdir(c, q, "#P", 0, eve, DMDIR|0555, dp);
		return 1;
	}
	if(QTYPE(c->qid) == Qdir){
		if(name != nil && strcmp(name, "ctl") == 0 || name == nil && s == 0){
			mkqid(&q, Qctl, 0, QTFILE);
			devdir(c, q, "ctl", 0, eve, 0666, dp);
			return 1;
		}
		if(name != nil){
			id = strtoul(name, &e, 16);
			if(*e != 0 || strlen(name) != 8)
				return -1;
			r = getrec(id);
		}else
			for(r = prof.list; r != nil && --s > 0; r = r->link)
				;
		if(r == nil)
			return -1;
		snprint(up->genbuf, sizeof up->genbuf, "%.8lux", (ulong)r->id);
		mkqid(&q, QPATH(r->id, Qmoddir), 0, QTDIR);
		devdir(c, q, up->genbuf, 0, eve, DMDIR|0555, dp);
		return 1;
	}
	if(s >= nelem(file) || getrec(QID(c->qid)) == nil)
		return -1;
	mkqid(&q, QPATH(QID(c->qid), Qname+s), 0, QTFILE);
	devdir(c, q, file[s], 0, eve, 0444, dp);
	return 1;
}

static Chan*
profattach(char *spec)
{
	return devattach('P', spec);
}

static Walkqid*
profwalk(Chan *c, Chan *nc, char **name, int nname)
{
	Walkqid *wq;
	int took;

	took = vmtake();
	if(waserror()){
		vmdrop(took);
		nexterror();
	}
	wq = devwalk(c, nc, name, nname, nil, 0, profgen);
	poperror();
	vmdrop(took);
	return wq;
}

static int
profstat(Chan *c, uchar *db, int n)
{
	int took;

	took = vmtake();
	if(waserror()){
		vmdrop(took);
		nexterror();
	}
	n = devstat(c, db, n, nil, 0, profgen);
	poperror();
	vmdrop(took);
	return n;
}

static Chan*
profopen(Chan *c, int omode)
{
	int took, t;

	t = QTYPE(c->qid);
	if(t == Qdir || t == Qmoddir){
		if(omode != OREAD)
			error(Eisdir);
	}else if(t != Qctl && openmode(omode) != OREAD)
		error(Eperm);
	if(omode & ORCLOSE)
		error(Eperm);
	if(t != Qdir && t != Qctl){
		took = vmtake();
		if(getrec(QID(c->qid)) == nil){
			vmdrop(took);
			error(Enonexist);
		}
		vmdrop(took);
	}
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	c->aux = nil;		/* histogram: the next bucket to look at */
	return c;
}

static void
profclose(Chan*)
{
}

/* the next pair of r's histogram from bucket *next on, or 0 at the end; with the VM */
static long
histread(Record *r, char *a, long n, ulong *next)
{
	char buf[Histmin];
	ulong i;
	int k;

	for(i = *next; i < r->size && r->bucket[i] == 0; i++)
		;
	if(i >= r->size)
		return 0;
	k = snprint(buf, sizeof buf, "%lud %lud", i, r->bucket[i]);
	if(n < k)
		error(Etoosmall);
	memmove(a, buf, k);
	*next = i+1;
	return k;
}

static long
profread(Chan *c, void *a, long n, vlong off)
{
	char buf[128];
	Record *r;
	ulong next;
	int took;

	if(QTYPE(c->qid) == Qctl){
		snprint(buf, sizeof buf, "%s interval %d records %d modules %d dropped %lud\n",
			modename[prof.mode], prof.interval, prof.nrec, prof.nmods, prof.dropped);
		return readstr(off, a, n, buf);
	}
	took = vmtake();
	if(waserror()){
		vmdrop(took);
		nexterror();
	}
	if(c->qid.type & QTDIR)
		n = devdirread(c, a, n, nil, 0, profgen);
	else{
		r = getrec(QID(c->qid));
		if(r == nil)
			error("profile ended");
		switch(QTYPE(c->qid)){
		case Qname:
			n = readstr(off, a, n, r->name);
			break;
		case Qpath:
			n = readstr(off, a, n, r->path);
			break;
		case Qhist:
			/* readers of one fd take turns holding the VM: each gets the next pair */
			next = (ulong)c->aux;
			n = histread(r, a, n, &next);
			c->aux = (void*)next;
			break;
		default:
			error(Egreg);
		}
	}
	poperror();
	vmdrop(took);
	return n;
}

static long
profwrite(Chan *c, void *a, long n, vlong)
{
	if(QTYPE(c->qid) != Qctl)
		error(Eperm);
	ctlwrite(a, n);
	return n;
}

Dev profdevtab = {
	'P',
	"prof",

	devreset,
	devinit,
	devshutdown,
	profattach,
	profwalk,
	profstat,
	profopen,
	devcreate,
	profclose,
	profread,
	devbread,
	profwrite,
	devbwrite,
	devremove,
	devwstat,
};
