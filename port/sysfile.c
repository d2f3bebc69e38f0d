#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * kernel.h over Chans: the calls the VM's $Sys makes.  Each works on
 * up->env (the Dis thread's Osenv while an interpreter runs it),
 * catches every error and returns -1 or nil with the message left in
 * up->env->errstr for kerrstr.
 */

enum
{
	DIRREADLIM	= 8192,		/* bytes of stat entries per dirread */
	STATMAX		= STATFIXLEN + 4*KNAMEMAX,
};

/* install c in the lowest free fd; -1 if the table is full */
int
newfd(Chan *c)
{
	Fgrp *f;
	Chan **nfd;
	int i;

	f = up->env->fgrp;
	lock(f);
	for(i = f->minfd; i < f->nfd; i++)
		if(f->fd[i] == nil)
			break;
	if(i >= f->nfd){
		if(f->nfd >= MAXNFD){
			unlock(f);
			return -1;
		}
		nfd = malloc((f->nfd+NFD)*sizeof(Chan*));
		if(nfd == nil){
			unlock(f);
			return -1;
		}
		memmove(nfd, f->fd, f->nfd*sizeof(Chan*));
		free(f->fd);
		f->fd = nfd;
		f->nfd += NFD;
	}
	if(i > f->maxfd)
		f->maxfd = i;
	f->fd[i] = c;
	unlock(f);
	return i;
}

/* the Chan of fd, with a reference, checked for mode (-1: any) */
Chan*
fdtochan(int fd, int mode, int chkmnt, int iref)
{
	Fgrp *f;
	Chan *c;

	USED(chkmnt);
	f = up->env->fgrp;
	lock(f);
	if(fd < 0 || fd > f->maxfd || (c = f->fd[fd]) == nil){
		unlock(f);
		error(Ebadfd);
	}
	if(iref)
		incref(c);
	unlock(f);
	if(mode < 0 || c->mode == ORDWR)
		return c;
	if((mode & OTRUNC) && c->mode == OREAD){
		if(iref)
			cclose(c);
		error(Ebadusefd);
	}
	if((mode & ~OTRUNC) != c->mode){
		if(iref)
			cclose(c);
		error(Ebadusefd);
	}
	return c;
}

static int
installfd(Chan *c)
{
	int fd;

	fd = newfd(c);
	if(fd < 0){
		cclose(c);
		error(Enofd);
	}
	return fd;
}

int
kopen(char *path, int mode)
{
	Chan *c;
	int fd;

	vmenv();
	if(waserror())
		return -1;
	openmode(mode);
	c = namec(path, Aopen, mode, 0);
	fd = installfd(c);
	poperror();
	return fd;
}

int
kcreate(char *path, int mode, ulong perm)
{
	Chan *c;
	int fd;

	vmenv();
	if(waserror())
		return -1;
	openmode(mode&~OEXCL);
	c = namec(path, Acreate, mode, perm);
	fd = installfd(c);
	poperror();
	return fd;
}

/*
 * read n bytes of c at off, or (off < 0) at the Chan's offset, which
 * then advances; a directory is read only where the last read ended
 */
long
chanread(Chan *c, void *va, long n, vlong off)
{
	int seq;
	uvlong t0;

	seq = off < 0;
	if(seq)
		off = c->offset;
	t0 = acctwaitstart();
	if(c->qid.type & QTDIR){
		if(!seq && off != c->offset)
			error(Eisdir);
		if(c->umh != nil)
			n = unionread(c, va, n);
		else
			n = devtab[c->type]->read(c, va, n, off);
	}else
		n = devtab[c->type]->read(c, va, n, off);
	if(t0 != 0)
		acctio(c, 0, t0);
	if(seq || (c->qid.type & QTDIR)){
		lock(&c->lk);
		c->offset += n;
		unlock(&c->lk);
	}
	return n;
}

/* start reading directory c from its first entry again */
void
chanrewind(Chan *c)
{
	c->dri = 0;
	if(c->umh != nil)
		unionrewind(c);
	lock(&c->lk);
	c->offset = 0;
	unlock(&c->lk);
}

/* read from fd at off (the Chan's offset if off < 0) */
static long
rread(int fd, void *va, long n, vlong off)
{
	Chan *c;

	if(n < 0)
		error(Ecount);
	c = fdtochan(fd, OREAD, 1, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	n = chanread(c, va, n, off);
	poperror();
	cclose(c);
	return n;
}

static long
rwrite(int fd, void *va, long n, vlong off)
{
	Chan *c;
	int seq;
	uvlong t0;

	if(n < 0)
		error(Ecount);
	c = fdtochan(fd, OWRITE, 1, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	if(c->qid.type & QTDIR)
		error(Eisdir);
	seq = off < 0;
	if(seq){
		lock(&c->lk);
		off = c->offset;
		c->offset += n;
		unlock(&c->lk);
	}
	if(waserror()){
		if(seq){
			lock(&c->lk);
			c->offset -= n;
			unlock(&c->lk);
		}
		nexterror();
	}
	t0 = acctwaitstart();
	n = devtab[c->type]->write(c, va, n, off);
	if(t0 != 0)
		acctio(c, 1, t0);
	poperror();
	poperror();
	cclose(c);
	return n;
}

long
kread(int fd, void *va, long n)
{
	vmenv();
	if(waserror())
		return -1;
	n = rread(fd, va, n, -1);
	poperror();
	return n;
}

long
kpread(int fd, void *va, long n, vlong off)
{
	vmenv();
	if(waserror())
		return -1;
	if(off < 0)
		error(Eoffset);
	n = rread(fd, va, n, off);
	poperror();
	return n;
}

long
kwrite(int fd, void *va, long n)
{
	vmenv();
	if(waserror())
		return -1;
	n = rwrite(fd, va, n, -1);
	poperror();
	return n;
}

long
kpwrite(int fd, void *va, long n, vlong off)
{
	vmenv();
	if(waserror())
		return -1;
	if(off < 0)
		error(Eoffset);
	n = rwrite(fd, va, n, off);
	poperror();
	return n;
}

static Dir*
chandirstat(Chan *c)
{
	uchar buf[STATMAX];
	Dir *d;
	int n;

	n = devtab[c->type]->stat(c, buf, sizeof buf);
	if(statcheck(buf, n) < 0)
		error(Ebadstat);
	d = smalloc(sizeof(Dir) + n);
	if(convM2D(buf, n, d, (char*)(d+1)) != n){
		free(d);
		error(Ebadstat);
	}
	return d;
}

vlong
kseek(int fd, vlong off, int whence)
{
	Chan *c;
	Dir *d;
	vlong o;

	vmenv();
	if(waserror())
		return -1;
	c = fdtochan(fd, -1, 1, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	if(devtab[c->type]->dc == '|')
		error(Eisstream);
	switch(whence){
	case 0:
		o = off;
		break;
	case 1:
		o = c->offset + off;
		break;
	case 2:
		d = chandirstat(c);
		o = d->length + off;
		free(d);
		break;
	default:
		error(Ebadarg);
	}
	if(o < 0)
		error(Eoffset);
	if(c->qid.type & QTDIR){
		if(o != 0)
			error(Eisdir);
		chanrewind(c);
	}else{
		lock(&c->lk);
		c->offset = o;
		unlock(&c->lk);
	}
	poperror();
	cclose(c);
	poperror();
	return o;
}

int
kclose(int fd)
{
	Fgrp *f;
	Chan *c;

	vmenv();
	if(waserror())
		return -1;
	f = up->env->fgrp;
	lock(f);
	if(fd < 0 || fd > f->maxfd || (c = f->fd[fd]) == nil){
		unlock(f);
		error(Ebadfd);
	}
	f->fd[fd] = nil;
	while(f->maxfd >= 0 && f->fd[f->maxfd] == nil)
		f->maxfd--;
	unlock(f);
	cclose(c);
	poperror();
	return 0;
}

int
kremove(char *path)
{
	Chan *c;

	vmenv();
	if(waserror())
		return -1;
	c = namec(path, Aremove, 0, 0);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	devtab[c->type]->remove(c);
	poperror();
	/* the device has clunked it */
	chanfree(c);
	poperror();
	return 0;
}

int
kpipe(int fd[2])
{
	Chan *c, *d;
	char *names[1];

	vmenv();
	if(waserror())
		return -1;
	c = namec("#|", Atodir, 0, 0);
	d = nil;
	fd[0] = -1;
	fd[1] = -1;
	if(waserror()){
		cclose(c);
		if(d != nil)
			cclose(d);
		if(fd[0] >= 0)
			up->env->fgrp->fd[fd[0]] = nil;
		if(fd[1] >= 0)
			up->env->fgrp->fd[fd[1]] = nil;
		nexterror();
	}
	d = cclone(c);
	names[0] = "data";
	if(walk(&c, names, 1, 1, nil) < 0)
		error(up->env->errstr);
	names[0] = "data1";
	if(walk(&d, names, 1, 1, nil) < 0)
		error(up->env->errstr);
	c = devtab[c->type]->open(c, ORDWR);
	d = devtab[d->type]->open(d, ORDWR);
	fd[0] = newfd(c);
	if(fd[0] < 0)
		error(Enofd);
	fd[1] = newfd(d);
	if(fd[1] < 0)
		error(Enofd);
	poperror();
	poperror();
	return 0;
}

int
kdup(int old, int new)
{
	Fgrp *f;
	Chan *c, *oc;
	int fd;

	vmenv();
	if(waserror())
		return -1;
	c = fdtochan(old, -1, 0, 1);
	if(new < 0){
		fd = installfd(c);
		poperror();
		return fd;
	}
	if(new >= MAXNFD){
		cclose(c);
		error(Ebadfd);
	}
	f = up->env->fgrp;
	lock(f);
	while(new >= f->nfd){
		Chan **nfd;

		nfd = malloc((f->nfd+NFD)*sizeof(Chan*));
		if(nfd == nil){
			unlock(f);
			cclose(c);
			error(Enomem);
		}
		memmove(nfd, f->fd, f->nfd*sizeof(Chan*));
		free(f->fd);
		f->fd = nfd;
		f->nfd += NFD;
	}
	oc = f->fd[new];
	f->fd[new] = c;
	if(new > f->maxfd)
		f->maxfd = new;
	unlock(f);
	if(oc != nil)
		cclose(oc);
	poperror();
	return new;
}

int
kiounit(int fd)
{
	Chan *c;
	int n;

	vmenv();
	if(waserror())
		return -1;
	c = fdtochan(fd, -1, 0, 1);
	n = c->iounit;
	cclose(c);
	poperror();
	return n;
}

char*
kfd2path(int fd)
{
	Chan *c;
	char *s;

	vmenv();
	if(waserror())
		return nil;
	c = fdtochan(fd, -1, 0, 1);
	s = malloc(strlen(chanpath(c))+1);
	if(s != nil)
		strcpy(s, chanpath(c));
	cclose(c);
	poperror();
	return s;
}

Dir*
kstat(char *path)
{
	Chan *c;
	Dir *d;

	vmenv();
	if(waserror())
		return nil;
	c = namec(path, Aaccess, 0, 0);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	d = chandirstat(c);
	poperror();
	cclose(c);
	poperror();
	return d;
}

Dir*
kfstat(int fd)
{
	Chan *c;
	Dir *d;

	vmenv();
	if(waserror())
		return nil;
	c = fdtochan(fd, -1, 0, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	d = chandirstat(c);
	poperror();
	cclose(c);
	poperror();
	return d;
}

static void
chanwstat(Chan *c, Dir *d)
{
	uchar *buf;
	int n;

	n = sizeD2M(d);
	buf = smalloc(n);
	if(waserror()){
		free(buf);
		nexterror();
	}
	if(convD2M(d, buf, n) != n)
		error(Ebadstat);
	devtab[c->type]->wstat(c, buf, n);
	poperror();
	free(buf);
}

int
kwstat(char *path, Dir *d)
{
	Chan *c;

	vmenv();
	if(waserror())
		return -1;
	c = namec(path, Aaccess, 0, 0);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	chanwstat(c, d);
	poperror();
	cclose(c);
	poperror();
	return 0;
}

int
kfwstat(int fd, Dir *d)
{
	Chan *c;

	vmenv();
	if(waserror())
		return -1;
	c = fdtochan(fd, -1, 0, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	chanwstat(c, d);
	poperror();
	cclose(c);
	poperror();
	return 0;
}

/* unpack n bytes of stat entries into one allocation of Dirs */
static long
dirpackage(uchar *buf, long ts, Dir **d)
{
	char *s;
	long ss, i, n, nn, m;

	*d = nil;
	if(ts <= 0)
		return 0;
	ss = 0;
	n = 0;
	for(i = 0; i < ts; i += m){
		m = BIT16SZ + GBIT16(&buf[i]);
		if(statcheck(&buf[i], m) < 0)
			break;
		ss += m;
		n++;
	}
	if(i != ts)
		error(Ebadstat);
	*d = malloc(n * sizeof(Dir) + ss);
	if(*d == nil)
		error(Enomem);
	s = (char*)*d + n * sizeof(Dir);
	nn = 0;
	for(i = 0; i < ts; i += m){
		m = BIT16SZ + GBIT16(&buf[i]);
		if(nn >= n || convM2D(&buf[i], m, *d + nn, s) != m){
			free(*d);
			*d = nil;
			error(Ebadstat);
		}
		nn++;
		s += m;
	}
	return nn;
}

long
kdirread(int fd, Dir **d)
{
	uchar *buf;
	long n;

	vmenv();
	*d = nil;
	if(waserror())
		return -1;
	buf = smalloc(DIRREADLIM);
	if(waserror()){
		free(buf);
		nexterror();
	}
	n = rread(fd, buf, DIRREADLIM, -1);
	n = dirpackage(buf, n, d);
	poperror();
	free(buf);
	poperror();
	return n;
}

/* bind (or mount) c0 on the file named new: the mount's id; takes c0 over */
static int
mounton(Chan *c0, char *new, int flags, char *spec)
{
	Chan *c1;
	int r;

	if(waserror()){
		cclose(c0);
		nexterror();
	}
	c1 = namec(new, Amount, 0, 0);
	if(waserror()){
		cclose(c1);
		nexterror();
	}
	r = cmount(&c0, c1, flags, spec);
	poperror();
	cclose(c1);
	poperror();
	cclose(c0);
	return r;
}

int
kbind(char *old, char *new, int flags)
{
	int r;

	vmenv();
	if(waserror())
		return -1;
	if(flags & ~MMASK || (flags & MORDER) == MORDER)
		error(Ebadarg);
	/* what is bound: the union there, if old is a mount point */
	r = mounton(namec(old, Aaccess, 0, 0), new, flags, nil);
	poperror();
	return r;
}

int
kunmount(char *old, char *new)
{
	Chan *cmount, *cmounted;

	vmenv();
	if(waserror())
		return -1;
	cmount = namec(new, Amount, 0, 0);
	cmounted = nil;
	if(waserror()){
		cclose(cmount);
		if(cmounted != nil)
			cclose(cmounted);
		nexterror();
	}
	if(old != nil)
		cmounted = namec(old, Aaccess, 0, 0);
	cunmount(cmount, cmounted);
	poperror();
	cclose(cmount);
	if(cmounted != nil)
		cclose(cmounted);
	poperror();
	return 0;
}

int
kchdir(char *path)
{
	Chan *c;
	Pgrp *pg;

	vmenv();
	if(waserror())
		return -1;
	c = namec(path, Atodir, 0, 0);
	pg = up->env->pgrp;
	cclose(pg->dot);
	pg->dot = c;
	poperror();
	return 0;
}

/* sys->mount: the server on fd (afd proving who we are, or -1) mounted on old */
int
kmount(int fd, int afd, char *old, int flags, char *spec)
{
	Chan *c0, *ac, *bc;
	int r;

	vmenv();
	if(waserror())
		return -1;
	if(flags & ~MMASK || (flags & MORDER) == MORDER)
		error(Ebadarg);
	if(spec == nil)
		spec = "";
	validname(spec, 1);
	bc = fdtochan(fd, ORDWR, 0, 1);
	ac = nil;
	if(waserror()){
		cclose(bc);
		if(ac != nil)
			cclose(ac);
		nexterror();
	}
	if(afd >= 0)
		ac = fdtochan(afd, ORDWR, 0, 1);
	c0 = mntmount(bc, ac, spec);
	poperror();
	cclose(bc);
	if(ac != nil)
		cclose(ac);
	r = mounton(c0, old, flags, spec);
	poperror();
	return r;
}

/* sys->fversion: Tversion on fd; the size agreed, the version in vers */
int
kfversion(int fd, uint msize, char *vers, uint nvers)
{
	Chan *c;

	vmenv();
	if(waserror())
		return -1;
	c = fdtochan(fd, ORDWR, 0, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	msize = mntfversion(c, msize, vers, vers, nvers);
	poperror();
	cclose(c);
	poperror();
	return msize;
}

/* sys->fauth: a new fd open on the authentication file of the server on fd */
int
kfauth(int fd, char *aname)
{
	Chan *c, *ac;

	vmenv();
	if(waserror())
		return -1;
	if(aname == nil)
		aname = "";
	validname(aname, 1);
	c = fdtochan(fd, ORDWR, 0, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	ac = mntauth(c, aname);
	poperror();
	cclose(c);
	fd = installfd(ac);
	poperror();
	return fd;
}

/* sys->export: serve dir on fd, until the client goes (or in the background) */
int
kexport(int fd, char *dir, int async)
{
	Chan *c, *root;

	vmenv();
	if(waserror())
		return -1;
	if(async != 0 && async != 1)
		error(Ebadarg);
	c = fdtochan(fd, ORDWR, 0, 1);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	root = namec(dir, Atodir, 0, 0);
	poperror();
	exportfs(c, root, async);
	poperror();
	return 0;
}

/* sys->file2chan: a file in the #s directory dir, served by the channels of io */
int
kfile2chan(char *dir, char *file, void *io)
{
	Chan *c;

	vmenv();
	if(waserror())
		return -1;
	c = namec(dir, Aaccess, 0, 0);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	srvf2c(c, file, io);
	poperror();
	cclose(c);
	poperror();
	return 0;
}

/*
 * Thread limits.  A program -- the Dis threads that share one file
 * descriptor group, as the threads of each command sh(1) runs do (it
 * gives each its own) -- may have at most threads.perprog, and all
 * programs together threads.max, so that threads that never end
 * (blocked on a channel nobody else holds) cannot take all the memory
 * and leave the shell nothing to run commands with.  Past either limit
 * a spawn raises an error in the spawner and nothing else changes.
 * threads guards its counts and every Fgrp's nthread; a thread is
 * counted from kenvfork to kenvfree, in the group it has now (kpctl
 * moves it).
 */
enum
{
	Threadcost	= 4096,	/* memory a thread is reckoned to hold: its Prog, Osenv, first stack */
	Threaddefault	= 131072,	/* the limit where threadlimits is not called (emu) */
};

static struct
{
	Lock;
	int	n;		/* Dis threads */
	int	max;		/* of all */
	int	perprog;	/* of a program */
} threads = {.max = Threaddefault, .perprog = Threaddefault/4};

/*
 * all threads may hold half of mem, a program a quarter of that; mem
 * is rounded up to 16 MB, so that the limits do not move with the
 * kernel's size
 */
void
threadlimits(uvlong mem)
{
	uvlong n;

	mem = (mem + (16<<20)-1) & ~(uvlong)((16<<20)-1);
	n = mem/2/Threadcost;
	if(n > Threaddefault)
		n = Threaddefault;
	if(n < 64)
		n = 64;
	lock(&threads);
	threads.max = n;
	threads.perprog = n/4;
	unlock(&threads);
}

/* count a new thread in program f, or raise an error */
static void
threadcharge(Fgrp *f)
{
	char buf[ERRMAX];

	buf[0] = 0;
	lock(&threads);
	if(threads.n >= threads.max)
		snprint(buf, sizeof buf, "too many threads: %d in all", threads.max);
	else if(f != nil && f->nthread >= threads.perprog)
		snprint(buf, sizeof buf, "too many threads: %d in this program", threads.perprog);
	else{
		threads.n++;
		if(f != nil)
			f->nthread++;
	}
	unlock(&threads);
	if(buf[0] != 0)
		error(buf);
}

/* a thread of program from leaves it for to (nil: the system) */
static void
threadmove(Fgrp *from, Fgrp *to)
{
	lock(&threads);
	if(from != nil)
		from->nthread--;
	if(to != nil)
		to->nthread++;
	else
		threads.n--;
	unlock(&threads);
}

/* a new fd group holding only the fds in keep */
static Fgrp*
keepfds(Fgrp *o, int *keep, int nkeep)
{
	Fgrp *f;
	Chan *c;
	int i, fd;

	f = newfgrp(o);
	for(i = 0; i < nkeep; i++){
		fd = keep[i];
		if(fd < 0 || fd > o->maxfd || fd >= f->nfd || (c = o->fd[fd]) == nil || f->fd[fd] != nil)
			continue;	/* a fd listed twice is kept once */
		incref(c);
		f->fd[fd] = c;
		if(fd > f->maxfd)
			f->maxfd = fd;
	}
	return f;
}

int
kpctl(int flags, int *keep, int nkeep)
{
	Osenv *o;
	Pgrp *np, *op;
	Fgrp *nf, *of;
	Egrp *ne, *oe;
	Chan *dot;

	vmenv();
	if(waserror())
		return -1;
	o = up->env;
	nf = nil;
	if(flags & KNEWFD)
		nf = keepfds(o->fgrp, keep, nkeep);
	else if(flags & KFORKFD)
		nf = dupfgrp(o->fgrp);
	if(nf != nil){
		of = o->fgrp;
		o->fgrp = nf;
		if(o != &up->defenv)	/* a Dis thread's: it is counted */
			threadmove(of, nf);
		closefgrp(of);
	}
	if(flags & KNEWNS){
		/* an empty name space rooted at the current directory */
		np = newpgrp();
		op = o->pgrp;
		dot = op->dot;
		np->dot = cclone(dot);
		np->slash = cclone(dot);
		pathclose(np->slash->path);
		np->slash->path = newpath("/");
		pathclose(np->dot->path);
		np->dot->path = newpath("/");
		np->nodevs = op->nodevs;
		o->pgrp = np;
		closepgrp(op);
	}else if(flags & KFORKNS){
		np = newpgrp();
		op = o->pgrp;
		pgrpcpy(np, op);
		o->pgrp = np;
		closepgrp(op);
	}
	if(flags & KNODEVS)
		o->pgrp->nodevs = 1;
	if(flags & KNEWENV){
		ne = newegrp();
		oe = o->egrp;
		o->egrp = ne;
		closeegrp(oe);
	}else if(flags & KFORKENV){
		ne = dupegrp(o->egrp);
		oe = o->egrp;
		o->egrp = ne;
		closeegrp(oe);
	}
	poperror();
	return 0;
}

/* the environment of a new Dis thread: shares its parent's groups; may raise "too many threads" */
Osenv*
kenvfork(Osenv *parent)
{
	Osenv *e;

	if(parent == nil)
		parent = up->env;
	threadcharge(parent->fgrp);
	e = malloc(sizeof(Osenv));
	if(e == nil){
		threadmove(parent->fgrp, nil);
		error(Enomem);
	}
	e->errstr = e->errbuf0;
	e->pgrp = parent->pgrp;
	if(e->pgrp != nil)
		incref(e->pgrp);
	e->fgrp = parent->fgrp;
	if(e->fgrp != nil)
		incref(e->fgrp);
	e->egrp = parent->egrp;
	if(e->egrp != nil)
		incref(e->egrp);
	e->user = parent->user;
	e->waitq = parent->childq;
	acctfork(e, parent);
	return e;
}

/* called as a Dis thread exits: its fds close here */
void
kenvfree(Osenv *e)
{
	Osenv *save;

	if(e == nil)
		return;
	threadmove(e->fgrp, nil);
	/* closing may run device code that looks at up->env */
	save = up->env;
	up->env = e;
	closegroups(e);
	if(e->acct != nil)
		acctclose(e->acct);
	up->env = save == e ? &up->defenv : save;
	free(e);
}

int
kerrstr(char *buf, uint n)
{
	vmenv();
	if(n == 0)
		return 0;
	utfecpy(buf, buf+n, up->env->errstr);
	return strlen(buf);
}

void
kwerrstr(char *fmt, ...)
{
	vmenv();
	va_list arg;
	char buf[ERRMAX];

	va_start(arg, fmt);
	vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	kstrcpy(up->env->errstr, buf, ERRMAX);
}

vlong
osfastticks(uvlong *hz)
{
	return fastticks(hz);
}

void
osyield(void)
{
	yield();
}

/* sleep ms milliseconds; called with the VM released */
int
ossleep(long ms)
{
	if(ms <= 0){
		yield();
		return 0;
	}
	if(waserror())
		return -1;
	tsleep(&up->sleep, return0, nil, ms);
	poperror();
	return 0;
}

/* the whole of a file, in a malloc'd buffer (module loading) */
uchar*
kreadfile(char *path, ulong *np)
{
	Chan *c;
	Dir *d;
	uchar *buf;
	long n, len;

	vmenv();
	buf = nil;
	if(waserror()){
		free(buf);
		return nil;
	}
	c = namec(path, Aopen, OREAD, 0);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	d = chandirstat(c);
	len = d->length;
	free(d);
	if(len < 0 || len > 64*MiB)
		error(Etoobig);
	buf = malloc(len+1);
	if(buf == nil)
		error(Enomem);
	for(n = 0; n < len; ){
		long r = devtab[c->type]->read(c, buf+n, len-n, n);
		if(r <= 0)
			break;
		n += r;
	}
	poperror();
	cclose(c);
	poperror();
	*np = n;
	return buf;
}

/* the calling Prog's fd group, with a reference, for a Sys->FD to remember */
Fgrp*
kfgrp(void)
{
	Fgrp *f;

	vmenv();
	f = up->env->fgrp;
	incref(f);
	return f;
}

/* close fd in f, if it is still open there, and drop the reference */
void
kfdclose(Fgrp *f, int fd)
{
	Chan *c;

	c = nil;
	lock(f);
	if(fd >= 0 && fd <= f->maxfd){
		c = f->fd[fd];
		f->fd[fd] = nil;
		while(f->maxfd >= 0 && f->fd[f->maxfd] == nil)
			f->maxfd--;
	}
	unlock(f);
	if(c != nil)
		cclose(c);
	closefgrp(f);
}
