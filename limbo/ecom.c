#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Expression code generation.
 * eaddr(n) gives an operand holding n's value (computing it into a
 * temporary when needed); ecomto(n, d) evaluates n into d;
 * bcom(n, t, l) branches (adding to patch list l) when n == t.
 */

static	void	callcom(Node*, Addr*, int);
static	void	fnrefcom(Node*, Addr);
static	void	pickdup(Node*, Addr);
static	int	reads(Node*, Addr);
static	Addr	retslot(Type*, Addr*, Addr, int);
static	Addr	selfaddr(void);

static Decl*
modtypedecl(Type *t)
{
	return t->decl;
}

static int
fitsimm(vlong v)
{
	return v >= -(1<<29) && v < (1<<29);
}

/* an operand for the integer v: immediate if it fits, else module data */
static Addr
aconst(vlong v)
{
	if(fitsimm(v))
		return aimm(v);
	return mpword(v);
}

/* is n computable without code (a constant or a variable) */
static int
simple(Node *n)
{
	switch(n->op){
	case Oconst:
		return 1;
	case Oname:
		return n->decl == nildecl || n->decl->store == Dglobal || n->decl->store == Dlocal || n->decl->store == Darg;
	}
	return 0;
}

static Addr
tempfor(Type *t)
{
	if(t->kind == Tadtpick)
		t = t->decl->dot->ty;
	return talloc(t);
}

Addr
decladdr(Decl *d)
{
	if(d == nildecl)
		return mpnil();
	if(d->store == Dglobal)
		return amp(d->offset);
	return afp(d->offset);
}

/* put the pointer value at a in a direct slot so it can be used with aind */
static Addr
direct(Addr a, Type *t)
{
	Addr r;

	if(isdirect(a))
		return a;
	r = talloc(t);
	move(t, a, r);
	return r;
}

Addr
midaddr(Addr a, Type *t)
{
	Addr r;

	if(ismiddle(a))
		return a;
	r = talloc(t);
	move(t, a, r);
	return r;
}

/* a memory operand for the value at a (immediates are copied) */
Addr
memaddr(Addr a, Type *t)
{
	Addr r;

	if(a.mode != Aimm)
		return a;
	r = talloc(t->kind == Tany ? tint : t);
	move(t->kind == Tany ? tint : t, a, r);
	return r;
}

static int
indop(Type *t)
{
	switch(t->kind){
	case Tbyte:	return IINDB;
	case Treal:	return IINDF;
	case Tbig:	return IINDL;
	case Tadt: case Ttuple: case Tadtpick: case Texception:
		if(t->kind == Texception && t->cons)
			return IINDW;
		return IINDX;
	}
	return IINDW;
}

/* operand for element n (Oindex on an array) */
static Addr
indexaddr(Node *n)
{
	Addr a, i, t;

	a = eaddr(n->left);
	i = eaddr(n->right);
	if(n->right->ty->kind == Tbyte){
		t = talloc(tint);
		emit2(ICVTBW, i, t);
		i = t;
	}else if(n->right->ty->kind == Tbig){
		t = talloc(tint);
		emit2(ICVTLW, i, t);
		i = t;
	}
	t = talloc(tint);
	emit(indop(n->left->ty->tof), a, t, i);
	return aind(t, 0);
}

/* operand for a field d of value or reference l */
static Addr
fieldaddr(Node *l, long off)
{
	Addr a;

	a = eaddr(l);
	if(l->ty->kind == Tref){
		a = direct(a, l->ty);
		return aind(a, off);
	}
	if(a.mode == Aimm)
		fatal("field of immediate");
	return aoff(a, off);
}

/*
 * the VM's image of the (index, value) tuple tt of <-a, a an array of
 * channels, when it is not tt: the VM stores the value in the word after
 * the index, where tt aligns a big, a real or a tuple holding one on a
 * double word.  The image is words, pointers where the value has them;
 * nil when tt is the image.  (Inferno's limbo reads such a value a word
 * early.)
 */
Type*
recvimage(Type *tt)
{
	uchar map[256];
	Decl *ids, **l;
	Type *et;
	long w, nw;

	et = tt->ids->next->ty;
	if(et->align <= IBY2WD)
		return nil;
	memset(map, 0, sizeof map);
	nw = et->size / IBY2WD;
	if(nw > 8*(long)sizeof map)
		fatal("receive of %s: too big", typestr(et));
	tmap(et, 0, map);
	ids = mkdecl(nil, Dfield, tint, nil);
	l = &ids->next;
	for(w = 0; w < nw; w++){
		*l = mkdecl(nil, Dfield, map[w>>3] & (0x80 >> (w & 7)) ? tstring : tint, nil);
		l = &(*l)->next;
	}
	return mktype(Ttuple, nil, ids);
}

/* move the (index, value) of tuple type tt from its image at img to d */
void
recvplace(Type *tt, Addr img, Addr d)
{
	emit2(IMOVW, img, d);
	move(tt->ids->next->ty, aoff(img, IBY2WD), aoff(d, tt->ids->next->offset));
}

/*
 * <-a for an array of channels a, into the (index, value) tuple of type
 * tt at d: an alt of one receive whose channel is the array; the VM
 * stores the index of the channel used, then the value after it (through
 * an image when tt is not laid out so)
 */
static void
recvarray(Addr a, Addr d, Type *tt)
{
	Decl *ids, *x;
	Type *it;
	Addr tbl, img;
	int i;

	if(tt != nil && (it = recvimage(tt)) != nil){
		img = talloc(it);
		recvarray(a, img, nil);
		recvplace(tt, img, d);
		return;
	}
	ids = nil;
	for(i = 3; i >= 0; i--){
		x = mkdecl(nil, Dfield, i == 2 ? tany : tint, enter(".alt", 0));
		x->next = ids;
		ids = x;
	}
	tt = mktype(Ttuple, nil, ids);
	sizetype(tt);
	tbl = talloc(tt);
	emit2(IMOVP, a, aoff(tbl, 2*IBY2WD));
	emit2(ILEA, d, aoff(tbl, 3*IBY2WD));
	emit2(IMOVW, aimm(0), tbl);
	emit2(IMOVW, aimm(1), aoff(tbl, IBY2WD));
	emit2(IALT, tbl, talloc(tint));
}

/*
 * operand for m->x, x a module's data: word 0 of the handle points at
 * the module's data (not a heap reference: held in a word, as Inferno does)
 */
static Addr
mdataaddr(Node *n)
{
	Addr m, t;

	m = direct(eaddr(n->left), n->left->ty);
	t = talloc(tint);
	emit2(IMOVW, aind(m, 0), t);
	return aind(t, n->decl->offset);
}

Addr
eaddr(Node *n)
{
	Addr a;
	Decl *d;

	sizetype(n->ty);
	switch(n->op){
	case Oconst:
		switch(n->ty->kind){
		case Tint:
		case Tbyte:
			if(fitsimm(n->val))
				return aimm(n->val);
			return mpword(n->val);
		case Tbig:
			return mpbig(n->val);
		case Treal:
			return mpreal(n->rval);
		case Tstring:
			if(n->slen == 0)
				return mpnil();	/* "" is nil, as Inferno's limbo makes it (see insc in Inferno's VM) */
			return mpstring(n->str, n->slen);
		}
		break;
	case Oname:
		d = n->decl;
		if(d == nildecl)
			return mpnil();
		if(d->store == Dglobal || d->store == Dlocal || d->store == Darg)
			return decladdr(d);
		error(&n->src, "%s is not a variable", d->sym != nil ? d->sym->name : "name");
		return aimm(0);
	case Odot:
		if(n->decl->store == Dfield)
			return fieldaddr(n->left, n->decl->offset);
		break;
	case Oind:
		return fieldaddr(n->left, 0);
	case Oindex:
		if(n->left->ty->kind == Tarray)
			return indexaddr(n);
		break;
	case Omdot:
		if(n->decl->store == Dglobal)
			return mdataaddr(n);
		break;
	case Oself:
		return selfaddr();
	case Oldtix:
		return aimm(ldtfn(n->tyarg->decl, n->decl));
	}
	a = tempfor(n->ty);
	ecomto(n, a);
	return a;
}

static int
arithop(int op, Type *t)
{
	int c;
	static int ops[][4] = {
		/* word byte real big */
		{IADDW, IADDB, IADDF, IADDL},
		{ISUBW, ISUBB, ISUBF, ISUBL},
		{IMULW, IMULB, IMULF, IMULL},
		{IDIVW, IDIVB, IDIVF, IDIVL},
		{IMODW, IMODB, -1, IMODL},
		{IANDW, IANDB, -1, IANDL},
		{IORW, IORB, -1, IORL},
		{IXORW, IXORB, -1, IXORL},
		{ISHLW, ISHLB, -1, ISHLL},
		{ISHRW, ISHRB, -1, ISHRL},
		{IEXPW, -1, IEXPF, IEXPL},
	};

	c = opclass(t);
	switch(op){
	case Oadd: case Oaddas: return ops[0][c];
	case Osub: case Osubas: return ops[1][c];
	case Omul: case Omulas: return ops[2][c];
	case Odiv: case Odivas: return ops[3][c];
	case Omod: case Omodas: return ops[4][c];
	case Oand: case Oandas: return ops[5][c];
	case Oor: case Ooras: return ops[6][c];
	case Oxor: case Oxoras: return ops[7][c];
	case Olsh: case Olshas: return ops[8][c];
	case Orsh: case Orshas: return ops[9][c];
	case Oexp: case Oexpas: return ops[10][c];
	}
	return -1;
}

/* an immediate too large for a middle operand (see emit) */
static int
bigimm(Addr a)
{
	return a.mode == Aimm && (a.off < -32768 || a.off > 32767);
}

/* the comparison with its operands swapped: a < b is b > a */
static int
revcmp(int op)
{
	switch(op){
	case Olt:	return Ogt;
	case Ogt:	return Olt;
	case Oleq:	return Ogeq;
	case Ogeq:	return Oleq;
	}
	return op;
}

/* branch op for comparison op on type t; neg inverts the sense */
int
cmpop(int op, Type *t, int neg)
{
	int k;
	static int ops[6][6] = {
		/*	eq	ne	lt	le	gt	ge */
		/* w */	{IBEQW, IBNEW, IBLTW, IBLEW, IBGTW, IBGEW},
		/* b */	{IBEQB, IBNEB, IBLTB, IBLEB, IBGTB, IBGEB},
		/* f */	{IBEQF, IBNEF, IBLTF, IBLEF, IBGTF, IBGEF},
		/* l */	{IBEQL, IBNEL, IBLTL, IBLEL, IBGTL, IBGEL},
		/* c */	{IBEQC, IBNEC, IBLTC, IBLEC, IBGTC, IBGEC},
	};
	int r;

	if(t->kind == Tstring)
		r = 4;
	else
		r = opclass(t);
	if(isptr(t) && t->kind != Tstring)
		r = 0;
	switch(op){
	case Oeq:	k = neg ? 1 : 0; break;
	case Oneq:	k = neg ? 0 : 1; break;
	case Olt:	k = neg ? 5 : 2; break;
	case Oleq:	k = neg ? 4 : 3; break;
	case Ogt:	k = neg ? 3 : 4; break;
	case Ogeq:	k = neg ? 2 : 5; break;
	default:	fatal("cmpop %d", op); return 0;
	}
	return ops[r][k];
}

/* branch to a patch list when n's truth is t */
void
bcom(Node *n, int t, void **l)
{
	void *f;
	Addr a, b;
	Type *ty;
	Inst *i;
	int op;

	cursrc = n->src;
	switch(n->op){
	case Oconst:
		if((n->val != 0) == t)
			*l = addpatch(*l, emit2(IJMP, anone(), anone()));
		return;
	case Onot:
		bcom(n->left, !t, l);
		return;
	case Oandand:
		if(t){
			f = nil;
			bcom(n->left, 0, &f);
			bcom(n->right, 1, l);
			patchlist(f, npc);
		}else{
			bcom(n->left, 0, l);
			bcom(n->right, 0, l);
		}
		return;
	case Ooror:
		if(t){
			bcom(n->left, 1, l);
			bcom(n->right, 1, l);
		}else{
			f = nil;
			bcom(n->left, 1, &f);
			bcom(n->right, 0, l);
			patchlist(f, npc);
		}
		return;
	case Oeq: case Oneq: case Olt: case Oleq: case Ogt: case Ogeq:
		ty = n->left->ty;
		if(ty->kind == Tany)
			ty = n->right->ty;
		a = eaddr(n->left);
		b = midaddr(eaddr(n->right), ty->kind == Tany ? tint : ty);
		op = n->op;
		if(bigimm(b) && ismiddle(a) && !bigimm(a)){
			/* i < 100000: as Inferno's, the constant as the source (32 bits), the comparison turned */
			Addr x = a;
			a = b;
			b = x;
			op = revcmp(op);
		}
		i = emit(cmpop(op, ty, !t), a, b, anone());
		*l = addpatch(*l, i);
		return;
	}
	a = eaddr(n);
	i = emit(t ? IBNEW : IBEQW, a, aimm(0), anone());
	*l = addpatch(*l, i);
}

static void
convert(Type *from, Type *to, Addr s, Addr d)
{
	Addr t;
	int f, k;

	f = from->kind;
	k = to->kind;
	if(f == k){
		move(to, s, d);
		return;
	}
	switch(f){
	case Tint:
		switch(k){
		case Tbyte:	emit2(ICVTWB, s, d); return;
		case Treal:	emit2(ICVTWF, s, d); return;
		case Tbig:	emit2(ICVTWL, s, d); return;
		case Tstring:	emit2(ICVTWC, s, d); return;
		}
		break;
	case Tbyte:
		switch(k){
		case Tint:	emit2(ICVTBW, s, d); return;
		case Treal: case Tbig: case Tstring:
			t = talloc(tint);
			emit2(ICVTBW, s, t);
			convert(tint, to, t, d);
			return;
		}
		break;
	case Treal:
		switch(k){
		case Tint:	emit2(ICVTFW, s, d); return;
		case Tbig:	emit2(ICVTFL, s, d); return;
		case Tstring:	emit2(ICVTFC, s, d); return;
		case Tbyte:
			t = talloc(tint);
			emit2(ICVTFW, s, t);
			emit2(ICVTWB, t, d);
			return;
		}
		break;
	case Tbig:
		switch(k){
		case Tint:	emit2(ICVTLW, s, d); return;
		case Treal:	emit2(ICVTLF, s, d); return;
		case Tstring:	emit2(ICVTLC, s, d); return;
		case Tbyte:
			t = talloc(tint);
			emit2(ICVTLW, s, t);
			emit2(ICVTWB, t, d);
			return;
		}
		break;
	case Tstring:
		switch(k){
		case Tint:	emit2(ICVTCW, s, d); return;
		case Treal:	emit2(ICVTCF, s, d); return;
		case Tbig:	emit2(ICVTCL, s, d); return;
		case Tarray:	emit2(ICVTCA, s, d); return;
		case Tbyte:
			t = talloc(tint);
			emit2(ICVTCW, s, t);
			emit2(ICVTWB, t, d);
			return;
		}
		break;
	case Tarray:
		if(k == Tstring){
			emit2(ICVTAC, s, d);
			return;
		}
		break;
	}
	fatal("can't convert %s to %s", kindname[f], kindname[k]);
}

/* the descriptor for one element of type t (arrays, channels) */
Desc*
elemdesc(Type *t)
{
	uchar map[64];

	if(t->kind == Tadtpick)
		t = t->decl->dot->ty;
	sizetype(t);
	if(t->kind == Tadt || t->kind == Ttuple || t->kind == Texception && !t->cons)
		return tdesc(t);
	memset(map, 0, sizeof map);
	tmap(t, 0, map);
	return mkdesc(t->size, map);
}

static int
headop(Type *t)
{
	switch(t->kind){
	case Tbyte:	return IHEADB;
	case Tint:	return IHEADW;
	case Treal:	return IHEADF;
	case Tbig:	return IHEADL;
	case Tadt: case Ttuple: case Tadtpick:
		return IHEADMP;
	}
	return IHEADP;
}

static int
consop(Type *t)
{
	switch(t->kind){
	case Tbyte:	return ICONSB;
	case Tint:	return ICONSW;
	case Treal:	return ICONSF;
	case Tbig:	return ICONSL;
	case Tadt: case Ttuple: case Tadtpick:
		return ICONSMP;
	}
	return ICONSP;
}

static void
cons(Type *et, Addr v, Addr l)
{
	if(et->kind == Tadt || et->kind == Ttuple || et->kind == Tadtpick){
		emit(ICONSMP, v, adesc(elemdesc(et)), l);
		return;
	}
	emit2(consop(et), v, l);
}

/* fill the fields of adt/tuple value at d from the expression list e */
static int
isnil(Node *n)
{
	return n->op == Oname && n->decl == nildecl;
}

/* fill the fields of adt/tuple value at d; a fresh object already holds nil pointers */
static void
fields(Decl *ids, Node *e, Addr d, int fresh)
{
	Decl *x;

	for(x = ids; x != nil; x = x->next)
		if(x->ty != nil)
			sizetype(x->ty);
	for(; ids != nil && e != nil; ids = ids->next){
		if(ids->store != Dfield)
			continue;
		if(!fresh || !isnil(e->left))
			ecomto(e->left, aoff(d, ids->offset));
		e = e->right;
	}
}

/* does evaluating n read the variable at a */
static int
reads(Node *n, Addr a)
{
	if(n == nil)
		return 0;
	if(n->op == Oname && n->decl != nil && n->decl != nildecl
	&& (n->decl->store == Dlocal || n->decl->store == Darg || n->decl->store == Dglobal)
	&& sameaddr(decladdr(n->decl), a))
		return 1;
	return reads(n->left, a) || reads(n->right, a) || reads(n->third, a) || reads(n->fourth, a);
}

/* array initialisers */
static void
arrayinit(Node *n, Addr arr, Type *et)
{
	Node *e, *v, *lab;
	Addr a, i, t, ea;
	long k, lo, hi;
	Inst *top, *br;

	/* first the wildcard for every element */
	for(e = n->right; e != nil; e = e->right){
		v = e->left;
		if(v->op != Oelem)
			continue;
		for(lab = v->left; lab != nil; lab = lab->right)
			if(lab->left->op == Owild){
				i = talloc(tint);
				t = talloc(tint);
				a = direct(arr, tarray(et));
				emit2(IMOVW, aimm(0), i);
				emit2(ILENA, a, t);
				top = emit(IBGEW, i, t, anone());
				ea = talloc(tint);
				emit(indop(et), a, ea, i);
				ecomto(v->right, aind(ea, 0));
				emit(IADDW, aimm(1), i, i);
				emit2(IJMP, anone(), apc(top->pc));
				patch(top, npc);
			}
	}
	k = 0;
	ea = talloc(tint);	/* element address, reused */
	for(e = n->right; e != nil; e = e->right){
		v = e->left;
		if(v->op != Oelem){
			emit(indop(et), arr, ea, aconst(k));
			ecomto(v, aind(ea, 0));
			k++;
			continue;
		}
		for(lab = v->left; lab != nil; lab = lab->right){
			if(lab->left->op == Owild)
				continue;
			if(lab->left->op == Orange && (!isconst(lab->left->left) || !isconst(lab->left->right)
			|| lab->left->right->val - lab->left->left->val > 8)){
				/* for(i := lo; i <= hi; i++) a[i] = v */
				i = talloc(tint);
				t = talloc(tint);
				ecomto(lab->left->left, i);
				ecomto(lab->left->right, t);
				top = emit(IBGTW, i, t, anone());
				ea = talloc(tint);
				emit(indop(et), arr, ea, i);
				ecomto(v->right, aind(ea, 0));
				emit(IADDW, aimm(1), i, i);
				emit2(IJMP, anone(), apc(top->pc));
				patch(top, npc);
				continue;
			}
			if(lab->left->op == Orange){
				lo = lab->left->left->val;
				hi = lab->left->right->val;
			}else if(isconst(lab->left))
				lo = hi = lab->left->val;
			else{
				emit(indop(et), arr, ea, eaddr(lab->left));
				ecomto(v->right, aind(ea, 0));
				continue;
			}
			for(k = lo; k <= hi; k++){
				emit(indop(et), arr, ea, aconst(k));
				ecomto(v->right, aind(ea, 0));
			}
			k = hi + 1;
		}
	}
	USED(br);
}

/* the number of elements an initialiser list needs */
long
initcount(Node *n)
{
	Node *e, *v, *lab;
	long k, max;

	k = 0;
	max = 0;
	for(e = n; e != nil; e = e->right){
		v = e->left;
		if(v->op != Oelem){
			k++;
			if(k > max)
				max = k;
			continue;
		}
		for(lab = v->left; lab != nil; lab = lab->right){
			if(lab->left->op == Orange && isconst(lab->left->right))
				k = lab->left->right->val + 1;
			else if(isconst(lab->left))
				k = lab->left->val + 1;
			if(k > max)
				max = k;
		}
	}
	return max;
}

Type*
tarray(Type *et)
{
	Type *t;

	t = mktype(Tarray, et, nil);
	sizetype(t);
	return t;
}

static void
newobj(Node *n, Addr d)
{
	Type *t;
	Addr p;
	Node *l, *e;
	Decl *ids;

	l = n->left;
	t = n->ty->tof;
	if(n->ty->kind == Texception)
		t = n->tyarg;	/* an exception value: its (name, 0, fields...) tuple */
	sizetype(t);
	/* build in place when the destination is a variable the constructor does not read */
	if(isdirect(d) && d.mode == Afp && !reads(l, d))
		p = d;
	else
		p = talloc(n->ty);
	if(n->flags & Nnew){
		emit2(INEW, adesc(tdesc(t)), p);
		if(t->kind == Tadtpick)
			emit2(IMOVW, aimm(n->decl->tag), aind(p, 0));
		move(n->ty, p, d);
		return;
	}
	if(n->flags & Npickdup){
		pickdup(l->left, p);
		move(n->ty, p, d);
		return;
	}
	emit2(INEW, adesc(tdesc(t)), p);
	if(l->op == Opickcon){
		emit2(IMOVW, aimm(l->decl != nil && l->decl->store == Dtag ? l->decl->tag : t->decl->tag), aind(p, 0));
		e = l->right;
		for(ids = t->decl->dot->ty->ids; ids != nil && e != nil; ids = ids->next){
			if(ids->store != Dfield)
				continue;
			if(!isnil(e->left))
				ecomto(e->left, aind(p, ids->offset));
			e = e->right;
		}
		fields(t->ids, e, aind(p, 0), 1);
	}else if(l->op == Oadtcon)
		fields(t->ids, l->right, aind(p, 0), 1);
	else
		ecomto(l, aind(p, 0));
	move(n->ty, p, d);
}

/*
 * p = ref *r, r a ref to an adt with pick fields: a new block of r's
 * variant (known statically, or found from the tag) with a copy of *r
 */
static void
pickdup(Node *r, Addr p)
{
	Type *rt;
	Addr s, tv;
	Decl *tg;
	Inst *skip;
	void *ends;

	rt = r->ty->tof;
	s = eaddr(r);
	if(!isdirect(s)){
		Addr t = talloc(r->ty);
		move(r->ty, s, t);
		s = t;
	}
	if(rt->kind == Tadtpick){
		emit2(INEW, adesc(tdesc(rt)), p);
		emit(IMOVMP, aind(s, 0), adesc(tdesc(rt)), aind(p, 0));
		return;
	}
	tv = talloc(tint);
	emit2(IMOVW, aind(s, 0), tv);
	ends = nil;
	for(tg = rt->tags; tg != nil; tg = tg->next){
		skip = emit(IBNEW, tv, aimm(tg->tag), anone());
		emit2(INEW, adesc(tdesc(tg->ty)), p);
		emit(IMOVMP, aind(s, 0), adesc(tdesc(tg->ty)), aind(p, 0));
		ends = addpatch(ends, emit2(IJMP, anone(), anone()));
		patch(skip, npc);
	}
	patchlist(ends, npc);
}

/* increment or decrement the lvalue n by one */
static void
incdec(Node *n, int op, Addr *old)
{
	Addr a, one;
	Type *t;

	t = n->ty;
	if(n->left->op == Oindex && n->left->left->ty->kind == Tstring){
		/* s[i]++: fetch the character, step it, store it back */
		Addr s, i, c;

		s = lvaddr(n->left->left);
		i = midaddr(eaddr(n->left->right), tint);
		c = talloc(tint);
		emit(IINDC, s, i, c);
		if(old != nil)
			move(tint, c, *old);
		emit(op == Oinc || op == Opreinc ? IADDW : ISUBW, aimm(1), c, c);
		emit(IINSC, c, i, s);
		return;
	}
	a = lvaddr(n->left);
	if(t->kind == Tbig)
		one = mpbig(1);
	else if(t->kind == Treal)
		one = mpreal(1.0);
	else
		one = aimm(1);
	if(old != nil)
		move(t, a, *old);
	if(!ismiddle(a)){
		emit2(op == Oinc || op == Opreinc ? arithop(Oadd, t) : arithop(Osub, t), one, a);
		return;
	}
	emit(op == Oinc || op == Opreinc ? arithop(Oadd, t) : arithop(Osub, t), one, a, a);
}

void
ecomto(Node *n, Addr d)
{
	Addr l, r, t;
	Type *ty;
	void *f;
	Node *e;
	int op;
	long k;

	cursrc = n->src;
	ty = n->ty;
	sizetype(ty);
	switch(n->op){
	case Oconst:
	case Oname:
	case Oself:
	case Oldtix:
		move(ty, eaddr(n), d);
		return;
	case Odot:
	case Oind:
	case Omdot:
		if(n->op == Odot && n->decl->store != Dfield || n->op == Omdot && n->decl->store != Dglobal)
			break;
		move(ty, eaddr(n), d);
		return;
	case Oindex:
		if(n->left->ty->kind == Tstring){
			l = eaddr(n->left);
			r = midaddr(eaddr(n->right), tint);
			emit(IINDC, l, r, d);
			return;
		}
		move(ty, eaddr(n), d);
		return;
	case Oadd: case Osub: case Omul: case Odiv: case Omod:
	case Oand: case Oor: case Oxor: case Olsh: case Orsh: case Oexp:
		l = eaddr(n->left);
		r = eaddr(n->right);
		if(ty->kind == Tstring){
			l = midaddr(l, ty);
			emit(IADDC, r, l, d);
			return;
		}
		if((n->op == Olsh || n->op == Orsh || n->op == Oexp) && ty->kind != Tint){
			l = midaddr(l, ty);
			emit(arithop(n->op, ty), r, l, d);
			return;
		}
		l = midaddr(l, ty);
		if(bigimm(l) && ismiddle(r) && !bigimm(r)
		&& (n->op == Oadd || n->op == Omul || n->op == Oand || n->op == Oor || n->op == Oxor)){
			/* 100000*x: the constant as the source (32 bits) */
			emit(arithop(n->op, ty), l, r, d);
			return;
		}
		emit(arithop(n->op, ty), r, l, d);
		return;
	case Oeq: case Oneq: case Olt: case Oleq: case Ogt: case Ogeq:
	case Oandand: case Ooror: case Onot:
		/* the result is set before the operands are read: not into one of them (x = !x) */
		f = nil;
		t = isdirect(d) && !reads(n, d) ? d : talloc(tint);
		emit2(IMOVW, aimm(1), t);
		bcom(n, 1, &f);
		emit2(IMOVW, aimm(0), t);
		patchlist(f, npc);
		move(tint, t, d);
		return;
	case Oneg:
		l = eaddr(n->left);
		switch(ty->kind){
		case Treal:
			emit2(INEGF, l, d);
			return;
		case Tbig:
			emit(ISUBL, l, mpbig(0), d);
			return;
		case Tbyte:
			emit(ISUBB, l, aimm(0), d);
			return;
		}
		emit(ISUBW, l, aimm(0), d);
		return;
	case Ocom:
		l = eaddr(n->left);
		switch(ty->kind){
		case Tbig:
			emit(IXORL, l, mpbig(-1), d);
			return;
		case Tbyte:
			emit(IXORB, l, aimm(0xff), d);
			return;
		}
		emit(IXORW, l, aimm(-1), d);
		return;
	case Ocast:
		l = eaddr(n->left);
		convert(n->left->ty, ty, l, d);
		return;
	case Olen:
		l = eaddr(n->left);
		switch(n->left->ty->kind){
		case Tstring:	emit2(ILENC, l, d); return;
		case Tarray:	emit2(ILENA, l, d); return;
		case Tlist:	emit2(ILENL, l, d); return;
		}
		break;
	case Ohd:
		l = eaddr(n->left);
		if(headop(ty) == IHEADMP){
			emit(IHEADMP, l, adesc(elemdesc(ty)), d);
			return;
		}
		emit2(headop(ty), l, d);
		return;
	case Otl:
		l = eaddr(n->left);
		emit2(ITAIL, l, d);
		return;
	case Otagof:
		l = direct(eaddr(n->left), n->left->ty);
		emit2(IMOVW, aind(l, 0), d);
		return;
	case Ocons:
		l = eaddr(n->left);
		if(isdirect(d) && !sameaddr(d, l) && !reads(n->left, d)){
			ecomto(n->right, d);
			cons(ty->tof, l, d);
			return;
		}
		t = talloc(ty);
		ecomto(n->right, t);
		cons(ty->tof, l, t);
		move(ty, t, d);
		return;
	case Olist:
		t = talloc(ty);
		move(ty, mpnil(), t);
		{
			Node **v;
			int i, nv;
			nv = 0;
			for(e = n->left; e != nil; e = e->right)
				nv++;
			v = emalloc((nv+1) * sizeof *v);
			nv = 0;
			for(e = n->left; e != nil; e = e->right)
				v[nv++] = e->left;
			for(i = nv-1; i >= 0; i--)
				cons(ty->tof, eaddr(v[i]), t);
			free(v);
		}
		move(ty, t, d);
		return;
	case Otuple:
	case Oadtcon:
		if(d.mode == Aimm)
			fatal("tuple to immediate");
		fields(ty->ids, n->op == Otuple ? n->left : n->right, d, 0);
		return;
	case Oref:
		newobj(n, d);
		return;
	case Oload:
		l = eaddr(n->left);
		emit(ILOAD, l, aimm(ldtindex(modtypedecl(ty))), d);
		return;
	case Oarrayz:
		l = eaddr(n->left);
		emit(INEWA, l, adesc(elemdesc(n->tyarg)), d);
		return;
	case Oarray:
		t = talloc(ty);
		if(n->left != nil)
			l = eaddr(n->left);
		else{
			k = initcount(n->right);
			l = aconst(k);
		}
		emit(INEWA, l, adesc(elemdesc(ty->tof)), t);
		arrayinit(n, t, ty->tof);
		move(ty, t, d);
		return;
	case Ochan:
		l = n->left != nil ? eaddr(n->left) : aimm(0);
		switch(ty->tof->kind){
		case Tbyte:	op = INEWCB; break;
		case Tint:	op = INEWCW; break;
		case Treal:	op = INEWCF; break;
		case Tbig:	op = INEWCL; break;
		case Tadt: case Ttuple: case Tadtpick:
			sizetype(ty->tof);
			{
				Desc *ed;
				int i, hp = 0;
				ed = elemdesc(ty->tof);
				for(i = 0; i < ed->nmap; i++)
					if(ed->map[i])
						hp = 1;
				if(hp)
					emit(INEWCMP, adesc(elemdesc(ty->tof)), midaddr(l, tint), d);
				else
					emit(INEWCM, aimm(ty->tof->size), midaddr(l, tint), d);
			}
			return;
		default:	op = INEWCP; break;
		}
		emit(op, anone(), midaddr(l, tint), d);
		return;
	case Orcv:
		l = eaddr(n->left);
		if(n->left->ty->kind == Tarray)
			recvarray(l, d, n->ty);
		else
			emit2(IRECV, l, d);
		return;
	case Osnd:
		r = memaddr(eaddr(n->right), n->right->ty);
		l = eaddr(n->left);
		emit2(ISEND, r, l);
		move(ty, r, d);
		return;
	case Ocall:
		callcom(n, &d, 0);
		return;
	case Ofnref:
		fnrefcom(n, d);
		return;
	case Oslice:
		{
			Addr lo, hi;
			Node *ln;

			ln = n->left;
			if(!isdirect(d) || reads(n->right, d)){
				/* s = t[len s:]: the bounds read s before it changes */
				Addr t = tempfor(ty);
				ecomto(n, t);
				move(ty, t, d);
				return;
			}
			ecomto(ln, d);
			lo = eaddr(n->right->left);
			if(n->right->right != nil)
				hi = eaddr(n->right->right);
			else{
				hi = talloc(tint);
				emit2(ty->kind == Tstring ? ILENC : ILENA, d, hi);
			}
			hi = midaddr(hi, tint);
			emit(ty->kind == Tstring ? ISLICEC : ISLICEA, lo, hi, d);
			return;
		}
	case Oinc:
	case Odec:
		incdec(n, n->op, &d);
		return;
	case Opreinc:
	case Opredec:
		incdec(n, n->op, nil);
		move(ty, eaddr(n->left), d);
		return;
	case Oas:
		if(n->left->op == Oslice){
			/* (a[i:] = b) as a value: a[i:], a evaluated once */
			Addr t, v, lo, hi;

			t = talloc(n->left->left->ty);
			ecomto(n->left->left, t);
			v = eaddr(n->right);
			lo = midaddr(eaddr(n->left->right->left), tint);
			emit(ISLICELA, v, lo, t);
			move(ty, t, d);
			hi = talloc(tint);
			emit2(ILENA, d, hi);
			emit(ISLICEA, lo, midaddr(hi, tint), d);
			return;
		}
		if(n->left->op == Oindex || n->left->op == Odot || n->left->op == Oind){
			/*
			 * the value first, then the element: its address is
			 * computed once, from the variables as they were (in
			 * a = a.next = v the old a's next is set, as in
			 * Inferno), so the value goes to d only after
			 */
			Addr a, i, v;

			v = d;
			if(!isdirect(d) || reads(n->left, d))
				v = tempfor(n->right->ty);
			ecomto(n->right, v);
			if(n->left->op == Oindex && n->left->left->ty->kind == Tstring){
				a = lvaddr(n->left->left);
				i = midaddr(eaddr(n->left->right), tint);
				emit(IINSC, v, i, a);
			}else
				move(ty, v, lvaddr(n->left));
			move(ty, v, d);
			return;
		}
		/* fall through */
	case Oaddas: case Osubas: case Omulas: case Odivas: case Omodas: case Oexpas:
	case Oandas: case Ooras: case Oxoras: case Olshas: case Orshas:
		assigncom(n);
		if(n->left->op != Otuple)
			move(ty, eaddr(n->left), d);
		return;
	}
	fatal("ecomto: can't compile op %d", n->op);
}

/* the descriptor of a function reference: (module, index) */
static Desc*
fnptrdesc(void)
{
	uchar map[1];

	map[0] = 0x80;
	return mkdesc(2*IBY2WD, map);
}

/*
 * build a function reference: the module, and the function's index in
 * its interface; a function of this module's is reached through .self,
 * as Inferno's limbo does
 */
static void
fnrefcom(Node *n, Addr d)
{
	Node *f;
	Addr p, m;
	long ix;

	f = n->left;
	p = talloc(n->ty);
	emit2(INEW, adesc(fnptrdesc()), p);
	if(f->op == Omdot){
		m = eaddr(f->left);
		move(f->left->ty, m, aind(p, 0));
		ix = ldtfn(modtypedecl(f->left->ty), f->decl);
	}else{
		move(tany, selfaddr(), aind(p, 0));
		needfn(f->decl);
		ix = ldtfn(selfmod(), f->decl);
	}
	emit2(IMOVW, aimm(ix), aind(p, IBY2WD));
	move(n->ty, p, d);
}

/* this module's handle, .self, loaded the first time */
static Addr
selfaddr(void)
{
	Addr a;
	Inst *skip;

	a = amp(selfvar()->offset);
	skip = emit(IBNEW, a, mpnil(), anone());
	emit(ILOAD, mpstring("$self", 5), aimm(ldtindex(selfmod())), a);
	patch(skip, npc);
	return a;
}

/* operand for assignment to lvalue n (not strings indexes, slices, tuples) */
Addr
lvaddr(Node *n)
{
	switch(n->op){
	case Oname:
		return decladdr(n->decl);
	case Odot:
		return fieldaddr(n->left, n->decl->offset);
	case Oind:
		return fieldaddr(n->left, 0);
	case Oindex:
		return indexaddr(n);
	case Omdot:
		return mdataaddr(n);
	}
	fatal("lvaddr: op %d", n->op);
	return anone();
}

/* does evaluating n read the lvalue location of l (so a direct store could clobber it) */
static int
mayalias(Node *n)
{
	return n->op == Otuple || n->op == Oadtcon;
}

/*
 * store the value of type t at v into lvalue l: a variable, field or
 * element, a string's character, a slice (the array is copied in), nil
 * (nothing), or a tuple of those
 */
void
storeto(Node *l, Type *t, Addr v)
{
	Addr a, i, c;

	switch(l->op){
	case Oname:
		if(l->decl == nildecl)
			return;
		break;
	case Otuple:
		untuple(l, t, v);
		return;
	case Oindex:
		if(l->left->ty->kind != Tstring)
			break;
		a = lvaddr(l->left);
		i = midaddr(eaddr(l->right), tint);
		if(t->kind == Tbyte){
			c = talloc(tint);
			emit2(ICVTBW, v, c);
			v = c;
		}
		emit(IINSC, v, i, a);
		return;
	case Oslice:
		a = eaddr(l->left);
		i = midaddr(eaddr(l->right->left), tint);
		emit(ISLICELA, v, i, a);
		return;
	}
	move(t, v, lvaddr(l));
}

/* move the fields of tuple value t (of type ty) into the lvalues of l */
void
untuple(Node *l, Type *ty, Addr t)
{
	Node *e;
	Decl *id;

	for(e = l->left, id = ty->ids; e != nil && id != nil; id = id->next){
		if(id->store != Dfield)
			continue;	/* an adt taken apart: its fields */
		storeto(e->left, id->ty, aoff(t, id->offset));
		e = e->right;
	}
}

/* compile an assignment (also op=) for its effect */
void
assigncom(Node *n)
{
	Node *l, *r, *e;
	Addr a, v, t, i;
	Decl *id;
	int op;

	l = n->left;
	r = n->right;
	cursrc = n->src;
	if(n->op != Oas){
		/* l op= r */
		if(l->op == Oindex && l->left->ty->kind == Tstring){
			/* s[i] op= r: fetch the character, operate, store it back */
			a = lvaddr(l->left);
			i = midaddr(eaddr(l->right), tint);
			t = talloc(tint);
			emit(IINDC, a, i, t);
			v = eaddr(r);
			emit(arithop(n->op, tint), v, t, t);
			emit(IINSC, t, i, a);
			return;
		}
		if(l->ty->kind == Tstring){
			a = lvaddr(l);
			v = eaddr(r);
			t = midaddr(a, tstring);
			emit(IADDC, v, t, a);
			return;
		}
		a = lvaddr(l);
		v = eaddr(r);
		op = arithop(n->op, l->ty);
		if(ismiddle(a))
			emit(op, v, a, a);
		else
			emit2(op, v, a);
		return;
	}
	if(l->op == Otuple){
		t = tempfor(r->ty);
		ecomto(r, t);
		untuple(l, r->ty, t);
		return;
	}
	if(l->op == Oname && l->decl == nildecl){
		t = tempfor(r->ty);
		ecomto(r, t);
		return;
	}
	if(l->op == Oslice){
		v = eaddr(r);
		a = eaddr(l->left);
		i = midaddr(eaddr(l->right->left), tint);
		emit(ISLICELA, v, i, a);
		return;
	}
	if(l->op == Oindex && l->left->ty->kind == Tstring){
		a = lvaddr(l->left);
		v = eaddr(r);
		if(r->ty->kind == Tbyte){
			t = talloc(tint);
			emit2(ICVTBW, v, t);
			v = t;
		}
		i = midaddr(eaddr(l->right), tint);
		emit(IINSC, v, i, a);
		return;
	}
	if(mayalias(r)){
		t = tempfor(l->ty);
		ecomto(r, t);
		a = lvaddr(l);
		move(l->ty, t, a);
		return;
	}
	if(simple(l)){
		ecomto(r, lvaddr(l));
		return;
	}
	v = eaddr(r);
	a = lvaddr(l);
	move(l->ty, v, a);
}

/* evaluate n for its side effects */
void
exprcom(Node *n)
{
	Addr t;

	cursrc = n->src;
	switch(n->op){
	case Oas:
	case Oaddas: case Osubas: case Omulas: case Odivas: case Omodas: case Oexpas:
	case Oandas: case Ooras: case Oxoras: case Olshas: case Orshas:
		assigncom(n);
		return;
	case Oinc: case Odec: case Opreinc: case Opredec:
		incdec(n, n->op, nil);
		return;
	case Ocall:
		callcom(n, nil, 0);
		return;
	case Osnd:
		{
			Addr r, l;
			r = memaddr(eaddr(n->right), n->right->ty);
			l = eaddr(n->left);
			emit2(ISEND, r, l);
		}
		return;
	case Orcv:
		t = tempfor(n->ty);
		ecomto(n, t);
		return;
	}
	if(n->ty == nil || n->ty->kind == Tnone)
		return;
	t = tempfor(n->ty);
	ecomto(n, t);
}

/* the frame layout of the extra arguments of a varargs call */
static long
argoffsets(Type *ft, Node *args, long *offs)
{
	Decl *a;
	Node *e;
	long off;
	int i;

	off = MaxTemp;
	i = 0;
	for(a = ft->ids, e = args; e != nil; e = e->right, i++){
		Type *t = a != nil ? a->ty : e->left->ty;
		if(t->kind == Tany)
			t = tstring;
		sizetype(t);
		off = align(off, t->align);
		offs[i] = off;
		off += t->size;
		if(a != nil)
			a = a->next;
	}
	return off;
}

/* move or compute the arguments of call n into frame fr */
static void
fnrefargs(Node *n, Type *ft, Addr *args, long *offs, Addr fr)
{
	Node *e;
	Decl *a;
	int i;

	for(e = n->right, i = 0, a = ft->ids; e != nil && a != nil; e = e->right, i++, a = a->next){
		if(args[i].mode == Anone)
			ecomto(e->left, aind(fr, offs[i]));
		else
			move(a->ty, args[i], aind(fr, offs[i]));
	}
}

/*
 * can n be evaluated straight into a callee's frame: no calls, no
 * allocation, no side effects (so the order of evaluation is free)
 */
static int
pure(Node *n)
{
	if(n == nil)
		return 1;
	switch(n->op){
	case Oconst:
	case Oname:
	case Oldtix:
		return 1;
	case Odot:
	case Oind:
	case Olen:
	case Otagof:
		return pure(n->left);
	case Oindex:
		return n->left->ty->kind == Tarray && pure(n->left) && pure(n->right);
	case Ocast:
		if(n->ty->kind == Tstring || n->ty->kind == Tarray || n->left->ty->kind == Tstring)
			return 0;
		return pure(n->left);
	case Oneg: case Ocom: case Onot:
		return pure(n->left);
	case Oadd:
		if(n->ty->kind == Tstring)
			return 0;
		/* fall through */
	case Osub: case Omul: case Odiv: case Omod: case Oexp:
	case Oand: case Oor: case Oxor: case Olsh: case Orsh:
	case Oeq: case Oneq: case Olt: case Ogt: case Oleq: case Ogeq:
	case Oandand: case Ooror:
		return pure(n->left) && pure(n->right);
	}
	return 0;
}

/*
 * calls: arguments that need other calls or allocation are evaluated
 * first, then the frame is made and filled (the others are computed
 * straight into it); spawn starts a new thread with the frame instead.
 */
static void
callcom(Node *n, Addr *ret, int spawn)
{
	Node *f, *e;
	Type *ft, *at;
	Decl *fn, *a, *mod;
	Addr args[256], fr, m, r;
	long offs[256], size;
	int i, nargs, ix, varargs;
	uchar *map;

	f = n->left;
	ft = f->ty;
	fn = f->decl;
	if(n->flags & Nfnref)
		ft = ft->tof;
	nargs = 0;
	for(e = n->right; e != nil; e = e->right){
		if(nargs >= nelem(args)){
			error(&n->src, "too many arguments");
			return;
		}
		cursrc = e->left->src;
		if(pure(e->left) && !simple(e->left))
			args[nargs++] = anone();	/* computed into the frame below */
		else
			args[nargs++] = eaddr(e->left);
	}
	cursrc = n->src;
	fr = talloc(tint);
	varargs = ft->varargs;
	mod = nil;
	m = anone();
	ix = 0;
	if(n->flags & Nfnpair){
		/* through a constraint's hidden (module, index) arguments */
		Addr ixa;

		sizetype(ft);
		m = decladdr(fn);
		ixa = decladdr(fn->next);
		emit(IMFRAME, m, ixa, fr);
		for(a = ft->ids, i = 0; a != nil; a = a->next, i++)
			offs[i] = a->offset;
		fnrefargs(n, ft, args, offs, fr);
		r = retslot(ft, ret, fr, spawn);
		emit(spawn ? IMSPAWN : IMCALL, fr, ixa, m);
		if(r.mode != Anone && ret != nil && !sameaddr(r, *ret))
			move(ft->tof, r, *ret);
		return;
	}
	if(n->flags & Nfnref){
		Addr p, ixa;

		p = direct(eaddr(f), f->ty);
		ixa = talloc(tint);
		emit2(IMOVW, aind(p, IBY2WD), ixa);
		emit(IMFRAME, aind(p, 0), ixa, fr);
		for(a = ft->ids, i = 0; a != nil; a = a->next, i++)
			offs[i] = a->offset;
		fnrefargs(n, ft, args, offs, fr);
		r = retslot(ft, ret, fr, spawn);
		emit(spawn ? IMSPAWN : IMCALL, fr, ixa, aind(p, 0));
		if(r.mode != Anone && ret != nil && !sameaddr(r, *ret))
			move(ft->tof, r, *ret);
		return;
	}
	if(f->op == Omdot){
		mod = modtypedecl(f->left->ty);
		m = direct(eaddr(f->left), f->left->ty);
		ix = ldtfn(mod, fn);
	}
	if(varargs){
		size = argoffsets(ft, n->right, offs);
		size = align(size, MaxAlign);
		map = emalloc(size/IBY2WD/8 + 2);
		for(e = n->right, i = 0, a = ft->ids; e != nil; e = e->right, i++){
			at = a != nil ? a->ty : e->left->ty;
			tmap(at, offs[i], map);
			if(a != nil)
				a = a->next;
		}
		emit2(IFRAME, adesc(mkdesc(size, map)), fr);
		free(map);
	}else if(mod != nil){
		emit(IMFRAME, m, aimm(ix), fr);
		for(a = ft->ids, i = 0; a != nil; a = a->next, i++)
			offs[i] = a->offset;
	}else{
		Addr da;
		memset(&da, 0, sizeof da);
		da.mode = Adesc;
		da.fn = fn;
		needfn(fn);
		emit2(IFRAME, da, fr);
		for(a = ft->ids, i = 0; a != nil; a = a->next, i++)
			offs[i] = a->offset;
	}
	for(e = n->right, i = 0, a = ft->ids; e != nil; e = e->right, i++){
		at = a != nil ? a->ty : e->left->ty;
		if(at->kind == Tany)
			at = tstring;
		if(args[i].mode == Anone)
			ecomto(e->left, aind(fr, offs[i]));
		else
			move(at, args[i], aind(fr, offs[i]));
		if(a != nil)
			a = a->next;
	}
	r = retslot(ft, ret, fr, spawn);
	if(mod != nil){
		emit(spawn ? IMSPAWN : IMCALL, fr, aimm(ix), m);
	}else{
		Addr pa;
		memset(&pa, 0, sizeof pa);
		pa.mode = Apc;
		pa.fn = fn;
		needfn(fn);
		emit2(spawn ? ISPAWN : ICALL, fr, pa);
	}
	if(r.mode != Anone && ret != nil && !sameaddr(r, *ret))
		move(ft->tof, r, *ret);
}

/*
 * where a call of type ft through frame fr returns its value: ret
 * itself when the callee can store there, else a temporary; its address
 * goes in the frame's return slot.  Anone for no value (or a spawn).
 */
static Addr
retslot(Type *ft, Addr *ret, Addr fr, int spawn)
{
	Addr r;

	if(spawn || ft->tof == nil || ft->tof->kind == Tnone)
		return anone();
	if(ret != nil && (isdirect(*ret) || ret->mode == Afpind))
		r = *ret;
	else
		r = tempfor(ft->tof);
	emit2(ILEA, r, aind(fr, REGRET*IBY2WD));
	return r;
}

void
spawncom(Node *n)
{
	callcom(n, nil, 1);
}
