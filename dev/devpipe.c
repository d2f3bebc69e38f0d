#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	<interp.h>

/*
 * #| -- pipes.  Each attach makes a new pipe with two ends, data and
 * data1; bytes written on one end are read from the other.
 * q[0] is read through data and written through data1; q[1] the reverse.
 * The last close of an end closes the queue it writes (the reader
 * sees end of file once the queue drains) and hangs up the queue it
 * reads (a later write from the other end fails with Ehungup).
 */

enum
{
	Qdir,
	Qdata0,
	Qdata1,

	Pipeqsize	= 32*1024,
};

#define	PIPETYPE(x)	((ulong)(x)&0x1F)
#define	PIPEID(x)	((ulong)(x)>>5)
#define	PIPEQID(i, t)	(((i)<<5)|(t))

typedef struct Pipe Pipe;
struct Pipe
{
	QLock;
	int	ref;		/* Chans pointing here */
	int	qref[2];	/* open Chans per end */
	ulong	path;
	Queue*	q[2];
	Dirtab	dir[3];		/* per pipe: wstat may change names and modes */
	char*	user;
};

static Dirtab pipedir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0500,
	"data",		{Qdata0},	0,	0660,
	"data1",	{Qdata1},	0,	0660,
};

static struct
{
	Lock;
	ulong	path;
} pipealloc;

static void
freepipe(Pipe *p)
{
	if(p == nil)
		return;
	if(p->q[0] != nil)
		qfree(p->q[0]);
	if(p->q[1] != nil)
		qfree(p->q[1]);
	free(p->user);
	free(p);
}

static Chan*
pipeattach(char *spec)
{
	Pipe *p;
	Chan *c;

	c = devattach('|', spec);
	p = mallocz(sizeof(Pipe), 1);
	if(p == nil){
		cclose(c);
		error(Enomem);
	}
	if(waserror()){
		freepipe(p);
		cclose(c);
		nexterror();
	}
	memmove(p->dir, pipedir, sizeof(pipedir));
	kstrdup(&p->user, up->env->user);
	p->ref = 1;
	p->q[0] = qopen(Pipeqsize, 0, nil, nil);
	p->q[1] = qopen(Pipeqsize, 0, nil, nil);
	if(p->q[0] == nil || p->q[1] == nil)
		error(Enomem);
	poperror();

	lock(&pipealloc);
	p->path = ++pipealloc.path;
	unlock(&pipealloc);

	mkqid(&c->qid, PIPEQID(p->path, Qdir), 0, QTDIR);
	c->aux = p;
	c->dev = 0;
	return c;
}

/* the length of an end is the number of bytes waiting to be read from it */
static int
pipegen(Chan *c, char *name, Dirtab *tab, int ntab, int i, Dir *dp)
{
	Qid q;
	Pipe *p;
	long len;

	USED(name);
	if(i == DEVDOTDOT){
		mkqid(&q, PIPEQID(PIPEID(c->qid.path), Qdir), 0, QTDIR);
		devdir(c, q, "#|", 0, eve, DMDIR|0555, dp);
		return 1;
	}
	i++;	/* skip . */
	if(tab == nil || i >= ntab)
		return -1;
	tab += i;
	p = c->aux;
	len = qlen(p->q[i-1]);
	mkqid(&q, PIPEQID(PIPEID(c->qid.path), tab->qid.path), 0, QTFILE);
	devdir(c, q, tab->name, len, p->user, tab->perm, dp);
	return 1;
}

static Walkqid*
pipewalk(Chan *c, Chan *nc, char **name, int nname)
{
	Walkqid *wq;
	Pipe *p;

	p = c->aux;
	wq = devwalk(c, nc, name, nname, p->dir, nelem(p->dir), pipegen);
	if(wq != nil && wq->clone != nil && wq->clone != c){
		qlock(p);
		p->ref++;
		if(c->flag & COPEN){
			switch(PIPETYPE(c->qid.path)){
			case Qdata0:
				p->qref[0]++;
				break;
			case Qdata1:
				p->qref[1]++;
				break;
			}
		}
		qunlock(p);
	}
	return wq;
}

static int
pipestat(Chan *c, uchar *db, int n)
{
	Pipe *p;
	Dir dir;
	int t;

	p = c->aux;
	t = PIPETYPE(c->qid.path);
	if(t == Qdir)
		devdir(c, c->qid, ".", 0, eve, DMDIR|0555, &dir);
	else
		devdir(c, c->qid, p->dir[t].name, qlen(p->q[t-1]), p->user, p->dir[t].perm, &dir);
	n = convD2M(&dir, db, n);
	if(n < BIT16SZ)
		error(Eshortstat);
	return n;
}

static Chan*
pipeopen(Chan *c, int omode)
{
	Pipe *p;
	int t;

	if(c->qid.type & QTDIR){
		if(omode != OREAD)
			error(Eperm);
		c->mode = OREAD;
		c->flag |= COPEN;
		c->offset = 0;
		return c;
	}
	omode = openmode(omode);
	p = c->aux;
	t = PIPETYPE(c->qid.path);
	qlock(p);
	if(waserror()){
		qunlock(p);
		nexterror();
	}
	devpermcheck(p->user, p->dir[t].perm, omode);
	p->qref[t-1]++;
	poperror();
	qunlock(p);

	c->mode = omode;
	c->flag |= COPEN;
	c->offset = 0;
	c->iounit = 0;
	return c;
}

static void
pipeclose(Chan *c)
{
	Pipe *p;
	int t;

	p = c->aux;
	qlock(p);
	t = PIPETYPE(c->qid.path);
	if((c->flag & COPEN) && t != Qdir){
		if(--p->qref[t-1] == 0){
			qclose(p->q[2-t]);
			qhangup(p->q[t-1], nil);
		}
	}
	/* with both ends closed, a new open starts afresh */
	if(p->qref[0] == 0 && p->qref[1] == 0){
		qreopen(p->q[0]);
		qreopen(p->q[1]);
	}
	if(--p->ref == 0){
		qunlock(p);
		freepipe(p);
		return;
	}
	qunlock(p);
}

/* pipes are streams: the offset is ignored */
static long
piperead(Chan *c, void *va, long n, vlong off)
{
	Pipe *p;

	USED(off);
	if(n < 0)
		error(Ecount);
	if(n == 0)
		return 0;
	p = c->aux;
	switch(PIPETYPE(c->qid.path)){
	case Qdir:
		return devdirread(c, va, n, p->dir, nelem(p->dir), pipegen);
	case Qdata0:
		return qread(p->q[0], va, n);
	case Qdata1:
		return qread(p->q[1], va, n);
	}
	error(Egreg);
	return -1;
}

/*
 * As in Inferno, a write that fails (the other end is closed) also
 * kills the writing prog, so a producer stops when its consumer has
 * gone even if it ignores write errors.
 */
static long
pipewrite(Chan *c, void *va, long n, vlong off)
{
	Pipe *p;
	Prog *r;

	USED(off);
	if(n < 0)
		error(Ecount);
	if(PIPETYPE(c->qid.path) == Qdir)
		error(Eisdir);
	p = c->aux;
	if(waserror()){
		/* a mount's or an export's messages: the error is the mount's, not the writer's death */
		r = up->iprog;
		if(r != nil && r->kill == nil && (c->flag & CMSG) == 0)
			r->kill = "write on closed pipe";
		nexterror();
	}
	switch(PIPETYPE(c->qid.path)){
	case Qdata0:
		n = qwrite(p->q[1], va, n);
		break;
	default:
		n = qwrite(p->q[0], va, n);
		break;
	}
	poperror();
	return n;
}

static int
pipewstat(Chan *c, uchar *dp, int n)
{
	Dir d;
	Pipe *p;
	int t;
	char *strs;

	t = PIPETYPE(c->qid.path);
	if(t == Qdir)
		error(Eperm);
	p = c->aux;
	if(strcmp(up->env->user, p->user) != 0)
		error(Eperm);
	strs = smalloc(n);
	if(waserror()){
		free(strs);
		nexterror();
	}
	n = convM2D(dp, n, &d, strs);
	if(n == 0)
		error(Eshortstat);
	if(d.name != nil && d.name[0] != '\0'){
		validname(d.name, 0);
		if(strlen(d.name) >= KNAMELEN)
			error(Efilename);
		if(strcmp(p->dir[3-t].name, d.name) == 0)
			error(Eexist);
		kstrcpy(p->dir[t].name, d.name, KNAMELEN);
	}
	if(d.mode != ~0UL)
		p->dir[t].perm = d.mode & 0777;
	poperror();
	free(strs);
	return n;
}

Dev pipedevtab = {
	'|',
	"pipe",

	devreset,
	devinit,
	devshutdown,
	pipeattach,
	pipewalk,
	pipestat,
	pipeopen,
	devcreate,
	pipeclose,
	piperead,
	devbread,
	pipewrite,
	devbwrite,
	devremove,
	pipewstat,
};
