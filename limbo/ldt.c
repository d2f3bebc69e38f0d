#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Module interfaces as this module sees them, and the import tables.
 * As in Inferno's limbo, calls through a handle of module type M index
 * M's interface: the functions (and the module data, .mp) this module
 * uses through M, by name; or all of them, when handles of M may cross
 * into other modules (linkall: modrefable) or M is implemented here, so
 * that every module computes the same indexes.  Only the module types
 * this module loads get an import table in the object file: the loader
 * links a new handle by it.  Uses are recorded while type checking
 * (ldtuse, ldtload) and the interfaces fixed (ldtfinish) before code is
 * generated; ldtfn and ldtindex give the indexes.
 */

Ldtmod*	ldtmods;
int	nldtmods;
static	int	maxldtmods;
static	int	nloaded;
static	int	finished;

static	void	namesort(Decl**, int);

/* the interface of module type m, made when make */
static Ldtmod*
ldtlook(Decl *m, int make)
{
	Ldtmod *l;
	int i;

	for(i = 0; i < nldtmods; i++)
		if(ldtmods[i].mod == m || ldtmods[i].mod->ty == m->ty)
			return &ldtmods[i];
	if(!make)
		return nil;
	if(nldtmods >= maxldtmods){
		maxldtmods = maxldtmods ? 2*maxldtmods : 16;
		ldtmods = realloc(ldtmods, maxldtmods * sizeof *ldtmods);
		if(ldtmods == nil)
			fatal("out of memory");
	}
	l = &ldtmods[nldtmods++];
	memset(l, 0, sizeof *l);
	l->mod = m;
	l->oidx = -1;
	return l;
}

static void
addfn(Ldtmod *l, Decl *f)
{
	if(l->nfns >= l->maxfns){
		l->maxfns = l->maxfns ? 2*l->maxfns : 16;
		l->fns = realloc(l->fns, l->maxfns * sizeof *l->fns);
		if(l->fns == nil)
			fatal("out of memory");
	}
	l->fns[l->nfns++] = f;
}

static int
fnpos(Ldtmod *l, Decl *f)
{
	int i;

	for(i = 0; i < l->nfns; i++)
		if(l->fns[i] == f)
			return i;
	return -1;
}

/* function (or .mp) f of module type m is used */
void
ldtuse(Decl *m, Decl *f)
{
	Ldtmod *l;

	l = ldtlook(m, 1);
	if(fnpos(l, f) < 0)
		addfn(l, f);
}

/*
 * local functions referred to through this module's own handle (.self:
 * function references, constraint functions), added to its interface
 * after its members, by name, as Inferno's addiface does: so they are
 * exported too
 */
static	Decl**	adds;
static	int	nadds;
static	int	maxadds;
static	Decl*	addlist;

void
selfref(Decl *fn)
{
	int i;

	if(impdecl == nil)
		return;
	selfvar();
	ldtload(selfmod());
	if(impfind(fn->sym) != fn && !(fn->dot != nil && fn->dot->dot != nil && fn->dot->dot->isimp)){
		for(i = 0; i < nadds; i++)
			if(adds[i] == fn)
				break;
		if(i == nadds){
			if(nadds >= maxadds){
				maxadds = maxadds ? 2*maxadds : 16;
				adds = realloc(adds, maxadds * sizeof *adds);
				if(adds == nil)
					fatal("out of memory");
			}
			adds[nadds++] = fn;
		}
	}
	ldtuse(selfmod(), fn);
}

/* the functions selfref added, by name, as a list of copies linked to them */
Decl*
ifaceadds(void)
{
	Decl *h, **l, *nd;
	int i;

	if(addlist != nil || nadds == 0)
		return addlist;
	namesort(adds, nadds);
	h = nil;
	l = &h;
	for(i = 0; i < nadds; i++){
		nd = emalloc(sizeof *nd);
		*nd = *adds[i];
		nd->next = nil;
		nd->link = adds[i];
		*l = nd;
		l = &nd->next;
	}
	addlist = h;
	return addlist;
}

/* module type m is loaded: it gets an import table */
void
ldtload(Decl *m)
{
	Ldtmod *l;

	l = ldtlook(m, 1);
	if(l->oidx < 0)
		l->oidx = nloaded++;
}

/* sort fns by name, keeping the order of equal names (Inferno's namesort) */
static void
namesort(Decl **v, int n)
{
	Decl *d;
	int i, j;

	for(i = 1; i < n; i++){
		d = v[i];
		for(j = i; j > 0 && strcmp(v[j-1]->sym->name, d->sym->name) > 0; j--)
			v[j] = v[j-1];
		v[j] = d;
	}
}

/* fix every interface: all of a module's members or the ones used, by name */
void
ldtfinish(void)
{
	Ldtmod *l;
	Decl *d, *f, *mp;
	Type *t;
	int i;

	for(i = 0; i < nldtmods; i++){
		l = &ldtmods[i];
		t = l->mod->ty;
		if(l->mod == selfmod() && l->mod != impdecl){
			/* implement A, B: .self's table, all of both */
			l->nfns = 0;
			if((d = impmp()) != nil)
				addfn(l, d);
			for(d = impmembers(); d != nil; d = d->next)
				if(d->link->store == Dfn)
					addfn(l, d->link);
		}else if(t != nil && (t->linkall || l->mod->isimp)){
			l->nfns = 0;
			if((mp = mpdecl(t)) != nil)
				addfn(l, mp);
			for(d = t->ids; d != nil; d = d->next){
				if(d->store == Dfn)
					addfn(l, d);
				else if(d->store == Dtype && d->ty != nil && d->ty->kind == Tadt)
					for(f = d->ty->ids; f != nil; f = f->next)
						if(f->store == Dfn)
							addfn(l, f);
			}
		}
		namesort(l->fns, l->nfns);
		if(l->mod->isimp)	/* as Inferno's addiface: every implemented module's interface */
			for(d = ifaceadds(); d != nil; d = d->next)
				if(fnpos(l, d->link) < 0)
					addfn(l, d->link);
	}
	finished = 1;
}

/* the index of function f in the interface of module type m */
int
ldtfn(Decl *m, Decl *f)
{
	Ldtmod *l;
	int i;

	l = ldtlook(m, 1);
	i = fnpos(l, f);
	if(i >= 0)
		return i;
	if(finished && (l->mod->ty->linkall || l->mod->isimp))
		fatal("%s not in the interface of %s", f->sym->name, m->sym->name);
	addfn(l, f);	/* not seen by the checker: after the others */
	return l->nfns-1;
}

/* the import table number of module type m, for load */
int
ldtindex(Decl *m)
{
	ldtload(m);
	return ldtlook(m, 0)->oidx;
}

/* the interface that has import table number i */
Ldtmod*
ldtout(int i)
{
	int j;

	for(j = 0; j < nldtmods; j++)
		if(ldtmods[j].oidx == i)
			return &ldtmods[j];
	fatal("no import table %d", i);
	return nil;
}

/* the number of import tables */
int
ldtcount(void)
{
	return nloaded;
}
