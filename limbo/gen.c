#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * Instruction emission, operands, frame temporaries and module data.
 * Instructions get their pc when emitted; forward branches are patched.
 */

Inst	*firstinst, *lastinst;
Desc*	descs;
int	ndescs;
long	npc;
Src	cursrc;
int	curblock;
long	maxframe;

typedef struct Temp Temp;
struct Temp
{
	long	off;
	Type*	ty;
	int	busy;
	Temp*	next;
};

static	Temp*	temps;
static	long	framesize;		/* current end of the frame */
static	long	framemax;

/* module data: initialised items */
static	Datum	*data, *lastdata;
static	uchar*	mpmap;
static	long	nmpmap;
static	int	mpnilset;
static	long	mpniloff;

Addr
aimm(long v)
{
	Addr a;

	memset(&a, 0, sizeof a);
	a.mode = Aimm;
	a.off = v;
	return a;
}

Addr
afp(long off)
{
	Addr a;

	memset(&a, 0, sizeof a);
	a.mode = Afp;
	a.off = off;
	return a;
}

Addr
amp(long off)
{
	Addr a;

	memset(&a, 0, sizeof a);
	a.mode = Amp;
	a.off = off;
	return a;
}

Addr
apc(long pc)
{
	Addr a;

	memset(&a, 0, sizeof a);
	a.mode = Apc;
	a.off = pc;
	return a;
}

Addr
adesc(Desc *d)
{
	Addr a;

	memset(&a, 0, sizeof a);
	a.mode = Adesc;
	a.desc = d;
	return a;
}

Addr
anone(void)
{
	Addr a;

	memset(&a, 0, sizeof a);
	return a;
}

/* the operand at offset off from the pointer held in direct slot a */
Addr
aind(Addr a, long off)
{
	Addr r;

	memset(&r, 0, sizeof r);
	if(a.mode == Afp)
		r.mode = Afpind;
	else if(a.mode == Amp)
		r.mode = Ampind;
	else
		fatal("aind of mode %d", a.mode);
	r.reg = a.off;
	r.off = off;
	return r;
}

/* the operand off bytes into the value at a */
Addr
aoff(Addr a, long off)
{
	switch(a.mode){
	case Afp:
	case Amp:
	case Afpind:
	case Ampind:
		a.off += off;
		return a;
	}
	fatal("aoff of mode %d", a.mode);
	return a;
}

int
isdirect(Addr a)
{
	return a.mode == Afp || a.mode == Amp;
}

int
ismiddle(Addr a)
{
	return a.mode == Aimm || a.mode == Afp || a.mode == Amp;
}

int
sameaddr(Addr a, Addr b)
{
	return a.mode == b.mode && a.reg == b.reg && a.off == b.off && a.fn == b.fn && a.desc == b.desc;
}

/* arithmetic with the middle operand equal to the destination may omit it */
static int
twoop(int op)
{
	switch(op){
	case IADDB: case IADDW: case IADDF: case ISUBB: case ISUBW: case ISUBF:
	case IMULB: case IMULW: case IMULF: case IDIVB: case IDIVW: case IDIVF:
	case IMODW: case IMODB: case IANDB: case IANDW: case IORB: case IORW:
	case IXORB: case IXORW: case ISHLB: case ISHLW: case ISHRB: case ISHRW:
	case IADDL: case ISUBL: case IDIVL: case IMODL: case IMULL: case IANDL:
	case IORL: case IXORL: case ISHLL: case ISHRL: case IADDC:
		return 1;
	}
	return 0;
}

/*
 * The object file gives a middle operand 16 signed bits (Inferno's VM
 * keeps it in a short): an immediate, or a frame or module data offset,
 * outside -32768..32767 would be misread.  As Inferno's limbo does, such a
 * middle operand goes through a fixed temporary at the top of the frame
 * (never a pointer in the frame's map): loaded before the instruction,
 * or, for the element-address instructions that write their middle
 * operand, stored after it.
 */
enum
{
	RTemp	= NREG*IBY2WD,		/* 20..27, in MaxTemp: a word, or a big or real */
};

static int
farmiddle(Addr *m)
{
	long v;

	switch(m->mode){
	case Aimm: case Afp: case Amp: case Aldt:
		v = m->off;
		break;
	case Adesc:
		v = m->desc != nil ? m->desc->id : 0;
		break;
	default:
		return 0;
	}
	return v < -32768 || v > 32767;
}

/* the move for a middle operand of instruction op */
static int
midmove(int op)
{
	switch(op){
	case IADDB: case ISUBB: case IMULB: case IDIVB: case IMODB: case IANDB:
	case IORB: case IXORB: case ISHLB: case ISHRB:
	case IBEQB: case IBNEB: case IBLTB: case IBLEB: case IBGTB: case IBGEB:
		return IMOVB;
	case IADDL: case ISUBL: case IMULL: case IDIVL: case IMODL: case IANDL:
	case IORL: case IXORL: case ISHLL: case ISHRL: case ILSRL: case IEXPL:
	case IBEQL: case IBNEL: case IBLTL: case IBLEL: case IBGTL: case IBGEL:
		return IMOVL;
	case IADDF: case ISUBF: case IMULF: case IDIVF: case IEXPF:
	case IBEQF: case IBNEF: case IBLTF: case IBLEF: case IBGTF: case IBGEF:
		return IMOVF;
	}
	return IMOVW;	/* a word, or a pointer copied without a reference count */
}

static int
writesmiddle(int op)
{
	switch(op){
	case IINDX: case IINDW: case IINDF: case IINDB: case IINDL:
		return 1;
	}
	return 0;
}

static Inst*	emit1(int, Addr, Addr, Addr);

Inst*
emit(int op, Addr s, Addr m, Addr d)
{
	Inst *i;

	if(m.mode != Anone && sameaddr(m, d) && twoop(op))
		m = anone();
	if(!farmiddle(&m))
		return emit1(op, s, m, d);
	if(writesmiddle(op)){
		i = emit1(op, s, afp(RTemp), d);
		emit1(IMOVW, afp(RTemp), anone(), m);
		return i;
	}
	emit1(midmove(op), m, anone(), afp(RTemp));
	return emit1(op, s, afp(RTemp), d);
}

/* append an instruction */
static Inst*
emit1(int op, Addr s, Addr m, Addr d)
{
	Inst *i;

	i = emalloc(sizeof *i);
	i->op = op;
	i->s = s;
	i->m = m;
	i->d = d;
	i->pc = npc++;
	i->src = cursrc;
	i->block = curblock;
	if(lastinst == nil)
		firstinst = i;
	else
		lastinst->next = i;
	lastinst = i;
	return i;
}

Inst*
emit2(int op, Addr s, Addr d)
{
	return emit(op, s, anone(), d);
}

/* point the branch i at pc */
void
patch(Inst *i, long pc)
{
	i->d = apc(pc);
}

/* a list of branches waiting for a target */
typedef struct Plist Plist;
struct Plist
{
	Inst*	i;
	Plist*	next;
};

void*
addpatch(void *l, Inst *i)
{
	Plist *p;

	p = emalloc(sizeof *p);
	p->i = i;
	p->next = l;
	return p;
}

void
patchlist(void *l, long pc)
{
	Plist *p;

	for(p = l; p != nil; p = p->next)
		patch(p->i, pc);
}

void*
joinpatch(void *a, void *b)
{
	Plist *p;

	if(a == nil)
		return b;
	for(p = a; p->next != nil; p = p->next)
		;
	p->next = b;
	return a;
}

/*
 * frames: arguments from MaxTemp, then locals, then temporaries.
 * Temporaries are reused only for values of the same shape so the
 * frame's pointer map stays right.
 */
void
framestart(long off)
{
	temps = nil;
	framesize = off;
	framemax = off;
}

long
framealloc(Type *t)
{
	long off;

	sizetype(t);
	off = align(framesize, t->align > 0 ? t->align : 1);
	framesize = off + (t->size > 0 ? t->size : IBY2WD);
	if(framesize > framemax)
		framemax = framesize;
	return off;
}

static int
sameshape(Type *a, Type *b)
{
	uchar ma[256], mb[256];

	if(a->size != b->size || a->align != b->align)
		return 0;
	if(isptr(a) != isptr(b))
		return 0;
	if(isptr(a))
		return 1;
	if(a->size > 8*IBY2WD*64)
		return 0;
	memset(ma, 0, sizeof ma);
	memset(mb, 0, sizeof mb);
	tmap(a, 0, ma);
	tmap(b, 0, mb);
	return memcmp(ma, mb, sizeof ma) == 0;
}

Addr
talloc(Type *t)
{
	Temp *p;

	sizetype(t);
	for(p = temps; p != nil; p = p->next)
		if(!p->busy && sameshape(p->ty, t)){
			p->busy = 1;
			return afp(p->off);
		}
	p = emalloc(sizeof *p);
	p->ty = t;
	p->off = framealloc(t);
	p->busy = 1;
	p->next = temps;
	temps = p;
	return afp(p->off);
}

/* free all temporaries (end of a statement) */
void
tfreeall(void)
{
	Temp *p;

	for(p = temps; p != nil; p = p->next)
		p->busy = 0;
}


/* the frame's pointer map: args, locals, temps */
Desc*
framedesc(Decl *fn, long size)
{
	uchar *map;
	Decl *d;
	Temp *p;
	Desc *ds;

	map = emalloc(size/IBY2WD/8 + 2);
	for(d = fn->args; d != nil; d = d->next)
		tmap(d->ty, d->offset, map);
	for(d = fn->locals; d != nil; d = d->next2)
		tmap(d->ty, d->offset, map);
	for(p = temps; p != nil; p = p->next)
		tmap(p->ty, p->off, map);
	ds = mkdesc(size, map);
	free(map);
	return ds;
}

long
frameend(void)
{
	return align(framemax, MaxAlign);
}

/*
 * module data
 */
long
mpalloc(Type *t)
{
	long off;

	sizetype(t);
	off = align(mpsize, t->align > 0 ? t->align : 1);
	mpsize = off + t->size;
	if(mpsize/IBY2WD/8 + 2 > nmpmap){
		long n = nmpmap;
		nmpmap = 2*(mpsize/IBY2WD/8 + 2);
		mpmap = realloc(mpmap, nmpmap);
		if(mpmap == nil)
			fatal("out of memory");
		memset(mpmap+n, 0, nmpmap-n);
	}
	tmap(t, off, mpmap);
	return off;
}

static Datum*
newdatum(int kind, long off)
{
	Datum *d;

	d = emalloc(sizeof *d);
	d->kind = kind;
	d->off = off;
	if(lastdata == nil)
		data = d;
	else
		lastdata->next = d;
	lastdata = d;
	return d;
}

/*
 * shared constants in module data, found again through a hash
 * of their kind and value
 */
typedef struct Cent Cent;
struct Cent
{
	Datum*	d;
	Cent*	next;
};

static	Cent*	consts[4096];

static ulong
chash(int kind, void *p, int n)
{
	uchar *s;
	ulong h;

	h = kind;
	for(s = p; n-- > 0; s++)
		h = h*31 + *s;
	return h % nelem(consts);
}

static Datum*
cfind(int kind, void *p, int n)
{
	Cent *c;
	Datum *d;

	for(c = consts[chash(kind, p, n)]; c != nil; c = c->next){
		d = c->d;
		if(d->kind != kind)
			continue;
		switch(kind){
		case DEFS:
			if(d->len == n && memcmp(d->str, p, n) == 0)
				return d;
			break;
		case DEFF:
			if(memcmp(&d->rval, p, n) == 0)
				return d;
			break;
		default:
			if(memcmp(&d->val, p, n) == 0)
				return d;
			break;
		}
	}
	return nil;
}

static void
cadd(Datum *d, void *p, int n)
{
	Cent *c;
	ulong h;

	h = chash(d->kind, p, n);
	c = emalloc(sizeof *c);
	c->d = d;
	c->next = consts[h];
	consts[h] = c;
}

Addr
mpstring(char *s, int len)
{
	Datum *d;

	d = cfind(DEFS, s, len);
	if(d != nil)
		return amp(d->off);
	d = newdatum(DEFS, mpalloc(tstring));
	d->str = s;
	d->len = len;
	cadd(d, s, len);
	return amp(d->off);
}

Addr
mpreal(double v)
{
	Datum *d;

	d = cfind(DEFF, &v, sizeof v);
	if(d != nil)
		return amp(d->off);
	d = newdatum(DEFF, mpalloc(treal));
	d->rval = v;
	cadd(d, &v, sizeof v);
	return amp(d->off);
}

Addr
mpbig(vlong v)
{
	Datum *d;

	d = cfind(DEFL, &v, sizeof v);
	if(d != nil)
		return amp(d->off);
	d = newdatum(DEFL, mpalloc(tbig));
	d->val = v;
	cadd(d, &v, sizeof v);
	return amp(d->off);
}

Addr
mpword(long v)
{
	Datum *d;
	vlong w;

	w = (int)v;
	d = cfind(DEFW, &w, sizeof w);
	if(d != nil)
		return amp(d->off);
	d = newdatum(DEFW, mpalloc(tint));
	d->val = w;
	cadd(d, &w, sizeof w);
	return amp(d->off);
}

/* initialise a global word, big, real, byte or string at off */
void
mpinit(int kind, long off, vlong v, double r, char *s, int len)
{
	Datum *d;

	d = newdatum(kind, off);
	d->val = v;
	d->rval = r;
	d->str = s;
	d->len = len ? len : (kind == DEFW ? 1 : 0);
	if(kind == DEFW)
		d->len = -1;	/* not shared as a constant */
}

/* an initialised item of module data whose value may be set later */
Datum*
mpdatum(int kind, long off)
{
	Datum *d;

	d = newdatum(kind, off);
	d->len = -1;
	return d;
}

/* an array global of n elements with descriptor desc; its elements follow in sub */
Datum*
mparray(long off, Desc *desc, long n)
{
	Datum *d;

	d = newdatum(DEFA, off);
	d->val = n;
	d->desc = desc;
	return d;
}

/* an element datum inside array a, at offset off from its first element */
Datum*
mpsub(Datum *a, int kind, long off)
{
	Datum *d, **l;

	d = emalloc(sizeof *d);
	d->kind = kind;
	d->off = off;
	d->len = -1;
	if(a->subtail != nil)
		l = &a->subtail->next;
	else
		for(l = &a->sub; *l != nil; l = &(*l)->next)
			;
	*l = d;
	a->subtail = d;
	return d;
}

/* the nil slot: a pointer word never assigned, so it stays H */
Addr
mpnil(void)
{
	if(!mpnilset){
		mpniloff = mpalloc(tany);
		mpnilset = 1;
	}
	return amp(mpniloff);
}

static	Desc*	mpd;

/* descriptor 0 is the module data's; it is filled in at the end */
void
genstart(void)
{
	mpd = emalloc(sizeof *mpd);
	mpd->id = ndescs++;
	mpd->size = -1;
	mpd->map = emalloc(1);
	descs = mpd;
}

void
mpfinish(void)
{
	int n;

	mpsize = align(mpsize, IBY2WD);
	n = (mpsize/IBY2WD + 7) / 8;
	if(n > nmpmap)
		n = nmpmap;
	while(n > 0 && mpmap[n-1] == 0)
		n--;
	mpd->size = mpsize;
	mpd->nmap = n;
	mpd->map = emalloc(n+1);
	memmove(mpd->map, mpmap, n);
}

Datum*
mpdata(void)
{
	return data;
}


/* move a value of type t */
void
move(Type *t, Addr s, Addr d)
{
	int op;

	if(sameaddr(s, d))
		return;
	switch(t->kind){
	case Tbyte:	op = IMOVB; break;
	case Tint:	op = IMOVW; break;
	case Tbig:	op = IMOVL; break;
	case Treal:	op = IMOVF; break;
	case Tadtpick:
		t = t->decl->dot->ty;
		/* fall through */
	case Tadt:
	case Ttuple:
	case Texception:
		sizetype(t);
		if(t->kind == Texception && t->cons){
			op = IMOVP;
			break;
		}
		{
			uchar map[256];
			int i, hasptr;

			memset(map, 0, sizeof map);
			if(t->size < 8*IBY2WD*(long)sizeof map)
				tmap(t, 0, map);
			hasptr = 0;
			for(i = 0; i < sizeof map; i++)
				if(map[i])
					hasptr = 1;
			if(hasptr)
				emit(IMOVMP, s, adesc(tdesc(t)), d);
			else
				emit(IMOVM, s, aimm(t->size), d);
		}
		return;
	case Tnone:
	case Terror:
		return;
	default:
		op = IMOVP;
		break;
	}
	emit2(op, s, d);
}

/* the suffix class of an arithmetic type: 0 word, 1 byte, 2 real, 3 big */
int
opclass(Type *t)
{
	switch(t->kind){
	case Tbyte:	return 1;
	case Treal:	return 2;
	case Tbig:	return 3;
	}
	return 0;
}
