#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	<isa.h>
#include	<interp.h>
#include	"runt.h"
#include	"../libinterp/raise.h"

/*
 * #s -- files served by Limbo channels, as Inferno's srv(3) and
 * sys-file2chan(2).  An attach without a spec makes a new, empty
 * directory; with one, it finds (or makes) the instance of that name,
 * which only its owner may attach unless its mode says otherwise.
 * Files are made only by file2chan (srvf2c): a read of one sends
 * (offset, count, fid, rc) on the FileIO's read channel and waits for
 * (data, error) on rc; a write sends (offset, data, fid, wc) and waits
 * for (count, error) on wc; the close of an open sends a read with a
 * nil rc, then a write with a nil wc.  A file goes when the server's
 * last references to both channels do (they are given a type whose
 * destroy tells srvchangone), and the requests waiting on it fail.
 *
 * The requests are host waits on Dis channels (chostsend, chostrecv):
 * the reading thread (a prog's, released, or an exporter's kproc)
 * blocks, not a prog.  What it sends and receives is pinned for the
 * collector.  Reply channels have a buffer of one, so a server can
 * always answer, whether or not anyone still waits.  srvlk guards the
 * directories and files; it is never held across a wait or while
 * taking the VM.
 */

typedef struct Srvdir Srvdir;
typedef struct Srvfile Srvfile;
typedef struct Srvwait Srvwait;

struct Srvdir
{
	Ref;
	char*	spec;		/* "" for an anonymous instance */
	char*	user;
	ulong	perm;
	Qid	qid;
	Srvfile*	files;
	Srvdir*	next;
};

struct Srvfile
{
	Ref;			/* Chans on it, and one while it is in its directory */
	Srvdir*	dir;
	char*	name;
	char*	user;
	ulong	perm;
	vlong	length;
	Qid	qid;
	Channel*	read;	/* H once the server let it go; VM held to use */
	Channel*	write;
	int	dead;		/* both channels gone */
	int	nopen;		/* opens, for DMEXCL */
	Srvwait*	waits;	/* threads waiting on it, woken when it dies */
	Srvfile*	next;
};

/* a thread waiting on a file's channels */
struct Srvwait
{
	Prog	w;		/* the stand-in in a channel's queue */
	Srvfile*	f;
	Rendez	r;
	Srvwait*	next;
};

static Lock	srvlk;
static Srvdir*	dirs;		/* named instances */
static ulong	qidpath;	/* paths for directories and files; 0 is never used */
static Type	Tsrvchan;	/* Tchannel with srvchangone as destroy */
static Type*	Trread;		/* Rread's element */
static Type*	Trwrite;
static uchar	rreadmap[] = Sys_Rread_map;
static uchar	rwritemap[] = Sys_Rwrite_map;

static void	srvchangone(Heap*, int);

/* take the VM unless this thread holds it; whether srvrelease must give it back */
static int
srvacquire(void)
{
	if(up->type != Unknown)
		return 0;
	acquire();
	return 1;
}

static void
srvrelease(int took)
{
	if(took)
		release();
}

static ulong
srvpath(void)
{
	ulong p;

	lock(&srvlk);
	p = ++qidpath;
	unlock(&srvlk);
	return p;
}

static void
srvinit(void)
{
	Tsrvchan = Tchannel;
	Tsrvchan.destroy = srvchangone;
}

/* the types of what reply channels carry, made once, holding the VM */
static void
srvtypes(void)
{
	if(Trread != nil)
		return;
	Trread = dtype(nil, Sys_Rread_size, rreadmap, sizeof rreadmap);
	Trwrite = dtype(nil, Sys_Rwrite_size, rwritemap, sizeof rwritemap);
}

static void
putdir(Srvdir *d)
{
	Srvdir **l;

	lock(&srvlk);
	if(decref(d) != 0){
		unlock(&srvlk);
		return;
	}
	for(l = &dirs; *l != nil; l = &(*l)->next)
		if(*l == d){
			*l = d->next;
			break;
		}
	unlock(&srvlk);
	free(d->spec);
	free(d->user);
	free(d);
}

static void
putfile(Srvfile *f)
{
	if(decref(f) != 0)
		return;
	putdir(f->dir);
	free(f->name);
	free(f->user);
	free(f);
}

/* take f out of its directory (srvlk held); 1 if it was there */
static int
unlinkfile(Srvfile *f)
{
	Srvfile **l;

	for(l = &f->dir->files; *l != nil; l = &(*l)->next)
		if(*l == f){
			*l = f->next;
			return 1;
		}
	return 0;
}

/*
 * a channel of a file2chan file was freed (VM held): when both are,
 * the file goes from its directory and its waiters fail
 */
static void
srvchangone(Heap *h, int swept)
{
	Channel *c;
	Srvfile *f;
	Srvwait *w;
	int gone;

	USED(swept);
	c = H2D(Channel*, h);
	f = c->aux;
	c->aux = nil;
	if(f == nil)
		return;
	if(f->read == c)
		f->read = H;
	if(f->write == c)
		f->write = H;
	if(f->read != H || f->write != H)
		return;
	lock(&srvlk);
	f->dead = 1;
	gone = unlinkfile(f);
	for(w = f->waits; w != nil; w = w->next)
		wakeup(&w->r);
	unlock(&srvlk);
	if(gone)
		putfile(f);
	putfile(f);	/* the channels' reference */
}

static int
srvgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Srvdir *d;
	Srvfile *f;

	USED(tab);
	USED(ntab);
	d = c->aux;
	if(c->qid.type != QTDIR)
		d = ((Srvfile*)c->aux)->dir;
	if(s == DEVDOTDOT){
		devdir(c, d->qid, "#s", 0, d->user, d->perm, dp);
		return 1;
	}
	lock(&srvlk);
	for(f = d->files; f != nil; f = f->next)
		if(name != nil ? strcmp(f->name, name) == 0 : s-- == 0)
			break;
	if(f == nil){
		unlock(&srvlk);
		return -1;
	}
	kstrcpy(up->genbuf, f->name, sizeof up->genbuf);
	devdir(c, f->qid, up->genbuf, f->length, f->user, f->perm, dp);
	unlock(&srvlk);
	return 1;
}

static Chan*
srvattach(char *spec)
{
	Srvdir *d;
	Chan *c;

	lock(&srvlk);
	d = nil;
	if(*spec != 0)
		for(d = dirs; d != nil; d = d->next)
			if(strcmp(d->spec, spec) == 0)
				break;
	if(d != nil){
		if(strcmp(d->user, up->env->user) != 0 && (d->perm & 0007) == 0){
			unlock(&srvlk);
			error(Eperm);
		}
		incref(d);
		unlock(&srvlk);
	}else{
		unlock(&srvlk);
		d = smalloc(sizeof *d);
		d->ref = 1;
		kstrdup(&d->spec, spec);
		kstrdup(&d->user, up->env->user);
		d->perm = DMDIR|0770;
		mkqid(&d->qid, srvpath(), 0, QTDIR);
		if(*spec != 0){
			lock(&srvlk);
			d->next = dirs;
			dirs = d;
			unlock(&srvlk);
		}
	}
	c = devattach('s', spec);
	c->qid = d->qid;
	c->aux = d;
	return c;
}

/* the aux of a Chan with qid q, found from directory d, with a reference */
static void*
srvaux(Srvdir *d, Qid q)
{
	Srvfile *f;

	if(q.type & QTDIR){
		incref(d);
		return d;
	}
	lock(&srvlk);
	for(f = d->files; f != nil; f = f->next)
		if(f->qid.path == q.path){
			incref(f);
			break;
		}
	unlock(&srvlk);
	if(f == nil)
		error(Enonexist);
	return f;
}

static Walkqid*
srvwalk(Chan *c, Chan *nc, char **name, int nname)
{
	Walkqid *wq;
	Srvdir *d;

	wq = devwalk(c, nc, name, nname, nil, 0, srvgen);
	if(wq == nil || wq->clone == nil)
		return wq;
	d = c->aux;
	if(c->qid.type != QTDIR)
		d = ((Srvfile*)c->aux)->dir;
	if(waserror()){
		wq->clone->aux = nil;
		cclose(wq->clone);
		wq->clone = nil;
		return wq;
	}
	wq->clone->aux = srvaux(d, wq->clone->qid);
	poperror();
	return wq;
}

static int
srvstat(Chan *c, uchar *db, int n)
{
	Srvdir *d;
	Dir dir;

	if(c->qid.type & QTDIR){
		d = c->aux;
		devdir(c, d->qid, "#s", 0, d->user, d->perm, &dir);
		n = convD2M(&dir, db, n);
		if(n <= BIT16SZ)
			error(Eshortstat);
		return n;
	}
	return devstat(c, db, n, nil, 0, srvgen);
}

static Chan*
srvopen(Chan *c, int omode)
{
	Srvdir *d;
	Srvfile *f;

	if(c->qid.type & QTDIR){
		d = c->aux;
		devpermcheck(d->user, d->perm, omode);
		if(openmode(omode) != OREAD)
			error(Eisdir);
	}else{
		f = c->aux;
		devpermcheck(f->user, f->perm, omode);
		lock(&srvlk);
		if(f->dead){
			unlock(&srvlk);
			error(Ehungup);
		}
		if((f->perm & DMEXCL) && f->nopen > 0){
			unlock(&srvlk);
			error(Einuse);
		}
		f->nopen++;
		unlock(&srvlk);
	}
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

static void
srvcreate(Chan *c, char *name, int omode, ulong perm)
{
	USED(c);
	USED(name);
	USED(omode);
	USED(perm);
	error(Eperm);
}

/* wake the thread of a host wait on a file's channel (VM held, by the prog that completed it) */
static void
srvwake(Prog *w)
{
	wakeup(&((Srvwait*)w)->r);
}

static int
srvwaitdone(void *a)
{
	Srvwait *w;

	w = a;
	return w->w.state != Psend && w->w.state != Precv || w->f->dead;
}

static void
delwait(Srvwait *w)
{
	Srvwait **l;

	lock(&srvlk);
	for(l = &w->f->waits; *l != nil; l = &(*l)->next)
		if(*l == w){
			*l = w->next;
			break;
		}
	unlock(&srvlk);
}

/*
 * send v on c, or receive from c into v (send == 0), as thread w:
 * called holding the VM, which it gives up while it waits.  Raises
 * Ehungup if the file goes first.
 */
static void
srvcomm(Srvwait *w, Channel *c, void *v, int send)
{
	int done;

	memset(&w->w, 0, sizeof w->w);
	memset(&w->r, 0, sizeof w->r);
	w->w.hostwake = srvwake;
	if(w->f->dead || c == H)
		error(Ehungup);
	done = send ? chostsend(c, v, &w->w) : chostrecv(c, v, &w->w);
	if(done)
		return;
	lock(&srvlk);
	w->next = w->f->waits;
	w->f->waits = w;
	unlock(&srvlk);
	release();
	if(waserror()){
		delwait(w);
		acquire();
		chostcancel(&w->w);
		nexterror();
	}
	sleep(&w->r, srvwaitdone, w);
	poperror();
	delwait(w);
	acquire();
	if(w->w.state == Psend || w->w.state == Precv){
		chostcancel(&w->w);
		error(Ehungup);
	}
	if(w->w.state == Pbroken)
		error(Ehungup);
}

/* a reply channel of element type t, pinned */
static Channel*
replychan(Type *t)
{
	Channel *c;

	c = cnewc(t, 1);
	gcpin(D2H(c));
	return c;
}

static void
unpin(void *v)
{
	gcunpin(D2H(v));
	destroy(v);
}

/*
 * one request of c's server: (off, n, fid, rc) on its read channel or
 * (off, data, fid, wc) on its write channel, then the reply on rc or
 * wc: the count read (into va) or written
 */
static long
srvrequest(Chan *c, int write, void *va, long n, vlong off)
{
	union {
		Sys_FileIO_read	r;
		Sys_FileIO_write	w;
	} req;
	Sys_Rread *rr;
	Sys_Rwrite *rw;
	String *err;
	Srvwait w;
	Channel *rc;
	Array *a;
	void *rep;
	int took;

	if(n < 0)
		error(Ecount);
	w.f = c->aux;
	took = srvacquire();
	if(waserror()){
		srvrelease(took);
		nexterror();
	}
	srvtypes();
	rc = replychan(write ? Trwrite : Trread);
	if(waserror()){
		unpin(rc);
		nexterror();
	}
	a = H;
	if(write){
		a = mem2array(va, n);
		gcpin(D2H(a));
		req.w.t0 = off;
		req.w.t1 = a;
		req.w.t2 = c->fid;
		req.w.t3 = rc;
	}else{
		req.r.t0 = off;
		req.r.t1 = n;
		req.r.t2 = c->fid;
		req.r.t3 = rc;
	}
	if(waserror()){
		if(a != H)
			unpin(a);
		nexterror();
	}
	srvcomm(&w, write ? w.f->write : w.f->read, &req, 1);
	poperror();
	if(a != H)
		unpin(a);
	rep = H2D(void*, heap(write ? Trwrite : Trread));
	gcpin(D2H(rep));
	if(waserror()){
		unpin(rep);
		nexterror();
	}
	srvcomm(&w, rc, rep, 0);
	rr = rep;
	rw = rep;
	err = write ? rw->t1 : rr->t1;
	if(err != H && stringblen(err) > 0)
		error(string2c(err));
	if(write)
		n = rw->t0 < 0 ? 0 : rw->t0;
	else if((a = rr->t0) == H)
		n = 0;
	else{
		/* the server's own value: a malformed module may send another block as the array */
		if(D2H(a)->t->kind != Tkarray || a->t->size != 1 || a->t->nptr != 0)
			error(exType);
		if(n > a->len)
			n = a->len;
		memmove(va, a->data, n);
	}
	poperror();
	unpin(rep);
	poperror();
	unpin(rc);
	poperror();
	srvrelease(took);
	return n;
}

static long
srvread(Chan *c, void *va, long n, vlong off)
{
	if(c->qid.type & QTDIR)
		return devdirread(c, va, n, nil, 0, srvgen);
	return srvrequest(c, 0, va, n, off);
}

static long
srvwrite(Chan *c, void *va, long n, vlong off)
{
	if(c->qid.type & QTDIR)
		error(Eisdir);
	return srvrequest(c, 1, va, n, off);
}

/* a close message on its way: it waits in the channel until the server reads it */
typedef struct Srvnote Srvnote;
struct Srvnote
{
	Prog	w;
	union {
		Sys_FileIO_read	r;
		Sys_FileIO_write	wr;
	};
};

static void
notedone(Prog *w)
{
	free(w);
}

/* send without waiting (VM held): the server learns fid is closed */
static void
srvnote(Channel *c, int write, int fid)
{
	Srvnote *n;

	if(c == H)
		return;
	n = smalloc(sizeof *n);
	n->w.hostwake = notedone;
	if(write){
		n->wr.t1 = H;
		n->wr.t2 = fid;
		n->wr.t3 = H;
	}else{
		n->r.t2 = fid;
		n->r.t3 = H;
	}
	if(chostsend(c, &n->r, &n->w))
		free(n);
}

static void
srvclose(Chan *c)
{
	Srvfile *f;
	int took, rm;

	if(c->aux == nil)
		return;
	if(c->qid.type & QTDIR){
		putdir(c->aux);
		return;
	}
	f = c->aux;
	if(c->flag & COPEN){
		lock(&srvlk);
		f->nopen--;
		rm = (c->flag & CRCLOSE) && unlinkfile(f);
		unlock(&srvlk);
		if(rm)
			putfile(f);
		if(!f->dead){
			took = srvacquire();
			if(!waserror()){
				srvnote(f->read, 0, c->fid);
				srvnote(f->write, 1, c->fid);
				poperror();
			}
			srvrelease(took);
		}
	}
	putfile(f);
}

static void
srvremove(Chan *c)
{
	Srvfile *f;
	int gone;

	if(c->qid.type & QTDIR)
		error(Eperm);
	f = c->aux;
	if(strcmp(f->user, up->env->user) != 0)
		devpermcheck(f->dir->user, f->dir->perm, OWRITE);
	lock(&srvlk);
	gone = unlinkfile(f);
	unlock(&srvlk);
	if(gone)
		putfile(f);
	c->flag &= ~CRCLOSE;
	srvclose(c);
}

static int
srvwstat(Chan *c, uchar *dp, int n)
{
	Srvfile *f;
	Srvdir *d;
	char *strs;
	Dir dir;

	strs = smalloc(n);
	if(waserror()){
		free(strs);
		nexterror();
	}
	if(convM2D(dp, n, &dir, strs) != n)
		error(Ebadstat);
	if(c->qid.type & QTDIR){
		d = c->aux;
		if(strcmp(d->user, up->env->user) != 0)
			error(Eperm);
		if(dir.mode != ~0UL)
			d->perm = DMDIR | (dir.mode & 0777);
	}else{
		f = c->aux;
		if(strcmp(f->user, up->env->user) != 0)
			error(Eperm);
		if(dir.name != nil && dir.name[0] != 0 && strcmp(dir.name, f->name) != 0)
			error(Eperm);
		if(dir.mode != ~0UL){
			if(dir.mode & DMDIR)
				error(Eperm);
			f->perm = dir.mode & (0777|DMEXCL|DMAPPEND);
		}
		if(dir.length != ~0LL)
			f->length = dir.length;
	}
	poperror();
	free(strs);
	return n;
}

/*
 * file2chan: make file in the #s directory dc, served by the channels
 * of io, a Sys->FileIO.  Called released; io is pinned by the caller.
 */
void
srvf2c(Chan *dc, char *file, void *io)
{
	Sys_FileIO *fio;
	Srvdir *d;
	Srvfile *f, *o;

	if(devtab[dc->type]->dc != 's' || !(dc->qid.type & QTDIR))
		error("directory not a srv device");
	validname(file, 0);
	if(*file == 0 || strlen(file) >= KNAMELEN || strcmp(file, ".") == 0 || strcmp(file, "..") == 0)
		error(Ebadchar);
	d = dc->aux;
	devpermcheck(d->user, d->perm, OWRITE);
	f = smalloc(sizeof *f);
	f->ref = 2;	/* the directory's and the channels' */
	kstrdup(&f->name, file);
	kstrdup(&f->user, up->env->user);
	f->perm = 0600;
	f->read = H;
	f->write = H;
	mkqid(&f->qid, srvpath(), 0, QTFILE);
	lock(&srvlk);
	for(o = d->files; o != nil; o = o->next)
		if(strcmp(o->name, file) == 0){
			unlock(&srvlk);
			free(f->name);
			free(f->user);
			free(f);
			error(Eexist);
		}
	incref(d);
	f->dir = d;
	f->next = d->files;
	d->files = f;
	unlock(&srvlk);
	acquire();
	fio = io;
	f->read = fio->read;
	f->write = fio->write;
	D2H(f->read)->t = &Tsrvchan;
	D2H(f->write)->t = &Tsrvchan;
	f->read->aux = f;
	f->write->aux = f;
	release();
}

Dev srvdevtab = {
	's',
	"srv",

	devreset,
	srvinit,
	devshutdown,
	srvattach,
	srvwalk,
	srvstat,
	srvopen,
	srvcreate,
	srvclose,
	srvread,
	devbread,
	srvwrite,
	devbwrite,
	srvremove,
	srvwstat,
};
