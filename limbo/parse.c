#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Recursive descent parser.  Each function is named after the
 * grammar rule it recognises; the rule is given above it.
 * Syntax errors skip to the next ';' or '}' and carry on.
 */

static	Node*	expr(void);
static	Node*	binexp(int);
static	Node*	stmt(void);
static	Node*	block(void);
static	Type*	type(void);
static	Node*	idecl(Decl*, int);

Sym*	impsym;
Decl*	impsyms;	/* implement A, B, ...: the names */

static	int	depth;	/* expression and statement nesting, bounded */

static int
toodeep(void)
{
	if(depth < 3000)
		return 0;
	error(&tok.src, "expression or statement nested too deeply");
	exits("errors");
	return 1;
}


/* after a failed attempt, make sure the parser moves on */
static void
progress(Src *before)
{
	if(tok.t != Leof && tok.src.file == before->file && tok.src.line == before->line && tok.src.pos == before->pos)
		next();
}

static int
want(int t)
{
	if(tok.t == t){
		next();
		return 1;
	}
	error(&tok.src, "syntax error near %s: expected %s", toktext(&tok), tokname(t));
	return 0;
}

/* skip to a likely statement boundary after a syntax error */
static void
resync(void)
{
	int depth;

	depth = 0;
	while(tok.t != Leof){
		if(tok.t == '{')
			depth++;
		if(tok.t == '}'){
			if(depth == 0)
				return;
			depth--;
		}
		if(tok.t == ';' && depth == 0){
			next();
			return;
		}
		next();
	}
}

Node*
mkn(int op, Node *l, Node *r)
{
	Node *n;

	n = emalloc(sizeof *n);
	n->op = op;
	n->left = l;
	n->right = r;
	n->src = tok.src;
	if(l != nil){
		n->src.file = l->src.file;
		n->src.line = l->src.line;
		n->src.pos = l->src.pos;
	}
	return n;
}

static void
endsrc(Node *n, Src *s)
{
	USED(s);
	n->src.eline = lastsrc.eline;
	n->src.epos = lastsrc.epos;
}

Decl*
mkdecl(Src *src, int store, Type *t, Sym *s)
{
	Decl *d;

	d = emalloc(sizeof *d);
	if(src != nil)
		d->src = *src;
	d->store = store;
	d->ty = t;
	d->sym = s;
	return d;
}

Type*
mktype(int kind, Type *tof, Decl *ids)
{
	Type *t;

	t = emalloc(sizeof *t);
	t->kind = kind;
	t->tof = tof;
	t->ids = ids;
	t->src = tok.src;
	t->sbl = -1;
	return t;
}

static Decl*
appdecl(Decl *l, Decl *d)
{
	Decl *p;

	if(l == nil)
		return d;
	for(p = l; p->next != nil; p = p->next)
		;
	p->next = d;
	return l;
}

/* idlist: id {',' id}   (nil allowed when nilok) */
static Decl*
idlist(int nilok)
{
	Decl *h, *d;

	h = nil;
	for(;;){
		if(tok.t == Lid)
			d = mkdecl(&tok.src, Dundef, nil, tok.sym);
		else if(nilok && tok.t == Lnil)
			d = mkdecl(&tok.src, Dundef, nil, nil);
		else{
			error(&tok.src, "syntax error near %s: expected identifier", toktext(&tok));
			return h;
		}
		next();
		h = appdecl(h, d);
		if(tok.t != ',')
			break;
		next();
	}
	return h;
}

/* polys: '[' id {',' id} ']' -- the type parameters of a polymorphic function */
static Decl*
polylist(void)
{
	Decl *h, *d;
	Type *t;

	h = nil;
	want('[');
	while(tok.t == Lid){
		t = mktype(Tpoly, nil, nil);
		t->tsym = tok.sym;
		d = mkdecl(&tok.src, Dtype, t, tok.sym);
		t->decl = d;
		h = appdecl(h, d);
		next();
		if(tok.t != ',')
			break;
		next();
	}
	want(']');
	return h;
}

static Type*	type(void);

/*
 * forclause: 'for' '{' {id '=>' {idlist ':' type ';'}} '}' -- the functions
 * the type parameters of a polymorphic function or adt must provide, as
 * members of the adt they are bound to.  Each becomes a Decl whose psym is
 * its type parameter.
 */
static Decl*
forclause(void)
{
	Decl *h, *ids, *d;
	Sym *p;
	Type *t;

	if(tok.t != Lfor || peek(1)->t != '{')
		return nil;
	next();
	next();
	h = nil;
	p = nil;
	while(tok.t != '}' && tok.t != Leof){
		if(tok.t == Lid && peek(1)->t == Larrow){
			p = tok.sym;
			next();
			next();
			continue;
		}
		ids = idlist(0);
		if(ids == nil || !want(':'))
			break;
		t = type();
		for(d = ids; d != nil; d = d->next){
			d->store = Dfn;
			d->ty = t;
			d->psym = p;
			if(p == nil)
				error(&d->src, "constraint %s needs a type parameter: T => %s: ...", d->sym->name, d->sym->name);
		}
		h = appdecl(h, ids);
		if(!want(';'))
			break;
	}
	want('}');
	return h;
}

/*
 * Constraint functions are passed as Inferno's limbo passes them: after
 * the declared arguments, for each type parameter in turn (the
 * function's, then, for a member function of a polymorphic adt, the
 * adt's), for each of its constraints, two hidden arguments: the module
 * whose function it is and the function's index in that module's
 * interface (.T.f and .T.f.i).  The callee calls through them with
 * mframe and mcall.  Type signatures leave them out.
 */
void
hiddenargs(Type *ft, Decl *polys, Decl *constrs)
{
	Decl *p, *c, *d;
	char buf[128];

	for(p = polys; p != nil; p = p->next)
		for(c = constrs; c != nil; c = c->next){
			if(c->psym != p->sym)
				continue;
			if(c->ty == nil || c->ty->kind != Tfn){
				if(c->ty != nil && c->ty->kind != Tfn)
					error(&c->src, "constraint %s is not a function", c->sym->name);
				continue;
			}
			snprint(buf, sizeof buf, ".%s.%s", c->psym->name, c->sym->name);
			d = mkdecl(&c->src, Darg, tany, enter(buf, 0));
			d->hidden = 1;
			ft->ids = appdecl(ft->ids, d);
			snprint(buf, sizeof buf, ".%s.%s.i", c->psym->name, c->sym->name);
			d = mkdecl(&c->src, Darg, tint, enter(buf, 0));
			d->hidden = 1;
			ft->ids = appdecl(ft->ids, d);
		}
}

/* typeargs: '[' type {',' type} ']' -- the type arguments of a polymorphic adt */
static Decl*
typeargs(void)
{
	Decl *h;

	h = nil;
	want('[');
	for(;;){
		if(tok.t == Lcyclic)
			next();	/* Inferno's cyclic marks the argument; the sizes here need it not */
		h = appdecl(h, mkdecl(&tok.src, Dtype, type(), nil));
		if(tok.t != ',')
			break;
		next();
	}
	want(']');
	return h;
}

/* fnargs: '(' [arg {',' arg}] [',' '*'] ')'  arg: idlist ':' ['self'] type */
static Type*
fnargs(void)
{
	Type *ft, *t;
	Decl *ids, *d, *all;
	int self;

	ft = mktype(Tfn, tnone, nil);
	all = nil;
	want('(');
	while(tok.t != ')' && tok.t != Leof){
		if(tok.t == '*'){
			next();
			ft->varargs = 1;
			break;
		}
		ids = idlist(1);
		if(!want(':'))
			break;
		self = 0;
		if(tok.t == Lself){
			self = 1;
			next();
		}
		t = type();
		for(d = ids; d != nil; d = d->next){
			d->ty = t;
			d->store = Darg;
			d->implicit = self;
		}
		all = appdecl(all, ids);
		if(tok.t != ',')
			break;
		next();
	}
	want(')');
	ft->ids = all;
	if(tok.t == ':'){
		next();
		ft->tof = type();
	}
	if(tok.t == Lraises){
		/* raises name | raises (name, ...): recorded for the signature */
		int paren;

		next();
		paren = tok.t == '(';
		if(paren)
			next();
		for(;;){
			if(tok.t == Lid)
				ft->raises = appdecl(ft->raises, mkdecl(&tok.src, Dundef, nil, tok.sym));
			else if(tok.t == Lsconst)
				ft->raises = appdecl(ft->raises, mkdecl(&tok.src, Dundef, nil, enter(tok.str, tok.slen)));
			else{
				error(&tok.src, "syntax error near %s: expected exception name", toktext(&tok));
				break;
			}
			next();
			if(!paren || tok.t != ',')
				break;
			next();
		}
		if(paren)
			want(')');
	}
	ft->constrs = forclause();
	return ft;
}

/*
 * type: int | big | byte | real | string | ref type | array of type
 *	| list of type | chan of type | '(' type {',' type} ')'
 *	| fn fnargs | id ['->' id] {'.' id}
 */
static Type*	type1(void);

static Type*
type(void)
{
	Type *t;

	if(toodeep())
		return terror;
	depth++;
	t = type1();
	depth--;
	return t;
}

/* t followed by {'.' id}: a Tdot for each, at s */
static Type*
dots(Type *t, Src s)
{
	Type *tt;

	while(tok.t == '.' && peek(1)->t == Lid){
		next();
		tt = mktype(Tdot, t, nil);
		tt->tsym = tok.sym;
		tt->src = s;
		t = tt;
		next();
	}
	return t;
}

/*
 * fixed(scale [, max]): Inferno's fixed-point types, not implemented
 * here; refused by name, its arguments skipped
 */
static Type*
fixedtype(void)
{
	int depth;

	error(&tok.src, "fixed-point types are not implemented (a known difference from Inferno's limbo)");
	next();
	if(tok.t != '(')
		return terror;
	depth = 0;
	do{
		if(tok.t == '(')
			depth++;
		else if(tok.t == ')')
			depth--;
		next();
	}while(depth > 0 && tok.t != Leof && tok.t != ';');
	return terror;
}

static Type*
type1(void)
{
	Type *t, *tt;
	Decl *ids, *d;
	Src s;

	s = tok.src;
	switch(tok.t){
	case Lint:	next(); return tint;
	case Lbig:	next(); return tbig;
	case Lbyte:	next(); return tbyte;
	case Lreal:	next(); return treal;
	case Lstring:	next(); return tstring;
	case Lfixed:
		return fixedtype();
	case Lref:
		next();
		t = mktype(Tref, type(), nil);
		t->src = s;
		return t;
	case Larray:
	case Llist:
	case Lchan:
		tt = nil;
		t = mktype(tok.t == Larray ? Tarray : tok.t == Llist ? Tlist : Tchan, nil, nil);
		t->src = s;
		next();
		want(Lof);
		t->tof = type();
		return t;
	case '(':
		next();
		ids = nil;
		for(;;){
			d = mkdecl(&tok.src, Dfield, type(), nil);
			ids = appdecl(ids, d);
			if(tok.t != ',')
				break;
			next();
		}
		want(')');
		if(ids != nil && ids->next == nil && tok.t == '.' && peek(1)->t == Lid){
			/* (M->A).Tag: a parenthesized type, for its pick tag */
			return dots(ids->ty, s);
		}
		if(ids != nil && ids->next == nil)
			return ids->ty;	/* (T) is T, as in Inferno */
		t = mktype(Ttuple, nil, ids);
		t->src = s;
		return t;
	case Lfn:
		next();
		ids = nil;
		if(tok.t == '[')
			ids = polylist();
		t = fnargs();
		t->polys = ids;
		hiddenargs(t, t->polys, t->constrs);
		t->src = s;
		return t;
	case Lid:
		t = mktype(Tid, nil, nil);
		t->tsym = tok.sym;
		t->src = s;
		next();
		if(tok.t == Lmdot){
			next();
			if(tok.t != Lid){
				error(&tok.src, "syntax error near %s: expected identifier", toktext(&tok));
				return terror;
			}
			tt = mktype(Tarrow, t, nil);
			tt->tsym = tok.sym;
			tt->src = s;
			t = tt;
			next();
		}
		if(tok.t == '['){
			tt = mktype(Tapp, t, nil);
			tt->src = s;
			tt->targs = typeargs();
			t = tt;
		}
		return dots(t, s);
	}
	error(&tok.src, "syntax error near %s: expected a type", toktext(&tok));
	return terror;
}


/* does the token after '[' start a type rather than an expression? */
static int
istypearg(void)
{
	switch(tok.t){
	case Lref: case Larray: case Llist: case Lchan: case Lfn: case Lcyclic:
		return 1;
	case Lint: case Lbig: case Lbyte: case Lreal: case Lstring:
		return peek(1)->t == ']' || peek(1)->t == ',';
	}
	return 0;
}

/*
 * Adt[arg {',' arg}] in an expression, '[' already read, e the first
 * argument if it was read as an expression: the arguments are types
 * (tyarg) or expressions naming types (init), sorted out by check.c
 */
static Node*
tyapp(Node *l, Node *e)
{
	Node *n;
	Decl *d;

	n = mkn(Otyapp, l, nil);
	n->src = l->src;
	for(;;){
		d = mkdecl(&tok.src, Dtype, nil, nil);
		if(e != nil){
			d->init = e;
			e = nil;
		}else if(istypearg()){
			if(tok.t == Lcyclic)
				next();
			d->ty = type();
		}
		else
			d->init = expr();
		n->ids = appdecl(n->ids, d);
		if(tok.t != ',')
			break;
		next();
	}
	want(']');
	endsrc(n, nil);
	return n;
}

/* explist: exp {',' exp} */
static Node*
explist(void)
{
	Node *h, **l;

	h = nil;
	l = &h;
	for(;;){
		*l = mkn(Oseq, expr(), nil);
		l = &(*l)->right;
		if(tok.t != ',')
			break;
		next();
	}
	return h;
}

/* initlist: initelem {',' initelem} [',']   initelem: [qual {or qual} '=>'] exp; qual: exp ['to' exp] | '*' */
static Node*
initlist(int close)
{
	Node *h, **l, *e, *lab, *labs, **ll;

	h = nil;
	l = &h;
	while(tok.t != close && tok.t != Leof){
		labs = nil;
		ll = &labs;
		e = nil;
		for(;;){
			if(tok.t == '*' && (peek(1)->t == Larrow || peek(1)->t == Lor)){
				lab = mkn(Owild, nil, nil);
				next();
			}else{
				lab = expr();
				if(tok.t == Lto){
					next();
					lab = mkn(Orange, lab, expr());
				}
			}
			if(tok.t == Lor){
				*ll = mkn(Oseq, lab, nil);
				ll = &(*ll)->right;
				next();
				continue;
			}
			if(tok.t == Larrow){
				*ll = mkn(Oseq, lab, nil);
				next();
				e = expr();
			}else if(labs == nil && lab->op != Owild && lab->op != Orange)
				e = lab;
			else
				error(&tok.src, "syntax error near %s: expected =>", toktext(&tok));
			break;
		}
		if(labs != nil)
			e = mkn(Oelem, labs, e);
		*l = mkn(Oseq, e, nil);
		l = &(*l)->right;
		if(tok.t != ',')
			break;
		next();
	}
	return h;
}

/*
 * primary: id | const | string | nil | '(' explist ')' | primary '(' [explist] ')'
 *	| primary '[' exp [':' [exp]] ']' | primary '.' id | primary '->' id
 *	| primary '++' | primary '--'
 */
static Node*
primary(void)
{
	Node *n, *e;
	Src s;

	s = tok.src;
	switch(tok.t){
	case Lid:
		n = mkn(Oname, nil, nil);
		n->decl = mkdecl(&tok.src, Dundef, nil, tok.sym);
		n->str = tok.sym->name;
		next();
		break;
	case Lconst:
		n = mkn(Oconst, nil, nil);
		n->val = tok.ival;
		n->ty = tint;
		if(tok.ival > 0x7fffffff || tok.ival < -0x7fffffff)
			n->ty = tbig;	/* too large for an int: big, as in Inferno */
		if(tok.byte)
			n->flags |= Nbyte;
		next();
		break;
	case Lrconst:
		n = mkn(Oconst, nil, nil);
		n->rval = tok.rval;
		n->ty = treal;
		next();
		break;
	case Lsconst:
		n = mkn(Oconst, nil, nil);
		n->str = tok.str;
		n->slen = tok.slen;
		n->ty = tstring;
		next();
		break;
	case Lnil:
		n = mkn(Oname, nil, nil);
		n->decl = nildecl;
		n->str = "nil";
		next();
		break;
	case '(':
		next();
		e = explist();
		want(')');
		if(e->right == nil)
			n = e->left;
		else{
			n = mkn(Otuple, e, nil);
			n->src = s;
		}
		break;
	default:
		error(&tok.src, "syntax error near %s", toktext(&tok));
		n = mkn(Oconst, nil, nil);
		n->ty = tint;
		if(tok.t != ';' && tok.t != ')' && tok.t != '}' && tok.t != ']' && tok.t != ',' && tok.t != Leof)
			next();
		return n;
	}
	for(;;){
		switch(tok.t){
		case '(':
			next();
			e = nil;
			if(tok.t != ')')
				e = explist();
			n = mkn(Ocall, n, e);
			n->src.line = s.line;
			n->src.pos = s.pos;
			want(')');
			endsrc(n, nil);
			continue;
		case '[':
			next();
			if(istypearg()){
				n = tyapp(n, nil);
				continue;
			}
			if(tok.t == ':')	/* a[:j] is a[0:j] */
				e = mkconst(&tok.src, tint, 0);
			else
				e = expr();
			if(tok.t == ','){
				n = tyapp(n, e);
				continue;
			}
			if(tok.t == ':'){
				next();
				n = mkn(Oslice, n, mkn(Oseq, e, tok.t == ']' ? nil : expr()));
			}else
				n = mkn(Oindex, n, e);
			want(']');
			endsrc(n, nil);
			continue;
		case '.':
			next();
			if(tok.t != Lid){
				error(&tok.src, "syntax error near %s: expected identifier", toktext(&tok));
				return n;
			}
			n = mkn(Odot, n, nil);
			n->str = tok.sym->name;
			n->decl = mkdecl(&tok.src, Dundef, nil, tok.sym);
			next();
			endsrc(n, nil);
			continue;
		case Lmdot:
			/*
			 * m->x, or as Inferno's precedence has it, m->(e).f or
			 * m->x.f...: the method f called through module m
			 */
			next();
			if(tok.t == '(' || tok.t == Lid && peek(1)->t == '.' && peek(2)->t == Lid){
				if(tok.t == '('){
					next();
					e = expr();
					want(')');
				}else{
					e = mkn(Oname, nil, nil);
					e->decl = mkdecl(&tok.src, Dundef, nil, tok.sym);
					e->str = tok.sym->name;
					next();
				}
				while(tok.t == '.' && peek(1)->t == Lid){
					next();
					e = mkn(Odot, e, nil);
					e->str = tok.sym->name;
					e->decl = mkdecl(&tok.src, Dundef, nil, tok.sym);
					next();
					endsrc(e, nil);
				}
				n = mkn(Omdot, n, e);
				endsrc(n, nil);
				continue;
			}
			if(tok.t != Lid){
				error(&tok.src, "syntax error near %s: expected identifier", toktext(&tok));
				return n;
			}
			n = mkn(Omdot, n, nil);
			n->str = tok.sym->name;
			n->decl = mkdecl(&tok.src, Dundef, nil, tok.sym);
			next();
			endsrc(n, nil);
			continue;
		case Linc:
			n = mkn(Oinc, n, nil);
			next();
			endsrc(n, nil);
			continue;
		case Ldec:
			n = mkn(Odec, n, nil);
			next();
			endsrc(n, nil);
			continue;
		}
		break;
	}
	return n;
}

static Node*
mkun(int op, Src *s, Node *l)
{
	Node *n;

	n = mkn(op, l, nil);
	n->src.file = s->file;
	n->src.line = s->line;
	n->src.pos = s->pos;
	if(l != nil){
		n->src.eline = l->src.eline;
		n->src.epos = l->src.epos;
	}
	return n;
}

/*
 * unary: primary | '-' unary | '+' unary | '!' unary | '~' unary | '*' unary
 *	| '++' unary | '--' unary | '<-' unary | hd unary | tl unary | len unary
 *	| tagof unary | ref unary | load type unary | castype unary
 *	| array '[' [exp] ']' of (type | '{' initlist '}') | list of '{' explist '}'
 *	| chan ['[' exp ']'] of type
 */
static Node*
unary(void)
{
	Node *n, *e;
	Type *t;
	Src s;
	int op;

	s = tok.src;
	switch(tok.t){
	case '-':	op = Oneg; goto un;
	case '+':	next(); return unary();
	case '!':	op = Onot; goto un;
	case '~':	op = Ocom; goto un;
	case '*':	op = Oind; goto un;
	case Linc:	op = Opreinc; goto un;
	case Ldec:	op = Opredec; goto un;
	case Lcomm:	op = Orcv; goto un;
	case Lhd:	op = Ohd; goto un;
	case Ltl:	op = Otl; goto un;
	case Llen:	op = Olen; goto un;
	case Ltagof:	op = Otagof; goto un;
	case Lref:	op = Oref; goto un;
	un:
		next();
		if(toodeep())
			return mkconst(&tok.src, tint, 0);
		depth++;
		n = mkun(op, &s, unary());
		depth--;
		return n;
	case Lload:
		/* load's operand takes every binary operator: load T "/dis/"+f */
		next();
		t = type();
		if(toodeep())
			return mkconst(&tok.src, tint, 0);
		depth++;
		n = mkun(Oload, &s, binexp(1));
		depth--;
		n->tyarg = t;
		return n;
	case Lint: case Lbig: case Lbyte: case Lreal: case Lstring: case Lfixed:
		t = type();
		n = mkun(Ocast, &s, unary());
		n->tyarg = t;
		return n;
	case Larray:
		if(peek(1)->t == Lof){
			/* array of byte conversion */
			t = type();
			n = mkun(Ocast, &s, unary());
			n->tyarg = t;
			return n;
		}
		next();
		want('[');
		e = nil;
		if(tok.t != ']')
			e = expr();
		want(']');
		want(Lof);
		if(tok.t == '{'){
			next();
			n = mkn(Oarray, e, initlist('}'));
			n->src = s;
			want('}');
			endsrc(n, nil);
			return n;
		}
		if(e == nil)	/* array[] of T: only with an initializer */
			error(&tok.src, "syntax error near %s: expected {", toktext(&tok));
		n = mkn(Oarrayz, e, nil);
		n->src = s;
		n->tyarg = type();
		endsrc(n, nil);
		return n;
	case Llist:
		next();
		want(Lof);
		want('{');
		n = mkn(Olist, explist(), nil);
		n->src = s;
		want('}');
		return n;
	case Lchan:
		next();
		e = nil;
		if(tok.t == '['){
			next();
			e = expr();
			want(']');
		}
		want(Lof);
		n = mkn(Ochan, e, nil);
		n->src = s;
		n->tyarg = type();
		return n;
	}
	return primary();
}

static int
binprec(int t, int *op)
{
	switch(t){
	case Loror:	*op = Ooror; return 1;
	case Landand:	*op = Oandand; return 2;
	case Lcons:	*op = Ocons; return 3;
	case '|':	*op = Oor; return 4;
	case '^':	*op = Oxor; return 5;
	case '&':	*op = Oand; return 6;
	case Leq:	*op = Oeq; return 7;
	case Lneq:	*op = Oneq; return 7;
	case '<':	*op = Olt; return 8;
	case '>':	*op = Ogt; return 8;
	case Lleq:	*op = Oleq; return 8;
	case Lgeq:	*op = Ogeq; return 8;
	case Llsh:	*op = Olsh; return 9;
	case Lrsh:	*op = Orsh; return 9;
	case '+':	*op = Oadd; return 10;
	case '-':	*op = Osub; return 10;
	case '*':	*op = Omul; return 11;
	case '/':	*op = Odiv; return 11;
	case '%':	*op = Omod; return 11;
	case Lexp:	*op = Oexp; return 12;
	case Lcomm:	*op = Osnd; return 13;	/* c <- v, as Inferno's grammar has it; c <-= v is expr's */
	}
	return 0;
}

/* binexp(p): unary {binop(prec >= p) binexp} -- precedence climbing; :: ** <- are right associative */
static Node*
binexp(int p)
{
	Node *l, *r, *n;
	int q, op, chain;

	l = unary();
	for(chain = 0; ; chain++){
		q = binprec(tok.t, &op);
		if(q == 0 || q < p || tok.t == Lcomm && peek(1)->t == '=')
			return l;
		if(chain > 20000){
			error(&tok.src, "expression too long");
			exits("errors");
		}
		next();
		if(op == Ocons || op == Oexp || op == Osnd)
			r = binexp(q);
		else
			r = binexp(q+1);
		n = mkn(op, l, r);
		if(r != nil){
			n->src.eline = r->src.eline;
			n->src.epos = r->src.epos;
		}
		l = n;
	}
}

/* exp: binexp [('=' | ':=' | op= | '<-=') exp] */
static Node*
expr(void)
{
	Node *l, *n;
	int op;

	if(toodeep())
		return mkconst(&tok.src, tint, 0);
	depth++;
	l = binexp(1);
	depth--;
	switch(tok.t){
	case '=':	op = Oas; break;
	case Ldeclas:	op = Odas; break;
	case Lasop:	op = tok.ival; break;
	case Lcomm:
		if(peek(1)->t != '=')
			return l;
		next();
		op = Osnd;
		break;
	default:
		return l;
	}
	next();
	depth++;
	n = mkn(op, l, expr());
	depth--;
	if(n->right != nil){
		n->src.eline = n->right->src.eline;
		n->src.epos = n->right->src.epos;
	}
	return n;
}

/*
 * does a case, alt or pick label (qual {or qual} =>) start at the
 * current token?  It does when => or 'or' comes, outside brackets,
 * before the end of a statement (; { or }): a guard may look like an
 * expression statement, (a, b) := <-c =>
 */
static int
islabel(void)
{
	Tok *p;
	int i, depth;

	depth = 0;
	for(i = 0; i < Npeek; i++){
		p = i == 0 ? &tok : peek(i);
		switch(p->t){
		case Larrow:
		case Lor:
			if(depth == 0)
				return 1;
			break;
		case '(': case '[':
			depth++;
			break;
		case ')': case ']':
			if(--depth < 0)
				return 0;
			break;
		case ';': case '{': case '}': case Leof:
			return 0;
		}
	}
	return 0;
}

/* caselabels: qual {or qual} '=>' stmts */
static Node*
caseclauses(int isexc)
{
	Node *h, **l, *labs, **ll, *lab, *body, **bl;

	USED(isexc);
	h = nil;
	l = &h;
	want('{');
	while(tok.t != '}' && tok.t != Leof){
		Src cbefore = tok.src;
		labs = nil;
		ll = &labs;
		for(;;){
			if(tok.t == '*' && (peek(1)->t == Larrow || peek(1)->t == Lor)){
				lab = mkn(Owild, nil, nil);
				next();
			}else{
				lab = expr();
				if(tok.t == Lto){
					next();
					lab = mkn(Orange, lab, expr());
				}
			}
			*ll = mkn(Oseq, lab, nil);
			ll = &(*ll)->right;
			if(tok.t != Lor)
				break;
			next();
		}
		if(!want(Larrow)){
			resync();
			continue;
		}
		body = nil;
		bl = &body;
		while(tok.t != '}' && tok.t != Leof){
			if(islabel())
				break;
			{
				Src before = tok.src;
				*bl = mkn(Oseq, stmt(), nil);
				bl = &(*bl)->right;
				progress(&before);
			}
		}
		*l = mkn(Oseq, mkn(Oelem, labs, mkn(Oblock, body, nil)), nil);
		l = &(*l)->right;
		progress(&cbefore);
	}
	want('}');
	return h;
}

/* pickclauses: '{' {tag {or tag} '=>' stmts} '}' */
static Node*
pickclauses(void)
{
	return caseclauses(0);
}

/* a declaration statement: idlist ':' (type ['=' exp] | con exp | type type) ';' */
static Node*
declstmt(void)
{
	Decl *ids;
	Node *n;
	Src s;

	s = tok.src;
	ids = idlist(0);
	want(':');
	return idecl(ids, 0);
}

/*
 * stmt: ';' | block | exp ';' | declstmt | if '(' exp ')' stmt [else stmt]
 *	| [id ':'] (while '(' exp ')' stmt | do stmt while '(' exp ')' ';'
 *	| for '(' [exp] ';' [exp] ';' [exp] ')' stmt | case exp caseclauses
 *	| alt caseclauses | pick id ':=' exp pickclauses | block)
 *	| break [id] ';' | continue [id] ';' | return [exp] ';' | exit ';'
 *	| spawn exp ';' | raise [exp] ';' | block exception [id] caseclauses
 */
static Node*	stmt1(void);

static Node*
stmt(void)
{
	Node *n;

	if(toodeep())
		return mkn(Onothing, nil, nil);
	depth++;
	n = stmt1();
	depth--;
	return n;
}

static Node*
stmt1(void)
{
	Node *n, *e;
	Src s;
	Sym *lab;
	Tok *p;

	s = tok.src;
	lab = nil;
	if(tok.t == Lid && peek(1)->t == ':'){
		p = peek(2);
		switch(p->t){
		case Lfor: case Lwhile: case Ldo: case Lcase: case Lalt: case Lpick:
			lab = tok.sym;
			next();
			next();
			break;
		default:
			return declstmt();
		}
	}else if(tok.t == Lid && peek(1)->t == ','){
		/* a, b: int  or  a, b := ... or a, b = ... (not limbo) */
		int i;
		for(i = 1; ; i += 2){
			p = peek(i);
			if(p->t != ',' || peek(i+1)->t != Lid)
				break;
		}
		if(p->t == ':')
			return declstmt();
		if(p->t == Ldeclas){
			Decl *ids = idlist(0);
			want(Ldeclas);
			n = mkn(Odecl, expr(), nil);
			n->ids = ids;
			n->src = s;
			want(';');
			return n;
		}
	}
	switch(tok.t){
	case ';':
		next();
		return mkn(Onothing, nil, nil);
	case '{':
		n = block();
		if(tok.t == Lexception){
			next();
			e = mkn(Oexstmt, n, nil);
			e->src = s;
			if(tok.t == Lid){
				e->decl = mkdecl(&tok.src, Dlocal, tstring, tok.sym);
				next();
			}
			e->right = caseclauses(1);
			n = e;
		}
		break;
	case Lif:
		next();
		want('(');
		e = expr();
		want(')');
		n = mkn(Oif, e, stmt());
		n->src = s;
		if(tok.t == Lelse){
			next();
			n->third = stmt();
		}
		return n;
	case Lwhile:
		next();
		want('(');
		e = nil;	/* while() loops for ever, as for(;;) */
		if(tok.t != ')')
			e = expr();
		want(')');
		n = mkn(Owhile, e, nil);
		n->src = s;
		n->fourth = stmt();
		break;
	case Ldo:
		next();
		n = mkn(Odo, nil, nil);
		n->src = s;
		n->fourth = stmt();
		want(Lwhile);
		want('(');
		if(tok.t != ')')
			n->left = expr();
		want(')');
		want(';');
		break;
	case Lfor:
		next();
		want('(');
		n = mkn(Ofor, nil, nil);
		n->src = s;
		if(tok.t != ';')
			n->right = expr();
		want(';');
		if(tok.t != ';')
			n->left = expr();
		want(';');
		if(tok.t != ')')
			n->third = expr();
		want(')');
		n->fourth = stmt();
		break;
	case Lcase:
		next();
		e = expr();
		n = mkn(Ocase, e, caseclauses(0));
		n->src = s;
		break;
	case Lalt:
		next();
		n = mkn(Oalt, nil, caseclauses(0));
		n->src = s;
		break;
	case Lpick:
		next();
		n = mkn(Opick, nil, nil);
		n->src = s;
		if(tok.t == Lid){
			n->decl = mkdecl(&tok.src, Dlocal, nil, tok.sym);
			next();
		}
		want(Ldeclas);
		n->left = expr();
		n->right = pickclauses();
		break;
	case Lbreak:
	case Lcontinue:
		n = mkn(tok.t == Lbreak ? Obreak : Ocont, nil, nil);
		next();
		if(tok.t == Lid){
			n->str = tok.sym->name;
			next();
		}
		want(';');
		return n;
	case Lreturn:
		next();
		n = mkn(Oret, nil, nil);
		n->src = s;
		if(tok.t != ';')
			n->left = expr();
		endsrc(n, nil);
		want(';');
		return n;
	case Lexit:
		next();
		n = mkn(Oexit, nil, nil);
		n->src = s;
		want(';');
		return n;
	case Lspawn:
		next();
		n = mkn(Ospawn, expr(), nil);
		n->src = s;
		want(';');
		return n;
	case Lraise:
		next();
		n = mkn(Oraise, nil, nil);
		n->src = s;
		if(tok.t != ';')
			n->left = expr();
		endsrc(n, nil);
		want(';');
		return n;
	default:
		n = expr();
		if(!want(';'))
			resync();
		return n;
	}
	if(lab != nil){
		e = mkn(Olabel, n, nil);
		e->str = lab->name;
		e->src = s;
		return e;
	}
	return n;
}

/* block: '{' {stmt} '}' */
static Node*
block(void)
{
	Node *h, **l;
	Src s;

	s = tok.src;
	h = nil;
	l = &h;
	want('{');
	while(tok.t != '}' && tok.t != Leof){
		Src before = tok.src;
		*l = mkn(Oseq, stmt(), nil);
		l = &(*l)->right;
		progress(&before);
	}
	want('}');
	h = mkn(Oblock, h, nil);
	h->src = s;
	endsrc(h, nil);
	return h;
}

/*
 * fields: {idlist ':' (type | fn fnargs | con exp | adt ...) ';' | pick '{' {tag {or tag} '=>' fields} '}'}
 * used for modules (ismod) and adts
 */
static Decl*
fields(int ismod, Decl *owner)
{
	Decl *all, *ids, *d, *tags, *tg;
	Node *n;
	Type *pt;

	all = nil;
	want('{');
	while(tok.t != '}' && tok.t != Leof){
		Src fbefore = tok.src;
		if(tok.t == Lpick && !ismod){
			next();
			want('{');
			tags = nil;
			while(tok.t != '}' && tok.t != Leof){
				ids = nil;
				for(;;){
					if(tok.t != Lid){
						error(&tok.src, "syntax error near %s: expected identifier", toktext(&tok));
						break;
					}
					ids = appdecl(ids, mkdecl(&tok.src, Dtag, nil, tok.sym));
					next();
					if(tok.t != Lor)
						break;
					next();
				}
				want(Larrow);
				pt = mktype(Tadtpick, nil, nil);
				for(d = ids; d != nil; d = d->next){
					d->store = Dtag;
					d->ty = pt;
				}
				pt->decl = ids;
				/* fields up to the next tag */
				while(tok.t != '}' && tok.t != Leof){
					Decl *fids;
					Type *ft;
					int cyc;
					Src pbefore = tok.src;

					if(tok.t == Lid && (peek(1)->t == Larrow || peek(1)->t == Lor))
						break;
					fids = idlist(0);
					want(':');
					cyc = 0;
					if(tok.t == Lcyclic){
						cyc = 1;
						next();
					}
					ft = type();
					for(d = fids; d != nil; d = d->next){
						d->store = Dfield;
						d->ty = ft;
						d->cyc = cyc;
					}
					pt->ids = appdecl(pt->ids, fids);
					want(';');
					progress(&pbefore);
				}
				tags = appdecl(tags, ids);
			}
			want('}');
			for(tg = tags; tg != nil; tg = tg->next)
				tg->dot = owner;
			if(owner != nil)	/* nil after a syntax error in the adt's name */
				owner->ty->tags = tags;
			progress(&fbefore);
			continue;
		}
		ids = idlist(0);
		if(!want(':')){
			resync();
			progress(&fbefore);
			continue;
		}
		idecl(ids, ismod ? 2 : 1);
		for(d = ids; d != nil; d = d->next)
			d->dot = owner;
		all = appdecl(all, ids);
		progress(&fbefore);
	}
	want('}');
	if(tok.t == ';')
		next();
	return all;
}

/*
 * the part of a declaration after 'ids :'
 * where: 0 statement, 1 adt member, 2 module member, 3 top level
 */
static Node*
idecl(Decl *ids, int where)
{
	Node *n;
	Type *t;
	Decl *d;
	int cyc;
	Src s;

	s = tok.src;
	n = mkn(Ovardecl, nil, nil);
	n->ids = ids;
	n->src = ids != nil ? ids->src : s;
	switch(tok.t){
	case Lcon:
		next();
		n->op = Oconst_decl;
		n->left = expr();
		cyc = 0;
		for(d = ids; d != nil; d = d->next){
			d->store = Dconst;
			d->init0 = n->left;
			d->iota = cyc++;
		}
		want(';');
		return n;
	case Ladt:
		next();
		t = mktype(Tadt, nil, nil);
		t->src = s;
		t->decl = ids;
		if(tok.t == '[')
			t->polys = polylist();
		t->constrs = forclause();
		for(d = ids; d != nil; d = d->next){
			d->store = Dtype;
			d->ty = t;
		}
		t->ids = fields(0, ids);
		if(t->constrs != nil)
			for(d = t->ids; d != nil; d = d->next)
				if(d->store == Dfn && d->ty != nil && d->ty->kind == Tfn)
					hiddenargs(d->ty, t->polys, t->constrs);	/* after the function's own */
		n->op = Otypedecl;
		n->ty = t;
		return n;
	case Lmodule:
		next();
		t = mktype(Tmodule, nil, nil);
		t->src = s;
		t->decl = ids;
		for(d = ids; d != nil; d = d->next){
			d->store = Dtype;
			d->ty = t;
		}
		t->ids = fields(1, ids);
		n->op = Otypedecl;
		n->ty = t;
		return n;
	case Ltype:
		next();
		t = type();
		for(d = ids; d != nil; d = d->next){
			d->store = Dtype;
			d->ty = t;
		}
		n->op = Otypedecl;
		n->ty = t;
		want(';');
		return n;
	case Limport:
		next();
		n->op = Oimport;
		n->left = expr();
		for(d = ids; d != nil; d = d->next)
			d->store = Dimport;
		want(';');
		return n;
	case Lexception:
		next();
		t = mktype(Texception, nil, nil);
		t->cons = 1;
		if(tok.t == '('){
			/* exception(T, ...): its values, one or more */
			next();
			for(;;){
				t->ids = appdecl(t->ids, mkdecl(&tok.src, Dfield, type(), nil));
				if(tok.t != ',')
					break;
				next();
			}
			want(')');
		}
		for(d = ids; d != nil; d = d->next){
			d->store = Dconst;
			d->ty = t;
		}
		n->op = Oexcept;
		n->ty = t;
		want(';');
		return n;
	}
	cyc = 0;
	if(tok.t == Lcyclic){
		cyc = 1;
		next();
	}
	t = type();
	n->tyarg = t;
	for(d = ids; d != nil; d = d->next){
		d->ty = t;
		d->cyc = cyc;
		if(where == 1)
			d->store = t->kind == Tfn ? Dfn : Dfield;
		else if(where == 2)
			d->store = t->kind == Tfn ? Dfn : Dglobal;
	}
	if(tok.t == '=' && where != 1 && where != 2){
		next();
		n->left = expr();
	}
	want(';');
	return n;
}

/* does a polymorphic function definition name[T, ...](...) start here */
static int
ispolydef(void)
{
	int i;

	if(peek(1)->t != '[')
		return 0;
	for(i = 2; i < 60; i++){
		if(peek(i)->t == ']'){
			if(peek(i+1)->t == '.' && peek(i+2)->t == Lid && peek(i+3)->t == '(')
				return 2;	/* Adt[T].fn( */
			return peek(i+1)->t == '(';
		}
		if(peek(i)->t != Lid && peek(i)->t != ',')
			return 0;
	}
	return 0;
}

/*
 * topdecl: implement idlist ';' | idlist ':' idecl
 *	| idlist ':=' exp ';' | id '=' exp ';' | fname fnargs block
 * fname: id ['.' id]
 */
static Node*
topdecl(void)
{
	Node *n;
	Decl *ids, *d;
	Type *ft;
	Src s;
	int pd;

	s = tok.src;
	switch(tok.t){
	case ';':
		next();
		return nil;
	case Limplement:
		next();
		ids = idlist(0);
		if(ids != nil){
			if(impsyms != nil)
				error(&s, "only one implement declaration allowed");
			else
				impsyms = ids;
			impsym = ids->sym;
		}
		want(';');
		return nil;
	case Lid:
		pd = ispolydef();
		if(peek(1)->t == '(' || peek(1)->t == '.' && peek(2)->t == Lid && (peek(3)->t == '(' || peek(3)->t == '[') || pd){
			n = mkn(Ofunc, nil, nil);
			n->src = s;
			d = mkdecl(&tok.src, Dfn, nil, tok.sym);
			next();
			if(pd == 2)
				n->ids = polylist();	/* Adt[T, ...].fn: the adt's type parameters */
			if(tok.t == '.'){
				next();
				n->str = d->sym->name;	/* adt name */
				d = mkdecl(&tok.src, Dfn, nil, tok.sym);
				next();
			}
			n->decl = d;
			ids = nil;
			if(tok.t == '[')
				ids = polylist();
			ft = fnargs();
			ft->polys = ids;
			hiddenargs(ft, ft->polys, ft->constrs);	/* an adt's are added when its member is found */
			ft->src = s;
			n->tyarg = ft;
			n->left = block();
			return n;
		}
		if(peek(1)->t == '='){
			/* name = exp; a global declared earlier gets its initial value */
			n = mkn(Oname, nil, nil);
			n->decl = mkdecl(&tok.src, Dundef, nil, tok.sym);
			n->str = tok.sym->name;
			next();
			next();
			n = mkn(Oas, n, expr());
			n->src = s;
			want(';');
			return n;
		}
		ids = idlist(0);
		if(tok.t == Ldeclas){
			next();
			n = mkn(Odecl, expr(), nil);
			n->ids = ids;
			n->src = s;
			want(';');
			return n;
		}
		if(!want(':')){
			resync();
			return nil;
		}
		return idecl(ids, 3);
	}
	error(&tok.src, "syntax error near %s", toktext(&tok));
	resync();
	return nil;
}

/* file: {topdecl} */
Node*
parsefile(void)
{
	Node *h, **l, *n;

	h = nil;
	l = &h;
	next();
	while(tok.t != Leof){
		Src before = tok.src;
		n = topdecl();
		progress(&before);
		if(n == nil)
			continue;
		*l = mkn(Oseq, n, nil);
		l = &(*l)->right;
	}
	return h;
}
