#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Scopes and top-level declarations.
 * A symbol's decl is its innermost visible declaration; each scope
 * remembers what it installed so popscope can restore the outer ones.
 */

int	scope;
Decl*	nildecl;
Decl*	impdecl;
Decl**	impmembs;	/* members of the implemented modules, the first of each name */
int	nimpmembs;
char*	impname;	/* A, or A+B for implement A, B */
Decl*	globals;
Decl*	modules;
Decl*	fns;
int	nfns;
Decl*	curfn;
long	mpsize;

static	Decl*	scopes[MaxScope];
static	Decl*	lastglobal;
static	Decl*	lastfn;
static	int	countids(Decl*);
static	void	globalas(Node*);
static	void	implement(void);
static	void	implcheck(void);
static	void	modvardecl(Node*);
static	int	aliascycle(Decl*, Type*, int);

void
declinit(void)
{
	nildecl = mkdecl(nil, Dglobal, tany, enter("nil", 0));
}

void
pushscope(void)
{
	if(scope >= MaxScope-1)
		fatal("scopes nested too deeply");
	scopes[++scope] = nil;
}

void
popscope(void)
{
	Decl *d;

	for(d = scopes[scope]; d != nil; d = d->snext){
		if(d->sym != nil)
			d->sym->decl = d->old;
		d->installed--;
	}
	scope--;
}

/* make d visible in the current scope */
void
install(Decl *d)
{
	Decl *o;

	if(d->sym == nil)
		return;
	o = d->sym->decl;
	if(o != nil && o->scope == scope && scope > 0 || o != nil && o->scope == scope && o != d && scope == 0 && o->store != Dundef){
		error(&d->src, "redeclaration of %s", d->sym->name);
	}
	d->old = o;
	d->scope = scope;
	d->installed++;
	d->sym->decl = d;
	d->snext = scopes[scope];
	scopes[scope] = d;
}

static void
addglobal(Decl *d)
{
	d->store = Dglobal;
	if(lastglobal == nil)
		globals = d;
	else
		lastglobal->next2 = d;
	lastglobal = d;
}

/*
 * .self: the module's handle on itself, as Inferno's limbo keeps it, a
 * global loaded ("$self") when first needed; local functions are called
 * through it where a (module, index) pair is passed
 */
Decl*
selfvar(void)
{
	static Decl *d;

	if(d == nil && impdecl != nil){
		d = mkdecl(&impdecl->src, Dglobal, selfmod()->ty, enter(".self", 0));
		addglobal(d);
	}
	return d;
}

/*
 * the module type .self has: the implemented module's, or for implement
 * A, B the union of them (A+B) that Inferno's limbo makes, whose
 * interface is all their members (ldtfinish)
 */
Decl*
selfmod(void)
{
	static Decl *u;
	Type *t;

	if(impsyms == nil || impsyms->next == nil || impdecl == nil)
		return impdecl;
	if(u == nil){
		t = mktype(Tmodule, nil, nil);
		t->src = impdecl->ty->src;
		t->resolving = 2;
		t->sized = 1;
		t->size = t->align = IBY2WD;
		u = mkdecl(&impdecl->src, Dtype, t, enter(impname, 0));
		u->isimp = 1;
		t->decl = u;
	}
	return u;
}

static void
addfn(Decl *d)
{
	if(lastfn == nil)
		fns = d;
	else
		lastfn->next2 = d;
	lastfn = d;
	nfns++;
}

/*
 * make the types, constants and variables (as in ref sys->FD, sys the
 * module's) of module t visible in a new scope
 */
void
modscope(Type *t)
{
	Decl *d, *nd;

	for(d = t->ids; d != nil; d = d->next){
		if(!(d->store == Dtype || d->store == Dconst || d->store == Dglobal) || d->sym == nil || d->sym->decl == d)
			continue;	/* not twice: the implemented module's are global */
		if(d->installed){
			/* visible further out but hidden: a stand-in, so each scope keeps its own links */
			nd = emalloc(sizeof *nd);
			*nd = *d;
			nd->alias = d;
			nd->installed = 0;
			install(nd);
		}else
			install(d);
	}
}

/* resolve the member types of a module with its own names visible */
void
resolvemod(Type *t)
{
	Decl *d;

	if(t->resolving)
		return;
	pushscope();
	modscope(t);
	resolve(t);
	for(d = t->ids; d != nil; d = d->next){
		if(d->store == Dtype && d->ty != nil){
			resolvedecl(d);
			sizetype(d->ty);
			if(d->ty->kind == Tadt)
				adtmembers(d->ty);
		}
		if(d->store == Dconst && d->ty != nil && d->ty->kind == Texception){
			d->ty = resolve(d->ty);
			if(d->init == nil)
				exdeclname(d, 1);
		}else if(d->store == Dconst)
			constdecl(d, d->init0, d->iota);
	}
	for(d = t->ids; d != nil; d = d->next)
		if(d->ty != nil)
			sizetype(d->ty);
	popscope();
}

/* the member functions of an adt get the adt as their dot */
void
adtmembers(Type *t)
{
	Decl *d;
	int i;

	for(d = t->ids; d != nil; d = d->next){
		d->dot = t->decl;
		if(d->store == Dfn)
			sizetype(d->ty);
		if(d->store == Dconst && d->ty != nil && d->ty->kind == Texception && d->init == nil){
			/* an exception declared in the adt: named Module.Adt.E */
			char *s;

			d->ty = resolve(d->ty);
			sizetype(d->ty);
			s = smprint("%s.%s.%s", t->decl->dot != nil ? t->decl->dot->sym->name :
				impdecl != nil ? impdecl->sym->name : "", t->decl->sym->name, d->sym->name);
			if(s == nil)
				fatal("out of memory");
			d->init = mksconst(&d->src, s, strlen(s));
		}
	}
	i = 0;
	for(d = t->tags; d != nil; d = d->next){
		d->dot = t->decl;
		d->tag = i++;
		if(d->ty->decl == nil || d->ty->decl->tag > d->tag)
			d->ty->decl = d;
	}
}

/* evaluate the constant declaration d = e (iota is the index i) */
void
constdecl(Decl *d, Node *e, int i)
{
	Node *n;
	Decl *iota;

	if(e == nil)
		return;
	if(d->init != nil)
		return;
	pushscope();
	iota = mkdecl(&d->src, Dconst, tint, enter("iota", 0));
	n = mkn(Oconst, nil, nil);
	n->ty = tint;
	n->val = i;
	iota->init = n;
	install(iota);
	n = copytree(e);
	n = fold(echeck(n));
	popscope();
	if(n->op != Oconst && n->op != Oadtcon && n->op != Otuple && n->ty->kind != Terror){
		error(&d->src, "%s: con must be a constant", d->sym->name);
		n = mkn(Oconst, nil, nil);
		n->ty = tint;
	}
	d->init = n;
	d->ty = n->ty;
}

/* is t (unresolved) the name of a module type */
static int
ismodtype(Type *t)
{
	Decl *d;

	if(t == nil || t->kind != Tid)
		return 0;
	d = lookup(t->tsym);
	return d != nil && d->store == Dtype && d->ty != nil && d->ty->kind == Tmodule;
}

/* a top-level 'ids: type [= init];' */
static void
vardecl1(Node *n)
{
	Decl *d;

	n->tyarg = resolve(n->tyarg);
	sizetype(n->tyarg);
	if(n->tyarg->kind == Tfn){
		/* f: fn(...); a prototype of a function defined later */
		for(d = n->ids; d != nil; d = d->next){
			d->store = Dfn;
			d->ty = n->tyarg;
			d->proto = 1;
			install(d);
		}
		if(n->left != nil)
			error(&n->src, "cannot initialize function %s", n->ids->sym->name);
		return;
	}
	for(d = n->ids; d != nil; d = d->next){
		d->ty = n->tyarg;
		install(d);
		addglobal(d);
	}
	if(n->left != nil){
		n->left = fold(echeck(n->left));
		if(!tcompat(n->tyarg, n->left, 0))
			error(&n->src, "type clash in initialization of %s: %s = %s",
				n->ids->sym->name, typestr(n->tyarg), typestr(n->left->ty));
		else{
			n->left = assignto(n->tyarg, n->left, "initialization");
			for(d = n->ids; d != nil; d = d->next)
				d->init0 = n->left;
		}
	}
}

/* process the top-level declarations of the program */
void
declare(Node *tree)
{
	Node *n, *t;
	Decl *d, *ids;
	int i;

	/* pass 1: types, so they can be used before they are declared */
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		if(n->op != Otypedecl)
			continue;
		for(d = n->ids; d != nil; d = d->next){
			install(d);
			if(n->ty->kind == Tmodule){
				d->next2 = modules;
				modules = d;
			}
		}
	}
	implement();
	/*
	 * pass 2: module variables and imports, by name: the types of the
	 * names imported are resolved where they are used, so a module
	 * declaration may use a type imported later in the file; then the
	 * modules, then the other types
	 */
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		if(n->op == Ovardecl && ismodtype(n->tyarg)){
			modvardecl(n);
			n->flags |= Ndone;
		}
	}
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		if(n->op == Oimport){
			importdecl(n);
			n->flags |= Ndone;
		}
	}
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		if(n->op == Otypedecl && n->ty->kind == Tmodule)
			resolvemod(n->ty);
	}
	implcheck();
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		if(n->op != Otypedecl || n->ty->kind == Tmodule)
			continue;
		for(d = n->ids; d != nil; d = d->next){
			if(d->ty->kind != Tadt){
				/* T: type ...: resolved where used, as Inferno's; a cycle is an error anyway */
				if(aliascycle(d, d->ty, 0)){
					error(&d->src, "circular type definition of %s", d->sym->name);
					d->ty = terror;	/* once a cycle */
				}
				continue;
			}
			resolvedecl(d);
			sizetype(d->ty);
			if(d->ty->kind == Tadt){
				adtmembers(d->ty);
				for(ids = d->ty->ids; ids != nil; ids = ids->next)
					if(ids->store == Dconst && (ids->ty == nil || ids->ty->kind != Texception))
						constdecl(ids, ids->init0, ids->iota);
			}
		}
	}
	/* pass 3: constants, variables, functions, in order */
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		switch(n->op){
		case Oconst_decl:
			i = 0;
			for(d = n->ids; d != nil; d = d->next){
				constdecl(d, n->left, i++);
				install(d);
			}
			break;
		case Oexcept:
			for(d = n->ids; d != nil; d = d->next){
				d->ty = resolve(d->ty);
				sizetype(d->ty);
				exdeclname(d, 0);
				install(d);
			}
			break;
		case Ovardecl:
			if(!(n->flags & Ndone))
				vardecl1(n);
			break;
		case Odecl:
			n->left = echeck(n->left);
			n->left = fold(n->left);
			for(d = n->ids; d != nil; d = d->next){
				d->ty = dastype(n->left->ty);
				d->init0 = n->left;
				install(d);
				addglobal(d);
			}
			break;
		case Oimport:
			if(!(n->flags & Ndone))
				importdecl(n);
			break;
		case Ofunc:
			fndecl(n);
			break;
		case Oas:
			globalas(n);
			break;
		}
	}
	for(t = tree; t != nil; t = t->right){
		n = t->left;
		if(n->op == Ovardecl && n->tyarg != nil && n->tyarg->kind == Tfn)
			for(d = n->ids; d != nil; d = d->next)
				if(d->store == Dfn && !d->defined)
					error(&d->src, "function %s not defined", d->sym->name);
	}
	for(i = 0; i < nimpmembs; i++){
		d = impmembs[i];
		if(d->store == Dfn && !d->defined)
			error(&d->src, "function %s not defined", d->sym->name);
		if(d->store != Dtype || d->ty->kind != Tadt)
			continue;
		for(ids = d->ty->ids; ids != nil; ids = ids->next)
			if(ids->store == Dfn && !ids->defined)
				error(&ids->src, "function %s.%s not defined", d->sym->name, ids->sym->name);
	}
}

/* the member named s of the implemented modules */
Decl*
impfind(Sym *s)
{
	int i;

	for(i = 0; i < nimpmembs; i++)
		if(impmembs[i]->sym == s)
			return impmembs[i];
	return nil;
}

/*
 * implement A, B, ...: the modules being implemented share their
 * names with the file; a name in two of them must have one type, and
 * the first declaration stands for both (Inferno's module A+B)
 */
static void
implement(void)
{
	Decl *m, *d, *o;
	int n;

	n = 0;
	for(m = impsyms; m != nil; m = m->next){
		d = m->sym->decl;
		if(d == nil || d->store != Dtype || d->ty->kind != Tmodule)
			continue;	/* reported by implcheck (limbo -a needs no module) */
		if(impdecl == nil)
			impdecl = d;
		d->isimp = 1;
		for(o = d->ty->ids; o != nil; o = o->next)
			n++;
	}
	if(impdecl == nil)
		return;
	impname = impdecl->sym->name;
	impmembs = emalloc((n+1) * sizeof *impmembs);
	for(m = impsyms; m != nil; m = m->next){
		d = m->sym->decl;
		if(d == nil || !d->isimp)
			continue;
		if(d != impdecl)
			impname = smprint("%s+%s", impname, d->sym->name);
		for(d = d->ty->ids; d != nil; d = d->next){
			if(d->sym == nil)
				continue;
			if(impfind(d->sym) != nil)
				continue;
			impmembs[nimpmembs++] = d;
			if(d->store == Dtype || d->store == Dconst || d->store == Dfn || d->store == Dglobal)
				install(d);
		}
	}
}

/* after the modules are resolved: are names in two implemented modules the same */
static void
implcheck(void)
{
	Decl *m, *d, *o;

	for(m = impsyms; m != nil && impdecl != nil; m = m->next){
		d = m->sym->decl;
		if(d == nil)
			error(&m->src, "no module declaration for %s", m->sym->name);
		else if(!d->isimp)
			error(&m->src, "%s is not a module", m->sym->name);
	}
	for(m = impsyms; m != nil; m = m->next){
		if(m->sym->decl == impdecl || m->sym->decl == nil || !m->sym->decl->isimp)
			continue;
		/* one .mp for all: their data must agree, as Inferno's limbo requires */
		o = mpdecl(impdecl->ty);
		d = mpdecl(m->sym->decl->ty);
		if((o == nil) != (d == nil) || o != nil && sign(o->ty) != sign(d->ty))
			error(&m->src, "%s's module data not consistent with that of %s", m->sym->name, impdecl->sym->name);
		for(d = m->sym->decl->ty->ids; d != nil; d = d->next){
			if(d->sym == nil || (o = impfind(d->sym)) == nil || o == d)
				continue;
			if(o->store != d->store || o->store != Dconst && !tequal(o->ty, d->ty))
				error(&d->src, "%s declared differently in %s and %s", d->sym->name,
					o->dot->sym->name, m->sym->name);
		}
	}
}

/*
 * does type name d reach itself through t, a type expression, along
 * type names that are not adts or modules (no resolution is done)
 */
static int
aliascycle(Decl *d, Type *t, int depth)
{
	Decl *x;

	if(t == nil || depth > 100)
		return 0;
	switch(t->kind){
	case Tid:
		x = lookup(t->tsym);
		if(x == nil || x->store != Dtype || x->imported != nil || x->ty == nil)
			return 0;
		if(x == d)
			return 1;
		if(x->ty->kind == Tadt || x->ty->kind == Tmodule)
			return 0;
		return aliascycle(d, x->ty, depth+1);
	case Tref: case Tarray: case Tlist: case Tchan:
		return aliascycle(d, t->tof, depth+1);
	case Ttuple: case Tfn:
		for(x = t->ids; x != nil; x = x->next)
			if(aliascycle(d, x->ty, depth+1))
				return 1;
		return t->kind == Tfn && aliascycle(d, t->tof, depth+1);
	}
	return 0;
}

/* a module variable at the top level: m: M; its type is not resolved yet */
static void
modvardecl(Node *n)
{
	Decl *d, *md;

	md = lookup(n->tyarg->tsym);
	md->used = 1;
	n->tyarg = md->ty;
	for(d = n->ids; d != nil; d = d->next){
		d->ty = n->tyarg;
		install(d);
		addglobal(d);
	}
}

/*
 * name = exp; at the top level: the initial value of a global declared
 * earlier (it must be constant, as an initializer)
 */
static void
globalas(Node *n)
{
	Decl *d;
	Node *l;

	l = n->left;
	d = l->decl->sym->decl;
	if(d == nil){
		error(&n->src, "%s is not declared", l->decl->sym->name);
		return;
	}
	if(d->store != Dglobal){
		error(&n->src, "%s is not a variable", d->sym->name);
		return;
	}
	n->right = fold(echeck(n->right));
	if(d->init0 != nil){
		error(&n->src, "duplicate assignment to %s, previously assigned on line %d", d->sym->name, d->init0->src.line);
		return;
	}
	if(!tcompat(d->ty, n->right, 0)){
		error(&n->src, "type clash in initialization of %s: %s = %s", d->sym->name, typestr(d->ty), typestr(n->right->ty));
		return;
	}
	d->init0 = assignto(d->ty, n->right, "initialization");
}

/* the value of constant d, imported from a module perhaps not resolved yet */
void
importcon(Decl *d)
{
	Decl *md;
	Type *mt;

	md = d->imported;
	mt = md->dot != nil ? md->dot->ty : nil;
	if(md->init == nil && mt != nil && mt->kind == Tmodule){
		if(!mt->resolving)
			resolvemod(mt);
		else if(md->init0 != nil){
			pushscope();
			modscope(mt);
			constdecl(md, md->init0, md->iota);
			popscope();
		}
	}
	d->init = md->init;
	d->ty = md->ty;
}

/* 'ids: import m;' makes the members named visible */
void
importdecl(Node *n)
{
	Decl *d, *m, *md;
	Type *mt;

	n->left = echeck(n->left);
	mt = n->left->ty;
	if(mt->kind == Tid && n->left->op == Oname && n->left->decl != nil)
		mt = n->left->ty = resolvemember(n->left->decl);	/* data of a module, not resolved yet */
	if(mt->kind != Tmodule){
		error(&n->src, "%s is not a module", n->left->str != nil ? n->left->str : "expression");
		return;
	}
	m = n->left->decl;
	for(d = n->ids; d != nil; d = d->next){
		md = namedot(mt->ids, d->sym);
		if(md == nil){
			error(&d->src, "%s is not a member of %s", d->sym->name, mt->decl->sym->name);
			continue;
		}
		d->store = Dimport;
		d->link = nil;
		d->ty = md->ty;
		d->imported = md;
		d->eimport = m;
		if(md->store == Dtype){
			/* types are simply visible; remember the module for method calls */
			d->store = Dtype;
			if(md->ty->kind == Tadt)
				md->ty->impmod = m;
		}else if(md->store == Dconst){
			d->store = Dconst;
			d->init = md->init;
		}
		install(d);
	}
}

/*
 * Adt[T, ...].fn: names for the type parameters of polymorphic adt at
 * in fn's signature and body (Adt.fn alone uses the adt's own names)
 */
static Decl*
adtpolys(Type *at, Node *n)
{
	Decl *p, *a, *h, **l, *d;

	h = nil;
	l = &h;
	a = n->ids;
	for(p = at->polys; p != nil; p = p->next){
		d = mkdecl(&n->src, Dtype, p->ty, a != nil ? a->sym : p->sym);
		*l = d;
		l = &d->next;
		if(a != nil)
			a = a->next;
	}
	if(n->ids != nil && (a != nil || countids(n->ids) != countids(at->polys)))
		error(&n->src, "%s needs %d type parameter%s", n->str, countids(at->polys), countids(at->polys) == 1 ? "" : "s");
	return h;
}

static int
countids(Decl *d)
{
	int n;

	for(n = 0; d != nil; d = d->next)
		n++;
	return n;
}

/* a function definition: name(args) or adt.name(args) */
void
fndecl(Node *n)
{
	Decl *d, *md, *ad, *ap;
	Type *ft, *at;

	d = n->decl;
	ap = nil;
	if(n->str != nil){
		ad = enter(n->str, 0)->decl;
		if(ad != nil && ad->store == Dtype && ad->ty != nil && ad->ty->kind == Tadt && ad->ty->polys != nil)
			ap = adtpolys(ad->ty, n);
		else if(n->ids != nil)
			error(&n->src, "%s is not a polymorphic adt", n->str);
	}else if(n->ids != nil)
		error(&n->src, "%s is not a polymorphic adt", d->sym->name);
	if(ap != nil){
		pushscope();
		for(md = ap; md != nil; md = md->next)
			install(md);
	}
	if(n->str != nil && (ad = enter(n->str, 0)->decl) != nil && ad->store == Dtype && ad->ty != nil
	&& ad->ty->kind == Tadt && ad->ty->constrs != nil)
		hiddenargs(n->tyarg, ad->ty->polys, ad->ty->constrs);	/* the adt's constraints, as its declaration has them */
	ft = resolve(n->tyarg);
	if(ap != nil)
		popscope();
	n->tyarg = ft;
	sizetype(ft);
	md = nil;
	if(n->str != nil){
		/* adt member */
		ad = enter(n->str, 0)->decl;
		if(ad == nil || ad->store != Dtype || ad->ty->kind != Tadt){
			error(&n->src, "%s is not an adt", n->str);
			return;
		}
		at = ad->ty;
		md = namedot(at->ids, d->sym);
		if(md == nil || md->store != Dfn){
			error(&d->src, "%s is not a member function of %s", d->sym->name, n->str);
			return;
		}
	}else{
		md = impfind(d->sym);
		if(md == nil || md->store != Dfn){
			md = d->sym->decl;
			if(md != nil && md->scope == 0 && md->store == Dfn && md->proto && !md->defined)
				;	/* defining a prototype */
			else
				md = nil;	/* install reports a redeclaration */
		}
	}
	if(md != nil){
		if(md->defined){
			error(&d->src, "redeclaration of function %s", md->sym->name);
			return;
		}
		if(!tequal(md->ty, ft))
			error(&d->src, "type mismatch: %s defined as %s declared as %s", d->sym->name, typestr(ft), typestr(md->ty));
		md->defined = 1;
		md->body = n->left;
		md->fty = ft;
		md->apolys = ap;
		md->src = d->src;
		n->decl = md;
		addfn(md);
		return;
	}
	d->store = Dfn;
	d->ty = ft;
	d->fty = ft;
	d->defined = 1;
	d->body = n->left;
	install(d);
	addfn(d);
}

/* the type a variable declared with := gets */
Type*
dastype(Type *t)
{
	if(t == tany){
		return terror;
	}
	return t;
}
