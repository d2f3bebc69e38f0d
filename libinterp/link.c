/*
 * Module instances (Modlinks) and linkage: resolving a loader's import
 * table against a module's exported functions, checking signatures,
 * and registering builtin modules from their generated Runtabs.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

/* the layout of limbo -t's Runtab */
typedef struct Rtab Rtab;
struct Rtab
{
	char*	name;
	long	sig;
	void	(*fn)(void*);
	int	size;
	int	np;
	uchar	map[16];
};

/* a module's exported function by name */
static Link*
findlink(Module *m, char *name)
{
	Link *l;

	for(l = m->ext; l->name != nil; l++)
		if(strcmp(l->name, name) == 0)
			return l;
	return nil;
}

/* a copy of array a whose elements hold new references */
static Array*
arraydup(Array *a)
{
	Array *n;
	int i;

	n = H2D(Array*, heaparray(a->t, a->len));
	if(a->len > 0)
		memmove(n->data, a->data, a->len*a->t->size);
	if(a->t->nptr)
		for(i = 0; i < a->len; i++)
			incmem(n->data+i*a->t->size, a->t);
	return n;
}

/*
 * module data for a new instance of m: the loaded image, with arrays
 * copied, as Inferno's newmp does: each instance of a module whose
 * data holds an array (tr's bitmaps) must start with its own
 */
static uchar*
newmp(Module *m)
{
	Heap *h;
	uchar *mp;
	Array *a;
	void **p;
	int i;

	if(m->mpsize == 0 || m->origmp == H)
		return H;
	h = heap(m->mptype);
	mp = H2D(uchar*, h);
	memmove(mp, m->origmp, m->mpsize);
	incmem(mp, m->mptype);
	for(i = 0; i < m->mptype->nptr; i++){
		p = (void**)(mp+m->mptype->ptrs[i]);
		a = *p;
		if(a != H && D2H(a)->t->kind == Tkarray && a->root == H){
			*p = arraydup(a);
			destroy(a);
		}
	}
	return mp;
}

/*
 * an instance of m whose links follow import table ldt (nil: none).
 * mkmp: give it module data (shared if SHAREMP), else the caller sets MP.
 * nil, with the error in kerrstr, if an import is missing or its
 * signature differs.
 */
Modlink*
linkmod(Module *m, Import *ldt, int mkmp)
{
	Modlink *ml;
	Import *i;
	Link *l;
	int n;

	n = 0;
	if(ldt != nil)
		for(i = ldt; i->name != nil; i++)
			n++;
	for(i = ldt; n > 0 && i->name != nil; i++){
		l = findlink(m, i->name);
		if(l == nil){
			kwerrstr("link failed fn %s->%s() not implemented", m->name, i->name);
			return nil;
		}
		if(l->sig != i->sig){
			kwerrstr("link typecheck %s->%s() %ux/%ux", m->name, i->name, i->sig, l->sig);
			return nil;
		}
	}
	ml = mklinkmod(m, n);
	for(n = 0; ldt != nil && ldt[n].name != nil; n++){
		l = findlink(m, ldt[n].name);
		ml->links[n].frame = l->frame;
		ml->links[n].link = l;
		if(m->prog == nil)
			ml->links[n].u.runt = l->u.runt;
		else
			ml->links[n].u.pc = l->u.pc;
	}
	if(mkmp && m->prog != nil){
		if(m->rt & SHAREMP){
			if(m->shared == H)
				m->shared = newmp(m);
			ml->MP = m->shared;
			if(ml->MP != H)
				ADDREF(ml->MP);
		}else
			ml->MP = newmp(m);
	}
	return ml;
}

void
freemodlink(Heap *h)
{
	Modlink *ml;

	ml = H2D(Modlink*, h);
	if(ml->m != nil)
		ml->m->ref--;
}

/* register builtin module name ("$Sys") from its limbo -t table */
Module*
builtinmod(char *name, void *vr, int n)
{
	Rtab *r;
	Module *m;
	Link *l;
	int i;

	r = vr;
	m = lookmod(name);
	if(m != nil)
		return m;
	m = mallocz(sizeof(Module), 1);
	if(m == nil)
		error(exNomem);
	m->ref = 1;
	m->origmp = H;
	m->shared = H;
	m->path = malloc(strlen(name)+1);
	m->name = malloc(strlen(name)+1);
	m->ext = mallocz((n+1)*sizeof(Link), 1);
	if(m->path == nil || m->name == nil || m->ext == nil)
		error(exNomem);
	strcpy(m->path, name);
	strcpy(m->name, name);
	for(i = 0; i < n && r[i].name != nil; i++){
		l = &m->ext[i];
		l->name = malloc(strlen(r[i].name)+1);
		if(l->name == nil)
			error(exNomem);
		strcpy(l->name, r[i].name);
		l->sig = r[i].sig;
		l->u.runt = r[i].fn;
		l->frame = newtype(Tkstruct, r[i].size, r[i].map, r[i].np);
		if(l->frame == nil)
			error(exType);
	}
	m->nlink = i;
	m->maxframe = 0;
	m->link = modules;
	modules = m;
	return m;
}
