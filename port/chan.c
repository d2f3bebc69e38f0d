#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Channels and name resolution.
 *
 * Names are resolved against the process group's mount table: after
 * each step of a walk, if the Chan reached is a mount point it is
 * replaced by a clone of the first thing bound there, with umh set
 * to the Mhead, so that the next step (and a directory read) can go
 * through every member of the union in order.
 *
 * ".." is resolved lexically: the name is cleaned (cleanname) and a
 * relative name that climbs above the current directory is made
 * absolute with the current directory's path.  A Chan's path is the
 * name it was reached by, for fd2path.
 */

static struct {
	Lock;
	int	fid;
	Chan*	free;
	int	nalloc;
} chanalloc;

static void	unamesfree(Chan*);

Chan*
newchan(void)
{
	Chan *c;

	c = selfchan();
	lock(&chanalloc);
	if(c == nil && (c = chanalloc.free) != nil)
		chanalloc.free = c->next;
	chanalloc.nalloc++;
	chanalloc.fid++;
	unlock(&chanalloc);
	if(c == nil){
		c = malloc(sizeof(Chan));
		if(c == nil){
			lock(&chanalloc);
			chanalloc.nalloc--;
			unlock(&chanalloc);
			error(Enomem);
		}
	}
	kobjalloc(Kchan);
	memset(c, 0, sizeof *c);
	c->fid = chanalloc.fid;
	c->ref = 1;
	c->offset = 0;
	c->iounit = 0;
	c->umh = nil;
	c->uri = 0;
	c->dri = 0;
	c->aux = nil;
	c->path = nil;
	return c;
}

void
chanfree(Chan *c)
{
	c->flag = CFREE;
	kobjfree(Kchan);
	if(c->umh != nil){
		putmhead(c->umh);
		c->umh = nil;
	}
	if(c->umc != nil){
		cclose(c->umc);
		c->umc = nil;
	}
	unamesfree(c);
	pathclose(c->path);
	c->path = nil;
	if(keepchan(c)){
		lock(&chanalloc);
		chanalloc.nalloc--;
		unlock(&chanalloc);
		return;
	}
	chanrelease(c);
}

/* put c, freed, on the shared free list */
void
chanrelease(Chan *c)
{
	lock(&chanalloc);
	c->next = chanalloc.free;
	chanalloc.free = c;
	chanalloc.nalloc--;
	unlock(&chanalloc);
}

/* drop a reference; the last one closes the file on its device */
void
cclose(Chan *c)
{
	if(c == nil)
		return;
	if(c->flag & CFREE)
		panic("cclose %#lux", getcallerpc(&c));
	if(decref(c))
		return;
	if(!waserror()){
		devtab[c->type]->close(c);
		poperror();
	}
	chanfree(c);
}

void
ccloseq(Chan *c)
{
	cclose(c);
}

Path*
newpath(char *s)
{
	Path *p;
	int n;

	n = strlen(s);
	p = selfpath();
	if(p != nil && p->alen < n+1){
		free(p->s);
		p->s = nil;
	}
	if(p == nil)
		p = smalloc(sizeof(Path));
	if(p->s == nil){
		p->s = malloc(n+1);
		if(p->s == nil){
			free(p);
			error(Enomem);
		}
		p->alen = n+1;
	}
	kobjalloc(Kpath);
	p->ref = 1;
	memmove(p->s, s, n+1);
	p->len = n;
	return p;
}

void
pathclose(Path *p)
{
	if(p == nil)
		return;
	if(decref(p))
		return;
	kobjfree(Kpath);
	if(keeppath(p))
		return;
	free(p->s);
	free(p);
}

/* the path of p extended by the element e */
static Path*
addelem(Path *p, char *e)
{
	char *s;
	Path *np;
	int n;

	if(p == nil)
		return newpath(e);
	n = p->len + 1 + strlen(e) + 1;
	s = smalloc(n);
	if(p->len > 0 && p->s[p->len-1] == '/')
		snprint(s, n, "%s%s", p->s, e);
	else
		snprint(s, n, "%s/%s", p->s, e);
	np = newpath(s);
	free(s);
	return np;
}

char*
chanpath(Chan *c)
{
	if(c == nil)
		return "<nil chan>";
	if(c->path == nil)
		return "<nil path>";
	return c->path->s;
}

int
eqqid(Qid a, Qid b)
{
	return a.path == b.path && a.vers == b.vers;
}

int
eqchan(Chan *a, Chan *b, int skipvers)
{
	if(a->qid.path != b->qid.path)
		return 0;
	if(!skipvers && a->qid.vers != b->qid.vers)
		return 0;
	if(a->type != b->type)
		return 0;
	if(a->dev != b->dev)
		return 0;
	return 1;
}

void
isdir(Chan *c)
{
	if(c->qid.type & QTDIR)
		return;
	error(Enotdir);
}

/* a new Chan on the same file, not open */
Chan*
cclone(Chan *c)
{
	Chan *nc;
	Walkqid *wq;

	wq = devtab[c->type]->walk(c, nil, nil, 0);
	if(wq == nil)
		error("clone failed");
	nc = wq->clone;
	free(wq);
	if(nc == nil)
		error("clone failed");
	nc->path = c->path;
	if(c->path != nil)
		incref(c->path);
	if(c->umh != nil){
		incref(c->umh);
		nc->umh = c->umh;
	}
	return nc;
}

int
openmode(ulong o)
{
	o &= ~(OTRUNC|OCEXEC|ORCLOSE|OEXCL);
	if(o > OEXEC)
		error(Ebadarg);
	if(o == OEXEC)
		return OREAD;
	return o;
}

/* name elements: no slashes, no control characters */
void
validname(char *aname, int slashok)
{
	char *name;
	Rune r;

	name = aname;
	while(*name){
		if((uchar)*name < Runeself){
			if(*name < ' ' || *name == 0x7F || (*name == '/' && !slashok))
				error(Ebadchar);
			name++;
		}else{
			name += chartorune(&r, name);
			if(r == Runeerror)
				error(Ebadchar);
		}
	}
}

char*
validnamedup(char *aname, int slashok)
{
	char *s;
	int n;

	validname(aname, slashok);
	n = strlen(aname)+1;
	s = smalloc(n);
	memmove(s, aname, n);
	return s;
}

void
validstat(uchar *s, int n)
{
	if(statcheck(s, n) < 0)
		error(Ebadstat);
}

/*
 * Mount table
 */
Mhead*
newmhead(Chan *from)
{
	Mhead *mh;

	mh = smalloc(sizeof(Mhead));
	kobjalloc(Kmhead);
	mh->ref = 1;
	mh->from = from;
	incref(from);
	return mh;
}

void
putmhead(Mhead *mh)
{
	if(mh != nil && decref(mh) == 0){
		cclose(mh->from);
		kobjfree(Kmhead);
		free(mh);
	}
}

Mount*
newmount(Mhead *mh, Chan *to, int flag, char *spec)
{
	static ulong mountid;
	Mount *m;

	m = smalloc(sizeof(Mount));
	kobjalloc(Kmount);
	m->to = to;
	m->head = mh;
	incref(to);
	m->mountid = __atomic_add_fetch(&mountid, 1, __ATOMIC_RELAXED);
	m->mflag = flag;
	if(spec != nil)
		kstrdup(&m->spec, spec);
	return m;
}

void
mountfree(Mount *m)
{
	Mount *f;

	while(m != nil){
		f = m->next;
		cclose(m->to);
		free(m->spec);
		kobjfree(Kmount);
		free(m);
		m = f;
	}
}

/* the Mhead for c in the current name space, with a reference, or nil */
static Mhead*
lookmount(Chan *c)
{
	Pgrp *pg;
	Mhead *mh;

	pg = up->env->pgrp;
	rlock(&pg->ns);
	for(mh = MOUNTH(pg, c->qid); mh != nil; mh = mh->hash)
		if(mh->from != nil && eqchan(mh->from, c, 1)){
			incref(mh);
			break;
		}
	runlock(&pg->ns);
	return mh;
}

/* if c is a mount point, replace it by the union bound there */
static void
domount(Chan **cp)
{
	Chan *c, *nc;
	Mhead *mh;

	c = *cp;
	mh = lookmount(c);
	if(mh == nil)
		return;
	if(waserror()){
		putmhead(mh);
		nexterror();
	}
	rlock(&mh->lock);
	if(mh->mount == nil){
		runlock(&mh->lock);
		poperror();
		putmhead(mh);
		return;
	}
	if(waserror()){
		runlock(&mh->lock);
		nexterror();
	}
	nc = cclone(mh->mount->to);
	poperror();
	runlock(&mh->lock);
	poperror();
	if(nc->umh != nil)
		putmhead(nc->umh);
	nc->umh = mh;
	pathclose(nc->path);
	nc->path = c->path;
	if(c->path != nil)
		incref(c->path);
	cclose(c);
	*cp = nc;
}

/*
 * walk c to name on its device: the new Chan, or nil with the
 * reason in errstr.  Devices may say no by returning nil, a Walkqid
 * without a clone, or by raising an error.
 */
static Chan*
devwalk1(Chan *c, char *name)
{
	Walkqid *wq;
	Chan *nc;

	if(waserror())
		return nil;
	wq = devtab[c->type]->walk(c, nil, &name, 1);
	poperror();
	if(wq == nil)
		return nil;
	nc = wq->clone;
	free(wq);
	return nc;
}

/* walk one element from c, through the union if c is one; nil if absent */
static Chan*
walk1(Chan *c, char *name)
{
	Mount *f;
	Chan *nc;

	if(c->umh == nil)
		return devwalk1(c, name);
	nc = nil;
	rlock(&c->umh->lock);
	for(f = c->umh->mount; f != nil; f = f->next)
		if((nc = devwalk1(f->to, name)) != nil)
			break;
	runlock(&c->umh->lock);
	return nc;
}

/*
 * walk *cp along names.  Mount points met on the way are crossed;
 * the last one too unless nomount.  On failure *cp is unchanged and
 * *nerror says how many elements were walked.
 */
int
walk(Chan **cp, char **names, int nnames, int nomount, int *nerror)
{
	Chan *c, *nc;
	int i;

	c = *cp;
	incref(c);
	for(i = 0; i < nnames; i++){
		if(!(c->qid.type & QTDIR)){
			cclose(c);
			if(nerror != nil)
				*nerror = i;
			kstrcpy(up->env->errstr, Enotdir, ERRMAX);
			return -1;
		}
		up->env->errstr[0] = 0;
		nc = walk1(c, names[i]);
		if(nc == nil){
			cclose(c);
			if(nerror != nil)
				*nerror = i;
			if(up->env->errstr[0] == 0)
				kstrcpy(up->env->errstr, Enonexist, ERRMAX);
			return -1;
		}
		nc->path = addelem(c->path, names[i]);
		cclose(c);
		c = nc;
		if(i < nnames-1 || !nomount)
			domount(&c);
	}
	cclose(*cp);
	*cp = c;
	return 0;
}

/* bind (or mount) new onto old with flag; returns the mount id */
int
cmount(Chan **newp, Chan *old, int flag, char *spec)
{
	Pgrp *pg;
	Mhead *mh, **l;
	Mount *nm, *f, *h, **t, *um;
	Chan *new;
	int order;

	new = *newp;
	if((old->qid.type & QTDIR) != (new->qid.type & QTDIR))
		error(Emount);
	order = flag & MORDER;
	if(!(old->qid.type & QTDIR) && order != MREPL)
		error(Emount);
	pg = up->env->pgrp;
	/* the members of a union being bound are bound one by one */
	nm = nil;
	if(new->umh != nil){
		rlock(&new->umh->lock);
		t = &nm;
		for(f = new->umh->mount; f != nil; f = f->next){
			*t = newmount(nil, f->to, f->mflag|(flag&MCREATE), f->spec);
			t = &(*t)->next;
		}
		runlock(&new->umh->lock);
		for(f = nm; f != nil; f = f->next)
			if(!(flag & MCREATE))
				f->mflag &= ~MCREATE;
	}
	if(nm == nil)
		nm = newmount(nil, new, flag&MCREATE, spec);
	wlock(&pg->ns);
	l = &MOUNTH(pg, old->qid);
	for(mh = *l; mh != nil; mh = mh->hash){
		if(eqchan(mh->from, old, 1))
			break;
		l = &mh->hash;
	}
	if(mh == nil){
		mh = newmhead(old);
		*l = mh;
		/* a union includes what was there before */
		if(order != MREPL)
			mh->mount = newmount(mh, old, 0, nil);
	}
	wlock(&mh->lock);
	for(f = nm; f != nil; f = f->next)
		f->head = mh;
	switch(order){
	case MREPL:
		um = mh->mount;
		mh->mount = nm;
		mountfree(um);
		break;
	case MBEFORE:
		for(f = nm; f->next != nil; f = f->next)
			;
		f->next = mh->mount;
		mh->mount = nm;
		break;
	case MAFTER:
		for(t = &mh->mount; (h = *t) != nil; t = &h->next)
			;
		*t = nm;
		break;
	}
	wunlock(&mh->lock);
	wunlock(&pg->ns);
	return nm->mountid;
}

/* undo binds of mnt (or all of them if nil) on the mount point old */
void
cunmount(Chan *old, Chan *mnt)
{
	Pgrp *pg;
	Mhead *mh, **l;
	Mount *f, **p;

	pg = up->env->pgrp;
	wlock(&pg->ns);
	l = &MOUNTH(pg, old->qid);
	for(mh = *l; mh != nil; mh = mh->hash){
		if(eqchan(mh->from, old, 1))
			break;
		l = &mh->hash;
	}
	if(mh == nil){
		wunlock(&pg->ns);
		error(Eunmount);
	}
	wlock(&mh->lock);
	if(mnt == nil){
		*l = mh->hash;
		mountfree(mh->mount);
		mh->mount = nil;
		wunlock(&mh->lock);
		wunlock(&pg->ns);
		putmhead(mh);
		return;
	}
	for(p = &mh->mount; (f = *p) != nil; p = &f->next){
		if(eqchan(f->to, mnt, 1)){
			*p = f->next;
			f->next = nil;
			mountfree(f);
			if(mh->mount == nil){
				*l = mh->hash;
				wunlock(&mh->lock);
				wunlock(&pg->ns);
				putmhead(mh);
				return;
			}
			wunlock(&mh->lock);
			wunlock(&pg->ns);
			return;
		}
	}
	wunlock(&mh->lock);
	wunlock(&pg->ns);
	error(Eunion);
}

/* the attach of a #-name: #c, #cspec */
static Chan*
devname(char **np)
{
	char *name, *spec, buf[KNAMELEN];
	Rune r;
	int t, n;

	name = *np + 1;
	n = chartorune(&r, name);
	if(r == 0)
		error(Ebadsharp);
	name += n;
	spec = name;
	while(*name != 0 && *name != '/')
		name++;
	if(name-spec >= sizeof buf)
		error(Efilename);
	memmove(buf, spec, name-spec);
	buf[name-spec] = 0;
	*np = name;
	if(up->env->pgrp->nodevs && utfrune("|esDa", r) == nil)
		error(Enoattach);
	t = devno(r, 1);
	if(t == -1)
		error(Ebadsharp);
	return devtab[t]->attach(buf);
}

/*
 * the directory to create in for directory c: c, or in a union the
 * first member bound with MCREATE (a clone, with c's path).  Takes
 * over the caller's reference to c, unless it raises an error.
 */
Chan*
createdir(Chan *c)
{
	Chan *cnew;
	Mount *f;

	if(c->umh == nil)
		return c;
	cnew = nil;
	rlock(&c->umh->lock);
	for(f = c->umh->mount; f != nil; f = f->next)
		if(f->mflag & MCREATE){
			cnew = f->to;
			break;
		}
	if(cnew == nil){
		runlock(&c->umh->lock);
		error(Enocreate);
	}
	if(waserror()){
		runlock(&c->umh->lock);
		nexterror();
	}
	cnew = cclone(cnew);
	poperror();
	runlock(&c->umh->lock);
	pathclose(cnew->path);
	cnew->path = c->path;
	incref(c->path);
	cclose(c);
	return cnew;
}

/*
 * Resolve aname for amode (Aaccess, Atodir, Aopen, Acreate, Abind,
 * Amount, Aremove) and open or create it as omode and perm ask.
 */
Chan*
namec(char *aname, int amode, int omode, ulong perm)
{
	char *name, *elem[64], *p, *last, *full;
	Chan *c, *cnew;
	Path *np;
	int n, nomount, nerr, len;

	if(aname[0] == 0)
		error(Enonexist);
	validname(aname, 1);
	len = strlen(aname);
	/* a relative name that climbs out of dot is made absolute */
	name = smalloc(len+1);
	strcpy(name, aname);
	if(name[0] != '/' && name[0] != '#'){
		cleanname(name);
		if(strcmp(name, "..") == 0 || strncmp(name, "../", 3) == 0){
			c = up->env->pgrp->dot;
			if(c == nil){
				free(name);
				error(Enonexist);
			}
			p = chanpath(c);
			full = smalloc(strlen(p) + 1 + strlen(name) + 1);
			sprint(full, "%s/%s", p, name);
			free(name);
			name = full;
		}
	}
	if(name[0] == '/')
		cleanname(name);	/* a #X name: its rest is cleaned after devname */
	if(waserror()){
		free(name);
		nexterror();
	}
	p = name;
	switch(p[0]){
	case '/':
		c = cclone(up->env->pgrp->slash);
		if(amode != Abind && amode != Amount || p[1] != 0)
			domount(&c);
		break;
	case '#':
		c = devname(&p);
		if(*p != 0)
			cleanname(p);
		break;
	default:
		c = cclone(up->env->pgrp->dot);
		break;
	}
	if(waserror()){
		cclose(c);
		nexterror();
	}
	n = getfields(p, elem, nelem(elem), 1, "/");
	if(n > 0 && strcmp(elem[0], ".") == 0 && n == 1)
		n = 0;
	if(n == nelem(elem))
		error(Efilename);
	last = nil;
	if(amode == Acreate){
		if(n == 0)
			error(Eexist);
		last = elem[--n];
	}
	nomount = amode == Abind || amode == Amount || amode == Aremove;
	if(walk(&c, elem, n, nomount, &nerr) < 0)
		error(up->env->errstr);

	switch(amode){
	case Atodir:
		isdir(c);
		break;
	case Aaccess:
	case Abind:
	case Amount:
	case Aremove:
		break;
	case Aopen:
	Open:
		c = devtab[c->type]->open(c, omode&~OCEXEC);
		if(omode & OCEXEC)
			c->flag |= CCEXEC;
		if(omode & ORCLOSE)
			c->flag |= CRCLOSE;
		break;
	case Acreate:
		validname(last, 0);
		if(strlen(last) >= KNAMEMAX)
			error(Etoolong);
		/* an existing file is opened and truncated, unless OEXCL */
		cnew = c;
		incref(cnew);
		if(walk(&cnew, &last, 1, 0, nil) == 0){
			if(omode & OEXCL){
				cclose(cnew);
				error(Eexist);
			}
			cclose(c);
			c = cnew;
			omode |= OTRUNC;
			goto Open;
		}
		cclose(cnew);
		c = createdir(c);
		np = addelem(c->path, last);
		if(waserror()){
			pathclose(np);
			nexterror();
		}
		devtab[c->type]->create(c, last, omode&~(OEXCL|OCEXEC), perm);
		poperror();
		pathclose(c->path);
		c->path = np;
		if(omode & OCEXEC)
			c->flag |= CCEXEC;
		if(omode & ORCLOSE)
			c->flag |= CRCLOSE;
		break;
	default:
		panic("namec: unknown mode %d", amode);
	}
	poperror();
	poperror();
	free(name);
	return c;
}

/*
 * A union directory lists each name once: the entry of the first member
 * that has it, as a walk finds it (Inferno leaves that to ls -c and
 * readdir's COMPACT).  While a union is read, the Chan keeps the names
 * its members gave (but the last member's, which nothing follows) in
 * a hash table, unames, freed at a rewind and when the Chan goes.
 */
enum
{
	Nunames	= 128,	/* buckets */
};

struct Uname
{
	Uname*	next;
	int	len;
	char	name[];
};

static void
unamesfree(Chan *c)
{
	Uname *u, *nu;
	int i;

	if(c->unames == nil)
		return;
	for(i = 0; i < Nunames; i++)
		for(u = c->unames[i]; u != nil; u = nu){
			nu = u->next;
			free(u);
		}
	free(c->unames);
	c->unames = nil;
}

/* has c's union read given name (len bytes) already?  If not and note, note it */
static int
unionseen(Chan *c, uchar *name, int len, int note)
{
	Uname *u, **b;
	uint h;
	int i;

	if(c->unames == nil){
		if(!note)
			return 0;
		c->unames = malloc(Nunames*sizeof(Uname*));
		if(c->unames == nil)
			error(Enomem);
	}
	h = 0;
	for(i = 0; i < len; i++)
		h = h*31 + name[i];
	b = &c->unames[h % Nunames];
	for(u = *b; u != nil; u = u->next)
		if(u->len == len && memcmp(u->name, name, len) == 0)
			return 1;
	if(note){
		u = malloc(sizeof(Uname) + len);
		if(u == nil)
			error(Enomem);
		u->len = len;
		memmove(u->name, name, len);
		u->next = *b;
		*b = u;
	}
	return 0;
}

/*
 * drop from the n bytes of stat entries at buf those whose names an
 * earlier member of c's union gave; note the others' names if a member
 * follows.  A malformed entry and what follows it are left as they are,
 * for the reader to refuse.  The bytes kept.
 */
static long
unionfilter(Chan *c, uchar *buf, long n, int note)
{
	uchar *p, *e, *w, *name;
	uint m;

	if(c->unames == nil && !note)
		return n;
	w = buf;
	e = buf + n;
	for(p = buf; p+BIT16SZ <= e; p += m){
		m = BIT16SZ + GBIT16(p);
		if(m > e-p || statcheck(p, m) < 0)
			break;
		name = p + STATFIXLEN - 4*BIT16SZ;
		if(!unionseen(c, name+BIT16SZ, GBIT16(name), note)){
			if(w != p)
				memmove(w, p, m);
			w += m;
		}
	}
	if(p < e){
		memmove(w, p, e-p);
		w += e-p;
	}
	return w - buf;
}

/* read the next entries of a union directory */
long
unionread(Chan *c, void *va, long n)
{
	Mount *f;
	long nr;
	int i;

	qlock(&c->umqlock);
	rlock(&c->umh->lock);
	if(waserror()){
		runlock(&c->umh->lock);
		qunlock(&c->umqlock);
		nexterror();
	}
	f = c->umh->mount;
	for(i = 0; f != nil && i < c->uri; i++)
		f = f->next;
	nr = 0;
	while(f != nil){
		if(c->umc == nil){
			c->umc = cclone(f->to);
			c->umc = devtab[c->umc->type]->open(c->umc, OREAD);
		}
		nr = devtab[c->umc->type]->read(c->umc, va, n, c->umc->offset);
		c->umc->offset += nr;
		if(nr > 0){
			nr = unionfilter(c, va, nr, f->next != nil);
			if(nr > 0)
				break;
			continue;	/* all seen before: read on */
		}
		cclose(c->umc);
		c->umc = nil;
		c->uri++;
		f = f->next;
	}
	poperror();
	runlock(&c->umh->lock);
	qunlock(&c->umqlock);
	return nr;
}

/* start a union directory read again */
void
unionrewind(Chan *c)
{
	qlock(&c->umqlock);
	c->uri = 0;
	if(c->umc != nil){
		cclose(c->umc);
		c->umc = nil;
	}
	unamesfree(c);
	qunlock(&c->umqlock);
}
