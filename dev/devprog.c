#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	<interp.h>

/*
 * #p -- the Dis threads (progs), one directory per pid, as Inferno's prog(3).
 * The prog list belongs to the VM, so every look at a Prog happens
 * between acquire() and release(): the caller, a prog in a system
 * call, has released the VM, and another kproc may be running it.
 * An error() between them must release too, hence the waserror pairs.
 * Qid paths are pid<<Qshift | file; the top directory is path 0.
 */

enum
{
	Qdir,
	Qprogdir,
	Qctl,
	Qexception,
	Qfd,
	Qns,
	Qnsgrp,
	Qpgrp,
	Qstack,
	Qstatus,
	Qwait,

	Qshift	= 5,
	Qmask	= (1<<Qshift)-1,
};

#define	QTYPE(q)	((ulong)(q).path & Qmask)
#define	QPID(q)		((ulong)((q).path >> Qshift))
#define	QPATH(pid, t)	(((uvlong)(pid) << Qshift) | (t))

static Dirtab progdir[] =
{
	"ctl",		{Qctl},		0,	0220,
	"exception",	{Qexception},	0,	0440,
	"fd",		{Qfd},		0,	0440,
	"ns",		{Qns},		0,	0440,
	"nsgrp",	{Qnsgrp},	0,	0444,
	"pgrp",		{Qpgrp},	0,	0444,
	"stack",	{Qstack},	0,	0440,
	"status",	{Qstatus},	0,	0444,
	"wait",		{Qwait},	0,	0440,
};

/* the names of enum ProgState, in its order */
static char *progstate[] =
{
	"alt",
	"send",
	"recv",
	"debug",
	"ready",
	"release",
	"exiting",
	"broken",
};

enum
{
	CMkill,
	CMkillgrp,
};

static Cmdtab progcmd[] =
{
	CMkill,		"kill",		1,
	CMkillgrp,	"killgrp",	1,
};

/* reading ns: where the walk over the mount table has got to */
typedef struct Nswalk Nswalk;
struct Nswalk
{
	ulong	lastid;		/* mountid of the last line returned */
	int	cddone;
};

/*
 * Take the VM, unless this kproc holds it already: a close can come
 * from the collector freeing an FD, or from an exiting prog's fds,
 * both inside the VM.  Returns whether vmrelease must give it back.
 */
static int
vmacquire(void)
{
	if(up->type != Unknown)
		return 0;
	acquire();
	return 1;
}

static void
vmrelease(int took)
{
	if(took)
		release();
}

/* the Prog for c, which must still exist; called with the VM held */
static Prog*
chanprog(Chan *c)
{
	Prog *p;

	p = progpid(QPID(c->qid));
	if(p == nil)
		error(Ethread);
	return p;
}

static char*
proguser(Prog *p)
{
	if(p->osenv == nil || p->osenv->user == nil)
		return eve;
	return p->osenv->user;
}

/*
 * Directory entries: the top level lists the progs by creation
 * order (or finds one by name in a walk), a prog's directory its files.
 * Called with the VM held.
 */
static int
proggen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Qid q;
	Prog *p;
	char *e;
	ulong pid;

	USED(tab);
	USED(ntab);
	if(s == DEVDOTDOT){
		mkqid(&q, Qdir, 0, QTDIR);
		devdir(c, q, "#p", 0, eve, DMDIR|0555, dp);
		return 1;
	}
	if(QTYPE(c->qid) == Qdir){
		if(name != nil){
			pid = strtoul(name, &e, 10);
			if(pid == 0 || *e != '\0' || name[0] == '0')
				return -1;
			p = progpid(pid);
		}else
			p = progn(s);
		if(p == nil)
			return -1;
		snprint(up->genbuf, sizeof up->genbuf, "%d", p->pid);
		mkqid(&q, QPATH(p->pid, Qprogdir), 0, QTDIR);
		devdir(c, q, up->genbuf, 0, proguser(p), DMDIR|0555, dp);
		return 1;
	}
	if(s >= nelem(progdir))
		return -1;
	p = progpid(QPID(c->qid));
	if(p == nil)
		return -1;
	tab = &progdir[s];
	mkqid(&q, QPATH(p->pid, tab->qid.path), 0, QTFILE);
	devdir(c, q, tab->name, 0, proguser(p), tab->perm, dp);
	return 1;
}

static Chan*
progattach(char *spec)
{
	return devattach('p', spec);
}

static Walkqid*
progwalk(Chan *c, Chan *nc, char **name, int nname)
{
	Walkqid *wq;
	int took;

	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	wq = devwalk(c, nc, name, nname, nil, 0, proggen);
	poperror();
	vmrelease(took);
	return wq;
}

static int
progstat(Chan *c, uchar *db, int n)
{
	Dir d;
	Prog *p;
	Dirtab *t;
	int took;

	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	switch(QTYPE(c->qid)){
	case Qdir:
		devdir(c, c->qid, "#p", 0, eve, DMDIR|0555, &d);
		break;
	case Qprogdir:
		p = chanprog(c);
		snprint(up->genbuf, sizeof up->genbuf, "%d", p->pid);
		devdir(c, c->qid, up->genbuf, 0, proguser(p), DMDIR|0555, &d);
		break;
	default:
		p = chanprog(c);
		t = &progdir[QTYPE(c->qid)-Qctl];
		devdir(c, c->qid, t->name, 0, proguser(p), t->perm, &d);
		break;
	}
	n = convD2M(&d, db, n);
	poperror();
	vmrelease(took);
	if(n <= BIT16SZ)
		error(Eshortstat);
	return n;
}

static Chan*
progopen(Chan *c, int omode)
{
	Prog *p;
	Osenv *o;
	Queue *q;
	int took;

	if(c->qid.type & QTDIR){
		took = vmacquire();
		if(waserror()){
			vmrelease(took);
			nexterror();
		}
		c = devopen(c, omode, nil, 0, proggen);
		poperror();
		vmrelease(took);
		return c;
	}
	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	p = chanprog(c);
	devpermcheck(proguser(p), progdir[QTYPE(c->qid)-Qctl].perm, omode);
	omode = openmode(omode);
	o = p->osenv;
	switch(QTYPE(c->qid)){
	case Qwait:
		if(o == nil)
			error(Ethread);
		q = qopen(2048, Qmsg, nil, nil);
		if(q == nil)
			error(Enomem);
		c->aux = q;
		o->childq = q;
		break;
	case Qns:
		if(o == nil || o->pgrp == nil)
			error(Ethread);
		c->aux = smalloc(sizeof(Nswalk));
		break;
	}
	poperror();
	vmrelease(took);
	c->mode = omode;
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

/* no prog may keep a pointer to a wait queue about to be freed */
static void
forgetqueue(Queue *q)
{
	Prog *p;
	Osenv *o;

	for(p = progn(0); p != nil; p = p->next){
		o = p->osenv;
		if(o == nil)
			continue;
		if(o->childq == q)
			o->childq = nil;
		if(o->waitq == q)
			o->waitq = nil;
	}
}

static void
progclose(Chan *c)
{
	int took;
	if((c->flag & COPEN) == 0)
		return;
	switch(QTYPE(c->qid)){
	case Qwait:
		took = vmacquire();
		if(waserror()){
			vmrelease(took);
			nexterror();
		}
		forgetqueue(c->aux);
		poperror();
		vmrelease(took);
		qfree(c->aux);
		c->aux = nil;
		break;
	case Qns:
		free(c->aux);
		c->aux = nil;
		break;
	}
}

static char*
progtime(ulong msec, char *buf, char *ebuf)
{
	int tenths, sec;

	tenths = msec/100;
	sec = tenths/10;
	seprint(buf, ebuf, "%4d:%2.2d.%d", sec/60, sec%60, tenths%10);
	return buf;
}

/* the module running, as "Mod" or, inside a builtin, "Mod[$Sys]" */
static void
progmodule(Prog *p, char *buf, int nbuf)
{
	Modlink *ml;
	Frame *f;

	ml = p->R.M;
	if(ml == nil || ml == H || ml->m == nil){
		snprint(buf, nbuf, "[$Sys]");
		return;
	}
	if(ml->m->name[0] == '$' && p->R.FP != nil){
		f = (Frame*)p->R.FP;
		if(f->mr != nil && f->mr != H && f->mr->m != nil){
			snprint(buf, nbuf, "%s[%s]", f->mr->m->name, ml->m->name);
			return;
		}
	}
	snprint(buf, nbuf, "%s", ml->m->name);
}

/* kilobytes held: the stack segments, and the running module's data and code */
static ulong
progsize(Prog *p)
{
	Stkseg *s;
	Module *m;
	ulong size;

	size = 0;
	for(s = (Stkseg*)p->R.EX; s != nil; s = s->prev)
		size += sizeof(Stkseg) + s->size;
	if(p->R.M != nil && p->R.M != H && (m = p->R.M->m) != nil)
		size += m->mpsize + m->nprog*sizeof(Inst);
	return size/1024;
}

static long
readstatus(Chan *c, char *a, long n, vlong off)
{
	Prog *p;
	char mod[64], tbuf[16];
	int state;
	int took;

	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	p = progpid(QPID(c->qid));
	if(p == nil || p->state == Pexiting){
		poperror();
		vmrelease(took);
		snprint(up->genbuf, sizeof up->genbuf, "%8lud %8d %10s %s %10s %5dK %s",
			QPID(c->qid), 0, eve, progtime(0, tbuf, tbuf+sizeof tbuf),
			progstate[Pexiting], 0, "[$Sys]");
		return readstr(off, a, n, up->genbuf);
	}
	progmodule(p, mod, sizeof mod);
	/* the reader itself is in a system call, though acquire made it current */
	state = p == currun() ? Prelease : p->state;
	snprint(up->genbuf, sizeof up->genbuf, "%8d %8d %10s %s %10s %5ludK %s",
		p->pid, p->grp, proguser(p), progtime(p->ticks, tbuf, tbuf+sizeof tbuf),
		state >= 0 && state < nelem(progstate) ? progstate[state] : "unknown",
		progsize(p), mod);
	poperror();
	vmrelease(took);
	return readstr(off, a, n, up->genbuf);
}

/*
 * Keep only the part of the text produced so far that lies at or
 * beyond the read offset: *skip counts bytes still to be skipped.
 */
static int
skipout(char *a, int n, vlong *skip)
{
	if(*skip == 0)
		return n;
	if(*skip >= n){
		*skip -= n;
		return 0;
	}
	memmove(a, a+*skip, n-*skip);
	n -= *skip;
	*skip = 0;
	return n;
}

/* one line per open file: fd, mode, device, qid, iounit, offset, name */
static long
readfd(Chan *c, char *a, long n, vlong off)
{
	Prog *p;
	Fgrp *f;
	Chan *fc;
	Osenv *o;
	int i, l, w, k;
	char *buf, tmp[16];
	vlong skip;
	int took;

	buf = smalloc(READSTR);
	if(waserror()){
		free(buf);
		nexterror();
	}
	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	p = chanprog(c);
	o = p->osenv;
	if(o == nil || o->fgrp == nil || o->pgrp == nil)
		error(Ethread);
	f = o->fgrp;
	skip = off;
	l = 0;
	if(o->pgrp->dot != nil && o->pgrp->dot->path != nil)
		l = snprint(buf, READSTR, "%s\n", o->pgrp->dot->path->s);
	else
		l = snprint(buf, READSTR, "/\n");
	l = skipout(buf, l, &skip);
	lock(f);
	/* as Inferno: the qid versions are as wide as the widest */
	w = 1;
	for(i = 0; i <= f->maxfd && i < f->nfd; i++)
		if((fc = f->fd[i]) != nil && (k = snprint(tmp, sizeof tmp, "%lud", fc->qid.vers)) > w)
			w = k;
	for(i = 0; i <= f->maxfd && i < f->nfd && l < n; i++){
		fc = f->fd[i];
		if(fc == nil)
			continue;
		l += fdline(buf+l, READSTR-l, i, fc, w);
		l = skipout(buf, l, &skip);
		if(l >= READSTR-1)
			break;
	}
	unlock(f);
	poperror();
	vmrelease(took);
	if(l > n)
		l = n;
	memmove(a, buf, l);
	poperror();
	free(buf);
	return l;
}

/*
 * Is mt the mount point's own directory in its union?  A bind -a or
 * -b puts it there; a replay of the other binds brings it back.
 */
static int
isself(Mhead *mh, Mount *mt)
{
	return mt->to != nil && mh->from != nil && eqchan(mt->to, mh->from, 1);
}

/*
 * How mt was bound, from its place in the union: before or after the
 * mount point's own directory, or (when that was replaced) before or
 * after the oldest member, which is the MREPL bind itself.
 */
static int
mountorder(Mhead *mh, Mount *mt)
{
	Mount *f, *base;

	base = nil;
	for(f = mh->mount; f != nil; f = f->next)
		if(isself(mh, f)){
			base = f;
			break;
		}
	if(base == nil)
		for(f = mh->mount; f != nil; f = f->next)
			if(base == nil || f->mountid < base->mountid)
				base = f;
	if(mt == base)
		return MREPL;
	for(f = mh->mount; f != nil && f != base; f = f->next)
		if(f == mt)
			return MBEFORE;
	return MAFTER;
}

/*
 * The next bind in mount order after w->lastid, as a namespace(6)
 * line; then "cd dir"; then nothing.  Offsets are ignored: each read
 * returns the next line.
 */
static long
readns(Chan *c, char *a, long n)
{
	Prog *p;
	Pgrp *pg;
	Nswalk *w;
	Mhead *mh, *bmh;
	Mount *mt, *best;
	char flag[8], *s;
	int i, order;
	int took;

	w = c->aux;
	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	if(w->cddone){
		poperror();
		vmrelease(took);
		return 0;
	}
	p = chanprog(c);
	pg = p->osenv->pgrp;
	best = nil;
	bmh = nil;
	rlock(&pg->ns);
	for(i = 0; i < MNTHASH; i++)
		for(mh = pg->mnthash[i]; mh != nil; mh = mh->hash)
			for(mt = mh->mount; mt != nil; mt = mt->next)
				if(mt->mountid > w->lastid && (best == nil || mt->mountid < best->mountid)
				&& !isself(mh, mt)){
					best = mt;
					bmh = mh;
				}
	if(best == nil){
		runlock(&pg->ns);
		w->cddone = 1;
		s = "/";
		if(pg->dot != nil && pg->dot->path != nil)
			s = pg->dot->path->s;
		snprint(up->genbuf, sizeof up->genbuf, "cd %s\n", s);
	}else{
		w->lastid = best->mountid;
		order = mountorder(bmh, best);
		s = flag;
		if(order != MREPL || (best->mflag & (MCREATE|MCACHE))){
			*s++ = '-';
			if(order == MAFTER)
				*s++ = 'a';
			if(order == MBEFORE)
				*s++ = 'b';
			if(best->mflag & MCREATE)
				*s++ = 'c';
			if(best->mflag & MCACHE)
				*s++ = 'C';
		}
		*s = '\0';
		snprint(up->genbuf, sizeof up->genbuf, "bind %s%s%s %s\n", flag, flag[0] ? " " : "",
			best->to != nil && best->to->path != nil ? best->to->path->s : "?",
			bmh->from != nil && bmh->from->path != nil ? bmh->from->path->s : "?");
		runlock(&pg->ns);
	}
	poperror();
	vmrelease(took);
	i = strlen(up->genbuf);
	if(i > n)
		i = n;
	memmove(a, up->genbuf, i);
	return i;
}

/* one line per frame, innermost first: fp, pc, mp, code, 0 (interpreted), path */
static long
readstack(Chan *c, char *a, long n, vlong off)
{
	Prog *p;
	Frame *f;
	Modlink *ml;
	uchar *fp;
	Inst *pc;
	char *buf;
	int l;
	ulong rel;
	vlong skip;
	int took;

	buf = smalloc(READSTR);
	if(waserror()){
		free(buf);
		nexterror();
	}
	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	p = chanprog(c);
	if(p->state == Pexiting || p->state == Pbroken)
		error(Ethread);
	ml = p->R.M;
	pc = p->R.PC;
	/* a blocked prog's PC is already past the instruction that blocked */
	if(p->state != Pready && p->state != Pdebug && ml != nil && ml != H && pc > ml->prog)
		pc--;
	skip = off;
	l = 0;
	for(fp = p->R.FP; fp != nil && fp != H && l < READSTR-1; fp = f->fp){
		f = (Frame*)fp;
		if(ml == nil || ml == H || ml->m == nil)
			break;
		rel = ml->prog != nil ? pc - ml->prog : 0;
		l += snprint(buf+l, READSTR-l, "%.8lux %.8lux %.8lux %.8lux 0 %s\n",
			(ulong)fp, rel, (ulong)ml->MP, (ulong)ml->prog, ml->m->path);
		l = skipout(buf, l, &skip);
		if(f->mr != nil)
			ml = f->mr;
		pc = f->lr;
		if(pc != nil && ml != nil && ml != H && pc > ml->prog)
			pc--;
	}
	poperror();
	vmrelease(took);
	if(l > n)
		l = n;
	memmove(a, buf, l);
	poperror();
	free(buf);
	return l;
}

static long
progread(Chan *c, void *va, long n, vlong off)
{
	Prog *p;
	ulong id;
	char *a;
	int took;

	if(n < 0)
		error(Ecount);
	if(off < 0)
		error(Eoffset);
	a = va;
	if(c->qid.type & QTDIR){
		took = vmacquire();
		if(waserror()){
			vmrelease(took);
			nexterror();
		}
		n = devdirread(c, a, n, nil, 0, proggen);
		poperror();
		vmrelease(took);
		return n;
	}
	switch(QTYPE(c->qid)){
	case Qstatus:
		return readstatus(c, a, n, off);
	case Qwait:
		return qread(c->aux, a, n);
	case Qfd:
		return readfd(c, a, n, off);
	case Qns:
		return readns(c, a, n);
	case Qstack:
		return readstack(c, a, n, off);
	case Qpgrp:
	case Qnsgrp:
		took = vmacquire();
		if(waserror()){
			vmrelease(took);
			nexterror();
		}
		p = chanprog(c);
		if(QTYPE(c->qid) == Qpgrp)
			id = p->grp;
		else if(p->osenv != nil && p->osenv->pgrp != nil)
			id = p->osenv->pgrp->pgrpid;
		else
			id = 0;
		poperror();
		vmrelease(took);
		return readnum(off, a, n, id, NUMSIZE);
	case Qexception:
		took = vmacquire();
		if(waserror()){
			vmrelease(took);
			nexterror();
		}
		p = chanprog(c);
		up->genbuf[0] = '\0';
		if(p->exstr != nil && p->exstr != H)
			snprint(up->genbuf, sizeof up->genbuf, "%s", string2c(p->exstr));
		poperror();
		vmrelease(took);
		return readstr(off, a, n, up->genbuf);
	case Qctl:
		error(Eperm);
	}
	error(Egreg);
	return -1;
}

static long
progwrite(Chan *c, void *va, long n, vlong off)
{
	Prog *p;
	Cmdbuf *cb;
	Cmdtab *ct;
	int took;

	USED(off);
	if(c->qid.type & QTDIR)
		error(Eisdir);
	if(QTYPE(c->qid) != Qctl)
		error(Eperm);
	cb = parsecmd(va, n);
	if(waserror()){
		free(cb);
		nexterror();
	}
	ct = lookupcmd(cb, progcmd, nelem(progcmd));
	took = vmacquire();
	if(waserror()){
		vmrelease(took);
		nexterror();
	}
	p = chanprog(c);
	/* swiprog interrupts a prog blocked in a system call, so it dies now */
	switch(ct->index){
	case CMkill:
		killprog(p, "killed");
		swiprog(p);
		break;
	case CMkillgrp:
		killgrpnow(p->grp, "killed");
		break;
	}
	poperror();
	vmrelease(took);
	poperror();
	free(cb);
	return n;
}

/*
 * p is exiting: tell its parent, if one has /prog/N/wait open, as
 * "pid "module":why".  Called holding the VM; never blocks.
 */
void
progwaitmsg(Prog *p)
{
	char msg[ERRMAX+64], *name, *why;
	Osenv *o;

	o = p->osenv;
	if(o == nil || o->waitq == nil)
		return;
	why = p->exitmsg != nil ? p->exitmsg : "";
	name = "";
	if(p->R.M != nil && p->R.M != H && p->R.M->m != nil && p->R.M->m->name != nil)
		name = p->R.M->m->name;
	snprint(msg, sizeof msg, "%d \"%s\":%s", p->pid, name, why);
	qproduce(o->waitq, msg, strlen(msg));
}

Dev progdevtab = {
	'p',
	"prog",

	devreset,
	devinit,
	devshutdown,
	progattach,
	progwalk,
	progstat,
	progopen,
	devcreate,
	progclose,
	progread,
	devbread,
	progwrite,
	devbwrite,
	devremove,
	devwstat,
};
