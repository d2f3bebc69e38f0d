#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * sys->export: serve a name space over Styx on a Chan, as Inferno's
 * export(2).  A reader (the exporting thread, or a kproc for
 * EXPASYNC) takes the client's messages; requests go to worker kprocs,
 * at most Maxworker at once, which act in the exporter's name space
 * (its Pgrp at the time of the export) and write the replies, one
 * message at a time.  A Tflush interrupts the worker of the request it
 * names (a note); the Rflush follows that request's end.
 *
 * The client is not trusted: a message that does not parse, or is
 * bigger than the message size agreed, ends the export; fids and modes
 * are checked before any Chan is touched, and a walk never leaves the
 * exported tree: ".." is taken lexically, from the root, as namec
 * takes it.  When the connection ends, the workers are interrupted and
 * waited for, and every fid's Chan is closed.
 *
 * The Export is counted: the reader and each worker hold a reference,
 * and the last to let go frees it.  A worker still touches ex after it
 * counts itself gone (its wakeup of the reader, its unlock), and the
 * reader, seeing nworker 0, may meanwhile have closed everything: so
 * the reader closes the channels, but frees ex only if it is the last.
 */

typedef struct Export Export;
typedef struct Exfid Exfid;
typedef struct Exreq Exreq;

enum
{
	Maxworker	= 16,
	Nfidhash	= 32,
	Maxdepth	= 256,		/* most elements of a fid's path below the root */
	Maxfid		= 4096,		/* most fids a client may hold */
};

struct Exfid
{
	u32int	fid;
	Chan*	c;
	char*	path;		/* below the root: "" or "a/b" */
	int	depth;
	Exfid*	next;
};

struct Exreq
{
	Fcall	t;
	uchar*	buf;		/* the message t points into */
	Proc*	worker;		/* working on it, or nil */
	int	flushed;
	Exreq*	flushes;	/* Tflushes waiting for its end */
	Exreq*	next;		/* in Export.reqs */
	Exreq*	wnext;		/* in the work queue */
};

struct Export
{
	Ref;			/* the reader and the workers */
	Lock;			/* all below but wlk */
	Chan*	io;
	Chan*	root;
	Pgrp*	pgrp;
	Egrp*	egrp;
	char*	user;
	u32int	msize;
	int	dead;
	Exfid*	fids[Nfidhash];
	int	nfid;
	Exreq*	reqs;		/* in progress */
	Exreq*	work;		/* queued for workers */
	Exreq*	worktail;
	int	nqueued;
	int	nworker;
	int	nbusy;
	Rendez	done;		/* the reader waits for the workers to go */
	QLock	wlk;		/* one reply written at a time */
};

static char	Eunknownfid[] = "unknown fid";
static char	Efidinuse[] = "fid already in use";
static char	Eopen[] = "file already open";
static char	Enoauth[] = "authentication not required";

static void	exworker(void*);
static void	exfree(Export*);
static void	putexport(Export*);

/* write reply f; a failure ends nothing here, the reader sees the connection go */
static void
exreply(Export *ex, Fcall *f)
{
	uchar *buf;
	uint n;

	n = sizeS2M(f);
	if(n == 0 || n > ex->msize){
		f->type = Rerror;
		f->ename = "reply too big";
		n = sizeS2M(f);
	}
	buf = smalloc(n);
	n = convS2M(f, buf, n);
	qlock(&ex->wlk);
	if(!waserror()){
		if(n > 0)
			devtab[ex->io->type]->write(ex->io, buf, n, 0);
		poperror();
	}
	qunlock(&ex->wlk);
	free(buf);
}

static void
exerror(Export *ex, Fcall *t, char *err)
{
	Fcall r;

	r.type = Rerror;
	r.tag = t->tag;
	r.ename = err;
	exreply(ex, &r);
}

/* the fid, or nil (ex locked) */
static Exfid*
lookfid(Export *ex, u32int fid)
{
	Exfid *f;

	for(f = ex->fids[fid%Nfidhash]; f != nil; f = f->next)
		if(f->fid == fid)
			return f;
	return nil;
}

static Exfid*
getfid(Export *ex, u32int fid)
{
	Exfid *f;

	lock(ex);
	f = lookfid(ex, fid);
	unlock(ex);
	if(f == nil)
		error(Eunknownfid);
	return f;
}

/* add a fid for c at path (both taken over), unless fid is in use */
static void
newfid(Export *ex, u32int fid, Chan *c, char *path, int depth)
{
	Exfid *f;

	lock(ex);
	if(fid == NOFID || lookfid(ex, fid) != nil || ex->nfid >= Maxfid){
		unlock(ex);
		cclose(c);
		free(path);
		error(fid == NOFID || ex->nfid < Maxfid ? Efidinuse : "too many fids");
	}
	ex->nfid++;
	f = smalloc(sizeof *f);
	f->fid = fid;
	f->c = c;
	f->path = path;
	f->depth = depth;
	f->next = ex->fids[fid%Nfidhash];
	ex->fids[fid%Nfidhash] = f;
	unlock(ex);
}

/* take fid out of the table; the caller closes its Chan */
static Exfid*
delfid(Export *ex, u32int fid)
{
	Exfid *f, **l;

	lock(ex);
	for(l = &ex->fids[fid%Nfidhash]; (f = *l) != nil; l = &f->next)
		if(f->fid == fid){
			*l = f->next;
			ex->nfid--;
			break;
		}
	unlock(ex);
	if(f == nil)
		error(Eunknownfid);
	return f;
}

static void
freefid(Exfid *f)
{
	cclose(f->c);
	free(f->path);
	free(f);
}

/* a Chan on path below the root, walked from the root */
static Chan*
exwalkpath(Export *ex, char *path)
{
	char *elem[Maxdepth+1], *s;
	Chan *c;
	int n;

	s = smalloc(strlen(path)+1);
	strcpy(s, path);
	n = getfields(s, elem, nelem(elem), 1, "/");
	if(*path == 0)
		n = 0;
	c = cclone(ex->root);
	if(n > 0 && walk(&c, elem, n, 0, nil) < 0){
		free(s);
		cclose(c);
		error(up->env->errstr);
	}
	free(s);
	return c;
}

static void
exattach(Export *ex, Fcall *t, Fcall *r)
{
	if(t->afid != NOFID)
		error(Enoauth);
	newfid(ex, t->fid, cclone(ex->root), smalloc(1), 0);
	r->qid = ex->root->qid;
}

/*
 * walk fid's Chan along names, one at a time so that each qid is
 * known; newfid gets the result when all are walked
 */
static void
exwalk(Export *ex, Fcall *t, Fcall *r)
{
	Exfid *f;
	Chan *c, *nc;
	char *path, *np, *s;
	int i, depth;

	f = getfid(ex, t->fid);
	if(f->c->flag & COPEN)
		error(Eopen);
	if(t->newfid != t->fid){
		lock(ex);
		if(lookfid(ex, t->newfid) != nil){
			unlock(ex);
			error(Efidinuse);
		}
		unlock(ex);
	}
	c = cclone(f->c);
	path = smalloc(strlen(f->path)+1);
	strcpy(path, f->path);
	depth = f->depth;
	if(waserror()){
		cclose(c);
		free(path);
		nexterror();
	}
	for(i = 0; i < t->nwname; i++){
		if(strcmp(t->wname[i], "..") == 0){
			/* lexically, never above the root */
			if(depth > 0){
				s = strrchr(path, '/');
				if(s != nil)
					*s = 0;
				else
					*path = 0;
				depth--;
			}
			nc = exwalkpath(ex, path);
		}else{
			validname(t->wname[i], 0);
			if(depth >= Maxdepth)
				error(Etoolong);
			nc = c;
			incref(nc);
			if(strcmp(t->wname[i], ".") != 0){
				if(walk(&nc, &t->wname[i], 1, 0, nil) < 0){
					cclose(nc);
					if(i == 0)
						error(up->env->errstr);
					break;
				}
				np = smalloc(strlen(path)+1+strlen(t->wname[i])+1);
				sprint(np, *path ? "%s/%s" : "%s%s", path, t->wname[i]);
				free(path);
				path = np;
				depth++;
			}
		}
		cclose(c);
		c = nc;
		r->wqid[i] = c->qid;
	}
	r->nwqid = i;
	poperror();
	if(i < t->nwname){
		cclose(c);
		free(path);
		return;
	}
	if(t->newfid == t->fid){
		f = delfid(ex, t->fid);
		freefid(f);
	}
	newfid(ex, t->newfid, c, path, depth);
}

/* a Styx open mode as ours; only what Styx defines */
static int
exmode(int mode)
{
	if(mode & ~(3|OTRUNC|ORCLOSE))
		error(Ebadarg);
	return mode;
}

/* the most an i/o on c may move in one message */
static u32int
exiounit(Export *ex, Chan *c)
{
	if(c->iounit == 0 || c->iounit > ex->msize-IOHDRSZ)
		return ex->msize-IOHDRSZ;
	return c->iounit;
}

static void
exopen(Export *ex, Fcall *t, Fcall *r)
{
	Exfid *f;
	Chan *c;
	int mode;

	f = getfid(ex, t->fid);
	mode = exmode(t->mode);
	c = f->c;
	if(c->flag & COPEN)
		error(Eopen);
	if((c->qid.type & QTDIR) && openmode(mode) != OREAD)
		error(Eisdir);
	c = devtab[c->type]->open(c, mode);
	if(mode & ORCLOSE)
		c->flag |= CRCLOSE;
	f->c = c;
	r->qid = c->qid;
	r->iounit = exiounit(ex, c);
}

static void
excreate(Export *ex, Fcall *t, Fcall *r)
{
	Exfid *f;
	Chan *c, *nc;
	char *np;
	int mode;

	f = getfid(ex, t->fid);
	mode = exmode(t->mode);
	c = f->c;
	if(c->flag & COPEN)
		error(Eopen);
	if(!(c->qid.type & QTDIR))
		error(Enotdir);
	validname(t->name, 0);
	if(strcmp(t->name, ".") == 0 || strcmp(t->name, "..") == 0 || strlen(t->name) >= KNAMEMAX)
		error(Ebadchar);
	nc = c;
	incref(nc);
	if(walk(&nc, &t->name, 1, 0, nil) == 0){
		cclose(nc);
		error(Eexist);
	}
	incref(c);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	nc = createdir(c);
	poperror();
	if(waserror()){
		cclose(nc);
		nexterror();
	}
	devtab[nc->type]->create(nc, t->name, mode, t->perm);
	poperror();
	if(mode & ORCLOSE)
		nc->flag |= CRCLOSE;
	np = smalloc(strlen(f->path)+1+strlen(t->name)+1);
	sprint(np, *f->path ? "%s/%s" : "%s%s", f->path, t->name);
	free(f->path);
	f->path = np;
	f->depth++;
	f->c = nc;
	cclose(c);
	r->qid = nc->qid;
	r->iounit = exiounit(ex, nc);
}

static void
exread(Export *ex, Fcall *t, Fcall *r, uchar *buf)
{
	Exfid *f;
	Chan *c;
	long n;

	f = getfid(ex, t->fid);
	c = f->c;
	if(!(c->flag & COPEN) || c->mode != OREAD && c->mode != ORDWR)
		error(Ebadusefd);
	if(t->offset < 0)
		error(Eoffset);
	n = t->count;
	if(n > ex->msize-IOHDRSZ)
		n = ex->msize-IOHDRSZ;
	if(c->qid.type & QTDIR){
		if(t->offset == 0)
			chanrewind(c);
		else if(t->offset != c->offset)
			error("bad directory read offset");
		n = chanread(c, buf, n, -1);
	}else
		n = chanread(c, buf, n, t->offset);
	r->count = n;
	r->data = (char*)buf;
}

static void
exwrite(Export *ex, Fcall *t, Fcall *r)
{
	Exfid *f;
	Chan *c;

	f = getfid(ex, t->fid);
	c = f->c;
	if(!(c->flag & COPEN) || c->mode != OWRITE && c->mode != ORDWR)
		error(Ebadusefd);
	if(c->qid.type & QTDIR)
		error(Eisdir);
	if(t->offset < 0)
		error(Eoffset);
	r->count = devtab[c->type]->write(c, t->data, t->count, t->offset);
}

static void
exstat(Export *ex, Fcall *t, Fcall *r, uchar *buf)
{
	Exfid *f;
	Chan *c;
	int n;

	f = getfid(ex, t->fid);
	c = f->c;
	n = devtab[c->type]->stat(c, buf, ex->msize-IOHDRSZ);
	if(statcheck(buf, n) < 0)
		error(Ebadstat);
	r->nstat = n;
	r->stat = buf;
}

static void
exwstat(Export *ex, Fcall *t)
{
	Exfid *f;

	f = getfid(ex, t->fid);
	validstat(t->stat, t->nstat);
	devtab[f->c->type]->wstat(f->c, t->stat, t->nstat);
}

static void
exclunk(Export *ex, Fcall *t)
{
	freefid(delfid(ex, t->fid));
}

static void
exremove(Export *ex, Fcall *t)
{
	Exfid *f;
	Chan *c;

	f = delfid(ex, t->fid);
	c = f->c;
	f->c = nil;
	freefid(f);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	devtab[c->type]->remove(c);
	poperror();
	chanfree(c);	/* the device clunked it */
}

/* reply to Tflush fl, and free it */
static void
flushdone(Export *ex, Exreq *fl)
{
	Fcall r;

	r.type = Rflush;
	r.tag = fl->t.tag;
	exreply(ex, &r);
	free(fl->buf);
	free(fl);
}

/* do request q and reply to it (unless flushed), then to its flushes */
static void
exdo(Export *ex, Exreq *q)
{
	Fcall r;
	uchar *buf;
	Exreq *fl, **l;

	buf = nil;
	r.type = q->t.type+1;
	r.tag = q->t.tag;
	if(waserror()){
		r.type = Rerror;
		r.ename = up->env->errstr;
	}else{
		switch(q->t.type){
		case Tauth:
			error(Enoauth);
		case Tattach:
			exattach(ex, &q->t, &r);
			break;
		case Twalk:
			exwalk(ex, &q->t, &r);
			break;
		case Topen:
			exopen(ex, &q->t, &r);
			break;
		case Tcreate:
			excreate(ex, &q->t, &r);
			break;
		case Tread:
			buf = smalloc(ex->msize);
			exread(ex, &q->t, &r, buf);
			break;
		case Twrite:
			exwrite(ex, &q->t, &r);
			break;
		case Tclunk:
			exclunk(ex, &q->t);
			break;
		case Tremove:
			exremove(ex, &q->t);
			break;
		case Tstat:
			buf = smalloc(ex->msize);
			exstat(ex, &q->t, &r, buf);
			break;
		case Twstat:
			exwstat(ex, &q->t);
			break;
		default:
			error("bad Styx message type");
		}
		poperror();
	}
	lock(ex);
	for(l = &ex->reqs; *l != nil; l = &(*l)->next)
		if(*l == q){
			*l = q->next;
			break;
		}
	q->worker = nil;
	fl = q->flushes;
	unlock(ex);
	if(!q->flushed)
		exreply(ex, &r);
	free(buf);
	for(; fl != nil; fl = q){
		q = fl->flushes;
		flushdone(ex, fl);
	}
}

/* a worker: do queued requests until there are none */
static void
exworker(void *a)
{
	Export *ex;
	Exreq *q;
	Osenv *o;

	ex = a;
	o = &up->defenv;
	closegroups(o);
	o->pgrp = ex->pgrp;
	incref(o->pgrp);
	o->egrp = ex->egrp;
	if(o->egrp != nil)
		incref(o->egrp);
	o->user = ex->user;
	up->env = o;
	for(;;){
		lock(ex);
		q = ex->work;
		if(q == nil || ex->dead){
			ex->nworker--;
			if(ex->nworker == 0)
				wakeup(&ex->done);
			unlock(ex);
			putexport(ex);
			pexit("", 1);
		}
		ex->work = q->wnext;
		if(ex->work == nil)
			ex->worktail = nil;
		ex->nqueued--;
		ex->nbusy++;
		q->worker = up;
		unlock(ex);
		up->notepending = 0;
		exdo(ex, q);
		up->notepending = 0;
		free(q->buf);
		free(q);
		lock(ex);
		ex->nbusy--;
		unlock(ex);
	}
}

/* queue q for a worker, starting one if none is free */
static void
exqueue(Export *ex, Exreq *q)
{
	int start;

	lock(ex);
	q->next = ex->reqs;
	ex->reqs = q;
	q->wnext = nil;
	if(ex->worktail != nil)
		ex->worktail->wnext = q;
	else
		ex->work = q;
	ex->worktail = q;
	ex->nqueued++;
	start = ex->nworker < Maxworker && ex->nworker - ex->nbusy < ex->nqueued;
	if(start){
		ex->nworker++;
		incref(ex);
	}
	unlock(ex);
	if(start && kproc("exportfs", exworker, ex, PriNormal) < 0){
		/* no memory for a worker: with none left, the reader serves */
		putexport(ex);
		lock(ex);
		ex->nworker--;
		while(ex->nworker == 0 && (q = ex->work) != nil){
			ex->work = q->wnext;
			if(ex->work == nil)
				ex->worktail = nil;
			ex->nqueued--;
			q->worker = up;
			unlock(ex);
			exdo(ex, q);
			free(q->buf);
			free(q);
			lock(ex);
		}
		unlock(ex);
	}
}

/* Tflush: interrupt the request named, reply once it ends */
static void
exflush(Export *ex, Exreq *fl)
{
	Exreq *q;

	lock(ex);
	for(q = ex->reqs; q != nil; q = q->next)
		if(q->t.tag == fl->t.oldtag)
			break;
	if(q != nil){
		q->flushed = 1;
		fl->flushes = q->flushes;
		q->flushes = fl;
		if(q->worker != nil)
			postnote(q->worker, 1, "flush", 0);
		unlock(ex);
		return;
	}
	unlock(ex);
	flushdone(ex, fl);
}

/* Tversion: agree on a size, start afresh (nothing may be in progress) */
static void
exversion(Export *ex, Exreq *q)
{
	Fcall r;
	int i;
	Exfid *f;

	lock(ex);
	i = ex->reqs != nil;
	unlock(ex);
	r.tag = q->t.tag;
	if(i || q->t.tag != NOTAG){
		exerror(ex, &q->t, "Tversion with requests in progress");
		return;
	}
	r.type = Rversion;
	r.msize = q->t.msize;
	if(r.msize > MAXMSG)
		r.msize = MAXMSG;
	r.version = VERSION9P;
	if(strncmp(q->t.version, VERSION9P, strlen(VERSION9P)) != 0)
		r.version = "unknown";
	if(r.msize < 256){
		exerror(ex, &q->t, "message size too small");
		return;
	}
	for(i = 0; i < Nfidhash; i++)
		while((f = ex->fids[i]) != nil){
			ex->fids[i] = f->next;
			freefid(f);
		}
	ex->nfid = 0;
	exreply(ex, &r);
	ex->msize = r.msize;
}

/* read exactly n bytes from the connection; 0 at its end */
static int
exreadn(Export *ex, uchar *buf, long n)
{
	Chan *c;
	long r;

	c = ex->io;
	while(n > 0){
		r = devtab[c->type]->read(c, buf, n, 0);
		if(r <= 0)
			return 0;
		buf += r;
		n -= r;
	}
	return 1;
}

/* the next request, or nil when the connection ends or misbehaves */
static Exreq*
exread1(Export *ex)
{
	uchar hdr[BIT32SZ];
	Exreq *q;
	u32int n;

	if(!exreadn(ex, hdr, BIT32SZ))
		return nil;
	n = GBIT32(hdr);
	if(n < BIT32SZ+BIT8SZ+BIT16SZ || n > ex->msize)
		return nil;
	q = smalloc(sizeof *q);
	q->buf = smalloc(n);
	memmove(q->buf, hdr, BIT32SZ);
	if(!exreadn(ex, q->buf+BIT32SZ, n-BIT32SZ) || convM2S(q->buf, n, &q->t) != n || (q->t.type & 1)){
		free(q->buf);
		free(q);
		return nil;
	}
	return q;
}

static int
exdone(void *a)
{
	return ((Export*)a)->nworker == 0;
}

/* serve until the connection ends; then wait for the workers and close everything */
static void
exserve(Export *ex)
{
	Exreq *q, *o;

	for(;;){
		if(waserror())
			break;
		q = exread1(ex);
		poperror();
		if(q == nil)
			break;
		switch(q->t.type){
		case Tversion:
			exversion(ex, q);
			free(q->buf);
			free(q);
			break;
		case Tflush:
			exflush(ex, q);
			break;
		default:
			lock(ex);
			for(o = ex->reqs; o != nil; o = o->next)
				if(o->t.tag == q->t.tag)
					break;
			unlock(ex);
			if(o != nil || q->t.tag == NOTAG){
				exerror(ex, &q->t, "tag in use");
				free(q->buf);
				free(q);
				break;
			}
			exqueue(ex, q);
			break;
		}
	}
	lock(ex);
	ex->dead = 1;
	for(q = ex->reqs; q != nil; q = q->next)
		if(q->worker != nil)
			postnote(q->worker, 1, "hangup", 0);
	unlock(ex);
	for(;;){
		if(!waserror()){
			sleep(&ex->done, exdone, ex);
			poperror();
			break;
		}
	}
	exfree(ex);
}

/* the reader's end: close ex's fids and channels, whose workers are gone, and put it */
static void
exfree(Export *ex)
{
	Exreq *q;
	Exfid *f;
	int i;

	while((q = ex->work) != nil){
		ex->work = q->wnext;
		free(q->buf);
		free(q);
	}
	for(i = 0; i < Nfidhash; i++)
		while((f = ex->fids[i]) != nil){
			ex->fids[i] = f->next;
			freefid(f);
		}
	ex->io->flag &= ~CMSG;
	cclose(ex->io);
	cclose(ex->root);
	closepgrp(ex->pgrp);
	if(ex->egrp != nil)
		closeegrp(ex->egrp);
	putexport(ex);
}

/* drop a reference to ex; the last frees it (a worker's Osenv borrows ex->user till then) */
static void
putexport(Export *ex)
{
	if(decref(ex) != 0)
		return;
	free(ex->user);
	free(ex);
}

static void
exproc(void *a)
{
	exserve(a);
	pexit("", 1);
}

/*
 * sys->export: serve root (in the caller's name space) on c, until the
 * connection ends, or (async) in a kproc.  Takes c and root over.
 */
void
exportfs(Chan *c, Chan *root, int async)
{
	Export *ex;

	if(c->flag & CMSG){
		cclose(c);
		cclose(root);
		error(Einuse);
	}
	ex = mallocz(sizeof *ex, 1);
	if(ex == nil){
		cclose(c);
		cclose(root);
		error(Enomem);
	}
	c->flag |= CMSG;
	ex->ref = 1;
	ex->io = c;
	ex->root = root;
	ex->msize = MAXMSG;
	ex->pgrp = up->env->pgrp;
	incref(ex->pgrp);
	ex->egrp = up->env->egrp;
	if(ex->egrp != nil)
		incref(ex->egrp);
	kstrdup(&ex->user, up->env->user);
	if(!async)
		exserve(ex);
	else if(kproc("export", exproc, ex, PriNormal) < 0){
		exfree(ex);
		error(Enomem);
	}
}
