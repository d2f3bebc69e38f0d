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
	char*	args;	/* "RSIZE.MAP" of the result, then " OFFkind" of each pointer argument (limbo's stubs.c) */
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
		ml->links[n].args = l->args;
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

/* hex digits at *s, up to n bytes of them into map; the bytes */
static int
hexbytes(char **s, uchar *map, int n)
{
	char *p;
	int k, c, v;

	p = *s;
	for(k = 0; k < n; k++){
		v = 0;
		for(c = 0; c < 2; c++, p++){
			if(*p >= '0' && *p <= '9')
				v = v*16 + *p-'0';
			else if(*p >= 'a' && *p <= 'f')
				v = v*16 + *p-'a'+10;
			else
				goto out;
		}
		map[k] = v;
	}
out:
	*s = p;
	return k;
}

/*
 * l's result shape (Link.ret) and argument kinds (Link.args) from the
 * table's args string
 */
static int
argparse(Link *l, char *s)
{
	Rshape *r;
	Argk *a;
	uchar map[64];
	int n, np, w, size;

	if(s == nil || *s++ != 'R')
		return 0;
	r = mallocz(sizeof(Rshape), 1);
	if(r == nil)
		return 0;
	size = strtol(s, &s, 10);
	if(*s++ != '.' || size < 0 || size > 8*sizeof map*IBY2WD)
		return 0;
	memset(map, 0, sizeof map);
	hexbytes(&s, map, sizeof map);
	r->size = size;
	r->nb = (size+IBY2WD-1)/IBY2WD/8+1;
	r->ptr = mallocz(r->nb, 1);
	r->val = mallocz(r->nb, 1);
	if(r->ptr == nil || r->val == nil)
		return 0;
	for(w = 0; w*IBY2WD < size; w++)
		if(map[w>>3] & (0x80>>(w&7)))
			r->ptr[w>>3] |= 0x80>>(w&7);
		else
			r->val[w>>3] |= 0x80>>(w&7);
	l->ret = r;
	n = 0;
	for(w = 0; s[w] != 0; w++)
		n += s[w] == ' ';
	if(n == 0)
		return *s == 0;	/* no pointer argument: Link.args nil, nothing to check at calls */
	a = mallocz((n+1)*sizeof(Argk), 1);
	if(a == nil)
		return 0;
	l->args = a;
	for(; *s == ' '; a++){
		a->off = strtol(s+1, &s, 10);
		a->kind = *s++;
		if(a->kind != 'r')
			continue;
		size = strtol(s, &s, 10);
		if(*s++ != '.')
			return 0;
		memset(map, 0, sizeof map);
		np = hexbytes(&s, map, sizeof map);
		a->t = newtype(Tkstruct, size, map, np);
		if(a->t == nil)
			return 0;
	}
	return *s == 0;
}

/*
 * may the builtin whose argument kinds are a run on frame f?  Each
 * pointer word must be H or point at a block of its kind: the builtins
 * take them on trust.
 */
int
vmargsok(Argk *a, uchar *f)
{
	void *p;
	Type *t, *e;
	long o;

	for(; a->kind != 0; a++){
		p = *(void**)(f+a->off);
		if(p == H)
			continue;
		t = D2H(p)->t;
		switch(a->kind){
		case 's':
			if(t != &Tstring)
				return 0;
			break;
		case 'l':
			if(t != &Tlist)
				return 0;
			break;
		case 'c':
			if(t->kind != Tkchannel)
				return 0;
			break;
		case 'm':
			if(t != &Tmodlink)
				return 0;
			break;
		case 'r':
			if(t == nil || t->kind != Tkstruct || t->size-t->hidden < a->t->size)
				return 0;
			for(o = 0; o < a->t->size; o += IBY2WD)
				if(vmtptr(t, o) != vmtptr(a->t, o))
					return 0;
			break;
		case 'x':
			break;
		default:	/* arrays */
			if(t->kind != Tkarray)
				return 0;
			e = ((Array*)p)->t;
			switch(a->kind){
			case 'b':
				if(e->size != 1)
					return 0;
				break;
			case 'w':
			case 'f':
				if(e->size != (a->kind == 'w' ? IBY2WD : 8) || e->nptr != 0)
					return 0;
				break;
			case 'p':
				if(e->size != IBY2WD || !vmtptr(e, 0))
					return 0;
				break;
			}
		}
	}
	return 1;
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
		if(l->frame == nil || !argparse(l, r[i].args))
			error(exType);
	}
	m->nlink = i;
	m->maxframe = 0;
	m->link = modules;
	modules = m;
	return m;
}
