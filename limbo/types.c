#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Types: resolution of names, sizes and offsets, equality,
 * type signatures (MD5 of a type description string, as Inferno computes
 * them, so separately compiled modules link), and heap descriptors.
 */

Type	*tint, *tbig, *tbyte, *treal, *tstring, *tnone, *tany, *terror, *texception;

char *kindname[Tend] = {
	[Tnone]		"no type",
	[Tadt]		"adt",
	[Tadtpick]	"adt",
	[Tarray]	"array",
	[Tbig]		"big",
	[Tbyte]		"byte",
	[Tchan]		"chan",
	[Treal]		"real",
	[Tfn]		"fn",
	[Tint]		"int",
	[Tlist]		"list",
	[Tmodule]	"module",
	[Tref]		"ref",
	[Tstring]	"string",
	[Ttuple]	"tuple",
	[Texception]	"exception",
	[Tpoly]		"polymorphic",
	[Tany]		"nil",
	[Tid]		"id",
	[Tarrow]	"->",
	[Tdot]		".",
	[Tapp]		"[]",
	[Terror]	"type error",
};

static char sigkind[Tend] = {
	[Tnone]		'n',
	[Tadt]		'a',
	[Tadtpick]	'p',
	[Tarray]	'A',
	[Tbig]		'B',
	[Tbyte]		'b',
	[Tchan]		'C',
	[Treal]		'r',
	[Tfn]		'f',
	[Tint]		'i',
	[Tlist]		'L',
	[Tmodule]	'm',
	[Tref]		'R',
	[Tstring]	's',
	[Ttuple]	't',
	[Texception]	'e',
	[Tpoly]		'P',
};

/* which storage classes take space in their container */
char storespace[Dend] = {
	[Dglobal]	1,
	[Darg]		1,
	[Dlocal]	1,
	[Dfield]	1,
};

static Type*
basetype(int kind, int size)
{
	Type *t;

	t = mktype(kind, nil, nil);
	t->size = size;
	t->align = size ? size : 1;
	t->sized = 1;
	return t;
}

void
typeinit(void)
{
	tint = basetype(Tint, IBY2WD);
	tbig = basetype(Tbig, IBY2LG);
	tbyte = basetype(Tbyte, 1);
	treal = basetype(Treal, IBY2FT);
	tstring = basetype(Tstring, IBY2WD);
	tnone = basetype(Tnone, 0);
	tany = basetype(Tany, IBY2WD);
	terror = basetype(Terror, 0);
	texception = basetype(Texception, IBY2WD);
}

int
isptr(Type *t)
{
	switch(t->kind){
	case Tarray: case Tchan: case Tlist: case Tmodule: case Tref: case Tstring: case Tany:
	case Tpoly:
		return 1;
	}
	return 0;
}

long
align(long off, int a)
{
	if(a <= 1)
		return off;
	return (off + a-1) / a * a;
}

/* the declaration s names here (through a module member's stand-in, see modscope) */
Decl*
lookup(Sym *s)
{
	Decl *d;

	for(d = s->decl; d != nil && d->alias != nil; d = d->alias)
		;
	return d;
}

/* find a member of a module, adt or tuple */
Decl*
namedot(Decl *ids, Sym *s)
{
	for(; ids != nil; ids = ids->next)
		if(ids->sym == s)
			return ids;
	return nil;
}

static void resolveids(Decl*);

/*
 * the type of member d of a module, resolved with the module's names
 * visible (the module may be resolving already, further out)
 */
Type*
resolvemember(Decl *d)
{
	Type *mt;

	mt = d->dot != nil ? d->dot->ty : nil;
	if(mt == nil || mt->kind != Tmodule || mt->resolving == 2){
		d->ty = resolve(d->ty);
		return d->ty;
	}
	if(!mt->resolving){
		resolvemod(mt);
		return d->ty;
	}
	pushscope();
	modscope(mt);
	d->ty = resolve(d->ty);
	popscope();
	return d->ty;
}

/*
 * replace names in a type by the types they denote;
 * adts, modules and pick tags are resolved once, in place.
 */
static	int	nested;	/* adts and modules being resolved */

Type*
resolve(Type *t)
{
	Decl *d;
	Type *mt;

	if(t == nil)
		return nil;
	switch(t->kind){
	case Tid:
		d = lookup(t->tsym);
		if(d == nil){
			error(&t->src, "%s is not declared", t->tsym->name);
			return terror;
		}
		if(d->store != Dtype){
			error(&t->src, "%s is not a type", t->tsym->name);
			return terror;
		}
		if(d->imported != nil){
			/* T: import m: T as m's module declares it */
			d->used = 1;
			d->ty = resolvemember(d->imported);
			return d->ty;
		}
		if(d->ty == nil || d->ty->resolving == 2 && d->ty->kind == Tid){
			error(&t->src, "%s is not a type", t->tsym->name);
			return terror;
		}
		if(d->ty->resolving == 1 && d->ty->kind != Tadt && d->ty->kind != Tmodule){
			error(&t->src, "circular type definition of %s", t->tsym->name);
			return terror;
		}
		if(d->ty->kind == Tmodule && !d->ty->resolving)
			resolvemod(d->ty);	/* with the module's own names visible */
		if(d->ty->kind == Tadt || d->ty->kind == Tmodule){
			d->ty = resolve(d->ty);
			d->used = 1;
			return d->ty;
		}
		/*
		 * T: type ...: a name met again while its type is being
		 * resolved is a cycle, legal only through an adt or a module
		 * (T: type ref fn(p: ref P) with P holding a T)
		 */
		if(d->resolving){
			if(d->resolving < nested+1)
				return resolve(d->ty);
			error(&t->src, "circular type definition of %s", t->tsym->name);
			d->ty = terror;
			return terror;
		}
		d->used = 1;
		return resolvedecl(d);
	case Tarrow:
		mt = t->tof;
		if(mt->kind == Tid){
			d = lookup(mt->tsym);
			if(d == nil){
				error(&t->src, "%s is not declared", mt->tsym->name);
				return terror;
			}
			if(d->store != Dtype && d->store != Dglobal && d->store != Dlocal && d->store != Darg){
				error(&t->src, "%s is not a module", mt->tsym->name);
				return terror;
			}
			/* M->T before M's declaration: resolve M with its own names visible */
			if(d->ty != nil && d->ty->kind == Tmodule && !d->ty->resolving)
				resolvemod(d->ty);
			mt = resolve(d->ty);
		}else
			mt = resolve(mt);
		if(mt == terror)
			return terror;
		if(mt->kind != Tmodule){
			error(&t->src, "%s is not a module", mt->decl != nil && mt->decl->sym != nil ? mt->decl->sym->name : kindname[mt->kind]);
			return terror;
		}
		d = namedot(mt->ids, t->tsym);
		if(d == nil || d->store != Dtype){
			error(&t->src, "%s is not a type in %s", t->tsym->name, mt->decl->sym->name);
			return terror;
		}
		return resolvemember(d);
	case Tapp:
		mt = resolve(t->tof);
		if(mt == terror)
			return terror;
		if(mt->kind != Tadt || mt->polys == nil){
			error(&t->src, "%s is not a polymorphic adt", typestr(mt));
			return terror;
		}
		for(d = t->targs; d != nil; d = d->next)
			d->ty = resolve(d->ty);
		return tyinst(mt, t->targs, &t->src);
	case Tdot:
		mt = resolve(t->tof);
		if(mt == terror)
			return terror;
		if(mt->kind != Tadt){
			error(&t->src, "%s is not an adt", typestr(mt));
			return terror;
		}
		d = namedot(mt->tags, t->tsym);
		if(d == nil){
			error(&t->src, "%s is not a pick tag of %s", t->tsym->name, typestr(mt));
			return terror;
		}
		return d->ty;
	case Tref:
	case Tarray:
	case Tlist:
	case Tchan:
		t->tof = resolve(t->tof);
		if(t->kind == Tref && t->tof->kind != Tadt && t->tof->kind != Tadtpick && t->tof->kind != Ttuple && t->tof->kind != Terror && t->tof->kind != Tfn){
			error(&t->src, "cannot have a ref %s", typestr(t->tof));
			return terror;
		}
		return t;
	case Ttuple:
	case Texception:
		if(t->resolving)
			return t;
		t->resolving = 1;
		resolveids(t->ids);
		t->resolving = 2;
		return t;
	case Tfn:
		if(t->resolving)
			return t;
		t->resolving = 1;
		if(t->polys != nil){
			pushscope();
			for(d = t->polys; d != nil; d = d->next)
				install(d);
		}
		resolveids(t->ids);
		t->tof = resolve(t->tof);
		for(d = t->constrs; d != nil; d = d->next)
			d->ty = resolve(d->ty);	/* with the type parameters visible */
		if(t->polys != nil)
			popscope();
		t->resolving = 2;
		for(mt = t->insts; mt != nil; mt = mt->ninst)
			if(mt->ids == nil && mt->size == 0)
				instfill(mt);
		return t;
	case Tpoly:
		return t;
	case Tadt:
		if(t->resolving)
			return t;
		t->resolving = 1;
		nested++;
		if(t->polys != nil){
			/* the type parameters are visible in the fields */
			pushscope();
			for(d = t->polys; d != nil; d = d->next)
				install(d);
		}
		resolveids(t->ids);
		for(d = t->constrs; d != nil; d = d->next)
			d->ty = resolve(d->ty);
		for(d = t->tags; d != nil; d = d->next){
			if(d->ty->resolving)
				continue;
			d->ty->resolving = 1;
			resolveids(d->ty->ids);
			d->ty->resolving = 2;
		}
		if(t->polys != nil)
			popscope();
		nested--;
		t->resolving = 2;
		for(mt = t->insts; mt != nil; mt = mt->ninst)
			if(mt->ids == nil && mt->size == 0)
				instfill(mt);
		return t;
	case Tadtpick:
		return t;
	case Tmodule:
		if(t->resolving)
			return t;
		t->resolving = 1;
		nested++;
		resolveids(t->ids);
		nested--;
		t->resolving = 2;
		return t;
	}
	return t;
}

static void
resolveids(Decl *d)
{
	for(; d != nil; d = d->next)
		if(d->ty != nil && d->store != Dconst)
			resolvedecl(d);
}

/* the type of d, resolved; a type name's is marked while it is (see resolve's Tid) */
Type*
resolvedecl(Decl *d)
{
	if(d->store != Dtype || d->ty == nil || d->ty->kind == Tadt || d->ty->kind == Tmodule || d->resolving){
		d->ty = resolve(d->ty);
		return d->ty;
	}
	d->resolving = nested+1;
	d->ty = resolve(d->ty);
	d->resolving = 0;
	return d->ty;
}

static long
sizeids(Decl *id, long off, int *alp)
{
	int a, al;

	al = 1;
	for(; id != nil; id = id->next){
		if(!storespace[id->store])
			continue;
		sizetype(id->ty);
		a = id->ty->align;
		if(a <= 0)
			a = 1;
		if(a > al)
			al = a;
		off = align(off, a);
		id->offset = off;
		off += id->ty->size;
	}
	*alp = al;
	return off;
}

static void	sizetype1(Type*);

/* compute size, alignment and field offsets (Inferno's layout) */
void
sizetype(Type *t)
{

	if(t == nil)
		return;
	if(t->sized == 2){
		error(&t->src, "illegal type cycle without a reference in %s", typestr(t));
		t->sized = 1;
		return;
	}
	if(t->sized)
		return;
	if(isptr(t)){
		/* a reference is a word whatever it refers to, which may lead back here */
		t->sized = 1;
		sizetype1(t);
		return;
	}
	t->sized = 2;	/* in progress: a value cycle finds it so */
	sizetype1(t);
	t->sized = 1;
}

static void
sizetype1(Type *t)
{
	Decl *tg;
	long sz, tsz;
	int al, a;

	switch(t->kind){
	case Tref: case Tchan: case Tarray: case Tlist: case Tmodule: case Tstring: case Tany:
	case Tpoly:
		t->size = t->align = IBY2WD;
		/*
		 * an adt it refers to is sized when used: sizing it now could
		 * reach back into an adt being sized that it holds by value
		 * (Hub holding a ref DDevice, which holds a Hub)
		 */
		if(t->kind != Tmodule && t->kind != Tpoly && t->tof != nil && t->tof->sized == 0
		&& t->tof->kind != Tadt && t->tof->kind != Tadtpick)
			sizetype(t->tof);
		break;
	case Texception:
		if(t->cons){
			t->size = t->align = IBY2WD;
			break;
		}
		/* fall through */
	case Ttuple:
		if(t->kind == Ttuple){
			Decl *id;
			char nb[16];
			int i = 0;
			for(id = t->ids; id != nil; id = id->next){
				id->store = Dfield;
				if(id->sym == nil){
					snprint(nb, sizeof nb, "t%d", i);
					id->sym = enter(nb, 0);
				}
				i++;
			}
		}
	case Tadt:
		if(t->tags == nil){
			sz = sizeids(t->ids, 0, &al);
			t->size = align(sz, al);
			t->align = al;
			break;
		}
		sz = sizeids(t->ids, IBY2WD, &al);
		if(al < IBY2WD)
			al = IBY2WD;
		t->size = align(sz, al);
		t->align = al;
		for(tg = t->tags; tg != nil; tg = tg->next){
			if(tg->ty->sized)
				continue;
			tg->ty->sized = 1;
			tsz = sizeids(tg->ty->ids, sz, &a);
			if(a < al)
				a = al;
			tg->ty->size = align(tsz, a);
			tg->ty->align = a;
		}
		break;
	case Tadtpick:
		sizetype(t->decl->dot->ty);
		break;
	case Tfn:
		t->size = 0;
		t->align = 1;
		sizeids(t->ids, MaxTemp, &al);
		if(t->tof != nil && t->tof->sized == 0)
			sizetype(t->tof);
		break;
	default:
		t->size = 0;
		t->align = 1;
		break;
	}
}

/*
 * Type equality is structural, as in Inferno's limbo: adts are equal when
 * their fields (names and types, not member functions) and pick tags
 * are; a pick variant when its adt and its fields are; modules when their
 * data and functions are (names and types); tuples, exceptions, functions
 * by their members' types.  So Sys->Dir is NSys->Dir, and two variants
 * with the same fields are one type (a type signature names the second
 * as a back-reference to the first).  Recursive types compare
 * coinductively: a pair met again while it is being compared is taken as
 * equal, for the rest of the comparison.
 */
typedef struct Teqp Teqp;
struct Teqp
{
	Type*	a;
	Type*	b;
};

static	Teqp*	eqpairs;
static	int	neqpairs;
static	int	maxeqpairs;

static int	rtequal(Type*, Type*);

/* has (a, b) been assumed equal in this comparison; if not, assume it */
static int
assumeeq(Type *a, Type *b)
{
	int i;

	for(i = 0; i < neqpairs; i++)
		if(eqpairs[i].a == a && eqpairs[i].b == b || eqpairs[i].a == b && eqpairs[i].b == a)
			return 1;
	if(neqpairs >= maxeqpairs){
		maxeqpairs = maxeqpairs ? 2*maxeqpairs : 64;
		eqpairs = realloc(eqpairs, maxeqpairs * sizeof *eqpairs);
		if(eqpairs == nil)
			fatal("out of memory");
	}
	eqpairs[neqpairs].a = a;
	eqpairs[neqpairs].b = b;
	neqpairs++;
	return 0;
}

/* member lists: names (when usenames), storage, self, cyclic and types; only those taking space when spaceonly */
static int
idequal(Decl *x, Decl *y, int usenames, int spaceonly)
{
	for(;; x = x->next, y = y->next){
		while(spaceonly && x != nil && !storespace[x->store])
			x = x->next;
		while(spaceonly && y != nil && !storespace[y->store])
			y = y->next;
		if(x == nil || y == nil)
			return x == y;
		if(usenames && x->sym != y->sym
		|| x->store != y->store || x->implicit != y->implicit || x->cyc != y->cyc
		|| !rtequal(x->ty, y->ty))
			return 0;
	}
}

/* the functions of module t, adt members too, by name (stable) */
static int
modfns(Type *t, Decl ***vp)
{
	Decl *d, *m, **v;
	int n, i, j;

	n = 0;
	for(d = t->ids; d != nil; d = d->next)
		if(d->store == Dfn)
			n++;
		else if(d->store == Dtype && d->ty != nil && d->ty->kind == Tadt)
			for(m = d->ty->ids; m != nil; m = m->next)
				if(m->store == Dfn)
					n++;
	v = emalloc((n+1) * sizeof *v);
	n = 0;
	for(d = t->ids; d != nil; d = d->next)
		if(d->store == Dfn)
			v[n++] = d;
		else if(d->store == Dtype && d->ty != nil && d->ty->kind == Tadt)
			for(m = d->ty->ids; m != nil; m = m->next)
				if(m->store == Dfn)
					v[n++] = m;
	for(i = 1; i < n; i++){
		m = v[i];
		for(j = i; j > 0 && strcmp(v[j-1]->sym->name, m->sym->name) > 0; j--)
			v[j] = v[j-1];
		v[j] = m;
	}
	*vp = v;
	return n;
}

static int
modequal(Type *a, Type *b)
{
	Decl **va, **vb, *ma, *mb;
	int na, nb, i, eq;

	ma = mpdecl(a);
	mb = mpdecl(b);
	if((ma == nil) != (mb == nil) || ma != nil && !idequal(ma->ty->ids, mb->ty->ids, 1, 0))
		return 0;
	na = modfns(a, &va);
	nb = modfns(b, &vb);
	eq = na == nb;
	for(i = 0; eq && i < na; i++)
		eq = va[i]->sym == vb[i]->sym && rtequal(va[i]->ty, vb[i]->ty);
	free(va);
	free(vb);
	return eq;
}

static int
rtequal(Type *a, Type *b)
{
	Decl *x, *y;

	if(a == b)
		return 1;
	if(a == nil || b == nil)
		return 0;
	if(a->kind == Terror || b->kind == Terror)
		return 1;
	if(a->kind != b->kind)
		return 0;
	switch(a->kind){
	case Tint: case Tbig: case Tbyte: case Treal: case Tstring: case Tnone: case Tany:
		return 1;
	case Tpoly:
		return a->tsym == b->tsym;
	case Tref: case Tarray: case Tlist: case Tchan:
		return rtequal(a->tof, b->tof);
	case Tfn:
		if(a->varargs != b->varargs || !idequal(a->ids, b->ids, 0, 1))
			return 0;
		for(x = a->polys, y = b->polys; x != nil && y != nil; x = x->next, y = y->next)
			if(!rtequal(x->ty, y->ty))
				return 0;
		if(x != nil || y != nil)
			return 0;
		return rtequal(a->tof, b->tof);
	case Ttuple:
	case Texception:
		if(a->cons != b->cons)
			return 0;
		if(assumeeq(a, b))
			return 1;
		return idequal(a->ids, b->ids, 0, 1);
	case Tmodule:
		if(assumeeq(a, b))
			return 1;
		return modequal(a, b);
	case Tadt:
	case Tadtpick:
		if(assumeeq(a, b))
			return 1;
		if(a->kind == Tadtpick && !rtequal(a->decl->dot->ty, b->decl->dot->ty))
			return 0;
		if(a->polys != nil || a->base != nil || b->polys != nil || b->base != nil){
			/* polymorphic adts: the same adt, instances of it with equal arguments */
			if(!rtequal(a->base != nil ? a->base : a, b->base != nil ? b->base : b) && (a->base != nil || b->base != nil))
				return 0;
			x = a->base != nil ? a->targs : a->polys;
			y = b->base != nil ? b->targs : b->polys;
			for(; x != nil && y != nil; x = x->next, y = y->next)
				if(!rtequal(x->ty, y->ty))
					return 0;
			if(x != nil || y != nil)
				return 0;
			if(a->base != nil || b->base != nil)
				return 1;
		}
		return idequal(a->tags, b->tags, 1, 0) && idequal(a->ids, b->ids, 1, 1);
	}
	return 0;
}

int
tequal(Type *a, Type *b)
{
	int eq;

	if(a == b)
		return 1;
	neqpairs = 0;
	eq = rtequal(a, b);
	neqpairs = 0;
	return eq;
}

/*
 * Compatibility, as Inferno's limbo has it, of a value of type t2 with a
 * variable of type t1: equal types; a tuple with an adt without pick
 * fields (either way) or another tuple whose fields are compatible (names
 * aside), so (q0, q1) = r takes an adt apart and an array of tuples
 * initialises an array of adts (the layouts agree); nil with any
 * reference, and with anything where any is set (a tuple element given
 * nil); a reference to a pick variant with one to its adt, except as the
 * element of an array or channel.  Recursive types compare as in tequal.
 */
static	Teqp*	compairs;
static	int	ncompairs;
static	int	maxcompairs;

static int
assumecom(Type *a, Type *b)
{
	int i;

	for(i = 0; i < ncompairs; i++)
		if(compairs[i].a == a && compairs[i].b == b)
			return 1;
	if(ncompairs >= maxcompairs){
		maxcompairs = maxcompairs ? 2*maxcompairs : 64;
		compairs = realloc(compairs, maxcompairs * sizeof *compairs);
		if(compairs == nil)
			fatal("out of memory");
	}
	compairs[ncompairs].a = a;
	compairs[ncompairs].b = b;
	ncompairs++;
	return 0;
}

static int	rtycompat(Type*, Type*, int, int);

/* the data fields of two adts or tuples, in order, names aside */
static int
fieldcompat(Decl *x, Decl *y, int any, int inaorc)
{
	for(;; x = x->next, y = y->next){
		while(x != nil && (x->store != Dfield || x->hidden))
			x = x->next;
		while(y != nil && (y->store != Dfield || y->hidden))
			y = y->next;
		if(x == nil || y == nil)
			return x == y;
		if(!rtycompat(x->ty, y->ty, any, inaorc))
			return 0;
	}
}

static int
rtycompat(Type *t1, Type *t2, int any, int inaorc)
{
	if(t1 == t2)
		return 1;
	if(t1 == nil || t2 == nil)
		return 0;
	if(t1->kind == Terror || t2->kind == Terror)
		return 1;
	switch(t1->kind){
	case Tstring:
		return t2->kind == Tstring || t2->kind == Tany;
	case Tnone: case Tint: case Tbig: case Tbyte: case Treal:
		return t1->kind == t2->kind;
	case Tany:
		return isptr(t2) || any;
	case Tref: case Tlist: case Tarray: case Tchan:
		if(t1->kind != t2->kind)
			return t2->kind == Tany;
		if(t1->kind != Tref && assumecom(t1, t2))
			return 1;
		return rtycompat(t1->tof, t2->tof, 0, t1->kind == Tarray || t1->kind == Tchan || inaorc);
	case Ttuple:
		if(t2->kind == Tadt && t2->tags == nil || t2->kind == Ttuple){
			if(assumecom(t1, t2))
				return 1;
			return fieldcompat(t1->ids, t2->ids, any, inaorc);
		}
		return 0;
	case Tadt:
		if(t2->kind == Ttuple && t1->tags == nil){
			if(assumecom(t1, t2))
				return 1;
			return fieldcompat(t1->ids, t2->ids, any, inaorc);
		}
		if(t1->tags != nil && t2->kind == Tadtpick && !inaorc)
			t2 = t2->decl->dot->ty;
		break;
	case Tmodule:
	case Tpoly:
		if(t2->kind == Tany)
			return 1;
		break;
	}
	return tequal(t1, t2);
}

int
tycompat(Type *t1, Type *t2, int any)
{
	int ok;

	if(t1 == t2)
		return 1;
	ncompairs = 0;
	ok = rtycompat(t1, t2, any, 0);
	ncompairs = 0;
	return ok;
}

/*
 * signatures: a type description string hashed with MD5, the four
 * words of the digest xored together.  Adts, pick types, tuples,
 * exceptions and modules belong to equivalence classes; the second
 * mention of a class within one signature is written @n.
 */
static Teq*	eqclass[Tend];
static Teq*	eqlist[4096];
static int	neqlist;
static int	eqrec;

static Teq*
geteq(Type *t)
{
	Teq *q;

	if(t->eq != nil)
		return t->eq;
	for(q = eqclass[t->kind]; q != nil; q = q->eq)
		if(tequal(t, q->ty)){
			t->eq = q;
			return q;
		}
	q = emalloc(sizeof *q);
	q->ty = t;
	q->eq = eqclass[t->kind];
	eqclass[t->kind] = q;
	t->eq = q;
	return q;
}

typedef struct Sbuf Sbuf;
struct Sbuf
{
	char*	s;
	int	n;
	int	max;
};

static void
sput(Sbuf *b, char *s, int n)
{
	if(b->n + n + 1 > b->max){
		b->max = (b->n + n + 1) * 2;
		b->s = realloc(b->s, b->max);
	}
	memmove(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = 0;
}

static void
sputc(Sbuf *b, int c)
{
	char ch;

	ch = c;
	sput(b, &ch, 1);
}

static void	rtsign(Sbuf*, Type*);

static void
idsign1(Sbuf *b, Decl *id, int usenames)
{
	if(usenames){
		sput(b, id->sym->name, id->sym->len);
		sputc(b, ':');
	}
	if(id->implicit)
		sputc(b, 'S');
	if(id->cyc)
		sputc(b, 'y');
	rtsign(b, id->ty);
}

static void
idsign(Sbuf *b, Decl *id, int usenames)
{
	int first;

	sputc(b, '(');
	first = 1;
	for(; id != nil; id = id->next){
		if(!storespace[id->store] || id->hidden)
			continue;	/* as Inferno's, without the constraint functions passed */
		if(!first)
			sputc(b, ',');
		idsign1(b, id, usenames);
		first = 0;
	}
	sputc(b, ')');
}

static int
hasclass(Type *t)
{
	switch(t->kind){
	case Tadt: case Tadtpick: case Ttuple: case Texception: case Tmodule:
		return 1;
	}
	return 0;
}

/* insert a copy of d, linked to d, into the list h sorted by name */
static void
sortins(Decl **h, Decl *d)
{
	Decl *nd, **l;

	nd = emalloc(sizeof *nd);
	*nd = *d;
	nd->next = nil;
	nd->link = d;
	for(l = h; *l != nil && strcmp((*l)->sym->name, nd->sym->name) <= 0; l = &(*l)->next)
		;
	nd->next = *l;
	*l = nd;
}

/* add the functions of module member id (a function, or an adt's member functions) to h */
static void
addmember(Decl **h, Decl *id)
{
	Decl *d;

	if(id->store == Dfn)
		sortins(h, id);
	else if(id->store == Dtype && id->ty->kind == Tadt)
		for(d = id->ty->ids; d != nil; d = d->next)
			if(d->store == Dfn)
				sortins(h, d);
}

/* module interface members for signing: functions, adt member functions, by name */
Decl*
modmembers(Type *m)
{
	Decl *id, *h;

	h = nil;
	for(id = m->ids; id != nil; id = id->next)
		addmember(&h, id);
	return h;
}

/*
 * the link table: the data of the implemented modules (implement A, B:
 * of both), then their functions, by name
 */
Decl*
impmembers(void)
{
	Decl *h, *mp;
	int i;

	h = nil;
	for(i = 0; i < nimpmembs; i++)
		addmember(&h, impmembs[i]);
	mp = impmp();
	if(mp != nil){
		mp = mkdecl(&mp->src, Dglobal, mp->ty, mp->sym);
		mp->link = mp;
		mp->next = h;
		h = mp;
	}
	return h;
}

/* the .mp of the implemented modules' data (see mpdecl), or nil */
Decl*
impmp(void)
{
	static Decl *mp;
	Decl *d, *ids, **l;
	Type *mt;
	int i;

	if(mp != nil || impdecl == nil)
		return mp;
	mt = impdecl->ty;
	if(impsyms->next != nil){
		/* implement A, B: the data of both, in one module type */
		mt = mktype(Tmodule, nil, nil);
		mt->src = impdecl->ty->src;
		l = &ids;
		for(i = 0; i < nimpmembs; i++){
			if(impmembs[i]->store != Dglobal)
				continue;
			d = emalloc(sizeof *d);
			*d = *impmembs[i];
			d->link = impmembs[i];
			*l = d;
			l = &d->next;
		}
		*l = nil;
		mt->ids = ids;
		mp = mpdecl(mt);
		if(mp != nil)
			for(d = mp->ty->ids; d != nil; d = d->next)
				d->link->link->offset = d->offset;
		return mp;
	}
	mp = mpdecl(mt);
	return mp;
}

static void
rtsign(Sbuf *b, Type *t)
{
	Teq *q;
	Decl *id, *tg;
	char num[16];

	if(t == nil)
		return;
	if(t->ismp){
		/* .mp: its fields only */
		for(id = t->ids; id != nil; id = id->next){
			idsign1(b, id, 1);
			sputc(b, ';');
		}
		return;
	}
	if(hasclass(t)){
		q = geteq(t);
		if(q->id){
			snprint(num, sizeof num, "@%d", q->id);
			sput(b, num, strlen(num));
			return;
		}
		q->id = ++eqrec;
		if(neqlist < nelem(eqlist))
			eqlist[neqlist++] = q;
	}
	if(t->kind >= Tend || sigkind[t->kind] == 0){
		sputc(b, 'n');
		return;
	}
	sputc(b, sigkind[t->kind]);
	switch(t->kind){
	case Tref: case Tlist: case Tarray: case Tchan:
		rtsign(b, t->tof);
		break;
	case Tfn:
		if(t->varargs)
			sputc(b, '*');
		if(t->polys != nil)
			idsign(b, t->polys, 0);
		idsign(b, t->ids, 0);
		if(t->raises != nil){
			sputc(b, '(');
			for(id = t->raises; id != nil; id = id->next){
				sput(b, id->sym->name, id->sym->len);
				if(id->next != nil)
					sputc(b, ',');
			}
			sputc(b, ')');
		}
		rtsign(b, t->tof);
		break;
	case Ttuple:
		idsign(b, t->ids, 0);
		break;
	case Texception:
		idsign(b, t->ids, 0);
		break;
	case Tadt:
		if(t->polys != nil || t->base != nil)
			sput(b, "()", 2);	/* Inferno's: its type parameters, which take no space */
		idsign(b, t->ids, 1);
		if(t->tags == nil)
			break;
		b->s[b->n-1] = ',';
		for(tg = t->tags; tg != nil; tg = tg->next){
			sput(b, tg->sym->name, tg->sym->len);
			sput(b, "=>", 2);
			rtsign(b, tg->ty);
			if(tg->next != nil)
				sputc(b, ',');
		}
		sputc(b, ')');
		break;
	case Tadtpick:
		idsign(b, t->ids, 1);
		rtsign(b, t->decl->dot->ty);
		break;
	case Tmodule:
		sputc(b, '{');
		if((tg = mpdecl(t)) != nil)
			rtsign(b, tg->ty);
		for(id = modmembers(t); id != nil; id = id->next){
			idsign1(b, id, 1);
			sputc(b, ';');
		}
		sputc(b, '}');
		break;
	}
}

/* the signature string of a type (for debugging with -d) */
char*
signstr(Type *t)
{
	Sbuf b;
	int i;

	memset(&b, 0, sizeof b);
	sput(&b, "", 0);
	eqrec = 0;
	neqlist = 0;
	rtsign(&b, t);
	for(i = 0; i < neqlist; i++)
		eqlist[i]->id = 0;
	neqlist = 0;
	return b.s;
}

ulong
sign(Type *t)
{
	uchar dig[Dmaxlen];
	Digest dg;
	char *s;
	ulong v;
	int i;

	if(t->hassig)
		return t->sig;
	s = signstr(t);
	diginit(&dg, Dmd5);
	digupdate(&dg, (uchar*)s, strlen(s));
	digfinal(&dg, dig);
	free(s);
	v = 0;
	for(i = 0; i < 16; i += 4)
		v ^= dig[i] | dig[i+1]<<8 | dig[i+2]<<16 | (ulong)dig[i+3]<<24;
	t->sig = v & 0xffffffff;
	t->hassig = 1;
	return t->sig;
}

/*
 * A module handle can cross into another module (an argument, a
 * result, a field), which calls through it with its own link indexes;
 * so, as in Inferno's limbo, a module type reachable from the types of
 * what the implemented module exports, of the functions it calls through
 * modules and of the module data it uses links all its functions, sorted
 * by name, in every module, and the indexes agree.  modrefable marks the
 * module types reachable from t.
 */
void
modrefable(Type *t)
{
	Decl *d, *m;

	if(t == nil || t->modref)
		return;
	t->modref = 1;
	switch(t->kind){
	case Tchan: case Tref: case Tarray: case Tlist:
		modrefable(t->tof);
		break;
	case Tmodule:
		t->linkall = 1;
		for(d = t->ids; d != nil; d = d->next){
			if(d->store == Dfn || d->store == Dglobal)
				modrefable(d->ty);
			else if(d->store == Dtype && d->ty != nil && d->ty->kind == Tadt)
				for(m = d->ty->ids; m != nil; m = m->next)
					if(m->store == Dfn)
						modrefable(m->ty);
		}
		break;
	case Tadtpick:
		modrefable(t->decl->dot->ty);
		/* fall through */
	case Tfn: case Tadt: case Ttuple: case Texception:
		for(d = t->ids; d != nil; d = d->next)
			if(d->store != Dfn)
				modrefable(d->ty);
		for(d = t->tags; d != nil; d = d->next)
			modrefable(d->ty);
		for(d = t->polys; d != nil; d = d->next)
			modrefable(d->ty);
		if(t->kind == Tfn)
			modrefable(t->tof);
		break;
	}
}

/*
 * module data: the variables a module declares are laid out by name, as
 * the fields of an adt, at the start of the implementing module's data.
 * Inferno's limbo names that block .mp: a link entry .mp exports it, an
 * import entry .mp (when the data is used through a handle) checks it;
 * its signature is the fields' "name:sig;" text, not an adt's.  Word 0
 * of a module handle points at the module's data.  The members' offsets
 * are set here; nil when the module has no data.
 */
Decl*
mpdecl(Type *mt)
{
	Decl *d, *h, **l, *nd;
	Type *t;
	long off;
	int al;

	if(mt->mpdecl != nil || mt->kind != Tmodule)
		return mt->mpdecl;
	if(!mt->resolving)
		resolvemod(mt);
	h = nil;
	for(d = mt->ids; d != nil; d = d->next){
		if(d->store != Dglobal)
			continue;
		nd = emalloc(sizeof *nd);
		*nd = *d;
		nd->link = d;
		for(l = &h; *l != nil && strcmp((*l)->sym->name, nd->sym->name) <= 0; l = &(*l)->next)
			;
		nd->next = *l;
		*l = nd;
	}
	if(h == nil)
		return nil;
	off = sizeids(h, 0, &al);
	for(nd = h; nd != nil; nd = nd->next)
		nd->link->offset = nd->offset;
	t = mktype(Tadt, nil, h);
	t->ismp = 1;
	t->size = align(off, al);
	t->align = al;
	t->sized = 1;
	t->decl = mkdecl(&mt->src, Dglobal, t, enter(".mp", 0));
	if(mt->resolving == 2)
		mt->mpdecl = t->decl;	/* not while its types may change */
	return t->decl;
}

/* mark the module types whose handles the implemented module passes on */
void
implinkall(void)
{
	Decl *d, *m;
	int i;

	for(i = 0; i < nimpmembs; i++){
		d = impmembs[i];
		if(d->store == Dfn || d->store == Dglobal)
			modrefable(d->ty);
		else if(d->store == Dtype && d->ty != nil && d->ty->kind == Tadt)
			for(m = d->ty->ids; m != nil; m = m->next)
				modrefable(m->ty);
	}
}

/* print a type for error messages */
char*
tprint(char *buf, char *e, Type *t)
{
	Decl *id;

	if(t == nil)
		return seprint(buf, e, "nothing");
	switch(t->kind){
	case Tid:
	case Tpoly:
		return seprint(buf, e, "%s", t->tsym->name);
	case Tarrow:
		buf = tprint(buf, e, t->tof);
		return seprint(buf, e, "->%s", t->tsym->name);
	case Tdot:
		buf = tprint(buf, e, t->tof);
		return seprint(buf, e, ".%s", t->tsym->name);
	case Tref:
		buf = seprint(buf, e, "ref ");
		return tprint(buf, e, t->tof);
	case Tarray: case Tlist: case Tchan:
		buf = seprint(buf, e, "%s of ", kindname[t->kind]);
		return tprint(buf, e, t->tof);
	case Tadt:
		if(t->decl->dot != nil && !t->decl->dot->isimp)
			buf = seprint(buf, e, "%s->%s", t->decl->dot->sym->name, t->decl->sym->name);
		else
			buf = seprint(buf, e, "%s", t->decl->sym->name);
		id = t->base != nil ? t->targs : t->polys;
		if(id != nil){
			buf = seprint(buf, e, "[");
			for(; id != nil; id = id->next){
				buf = tprint(buf, e, id->ty);
				if(id->next != nil)
					buf = seprint(buf, e, ", ");
			}
			buf = seprint(buf, e, "]");
		}
		return buf;
	case Tapp:
		buf = tprint(buf, e, t->tof);
		buf = seprint(buf, e, "[");
		for(id = t->targs; id != nil; id = id->next){
			buf = tprint(buf, e, id->ty);
			if(id->next != nil)
				buf = seprint(buf, e, ", ");
		}
		return seprint(buf, e, "]");
	case Tadtpick:
		return seprint(buf, e, "%s.%s", t->decl->dot->sym->name, t->decl->sym->name);
	case Tmodule:
		return seprint(buf, e, "%s", t->decl->sym->name);
	case Ttuple:
		buf = seprint(buf, e, "(");
		for(id = t->ids; id != nil; id = id->next){
			buf = tprint(buf, e, id->ty);
			if(id->next != nil)
				buf = seprint(buf, e, ", ");
		}
		return seprint(buf, e, ")");
	case Tfn:
		buf = seprint(buf, e, "fn");
		if(t->polys != nil){
			buf = seprint(buf, e, "[");
			for(id = t->polys; id != nil; id = id->next)
				buf = seprint(buf, e, "%s%s", id->sym->name, id->next != nil ? ", " : "");
			buf = seprint(buf, e, "]");
		}
		buf = seprint(buf, e, "(");
		for(id = t->ids; id != nil && !id->hidden; id = id->next){
			if(id != t->ids)
				buf = seprint(buf, e, ", ");
			buf = seprint(buf, e, "%s: ", id->sym != nil ? id->sym->name : "nil");
			if(id->implicit)
				buf = seprint(buf, e, "self ");
			buf = tprint(buf, e, id->ty);
		}
		if(t->varargs)
			buf = seprint(buf, e, t->ids != nil ? ", *" : "*");
		if(t->tof != nil && t->tof->kind != Tnone){
			buf = seprint(buf, e, "): ");
			return tprint(buf, e, t->tof);
		}
		return seprint(buf, e, ")");
	case Texception:
		return seprint(buf, e, "exception");
	}
	return seprint(buf, e, "%s", kindname[t->kind]);
}

char*
typestr(Type *t)
{
	char *buf;

	buf = emalloc(StrSize);
	tprint(buf, buf+StrSize, t);
	return buf;
}

/* set the pointer bits of type t at offset off in map */
void
tmap(Type *t, long off, uchar *map)
{
	Decl *id;
	long w;

	if(t == nil)
		return;
	if(isptr(t)){
		w = off / IBY2WD;
		map[w>>3] |= 0x80 >> (w & 7);
		return;
	}
	switch(t->kind){
	case Tadt: case Ttuple:
		for(id = t->ids; id != nil; id = id->next)
			if(storespace[id->store])
				tmap(id->ty, off + id->offset, map);
		break;
	case Tadtpick:
		tmap(t->decl->dot->ty, off, map);
		for(id = t->ids; id != nil; id = id->next)
			if(storespace[id->store])
				tmap(id->ty, off + id->offset, map);
		break;
	case Texception:
		if(t->cons){
			w = off / IBY2WD;
			map[w>>3] |= 0x80 >> (w & 7);
		}else
			for(id = t->ids; id != nil; id = id->next)
				if(storespace[id->store])
					tmap(id->ty, off + id->offset, map);
		break;
	}
}

/* find or make the descriptor for a block of size bytes with map (dedup) */
Desc*
mkdesc(long size, uchar *map)
{
	Desc *d, **l;
	int n, nw;

	nw = (size/IBY2WD + 7) / 8;
	n = nw;
	while(n > 0 && map[n-1] == 0)
		n--;
	for(l = &descs; (d = *l) != nil; l = &d->next)
		if(d->size == size && d->nmap == n && memcmp(d->map, map, n) == 0)
			return d;
	d = emalloc(sizeof *d);
	d->id = ndescs++;
	d->size = size;
	d->nmap = n;
	d->map = emalloc(n+1);
	memmove(d->map, map, n);
	*l = d;
	return d;
}

/* map of a block of size bytes with the pointers of the decls in ids */
Desc*
declsdesc(long size, Decl *ids)
{
	uchar *map;
	Desc *d;

	map = emalloc(size/IBY2WD/8 + 2);
	for(; ids != nil; ids = ids->next)
		if(storespace[ids->store] || ids->store == Dtype)
			tmap(ids->ty, ids->offset, map);
	d = mkdesc(size, map);
	free(map);
	return d;
}

/* heap descriptor for values of type t (adt, tuple, pick) */
Desc*
tdesc(Type *t)
{
	uchar *map;
	Desc *d;

	sizetype(t);
	if(t->desc != nil)
		return t->desc;
	map = emalloc(t->size/IBY2WD/8 + 2);
	tmap(t, 0, map);
	d = mkdesc(t->size, map);
	free(map);
	t->desc = d;
	return d;
}

/* the C-style map text {0x..,} used by -a and -t */
char*
mapstr(long size, uchar *map)
{
	static char buf[512];
	char *p, *e;
	int i, n;

	n = (size/IBY2WD + 7) / 8;
	while(n > 0 && map[n-1] == 0)
		n--;
	p = buf;
	e = buf + sizeof buf;
	p = seprint(p, e, "{");
	for(i = 0; i < n; i++)
		p = seprint(p, e, "0x%x,", map[i]);
	if(n == 0)
		p = seprint(p, e, "0");
	seprint(p, e, "}");
	return buf;
}
