#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #M -- the mount driver: files of a Styx server on the other end of a
 * Chan (a pipe, a network connection), as Inferno's mnt(3).  sys->mount
 * (kmount) attaches through mntmount; nobody attaches #M by name.
 *
 * A mount's messages go over one Chan, its Mnt: each Chan of the mount
 * is a fid of the server (Chan.fid, unique), and holds a reference to
 * the Mnt.  An rpc writes its request and waits for the reply whose tag
 * is its own; one waiting thread at a time reads the replies (Mnt.rip)
 * and hands each to its rpc, then passes the reading on, as Plan 9's
 * mountmux.  A caller interrupted (a prog killed) leaves its rpc behind,
 * flushed; the reader frees it when the reply, or Rflush, comes.
 *
 * The server is not trusted: a reply of the wrong type, too big, or that
 * does not parse, or a connection that ends, kills the mount: every rpc
 * then fails with the reason.  Counts are checked against what was
 * asked, and directory entries and stat replies against their format.
 *
 * A close made holding the VM (an FD freed by the collector) must not
 * wait for the server, which may be a Dis thread: its Tclunk goes to a
 * kproc that exists while there are clunks to send.
 */

typedef struct Mntrpc Mntrpc;
typedef struct Clunk Clunk;

enum
{
	Defmsize	= 8192+IOHDRSZ,	/* what we offer in Tversion */
	Minmsize	= 256,
};

struct Mnt
{
	Ref;			/* Chans of the mount */
	Lock;			/* queue, rip, dead, tags */
	Chan*	c;		/* the message Chan */
	ulong	id;		/* Chan.dev of its files */
	u32int	msize;
	int	dead;
	char	err[ERRMAX];	/* why it died */
	Mntrpc*	queue;		/* rpcs waiting for replies */
	Proc*	rip;		/* the thread reading replies */
	ushort	tag;		/* the last tag given out */
	QLock	wlk;		/* one message written at a time */
};

struct Mntrpc
{
	Mnt*	mnt;
	Fcall	t;		/* request */
	Fcall	r;		/* reply: strings and data point into rbuf */
	uchar*	rbuf;
	int	done;		/* the reply came */
	int	flushed;	/* its caller gave up: the reader frees it */
	Rendez	rz;
	Mntrpc*	next;
};

struct Clunk
{
	Mnt*	mnt;
	u32int	fid;
	Clunk*	next;
};

static struct {
	Lock;
	ulong	id;
	Clunk*	head;		/* clunks for the clunk kproc */
	int	running;
} mntalloc;

static void	mntclunk(Mnt*, u32int);
static void	freerpc(Mntrpc*);

static Chan*
mntattach(char *spec)
{
	USED(spec);
	error(Enoattach);
	return nil;
}

static void
putmnt(Mnt *mnt)
{
	Mntrpc *r;
	Chan *c;

	if(decref(mnt) != 0)
		return;
	/* only rpcs given up are left, their replies never to come */
	while((r = mnt->queue) != nil){
		mnt->queue = r->next;
		freerpc(r);
	}
	c = mnt->c;
	c->mux = nil;
	c->flag &= ~CMSG;
	cclose(c);
	free(mnt);
}

/* the mount dies: every rpc fails with why (mnt locked) */
static void
mntkill(Mnt *mnt, char *why)
{
	Mntrpc *r;

	if(!mnt->dead){
		mnt->dead = 1;
		kstrcpy(mnt->err, why, ERRMAX);
	}
	for(r = mnt->queue; r != nil; r = r->next)
		wakeup(&r->rz);
}

static void
freerpc(Mntrpc *r)
{
	free(r->rbuf);
	free(r);
}

/* take r off its Mnt's queue (mnt locked) */
static void
dequeue(Mnt *mnt, Mntrpc *r)
{
	Mntrpc **l;

	for(l = &mnt->queue; *l != nil; l = &(*l)->next)
		if(*l == r){
			*l = r->next;
			return;
		}
}

/* read exactly n bytes of the message Chan */
static void
mntreadn(Mnt *mnt, uchar *buf, long n)
{
	Chan *c;
	long r;

	c = mnt->c;
	while(n > 0){
		r = devtab[c->type]->read(c, buf, n, c->offset);
		if(r <= 0)
			error("mount server hung up");
		c->offset += r;
		buf += r;
		n -= r;
	}
}

/* read one message and give it to its rpc; the reader's work */
static void
mntreadmsg(Mnt *mnt)
{
	uchar hdr[BIT32SZ], *buf;
	Mntrpc *r;
	Fcall f;
	u32int n;

	mntreadn(mnt, hdr, BIT32SZ);
	n = GBIT32(hdr);
	if(n < BIT32SZ+BIT8SZ+BIT16SZ || n > mnt->msize)
		error("mount: bad message size");
	buf = smalloc(n);
	if(waserror()){
		free(buf);
		nexterror();
	}
	memmove(buf, hdr, BIT32SZ);
	mntreadn(mnt, buf+BIT32SZ, n-BIT32SZ);
	if(convM2S(buf, n, &f) != n)
		error("mount: bad reply message");
	poperror();
	lock(mnt);
	for(r = mnt->queue; r != nil; r = r->next)
		if(r->t.tag == f.tag)
			break;
	if(r == nil){
		/* a reply to no rpc of ours (an rpc flushed and freed): ignore it */
		unlock(mnt);
		free(buf);
		return;
	}
	if(f.type != Rerror && f.type != r->t.type+1){
		unlock(mnt);
		free(buf);
		error("mount: reply of the wrong type");
	}
	dequeue(mnt, r);
	if(r->flushed){
		unlock(mnt);
		free(buf);
		freerpc(r);
		return;
	}
	r->r = f;
	r->rbuf = buf;
	r->done = 1;
	wakeup(&r->rz);	/* under the lock: once its caller sees done, it frees r */
	unlock(mnt);
}

static int
rpcready(void *a)
{
	Mntrpc *r;

	r = a;
	return r->done || r->mnt->rip == nil || r->mnt->dead;
}

/* pass the reading to a waiting rpc (mnt locked) */
static void
passreading(Mnt *mnt)
{
	Mntrpc *r;

	mnt->rip = nil;
	for(r = mnt->queue; r != nil; r = r->next)
		if(!r->flushed && !r->done){
			wakeup(&r->rz);
			break;
		}
}

/* wait for r's reply, reading replies when nobody else does */
static void
mntwait(Mnt *mnt, Mntrpc *r)
{
	for(;;){
		lock(mnt);
		if(r->done){
			unlock(mnt);
			return;
		}
		if(mnt->dead){
			unlock(mnt);
			error(mnt->err);
		}
		if(mnt->rip == nil){
			mnt->rip = up;
			unlock(mnt);
			if(waserror()){
				lock(mnt);
				if(strcmp(up->env->errstr, Eintr) != 0)
					mntkill(mnt, up->env->errstr);
				passreading(mnt);
				unlock(mnt);
				nexterror();
			}
			while(!r->done)
				mntreadmsg(mnt);
			poperror();
			lock(mnt);
			passreading(mnt);
			unlock(mnt);
			return;
		}
		unlock(mnt);
		sleep(&r->rz, rpcready, r);
	}
}

/* write f as one message */
static void
mntsend(Mnt *mnt, Fcall *f)
{
	uchar *buf;
	Chan *c;
	uint n;

	n = sizeS2M(f);
	if(n == 0 || n > mnt->msize)
		error(Etoobig);
	buf = smalloc(n);
	if(waserror()){
		free(buf);
		nexterror();
	}
	if(convS2M(f, buf, n) != n)
		error(Ebadarg);
	c = mnt->c;
	qlock(&mnt->wlk);
	if(waserror()){
		qunlock(&mnt->wlk);
		nexterror();
	}
	if(devtab[c->type]->write(c, buf, n, c->offset) != n)
		error(Eshort);
	c->offset += n;
	poperror();
	qunlock(&mnt->wlk);
	poperror();
	free(buf);
}

/* a new tag, not in use (mnt locked) */
static ushort
newtag(Mnt *mnt)
{
	Mntrpc *r;

	for(;;){
		if(++mnt->tag == NOTAG)
			mnt->tag = 0;
		for(r = mnt->queue; r != nil; r = r->next)
			if(r->t.tag == mnt->tag)
				break;
		if(r == nil)
			return mnt->tag;
	}
}

/* send r's request and queue it for its reply; an rpc given up is freed by the reader */
static void
mntqueue(Mnt *mnt, Mntrpc *r)
{
	lock(mnt);
	if(mnt->dead){
		unlock(mnt);
		error(mnt->err);
	}
	r->t.tag = newtag(mnt);
	r->next = mnt->queue;
	mnt->queue = r;
	unlock(mnt);
	if(waserror()){
		lock(mnt);
		dequeue(mnt, r);
		unlock(mnt);
		nexterror();
	}
	mntsend(mnt, &r->t);
	poperror();
}

/*
 * r's caller gives up: flush r (without waiting) unless its reply came.
 * Returns 1 if r is the reader's now, to free when its reply or the
 * Rflush comes; 0 if the caller still owns it.  A Tflush whose reply
 * comes before it is marked flushed is freed here.
 */
static int
mntabandon(Mnt *mnt, Mntrpc *r)
{
	Mntrpc *f;

	f = malloc(sizeof *f);
	lock(mnt);
	if(r->done || mnt->dead){
		dequeue(mnt, r);
		unlock(mnt);
		free(f);
		return 0;
	}
	r->flushed = 1;
	unlock(mnt);
	if(f == nil)
		return 1;	/* no Tflush: r's reply frees it */
	f->mnt = mnt;
	f->t.type = Tflush;
	f->t.oldtag = r->t.tag;
	if(waserror()){
		freerpc(f);
		return 1;
	}
	mntqueue(mnt, f);
	poperror();
	lock(mnt);
	if(f->done){
		unlock(mnt);
		freerpc(f);
		return 1;
	}
	f->flushed = 1;
	unlock(mnt);
	return 1;
}

/*
 * one rpc: returns with r's reply of the right type, for the caller to
 * free r; or raises the server's error or the mount's, having freed r
 * or left it to the reader (flushed), so that the caller must not
 * touch r after an error from here.
 */
static void
mountrpc(Mnt *mnt, Mntrpc *r)
{
	r->mnt = mnt;
	if(waserror()){
		freerpc(r);
		nexterror();
	}
	mntqueue(mnt, r);
	poperror();
	if(waserror()){
		if(!mntabandon(mnt, r))
			freerpc(r);
		nexterror();
	}
	mntwait(mnt, r);
	poperror();
	if(r->r.type == Rerror){
		kstrcpy(up->env->errstr, r->r.ename, ERRMAX);
		freerpc(r);
		error(up->env->errstr);
	}
}

static Mntrpc*
newrpc(int type, u32int fid)
{
	Mntrpc *r;

	r = smalloc(sizeof *r);
	r->t.type = type;
	r->t.fid = fid;
	return r;
}

/* an rpc whose reply is needed only to go on: raise, or free it */
static void
simplerpc(Mnt *mnt, Mntrpc *r)
{
	mountrpc(mnt, r);
	freerpc(r);
}

static Mnt*
chanmnt(Chan *c)
{
	Mnt *mnt;

	mnt = c->aux;
	if(mnt == nil)
		error(Eshutdown);
	return mnt;
}

/*
 * Tversion on c, unless done: what the mount driver does first on a
 * new connection.  The Mnt it makes belongs to c (c->mux) while any of
 * its Chans is open.  Returns it with a new reference.
 */
static Mnt*
mntversion(Chan *c, u32int msize, char *version)
{
	uchar buf[Minmsize], *p;
	Fcall f;
	Mnt *mnt;
	uint n;
	long r;

	if(c->mux != nil){
		mnt = c->mux;
		incref(mnt);
		return mnt;
	}
	if(msize == 0 || msize > MAXMSG)
		msize = Defmsize;
	if(msize < Minmsize)
		error(Ebadarg);
	if(strcmp(version, VERSION9P) != 0)
		error("unknown Styx version");
	f.type = Tversion;
	f.tag = NOTAG;
	f.msize = msize;
	f.version = version;
	n = convS2M(&f, buf, sizeof buf);
	if(n == 0 || devtab[c->type]->write(c, buf, n, c->offset) != n)
		error(Eshort);
	c->offset += n;
	/* read the reply's size, then the rest */
	for(n = 0; n < BIT32SZ; n += r){
		r = devtab[c->type]->read(c, buf+n, BIT32SZ-n, c->offset);
		if(r <= 0)
			error("mount server hung up");
		c->offset += r;
	}
	n = GBIT32(buf);
	if(n <= BIT32SZ || n > sizeof buf)
		error("mount: bad version reply");
	for(p = buf+BIT32SZ; p < buf+n; p += r){
		r = devtab[c->type]->read(c, p, buf+n-p, c->offset);
		if(r <= 0)
			error("mount server hung up");
		c->offset += r;
	}
	if(convM2S(buf, n, &f) != n)
		error("mount: bad version reply");
	if(f.type == Rerror)
		error(f.ename);
	if(f.type != Rversion || f.tag != NOTAG)
		error("mount: bad version reply");
	if(strcmp(f.version, VERSION9P) != 0)
		error("mount: server speaks an unknown Styx version");
	if(f.msize < Minmsize || f.msize > msize)
		error("mount: server's message size out of range");
	mnt = smalloc(sizeof(Mnt));
	mnt->ref = 1;
	mnt->msize = f.msize;
	lock(&mntalloc);
	mnt->id = ++mntalloc.id;
	unlock(&mntalloc);
	incref(c);
	mnt->c = c;
	c->mux = mnt;
	c->flag |= CMSG;
	return mnt;
}

/* a new Chan of mnt's, not yet a fid of the server */
static Chan*
mntchan(Mnt *mnt)
{
	Chan *c;

	c = newchan();
	c->type = devno('M', 0);
	c->dev = mnt->id;
	c->aux = mnt;
	c->mchan = mnt->c;
	return c;
}

/*
 * a new fid of the server at the other end of c, by Tattach (with ac,
 * or nil, proving who we are) or Tauth: the Chan, and its qid from
 * the reply.  Called released.
 */
static Chan*
mntnewfid(Chan *c, int type, Chan *ac, char *spec)
{
	Mntrpc *r;
	Chan *nc;
	Mnt *mnt;

	mnt = mntversion(c, 0, VERSION9P);
	if(waserror()){
		putmnt(mnt);
		nexterror();
	}
	if(ac != nil && (devtab[ac->type]->dc != 'M' || ac->aux != mnt))
		error("authentication file not on this connection");
	nc = mntchan(mnt);
	if(type == Tattach){
		r = newrpc(Tattach, nc->fid);
		r->t.afid = ac != nil ? ac->fid : NOFID;
	}else{
		r = newrpc(Tauth, NOFID);
		r->t.afid = nc->fid;
	}
	r->t.uname = up->env->user;
	r->t.aname = spec;
	if(waserror()){
		nc->aux = nil;
		cclose(nc);
		nexterror();
	}
	mountrpc(mnt, r);
	poperror();
	nc->qid = type == Tattach ? r->r.qid : r->r.aqid;
	freerpc(r);
	poperror();
	return nc;
}

/* sys->mount: the root of the server at the other end of c */
Chan*
mntmount(Chan *c, Chan *ac, char *spec)
{
	return mntnewfid(c, Tattach, ac, spec);
}

/* sys->fversion on c: the message size and version agreed */
u32int
mntfversion(Chan *c, u32int msize, char *version, char *vbuf, int nvbuf)
{
	Mnt *mnt;

	if(c->mux != nil)
		error("mount: version already set");
	mnt = mntversion(c, msize, version);
	utfecpy(vbuf, vbuf+nvbuf, VERSION9P);
	msize = mnt->msize;
	putmnt(mnt);
	return msize;
}

/* sys->fauth: an open Chan on the authentication file of the server on c */
Chan*
mntauth(Chan *c, char *spec)
{
	Chan *nc;

	nc = mntnewfid(c, Tauth, nil, spec);
	nc->mode = ORDWR;
	nc->flag |= COPEN;
	nc->iounit = ((Mnt*)nc->aux)->msize-IOHDRSZ;
	return nc;
}

static Walkqid*
mntwalk(Chan *c, Chan *nc, char **name, int nname)
{
	Walkqid *wq;
	Mntrpc *r;
	Mnt *mnt;
	int i;

	mnt = chanmnt(c);
	if(nname > MAXWELEM || nc != nil)
		error(Ebadarg);
	wq = smalloc(sizeof(Walkqid)+(nname > 0 ? nname-1 : 0)*sizeof(Qid));
	nc = mntchan(mnt);
	r = newrpc(Twalk, c->fid);
	r->t.newfid = nc->fid;
	r->t.nwname = nname;
	for(i = 0; i < nname; i++)
		r->t.wname[i] = name[i];
	if(waserror()){
		nc->aux = nil;
		cclose(nc);
		free(wq);
		nexterror();
	}
	mountrpc(mnt, r);
	if(r->r.nwqid > nname || nname > 0 && r->r.nwqid == 0){
		freerpc(r);
		error("mount: bad walk reply");
	}
	poperror();
	wq->nqid = r->r.nwqid;
	for(i = 0; i < wq->nqid; i++)
		wq->qid[i] = r->r.wqid[i];
	freerpc(r);
	if(wq->nqid < nname){
		/* the server made no newfid: a partial walk */
		nc->aux = nil;
		cclose(nc);
		kstrcpy(up->env->errstr, Enonexist, ERRMAX);
		return wq;
	}
	incref(mnt);
	nc->qid = nname > 0 ? wq->qid[nname-1] : c->qid;
	wq->clone = nc;
	return wq;
}

/* check a stat entry from the server and give it our device's type and instance */
static void
dirfix(Chan *c, uchar *d, uint n)
{
	if(statcheck(d, n) < 0)
		error("mount: bad stat from server");
	PBIT16(d+BIT16SZ, devtab[c->type]->dc);
	PBIT32(d+BIT16SZ+BIT16SZ, c->dev);
}

static int
mntstat(Chan *c, uchar *db, int n)
{
	Mntrpc *r;
	Mnt *mnt;

	mnt = chanmnt(c);
	r = newrpc(Tstat, c->fid);
	mountrpc(mnt, r);
	if(waserror()){
		freerpc(r);
		nexterror();
	}
	if(r->r.nstat > n)
		error(Eshortstat);
	dirfix(c, r->r.stat, r->r.nstat);
	memmove(db, r->r.stat, r->r.nstat);
	n = r->r.nstat;
	poperror();
	freerpc(r);
	return n;
}

static void
mntopencreate(Chan *c, int type, char *name, int omode, ulong perm)
{
	Mntrpc *r;
	Mnt *mnt;

	mnt = chanmnt(c);
	r = newrpc(type, c->fid);
	r->t.mode = omode & (3|OTRUNC|ORCLOSE);
	r->t.name = name;
	r->t.perm = perm;
	mountrpc(mnt, r);
	c->qid = r->r.qid;
	c->iounit = r->r.iounit;
	if(c->iounit == 0 || c->iounit > mnt->msize-IOHDRSZ)
		c->iounit = mnt->msize-IOHDRSZ;
	freerpc(r);
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
}

static Chan*
mntopen(Chan *c, int omode)
{
	mntopencreate(c, Topen, nil, omode, 0);
	return c;
}

static void
mntcreate(Chan *c, char *name, int omode, ulong perm)
{
	mntopencreate(c, Tcreate, name, omode, perm);
}

static void
mntclose(Chan *c)
{
	Mnt *mnt;

	mnt = c->aux;
	if(mnt == nil)
		return;
	c->aux = nil;
	mntclunk(mnt, c->fid);
}

static void
mntremove(Chan *c)
{
	Mnt *mnt;

	mnt = chanmnt(c);
	c->aux = nil;
	if(waserror()){
		putmnt(mnt);
		nexterror();
	}
	simplerpc(mnt, newrpc(Tremove, c->fid));
	poperror();
	putmnt(mnt);
}

static int
mntwstat(Chan *c, uchar *dp, int n)
{
	Mntrpc *r;
	Mnt *mnt;

	mnt = chanmnt(c);
	r = newrpc(Twstat, c->fid);
	r->t.nstat = n;
	r->t.stat = dp;
	simplerpc(mnt, r);
	return n;
}

/* one Tread or Twrite of at most the Chan's iounit: the count done */
static long
mntrdwr1(Chan *c, int type, uchar *buf, long n, vlong off)
{
	Mntrpc *r;
	Mnt *mnt;
	uchar *p, *e;
	long nr;

	mnt = chanmnt(c);
	r = newrpc(type, c->fid);
	r->t.offset = off;
	r->t.count = n;
	r->t.data = (char*)buf;
	mountrpc(mnt, r);
	if(waserror()){
		freerpc(r);
		nexterror();
	}
	nr = r->r.count;
	if(nr > n)
		error("mount: server gave more than asked");
	if(type == Tread){
		if(c->qid.type & QTDIR)
			for(p = (uchar*)r->r.data, e = p+nr; p < e; p += BIT16SZ+GBIT16(p)){
				if(p+BIT16SZ > e || BIT16SZ+GBIT16(p) > e-p)
					error("mount: bad directory from server");
				dirfix(c, p, BIT16SZ+GBIT16(p));
			}
		memmove(buf, r->r.data, nr);
	}
	poperror();
	freerpc(r);
	return nr;
}

/* read or write in iounit pieces until done, or a piece comes short */
static long
mntrdwr(Chan *c, int type, uchar *buf, long n, vlong off)
{
	long t, k, r;

	if(n < 0)
		error(Ecount);
	for(t = 0; t < n; t += r){
		k = n-t;
		if(k > c->iounit)
			k = c->iounit;
		r = mntrdwr1(c, type, buf+t, k, off+t);
		if(r < k){
			t += r;
			break;
		}
		if(type == Tread && (c->qid.type & QTDIR))
			return r;	/* whole entries only: one reply */
	}
	return t;
}

static long
mntread(Chan *c, void *buf, long n, vlong off)
{
	return mntrdwr(c, Tread, buf, n, off);
}

static long
mntwrite(Chan *c, void *buf, long n, vlong off)
{
	return mntrdwr(c, Twrite, buf, n, off);
}

/* the clunk kproc: sends the clunks of closes that could not wait */
static void
clunkproc(void *v)
{
	Clunk *k;

	USED(v);
	for(;;){
		lock(&mntalloc);
		k = mntalloc.head;
		if(k == nil){
			mntalloc.running = 0;
			unlock(&mntalloc);
			pexit("", 1);
		}
		mntalloc.head = k->next;
		unlock(&mntalloc);
		mntclunk(k->mnt, k->fid);
		free(k);
	}
}

/*
 * tell the server fid is done with, and drop the Chan's reference to
 * mnt; the VM's holder hands it to clunkproc rather than wait
 */
static void
mntclunk(Mnt *mnt, u32int fid)
{
	Clunk *k;

	if(up->type != Unknown){
		k = smalloc(sizeof *k);
		k->mnt = mnt;
		k->fid = fid;
		lock(&mntalloc);
		k->next = mntalloc.head;
		mntalloc.head = k;
		if(mntalloc.running){
			unlock(&mntalloc);
			return;
		}
		mntalloc.running = 1;
		unlock(&mntalloc);
		kproc("mntclunk", clunkproc, nil, PriNormal);
		return;
	}
	if(!waserror()){
		simplerpc(mnt, newrpc(Tclunk, fid));
		poperror();
	}
	putmnt(mnt);
}

Dev mntdevtab = {
	'M',
	"mnt",

	devreset,
	devinit,
	devshutdown,
	mntattach,
	mntwalk,
	mntstat,
	mntopen,
	mntcreate,
	mntclose,
	mntread,
	devbread,
	mntwrite,
	devbwrite,
	mntremove,
	mntwstat,
};
