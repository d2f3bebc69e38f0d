#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Statement code generation and the per-function driver.
 */

typedef struct Loop Loop;
struct Loop
{
	char*	name;
	int	isloop;
	void*	breaks;
	void*	conts;
};

Except*	excs;

static	Loop	loops[256];
static	int	nloops;
static	Decl*	handlers[64];	/* exception variables of the enclosing handlers */
static	int	nhandlers;

static	void	scom(Node*);

static void
pushloop(char *name, int isloop)
{
	if(nloops >= nelem(loops))
		fatal("statements nested too deeply");
	loops[nloops].name = name;
	loops[nloops].isloop = isloop;
	loops[nloops].breaks = nil;
	loops[nloops].conts = nil;
	nloops++;
}

static Loop*
poploop(void)
{
	return &loops[--nloops];
}

static void
slist(Node *n)
{
	for(; n != nil; n = n->right)
		scom(n->left);
}

static void
declcom(Node *n)
{
	Decl *d;
	Addr a;

	for(d = n->ids; d != nil; d = d->next){
		if(d->link == nil)
			continue;
		a = decladdr(d->link);
		if(n->left != nil){
			if(d == n->ids)
				ecomto(n->left, a);
			else
				move(d->link->ty, decladdr(n->ids->link), a);
		}else if(isptr(d->link->ty))
			move(d->link->ty, mpnil(), a);
	}
	tfreeall();
}

/* compare v against label lab; branch to the clause when equal (or in range) */
static void*
labcom(Addr v, Type *t, Node *lab, void *l)
{
	Addr lo, hi;
	Inst *skip;

	if(lab->op == Orange){
		lo = eaddr(lab->left);
		hi = eaddr(lab->right);
		skip = emit(cmpop(Olt, t, 0), v, midaddr(lo, t), anone());
		l = addpatch(l, emit(cmpop(Oleq, t, 0), v, midaddr(hi, t), anone()));
		patch(skip, npc);
		return l;
	}
	lo = eaddr(lab);
	return addpatch(l, emit(cmpop(Oeq, t, 0), v, midaddr(lo, t), anone()));
}

static void
casecom(Node *n)
{
	Node *c, *lab;
	Addr v, t;
	Type *ty;
	void *ends, *bodies[512], *wild;
	int i, nc;
	Loop *lp;

	ty = n->left->ty;
	v = eaddr(n->left);
	if(!isdirect(v) && v.mode != Aimm){
		t = talloc(ty);
		move(ty, v, t);
		v = t;
	}
	nc = 0;
	wild = nil;
	for(c = n->right; c != nil && nc < nelem(bodies); c = c->right){
		bodies[nc] = nil;
		for(lab = c->left->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild){
				wild = (void*)(long)(nc+1);
				continue;
			}
			bodies[nc] = labcom(v, ty, lab->left, bodies[nc]);
		}
		nc++;
	}
	ends = nil;
	i = (int)(long)wild;
	ends = addpatch(nil, emit2(IJMP, anone(), anone()));
	if(i)
		bodies[i-1] = joinpatch(bodies[i-1], ends), ends = nil;
	tfreeall();
	pushloop(n->str, 0);
	i = 0;
	for(c = n->right; c != nil && i < nc; c = c->right, i++){
		patchlist(bodies[i], npc);
		scom(c->left->right);
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
	}
	lp = poploop();
	patchlist(ends, npc);
	patchlist(lp->breaks, npc);
}

static void
pickcom(Node *n)
{
	Node *c, *lab;
	Addr v, tag;
	void *ends, *bodies[256];
	int i, nc, wild;
	Loop *lp;

	v = eaddr(n->left);
	if(!isdirect(v)){
		Addr t = talloc(n->left->ty);
		move(n->left->ty, v, t);
		v = t;
	}
	tag = talloc(tint);
	emit2(IMOVW, aind(v, 0), tag);
	nc = 0;
	wild = 0;
	for(c = n->right; c != nil && nc < nelem(bodies); c = c->right){
		bodies[nc] = nil;
		for(lab = c->left->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild){
				wild = nc+1;
				continue;
			}
			bodies[nc] = addpatch(bodies[nc], emit(IBEQW, tag, aimm(lab->left->val), anone()));
		}
		nc++;
	}
	ends = addpatch(nil, emit2(IJMP, anone(), anone()));
	if(wild){
		bodies[wild-1] = joinpatch(bodies[wild-1], ends);
		ends = nil;
	}
	pushloop(n->str, 0);
	i = 0;
	for(c = n->right; c != nil && i < nc; c = c->right, i++){
		patchlist(bodies[i], npc);
		if(c->decl != nil)
			move(c->decl->ty, v, decladdr(c->decl));
		tfreeall();
		scom(c->left->right);
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
	}
	lp = poploop();
	patchlist(ends, npc);
	patchlist(lp->breaks, npc);
}

/*
 * alt: a table of (channel, value address) pairs, sends first, then
 * receives; the alt instruction stores the index of the one taken.
 */
static void
altcom(Node *n)
{
	Node *c, *lab, *l, *labs[256];
	int clause[256], nl, ns, i, k, wild;
	Addr tbl, idx, v, ch;
	Type *tt;
	Decl *ids, *last, *d;
	void *ends, *bodies[256];
	Loop *lp;
	Addr vals[256];

	nl = 0;
	k = 0;
	wild = 0;
	/* sends first */
	for(c = n->right; c != nil; c = c->right, k++)
		for(lab = c->left->left; lab != nil; lab = lab->right)
			if(lab->left->op == Osnd && nl < nelem(labs)){
				clause[nl] = k;
				labs[nl++] = lab->left;
			}
	ns = nl;
	k = 0;
	for(c = n->right; c != nil; c = c->right, k++)
		for(lab = c->left->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild){
				wild = k+1;
				continue;
			}
			if(lab->left->op != Osnd && nl < nelem(labs)){
				clause[nl] = k;
				labs[nl++] = lab->left;
			}
		}
	/* the table type: two words, then (chan, address) pairs */
	ids = nil;
	last = nil;
	for(i = 0; i < 2 + 2*nl; i++){
		d = mkdecl(nil, Dfield, i >= 2 && (i & 1) == 0 ? tany : tint, enter(".alt", 0));
		if(last == nil)
			ids = d;
		else
			last->next = d;
		last = d;
	}
	tt = mktype(Ttuple, nil, ids);
	sizetype(tt);
	tbl = talloc(tt);
	idx = talloc(tint);
	/* values and channels */
	for(i = 0; i < nl; i++){
		l = labs[i];
		if(l->op == Osnd){
			v = eaddr(l->right);
			if(!isdirect(v) && v.mode != Anone){
				Addr t = talloc(l->right->ty);
				move(l->right->ty, v, t);
				v = t;
			}
			if(v.mode == Aimm){
				Addr t = talloc(l->right->ty);
				move(l->right->ty, v, t);
				v = t;
			}
			ch = eaddr(l->left);
		}else{
			Node *r = l->op == Orcv ? l : l->right;
			ch = eaddr(r->left);
			v = talloc(r->ty);
		}
		vals[i] = v;
		emit2(IMOVP, ch, aoff(tbl, 8 + 8*i));
		emit2(ILEA, v, aoff(tbl, 8 + 8*i + 4));
	}
	emit2(IMOVW, aimm(ns), tbl);
	emit2(IMOVW, aimm(nl - ns), aoff(tbl, 4));
	emit2(wild ? INBALT : IALT, tbl, idx);
	k = 0;
	for(c = n->right; c != nil; c = c->right)
		k++;
	for(i = 0; i < k && i < nelem(bodies); i++)
		bodies[i] = nil;
	for(i = 0; i < nl; i++)
		bodies[clause[i]] = addpatch(bodies[clause[i]], emit(IBEQW, idx, aimm(i), anone()));
	if(wild)
		bodies[wild-1] = addpatch(bodies[wild-1], emit2(IJMP, anone(), anone()));
	ends = nil;
	pushloop(n->str, 0);
	i = 0;
	for(c = n->right; c != nil; c = c->right, i++){
		int j;
		patchlist(bodies[i], npc);
		/* deliver received values */
		for(j = ns; j < nl; j++){
			if(clause[j] != i)
				continue;
			l = labs[j];
			if(l->op == Oas){
				Inst *skip = emit(IBNEW, idx, aimm(j), anone());
				if(l->left->op == Oname && l->left->decl == nildecl)
					;
				else
					move(l->right->ty, vals[j], lvaddr(l->left));
				patch(skip, npc);
			}
		}
		scom(c->left->right);
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
	}
	lp = poploop();
	patchlist(ends, npc);
	patchlist(lp->breaks, npc);
}

static Loop*
findloop(char *name, int cont)
{
	int i;

	for(i = nloops-1; i >= 0; i--){
		if(cont && !loops[i].isloop)
			continue;
		if(name == nil || loops[i].name != nil && strcmp(loops[i].name, name) == 0)
			return &loops[i];
	}
	return nil;
}

static void
excom(Node *n)
{
	Except *e;
	Node *c, *lab;
	Decl *ed;
	void *ends;
	long p1;
	int nl, i;
	Label labs[256];
	Loop *lp;

	ed = n->decl != nil && n->decl->link != nil ? n->decl->link : n->decl;
	e = emalloc(sizeof *e);
	p1 = npc;
	scom(n->left);
	ends = addpatch(nil, emit2(IJMP, anone(), anone()));
	e->eoff = ed->offset;
	e->p1 = (Inst*)p1;
	e->p2 = (Inst*)npc;
	nl = 0;
	for(c = n->right; c != nil; c = c->right){
		for(lab = c->left->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild){
				e->c.wild = (Inst*)npc;
				e->ne = -1;
				continue;
			}
			if(nl < nelem(labs)){
				labs[nl].start = lab->left;
				labs[nl].pc = (Inst*)npc;
				nl++;
			}
		}
		tfreeall();
		if(nhandlers < nelem(handlers))
			handlers[nhandlers] = ed;
		nhandlers++;
		scom(c->left->right);
		nhandlers--;
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
	}
	if(e->ne == 0)
		e->c.wild = (Inst*)-1;
	e->ne = 0;
	e->c.nlab = nl;
	e->c.labs = emalloc((nl+1)*sizeof(Label));
	for(i = 0; i < nl; i++)
		e->c.labs[i] = labs[i];
	patchlist(ends, npc);
	e->next = nil;
	{
		Except **l;
		for(l = &excs; *l != nil; l = &(*l)->next)
			;
		*l = e;
	}
}

static void
scom(Node *n)
{
	void *f, *ends;
	long top, cont;
	Loop *lp;
	Addr a;

	if(n == nil)
		return;
	cursrc = n->src;
	if(n->op != Oseq && n->op != Oblock && n->op != Olabel)
		curblock++;
	switch(n->op){
	case Onothing:
		return;
	case Oseq:
		slist(n);
		return;
	case Oblock:
		slist(n->left);
		return;
	case Ovardecl:
		declcom(n);
		return;
	case Oconst_decl:
	case Otypedecl:
	case Oimport:
		return;
	case Odecl:
		declcom(n);
		return;
	case Olabel:
		n->left->str = n->str;
		scom(n->left);
		return;
	case Oif:
		f = nil;
		bcom(n->left, 0, &f);
		tfreeall();
		scom(n->right);
		if(n->third != nil){
			ends = addpatch(nil, emit2(IJMP, anone(), anone()));
			patchlist(f, npc);
			scom(n->third);
			patchlist(ends, npc);
		}else
			patchlist(f, npc);
		return;
	case Owhile:
		top = npc;
		f = nil;
		bcom(n->left, 0, &f);
		tfreeall();
		pushloop(n->str, 1);
		scom(n->fourth);
		lp = poploop();
		patchlist(lp->conts, top);
		emit2(IJMP, anone(), apc(top));
		patchlist(f, npc);
		patchlist(lp->breaks, npc);
		return;
	case Odo:
		top = npc;
		pushloop(n->str, 1);
		scom(n->fourth);
		lp = poploop();
		patchlist(lp->conts, npc);
		f = nil;
		bcom(n->left, 1, &f);
		tfreeall();
		patchlist(f, top);
		patchlist(lp->breaks, npc);
		return;
	case Ofor:
		if(n->right != nil)
			exprcom(n->right);
		tfreeall();
		top = npc;
		f = nil;
		if(n->left != nil)
			bcom(n->left, 0, &f);
		tfreeall();
		pushloop(n->str, 1);
		scom(n->fourth);
		lp = poploop();
		cont = npc;
		patchlist(lp->conts, cont);
		if(n->third != nil)
			exprcom(n->third);
		tfreeall();
		emit2(IJMP, anone(), apc(top));
		patchlist(f, npc);
		patchlist(lp->breaks, npc);
		return;
	case Ocase:
		casecom(n);
		return;
	case Oalt:
		altcom(n);
		return;
	case Opick:
		pickcom(n);
		return;
	case Obreak:
		lp = findloop(n->str, 0);
		if(lp != nil)
			lp->breaks = addpatch(lp->breaks, emit2(IJMP, anone(), anone()));
		return;
	case Ocont:
		lp = findloop(n->str, 1);
		if(lp != nil)
			lp->conts = addpatch(lp->conts, emit2(IJMP, anone(), anone()));
		return;
	case Oret:
		if(n->left != nil){
			a = aind(afp(REGRET*IBY2WD), 0);
			ecomto(n->left, a);
		}
		tfreeall();
		emit2(IRET, anone(), anone());
		return;
	case Oexit:
		emit2(IEXIT, anone(), anone());
		return;
	case Ospawn:
		spawncom(n->left);
		tfreeall();
		return;
	case Oraise:
		if(n->left != nil)
			a = eaddr(n->left);
		else if(nhandlers > 0 && nhandlers <= nelem(handlers))
			a = decladdr(handlers[nhandlers-1]);
		else
			a = mpnil();
		emit2(IRAISE, a, anone());
		tfreeall();
		return;
	case Oexstmt:
		excom(n);
		return;
	}
	exprcom(n);
	tfreeall();
}

/* lay out the frame of fn: args, then every local */
static void
fncom(Decl *fn)
{
	Decl *d;
	long off;
	Inst *last;

	curfn = fn;
	nloops = 0;
	off = MaxTemp;
	for(d = fn->args; d != nil; d = d->next){
		sizetype(d->ty);
		off = align(off, d->ty->align);
		d->offset = off;
		off += d->ty->size;
	}
	framestart(off);
	for(d = fn->locals; d != nil; d = d->next2)
		d->offset = framealloc(d->ty);
	fn->pc = (Inst*)npc;
	cursrc = fn->body->src;
	scom(fn->body);
	cursrc = fn->body->src;
	cursrc.line = cursrc.eline;
	emit2(IRET, anone(), anone());
	fn->frame = frameend();
	fn->desc = framedesc(fn, fn->frame);
	if(fn->frame > maxframe)
		maxframe = fn->frame;
	curfn = nil;
}

static int	datum(Datum*, Type*, Node*, long);

/* a constant array: its elements as data of the array block */
static int
arraydatum(Datum *a, Type *t, Node *n, long off)
{
	Type *et;
	Datum *arr;
	Node *e, *v, *lab;
	long cnt, k, lo, hi, esz;

	et = t->tof;
	sizetype(et);
	esz = et->size;
	if(n->op == Oarrayz){
		if(!isconst(n->left))
			return 0;
		cnt = n->left->val;
	}else if(n->left != nil){
		if(!isconst(n->left))
			return 0;
		cnt = n->left->val;
	}else
		cnt = initcount(n->right);
	if(a == nil)
		arr = mparray(off, elemdesc(et), cnt);
	else{
		arr = mpsub(a, DEFA, off);
		arr->val = cnt;
		arr->desc = elemdesc(et);
	}
	if(n->op == Oarrayz)
		return 1;
	for(e = n->right; e != nil; e = e->right){
		v = e->left;
		if(v->op != Oelem)
			continue;
		for(lab = v->left; lab != nil; lab = lab->right)
			if(lab->left->op == Owild)
				for(k = 0; k < cnt; k++)
					if(!datum(arr, et, v->right, k*esz))
						return 0;
	}
	k = 0;
	for(e = n->right; e != nil; e = e->right){
		v = e->left;
		if(v->op != Oelem){
			if(k >= cnt || !datum(arr, et, v, k*esz))
				return 0;
			k++;
			continue;
		}
		for(lab = v->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild)
				continue;
			if(lab->left->op == Orange){
				lo = lab->left->left->val;
				hi = lab->left->right->val;
			}else if(isconst(lab->left))
				lo = hi = lab->left->val;
			else
				return 0;
			if(lo < 0 || hi >= cnt)
				return 0;
			for(k = lo; k <= hi; k++)
				if(!datum(arr, et, v->right, k*esz))
					return 0;
			k = hi + 1;
		}
	}
	return 1;
}

/*
 * record the constant value n of type t at off in the module data
 * (or in array a); 0 if it is not a constant
 */
static int
datum(Datum *a, Type *t, Node *n, long off)
{
	Datum *d;
	Decl *id;
	Node *e;
	int kind;

	switch(n->op){
	case Oconst:
		switch(t->kind){
		case Tint:	kind = DEFW; break;
		case Tbyte:	kind = DEFB; break;
		case Tbig:	kind = DEFL; break;
		case Treal:	kind = DEFF; break;
		case Tstring:	kind = DEFS; break;
		default:	return 0;
		}
		if(a == nil){
			mpinit(kind, off, n->val, n->rval, n->str, n->slen);
			return 1;
		}
		d = mpsub(a, kind, off);
		d->val = n->val;
		d->rval = n->rval;
		d->str = n->str;
		d->len = n->slen;
		return 1;
	case Oname:
		return n->decl == nildecl;
	case Otuple:
	case Oadtcon:
		if(t->kind == Tadtpick)
			return 0;
		sizetype(t);
		e = n->op == Otuple ? n->left : n->right;
		for(id = t->ids; id != nil && e != nil; id = id->next){
			if(id->store != Dfield)
				continue;
			if(!datum(a, id->ty, e->left, off + id->offset))
				return 0;
			e = e->right;
		}
		return 1;
	case Oarray:
	case Oarrayz:
		if(t->kind != Tarray)
			return 0;
		return arraydatum(a, t, n, off);
	}
	return 0;
}

/* allocate module data for the globals, with their initial values */
static void
globalcom(void)
{
	Decl *d;
	Node *n;

	for(d = globals; d != nil; d = d->next2){
		d->offset = mpalloc(d->ty);
		n = d->init0;
		if(n == nil)
			continue;
		if(!datum(nil, d->ty, n, d->offset))
			error(&d->src, "global %s: initializer must be a constant", d->sym->name);
	}
}

void
compile(char *ofile, int doasm)
{
	Decl *d;

	globalcom();
	for(d = fns; d != nil; d = d->next2)
		fncom(d);
	if(nerrors)
		return;
	if(doasm)
		asmout(ofile);
	else
		disout(ofile);
	if(dosbl && !doasm)
		sblout(ofile);
}
