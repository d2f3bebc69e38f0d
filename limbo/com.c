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

static	Loop	loops[1024];
static	int	nloops;
static	Decl*	handlers[64];	/* exception variables of the enclosing handlers */
static	int	nhandlers;
static	long*	jtargets;	/* pcs reached through case tables in this function */
static	int	njtargets;

static void
addjtarget(long pc)
{
	if(njtargets % 64 == 0){
		jtargets = realloc(jtargets, (njtargets+64) * sizeof *jtargets);
		if(jtargets == nil)
			fatal("out of memory");
	}
	jtargets[njtargets++] = pc;
}

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

/* does a value of type t hold pointers */
static int
hasptr(Type *t)
{
	uchar map[512];
	int i;

	if(isptr(t))
		return 1;
	if(t->kind != Tadt && t->kind != Ttuple)
		return 0;
	sizetype(t);
	if(t->size > 8*IBY2WD*(long)sizeof map)
		return 1;
	memset(map, 0, sizeof map);
	tmap(t, 0, map);
	for(i = 0; i < sizeof map; i++)
		if(map[i])
			return 1;
	return 0;
}

/* set the value of type t at a to zero (nil pointers) */
static void
zero(Type *t, Addr a)
{
	Decl *id;

	switch(t->kind){
	case Tint:	emit2(IMOVW, aimm(0), a); return;
	case Tbyte:	emit2(IMOVB, aimm(0), a); return;
	case Tbig:	emit2(IMOVL, mpbig(0), a); return;
	case Treal:	emit2(IMOVF, mpreal(0.0), a); return;
	case Tadt:
	case Ttuple:
		for(id = t->ids; id != nil; id = id->next)
			if(id->store == Dfield)
				zero(id->ty, aoff(a, id->offset));
		return;
	}
	if(isptr(t))
		move(t, mpnil(), a);
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
		}else if(hasptr(d->link->ty))
			zero(d->link->ty, a);
	}
	tfreeall();
}

typedef struct Clab Clab;
struct Clab
{
	Node*	lo;
	Node*	hi;
	int	clause;
};

static void
sortlabs(Clab *l, int n)
{
	int i, j;
	Clab t;

	for(i = 1; i < n; i++){
		t = l[i];
		for(j = i; j > 0 && labcmp(l[j-1].lo, t.lo) > 0; j--)
			l[j] = l[j-1];
		l[j] = t;
	}
}

/*
 * case: the labels, sorted, go into a table in module data that the
 * case (casec, casel) instruction searches; entries are lo, hi+1 (or
 * lo, hi for strings) and the clause's pc, then the default pc.
 */
static void
casecom(Node *n)
{
	Node *c, *lab;
	Addr v, t;
	Type *ty;
	Clab *labs;
	Datum **pcs, *wildd;
	long *bodypc, wildpc, off;
	void *ends;
	int i, k, nc, nl, wild, op;
	Loop *lp;

	ty = n->left->ty;
	nc = 0;
	nl = 0;
	for(c = n->right; c != nil; c = c->right){
		nc++;
		for(lab = c->left->left; lab != nil; lab = lab->right)
			nl++;
	}
	labs = emalloc((nl+1) * sizeof *labs);
	bodypc = emalloc((nc+1) * sizeof *bodypc);
	pcs = emalloc((nl+1) * sizeof *pcs);
	wild = -1;
	k = 0;
	i = 0;
	for(c = n->right; c != nil; c = c->right, i++)
		for(lab = c->left->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild){
				wild = i;
				continue;
			}
			if(lab->left->op == Orange){
				labs[k].lo = lab->left->left;
				labs[k].hi = lab->left->right;
			}else
				labs[k].lo = labs[k].hi = lab->left;
			labs[k].clause = i;
			k++;
		}
	nl = k;
	sortlabs(labs, nl);

	v = eaddr(n->left);
	if(ty->kind == Tbyte){
		t = talloc(tint);
		emit2(ICVTBW, v, t);
		v = t;
	}
	/* the table */
	switch(ty->kind){
	case Tstring:
		op = ICASEC;
		off = mpalloc(tint);
		mpdatum(DEFW, off)->val = nl;
		for(k = 0; k < nl; k++){
			Datum *d;
			d = mpdatum(DEFS, mpalloc(tstring));
			d->str = labs[k].lo->str;
			d->len = labs[k].lo->slen;
			long hoff = mpalloc(tstring);
			if(labs[k].hi != labs[k].lo){
				d = mpdatum(DEFS, hoff);
				d->str = labs[k].hi->str;
				d->len = labs[k].hi->slen;
			}
			pcs[k] = mpdatum(DEFW, mpalloc(tint));
		}
		wildd = mpdatum(DEFW, mpalloc(tint));
		break;
	case Tbig:
		op = ICASEL;
		off = mpalloc(tbig);
		mpdatum(DEFW, off)->val = nl;
		for(k = 0; k < nl; k++){
			mpdatum(DEFL, mpalloc(tbig))->val = labs[k].lo->val;
			mpdatum(DEFL, mpalloc(tbig))->val = labs[k].hi->val + 1;
			pcs[k] = mpdatum(DEFW, mpalloc(tbig));
		}
		wildd = mpdatum(DEFW, mpalloc(tint));
		break;
	default:
		op = ICASE;
		off = mpalloc(tint);
		mpdatum(DEFW, off)->val = nl;
		for(k = 0; k < nl; k++){
			mpdatum(DEFW, mpalloc(tint))->val = (int)labs[k].lo->val;
			mpdatum(DEFW, mpalloc(tint))->val = (int)labs[k].hi->val + 1;
			pcs[k] = mpdatum(DEFW, mpalloc(tint));
		}
		wildd = mpdatum(DEFW, mpalloc(tint));
		break;
	}
	emit2(op, v, amp(off));
	tfreeall();
	pushloop(n->str, 0);
	ends = nil;
	i = 0;
	for(c = n->right; c != nil; c = c->right, i++){
		bodypc[i] = npc;
		scom(c->left->right);
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
	}
	lp = poploop();
	patchlist(ends, npc);
	patchlist(lp->breaks, npc);
	wildpc = wild >= 0 ? bodypc[wild] : npc;
	for(k = 0; k < nl; k++)
		pcs[k]->val = bodypc[labs[k].clause];
	wildd->val = wildpc;
	for(k = 0; k < nc; k++)
		addjtarget(bodypc[k]);
	addjtarget(wildpc);
	free(labs);
	free(bodypc);
	free(pcs);
}

static void
pickcom(Node *n)
{
	Node *c, *lab;
	Addr v, tag;
	void *ends, **bodies;
	int i, nc, wild, ntags, ncovered;
	uchar *covered;
	Decl *tg;
	Loop *lp;

	nc = 0;
	for(c = n->right; c != nil; c = c->right)
		nc++;
	bodies = emalloc((nc+1) * sizeof *bodies);

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
	ntags = 0;
	for(tg = n->left->ty->tof->tags; tg != nil; tg = tg->next)
		ntags++;
	covered = emalloc(ntags + 1);
	ncovered = 0;
	for(c = n->right; c != nil; c = c->right){
		bodies[nc] = nil;
		for(lab = c->left->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild){
				wild = nc+1;
				continue;
			}
			if(lab->left->val >= 0 && lab->left->val < ntags && !covered[lab->left->val]){
				covered[lab->left->val] = 1;
				ncovered++;
			}
			bodies[nc] = addpatch(bodies[nc], emit(IBEQW, tag, aimm(lab->left->val), anone()));
		}
		nc++;
	}
	free(covered);
	ends = addpatch(nil, emit2(IJMP, anone(), anone()));
	if(!wild && nc > 0 && ncovered == ntags){
		/* every variant has an arm: no tag gets past them (Inferno: no fall out) */
		bodies[nc-1] = joinpatch(bodies[nc-1], ends);
		ends = nil;
	}else if(wild){
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
	free(bodies);
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
	Addr vals[256], imgs[256];
	Type *its[256];

	nl = 0;
	for(c = n->right; c != nil; c = c->right)
		for(lab = c->left->left; lab != nil; lab = lab->right)
			nl++;
	if(nl > nelem(labs)){
		error(&n->src, "too many alt labels (more than %d)", nelem(labs));
		return;
	}
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
		if(l->op == Osnd && l->third != nil){
			v = decladdr(l->decl);	/* the guard's expression uses it */
			ecomto(l->right, v);
			ch = eaddr(l->left);
		}else if(l->op == Osnd){
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
			if(l->op == Orcv && l->third != nil)
				v = decladdr(l->decl);	/* the guard's expression uses it */
			else
				v = talloc(r->ty);
		}
		vals[i] = v;
		its[i] = nil;
		if(l->op != Osnd && (l->op == Orcv ? l : l->right)->left->ty->kind == Tarray
		&& (its[i] = recvimage((l->op == Orcv ? l : l->right)->ty)) != nil){
			imgs[i] = talloc(its[i]);	/* the VM's layout, moved to v when taken */
			v = imgs[i];
		}
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
		/* a send's guard expression */
		for(j = 0; j < ns; j++){
			if(clause[j] == i && labs[j]->third != nil){
				Inst *skip = emit(IBNEW, idx, aimm(j), anone());
				exprcom(labs[j]->third);
				patch(skip, npc);
			}
		}
		/* deliver received values */
		for(j = ns; j < nl; j++){
			if(clause[j] != i)
				continue;
			l = labs[j];
			if(its[j] != nil){
				Inst *skip = emit(IBNEW, idx, aimm(j), anone());
				recvplace((l->op == Orcv ? l : l->right)->ty, imgs[j], vals[j]);
				patch(skip, npc);
			}
			if(l->op == Orcv && l->third != nil){
				Inst *skip = emit(IBNEW, idx, aimm(j), anone());
				exprcom(l->third);
				patch(skip, npc);
			}
			if(l->op == Oas){
				Inst *skip = emit(IBNEW, idx, aimm(j), anone());
				storeto(l->left, l->right->ty, vals[j]);
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

/*
 * order string labels as the VM should try them (it takes the first
 * that matches): exact names, then patterns, longer patterns first
 */
static int
labless(Node *a, Node *b)
{
	int pa, pb;

	pa = a->slen > 0 && a->str[a->slen-1] == '*';
	pb = b->slen > 0 && b->str[b->slen-1] == '*';
	if(pa != pb)
		return pb;
	return pa && a->slen > b->slen;
}

/* copy the caught value into arm variable nd (see check.c: exbase) */
static void
exarmvar(Node *arm, Decl *ed)
{
	Decl *nd, *f, *b, *v;
	Type *t, *vt;
	Addr slot;

	nd = arm->decl;
	slot = decladdr(ed);
	t = arm->tyarg;
	if(t == nil || t->ids == nil){
		emit2(IMOVP, slot, decladdr(nd));
		return;
	}
	b = exbase(t)->ids->next->next;
	vt = nd->ty;
	if(t->ids->next == nil){
		move(vt, aind(slot, b->offset), decladdr(nd));
		return;
	}
	for(f = t->ids, v = vt->ids; f != nil && v != nil; f = f->next, v = v->next, b = b->next)
		move(f->ty, aind(slot, b->offset), aoff(decladdr(nd), v->offset));
}

static void
excom(Node *n)
{
	Except *e;
	Node *c, *lab, *l;
	Loop *lp;
	Decl *ed;
	void *ends;
	long p1;
	int nl, ns, i, j, haswild;
	Label labs[256], slabs[256], x;

	ed = n->decl != nil && n->decl->link != nil ? n->decl->link : n->decl;
	e = emalloc(sizeof *e);
	haswild = 0;
	p1 = npc;
	scom(n->left);
	ends = addpatch(nil, emit2(IJMP, anone(), anone()));
	e->eoff = ed->offset;
	e->p1 = p1;
	e->p2 = npc;
	nl = 0;
	ns = 0;
	for(c = n->right; c != nil; c = c->right){
		for(lab = c->left->left; lab != nil; lab = lab->right){
			l = lab->left;
			if(l->op == Owild){
				e->c.wild = npc;
				haswild = 1;
				continue;
			}
			if(nl + ns >= nelem(labs)){
				error(&l->src, "too many exception labels");
				continue;
			}
			if(l->ty != nil && l->ty->kind == Texception){
				/* a declared exception: matched by name, before any string */
				labs[nl].start = l->decl->init;
				labs[nl].pc = npc;
				nl++;
			}else{
				slabs[ns].start = l;
				slabs[ns].pc = npc;
				ns++;
			}
		}
		tfreeall();
		if(c->left->decl != nil)
			exarmvar(c->left, ed);
		if(nhandlers < nelem(handlers))
			handlers[nhandlers] = ed;
		nhandlers++;
		pushloop(nil, 0);
		scom(c->left->right);
		lp = poploop();
		ends = joinpatch(ends, lp->breaks);
		nhandlers--;
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
	}
	if(!haswild)
		e->c.wild = -1;
	for(i = 1; i < ns; i++){
		x = slabs[i];
		for(j = i; j > 0 && labless(x.start, slabs[j-1].start); j--)
			slabs[j] = slabs[j-1];
		slabs[j] = x;
	}
	e->ne = nl;
	e->c.nlab = nl + ns;
	e->c.labs = emalloc((nl+ns+1)*sizeof(Label));
	for(i = 0; i < nl; i++)
		e->c.labs[i] = labs[i];
	for(i = 0; i < ns; i++)
		e->c.labs[nl+i] = slabs[i];
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
	case Oexcept:
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
		if(n->left != nil)
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
		if(n->left != nil)
			bcom(n->left, 1, &f);
		else
			f = addpatch(f, emit2(IJMP, anone(), anone()));
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
		if(n->left != nil && n->left->ty->kind == Tnone){
			exprcom(n->left);
			tfreeall();
		}else if(n->left != nil){
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

static int
isbranch(int op)
{
	if(op >= IBEQB && op <= IBGEC)
		return 1;
	return op >= IBNEL && op <= IBEQL;
}

/*
 * is pc end reachable from start, following the instructions from
 * first on (end may be just past them); a handler counts when its
 * block does
 */
static int
reaches(Inst *first, long start, long end)
{
	Inst **ins, *i;
	uchar *r;
	long n, k, t, pc;
	int changed;
	Except *e;

	n = end - start + 1;
	ins = emalloc(n * sizeof *ins);
	r = emalloc(n);
	for(i = first; i != nil; i = i->next)
		if(i->pc >= start && i->pc <= end)
			ins[i->pc - start] = i;
	r[0] = 1;
	for(k = 0; k < njtargets; k++)
		if(jtargets[k] >= start && jtargets[k] <= end)
			r[jtargets[k] - start] = 1;
	do{
		changed = 0;
		for(k = 0; k < n; k++){
			if(!r[k] || ins[k] == nil)
				continue;
			i = ins[k];
			pc = k;
			t = -1;
			if(i->op == IJMP || isbranch(i->op))
				if(i->d.mode == Apc && i->d.fn == nil)
					t = i->d.off - start;
			if(t >= 0 && t < n && !r[t]){
				r[t] = 1;
				changed = 1;
			}
			if(i->op == IJMP || i->op == IRET || i->op == IEXIT || i->op == IRAISE)
				continue;
			if(pc+1 < n && !r[pc+1]){
				r[pc+1] = 1;
				changed = 1;
			}
		}
		for(e = excs; e != nil; e = e->next){
			if(e->p1 < start || e->p1 > end)
				continue;
			for(pc = e->p1; pc < e->p2; pc++)
				if(r[pc - start])
					break;
			if(pc >= e->p2)
				continue;
			for(k = 0; k < e->c.nlab; k++)
				if(!r[e->c.labs[k].pc - start]){
					r[e->c.labs[k].pc - start] = 1;
					changed = 1;
				}
			if(e->c.wild >= 0 && !r[e->c.wild - start]){
				r[e->c.wild - start] = 1;
				changed = 1;
			}
		}
	}while(changed);
	k = r[n-1];
	free(ins);
	free(r);
	return k;
}

/* does an instruction from first on jump to pc */
static int
jumpsto(Inst *first, long pc)
{
	Inst *i;

	for(i = first; i != nil; i = i->next)
		if((i->op == IJMP || isbranch(i->op)) && i->d.mode == Apc && i->d.fn == nil && i->d.off == pc)
			return 1;
	return 0;
}

/* lay out the frame of fn: args, then every local */
static void
fncom(Decl *fn)
{
	Decl *d;
	long off;
	Inst *before;

	curfn = fn;
	nloops = 0;
	njtargets = 0;
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
	fn->pc = npc;
	before = lastinst;
	cursrc = fn->body->src;
	scom(fn->body);
	cursrc = fn->body->src;
	cursrc.line = cursrc.eline;
	cursrc.pos = cursrc.epos - 1;
	/* the end of the body: is it reachable (the slot at npc stands for it) */
	if(npc == fn->pc || reaches(before != nil ? before->next : firstinst, fn->pc, npc)){
		if(fn->fty->tof != nil && fn->fty->tof->kind != Tnone)
			error(&cursrc, "no return at end of function %s", fnname(fn));
		emit2(IRET, anone(), anone());
	}else if(jumpsto(before != nil ? before->next : firstinst, npc)){
		/* only dead code jumps to the end: give it a target in the function */
		emit2(IRET, anone(), anone());
	}
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
	if((vlong)cnt*esz > MaxInitBytes){
		error(&n->src, "array initializer too large for module data (%lld bytes)", (vlong)cnt*esz);
		return 1;
	}
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
	Decl *d, *m;
	Node *n;

	m = impmp();
	if(m != nil){
		/* the module's data first, at offset 0 */
		if(mpalloc(m->ty) != 0)
			fatal("module data not at offset 0");
		for(m = m->ty->ids; m != nil; m = m->next){
			d = m->link;
			while(d->link != nil && d->link != d)
				d = d->link;	/* implement A, B: through the union's copy */
			if(d->init0 != nil && !datum(nil, d->ty, d->init0, d->offset))
				error(&d->src, "global %s: initializer must be a constant", d->sym->name);
		}
	}
	for(d = globals; d != nil; d = d->next2){
		d->offset = mpalloc(d->ty);
		n = d->init0;
		if(n == nil)
			continue;
		if(!datum(nil, d->ty, n, d->offset))
			error(&d->src, "global %s: initializer must be a constant", d->sym->name);
	}
}

/* function d is called or referenced: it needs code */
void
needfn(Decl *d)
{
	if(d != nil && d->store == Dfn)
		d->needed = 1;
}

/*
 * As Inferno's limbo does, compile the functions the module exports and
 * those their code refers to, in turn; a local function never used gets
 * no code (nor the errors only code generation finds).  fns becomes the
 * list of compiled functions, in the order of their code.
 */
static void
compilefns(void)
{
	Decl *d, *e, **v;
	int n, nv, changed;

	for(e = exports(); e != nil; e = e->next)
		needfn(e->link);
	n = 0;
	for(d = fns; d != nil; d = d->next2)
		n++;
	v = emalloc((n+1) * sizeof *v);
	nv = 0;
	do{
		changed = 0;
		for(d = fns; d != nil; d = d->next2)
			if(d->needed && !d->compiled){
				d->compiled = 1;
				fncom(d);
				v[nv++] = d;
				changed = 1;
			}
	}while(changed);
	fns = nil;
	while(nv > 0){
		v[--nv]->next2 = fns;
		fns = v[nv];
	}
	free(v);
}

void
compile(char *ofile, int doasm)
{
	Decl *d;

	implinkall();
	ldtfinish();
	globalcom();
	compilefns();
	if(nerrors)
		return;
	if(doasm)
		asmout(ofile);
	else
		disout(ofile);
	if(dosbl && !doasm)
		sblout(ofile);
}
