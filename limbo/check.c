#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Type checking of expressions and statements.
 * echeck returns the checked node (constants are folded, names bound,
 * calls normalised: methods get their self argument, module members
 * become Omdot, constructors Oadtcon/Opickcon).
 */

typedef struct Binding Binding;
struct Binding
{
	Type*	poly[16];
	Type*	val[16];
	int	n;
};

static void	constrargs(Node*, Decl*, Decl*, Binding*, char*, char*, int);

static	Decl*	lastlocal;
static	int	loopdepth;
static	char*	labels[128];
static	int	labkind[128];
static	int	nlabels;
static	int	inhandler;
static	void	checkargs(Node*, Type*, char*);

Node*
copytree(Node *n)
{
	Node *c;

	if(n == nil)
		return nil;
	c = emalloc(sizeof *c);
	*c = *n;
	c->left = copytree(n->left);
	c->right = copytree(n->right);
	c->third = copytree(n->third);
	c->fourth = copytree(n->fourth);
	return c;
}

Node*
mkconst(Src *src, Type *t, vlong v)
{
	Node *n;

	n = emalloc(sizeof *n);
	n->op = Oconst;
	if(src != nil)
		n->src = *src;
	n->ty = t;
	n->val = v;
	return n;
}

Node*
mksconst(Src *src, char *s, int len)
{
	Node *n;

	n = mkconst(src, tstring, 0);
	n->str = s;
	n->slen = len;
	return n;
}

/*
 * exception types.  A declared exception E is a Dconst whose type has
 * cons set; its init is the name string, formed as Inferno's limbo
 * does: Module.[fn.]depth.E.  A raised value is a heap object laid out
 * as the tuple (name, 0, fields...) (exbase); the VM reads the name
 * from its first word.  Handler arm variables for typed arms copy the
 * fields out of that object.
 */
static	int	fnscope;	/* scope of the current function's body */

void
exdeclname(Decl *d, int depth)
{
	char *m, *s;

	m = "";
	if(d->dot != nil)
		m = d->dot->sym->name;
	else if(impdecl != nil)
		m = impdecl->sym->name;
	if(curfn != nil && d->dot == nil)
		s = smprint("%s.%s.%d.%s", m, curfn->sym->name, depth, d->sym->name);
	else
		s = smprint("%s.%d.%s", m, depth, d->sym->name);
	if(s == nil)
		fatal("out of memory");
	d->init = mksconst(&d->src, s, strlen(s));
}

/* the type of an exception value not known statically: a pointer */
Type*
exvaltype(void)
{
	static Type *t;

	if(t == nil){
		t = mktype(Texception, nil, nil);
		t->cons = 1;
		sizetype(t);
	}
	return t;
}

/* the tuple (string, int, fields...) that a raised value of t holds */
Type*
exbase(Type *t)
{
	Decl *ids, **l, *id;

	if(t->adtcon != nil)
		return t->adtcon;
	ids = mkdecl(&t->src, Dfield, tstring, nil);
	ids->next = mkdecl(&t->src, Dfield, tint, nil);
	l = &ids->next->next;
	for(id = t->ids; id != nil; id = id->next){
		*l = mkdecl(&id->src, Dfield, id->ty, nil);
		l = &(*l)->next;
	}
	t->adtcon = mktype(Ttuple, nil, ids);
	sizetype(t->adtcon);
	return t->adtcon;
}

/* the type an arm variable has in an arm catching only exception t */
static Type*
exview(Type *t)
{
	Type *v;

	if(t->ids == nil)
		return exvaltype();
	if(t->ids->next == nil)
		return t->ids->ty;
	if(t->tof == nil){
		v = mktype(Ttuple, nil, t->ids);
		sizetype(v);
		t->tof = v;
	}
	return t->tof;
}

/* is n a declared exception (E or M->E) */
static int
isexcon(Node *n)
{
	return (n->op == Oname || n->op == Omdot) && n->decl != nil && n->decl->store == Dconst
		&& n->ty != nil && n->ty->kind == Texception && n->ty->cons;
}

/* build the value of exception f with the argument list args */
static Node*
exvalue(Node *n, Node *f, Node *args)
{
	Node *r, *tup, *l;
	Type *t;

	t = f->ty;
	l = mkn(Oseq, mkconst(&n->src, tint, 0), args);
	l = mkn(Oseq, copytree(f->decl->init), l);
	tup = mkn(Otuple, l, nil);
	tup->src = n->src;
	tup->ty = exbase(t);
	r = mkn(Oref, tup, nil);
	r->src = n->src;
	r->ty = exvaltype();
	r->tyarg = tup->ty;
	return r;
}

/* is exception label a the same as b */
static int
samelab(Node *a, Node *b)
{
	if(a->op == Owild || b->op == Owild)
		return a->op == b->op;
	if(isexcon(a) || isexcon(b))
		return isexcon(a) && isexcon(b) && a->decl == b->decl;
	return isconst(a) && isconst(b) && a->ty == tstring && b->ty == tstring
		&& a->slen == b->slen && memcmp(a->str, b->str, a->slen) == 0;
}

/* report a label that appears twice among a handler's arms */
static void
exdups(Node *arms)
{
	Node *c, *lab, *c2, *lab2;

	for(c = arms; c != nil; c = c->right)
		for(lab = c->left->left; lab != nil; lab = lab->right){
			c2 = c;
			lab2 = lab->right;
			for(;;){
				for(; lab2 != nil; lab2 = lab2->right)
					if(samelab(lab->left, lab2->left)){
						if(lab->left->op == Owild)
							error(&lab2->left->src, "exception label * duplicated on line %d", lab->left->src.line);
						else if(isexcon(lab->left))
							error(&lab2->left->src, "exception label %s duplicated on line %d", lab->left->decl->sym->name, lab->left->src.line);
						else
							error(&lab2->left->src, "exception label \"%.*s\" duplicated on line %d", lab->left->slen, lab->left->str, lab->left->src.line);
						return;
					}
				c2 = c2->right;
				if(c2 == nil)
					break;
				lab2 = c2->left->left;
			}
		}
}

/* E(args): check the arguments against E's declaration */
static Node*
excall(Node *n, Node *f)
{
	Type ft;

	memset(&ft, 0, sizeof ft);
	ft.kind = Tfn;
	ft.ids = f->ty->ids;
	checkargs(n, &ft, f->decl->sym->name);
	return exvalue(n, f, n->right);
}

static char*
nodename(Node *n)
{
	if(n->op == Oname && n->decl != nil && n->decl->sym != nil)
		return n->decl->sym->name;
	if((n->op == Odot || n->op == Omdot) && n->str != nil)
		return n->str;
	return "expression";
}

static char*	opname(int);

/* the source text of expression n, roughly, for messages */
static char*
etext(char *p, char *e, Node *n)
{
	Node *a;

	if(n == nil)
		return p;
	switch(n->op){
	case Oname:
		if(n->decl == nildecl)
			return seprint(p, e, "nil");
		if(n->decl != nil && n->decl->sym != nil)
			return seprint(p, e, "%s", n->decl->sym->name);
		break;
	case Oconst:
		if(n->ty == tstring)
			return seprint(p, e, "\"%.*s\"", n->slen > 32 ? 32 : n->slen, n->str);
		if(n->ty == treal)
			return seprint(p, e, "%g", n->rval);
		return seprint(p, e, "%lld", n->val);
	case Odot:
	case Omdot:
		p = etext(p, e, n->left);
		return seprint(p, e, "%s%s", n->op == Odot ? "." : "->", n->decl != nil && n->decl->sym != nil ? n->decl->sym->name : "?");
	case Ocall:
		p = etext(p, e, n->left);
		p = seprint(p, e, "(");
		for(a = n->right; a != nil; a = a->right){
			p = etext(p, e, a->left);
			if(a->right != nil)
				p = seprint(p, e, ", ");
		}
		return seprint(p, e, ")");
	case Oindex:
		p = etext(p, e, n->left);
		p = seprint(p, e, "[");
		p = etext(p, e, n->right);
		return seprint(p, e, "]");
	case Otuple:
		p = seprint(p, e, "(");
		for(a = n->left; a != nil; a = a->right){
			p = etext(p, e, a->left);
			if(a->right != nil)
				p = seprint(p, e, ", ");
		}
		return seprint(p, e, ")");
	case Oneg:	p = seprint(p, e, "-"); return etext(p, e, n->left);
	case Onot:	p = seprint(p, e, "!"); return etext(p, e, n->left);
	case Ocom:	p = seprint(p, e, "~"); return etext(p, e, n->left);
	case Oind:	p = seprint(p, e, "*"); return etext(p, e, n->left);
	case Olen:	p = seprint(p, e, "len "); return etext(p, e, n->left);
	case Ohd:	p = seprint(p, e, "hd "); return etext(p, e, n->left);
	case Otl:	p = seprint(p, e, "tl "); return etext(p, e, n->left);
	case Oref:	p = seprint(p, e, "ref "); return etext(p, e, n->left);
	case Orcv:	p = seprint(p, e, "<-"); return etext(p, e, n->left);
	case Osnd:
		p = etext(p, e, n->left);
		p = seprint(p, e, " <- ");
		return etext(p, e, n->right);
	case Ocast:
		p = tprint(p, e, n->tyarg);
		p = seprint(p, e, " ");
		return etext(p, e, n->left);
	case Ocons:
		p = etext(p, e, n->left);
		p = seprint(p, e, " :: ");
		return etext(p, e, n->right);
	case Ofnref:
		return etext(p, e, n->left);
	}
	if(n->op >= Oadd && n->op <= Ogeq && n->left != nil && n->right != nil){
		p = etext(p, e, n->left);
		p = seprint(p, e, " %s ", opname(n->op));
		return etext(p, e, n->right);
	}
	return seprint(p, e, "expression");
}

/* 'expression' of type t, as Inferno's messages quote operands */
static char*
qstr(Node *n)
{
	char *buf, *p, *e;

	buf = emalloc(StrSize);
	e = buf + StrSize;
	p = seprint(buf, e, "'");
	p = etext(p, e-64, n);
	p = seprint(p, e, "' of type ");
	tprint(p, e, n->ty);
	return buf;
}

int
isconst(Node *n)
{
	return n != nil && n->op == Oconst;
}

/* is t usable where an int is needed (int or byte or big...) */
static int
isnum(Type *t)
{
	return t->kind == Tint || t->kind == Tbyte || t->kind == Tbig || t->kind == Treal;
}

static int
isintegral(Type *t)
{
	return t->kind == Tint || t->kind == Tbyte || t->kind == Tbig;
}

/* can a value of node n be assigned to a variable of type t */
int
tcompat(Type *t, Node *n, int dummy)
{
	Type *s;

	USED(dummy);
	s = n->ty;
	if(t == nil || s == nil)
		return 0;
	if(t->kind == Terror || s->kind == Terror)
		return 1;
	if(tequal(t, s))
		return 1;
	if(s->kind == Tany && isptr(t))
		return 1;
	if(n->op == Oconst && s->kind == Tint && (t->kind == Tbyte || t->kind == Tbig))
		return 1;
	if(t->kind == Tref && s->kind == Tref){
		if(s->tof->kind == Tadtpick && t->tof->kind == Tadt && tequal(s->tof->decl->dot->ty, t->tof))
			return 1;
		if(s->tof->kind == Tadtpick && t->tof->kind == Tadtpick && s->tof == t->tof)
			return 1;
	}
	if((t->kind == Tadt && t->tags == nil || t->kind == Ttuple) && s->kind == Ttuple && n->op == Otuple){
		Decl *a;
		Node *e;
		for(a = t->ids, e = n->left; a != nil && e != nil; a = a->next){
			if(a->store != Dfield)
				continue;
			if(!tcompat(a->ty, e->left, 0))
				return 0;
			e = e->right;
		}
		for(; a != nil && a->store != Dfield; a = a->next)
			;
		return a == nil && e == nil;
	}
	return tycompat(t, s, 0);
}

static Node*
convconst(Node *n, Type *t)
{
	if(n->op == Oconst && n->ty != t && n->ty->kind == Tint){
		if(t->kind == Tbyte){
			n->val &= 0xff;
			n->ty = tbyte;
		}else if(t->kind == Tbig)
			n->ty = tbig;
	}
	return n;
}

/* convert n for assignment to type t, reporting a clash */
Node*
assignto(Type *t, Node *n, char *what)
{
	if(!tcompat(t, n, 0)){
		error(&n->src, "type clash in %s: %s and %s", what, typestr(t), typestr(n->ty));
		return n;
	}
	if(n->ty->kind == Tany)
		return n;
	if(n->ty->kind == Ttuple && n->op == Otuple){
		Decl *a;
		Node *e;
		for(a = t->ids, e = n->left; a != nil && e != nil; a = a->next){
			if(a->store != Dfield)
				continue;
			e->left = assignto(a->ty, e->left, "tuple");
			e = e->right;
		}
		if(t->kind == Tadt){
			n->op = Oadtcon;
			n->right = n->left;
			n->left = nil;
		}
		n->ty = t;
		return n;
	}
	return convconst(n, t);
}

Decl*
newlocal(Src *src, Sym *s, Type *t)
{
	Decl *d;

	d = mkdecl(src, Dlocal, t, s);
	install(d);
	if(curfn != nil){
		if(lastlocal == nil)
			curfn->locals = d;
		else
			lastlocal->next2 = d;
		lastlocal = d;
	}
	return d;
}

static Node*	call(Node*);
static Node*	checkmdot(Node*);
static Decl*	hiddenarg(Sym*, Sym*);
static Node*	constraintref(Sym*, Sym*, Src*);
static Decl*	constraint(Sym*, Sym*);
static Node*	value(Node*);
static Node*	fnref(Node*);
static Node*	binop(Node*);
static Type*	tparent(Type*, Type*);

/* find field or member s in adt t (including pick fields of tag type pt) */
static Decl*
adtfield(Type *t, Sym *s)
{
	Decl *d;

	if(t->kind == Tadtpick){
		d = namedot(t->ids, s);
		if(d != nil)
			return d;
		t = t->decl->dot->ty;
	}
	return namedot(t->ids, s);
}

static Node*
checkname(Node *n)
{
	Decl *d;
	Node *c;

	if(n->decl == nildecl){
		n->ty = tany;
		return n;
	}
	d = lookup(n->decl->sym);
	if(d == nil){
		error(&n->src, "%s is not declared", n->decl->sym->name);
		n->ty = terror;
		n->decl = mkdecl(&n->src, Dglobal, terror, n->decl->sym);
		install(n->decl);
		return n;
	}
	d->used = 1;
	n->decl = d;
	switch(d->store){
	case Dconst:
		if(d->init == nil && d->imported != nil)
			importcon(d);
		if(d->init == nil){
			if(d->init0 != nil)
				constdecl(d, d->init0, d->iota);
			if(d->init == nil){
				error(&n->src, "%s is not a constant", d->sym->name);
				n->ty = terror;
				return n;
			}
		}
		if(d->ty != nil && d->ty->kind == Texception){
			n->ty = d->ty;
			return n;
		}
		c = copytree(d->init);
		c->src = n->src;
		c->decl = d;
		return c;
	case Dtype:
		n->ty = d->ty;
		return n;
	case Dimport:
		if(d->imported != nil && d->imported->store == Dglobal && d->eimport != nil){
			/* x: import m; x is m->x, m's data */
			c = mkn(Oname, nil, nil);
			c->src = n->src;
			c->decl = d->eimport;
			c->ty = d->eimport->ty;
			d->eimport->used = 1;
			n->op = Omdot;
			n->left = c;
			n->decl = d->imported;
			return checkmdot(n);
		}
		n->ty = d->ty;
		return n;
	}
	n->ty = d->ty;
	if(n->ty == nil)
		n->ty = terror;
	return n;
}

/*
 * m->(e).f, m->x.f: method f of the adt of e called through module
 * handle m, which must be of the module declaring the adt: the Odot
 * node, its module expression in mod
 */
static Node*
mdotexp(Node *n, Type *mt)
{
	Node *r;
	Type *t;

	r = echeck(n->right);
	if(r->ty->kind == Terror)
		return r;
	t = r->op == Odot ? r->left->ty : nil;
	if(t != nil && t->kind == Tref)
		t = t->tof;
	if(t != nil && t->kind == Tadtpick)
		t = t->decl->dot->ty;
	if(r->op != Odot || r->ty->kind != Tfn || t == nil || t->kind != Tadt
	|| t->decl->dot == nil || !tequal(t->decl->dot->ty, mt)){
		error(&n->src, "%s is not a member of %s", nodename(r), mt->decl->sym->name);
		r->ty = terror;
		return r;
	}
	r->mod = n->left;
	return r;
}

/* m->x: member of a module (through a variable or the module type) */
static Node*
checkmdot(Node *n)
{
	Node *l, *c;
	Type *mt;
	Decl *d, *x;

	l = n->left = echeck(n->left);
	mt = l->ty;
	if(mt->kind == Terror){
		n->ty = terror;
		return n;
	}
	if(mt->kind != Tmodule){
		error(&n->src, "%s is not a module", nodename(l));
		n->ty = terror;
		return n;
	}
	if(n->right != nil)
		return mdotexp(n, mt);
	d = namedot(mt->ids, n->decl->sym);
	if(d == nil){
		error(&n->src, "%s is not a member of %s", n->decl->sym->name, mt->decl->sym->name);
		n->ty = terror;
		return n;
	}
	n->decl = d;
	switch(d->store){
	case Dconst:
		if(d->init == nil && d->init0 != nil)
			constdecl(d, d->init0, d->iota);
		if(d->init == nil){
			n->ty = terror;
			return n;
		}
		if(d->ty != nil && d->ty->kind == Texception){
			n->ty = d->ty;
			return n;
		}
		c = copytree(d->init);
		c->src = n->src;
		return c;
	case Dtype:
		n->ty = d->ty;
		n->op = Oname;
		return n;
	case Dfn:
		n->ty = d->ty;
		if(l->op == Oname && l->decl->store == Dtype && !(mt->decl->isimp)){
			error(&n->src, "cannot call %s through module type %s", d->sym->name, mt->decl->sym->name);
		}
		return n;
	case Dglobal:
		/* module data, through a handle: all of it is checked, as Inferno does */
		if(l->op == Oname && l->decl->store == Dtype){
			error(&n->src, "cannot use %s through module type %s", d->sym->name, mt->decl->sym->name);
			n->ty = terror;
			return n;
		}
		ldtuse(mt->decl, mpdecl(mt));
		for(x = mt->ids; x != nil; x = x->next)
			if(x->store == Dglobal)
				modrefable(x->ty);
		n->ty = d->ty;
		return n;
	}
	n->ty = d->ty;
	return n;
}

/*
 * evaluate constant d of adt t, with the names of the module t is
 * declared in visible (an adt imported from another module)
 */
static void
adtcon(Type *t, Decl *d)
{
	Type *mt;

	if(d->init0 == nil)
		return;
	if(t->kind == Tadtpick)
		t = t->decl->dot->ty;
	mt = t->decl != nil && t->decl->dot != nil ? t->decl->dot->ty : nil;
	if(mt != nil && mt->kind == Tmodule && !mt->decl->isimp){
		pushscope();
		modscope(mt);
		constdecl(d, d->init0, d->iota);
		popscope();
	}else
		constdecl(d, d->init0, d->iota);
}

/* x.f: field of an adt value or reference, or member/tag of an adt type */
static Node*
checkdot(Node *n)
{
	Node *l;
	Type *t;
	Decl *d;

	l = n->left = echeck(n->left);
	t = l->ty;
	if(t->kind == Terror){
		n->ty = terror;
		return n;
	}
	if(t->kind == Tpoly && (d = constraint(t->tsym, n->decl->sym)) != nil){
		/* T.f or x.f, f a constraint fn of type parameter T: call its hidden argument */
		Node *h = constraintref(t->tsym, n->decl->sym, &n->src);
		if(h == nil){
			n->ty = terror;
			return n;
		}
		if(!(l->op == Oname && l->decl != nil && l->decl->store == Dtype)){
			if(d->ty->ids == nil || !d->ty->ids->implicit){
				error(&n->src, "%s is not a method taking self", d->sym->name);
				n->ty = terror;
				return n;
			}
			n->third = l;
			n->flags |= Npolyself;
		}
		/* called through the pair of hidden arguments h names */
		n->op = Oname;
		n->left = nil;
		n->decl = h->decl;
		n->ty = d->ty;
		n->flags |= Nfnpair;
		return n;
	}
	if(t->kind == Tpoly){
		error(&n->src, "%s is not a constraint function of %s", n->decl->sym->name, t->tsym->name);
		n->ty = terror;
		return n;
	}
	if(l->op == Oname && l->decl != nil && l->decl->store == Dtype){
		/* Adt.member or Adt.Tag */
		if(t->kind != Tadt){
			error(&n->src, "%s is not an adt", typestr(t));
			n->ty = terror;
			return n;
		}
		d = namedot(t->tags, n->decl->sym);
		if(d != nil){
			n->op = Oname;
			n->decl = d;
			n->ty = d->ty;
			n->flags |= Ntag;
			return n;
		}
		d = namedot(t->ids, n->decl->sym);
		if(d == nil || d->store != Dfn && d->store != Dconst){
			error(&n->src, "%s is not a member of %s", n->decl->sym->name, typestr(t));
			n->ty = terror;
			return n;
		}
		if(d->store == Dconst){
			Node *c;
			if(d->ty != nil && d->ty->kind == Texception && d->init != nil){
				/* Adt.E: a declared exception */
				n->op = Oname;
				n->left = nil;
				n->decl = d;
				n->ty = d->ty;
				return n;
			}
			if(d->init == nil)
				adtcon(t, d);
			if(d->init == nil){
				n->ty = terror;
				return n;
			}
			c = copytree(d->init);
			c->src = n->src;
			return c;
		}
		n->decl = d->orig != nil ? d->orig : d;
		n->ty = d->ty;
		n->flags |= Nstatic;
		return n;
	}
	if(t->kind == Tref)
		t = t->tof;
	if(t->kind != Tadt && t->kind != Tadtpick && t->kind != Ttuple){
		error(&n->src, "%s is not an adt", nodename(l));
		n->ty = terror;
		return n;
	}
	if(t->kind == Ttuple){
		d = namedot(t->ids, n->decl->sym);
	}else
		d = adtfield(t, n->decl->sym);
	if(d == nil){
		error(&n->src, "%s is not a member of %s", n->decl->sym->name, typestr(t));
		n->ty = terror;
		return n;
	}
	n->decl = d->orig != nil ? d->orig : d;
	n->ty = d->ty;
	if(d->store == Dfield && (l->op == Oadtcon || l->op == Otuple)){
		/* a field of a constant value, (Draw->GREY1).desc: the constant */
		Decl *x;
		Node *e;

		e = l->op == Oadtcon ? l->right : l->left;
		for(x = t->ids; x != nil && e != nil && x != d; x = x->next)
			if(x->store == Dfield)
				e = e->right;
		if(x == d && e != nil && isconst(e->left)){
			e = copytree(e->left);
			e->src = n->src;
			return e;
		}
	}
	if(d->store == Dconst){
		Node *c;

		if(d->init == nil)
			adtcon(t, d);
		if(d->init == nil){
			n->ty = terror;
			return n;
		}
		c = copytree(d->init);
		c->src = n->src;
		return c;
	}
	return n;
}


/* does n (an index expression's left side) name a polymorphic adt? */
static int
istypename(Node *n)
{
	Decl *d;

	if(n->op != Oname || n->decl == nil || n->decl == nildecl || n->decl->sym == nil)
		return 0;
	d = n->decl->store == Dundef ? n->decl->sym->decl : n->decl;
	return d != nil && d->store == Dtype && d->ty != nil && d->ty->kind == Tadt;
}

/* the type named by expression n: Name or Module->Name */
static Type*
exprtype(Node *n)
{
	Type *t;

	if(n->op == Oname && n->decl != nil && n->decl != nildecl && n->decl->sym != nil){
		t = mktype(Tid, nil, nil);
		t->tsym = n->decl->sym;
	}else if(n->op == Omdot && n->left->op == Oname && n->decl != nil && n->decl->sym != nil){
		t = mktype(Tarrow, mktype(Tid, nil, nil), nil);
		t->tof->tsym = n->left->decl->sym;
		t->tof->src = n->left->src;
		t->tsym = n->decl->sym;
	}else{
		error(&n->src, "%s is not a type", nodename(n));
		return terror;
	}
	t->src = n->src;
	return resolve(t);
}

/* Adt[T1, ...] in an expression: a type name of the instance */
static Node*
tyappexpr(Node *n)
{
	Node *l;
	Decl *args, *d;
	Type *t;

	l = n->left = echeck(n->left);
	t = l->ty;
	n->op = Oname;
	if(t->kind == Terror){
		n->ty = terror;
		return n;
	}
	if(l->op != Oname || l->decl == nil || l->decl->store != Dtype || t->kind != Tadt || t->polys == nil){
		error(&n->src, "%s is not a polymorphic adt", nodename(l));
		n->ty = terror;
		return n;
	}
	if(n->ids == nil){
		args = mkdecl(&n->right->src, Dtype, nil, nil);
		args->init = n->right;
	}else
		args = n->ids;
	for(d = args; d != nil; d = d->next){
		if(d->ty == nil)
			d->ty = exprtype(d->init);
		else
			d->ty = resolve(d->ty);
		d->init = nil;
	}
	n->ty = tyinst(t, args, &n->src);
	n->decl = l->decl;
	n->left = nil;
	n->right = nil;
	n->ids = nil;
	return n;
}

/* check the arguments of a call against the function type */
static void
checkargs(Node *n, Type *ft, char *name)
{
	Decl *a;
	Node *e;
	int na, ne;

	for(e = n->right; e != nil; e = e->right)
		e->left = value(e->left);
	for(a = ft->ids, e = n->right; a != nil && !a->hidden && e != nil; a = a->next, e = e->right){
		if(!tcompat(a->ty, e->left, 0)){
			error(&e->left->src, "argument type mismatch: expected %s saw %s", typestr(a->ty), typestr(e->left->ty));
			continue;
		}
		e->left = assignto(a->ty, e->left, "argument");
	}
	if(a != nil && !a->hidden){
		na = 0;
		for(; a != nil; a = a->next)
			na++;
		error(&n->src, "not enough arguments in call to %s", name);
		return;
	}
	if(e != nil && !ft->varargs)
		error(&n->src, "too many arguments in call to %s", name);
	for(; e != nil; e = e->right)
		if(e->left->ty->kind == Ttuple || e->left->ty->kind == Tnone)
			error(&e->left->src, "illegal argument type %s", typestr(e->left->ty));
}

/* the tuple type with the data fields of adt t */
Type*
adtcontype(Type *t)
{
	Decl *d, *h, **l, *nd;
	Type *ct;

	if(t->adtcon != nil)
		return t->adtcon;
	h = nil;
	l = &h;
	for(d = t->ids; d != nil; d = d->next){
		if(d->store != Dfield)
			continue;
		nd = mkdecl(&d->src, Dfield, d->ty, d->sym);
		*l = nd;
		l = &nd->next;
	}
	ct = mktype(Ttuple, nil, h);
	sizetype(ct);
	t->adtcon = ct;
	return ct;
}

/* do the values e suit the fields of adt t */
static int
conargs(Type *t, Node *e)
{
	Decl *d;

	for(d = t->ids; d != nil && e != nil; d = d->next){
		if(d->store != Dfield || d->hidden)
			continue;
		if(!tcompat(d->ty, e->left, 0))
			return 0;
		e = e->right;
	}
	for(; d != nil; d = d->next)
		if(d->store == Dfield && !d->hidden)
			return 0;
	return e == nil;
}

static Node*
checkcon(Node *n, Type *t, char *name)
{
	Decl *d;
	Node *e;

	for(e = n->right; e != nil; e = e->right)
		e->left = value(e->left);
	if(t->kind == Tadtpick){
		d = t->decl->dot->ty->ids;
		e = n->right;
		for(; d != nil && e != nil; d = d->next){
			if(d->store != Dfield)
				continue;
			if(!tcompat(d->ty, e->left, 0))
				error(&e->left->src, "type clash in constructor %s: %s and %s", name, typestr(d->ty), typestr(e->left->ty));
			else
				e->left = assignto(d->ty, e->left, "constructor");
			e = e->right;
		}
		for(d = t->ids; d != nil && e != nil; d = d->next){
			if(d->store != Dfield)
				continue;
			if(!tcompat(d->ty, e->left, 0))
				error(&e->left->src, "type clash in constructor %s: %s and %s", name, typestr(d->ty), typestr(e->left->ty));
			else
				e->left = assignto(d->ty, e->left, "constructor");
			e = e->right;
		}
		for(; d != nil; d = d->next)
			if(d->store == Dfield)
				break;
		if(d != nil || e != nil)
			error(&n->src, "wrong number of values in constructor %s", name);
		n->op = Opickcon;
		n->ty = t;
		return n;
	}
	if(n->right != nil && n->right->right == nil && !conargs(t, n->right) && tycompat(t, n->right->left->ty, 0)){
		/* T(v), v no list of T's fields: as Inferno's, a cast of v to T */
		e = n->right->left;
		if(e->op == Otuple)
			return assignto(t, e, "cast");
		e->ty = t;
		return e;
	}
	d = t->ids;
	e = n->right;
	for(; d != nil && e != nil; d = d->next){
		if(d->store != Dfield || d->hidden)
			continue;
		if(!tcompat(d->ty, e->left, 0))
			error(&e->left->src, "type clash in constructor %s: %s and %s", name, typestr(d->ty), typestr(e->left->ty));
		else
			e->left = assignto(d->ty, e->left, "constructor");
		e = e->right;
	}
	for(; d != nil; d = d->next)
		if(d->store == Dfield && !d->hidden)
			break;
	if(d != nil || e != nil)
		error(&n->src, "wrong number of values in constructor %s", name);
	else if(t->base != nil && t->base->constrs != nil){
		/* the type arguments must have the functions the constraints name */
		Binding b;
		Decl *p, *a;

		memset(&b, 0, sizeof b);
		for(p = t->base->polys, a = t->targs; p != nil && a != nil && b.n < nelem(b.poly); p = p->next, a = a->next){
			b.poly[b.n] = p->ty;
			b.val[b.n] = a->ty;
			b.n++;
		}
		constrargs(n, t->base->polys, t->base->constrs, &b, name, "construct", 0);
	}
	n->op = Oadtcon;
	n->ty = t;
	return n;
}

/*
 * polymorphic calls: bind the type parameters of ft from the argument
 * types (they must be pointer types), then substitute them
 */
static void	insttags(Type*, Binding*);

static Type*
bound(Binding *b, Type *p)
{
	int i;

	for(i = 0; i < b->n; i++)
		if(b->poly[i]->tsym == p->tsym)
			return b->val[i];
	return nil;
}

static int
unify(Binding *b, Type *p, Type *a)
{
	Type *v;
	Decl *x, *y;

	if(p == nil || a == nil)
		return 1;
	if(a->kind == Terror)
		return 1;
	switch(p->kind){
	case Tpoly:
		if(a->kind == Tany)
			return 1;
		if(!isptr(a))
			return 0;
		v = bound(b, p);
		if(v != nil)
			return tequal(v, a) || v->kind == Tpoly && a->kind == Tpoly;
		if(b->n < nelem(b->poly)){
			b->poly[b->n] = p;
			b->val[b->n] = a;
			b->n++;
		}
		return 1;
	case Tref: case Tarray: case Tlist: case Tchan:
		if(a->kind != p->kind)
			return a->kind == Tany || a->kind == Tpoly;	/* a caller's type parameter: Inferno lets it by */
		return unify(b, p->tof, a->tof);
	case Tfn:
		if(a->kind != Tfn)
			return 1;
		for(x = p->ids, y = a->ids; x != nil && y != nil; x = x->next, y = y->next)
			if(!unify(b, x->ty, y->ty))
				return 0;
		return unify(b, p->tof, a->tof);
	case Tadt:
		if(a->kind != Tadt || p->polys == nil && p->base == nil || a->decl != p->decl)
			return 1;
		x = p->base != nil ? p->targs : p->polys;
		y = a->base != nil ? a->targs : a->polys;
		for(; x != nil && y != nil; x = x->next, y = y->next)
			if(!unify(b, x->ty, y->ty))
				return 0;
		return 1;
	case Ttuple:
		if(a->kind != Ttuple)
			return 1;
		for(x = p->ids, y = a->ids; x != nil && y != nil; x = x->next, y = y->next)
			if(!unify(b, x->ty, y->ty))
				return 0;
		return 1;
	}
	return 1;
}

static Type*
subst(Binding *b, Type *t)
{
	Type *v, *nt;
	Decl *x, *h, **l, *nd;
	int changed;

	if(t == nil)
		return nil;
	switch(t->kind){
	case Tpoly:
		v = bound(b, t);
		return v != nil ? v : t;
	case Tref: case Tarray: case Tlist: case Tchan:
		v = subst(b, t->tof);
		if(v == t->tof)
			return t;
		nt = mktype(t->kind, v, nil);
		sizetype(nt);
		return nt;
	case Ttuple:
		changed = 0;
		h = nil;
		l = &h;
		for(x = t->ids; x != nil; x = x->next){
			nd = mkdecl(&x->src, Dfield, subst(b, x->ty), x->sym);
			if(nd->ty != x->ty)
				changed = 1;
			*l = nd;
			l = &nd->next;
		}
		if(!changed)
			return t;
		nt = mktype(Ttuple, nil, h);
		sizetype(nt);
		return nt;
	case Tfn:
		changed = 0;
		h = nil;
		l = &h;
		for(x = t->ids; x != nil; x = x->next){
			nd = emalloc(sizeof *nd);
			*nd = *x;
			nd->next = nil;
			nd->ty = subst(b, x->ty);
			if(nd->ty != x->ty)
				changed = 1;
			*l = nd;
			l = &nd->next;
		}
		v = subst(b, t->tof);
		if(!changed && v == t->tof)
			return t;
		nt = mktype(Tfn, v, h);
		nt->varargs = t->varargs;
		nt->polys = t->polys;
		nt->constrs = t->constrs;
		nt->raises = t->raises;
		nt->src = t->src;
		nt->resolving = 2;
		sizetype(nt);
		return nt;
	case Tadt:
		if(t->polys == nil && t->base == nil)
			return t;
		changed = 0;
		h = nil;
		l = &h;
		for(x = t->base != nil ? t->targs : t->polys; x != nil; x = x->next){
			nd = mkdecl(&x->src, Dtype, subst(b, x->ty), nil);
			if(nd->ty != x->ty)
				changed = 1;
			*l = nd;
			l = &nd->next;
		}
		if(!changed)
			return t;
		return tyinst(t->base != nil ? t->base : t, h, &t->src);
	}
	return t;
}

/*
 * the instance Adt[args] of polymorphic adt base.  Type arguments are
 * pointer types, so every instance has the layout of the adt (Inferno's
 * type erasure) and shares its member functions; an instance carries
 * copies of the members with the argument types substituted, each copy's
 * orig naming the member itself.  Instances are made once per argument list.
 */
Type*
tyinst(Type *base, Decl *args, Src *src)
{
	Type *t;
	Decl *p, *a, *x;
	int n, same;

	n = 0;
	same = 1;
	for(p = base->polys, a = args; p != nil && a != nil; p = p->next, a = a->next){
		if(a->ty->kind == Terror)
			return terror;
		if(!isptr(a->ty) && a->ty->kind != Tpoly){
			error(src, "cannot instantiate %s with %s: a type argument must be a reference type", base->decl->sym->name, typestr(a->ty));
			return terror;
		}
		if(!tequal(p->ty, a->ty))
			same = 0;
		n++;
	}
	if(p != nil || a != nil){
		for(n = 0, p = base->polys; p != nil; p = p->next)
			n++;
		error(src, "%s needs %d type argument%s", base->decl->sym->name, n, n == 1 ? "" : "s");
		return terror;
	}
	if(same)
		return base;
	for(t = base->insts; t != nil; t = t->ninst){
		for(x = t->targs, a = args; x != nil && a != nil; x = x->next, a = a->next)
			if(!tequal(x->ty, a->ty))
				break;
		if(x == nil && a == nil)
			return t;
	}
	t = mktype(Tadt, nil, nil);
	t->src = *src;
	t->decl = base->decl;
	t->base = base;
	t->targs = args;
	t->tags = base->tags;
	t->impmod = base->impmod;
	t->sized = 1;	/* by instfill */
	t->resolving = 2;
	t->ninst = base->insts;
	base->insts = t;
	if(base->resolving == 1)
		return t;	/* Adt[B, A] within Adt[A, B]: filled when Adt is resolved */
	resolve(base);
	instfill(t);
	return t;
}

/* the members of instance t, once its adt is resolved */
void
instfill(Type *t)
{
	Binding b;
	Type *base;
	Decl *p, *a, *x, *nd, *h, **l;

	base = t->base;
	sizetype(base);
	t->size = base->size;
	t->align = base->align;
	memset(&b, 0, sizeof b);
	for(p = base->polys, a = t->targs; p != nil && b.n < nelem(b.poly); p = p->next, a = a->next){
		b.poly[b.n] = p->ty;
		b.val[b.n] = a->ty;
		b.n++;
	}
	h = nil;
	l = &h;
	for(x = base->ids; x != nil; x = x->next){
		nd = emalloc(sizeof *nd);
		*nd = *x;
		nd->next = nil;
		nd->orig = x->orig != nil ? x->orig : x;
		*l = nd;
		l = &nd->next;
	}
	t->ids = h;
	for(x = h; x != nil; x = x->next)
		if(x->store != Dconst)
			x->ty = subst(&b, x->ty);
	if(base->tags != nil)
		insttags(t, &b);
}

/*
 * the pick variants of instance t: copies of its adt's with the type
 * arguments substituted (as Inferno signs them), whose adt is t; tags
 * that share a variant type (A or B =>) share its copy
 */
static void
insttags(Type *t, Binding *b)
{
	Type *base, *pt, *npt;
	Decl *idecl, *tg, *ntg, *h, **l, *x, *nd, *hx, **lx, *otg;

	base = t->base;
	idecl = emalloc(sizeof *idecl);
	*idecl = *base->decl;
	idecl->ty = t;
	idecl->next = nil;
	t->decl = idecl;
	h = nil;
	l = &h;
	for(tg = base->tags; tg != nil; tg = tg->next){
		ntg = emalloc(sizeof *ntg);
		*ntg = *tg;
		ntg->next = nil;
		ntg->dot = idecl;
		*l = ntg;
		l = &ntg->next;
	}
	for(tg = base->tags, ntg = h; tg != nil; tg = tg->next, ntg = ntg->next){
		pt = tg->ty;
		npt = nil;
		for(otg = base->tags, x = h; otg != tg; otg = otg->next, x = x->next)
			if(otg->ty == pt)
				npt = x->ty;
		if(npt == nil){
			sizetype(pt);
			npt = emalloc(sizeof *npt);
			*npt = *pt;
			npt->desc = nil;
			npt->eq = nil;
			npt->hassig = 0;
			hx = nil;
			lx = &hx;
			for(x = pt->ids; x != nil; x = x->next){
				nd = emalloc(sizeof *nd);
				*nd = *x;
				nd->next = nil;
				nd->ty = subst(b, x->ty);
				*lx = nd;
				lx = &nd->next;
			}
			npt->ids = hx;
			/* the variant type names its first tag */
			for(otg = base->tags, x = h; otg != nil; otg = otg->next, x = x->next)
				if(otg == pt->decl)
					npt->decl = x;
		}
		ntg->ty = npt;
	}
	t->tags = h;
}

/* the hidden argument of the current function passing constraint c of type parameter p */
static Decl*
hiddenarg(Sym *p, Sym *c)
{
	char buf[128];
	Decl *d;

	snprint(buf, sizeof buf, ".%s.%s", p->name, c->name);
	d = enter(buf, 0)->decl;
	if(d == nil || d->store != Darg)
		return nil;
	return d;
}

/* the polymorphic adt with constraints whose member function the current function is */
static Type*
constradt(void)
{
	Type *t;

	if(curfn == nil || curfn->dot == nil || curfn->dot->store != Dtype)
		return nil;
	t = curfn->dot->ty;
	if(t == nil || t->kind != Tadt || t->constrs == nil)
		return nil;
	return t;
}

/*
 * the constraint fn named s of type parameter p in the current function,
 * or in the polymorphic adt it is a member function of
 */
static Decl*
constraint(Sym *p, Sym *s)
{
	Decl *c;
	Type *t;

	if(curfn == nil || curfn->fty == nil)
		return nil;
	for(c = curfn->fty->constrs; c != nil; c = c->next)
		if(c->psym == p && c->sym == s)
			return c;
	if((t = constradt()) != nil)
		for(c = t->constrs; c != nil; c = c->next)
			if(c->psym == p && c->sym == s)
				return c;
	return nil;
}

/*
 * the hidden argument (the module; the index follows it) passing
 * constraint fn s of type parameter p to the current function: its own,
 * or its adt's when it is a member function of a polymorphic adt
 */
static Node*
constraintref(Sym *p, Sym *s, Src *src)
{
	Decl *h;
	Node *n;

	h = hiddenarg(p, s);
	if(h == nil || h->next == nil){
		error(src, "no constraint %s of %s is passed to %s", s->name, p->name, curfn != nil ? curfn->sym->name : "this function");
		return nil;
	}
	n = mkn(Oname, nil, nil);
	n->decl = h;
	n->ty = h->ty;
	n->src = *src;
	return n;
}

/* a node naming d */
static Node*
namenode(Decl *d, Src *src)
{
	Node *n;

	n = mkn(Oname, nil, nil);
	n->decl = d;
	n->ty = d->ty;
	n->src = *src;
	return n;
}

/*
 * append to call n the hidden arguments for the constraints of type
 * parameters polys, bound as b says: for each, in order, the module and
 * the index of the member function of the adt bound (this module's,
 * through .self; an imported adt's, through the module it was imported
 * from), or the caller's own for a type parameter of its (a type
 * parameter the arguments leave unbound stands for the caller's of that
 * name, as in Inferno)
 */
static void
constrargs(Node *n, Decl *polys, Decl *constrs, Binding *b, char *name, char *verb, int append)
{
	Decl *p, *c, *md, *h;
	Type *v, *at, *ct;
	Node *x, *m, **l;
	int i;

	for(l = &n->right; *l != nil; l = &(*l)->right)
		;
	for(p = polys; p != nil; p = p->next)
	for(c = constrs; c != nil; c = c->next){
		if(c->psym != p->sym || c->ty == nil || c->ty->kind != Tfn)
			continue;
		v = nil;
		for(i = 0; i < b->n; i++)
			if(b->poly[i]->tsym == p->sym)
				v = b->val[i];
		if(v == nil || v->kind == Tany){
			if(constraint(p->sym, c->sym) == nil){
				error(&n->src, "cannot %s %s: type parameter %s is not bound by its arguments", verb, name, p->sym->name);
				return;
			}
			v = p->ty;	/* the caller's own of that name */
		}
		ct = subst(b, c->ty);
		if(v->kind == Tpoly){
			h = hiddenarg(v->tsym, c->sym);
			if(h == nil || h->next == nil){
				if(!append && constraint(v->tsym, c->sym) != nil)
					continue;	/* checking, in a member of the adt */
				error(&n->src, "cannot %s %s: %s has no constraint %s", verb, name, v->tsym->name, c->sym->name);
				return;
			}
			if(!append)
				continue;
			m = namenode(h, &n->src);
			x = namenode(h->next, &n->src);
		}else{
			at = v->kind == Tref ? v->tof : v;
			if(at->kind == Tadtpick)
				at = at->decl->dot->ty;
			md = nil;
			if(at->kind == Tadt)
				md = namedot(at->ids, c->sym);
			if(md == nil || md->store != Dfn){
				error(&n->src, "cannot %s %s: %s has no member function %s", verb, name, typestr(v), c->sym->name);
				return;
			}
			if(!tequal(ct, md->ty)){
				error(&n->src, "cannot %s %s: %s.%s is %s, not %s", verb, name, typestr(at), c->sym->name, typestr(md->ty), typestr(ct));
				return;
			}
			if(md->orig != nil)
				md = md->orig;	/* member of an adt instance: the adt's own */
			if(!append)
				continue;
			x = mkn(Oldtix, nil, nil);
			x->src = n->src;
			x->ty = tint;
			x->decl = md;
			if(at->decl->dot != nil && at->decl->dot != impdecl && !at->decl->dot->isimp){
				if(at->impmod == nil){
					error(&n->src, "cannot %s %s: no module imported for %s", verb, name, typestr(at));
					return;
				}
				m = namenode(at->impmod, &n->src);
				at->impmod->used = 1;
				x->tyarg = at->impmod->ty;
			}else{
				/* this module's function: through .self */
				m = mkn(Oself, nil, nil);
				m->src = n->src;
				m->ty = tany;
				selfref(md);
				x->tyarg = selfmod()->ty;
			}
			ldtuse(x->tyarg->decl, md);
			modrefable(md->ty);
		}
		*l = mkn(Oseq, m, nil);
		l = &(*l)->right;
		*l = mkn(Oseq, x, nil);
		l = &(*l)->right;
	}
}

/*
 * bind the type parameters the arguments leave open from the constraints
 * of those they bound: a constraint fn of parameter P bound to ref A is
 * unified with A's member of that name (as Inferno's limbo does), until
 * nothing more is bound.  proxy: fn[Ctxt, V](c: Ctxt): chan of V for
 * { Ctxt => get: fn(c: self Ctxt): V; } binds V from Ctxt.get.
 */
static void
constrbind(Binding *b, Decl *polys, Decl *constrs)
{
	Decl *p, *c, *md;
	Type *v, *at;
	int n;

	do{
		n = b->n;
		for(p = polys; p != nil; p = p->next){
			v = nil;
			for(c = constrs; c != nil; c = c->next){
				if(c->psym != p->sym || c->ty == nil || c->ty->kind != Tfn)
					continue;
				if(v == nil && (v = bound(b, p->ty)) == nil)
					break;
				at = v->kind == Tref ? v->tof : v;
				if(at->kind == Tadtpick)
					at = at->decl->dot->ty;
				if(at->kind != Tadt)
					break;
				md = namedot(at->ids, c->sym);
				if(md != nil && md->store == Dfn)
					unify(b, c->ty, md->ty);
			}
		}
	}while(b->n != n);
}

/* check a call of polymorphic function type ft; the result type */
static Type*
polycall(Node *n, Type *ft, char *name)
{
	Binding b;
	Decl *a;
	Node *e;
	Type *pt;

	memset(&b, 0, sizeof b);
	for(e = n->right; e != nil; e = e->right)
		e->left = value(e->left);
	for(a = ft->ids, e = n->right; a != nil && !a->hidden && e != nil; a = a->next, e = e->right)
		if(!unify(&b, a->ty, e->left->ty))
			error(&e->left->src, "type %s does not match %s in call to %s", typestr(e->left->ty), typestr(a->ty), name);
	if(ft->constrs != nil)
		constrbind(&b, ft->polys, ft->constrs);
	for(a = ft->ids, e = n->right; a != nil && !a->hidden && e != nil; a = a->next, e = e->right){
		pt = subst(&b, a->ty);
		if(pt->kind != Tpoly && !(e->left->ty->kind == Tpoly && isptr(pt)) && !tcompat(pt, e->left, 0))
			error(&e->left->src, "argument type mismatch: expected %s saw %s", typestr(pt), typestr(e->left->ty));
	}
	if(a != nil && !a->hidden)
		error(&n->src, "not enough arguments in call to %s", name);
	else if(e != nil)
		error(&n->src, "too many arguments in call to %s", name);
	else if(ft->constrs != nil)
		constrargs(n, ft->polys, ft->constrs, &b, name, "call", 1);
	return subst(&b, ft->tof);
}

static Node*
call(Node *n)
{
	Node *f, *self, *e;
	Type *ft, *t, *inst;
	Decl *d;

	f = n->left = echeck(n->left);
	ft = f->ty;
	if(isexcon(f))
		return excall(n, f);
	if(ft->kind == Terror){
		for(e = n->right; e != nil; e = e->right)
			e->left = value(e->left);
		n->ty = terror;
		return n;
	}
	/* constructors */
	if(f->op == Oname && f->decl != nil && (f->decl->store == Dtype || f->decl->store == Dtag)){
		if(f->decl->store == Dtag){
			n = checkcon(n, f->decl->ty, f->decl->sym->name);
			n->decl = f->decl;
			return n;
		}
		if(ft->kind != Tadt){
			error(&n->src, "%s is not an adt", typestr(ft));
			n->ty = terror;
			return n;
		}
		if(ft->tags != nil){
			error(&n->src, "%s has pick fields: use ref %s.Tag", typestr(ft), typestr(ft));
			n->ty = terror;
			return n;
		}
		return checkcon(n, ft, f->decl->sym->name);
	}
	if(f->flags & Npolyself){
		/* x.f() through a constraint: x is the self argument */
		n->right = mkn(Oseq, f->third, n->right);
		f->third = nil;
		f->flags &= ~Npolyself;
	}
	if(f->flags & Nfnpair){
		/* T.f(...), f a constraint: through the hidden module and index */
		checkargs(n, ft, f->decl->sym->name);
		n->flags |= Nfnpair;
		n->ty = ft->tof != nil ? ft->tof : tnone;
		return n;
	}
	inst = nil;
	if(f->op == Odot){
		/* the adt as the call sees it, for the constraints of a polymorphic one */
		inst = f->left->ty;
		if(inst->kind == Tref)
			inst = inst->tof;
		if(inst->kind == Tadtpick)
			inst = inst->decl->dot->ty;
	}
	if(ft->kind == Tref && ft->tof != nil && ft->tof->kind == Tfn){
		/* a call through a function reference */
		n->flags |= Nfnref;
		if(ft->tof->polys != nil){
			n->ty = polycall(n, ft->tof, nodename(f));
			if(n->ty == nil)
				n->ty = tnone;
			return n;
		}
		checkargs(n, ft->tof, nodename(f));
		n->ty = ft->tof->tof;
		if(n->ty == nil)
			n->ty = tnone;
		return n;
	}
	if(ft->kind != Tfn){
		error(&n->src, "%s is not a function", nodename(f));
		for(e = n->right; e != nil; e = e->right)
			e->left = value(e->left);
		n->ty = terror;
		return n;
	}
	d = f->decl;
	if(f->op == Oname && d != nil && d->store == Dimport && d->imported != nil && d->imported->store == Dfn){
		/* an imported function: call it through its module */
		Node *m = mkn(Oname, nil, nil);
		m->decl = d->eimport;
		m->ty = d->eimport->ty;
		m->src = f->src;
		d->eimport->used = 1;
		f->op = Omdot;
		f->left = m;
		f->decl = d = d->imported;
	}
	if(f->op == Odot && !(f->flags & Nstatic) && (ft->ids == nil || !ft->ids->implicit))
		f->flags |= Nstatic;	/* v.f() of an f without self: as Inferno, the value is not passed */
	if(f->op == Odot && !(f->flags & Nstatic)){
		/* method call: prepend self */
		self = f->left;
		{
			t = ft->ids->ty;
			if(t->kind == Tref && self->ty->kind != Tref)
				error(&n->src, "self argument needs a ref: %s", nodename(self));
			if(t->kind != Tref && self->ty->kind == Tref){
				self = mkn(Oind, self, nil);
				self->ty = self->left->ty->tof;
				self->src = self->left->src;
			}
		}
		e = mkn(Oseq, self, n->right);
		n->right = e;
		/* arguments after self are checked; self is already */
		for(e = n->right->right; e != nil; e = e->right)
			e->left = value(e->left);
		f->flags |= Nmethod;
		{
			Decl *a;
			Node *x;
			for(a = ft->ids->next, x = n->right->right; a != nil && !a->hidden && x != nil; a = a->next, x = x->right){
				if(!tcompat(a->ty, x->left, 0))
					error(&x->left->src, "argument type mismatch: expected %s saw %s", typestr(a->ty), typestr(x->left->ty));
				else
					x->left = assignto(a->ty, x->left, "argument");
			}
			if(a != nil && !a->hidden)
				error(&n->src, "not enough arguments in call to %s", d->sym->name);
			else if(x != nil)
				error(&n->src, "too many arguments in call to %s", d->sym->name);
		}
	}else if(ft->polys != nil){
		n->ty = polycall(n, ft, d != nil && d->sym != nil ? d->sym->name : "function");
	}else
		checkargs(n, ft, d != nil && d->sym != nil ? d->sym->name : "function");
	if(f->op == Odot || f->op == Oname && d != nil && d->store == Dfn && d->dot != nil && d->dot->ty->kind == Tadt){
		/* adt member function: local or through a module */
		Type *at = d->dot->ty;
		if(f->mod != nil){
			/* m->x.f(): through the module handle given */
			f->op = Omdot;
			f->left = f->mod;
			f->mod = nil;
		}else if(at->decl->dot != nil && at->decl->dot != impdecl && !at->decl->dot->isimp){
			if(at->impmod == nil){
				error(&n->src, "cannot call %s.%s: no module imported for %s", at->decl->sym->name, d->sym->name, at->decl->sym->name);
			}else{
				Node *m = mkn(Oname, nil, nil);
				m->decl = at->impmod;
				m->ty = at->impmod->ty;
				m->src = f->src;
				f->op = Omdot;
				f->left = m;
				at->impmod->used = 1;
			}
		}else{
			f->op = Oname;
			f->left = nil;
		}
		if(at->constrs != nil){
			/* the adt's constraints, for the type arguments of the adt called */
			Binding b;
			Decl *p, *a;

			memset(&b, 0, sizeof b);
			if(inst == nil || inst->kind != Tadt)
				inst = at;
			a = inst->base != nil ? inst->targs : at->polys;
			for(p = at->polys; p != nil && a != nil && b.n < nelem(b.poly); p = p->next, a = a->next){
				b.poly[b.n] = p->ty;
				b.val[b.n] = a->ty;
				b.n++;
			}
			constrargs(n, at->polys, at->constrs, &b, d->sym->name, "call", 1);
		}
	}
	if(f->op == Omdot){
		modrefable(ft);	/* the module types it passes may cross into the callee */
		ldtuse(f->left->ty->decl, f->decl);
	}
	if(ft->polys == nil || n->ty == nil)
		n->ty = ft->tof;
	if(n->ty == nil)
		n->ty = tnone;
	return n;
}

/* value produced by evaluating v, a type name is an error */
static Node*
value(Node *n)
{
	n = echeck(n);
	if(n->op == Oname && n->decl != nil && (n->decl->store == Dtype || n->decl->store == Dtag) && !(n->flags & Ntag)){
		error(&n->src, "%s is a type, not a value", n->decl->sym->name);
		n->ty = terror;
	}
	if((n->op == Oname || n->op == Omdot || n->op == Odot) && n->ty != nil && n->ty->kind == Tfn)
		return fnref(n);
	if(isexcon(n)){
		if(n->ty->ids != nil){
			error(&n->src, "exception %s needs values: %s(...)", n->decl->sym->name, n->decl->sym->name);
			n->ty = terror;
			return n;
		}
		return exvalue(n, n, nil);
	}
	return n;
}

/*
 * A.f, f a member function of adt A, as a value: the function of the
 * module implementing A, through .self if this one, else through the
 * module A was imported with (as constraint functions are passed)
 */
static Node*
adtfnref(Node *n)
{
	Type *at;
	Decl *d;
	Node *m;

	d = n->decl;
	at = n->left->decl->ty;
	if(d->orig != nil)
		d = d->orig;	/* a member of an adt instance: the adt's own */
	if(at->decl->dot != nil && at->decl->dot != impdecl && !at->decl->dot->isimp){
		if(at->impmod == nil){
			error(&n->src, "cannot refer to %s.%s: no module imported for %s", at->decl->sym->name, d->sym->name, at->decl->sym->name);
			n->ty = terror;
			return n;
		}
		m = namenode(at->impmod, &n->src);
		at->impmod->used = 1;
		n->op = Omdot;
		n->left = m;
	}else{
		n->op = Oname;
		n->left = nil;
		n->flags |= Nadtfn;
	}
	n->decl = d;
	return n;
}

/*
 * a function used as a value becomes a reference to it, of type ref fn:
 * a (module, function index) pair built when evaluated
 */
static Node*
fnref(Node *n)
{
	Decl *d;
	Node *r, *m;
	Type *t;

	d = n->decl;
	if(n->op == Oname && d != nil && d->store == Dimport && d->imported != nil && d->imported->store == Dfn){
		m = mkn(Oname, nil, nil);
		m->decl = d->eimport;
		m->ty = d->eimport->ty;
		m->src = n->src;
		d->eimport->used = 1;
		n->op = Omdot;
		n->left = m;
		n->decl = d = d->imported;
	}
	if(n->op == Odot && d != nil && d->store == Dfn && n->left->op == Oname && n->left->decl != nil
	&& n->left->decl->store == Dtype && d->dot != nil && d->dot->ty->kind == Tadt)
		n = adtfnref(n);
	if(n->ty->kind == Terror)
		return n;
	d = n->decl;
	if(d == nil || d->store != Dfn || n->op == Odot
	|| n->op == Oname && d->dot != nil && d->dot->ty->kind == Tadt && !(n->flags & Nadtfn)
	|| n->op == Omdot && n->left->op == Oname && n->left->decl->store == Dtype){
		error(&n->src, "function %s used as a value", nodename(n));
		n->ty = terror;
		return n;
	}
	if(n->ty->varargs || n->ty->constrs != nil){
		error(&n->src, "cannot make a reference to %s function %s", n->ty->varargs ? "varargs" : "constrained polymorphic", nodename(n));
		n->ty = terror;
		return n;
	}
	if(n->op == Omdot){
		modrefable(n->ty);
		ldtuse(n->left->ty->decl, d);
	}else
		selfref(d);	/* a function of this module's: through .self */
	t = mktype(Tref, n->ty, nil);
	sizetype(t);
	r = mkn(Ofnref, n, nil);
	r->src = n->src;
	r->ty = t;
	return r;
}

static int
islvalue(Node *n)
{
	switch(n->op){
	case Oname:
		if(n->decl == nil)
			return 0;
		if(n->decl == nildecl)
			return 1;
		return n->decl->store == Dglobal || n->decl->store == Dlocal || n->decl->store == Darg;
	case Omdot:
		return n->decl != nil && n->decl->store == Dglobal;
	case Odot:
		if(n->decl == nil || n->decl->store != Dfield)
			return 0;
		if(n->left->ty->kind == Tref)
			return 1;
		return islvalue(n->left);
	case Oindex:
		return n->left->ty->kind == Tarray || n->left->ty->kind == Tstring && islvalue(n->left);
	case Oind:
		return 1;
	case Oslice:
		return n->left->ty->kind == Tarray;
	case Otuple:
		{
			Node *e;
			for(e = n->left; e != nil; e = e->right)
				if(!islvalue(e->left))
					return 0;
			return 1;
		}
	}
	return 0;
}

static Node*
lvalue(Node *n, char *what)
{
	n = value(n);
	if(n->ty->kind == Terror)
		return n;
	if(!islvalue(n))
		error(&n->src, "cannot %s %s", what, nodename(n));
	return n;
}

/* declare the names of tuple l (names, nil, nested tuples) with the types of t */
static void
declids(Node *l, Type *t, Src *src)
{
	Node *e;
	Decl *a;

	if(t->kind == Tadt && t->tags == nil)
		t = adtcontype(t);	/* (a, b) := adt: its fields */
	if(t->kind != Ttuple){
		error(src, "cannot assign %s to a tuple", typestr(t));
		return;
	}
	sizetype(t);
	for(e = l->left, a = t->ids; e != nil && a != nil; e = e->right, a = a->next){
		if(e->left->op == Otuple){
			declids(e->left, a->ty, src);
			continue;
		}
		if(e->left->op != Oname){
			error(&e->left->src, "illegal declaration");
			continue;
		}
		e->left->ty = a->ty;
		if(e->left->decl == nildecl)
			continue;
		e->left->decl = newlocal(&e->left->src, e->left->decl->sym, a->ty);
	}
	if(e != nil || a != nil)
		error(src, "tuple sizes differ in declaration");
	l->ty = t;
}

/* declare the names of tuple l with the error type */
static void
errids(Node *l)
{
	Node *e;

	for(e = l->left; e != nil; e = e->right){
		if(e->left->op == Otuple)
			errids(e->left);
		else if(e->left->op == Oname && e->left->decl != nildecl){
			e->left->ty = terror;
			e->left->decl = newlocal(&e->left->src, e->left->decl->sym, terror);
		}
	}
}

/* lhs := rhs: declare names in lhs (a name or tuple of names/nil) */
static Node*
declas(Node *n)
{
	Node *l, *e;
	Type *t;
	Decl *a;

	n->right = value(n->right);
	t = n->right->ty;
	l = n->left;
	if(t->kind == Tnone){
		error(&n->src, "no value to declare");
		t = terror;
	}
	if(l->op == Oname){
		if(t->kind == Tany){
			error(&n->src, "cannot declare %s from nil", l->decl->sym->name);
			t = terror;
		}
		if(t->kind == Tadtpick)
			t = t->decl->dot->ty;
		l->decl = newlocal(&l->src, l->decl->sym, t);
		l->ty = t;
		n->op = Oas;
		n->flags |= Ndecl;
		n->ty = t;
		return n;
	}
	if(l->op == Otuple){
		if(t->kind == Terror){
			errids(l);	/* reported already: declare the names quietly */
			n->ty = terror;
			return n;
		}
		if(t->kind == Tadt && t->tags == nil)
			t = adtcontype(t);
		if(t->kind != Ttuple){
			error(&n->src, "cannot assign %s to a tuple", typestr(t));
			n->ty = terror;
			return n;
		}
		declids(l, t, &n->src);
		n->op = Oas;
		n->flags |= Ndecl;
		n->ty = t;
		return n;
	}
	error(&n->src, "illegal := declaration");
	n->ty = terror;
	return n;
}

/* check the lvalues of tuple l, nested tuples included */
static void
tuplelv(Node *l)
{
	Node *e;

	for(e = l->left; e != nil; e = e->right){
		if(e->left->op == Otuple)
			tuplelv(e->left);
		else
			e->left = lvalue(e->left, "assign to");
	}
}

/* match the lvalues of tuple l against tuple type t */
static void
tupleas(Node *l, Type *t, Src *src)
{
	Node *e;
	Decl *a;

	if(t->kind == Tadt && t->tags == nil)
		t = adtcontype(t);	/* (q0, q1) = r: r's fields */
	if(t->kind != Ttuple){
		error(src, "type clash in assignment: tuple and %s", typestr(t));
		return;
	}
	sizetype(t);
	for(e = l->left, a = t->ids; e != nil && a != nil; e = e->right, a = a->next){
		if(e->left->op == Otuple){
			tupleas(e->left, a->ty, src);
			continue;
		}
		if(e->left->op == Oname && e->left->decl == nildecl){
			e->left->ty = a->ty;
			continue;
		}
		if(!tycompat(e->left->ty, a->ty, 1))
			error(src, "type clash in assignment: %s and %s", typestr(e->left->ty), typestr(a->ty));
	}
	if(e != nil || a != nil)
		error(src, "tuple sizes differ in assignment");
	l->ty = t;
}

static Node*
assign(Node *n)
{
	Node *l, *r, *e;
	Decl *a;

	l = n->left;
	if(l->op == Otuple){
		tuplelv(l);
		l->ty = nil;
	}else
		l = n->left = lvalue(l, "assign to");
	r = n->right = value(n->right);
	if(l->op == Otuple){
		if(r->ty->kind != Ttuple && !(r->ty->kind == Tadt && r->ty->tags == nil)){
			if(r->ty->kind != Terror)
				error(&n->src, "type clash in assignment: tuple and %s", typestr(r->ty));
			n->ty = terror;
			return n;
		}
		tupleas(l, r->ty, &n->src);
		n->ty = r->ty;
		return n;
	}
	if(l->op == Oname && l->decl == nildecl){
		n->ty = r->ty;
		return n;
	}
	if(l->op == Oslice){
		if(!tequal(l->ty, r->ty))
			error(&n->src, "type clash in %s = %s", qstr(l), qstr(r));
		if(l->right->right != nil)
			error(&n->src, "slice assignment must have no upper bound");
		n->ty = l->ty;
		return n;
	}
	if(l->op == Oindex && l->left->ty->kind == Tstring){
		if(!isintegral(r->ty) || r->ty->kind == Tbig)
			error(&n->src, "type clash in assignment: int and %s", typestr(r->ty));
		n->ty = tint;
		return n;
	}
	if(!tcompat(l->ty, r, 0)){
		error(&n->src, "type clash in %s = %s", qstr(l), qstr(r));
		n->ty = l->ty;
		return n;
	}
	n->right = assignto(l->ty, r, "assignment");
	n->ty = l->ty;
	if(n->right->ty->kind != Tany && n->right->ty->kind != Terror)
		n->ty = n->right->ty;	/* as in Inferno, the value's type (x = y = ref A.Tag(...)) */
	return n;
}

/*
 * the type of which t1 and t2 are both instances when they differ only
 * in (references to) variants of one pick adt: that adt; else t1
 */
static Type*
tparent(Type *t1, Type *t2)
{
	Type *p1, *p2, *t;
	Decl *x, *y, *h, **l, *nd;
	int changed;

	if(t1 == nil || t2 == nil || t1->kind != t2->kind)
		return t1;
	switch(t1->kind){
	case Tref:
		p1 = t1->tof;
		p2 = t2->tof;
		if(p1->kind == Tadtpick)
			p1 = p1->decl->dot->ty;
		if(p2->kind == Tadtpick)
			p2 = p2->decl->dot->ty;
		if(p1 == t1->tof && p2 == t2->tof || p1->kind != Tadt || p1->tags == nil || !tequal(p1, p2))
			return t1;
		t = mktype(Tref, p1, nil);
		sizetype(t);
		return t;
	case Tlist: case Tarray: case Tchan:
		p1 = tparent(t1->tof, t2->tof);
		if(p1 == t1->tof)
			return t1;
		t = mktype(t1->kind, p1, nil);
		sizetype(t);
		return t;
	case Ttuple:
		changed = 0;
		h = nil;
		l = &h;
		for(x = t1->ids, y = t2->ids; x != nil && y != nil; x = x->next, y = y->next){
			nd = mkdecl(&x->src, Dfield, tparent(x->ty, y->ty), x->sym);
			if(nd->ty != x->ty)
				changed = 1;
			*l = nd;
			l = &nd->next;
		}
		if(!changed || x != nil || y != nil)
			return t1;
		t = mktype(Ttuple, nil, h);
		sizetype(t);
		return t;
	}
	return t1;
}

static Type*
mklist(Type *t)
{
	Type *lt;

	lt = mktype(Tlist, t, nil);
	sizetype(lt);
	return lt;
}

static Node*
checkcast(Node *n)
{
	Type *t, *f;
	Node *l;

	t = n->tyarg = resolve(n->tyarg);
	sizetype(t);
	l = n->left = value(n->left);
	f = l->ty;
	n->ty = t;
	if(f->kind == Terror || t->kind == Terror)
		return n;
	if(tequal(t, f))
		return l;
	if(tycompat(t, f, 0)){
		/* as Inferno's: the value retyped (array of byte nil; an adt from a tuple) */
		if(l->op == Otuple)
			return assignto(t, l, "cast");
		l->ty = t;
		return l;
	}
	switch(t->kind){
	case Tint: case Tbig: case Tbyte: case Treal:
		if(isnum(f) || f->kind == Tstring)
			return fold(n);
		break;
	case Tstring:
		if(isnum(f) || f->kind == Tarray && f->tof->kind == Tbyte)
			return fold(n);
		break;
	case Tarray:
		if(t->tof->kind == Tbyte && f->kind == Tstring)
			return n;
		break;
	}
	error(&n->src, "cannot make a %s from %s", typestr(t), typestr(f));
	return n;
}

static Type*
tuptype(Node *n)
{
	Decl *h, **l, *d;
	Node *e;
	Type *t;

	h = nil;
	l = &h;
	for(e = n->left; e != nil; e = e->right){
		d = mkdecl(&e->left->src, Dfield, e->left->ty, nil);
		*l = d;
		l = &d->next;
	}
	t = mktype(Ttuple, nil, h);
	sizetype(t);
	return t;
}

/* check array initializers: elements or index => value */
static void
checkinits(Node *n, Type *et)
{
	Node *e, *v, *lab;

	for(e = n; e != nil; e = e->right){
		v = e->left;
		if(v == nil)
			continue;
		if(v->op == Oelem){
			for(lab = v->left; lab != nil; lab = lab->right){
				if(lab->left->op == Owild)
					continue;
				if(lab->left->op == Orange){
					lab->left->left = fold(value(lab->left->left));
					lab->left->right = fold(value(lab->left->right));
					if(lab->left->left->ty->kind != Tint || lab->left->right->ty->kind != Tint)
						error(&lab->left->src, "array index is not an int");
					continue;
				}
				lab->left = fold(value(lab->left));
				if(lab->left->ty->kind != Tint)
					error(&lab->left->src, "array index is not an int");
			}
			v->right = value(v->right);
			if(!tcompat(et, v->right, 0))
				error(&v->right->src, "type clash in array initializer: %s and %s", typestr(et), typestr(v->right->ty));
			else
				v->right = assignto(et, v->right, "array initializer");
			continue;
		}
		e->left = value(v);
		if(!tcompat(et, e->left, 0))
			error(&e->left->src, "type clash in array initializer: %s and %s", typestr(et), typestr(e->left->ty));
		else
			e->left = assignto(et, e->left, "array initializer");
	}
}

/*
 * the type of the elements of an initializer without an explicit type:
 * the first's, as in Inferno, or the adt of variants that differ
 */
static Type*
inittype(Node *n)
{
	Node *e, *v;
	Type *t, *p;

	t = nil;
	for(e = n; e != nil; e = e->right){
		v = e->left;
		if(v->op == Oelem)
			v = v->right;
		v = copytree(v);
		v = value(v);
		if(v->ty->kind == Tany || v->ty->kind == Terror)
			continue;
		if(v->ty->kind == Tadtpick)
			v->ty = v->ty->decl->dot->ty;
		if(t == nil)
			t = v->ty;
		else if(!tycompat(t, v->ty, 0)){
			p = tparent(t, v->ty);
			if(p != t && tycompat(p, v->ty, 0))
				t = p;
		}
	}
	return t != nil ? t : terror;
}

Node*
echeck(Node *n)
{
	Node *l, *r;
	Type *t;

	if(n == nil)
		return nil;
	switch(n->op){
	case Oconst:
		if(n->ty == nil)
			n->ty = tint;
		return n;
	case Oname:
		if(n->ty != nil && n->decl != nil && n->decl->store != Dundef && n->decl != nildecl)
			return n;
		return checkname(n);
	case Omdot:
		return checkmdot(n);
	case Odot:
		return checkdot(n);
	case Ocall:
		return call(n);
	case Oas:
		return assign(n);
	case Odas:
		return declas(n);
	case Oaddas: case Osubas: case Omulas: case Odivas: case Omodas: case Oexpas:
	case Oandas: case Ooras: case Oxoras: case Olshas: case Orshas:
		n->left = lvalue(n->left, "assign to");
		n->right = value(n->right);
		l = n->left;
		r = n->right;
		n->ty = l->ty;
		if(l->ty->kind == Terror || r->ty->kind == Terror)
			return n;
		if(n->op == Olshas || n->op == Orshas){
			if(!isintegral(l->ty) || r->ty->kind != Tint)
				error(&n->src, "type clash in %s %s %s", qstr(l), opname(n->op), qstr(r));
			return n;
		}
		if(n->op == Oaddas && l->ty->kind == Tstring && r->ty->kind == Tstring)
			return n;
		if(!isnum(l->ty) || !tcompat(l->ty, r, 0))
			error(&n->src, "type clash in %s %s %s", qstr(l), opname(n->op), qstr(r));
		else
			n->right = convconst(r, l->ty);
		if((n->op == Oandas || n->op == Ooras || n->op == Oxoras || n->op == Omodas) && l->ty->kind == Treal)
			error(&n->src, "operator not defined on real");
		return n;
	case Osnd:
		n->left = value(n->left);
		n->right = value(n->right);
		if(n->left->ty->kind == Terror){
			n->ty = terror;
			return n;
		}
		if(n->left->ty->kind != Tchan){
			error(&n->src, "cannot send on %s", nodename(n->left));
			n->ty = terror;
			return n;
		}
		n->right = assignto(n->left->ty->tof, n->right, "send");
		n->ty = n->left->ty->tof;
		return n;
	case Orcv:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind == Terror){
			n->ty = terror;
			return n;
		}
		if(t->kind == Tarray && t->tof->kind == Tchan){
			/* <-a: (index, value) from whichever channel of a is ready */
			Type *et = t->tof->tof;
			sizetype(et);
			n->ty = mktype(Ttuple, nil, mkdecl(&n->src, Dfield, tint, nil));
			n->ty->ids->next = mkdecl(&n->src, Dfield, et, nil);
			sizetype(n->ty);
			return n;
		}
		if(t->kind != Tchan){
			error(&n->src, "cannot receive on %s", nodename(n->left));
			n->ty = terror;
			return n;
		}
		n->ty = t->tof;
		return n;
	case Oinc: case Odec: case Opreinc: case Opredec:
		n->left = lvalue(n->left, "increment");
		n->ty = n->left->ty;
		if(n->ty->kind != Terror && !isnum(n->ty))
			error(&n->src, "cannot increment %s", typestr(n->ty));
		return n;
	case Oneg:
		n->left = value(n->left);
		n->ty = n->left->ty;
		if(n->ty->kind != Terror && !isnum(n->ty))
			error(&n->src, "cannot negate %s", typestr(n->ty));
		return fold(n);
	case Ocom:
		n->left = value(n->left);
		n->ty = n->left->ty;
		if(n->ty->kind != Terror && !isintegral(n->ty))
			error(&n->src, "cannot complement %s", typestr(n->ty));
		return fold(n);
	case Onot:
		n->left = value(n->left);
		n->ty = tint;
		if(n->left->ty->kind != Terror && n->left->ty->kind != Tint)
			error(&n->src, "cannot ! %s", typestr(n->left->ty));
		return fold(n);
	case Ohd:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind != Tlist){
			if(t->kind != Terror)
				error(&n->src, "cannot hd %s", typestr(t));
			n->ty = terror;
			return n;
		}
		n->ty = t->tof;
		return n;
	case Otl:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind != Tlist){
			if(t->kind != Terror)
				error(&n->src, "cannot tl %s", typestr(t));
			n->ty = terror;
			return n;
		}
		n->ty = t;
		return n;
	case Olen:
		n->left = value(n->left);
		t = n->left->ty;
		n->ty = tint;
		if(t->kind != Tlist && t->kind != Tarray && t->kind != Tstring && t->kind != Terror)
			error(&n->src, "cannot len %s", typestr(t));
		return fold(n);
	case Otagof:
		n->left = echeck(n->left);
		l = n->left;
		n->ty = tint;
		if(l->op == Oname && l->decl != nil && l->decl->store == Dtag)
			return mkconst(&n->src, tint, l->decl->tag);
		t = l->ty;
		if(t->kind == Tref)
			t = t->tof;
		if(t->kind != Tadt && t->kind != Tadtpick || t->kind == Tadt && t->tags == nil){
			if(t->kind != Terror)
				error(&n->src, "cannot tagof %s", typestr(l->ty));
			return n;
		}
		if(l->ty->kind != Tref)
			error(&n->src, "tagof needs a ref");
		return n;
	case Oref:
		n->left = echeck(n->left);
		l = n->left;
		if(l->op == Oname && l->decl != nil && (l->decl->store == Dtype && l->ty->kind == Tadt || l->decl->store == Dtag)){
			/* ref Adt, ref Adt.Tag: a new zeroed value (of that variant) */
			if(l->ty->kind == Tadt && l->ty->tags != nil){
				error(&n->src, "cannot make a ref from %s: it has pick fields", typestr(l->ty));
				n->ty = terror;
				return n;
			}
			t = mktype(Tref, l->ty, nil);
			sizetype(t);
			n->ty = t;
			n->decl = l->decl;
			n->flags |= Nnew;
			return n;
		}
		t = l->ty;
		if(t->kind == Terror){
			n->ty = terror;
			return n;
		}
		if(t->kind != Tadt && t->kind != Tadtpick && t->kind != Ttuple){
			error(&n->src, "cannot make a ref from %s", typestr(t));
			n->ty = terror;
			return n;
		}
		if(t->kind == Tadtpick && l->op != Opickcon)
			error(&n->src, "cannot make a ref from %s", typestr(t));
		if(t->kind == Tadt && t->tags != nil){
			if(l->op == Oind && l->left->ty->kind == Tref)
				n->flags |= Npickdup;	/* a copy of the variant *p is */
			else
				error(&n->src, "cannot make a ref from %s", typestr(t));
		}
		n->ty = mktype(Tref, t, nil);
		sizetype(n->ty);
		return n;
	case Oind:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind != Tref){
			if(t->kind != Terror)
				error(&n->src, "cannot * %s", typestr(t));
			n->ty = terror;
			return n;
		}
		n->ty = t->tof;
		if(n->ty->kind == Tadtpick)
			n->ty = n->ty->decl->dot->ty;
		return n;
	case Oload:
		n->tyarg = resolve(n->tyarg);
		n->left = value(n->left);
		n->ty = n->tyarg;
		if(n->ty->kind != Tmodule){
			if(n->ty->kind != Terror)
				error(&n->src, "cannot load %s", typestr(n->ty));
			n->ty = terror;
			return n;
		}
		if(n->left->ty->kind != Tstring && n->left->ty->kind != Terror)
			error(&n->src, "module path must be a string");
		ldtload(n->ty->decl);
		return n;
	case Ocast:
		return checkcast(n);
	case Otyapp:
		return tyappexpr(n);
	case Oindex:
		if(istypename(n->left))
			return tyappexpr(n);
		n->left = value(n->left);
		n->right = value(n->right);
		t = n->left->ty;
		if(t->kind == Terror){
			n->ty = terror;
			return n;
		}
		if(n->right->ty->kind != Tint && n->right->ty->kind != Terror){
			if(n->right->ty->kind == Tbyte || n->right->ty->kind == Tbig)
				;
			else
				error(&n->src, "array index is not an int");
		}
		if(t->kind == Tarray)
			n->ty = t->tof;
		else if(t->kind == Tstring)
			n->ty = tint;
		else{
			error(&n->src, "cannot index %s", typestr(t));
			n->ty = terror;
		}
		return n;
	case Oslice:
		n->left = value(n->left);
		n->right->left = value(n->right->left);
		if(n->right->right != nil)
			n->right->right = value(n->right->right);
		t = n->left->ty;
		n->ty = t;
		if(t->kind != Tarray && t->kind != Tstring && t->kind != Terror){
			error(&n->src, "cannot slice %s", typestr(t));
			n->ty = terror;
		}
		return n;
	case Otuple:
		for(l = n->left; l != nil; l = l->right)
			l->left = value(l->left);
		n->ty = tuptype(n);
		return n;
	case Ocons:
		n->left = value(n->left);
		n->right = value(n->right);
		l = n->left;
		r = n->right;
		if(l->ty->kind == Terror || r->ty->kind == Terror){
			n->ty = terror;
			return n;
		}
		if(r->ty->kind == Tany){
			t = l->ty;
			if(t->kind == Tany){
				error(&n->src, "cannot make a list of nil");
				n->ty = terror;
				return n;
			}
			if(t->kind == Tadtpick)
				t = t->decl->dot->ty;
			n->ty = mklist(t);
			return n;
		}
		if(r->ty->kind != Tlist){
			error(&n->src, "cannot :: onto %s", typestr(r->ty));
			n->ty = terror;
			return n;
		}
		n->ty = r->ty;
		if(!tcompat(r->ty->tof, l, 0)){
			/* v :: l, v and l's elements variants of one adt: a list of the adt */
			t = tparent(r->ty->tof, l->ty);
			if(t == r->ty->tof || !tycompat(t, l->ty, 0)){
				error(&n->src, "type clash in %s :: %s", qstr(l), qstr(r));
				return n;
			}
			n->ty = mklist(t);
		}
		n->left = assignto(n->ty->tof, l, "::");
		return n;
	case Oarrayz:
		n->left = value(n->left);
		if(n->left->ty->kind != Tint && n->left->ty->kind != Terror)
			error(&n->src, "array size is not an int");
		n->tyarg = resolve(n->tyarg);
		sizetype(n->tyarg);
		n->ty = mktype(Tarray, n->tyarg, nil);
		sizetype(n->ty);
		return n;
	case Oarray:
		if(n->left != nil){
			n->left = value(n->left);
			if(n->left->ty->kind != Tint && n->left->ty->kind != Terror)
				error(&n->src, "array size is not an int");
		}
		t = inittype(n->right);
		n->tyarg = t;
		checkinits(n->right, t);
		n->ty = mktype(Tarray, t, nil);
		sizetype(n->ty);
		return n;
	case Olist:
		t = inittype(n->left);
		for(l = n->left; l != nil; l = l->right){
			l->left = value(l->left);
			if(!tcompat(t, l->left, 0))
				error(&l->left->src, "type clash in list initializer");
			else
				l->left = assignto(t, l->left, "list");
		}
		n->ty = mklist(t);
		return n;
	case Ochan:
		if(n->left != nil){
			n->left = value(n->left);
			if(n->left->ty->kind != Tint && n->left->ty->kind != Terror)
				error(&n->src, "channel size is not an int");
		}
		n->tyarg = resolve(n->tyarg);
		sizetype(n->tyarg);
		n->ty = mktype(Tchan, n->tyarg, nil);
		sizetype(n->ty);
		return n;
	case Oandand:
	case Ooror:
		n->left = value(n->left);
		n->right = value(n->right);
		n->ty = tint;
		if(n->left->ty->kind != Tint && n->left->ty->kind != Terror || n->right->ty->kind != Tint && n->right->ty->kind != Terror)
			error(&n->src, "type clash in %s %s %s", qstr(n->left), n->op == Oandand ? "&&" : "||", qstr(n->right));
		return fold(n);
	}
	if(n->op >= Oadd && n->op <= Ogeq)
		return binop(n);
	error(&n->src, "illegal expression");
	n->ty = terror;
	return n;
}

static char*
opname(int op)
{
	switch(op){
	case Oadd: return "+";
	case Osub: return "-";
	case Omul: return "*";
	case Odiv: return "/";
	case Omod: return "%";
	case Oexp: return "**";
	case Oaddas: return "+=";
	case Osubas: return "-=";
	case Omulas: return "*=";
	case Odivas: return "/=";
	case Omodas: return "%=";
	case Oexpas: return "**=";
	case Oandas: return "&=";
	case Ooras: return "|=";
	case Oxoras: return "^=";
	case Olshas: return "<<=";
	case Orshas: return ">>=";
	case Oand: return "&";
	case Oor: return "|";
	case Oxor: return "^";
	case Olsh: return "<<";
	case Orsh: return ">>";
	case Oeq: return "==";
	case Oneq: return "!=";
	case Olt: return "<";
	case Ogt: return ">";
	case Oleq: return "<=";
	case Ogeq: return ">=";
	}
	return "op";
}

static Node*
binop(Node *n)
{
	Node *l, *r;
	Type *lt, *rt;

	l = n->left = value(n->left);
	r = n->right = value(n->right);
	lt = l->ty;
	rt = r->ty;
	if(lt->kind == Terror || rt->kind == Terror){
		n->ty = n->op >= Oeq ? tint : terror;
		return n;
	}
	switch(n->op){
	case Olsh:
	case Orsh:
		if(!isintegral(lt) || rt->kind != Tint && !(r->op == Oconst && rt->kind == Tint)){
			error(&n->src, "type clash in %s %s %s", qstr(l), opname(n->op), qstr(r));
			n->ty = terror;
			return n;
		}
		n->ty = lt;
		return fold(n);
	case Oexp:
		if(!isnum(lt) || lt->kind == Tbyte || rt->kind != Tint){
			error(&n->src, "type clash in %s %s %s", qstr(l), opname(n->op), qstr(r));
			n->ty = terror;
			return n;
		}
		n->ty = lt;
		return fold(n);
	}
	/* constants take the type of the other side */
	if(l->op == Oconst && lt->kind == Tint && (rt->kind == Tbyte || rt->kind == Tbig))
		l = n->left = convconst(l, rt);
	if(r->op == Oconst && rt->kind == Tint && (lt->kind == Tbyte || lt->kind == Tbig))
		r = n->right = convconst(r, lt);
	lt = l->ty;
	rt = r->ty;
	if(lt->kind == Tadtpick)
		lt = lt->decl->dot->ty;
	switch(n->op){
	case Oeq:
	case Oneq:
		n->ty = tint;
		if(isptr(lt) && rt->kind == Tany || lt->kind == Tany && isptr(rt))
			return n;
		if(lt->kind == Tany && rt->kind == Tany)
			return fold(mkconst(&n->src, tint, n->op == Oeq));
		if(tequal(lt, rt) || lt->kind == Tref && rt->kind == Tref){
			if(isnum(lt) || lt->kind == Tstring || isptr(lt))
				return fold(n);
		}
		break;
	case Olt: case Ogt: case Oleq: case Ogeq:
		n->ty = tint;
		if(tequal(lt, rt) && (isnum(lt) || lt->kind == Tstring))
			return fold(n);
		break;
	case Oadd:
		if(tequal(lt, rt) && (isnum(lt) || lt->kind == Tstring)){
			n->ty = lt;
			return fold(n);
		}
		break;
	case Osub: case Omul: case Odiv:
		if(tequal(lt, rt) && isnum(lt)){
			n->ty = lt;
			return fold(n);
		}
		break;
	case Omod: case Oand: case Oor: case Oxor:
		if(tequal(lt, rt) && isintegral(lt)){
			n->ty = lt;
			return fold(n);
		}
		break;
	}
	error(&n->src, "type clash in %s %s %s", qstr(l), opname(n->op), qstr(r));
	n->ty = n->op >= Oeq ? tint : terror;
	return n;
}

static vlong
ipow(vlong b, vlong e)
{
	vlong r;

	r = 1;
	while(e > 0){
		if(e & 1)
			r *= b;
		b *= b;
		e >>= 1;
	}
	return r;
}

static vlong
ctrunc(Type *t, vlong v)
{
	if(t->kind == Tint)
		return (int)v;
	if(t->kind == Tbyte)
		return v & 0xff;
	return v;
}

/* fold constant subexpressions of n */
Node*
fold(Node *n)
{
	Node *l, *r;
	Type *t;
	vlong a, b, v;
	double x, y;
	char *s;

	if(n == nil)
		return nil;
	l = n->left;
	r = n->right;
	t = n->ty;
	switch(n->op){
	case Oneg:
		if(!isconst(l))
			return n;
		if(t->kind == Treal)
			l->rval = -l->rval;
		else
			l->val = ctrunc(t, -l->val);
		l->src = n->src;
		return l;
	case Ocom:
		if(!isconst(l))
			return n;
		l->val = ctrunc(t, ~l->val);
		return l;
	case Onot:
		if(!isconst(l))
			return n;
		l->val = !l->val;
		return l;
	case Olen:
		if(isconst(l) && l->ty->kind == Tstring)
			return mkconst(&n->src, tint, utfnlen(l->str, l->slen));
		return n;
	case Ocast:
		if(!isconst(l))
			return n;
		switch(t->kind){
		case Tint: case Tbyte: case Tbig:
			if(l->ty->kind == Treal){
				x = l->rval;
				v = x < 0 ? (vlong)(x - 0.5) : (vlong)(x + 0.5);
			}else if(l->ty->kind == Tstring)
				return n;
			else
				v = l->val;
			return mkconst(&n->src, t, ctrunc(t, v));
		case Treal:
			if(l->ty->kind == Tstring)
				return n;
			r = mkconst(&n->src, treal, 0);
			r->rval = l->ty->kind == Treal ? l->rval : (double)l->val;
			return r;
		case Tstring:
			if(l->ty->kind == Tint || l->ty->kind == Tbig || l->ty->kind == Tbyte){
				s = smprint("%lld", l->val);
				return mksconst(&n->src, s, strlen(s));
			}
			return n;
		}
		return n;
	case Oandand:
		if(isconst(l) && isconst(r))
			return mkconst(&n->src, tint, l->val && r->val);
		if(isconst(l) && l->val == 0)
			return mkconst(&n->src, tint, 0);
		return n;
	case Ooror:
		if(isconst(l) && isconst(r))
			return mkconst(&n->src, tint, l->val || r->val);
		if(isconst(l) && l->val != 0)
			return mkconst(&n->src, tint, 1);
		return n;
	}
	if(n->op < Oadd || n->op > Ogeq || !isconst(l) || !isconst(r))
		return n;
	if(l->ty->kind == Tstring){
		int c;
		if(n->op == Oadd){
			s = emalloc(l->slen + r->slen + 1);
			memmove(s, l->str, l->slen);
			memmove(s+l->slen, r->str, r->slen);
			return mksconst(&n->src, s, l->slen + r->slen);
		}
		c = strcmp(l->str, r->str);
		switch(n->op){
		case Oeq: return mkconst(&n->src, tint, c == 0);
		case Oneq: return mkconst(&n->src, tint, c != 0);
		case Olt: return mkconst(&n->src, tint, c < 0);
		case Ogt: return mkconst(&n->src, tint, c > 0);
		case Oleq: return mkconst(&n->src, tint, c <= 0);
		case Ogeq: return mkconst(&n->src, tint, c >= 0);
		}
		return n;
	}
	if(l->ty->kind == Treal){
		x = l->rval;
		y = r->rval;
		switch(n->op){
		case Oadd: x += y; break;
		case Osub: x -= y; break;
		case Omul: x *= y; break;
		case Odiv:
			x /= y;
			break;
		case Oexp:
			{
				vlong e = r->val;
				double p = 1, q = x;
				int neg = e < 0;
				if(neg)
					e = -e;
				for(; e > 0; e >>= 1){
					if(e & 1)
						p *= q;
					q *= q;
				}
				x = neg ? 1/p : p;
			}
			break;
		case Oeq: return mkconst(&n->src, tint, x == y);
		case Oneq: return mkconst(&n->src, tint, x != y);
		case Olt: return mkconst(&n->src, tint, x < y);
		case Ogt: return mkconst(&n->src, tint, x > y);
		case Oleq: return mkconst(&n->src, tint, x <= y);
		case Ogeq: return mkconst(&n->src, tint, x >= y);
		default:
			return n;
		}
		l = mkconst(&n->src, treal, 0);
		l->rval = x;
		return l;
	}
	a = ctrunc(l->ty, l->val);
	b = ctrunc(r->ty, r->val);
	switch(n->op){
	case Oadd: v = a + b; break;
	case Osub: v = a - b; break;
	case Omul: v = a * b; break;
	case Odiv:
	case Omod:
		if(b == 0){
			error(&n->src, "divide by 0 in constant expression");
			return n;
		}
		v = n->op == Odiv ? a / b : a % b;
		break;
	case Oand: v = a & b; break;
	case Oor: v = a | b; break;
	case Oxor: v = a ^ b; break;
	case Olsh: v = a << b; break;
	case Orsh: v = a >> b; break;
	case Oexp:
		if(b < 0){
			error(&n->src, "negative exponent in constant expression");
			return n;
		}
		v = ipow(a, b);
		break;
	case Oeq: return mkconst(&n->src, tint, a == b);
	case Oneq: return mkconst(&n->src, tint, a != b);
	case Olt: return mkconst(&n->src, tint, a < b);
	case Ogt: return mkconst(&n->src, tint, a > b);
	case Oleq: return mkconst(&n->src, tint, a <= b);
	case Ogeq: return mkconst(&n->src, tint, a >= b);
	default:
		return n;
	}
	l = mkconst(&n->src, t, ctrunc(t, v));
	return l;
}

/*
 * statements
 */

static void	scheck(Node*);

/* does evaluating n call, send, receive or assign */
static int
haseffect(Node *n)
{
	if(n == nil)
		return 0;
	if(n->op == Ocall || n->op == Oas || n->op == Odas || n->op >= Oaddas && n->op <= Osnd || n->op == Oinc || n->op == Odec || n->op == Opreinc || n->op == Opredec || n->op == Orcv)
		return 1;
	return haseffect(n->left) || haseffect(n->right);
}

static void
slist(Node *n)
{
	for(; n != nil; n = n->right)
		scheck(n->left);
}

static void
vardecl(Node *n)
{
	Decl *d, *nd;
	Node *e;
	int i;

	if(n->op == Oconst_decl){
		i = 0;
		for(d = n->ids; d != nil; d = d->next){
			constdecl(d, n->left, i++);
			d->store = Dconst;
			install(d);
		}
		return;
	}
	if(n->op == Otypedecl){
		for(d = n->ids; d != nil; d = d->next){
			install(d);
			resolvedecl(d);
			sizetype(d->ty);
		}
		return;
	}
	n->tyarg = resolve(n->tyarg);
	sizetype(n->tyarg);
	if(n->tyarg->kind == Tadt && n->tyarg->tags != nil)
		error(&n->src, "cannot declare %s with type %s", n->ids->sym->name, typestr(n->tyarg));
	if(n->left != nil){
		n->left = value(n->left);
		if(!tcompat(n->tyarg, n->left, 0))
			error(&n->src, "type clash in initialization of %s: %s = %s", n->ids->sym->name, typestr(n->tyarg), qstr(n->left));
		else
			n->left = assignto(n->tyarg, n->left, "initialization");
	}
	for(d = n->ids; d != nil; d = d->next){
		nd = newlocal(&d->src, d->sym, n->tyarg);
		d->link = nd;
	}
}

/* the slot of the communication in n, counting them in *nc */
static Node**
commslot(Node **np, int *nc)
{
	Node *n, **s, **f;

	n = *np;
	if(n == nil)
		return nil;
	f = nil;
	if(n->op == Orcv || n->op == Osnd){
		(*nc)++;
		f = np;
	}
	s = commslot(&n->left, nc);
	if(f == nil)
		f = s;
	s = commslot(&n->right, nc);
	if(f == nil)
		f = s;
	return f;
}

/*
 * an alt guard that is an expression around one receive or send, as
 * Inferno allows (*p = *<-c =>, f(<-c) =>, x = c <-= v =>): the receive
 * (send), its value going to (coming from) a local, with the expression,
 * the receive or send replaced by that local, in third to be evaluated
 * when the guard is chosen
 */
static Node*
altguard(Node *l)
{
	Node **slot, *r, *v;
	int nc;

	l = echeck(l);
	nc = 0;
	slot = commslot(&l, &nc);
	if(nc != 1 || (*slot)->op != Orcv && (*slot)->op != Osnd || (*slot)->left->ty->kind != Tchan){
		if(l->ty->kind != Terror)
			error(&l->src, "illegal alt label");
		return l;
	}
	r = *slot;
	v = mkn(Oname, nil, nil);
	v->src = r->src;
	v->ty = r->ty;
	v->decl = newlocal(&r->src, nil, r->ty);
	*slot = v;
	r->third = l;
	r->decl = v->decl;
	return r;
}

static int
findlabel(char *s, int cont)
{
	int i;

	for(i = nlabels-1; i >= 0; i--){
		if(labels[i] != nil && strcmp(labels[i], s) == 0){
			if(cont && !labkind[i])
				return -1;
			return i;
		}
	}
	return -1;
}

static void
pushlab(char *name, int isloop)
{
	if(nlabels < nelem(labels)){
		labels[nlabels] = name;
		labkind[nlabels] = isloop;
	}
	nlabels++;
}

static void
poplab(void)
{
	nlabels--;
}

static char*	pendlab;

/* order two constant case labels of one type: -1, 0 or 1 (check and com both sort them) */
int
labcmp(Node *a, Node *b)
{
	int c;

	if(a->ty->kind == Tstring){
		c = strcmp(a->str, b->str);
		return c < 0 ? -1 : c > 0;
	}
	return a->val < b->val ? -1 : a->val > b->val;
}

/* report case labels that overlap: sort (lo, hi) pairs and compare neighbours */
static void
overlaps(Node *n)
{
	Node *c, *lab, *l, **lo, **hi, *t;
	int nl, i, j;

	nl = 0;
	for(c = n->right; c != nil; c = c->right)
		for(lab = c->left->left; lab != nil; lab = lab->right)
			nl++;
	lo = emalloc((nl+1) * sizeof *lo);
	hi = emalloc((nl+1) * sizeof *hi);
	nl = 0;
	for(c = n->right; c != nil; c = c->right)
		for(lab = c->left->left; lab != nil; lab = lab->right){
			l = lab->left;
			if(l->op == Orange && isconst(l->left) && isconst(l->right)){
				lo[nl] = l->left;
				hi[nl++] = l->right;
			}else if(isconst(l)){
				lo[nl] = l;
				hi[nl++] = l;
			}
		}
	for(i = 1; i < nl; i++){
		for(j = i; j > 0 && labcmp(lo[j-1], lo[j]) > 0; j--){
			t = lo[j]; lo[j] = lo[j-1]; lo[j-1] = t;
			t = hi[j]; hi[j] = hi[j-1]; hi[j-1] = t;
		}
	}
	for(i = 1; i < nl; i++)
		if(lo[i]->ty == lo[i-1]->ty && labcmp(hi[i-1], lo[i]) >= 0)
			error(&lo[i]->src, "case label duplicated or overlapping");
	free(lo);
	free(hi);
}

static void
casecheck(Node *n, Type *t)
{
	Node *c, *lab, *l;

	for(c = n->right; c != nil; c = c->right){
		for(lab = c->left->left; lab != nil; lab = lab->right){
			l = lab->left;
			if(l->op == Owild)
				continue;
			if(l->op == Orange){
				l->left = fold(value(l->left));
				l->right = fold(value(l->right));
				if(!isconst(l->left) || !isconst(l->right))
					error(&l->src, "case label is not a constant");
				else if(!tequal(l->left->ty, t) && !(l->left->ty->kind == Tint && (t->kind == Tbyte || t->kind == Tbig)))
					error(&l->src, "case label type %s does not match %s", typestr(l->left->ty), typestr(t));
				continue;
			}
			lab->left = fold(value(l));
			if(!isconst(lab->left))
				error(&l->src, "case label is not a constant");
			else if(!tequal(lab->left->ty, t) && !(lab->left->ty->kind == Tint && (t->kind == Tbyte || t->kind == Tbig)))
				error(&l->src, "case label type %s does not match %s", typestr(lab->left->ty), typestr(t));
		}
		pushscope();
		scheck(c->left->right);
		popscope();
	}
}

static void
scheck(Node *n)
{
	Node *c, *lab, *l;
	Type *t;
	char *name;
	Decl *d;

	if(n == nil)
		return;
	name = pendlab;
	pendlab = nil;
	switch(n->op){
	case Onothing:
		return;
	case Oseq:
		slist(n);
		return;
	case Oblock:
		pushscope();
		slist(n->left);
		popscope();
		return;
	case Ovardecl:
	case Oconst_decl:
	case Otypedecl:
		vardecl(n);
		return;
	case Oexcept:
		for(d = n->ids; d != nil; d = d->next){
			d->ty = resolve(d->ty);
			sizetype(d->ty);
			exdeclname(d, 1 + scope - fnscope);
			install(d);
		}
		return;
	case Oimport:
		importdecl(n);
		return;
	case Odecl:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind == Tany){
			error(&n->src, "cannot declare %s from nil", n->ids->sym->name);
			t = terror;
		}
		if(t->kind == Tadtpick)
			t = t->decl->dot->ty;
		for(d = n->ids; d != nil; d = d->next)
			d->link = newlocal(&d->src, d->sym, t);
		return;
	case Olabel:
		pendlab = n->str;
		scheck(n->left);
		return;
	case Oif:
		n->left = value(n->left);
		if(n->left->ty->kind != Tint && n->left->ty->kind != Terror)
			error(&n->src, "if condition is not an int");
		/* as in Inferno, only blocks open scopes: if(c) x := 1; declares x outside */
		scheck(n->right);
		scheck(n->third);
		return;
	case Owhile:
	case Odo:
	case Ofor:
		if(n->op == Ofor && n->right != nil)
			n->right = echeck(n->right);
		if(n->left != nil){
			n->left = value(n->left);
			if(n->left->ty->kind != Tint && n->left->ty->kind != Terror)
				error(&n->src, "loop condition is not an int");
		}
		if(n->third != nil)
			n->third = echeck(n->third);
		pushlab(name, 1);
		n->str = name;
		scheck(n->fourth);
		poplab();
		return;
	case Ocase:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind != Tint && t->kind != Tbyte && t->kind != Tbig && t->kind != Tstring && t->kind != Terror)
			error(&n->src, "case argument must be int, big, byte or string");
		n->str = name;
		pushlab(name, 0);
		casecheck(n, t);
		poplab();
		overlaps(n);
		return;
	case Oalt:
		n->str = name;
		pushlab(name, 0);
		for(c = n->right; c != nil; c = c->right){
			pushscope();
			for(lab = c->left->left; lab != nil; lab = lab->right){
				l = lab->left;
				if(l->op == Owild){
					continue;
				}
				if(l->op == Odas && l->right->op == Orcv || l->op == Oas && l->right->op == Orcv || l->op == Orcv || l->op == Osnd){
					lab->left = echeck(l);
					continue;
				}
				lab->left = altguard(l);
			}
			scheck(c->left->right);
			popscope();
		}
		poplab();
		return;
	case Opick:
		n->left = value(n->left);
		t = n->left->ty;
		if(t->kind != Tref || t->tof->kind != Tadt || t->tof->tags == nil){
			if(t->kind != Terror)
				error(&n->src, "pick argument must be a ref adt with pick fields");
			for(c = n->right; c != nil; c = c->right){
				pushscope();
				scheck(c->left->right);
				popscope();
			}
			return;
		}
		n->str = name;
		pushlab(name, 0);
		for(c = n->right; c != nil; c = c->right){
			Type *tagty = nil;
			int ntags = 0;
			for(lab = c->left->left; lab != nil; lab = lab->right){
				l = lab->left;
				if(l->op == Owild)
					continue;
				if(l->op != Oname){
					error(&l->src, "pick label must be a tag name");
					continue;
				}
				d = namedot(t->tof->tags, l->decl->sym);
				if(d == nil){
					error(&l->src, "%s is not a pick tag of %s", l->decl->sym->name, typestr(t->tof));
					continue;
				}
				l->decl = d;
				l->val = d->tag;
				l->ty = tint;
				ntags++;
				if(tagty == nil)
					tagty = d->ty;
				else if(tagty != d->ty)
					tagty = t->tof;
			}
			pushscope();
			if(n->decl != nil){
				Type *vt;
				if(ntags == 1 || tagty != nil && tagty != t->tof)
					vt = mktype(Tref, tagty, nil);
				else
					vt = t;
				sizetype(vt);
				c->decl = newlocal(&n->decl->src, n->decl->sym, vt);
			}
			scheck(c->left->right);
			popscope();
		}
		poplab();
		return;
	case Obreak:
	case Ocont:
		if(n->str != nil){
			if(findlabel(n->str, n->op == Ocont) < 0)
				error(&n->src, "%s %s not in enclosing %s", n->op == Obreak ? "break" : "continue", n->str,
					n->op == Obreak ? "statement" : "loop");
		}else if(n->op == Ocont){
			int i, ok = 0;
			for(i = 0; i < nlabels; i++)
				if(labkind[i])
					ok = 1;
			if(!ok)
				error(&n->src, "continue not in a loop");
		}else if(nlabels == 0)
			error(&n->src, "break not in a loop, case, alt or pick");
		return;
	case Oret:
		t = curfn->fty->tof;
		if(n->left == nil){
			if(t != nil && t->kind != Tnone)
				error(&n->src, "return of nothing from a fn of %s", typestr(t));
			return;
		}
		if(t == nil || t->kind == Tnone){
			/* Inferno accepts return f(); when f has no value either */
			n->left = echeck(n->left);
			if(n->left->ty->kind != Tnone && n->left->ty->kind != Terror)
				error(&n->src, "return of a value from a fn of no type");
			return;
		}
		n->left = value(n->left);
		if(!tcompat(t, n->left, 0))
			error(&n->src, "return type mismatch: %s and %s", typestr(t), typestr(n->left->ty));
		else
			n->left = assignto(t, n->left, "return");
		return;
	case Oexit:
		return;
	case Ospawn:
		n->left = echeck(n->left);
		if(n->left->op != Ocall)
			error(&n->src, "spawn needs a function call");
		else if(n->left->ty->kind != Tnone && n->left->ty->kind != Terror)
			error(&n->src, "cannot spawn a function that returns a value");
		return;
	case Oraise:
		if(n->left == nil && inhandler == 0)
			error(&n->src, "raise with no exception outside an exception handler");
		if(n->left != nil){
			n->left = value(n->left);
			l = n->left;
			if(l->op == Oname && l->decl != nil && l->decl->exslot != nil){
				/* raise e in a typed arm: the value caught */
				l->decl = l->decl->exslot;
				l->ty = exvaltype();
			}
			if(l->ty->kind != Tstring && l->ty->kind != Texception && l->ty->kind != Terror)
				error(&n->src, "raise needs a string or exception, not %s", typestr(l->ty));
		}
		return;
	case Oexstmt:
		pushscope();
		scheck(n->left);
		popscope();
		d = newlocal(n->decl != nil ? &n->decl->src : &n->src, nil, tstring);
		if(n->decl != nil)
			d->sym = n->decl->sym;
		n->decl = d;
		for(c = n->right; c != nil; c = c->right){
			Decl *ex, *nd;
			int mixed;

			ex = nil;
			mixed = 0;
			for(lab = c->left->left; lab != nil; lab = lab->right){
				l = lab->left;
				if(l->op == Owild){
					mixed = 1;
					continue;
				}
				l = echeck(l);
				if(isexcon(l)){
					lab->left = l;
					/* E1 or E2 =>, of one type: e is of that type, as in Inferno */
					if(ex != nil && ex != l->decl && !tequal(ex->ty, l->decl->ty) || ex == nil && lab != c->left->left)
						mixed = 1;
					if(ex == nil)
						ex = l->decl;
					continue;
				}
				if(ex != nil)
					mixed = 1;
				lab->left = fold(value(l));
				if(lab->left->ty->kind != Terror && (!isconst(lab->left) || lab->left->ty->kind != Tstring))
					error(&l->src, "exception label must be a string constant or an exception");
			}
			pushscope();
			c->left->decl = nil;
			c->left->tyarg = nil;
			if(d->sym != nil){
				if(ex == nil && !mixed)
					install(d);
				else{
					/* e: the exception's values, or (in * and mixed arms) the exception itself */
					if(ex != nil && !mixed){
						c->left->tyarg = ex->ty;
						nd = newlocal(&d->src, d->sym, exview(ex->ty));
					}else
						nd = newlocal(&d->src, d->sym, exvaltype());
					nd->exslot = d;
					c->left->decl = nd;
				}
			}
			inhandler++;
			pushlab(nil, 0);	/* break leaves the handler, as in Inferno */
			scheck(c->left->right);
			poplab();
			inhandler--;
			popscope();
		}
		exdups(n->right);
		return;
	}
	l = echeck(n);
	if(l != n)
		*n = *l;
	if(haseffect(n) || n->ty != nil && n->ty->kind == Terror)
		return;
	/* Inferno's limbo evaluates it and, with -w, says so */
	if(dowarn){
		char buf[StrSize];
		*etext(buf, buf+sizeof buf, n) = 0;
		warn(&n->src, "result of expression '%s' not used", buf);
	}
}


/* type check the body of function d */
void
fncheck(Decl *d)
{
	Decl *a, *na, *h, **l;

	curfn = d;
	lastlocal = nil;
	d->locals = nil;
	nlabels = 0;
	inhandler = 0;
	pushscope();
	for(a = d->apolys; a != nil; a = a->next)
		install(a);
	for(a = d->fty->polys; a != nil; a = a->next)
		install(a);
	h = nil;
	l = &h;
	for(a = d->fty->ids; a != nil; a = a->next){
		na = mkdecl(&a->src, Darg, a->ty, a->sym);
		na->offset = a->offset;
		na->implicit = a->implicit;
		if(a->sym != nil)
			install(na);
		*l = na;
		l = &na->next;
	}
	d->args = h;
	pushscope();
	fnscope = scope;
	slist(d->body->left);
	popscope();
	popscope();
	curfn = nil;
}
