#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/* process groups (name spaces), fd groups and environment groups */

static Ref pgrpid;

Pgrp*
newpgrp(void)
{
	Pgrp *p;

	p = smalloc(sizeof(Pgrp));
	kobjalloc(Kpgrp);
	p->ref = 1;
	p->pgrpid = incref(&pgrpid);
	return p;
}

void
closepgrp(Pgrp *p)
{
	Mhead *mh, *next;
	int i;

	if(decref(p) != 0)
		return;
	for(i = 0; i < MNTHASH; i++)
		for(mh = p->mnthash[i]; mh != nil; mh = next){
			next = mh->hash;
			wlock(&mh->lock);
			mountfree(mh->mount);
			mh->mount = nil;
			wunlock(&mh->lock);
			putmhead(mh);
		}
	cclose(p->slash);
	cclose(p->dot);
	kobjfree(Kpgrp);
	free(p);
}

/* copy the mount table, root and dot of from into to */
void
pgrpcpy(Pgrp *to, Pgrp *from)
{
	Mhead *f, **l, *mh;
	Mount *m, **t, *n;
	int i;

	rlock(&from->ns);
	for(i = 0; i < MNTHASH; i++){
		l = &to->mnthash[i];
		for(f = from->mnthash[i]; f != nil; f = f->hash){
			rlock(&f->lock);
			mh = newmhead(f->from);
			*l = mh;
			l = &mh->hash;
			t = &mh->mount;
			for(m = f->mount; m != nil; m = m->next){
				n = newmount(mh, m->to, m->mflag, m->spec);
				*t = n;
				t = &n->next;
			}
			runlock(&f->lock);
		}
	}
	to->slash = from->slash;
	if(to->slash != nil)
		incref(to->slash);
	to->dot = from->dot;
	if(to->dot != nil)
		incref(to->dot);
	to->nodevs = from->nodevs;
	runlock(&from->ns);
}

Fgrp*
newfgrp(Fgrp *old)
{
	Fgrp *f;
	int n;

	f = smalloc(sizeof(Fgrp));
	f->ref = 1;
	n = NFD;
	if(old != nil && old->maxfd >= n)
		n = (old->maxfd+1 + NFD-1)/NFD * NFD;
	f->nfd = n;
	f->fd = malloc(n*sizeof(Chan*));
	if(f->fd == nil){
		free(f);
		error(Enomem);
	}
	kobjalloc(Kfgrp);
	f->maxfd = -1;
	return f;
}

/* a copy of f sharing its Chans */
Fgrp*
dupfgrp(Fgrp *f)
{
	Fgrp *new;
	Chan *c;
	int i;

	new = newfgrp(f);
	lock(f);
	new->maxfd = f->maxfd;
	for(i = 0; i <= f->maxfd; i++){
		c = f->fd[i];
		if(c != nil){
			incref(c);
			new->fd[i] = c;
		}
	}
	unlock(f);
	return new;
}

void
closefgrp(Fgrp *f)
{
	int i;

	if(f == nil || decref(f) != 0)
		return;
	for(i = 0; i <= f->maxfd; i++)
		if(f->fd[i] != nil)
			cclose(f->fd[i]);
	free(f->fd);
	kobjfree(Kfgrp);
	free(f);
}

Egrp*
newegrp(void)
{
	Egrp *e;

	e = smalloc(sizeof(Egrp));
	kobjalloc(Kegrp);
	e->ref = 1;
	return e;
}

void
closeegrp(Egrp *e)
{
	Evalue *v, *next;

	if(e == nil || decref(e) != 0)
		return;
	for(v = e->entries; v != nil; v = next){
		next = v->next;
		free(v->var);
		free(v->val);
		free(v);
	}
	kobjfree(Kegrp);
	free(e);
}

Egrp*
dupegrp(Egrp *o)
{
	Egrp *e;
	Evalue *v, *nv, **l;

	e = newegrp();
	if(o == nil)
		return e;
	qlock(o);
	l = &e->entries;
	for(v = o->entries; v != nil; v = v->next){
		nv = smalloc(sizeof(Evalue));
		kstrdup(&nv->var, v->var);
		nv->val = smalloc(v->len+1);
		memmove(nv->val, v->val, v->len);
		nv->len = v->len;
		nv->qid = v->qid;
		*l = nv;
		l = &nv->next;
	}
	qunlock(o);
	return e;
}

/* drop o's groups (a kproc ending, an export's worker taking others) */
void
closegroups(Osenv *o)
{
	if(o->fgrp != nil)
		closefgrp(o->fgrp);
	if(o->pgrp != nil)
		closepgrp(o->pgrp);
	if(o->egrp != nil)
		closeegrp(o->egrp);
	o->pgrp = nil;
	o->fgrp = nil;
	o->egrp = nil;
}
