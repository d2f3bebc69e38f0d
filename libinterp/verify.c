/*
 * The Dis verifier: what the loader proves of a module's code before
 * the interpreter runs it, so that no instruction can make a pointer
 * out of a non-pointer or write a non-pointer over a pointer, and no
 * operand can reach memory other than what its instruction may touch.
 * The rules are in man/6/dis; this is how they are checked.
 *
 * Method (as the JVM's verifier and WebAssembly's validation): abstract
 * interpretation of each function over its control-flow graph, to a
 * fixpoint.  A word of a frame or of module data holds a pointer
 * exactly when the type's map says so: the VM sets such words to H and
 * only pointer instructions write them, which this checks for every
 * operand.  What the maps cannot say is where a non-pointer word holds
 * an address that code may go through (a double indirect operand
 * o(w(fp))): that is the abstract state, per instruction, of the words
 * of the frame that hold one of
 *	Vlocal	an address in this frame (lea o(fp))
 *	Vmod	an address in module data (lea o(mp))
 *	Vimm	the constant of a lea $c (read only: alt sends it)
 *	Vnew	a frame being built (frame, mframe) until it is called
 *	Velem	an element of an array (ind[xwbfl]), while the block that
 *		holds the array keeps it alive
 *	Vfield	a field of a block (lea o(w(fp)) through a pointer word)
 *	Vret	the caller's place for the result, as word 16 holds it on entry
 * and, for each frame being built, what its word 16 (the callee's
 * result pointer) holds.  Every other non-pointer word is an integer:
 * going through it is refused.  States meet at joins by keeping what
 * they agree on; they only shrink, so the iteration ends.
 *
 * Regions whose type only the running code knows (an array's element
 * type, a frame made by mframe, the caller's place for a result) get a
 * Rshape: the words the uses need as pointers and as values.  The
 * interpreter compares it with the real type where the address is made
 * (Inst.chk, cached: one comparison in the common case), and an mcall
 * compares the callee's result shape with the place offered.  A
 * function's result shape is what it does through Vret, and what its
 * callees do where it passes its own place on; a static call checks it
 * against the place the caller gives.
 *
 * An element's address is good while its array lives: Velem records
 * the frame word whose pointer keeps the array (or the block holding
 * it) alive, and is dropped when that word is written; one taken from
 * module data or a block's field (sh) is dropped at any pointer write
 * outside the frame, call, or communication, and the instructions that
 * use it get Inopreempt, so that no other prog runs in between.
 * Through a pointer word (o(w(fp)) with w a pointer) the operand is
 * Kref: the block's type is checked when executed, cached per operand.
 *
 * Functions are found from the entry, the links and the calls; each
 * instruction belongs to one function (a jump into another is refused)
 * and has its frame type.  Code nothing reaches is marked Iunreached.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

enum
{
	Vint,
	Vlocal,
	Vmod,
	Vimm,
	Vnew,
	Velem,
	Vfield,
	Vret,
	Vmodmp,		/* another module's data, read from its Modlink (its word 0) */

	Maxent	= 48,		/* addresses a state keeps: more are forgotten (integers) */
	Minframe	= sizeof(Frame)+IBY2WD,	/* a frame has word 16, the result pointer */
	Argoff	= NREG*IBY2WD,	/* words from here are the function's own (16: result pointer) */
	Retword	= REGRET,
};

typedef struct Aval Aval;
struct Aval
{
	uchar	k;
	uchar	pad[3];
	int	site;		/* Vnew, Velem, Vfield: the instruction that made it; Vret: the function */
	int	anchor;		/* frame word whose pointer keeps its block alive, or -1 */
	int	off;
	Type*	t;		/* Vnew: the frame's type (nil: mframe's, known when run) */
};

typedef struct Ent Ent;
struct Ent
{
	int	loc;		/* frame word; -(site+1): word 16 of the frame made at site */
	Aval	v;
};

typedef struct St St;
struct St
{
	int	n;
	Ent	e[Maxent];
};

typedef struct Sst Sst;
struct Sst
{
	int	n;
	Ent	e[];
};

/* a static call: what it offers the callee for its result */
typedef struct Call Call;
struct Call
{
	int	fn;		/* the callee */
	int	has;		/* word 16 holds off */
	Aval	off;
};

typedef struct V V;
struct V
{
	Module*	m;
	char*	err;
	int	nerr;
	int	nprog;
	int*	fnof;		/* per pc: its function, -1 */
	uchar*	lead;		/* per pc: starts a block */
	Sst**	in;		/* per leader: the state at its start (nil: not reached yet) */
	int*	work;
	int	nwork;
	uchar*	queued;
	Vfn*	fn;
	int	nfn;
	int	maxfn;
	Call**	call;		/* per pc, for static calls */
	int*	pin;		/* per pc: its hidden word's number in its function, from 1; 0: none */
	int*	framefn;	/* per frame instruction: the function it is made for; -2: several */
	St	s;		/* scratch states */
	St	s0;
	St	h;
	Vchk**	chk;		/* per pc, allocated on use */
	int*	hoff;		/* handlers covering each pc: hidx[hoff[pc]..hoff[pc+1]) */
	int*	hidx;
	int	grew;		/* a function's result shape grew this round */
	int	final;		/* the last walk: set flags */
	int	cur;		/* the function being walked, for messages; -1 */
};

static void	where(V*);

/*
 * operand use by opcode: source, middle, destination.
 *  b h w f l	read as byte, short, word, real, big; B H W F L written
 *  p P q	pointer read, written, both
 *  i		an immediate: type, import table, size, pc
 *  j		branch target
 *  A		written with an address (lea, frame, mframe, ind's middle)
 *  a		an address operand, not accessed (lea's source, alt's table, case tables)
 *  t		the frame of a call or spawn
 *  m M		n bytes read / written, n the middle immediate
 *  r R		a value of the middle's type read / written
 *  v V		a channel's value read / written (its type known when run)
 *  x		none
 */
char *vmopuse[MAXDIS] = {
[INOP]	"xxx",	[IALT]	"axW",	[INBALT]	"axW",	[IGOTO]	"wxa",
[ICALL]	"txj",	[IFRAME]	"ixA",	[ISPAWN]	"txj",	[IRUNT]	"xxx",
[ILOAD]	"piP",	[IMCALL]	"twp",	[IMSPAWN]	"twp",	[IMFRAME]	"pwA",
[IRET]	"xxx",	[IJMP]	"xxj",	[ICASE]	"wxa",	[IEXIT]	"xxx",
[INEW]	"ixP",	[INEWA]	"wiP",	[INEWCB]	"xwP",	[INEWCW]	"xwP",
[INEWCF]	"xwP",	[INEWCP]	"xwP",	[INEWCM]	"iwP",	[INEWCMP]	"iwP",
[ISEND]	"vxp",	[IRECV]	"pxV",	[ICONSB]	"bxq",	[ICONSW]	"wxq",
[ICONSP]	"pxq",	[ICONSF]	"fxq",	[ICONSM]	"miq",	[ICONSMP]	"riq",
[IHEADB]	"pxB",	[IHEADW]	"pxW",	[IHEADP]	"pxP",	[IHEADF]	"pxF",
[IHEADM]	"piM",	[IHEADMP]	"piR",	[ITAIL]	"pxP",	[ILEA]	"axA",
[IINDX]	"pAw",	[IMOVP]	"pxP",	[IMOVM]	"miM",	[IMOVMP]	"riR",
[IMOVB]	"bxB",	[IMOVW]	"wxW",	[IMOVF]	"fxF",	[ICVTBW]	"bxW",
[ICVTWB]	"wxB",	[ICVTFW]	"fxW",	[ICVTWF]	"wxF",	[ICVTCA]	"pxP",
[ICVTAC]	"pxP",	[ICVTWC]	"wxP",	[ICVTCW]	"pxW",	[ICVTFC]	"fxP",
[ICVTCF]	"pxF",	[IADDB]	"bbB",	[IADDW]	"wwW",	[IADDF]	"ffF",
[ISUBB]	"bbB",	[ISUBW]	"wwW",	[ISUBF]	"ffF",	[IMULB]	"bbB",
[IMULW]	"wwW",	[IMULF]	"ffF",	[IDIVB]	"bbB",	[IDIVW]	"wwW",
[IDIVF]	"ffF",	[IMODW]	"wwW",	[IMODB]	"bbB",	[IANDB]	"bbB",
[IANDW]	"wwW",	[IORB]	"bbB",	[IORW]	"wwW",	[IXORB]	"bbB",
[IXORW]	"wwW",	[ISHLB]	"wbB",	[ISHLW]	"wwW",	[ISHRB]	"wbB",
[ISHRW]	"wwW",	[IINSC]	"wwq",	[IINDC]	"pwW",	[IADDC]	"ppP",
[ILENC]	"pxW",	[ILENA]	"pxW",	[ILENL]	"pxW",	[IBEQB]	"bbj",
[IBNEB]	"bbj",	[IBLTB]	"bbj",	[IBLEB]	"bbj",	[IBGTB]	"bbj",
[IBGEB]	"bbj",	[IBEQW]	"wwj",	[IBNEW]	"wwj",	[IBLTW]	"wwj",
[IBLEW]	"wwj",	[IBGTW]	"wwj",	[IBGEW]	"wwj",	[IBEQF]	"ffj",
[IBNEF]	"ffj",	[IBLTF]	"ffj",	[IBLEF]	"ffj",	[IBGTF]	"ffj",
[IBGEF]	"ffj",	[IBEQC]	"ppj",	[IBNEC]	"ppj",	[IBLTC]	"ppj",
[IBLEC]	"ppj",	[IBGTC]	"ppj",	[IBGEC]	"ppj",	[ISLICEA]	"wwq",
[ISLICELA]	"pwp",	[ISLICEC]	"wwq",	[IINDW]	"pAw",	[IINDF]	"pAw",
[IINDB]	"pAw",	[INEGF]	"fxF",	[IMOVL]	"lxL",	[IADDL]	"llL",
[ISUBL]	"llL",	[IDIVL]	"llL",	[IMODL]	"llL",	[IMULL]	"llL",
[IANDL]	"llL",	[IORL]	"llL",	[IXORL]	"llL",	[ISHLL]	"wlL",
[ISHRL]	"wlL",	[IBNEL]	"llj",	[IBLTL]	"llj",	[IBLEL]	"llj",
[IBGTL]	"llj",	[IBGEL]	"llj",	[IBEQL]	"llj",	[ICVTLF]	"lxF",
[ICVTFL]	"fxL",	[ICVTLW]	"lxW",	[ICVTWL]	"wxL",	[ICVTLC]	"lxP",
[ICVTCL]	"pxL",	[IHEADL]	"pxL",	[ICONSL]	"lxq",	[INEWCL]	"xwP",
[ICASEC]	"pxa",	[IINDL]	"pAw",	[IMOVPC]	"ixW",	[ITCMP]	"pxp",
[IMNEWZ]	"pwP",	[ICVTRF]	"wxF",	[ICVTFR]	"fxW",	[ICVTWS]	"wxH",
[ICVTSW]	"hxW",	[ILSRW]	"wwW",	[ILSRL]	"wlL",	[IECLR]	"xxx",
[INEWZ]	"ixP",	[INEWAZ]	"wiP",	[IRAISE]	"pxx",	[ICASEL]	"lxa",
[IMULX]	"wwW",	[IDIVX]	"wwW",	[ICVTXX]	"wwW",	[IMULX0]	"wwW",
[IDIVX0]	"wwW",	[ICVTXX0]	"wwW",	[IMULX1]	"wwW",	[IDIVX1]	"wwW",
[ICVTXX1]	"wwW",	[ICVTFX]	"ffW",	[ICVTXF]	"wfF",	[IEXPW]	"wwW",
[IEXPL]	"wlL",	[IEXPF]	"wfF",	[ISELF]	"xxP",
};

/* bytes an operand use reads or writes; 0 for the others */
int
vmusesize(int c)
{
	switch(c){
	case 'b': case 'B':	return 1;
	case 'h': case 'H':	return 2;
	case 'w': case 'W': case 'p': case 'P': case 'q': case 'A': case 't':	return 4;
	case 'f': case 'F': case 'l': case 'L':	return 8;
	}
	return 0;
}

static int
bad(V *v, char *fmt, ...)
{
	va_list arg;

	if(v->err[0] != 0)
		return 0;
	va_start(arg, fmt);
	vseprint(v->err, v->err+v->nerr, fmt, arg);
	va_end(arg);
	return 0;
}

/* is the word at byte offset off of t a pointer? */
static int
tptr(Type *t, long off)
{
	long w;

	if(off < 0 || (off & 3))
		return 0;
	w = off/4;
	if(w >= t->np*8)
		return 0;
	return (t->map[w>>3] & (0x80>>(w&7))) != 0;
}

int
vmtptr(Type *t, long off)
{
	return tptr(t, off);
}

/* pointer words of t in bytes [off, off+n) */
static int
tanyptr(Type *t, long off, long n)
{
	long o;

	for(o = off&~3; o < off+n; o += 4)
		if(tptr(t, o))
			return 1;
	return 0;
}

static int
sametype(Type *a, Type *b)
{
	return a == b || a->size == b->size && a->np == b->np && memcmp(a->map, b->map, a->np) == 0;
}

/* does frame type t call a word of the frame header (the VM's) a pointer? */
static int
hdrptr(Type *t)
{
	return t->np > 0 && (t->map[0] & 0xF0) != 0;
}

/*
 * Rshapes.  rsgrow makes room for word w; rsadd records an access of n
 * bytes at off, as a pointer or not (a non-pointer read needs nothing
 * but room).  -1: a word is both pointer and value; else 1 if it grew.
 */
static int
rsgrow(Rshape *r, int w)
{
	int nb;
	uchar *p, *q;

	nb = w/8+1;
	if(nb <= r->nb)
		return 1;
	nb = nb < 2*r->nb ? 2*r->nb : nb;
	p = mallocz(nb, 1);
	q = mallocz(nb, 1);
	if(p == nil || q == nil){
		free(p);
		free(q);
		return 0;
	}
	if(r->nb > 0){
		memmove(p, r->ptr, r->nb);
		memmove(q, r->val, r->nb);
	}
	free(r->ptr);
	free(r->val);
	r->ptr = p;
	r->val = q;
	r->nb = nb;
	return 1;
}

#define	RSBIT(m, w)	((m)[(w)>>3] & (0x80>>((w)&7)))

static int
rsadd(Rshape *r, long off, int n, int isptr, int wr)
{
	int w, grew;

	if(off < 0 || n <= 0)
		return -1;
	grew = 0;
	if(off+n > r->size){
		r->size = off+n;
		grew = 1;
	}
	if(!isptr && !wr)
		return grew;
	if((off & 3) && isptr)
		return -1;
	if(!rsgrow(r, (off+n-1)/4))
		return -1;
	for(w = off/4; w <= (off+n-1)/4; w++){
		if(isptr){
			if(RSBIT(r->val, w))
				return -1;
			if(!RSBIT(r->ptr, w)){
				r->ptr[w>>3] |= 0x80>>(w&7);
				grew = 1;
			}
		}else{
			if(RSBIT(r->ptr, w))
				return -1;
			if(!RSBIT(r->val, w)){
				r->val[w>>3] |= 0x80>>(w&7);
				grew = 1;
			}
		}
	}
	return grew;
}

/* add what s needs, shifted by off bytes, to r: as rsadd */
static int
rsmerge(Rshape *r, Rshape *s, long off)
{
	int w, g, grew;

	grew = 0;
	if(s->size > 0 && off+s->size > r->size){
		r->size = off+s->size;
		grew = 1;
	}
	if((off & 3) && s->nb > 0)
		for(w = 0; w < s->nb*8; w++)
			if(RSBIT(s->ptr, w) || RSBIT(s->val, w))
				return -1;
	for(w = 0; w < s->nb*8; w++){
		if(RSBIT(s->ptr, w))
			g = rsadd(r, off+4*w, 4, 1, 1);
		else if(RSBIT(s->val, w))
			g = rsadd(r, off+4*w, 4, 0, 1);
		else
			continue;
		if(g < 0)
			return -1;
		grew |= g;
	}
	return grew;
}

static void
rsfree(Rshape *r)
{
	free(r->ptr);
	free(r->val);
	r->ptr = r->val = nil;
	r->nb = 0;
}

/*
 * may accesses r be made to len bytes of t from off (ro, if not nil:
 * per word from off, read-only or not a value)?  Pointers where t has
 * them, values where it has none.
 */
int
rsfits(Rshape *r, Type *t, long off, long len, uchar *mpf)
{
	int w;
	long o, e, x;

	if(r->size > len || off < 0)
		return 0;
	for(w = 0; w < r->nb*8; w++){
		o = off+4*w;
		if(RSBIT(r->ptr, w)){
			if((o & 3) || (mpf != nil ? !(mpf[o/4] & Mptr) : !tptr(t, o)))
				return 0;
		}else if(RSBIT(r->val, w)){
			/* the real words under it, which an unaligned place straddles */
			e = o+4 < off+r->size ? o+4 : off+r->size;
			for(x = o&~3; x < e; x += 4)
				if(mpf != nil ? (mpf[x/4] & (Mptr|Mro)) != 0 : tptr(t, x))
					return 0;
		}
	}
	return 1;
}

/* states */

static Aval*
stget(St *s, int loc)
{
	int i;

	for(i = 0; i < s->n; i++)
		if(s->e[i].loc == loc)
			return &s->e[i].v;
	return nil;
}

static void
stdel(St *s, int i)
{
	s->e[i] = s->e[--s->n];
}

static void
stset(St *s, int loc, Aval *v)
{
	int i;

	for(i = 0; i < s->n; i++)
		if(s->e[i].loc == loc){
			s->e[i].v = *v;
			return;
		}
	if(s->n < Maxent){
		s->e[s->n].loc = loc;
		s->e[s->n++].v = *v;
	}
}

/* frame word w is written: what it held, and addresses its pointer kept alive, go */
static void
killword(St *s, int w)
{
	int i;

	for(i = 0; i < s->n; )
		if(s->e[i].loc == w || s->e[i].v.anchor == w)
			stdel(s, i);
		else
			i++;
}

/* the frame made at site is called, or made again */
static void
killsite(St *s, int k, int site)
{
	int i;

	for(i = 0; i < s->n; )
		if(s->e[i].loc == -(site+1) || s->e[i].v.k == k && s->e[i].v.site == site)
			stdel(s, i);
		else
			i++;
}

/* frame words [lo, hi) are written with values not known here */
static void
killrange(St *s, int lo, int hi)
{
	int i, w;

	for(i = 0; i < s->n; ){
		w = s->e[i].loc;
		if(w >= lo && w < hi || s->e[i].v.anchor >= lo && s->e[i].v.anchor < hi)
			stdel(s, i);
		else
			i++;
	}
}

static int
sameval(Aval *a, Aval *b)
{
	return a->k == b->k && a->site == b->site
		&& a->anchor == b->anchor && a->off == b->off && a->t == b->t;
}

static Sst*
stsave(St *s)
{
	Sst *x;

	x = malloc(sizeof(Sst)+s->n*sizeof(Ent));
	if(x == nil)
		return nil;
	x->n = s->n;
	memmove(x->e, s->e, s->n*sizeof(Ent));
	return x;
}

static void
stcopy(St *d, St *s)
{
	d->n = s->n;
	memmove(d->e, s->e, s->n*sizeof(Ent));
}

static void
stload(St *s, Sst *x)
{
	s->n = x->n;
	memmove(s->e, x->e, x->n*sizeof(Ent));
}

/* in = in meet s: what both agree on; 1 if in changed */
static int
stmeet(Sst *in, St *s)
{
	int i, changed;
	Aval *a;

	changed = 0;
	for(i = 0; i < in->n; ){
		a = stget(s, in->e[i].loc);
		if(a == nil || !sameval(a, &in->e[i].v)){
			in->e[i] = in->e[--in->n];
			changed = 1;
		}else
			i++;
	}
	return changed;
}

static void
enqueue(V *v, int pc)
{
	if(v->queued[pc])
		return;
	v->queued[pc] = 1;
	v->work[v->nwork++] = pc;
}

/* control reaches leader t of function f with state s */
static int
flow(V *v, int f, int from, int t, St *s)
{
	if(t < 0 || t >= v->nprog || !v->lead[t])
		return bad(v, "bad branch at pc %d", t);
	if(v->fnof[t] == -1)
		v->fnof[t] = f;
	else if(v->fnof[t] != f)
		return bad(v, "jump into another function at pc %d", t);
	if(v->in[t] == nil){
		v->in[t] = stsave(s);
		if(v->in[t] == nil)
			return bad(v, "out of memory");
		enqueue(v, t);
	}else if(stmeet(v->in[t], s))
		enqueue(v, t);
	return 1;
}

/* a function starts at pc with frame type t: its index */
static int
addfn(V *v, int pc, Type *t, int from)
{
	Vfn *n;
	St s;
	int f;

	f = v->fnof[pc];
	if(f != -1){
		if(v->fn[f].entry != pc)
			return bad(v, "jump into another function at pc %d", pc), -1;
		if(!sametype(v->fn[f].frame, t))
			return bad(v, "inconsistent frame at pc %d", pc), -1;
		return f;
	}
	if(t->size < Minframe || hdrptr(t))
		return bad(v, "bad frame type at pc %d", from), -1;
	if(v->nfn == v->maxfn){
		n = realloc(v->fn, (v->maxfn*2+16)*sizeof(Vfn));
		if(n == nil)
			return bad(v, "out of memory"), -1;
		v->fn = n;
		v->maxfn = v->maxfn*2+16;
	}
	f = v->nfn++;
	memset(&v->fn[f], 0, sizeof(Vfn));
	v->fn[f].entry = pc;
	v->fn[f].frame = t;
	v->fnof[pc] = f;
	s.n = 1;
	s.e[0].loc = Retword;
	memset(&s.e[0].v, 0, sizeof(Aval));
	s.e[0].v.k = Vret;
	s.e[0].v.site = f;
	s.e[0].v.anchor = -1;
	v->in[pc] = stsave(&s);
	if(v->in[pc] == nil)
		return bad(v, "out of memory"), -1;
	enqueue(v, pc);
	return f;
}

static Vchk*
getchk(V *v, int pc, int kind)
{
	Vchk *c;

	c = v->chk[pc];
	if(c == nil){
		c = mallocz(sizeof(Vchk), 1);
		if(c == nil)
			return nil;
		c->kind = kind;
		v->chk[pc] = c;
	}
	return c;
}

/* record in r an access; refuse a word used both ways */
static int
need(V *v, Rshape *r, long off, int n, int isptr, int wr, int pc)
{
	int g;

	g = rsadd(r, off, n, isptr, wr);
	if(g < 0)
		return bad(v, "pointer and non-pointer at one place at pc %d", pc);
	return 1;
}

/*
 * Where an operand leads.  Tfp, Tmp: a direct operand; Timm: an
 * immediate (or none); Tref: through a pointer word (Kref); Taddr:
 * through an address the state holds (*a).
 */
enum
{
	Tfp,
	Tmp,
	Timm,
	Tref,
	Taddr,
};

static int
target(V *v, St *s, Type *ft, int pc, Opnd *o, int *k, Aval *a)
{
	Module *m;
	Aval *x;

	m = v->m;
	memset(a, 0, sizeof(Aval));
	switch(o->k){
	case Kfp:
		*k = Tfp;
		return 1;
	case Kmp:
		*k = Tmp;
		return 1;
	case Kabs:
		*k = Timm;
		return 1;
	}
	/* Kind or Kref: o->f holds the base word's offset */
	if(o->f < 0 || (o->f & 3) || o->off < 0)
		return bad(v, "bad indirect operand at pc %d", pc);
	if(o->reg == 0){
		if(o->f+4 > m->mpsize)
			return bad(v, "indirect operand's base outside module data at pc %d", pc);
		if(!(m->mpflags[o->f/4] & Mptr))
			return bad(v, "indirect operand through a non-pointer at pc %d", pc);
		o->k = Kref;
		*k = Tref;
		return 1;
	}
	if(o->f < Argoff-IBY2WD || o->f+4 > ft->size)
		return bad(v, "indirect operand's base outside the frame at pc %d", pc);
	if(tptr(ft, o->f)){
		o->k = Kref;
		*k = Tref;
		return 1;
	}
	x = stget(s, o->f/4);
	if(x == nil)
		return bad(v, "indirect operand through a non-pointer at pc %d", pc);
	o->k = Kind;
	*a = *x;
	*k = Taddr;
	return 1;
}

/* frame words [x, x+n) of the frame of type ft */
static int
fpacc(V *v, St *s, Type *ft, int pc, long x, int n, int isptr, int wr, Aval *val)
{
	Aval *p;
	int w;

	if(x >= 0 && x < Argoff-IBY2WD)
		return bad(v, "operand %ld(fp) in the frame's header at pc %d", x, pc);
	if(x < 0 || x+n > ft->size)
		return bad(v, "operand %ld(fp) outside the frame at pc %d", x, pc);
	if(isptr){
		if(!tptr(ft, x))
			return bad(v, "pointer operand %ld(fp) is not a pointer word at pc %d", x, pc);
	}else if(wr && tanyptr(ft, x, n))
		return bad(v, "non-pointer written over pointer word %ld(fp) at pc %d", x, pc);
	if(wr){
		for(w = x/4; w <= (x+n-1)/4; w++)
			killword(s, w);
		if(val != nil && val->k != Vint && n == 4 && !(x & 3))
			stset(s, x/4, val);
		return 1;
	}

	if(val != nil){
		memset(val, 0, sizeof(Aval));
		if(n == 4 && !(x & 3) && (p = stget(s, x/4)) != nil)
			*val = *p;
	}
	return 1;
}

/* module data [x, x+n) */
static int
mpacc(V *v, St *s, int pc, long x, int n, int isptr, int wr)
{
	Module *m;
	long o;

	m = v->m;
	if(x < 0 || x+n > m->mpsize)
		return bad(v, "operand %ld(mp) outside module data at pc %d", x, pc);
	if(isptr){
		if((x & 3) || !(m->mpflags[x/4] & Mptr))
			return bad(v, "pointer operand %ld(mp) is not a pointer word at pc %d", x, pc);
	}else if(wr)
		for(o = x&~3; o < x+n; o += 4)
			if(m->mpflags[o/4] & Mptr)
				return bad(v, "non-pointer written over pointer word %ld(mp) at pc %d", o, pc);
	if(wr)
		for(o = x&~3; o < x+n; o += 4)
			if(m->mpflags[o/4] & Mro)
				return bad(v, "write to a case table at pc %d", pc);
	return 1;
}

/* through address a, at o more: n bytes */
static int
addracc(V *v, St *s, Type *ft, int pc, Aval *a, long o, int n, int isptr, int wr, Aval *val)
{
	long x;
	Vchk *c;
	Aval *r;
	int g;

	x = a->off+o;
	if(val != nil && !wr)
		memset(val, 0, sizeof(Aval));
	switch(a->k){
	case Vlocal:
		return fpacc(v, s, ft, pc, x, n, isptr, wr, val);
	case Vmod:
		return mpacc(v, s, pc, x, n, isptr, wr);
	case Vimm:
		if(wr || isptr || x != 0 || n > IBY2WD)
			return bad(v, "bad use of a constant's address at pc %d", pc);
		return 1;
	case Vnew:
		if(x < Argoff-IBY2WD || a->t != nil && x+n > a->t->size)
			return bad(v, "operand outside the frame being built at pc %d", pc);
		if(a->t != nil){
			if(isptr ? !tptr(a->t, x) : wr && tanyptr(a->t, x, n))
				return bad(v, isptr ? "pointer operand is not a pointer word of the frame being built at pc %d"
					: "non-pointer written over a pointer word of the frame being built at pc %d", pc);
		}else{
			c = getchk(v, a->site, Cmframe);
			if(c == nil)
				return bad(v, "out of memory");
			if(!need(v, &c->need, x, n, isptr, wr, pc))
				return 0;
		}
		if(wr && x < Argoff && x+n > Argoff-IBY2WD){
			/* word 16: the callee's result pointer */
			killsite(s, -1, a->site);
			if(val != nil && val->k != Vint && val->k != Vimm && n == 4 && x == Argoff-IBY2WD)
				stset(s, -(a->site+1), val);
		}
		/* a pointer written into a frame being built drops only what that word held */
		return 1;
	case Velem:
	case Vfield:
	case Vmodmp:
		c = getchk(v, a->site, a->k == Velem ? Cind : a->k == Vfield ? Clea : Cmodmp);
		if(c == nil)
			return bad(v, "out of memory");
		return need(v, &c->need, x, n, isptr, wr, pc);
	case Vret:
		g = rsadd(&v->fn[a->site].ret, x, n, isptr, wr);
		if(g < 0)
			return bad(v, "pointer and non-pointer at one place of the result at pc %d", pc);
		v->grew |= g;
		return 1;
	}
	return bad(v, "indirect operand through a non-pointer at pc %d", pc);
}

/* n bytes at operand o (mode: its addressing, for a missing one) */
static int
acc(V *v, St *s, Type *ft, int pc, Opnd *o, int mode, int n, int isptr, int wr, Aval *val)
{
	int k;
	Aval a;

	if(!target(v, s, ft, pc, o, &k, &a))
		return 0;
	switch(k){
	case Tfp:
		return fpacc(v, s, ft, pc, o->off, n, isptr, wr, val);
	case Tmp:
		if(val != nil && !wr)
			memset(val, 0, sizeof(Aval));
		return mpacc(v, s, pc, o->off, n, isptr, wr);
	case Timm:
		if(mode == AXXX)
			return bad(v, "missing operand at pc %d", pc);
		if(wr || isptr && o->imm != -1)
			return bad(v, wr ? "immediate destination at pc %d" : "immediate pointer other than nil at pc %d", pc);
		if(val != nil)
			memset(val, 0, sizeof(Aval));
		return 1;
	case Tref:
		if(val != nil && !wr)
			memset(val, 0, sizeof(Aval));
		return 1;
	}
	return addracc(v, s, ft, pc, &a, o->off, n, isptr, wr, val);
}

/* a value of type t (nil: n bytes of non-pointers) at operand o */
static int
region(V *v, St *s, Type *ft, int pc, Opnd *o, int mode, Type *t, long n, int wr)
{
	int k, p;
	long w;
	Aval a;

	if(!target(v, s, ft, pc, o, &k, &a))
		return 0;
	if(t != nil)
		n = t->size;
	if(n < 0 || n > 1<<20)
		return bad(v, "bad size operand at pc %d", pc);
	if(k == Timm)
		return bad(v, "immediate where a place is needed at pc %d", pc);
	if(k == Tref)
		return 1;
	if(n == 0)
		return 1;
	for(w = 0; w < n; w += 4){
		p = t != nil && tptr(t, w);
		if(!p && !wr)
			continue;
		switch(k){
		case Tfp:
			if(!fpacc(v, s, ft, pc, o->off+w, n-w < 4 ? n-w : 4, p, wr, nil))
				return 0;
			break;
		case Tmp:
			if(!mpacc(v, s, pc, o->off+w, n-w < 4 ? n-w : 4, p, wr))
				return 0;
			break;
		default:
			if(!addracc(v, s, ft, pc, &a, o->off+w, n-w < 4 ? n-w : 4, p, wr, nil))
				return 0;
		}
	}
	/* the extent, for reads of regions of unknown type */
	if(k == Taddr && !wr)
		return addracc(v, s, ft, pc, &a, o->off+n-1, 1, 0, 0, nil);
	if(k == Tfp && !wr)
		return fpacc(v, s, ft, pc, o->off, n, 0, 0, nil);
	if(k == Tmp && !wr)
		return mpacc(v, s, pc, o->off, n, 0, 0);
	return 1;
}

/* the type an immediate operand names */
static Type*
immtype(V *v, Opnd *o, int mode, int pc)
{
	if(o->k != Kabs || mode != AIMM || o->imm < 0 || o->imm >= v->m->ntype){
		bad(v, "bad type index at pc %d", pc);
		return nil;
	}
	return v->m->type[o->imm];
}

/*
 * how far a place at frame offset off, written with values known only
 * when run, may reach: to the end of the frame, but not over a word
 * whose address, or whose pointer keeping one alive, the state holds
 * (other than those of frame site, called now)
 */
static long
window(St *s, Type *ft, long off, int site)
{
	long end, w;
	int i;

	end = ft->size;
	for(i = 0; i < s->n; i++){
		if(s->e[i].loc == -(site+1) || s->e[i].v.k == Vnew && s->e[i].v.site == site)
			continue;
		w = 4*s->e[i].loc;
		if(w >= off+4 && w < end)
			end = w;
		w = 4*s->e[i].v.anchor;
		if(s->e[i].v.anchor >= 0 && w >= off+4 && w < end)
			end = w;
	}
	return end;
}

/*
 * the region of a send's or receive's value: a direct operand, or one
 * through an address of known type (the check is made when executed,
 * against the channel's element type); rt nil: a block's field
 */
static int
msgregion(V *v, St *s, Type *ft, int pc, Opnd *o, int mode, int wr)
{
	Vchk *c;
	int k;
	Aval a;
	long x;

	if(!target(v, s, ft, pc, o, &k, &a))
		return 0;
	c = getchk(v, pc, Cmsg);
	if(c == nil)
		return bad(v, "out of memory");
	c->place = Pstatic;
	switch(k){
	case Timm:
		if(wr || mode == AXXX)
			return bad(v, "immediate where a place is needed at pc %d", pc);
		c->place = Pnone;
		return 1;
	case Tref:
		c->place = Pfound;
		return 1;
	case Tfp:
		x = o->off;
		goto frame;
	case Tmp:
		x = o->off;
		goto mod;
	}
	x = a.off+o->off;
	switch(a.k){
	case Vlocal:
	frame:
		if(x < Argoff-IBY2WD || x >= ft->size)
			return bad(v, "address outside the frame at pc %d", pc);
		c->rt = ft;
		c->roff = x;
		c->rlen = window(s, ft, x, -1)-x;
		if(wr)
			killrange(s, x/4, (x+c->rlen+3)/4);
		return 1;
	case Vmod:
	mod:
		if(x < 0 || x >= v->m->mpsize)
			return bad(v, "address outside module data at pc %d", pc);
		c->rt = v->m->mptype;
		c->roff = x;
		c->rlen = v->m->mpsize-x;
		c->n = 1;
		return 1;
	case Vimm:
		if(wr)
			return bad(v, "bad use of a constant's address at pc %d", pc);
		c->place = Pnone;
		return 1;
	case Vnew:
		if(x < Argoff)
			break;
		if(a.t != nil && x < a.t->size){
			c->rt = a.t;
			c->roff = x;
			c->rlen = a.t->size-x;
			return 1;
		}
		/* fall through */
	case Velem:
	case Vfield:
	case Vret:
	case Vmodmp:
		c->place = Pfound;
		if(wr && a.k == Vnew)
			killsite(s, -1, a.site);
		return 1;
	}
	return bad(v, "send or receive through an address of unknown layout at pc %d", pc);
}

/*
 * the place a call offers for its result: kill what the callee may
 * write there (n bytes: -1 if not known, to the end of the region)
 */
static void
killoffer(V *v, St *s, Type *ft, Aval *a, long n)
{
	long hi;

	if(a == nil)
		return;
	switch(a->k){
	case Vlocal:
		hi = n < 0 ? ft->size : a->off+n;
		killrange(s, a->off/4, (hi+3)/4);
		break;
	case Vnew:
		if(a->off <= Argoff-IBY2WD && (n < 0 || a->off+n > Argoff-IBY2WD))
			killsite(s, -1, a->site);
		break;
	}
}

/*
 * the place for a result, as word 16 of the frame made at site holds
 * it; nil if none the verifier knows
 */
static Aval*
offer(St *s, int site, Aval *r)
{
	Aval *a;

	a = stget(s, -(site+1));
	if(a == nil || a->k == Vint || a->k == Vimm)
		return nil;
	*r = *a;
	return r;
}

/* the frame operand of a call, spawn, mcall or mspawn */
static int
frameop(V *v, St *s, Type *ft, int pc, Opnd *o, Aval *a)
{
	if(o->k != Kfp || !fpacc(v, s, ft, pc, o->off, 4, 0, 0, a))
		return o->k != Kfp ? bad(v, "bad frame operand at pc %d", pc) : 0;
	if(a->k != Vnew || a->off != 0)
		return bad(v, "bad frame operand at pc %d", pc);
	return 1;
}

/* operand for position c of ip: s, m or d, and its addressing */
static Opnd*
opnd(Inst *ip, int p, int *mode)
{
	switch(p){
	case 0:
		*mode = USRC(ip->add);
		return &ip->s;
	case 1:
		switch(ip->add & ARM){
		case AXIMM:	*mode = AIMM; break;
		case AXINF:	*mode = AFP; break;
		case AXINM:	*mode = AMP; break;
		default:	*mode = UDST(ip->add); break;
		}
		return &ip->m;
	}
	*mode = UDST(ip->add);
	return &ip->d;
}

static int
isnewc(int op)
{
	switch(op){
	case INEWCB: case INEWCW: case INEWCF: case INEWCP: case INEWCL:
	case INEWCM: case INEWCMP:
		return 1;
	}
	return 0;
}

/* the plain uses of operand p (not the special letters) */
static int
plain(V *v, St *s, Type *ft, int pc, Inst *ip, int p, Aval *val)
{
	Opnd *o;
	int c, mode, n;

	c = vmopuse[ip->op][p];
	o = opnd(ip, p, &mode);
	if(p == 1 && (ip->add & ARM) == AXNON && (c == 'x' || isnewc(ip->op)))
		return 1;
	switch(c){
	case 'x': case 'j': case 'a': case 't': case 'A':
	case 'm': case 'M': case 'r': case 'R': case 'v': case 'V':
		return 1;
	case 'i':
		if(o->k != Kabs || mode != AIMM)
			return bad(v, "operand is not an immediate at pc %d", pc);
		return 1;
	case 'p':
		return acc(v, s, ft, pc, o, mode, 4, 1, 0, nil);
	case 'P':
		return acc(v, s, ft, pc, o, mode, 4, 1, 1, nil);
	case 'q':
		return acc(v, s, ft, pc, o, mode, 4, 1, 0, nil) && acc(v, s, ft, pc, o, mode, 4, 1, 1, nil);
	}
	n = vmusesize(c);
	if(c >= 'a' && c <= 'z')
		return acc(v, s, ft, pc, o, mode, n, 0, 0, val);
	return acc(v, s, ft, pc, o, mode, n, 0, 1, val);
}

/*
 * the hidden pointer word of function f that keeps alive the block of
 * an address made at site pc (a frame word index, past the frame)
 */
static int
pinslot(V *v, int f, int pc)
{
	Vfn *fn;

	fn = &v->fn[f];
	if(v->pin[pc] == 0)
		v->pin[pc] = ++fn->npin;
	return (fn->frame->size+3)/4 + v->pin[pc]-1;
}

/*
 * the address lea's source names: in the frame, module data, a
 * constant, through an address, or a field through a pointer word
 */
static int
leaval(V *v, St *s, Type *ft, int pc, Inst *ip, Aval *r)
{
	Opnd *o;
	int k;
	Aval a;

	o = &ip->s;
	memset(r, 0, sizeof(Aval));
	r->anchor = -1;
	if(!target(v, s, ft, pc, o, &k, &a))
		return 0;
	switch(k){
	case Tfp:
		if(o->off < 0 || o->off >= ft->size)
			return bad(v, "address outside the frame at pc %d", pc);
		r->k = Vlocal;
		r->off = o->off;
		return 1;
	case Tmp:
		if(o->off < 0 || o->off >= v->m->mpsize)
			return bad(v, "address outside module data at pc %d", pc);
		r->k = Vmod;
		r->off = o->off;
		return 1;
	case Timm:
		if(USRC(ip->add) != AIMM)
			return bad(v, "missing operand at pc %d", pc);
		r->k = Vimm;
		return 1;
	case Tref:
		if(getchk(v, pc, Clea) == nil)
			return bad(v, "out of memory");
		killsite(s, Vfield, pc);
		r->k = Vfield;
		r->site = pc;
		r->off = o->off;
		r->anchor = o->reg == 1 ? o->f/4 : pinslot(v, v->fnof[pc], pc);
		return 1;
	}
	*r = a;
	r->off += o->off;
	if(r->off > 1<<20)
		return bad(v, "address offset too large at pc %d", pc);
	return 1;
}

/* an ind instruction's array operand: what keeps the array alive */
static int
indval(V *v, St *s, Type *ft, int pc, Inst *ip, Aval *r)
{
	Opnd *o;
	int k;
	Aval a;

	o = &ip->s;
	memset(r, 0, sizeof(Aval));
	r->k = Velem;
	r->site = pc;
	r->anchor = -1;
	if(!target(v, s, ft, pc, o, &k, &a))
		return 0;
	switch(k){
	case Tfp:
		r->anchor = o->off/4;
		break;
	case Taddr:
		if(a.k == Vlocal){
			r->anchor = (a.off+o->off)/4;
			break;
		}
		/* fall through */
	default:
		/* the array is held elsewhere: a hidden word holds it too */
		r->anchor = pinslot(v, v->fnof[pc], pc);
	}
	return 1;
}

static int
stride(int op)
{
	switch(op){
	case IINDW:	return 4;
	case IINDB:	return 1;
	case IINDF: case IINDL:	return 8;
	}
	return 0;
}

/* does control never pass from op to the next instruction? */
static int
noreturn(int op)
{
	switch(op){
	case IRET: case IJMP: case IRAISE: case IEXIT:
	case IGOTO: case ICASE: case ICASEC: case ICASEL:
		return 1;
	}
	return 0;
}

/* does op's destination operand name a pc? */
int
vmisbranch(int op)
{
	switch(op){
	case ICALL: case ISPAWN: case IJMP:
		return 1;
	}
	return op >= IBEQB && op <= IBGEC || op >= IBNEL && op <= IBEQL;
}

static int
isstr(String *s)
{
	return s == H || D2H(s)->t == &Tstring;
}

/*
 * the case, casec or casel table of ip, in module data: its entries
 * (n > 0) and their targets; 0 if it is out of bounds or bad
 */
static int
casetab(Module *m, Inst *ip, WORD **tp, int *np, int *esz)
{
	WORD *t, n, i, pc;
	int hdr, off, e;

	off = ip->d.off;
	hdr = ip->op == ICASEL ? 8 : 4;
	e = ip->op == ICASEL ? 24 : 12;
	if(ip->d.k != Kmp || UDST(ip->add) != AMP || off & 3 || off < 0 || off+hdr > m->mpsize)
		return 0;
	n = *(WORD*)(m->origmp+off);
	if(n < 0 || n > (m->mpsize-off-hdr-4)/e)
		return 0;
	t = (WORD*)(m->origmp+off+hdr);
	for(i = 0; i <= n; i++){
		pc = i < n ? t[i*(e/4) + (ip->op == ICASEL ? 4 : 2)] : t[n*(e/4)];
		if(pc < -1 || pc >= m->nprog)
			return 0;
		if(i < n && ip->op == ICASEC
		&& (!(m->mpflags[(off+hdr+i*e)/4] & Mptr) || !(m->mpflags[(off+hdr+i*e)/4+1] & Mptr)
		 || !isstr(*(String**)(m->origmp+off+hdr+i*e)) || !isstr(*(String**)(m->origmp+off+hdr+i*e+4))))
			return 0;
	}
	*tp = t;
	*np = n;
	*esz = e;
	return 1;
}

/* the table of a goto: Inferno's limbo writes its length in the word before */
static int
gototab(Module *m, Inst *ip, WORD **tp, int *np)
{
	WORD *t, n, i;
	int off;

	off = ip->d.off;
	if(ip->d.k != Kmp || UDST(ip->add) != AMP || (off & 3) || off < 4 || off > m->mpsize)
		return 0;
	t = (WORD*)(m->origmp+off);
	n = t[-1];
	if(n < 0 || n > (m->mpsize-off)/4)
		return 0;
	for(i = 0; i < n; i++)
		if(t[i] < 0 || t[i] >= m->nprog)
			return 0;
	*tp = t;
	*np = n;
	return 1;
}

/* the targets of a case or goto at pc: flow to each (or mark them leaders: f < 0) */
static int
tabtargets(V *v, int f, int pc, St *s)
{
	Module *m;
	Inst *ip;
	WORD *t, tg;
	int n, i, esz, off, w;

	m = v->m;
	ip = &m->prog[pc];
	if(ip->op == IGOTO){
		if(!gototab(m, ip, &t, &n))
			return bad(v, "bad goto table at pc %d", pc);
		esz = 4;
	}else if(!casetab(m, ip, &t, &n, &esz))
		return bad(v, "bad case table at pc %d", pc);
	for(i = 0; i <= n; i++){
		if(ip->op == IGOTO){
			if(i == n)
				break;
			tg = t[i];
		}else
			tg = i < n ? t[i*(esz/4) + (ip->op == ICASEL ? 4 : 2)] : t[n*(esz/4)];
		if(tg < 0)
			continue;
		if(f < 0)
			v->lead[tg] = 1;
		else if(!flow(v, f, pc, tg, s))
			return 0;
	}
	if(f < 0){
		/* the table's words, its length and its default are read only */
		if(ip->op == IGOTO){
			off = ip->d.off-4;
			w = 1+n;
		}else{
			off = ip->d.off;
			w = (ip->op == ICASEL ? 2 : 1) + n*(esz/4) + 1;
		}
		for(w += off/4, off /= 4; off < w && off < m->mpsize/4; off++)
			m->mpflags[off] |= Mro;
	}
	return 1;
}

/* the effect of instruction pc on state s; 0 with the reason in v->err */
static int
step(V *v, int f, int pc, St *s)
{
	Module *m;
	Inst *ip;
	Type *ft, *t;
	Aval a, val, oa, *of;
	Vchk *c;
	Call *cl;
	int g, mode;
	char *u;

	m = v->m;
	ip = &m->prog[pc];
	ft = v->fn[f].frame;
	u = vmopuse[ip->op];
	if(u == nil)
		return bad(v, "bad opcode %d at pc %d", ip->op, pc);
	switch(ip->op){
	case IMOVW:
		if(!acc(v, s, ft, pc, &ip->s, USRC(ip->add), 4, 0, 0, &val))
			return 0;
		if(ip->s.k == Kref && ip->s.off == 0){
			/* perhaps a Modlink's module data (Inferno's limbo reads m->x so) */
			if(getchk(v, pc, Cmodmp) == nil)
				return bad(v, "out of memory");
			killsite(s, Vmodmp, pc);
			memset(&val, 0, sizeof val);
			val.k = Vmodmp;
			val.site = pc;
			val.anchor = pinslot(v, f, pc);	/* limbo reuses the word that held the Modlink */
		}
		return acc(v, s, ft, pc, &ip->d, UDST(ip->add), 4, 0, 1, &val);
	case ILEA:
		return leaval(v, s, ft, pc, ip, &val)
			&& acc(v, s, ft, pc, &ip->d, UDST(ip->add), 4, 0, 1, &val);
	case IFRAME:
		if((t = immtype(v, &ip->s, USRC(ip->add), pc)) == nil)
			return 0;
		if(t->size < Minframe || hdrptr(t))
			return bad(v, "bad frame type at pc %d", pc);
		killsite(s, Vnew, pc);
		memset(&val, 0, sizeof val);
		val.k = Vnew;
		val.site = pc;
		val.anchor = -1;
		val.t = t;
		return acc(v, s, ft, pc, &ip->d, UDST(ip->add), 4, 0, 1, &val);
	case IMFRAME:
		if(!plain(v, s, ft, pc, ip, 0, nil) || !plain(v, s, ft, pc, ip, 1, nil))
			return 0;
		if(ip->d.k != Kfp)
			return bad(v, "mframe's destination is not a frame word at pc %d", pc);	/* its imm caches the callee's frame type */
		ip->d.imm = (WORD)H;	/* no frame type has passed: never a type, not even nil */
		if(getchk(v, pc, Cmframe) == nil)
			return bad(v, "out of memory");
		killsite(s, Vnew, pc);
		memset(&val, 0, sizeof val);
		val.k = Vnew;
		val.site = pc;
		val.anchor = -1;
		return acc(v, s, ft, pc, &ip->d, UDST(ip->add), 4, 0, 1, &val);
	case ICALL:
	case ISPAWN:
		if(!frameop(v, s, ft, pc, &ip->s, &a))
			return 0;
		if(a.t == nil)
			return bad(v, "call of a frame made by mframe at pc %d", pc);
		g = addfn(v, ip->dst-m->prog, a.t, pc);
		if(g < 0)
			return 0;
		if(v->framefn[a.site] == -1)
			v->framefn[a.site] = g;
		else if(v->framefn[a.site] != g)
			v->framefn[a.site] = -2;
		if(ip->op == ICALL){
			cl = v->call[pc];
			if(cl == nil){
				cl = v->call[pc] = mallocz(sizeof(Call), 1);
				if(cl == nil)
					return bad(v, "out of memory");
			}
			cl->fn = g;
			of = offer(s, a.site, &oa);
			cl->has = of != nil;
			if(of != nil){
				cl->off = *of;
				killoffer(v, s, ft, of, v->fn[g].ret.size);
				switch(of->k){
				case Vret:
					g = rsmerge(&v->fn[of->site].ret, &v->fn[cl->fn].ret, of->off);
					if(g < 0)
						return bad(v, "result of the call at pc %d does not fit", pc);
					v->grew |= g;
					break;
				case Velem:
				case Vfield:
				case Vmodmp:
					c = getchk(v, of->site, of->k == Velem ? Cind : of->k == Vfield ? Clea : Cmodmp);
					if(c == nil || rsmerge(&c->need, &v->fn[cl->fn].ret, of->off) < 0)
						return bad(v, "result of the call at pc %d does not fit", pc);
					break;
				case Vnew:
					if(of->t == nil){
						c = getchk(v, of->site, Cmframe);
						if(c == nil || rsmerge(&c->need, &v->fn[cl->fn].ret, of->off) < 0)
							return bad(v, "result of the call at pc %d does not fit", pc);
					}
					break;
				}
			}
		}
		killsite(s, Vnew, a.site);
		return 1;
	case IMCALL:
	case IMSPAWN:
		if(!frameop(v, s, ft, pc, &ip->s, &a) || !plain(v, s, ft, pc, ip, 1, nil) || !plain(v, s, ft, pc, ip, 2, nil))
			return 0;
		ip->s.imm = 0;	/* a frame word: its imm caches the callee that passed (xec.c) */
		c = getchk(v, pc, Cmcall);
		if(c == nil)
			return bad(v, "out of memory");
		if(ip->op == IMCALL){
			of = offer(s, a.site, &oa);
			c->place = Pnone;
			c->rt = nil;
			c->rlen = 0;
			if(of != nil){
				c->place = Pstatic;
				switch(of->k){
				case Vlocal:
					if(of->off < Argoff-IBY2WD)
						return bad(v, "bad place for the result of the call at pc %d", pc);
					c->rt = ft;
					c->roff = of->off;
					c->rlen = window(s, ft, of->off, a.site)-of->off;
					break;
				case Vmod:
					c->rt = m->mptype;
					c->roff = of->off;
					c->rlen = m->mpsize-of->off;
					c->n = 1;
					break;
				case Vnew:
					if(of->off < Argoff)
						return bad(v, "bad place for the result of the call at pc %d", pc);
					if(of->t != nil){
						c->rt = of->t;
						c->roff = of->off;
						c->rlen = of->t->size-of->off;
						break;
					}
					/* fall through */
				default:
					c->place = Pfound;
				}
			}
			killoffer(v, s, ft, of, of != nil && of->k == Vlocal ? c->rlen : -1);
		}
		killsite(s, Vnew, a.site);
		return 1;
	case IINDX:
	case IINDW:
	case IINDF:
	case IINDB:
	case IINDL:
		if(!plain(v, s, ft, pc, ip, 0, nil) || !plain(v, s, ft, pc, ip, 2, nil) || !indval(v, s, ft, pc, ip, &val))
			return 0;
		c = getchk(v, pc, Cind);
		if(c == nil)
			return bad(v, "out of memory");
		c->stride = stride(ip->op);
		killsite(s, Velem, pc);
		opnd(ip, 1, &mode);
		if(ip->m.k != Kfp || mode != AFP)
			return bad(v, "index's middle operand is not a frame word at pc %d", pc);	/* its imm caches the array type */
		ip->m.imm = 0;
		return acc(v, s, ft, pc, &ip->m, mode, 4, 0, 1, &val);
	case IALT:
	case INBALT:
		if(ip->s.k != Kfp || ip->s.off < Argoff || ip->s.off+2*IBY2WD > ft->size)
			return bad(v, "bad alt table at pc %d", pc);
		killrange(s, Argoff/IBY2WD, (ft->size+3)/4);
		return plain(v, s, ft, pc, ip, 2, nil);
	case ISEND:
		return plain(v, s, ft, pc, ip, 2, nil) && msgregion(v, s, ft, pc, &ip->s, USRC(ip->add), 0);
	case IRECV:
		return plain(v, s, ft, pc, ip, 0, nil) && msgregion(v, s, ft, pc, &ip->d, UDST(ip->add), 1);
	case IMOVM:
	case ICONSM:
	case IHEADM:
		opnd(ip, 1, &mode);
		if(ip->m.k != Kabs || mode != AIMM || ip->m.imm < 0 || ip->m.imm > 1<<20)
			return bad(v, "bad size operand at pc %d", pc);
		if(ip->op != IHEADM && !region(v, s, ft, pc, &ip->s, USRC(ip->add), nil, ip->m.imm, 0))
			return 0;
		if(ip->op == IHEADM)
			return plain(v, s, ft, pc, ip, 0, nil) && region(v, s, ft, pc, &ip->d, UDST(ip->add), nil, ip->m.imm, 1);
		if(ip->op == ICONSM)
			return plain(v, s, ft, pc, ip, 2, nil);
		return region(v, s, ft, pc, &ip->d, UDST(ip->add), nil, ip->m.imm, 1);
	case IMOVMP:
	case ICONSMP:
	case IHEADMP:
		opnd(ip, 1, &mode);
		if((t = immtype(v, &ip->m, mode, pc)) == nil)
			return 0;
		if(ip->op != IHEADMP && !region(v, s, ft, pc, &ip->s, USRC(ip->add), t, 0, 0))
			return 0;
		if(ip->op == IHEADMP)
			return plain(v, s, ft, pc, ip, 0, nil) && region(v, s, ft, pc, &ip->d, UDST(ip->add), t, 0, 1);
		if(ip->op == ICONSMP)
			return plain(v, s, ft, pc, ip, 2, nil);
		return region(v, s, ft, pc, &ip->d, UDST(ip->add), t, 0, 1);
	case ICASE:
	case ICASEC:
	case ICASEL:
	case IGOTO:
		if(!plain(v, s, ft, pc, ip, 0, nil))
			return 0;
		if(ip->op == IGOTO){
			c = getchk(v, pc, Cgoto);
			if(c == nil)
				return bad(v, "out of memory");
			c->n = ((WORD*)(m->origmp+ip->d.off))[-1];
		}
		return 1;
	}
	/* the rest: plain operands, and what their immediates name */
	if(!plain(v, s, ft, pc, ip, 0, nil) || !plain(v, s, ft, pc, ip, 1, nil) || !plain(v, s, ft, pc, ip, 2, nil))
		return 0;
	switch(ip->op){
	case INEW:
	case INEWZ:
	case INEWCMP:
		if(immtype(v, &ip->s, USRC(ip->add), pc) == nil)
			return 0;
		break;
	case INEWA:
	case INEWAZ:
		opnd(ip, 1, &mode);
		if(immtype(v, &ip->m, mode, pc) == nil)
			return 0;
		break;
	case INEWCM:
		if(ip->s.imm < 0 || ip->s.imm > 1<<20)
			return bad(v, "bad size operand at pc %d", pc);
		break;
	case ILOAD:
		if(ip->m.imm < 0 || ip->m.imm >= m->nldt)
			return bad(v, "bad import index at pc %d", pc);
		break;
	case IMOVPC:
		if(ip->s.imm < 0 || ip->s.imm >= m->nprog)
			return bad(v, "bad branch at pc %d", pc);
		break;
	}
	return 1;
}

/* the states of a handler's target: no frames being built, nothing shared */
static void
forhandler(St *s)
{
	int i;

	for(i = 0; i < s->n; )
		if(s->e[i].loc < 0 || s->e[i].v.k == Vnew)
			stdel(s, i);
		else
			i++;
}

/*
 * pc may raise: the handlers covering it get state s, less frames being
 * built, shared addresses, and what the handler writes: the exception's
 * word and the pointers of its type
 */
static int
tohandlers(V *v, int f, int pc, St *s)
{
	St *h;
	Handler *hp;
	Except *e;
	int k, i;

	if(v->hoff == nil || v->hoff[pc] == v->hoff[pc+1])
		return 1;
	h = &v->h;
	for(k = v->hoff[pc]; k < v->hoff[pc+1]; k++){
		hp = &v->m->htab[v->hidx[k]];
		stcopy(h, s);
		forhandler(h);
		killword(h, hp->eoff/4);
		if(hp->t != nil)
			for(i = 0; i < hp->t->nptr; i++)
				killword(h, hp->t->ptrs[i]/4);
		for(e = hp->etab; ; e++){
			if(e->pc != (ulong)-1 && !flow(v, f, pc, e->pc, h))
				return 0;
			if(e->s == nil)
				break;
		}
	}
	return 1;
}

/* run the block at leader pc */
static int
block(V *v, int pc)
{
	St *s, *s0;
	Module *m;
	Inst *ip;
	int f, op, i, hd;

	m = v->m;
	f = v->fnof[pc];
	v->cur = f;
	s = &v->s;
	s0 = &v->s0;
	stload(s, v->in[pc]);
	for(;;){
		ip = &m->prog[pc];
		op = ip->op;
		if(v->final)
			ip->flags &= ~Iunreached;
		hd = v->hoff != nil && v->hoff[pc] != v->hoff[pc+1];
		if(hd)
			stcopy(s0, s);
		if(!step(v, f, pc, s))
			return 0;
		if(hd && (!tohandlers(v, f, pc, s0) || !tohandlers(v, f, pc, s)))
			return 0;
		if(op == ICASE || op == ICASEC || op == ICASEL || op == IGOTO)
			return tabtargets(v, f, pc, s);
		if(vmisbranch(op) && op != ICALL && op != ISPAWN){
			if(!flow(v, f, pc, ip->dst-m->prog, s))
				return 0;
			if(op == IJMP)
				return 1;
		}
		if(noreturn(op))
			return 1;
		pc++;
		if(pc >= v->nprog)
			return bad(v, "control falls off the end at pc %d", pc-1);
		if(v->lead[pc])
			return flow(v, f, pc-1, pc, s);
		if(v->fnof[pc] == -1)
			v->fnof[pc] = f;
		else if(v->fnof[pc] != f)
			return bad(v, "jump into another function at pc %d", pc);
	}
}

/* the blocks: where functions, branches and handlers start */
static int
leaders(V *v)
{
	Module *m;
	Inst *ip;
	Handler *h;
	Except *e;
	int pc, k;

	m = v->m;
	for(pc = 0; pc < v->nprog; pc++){
		ip = &m->prog[pc];
		if(vmisbranch(ip->op))
			v->lead[ip->dst-m->prog] = 1;
		if(ip->op == ICASE || ip->op == ICASEC || ip->op == ICASEL || ip->op == IGOTO)
			if(!tabtargets(v, -1, pc, nil))
				return 0;
		if(vmisbranch(ip->op) || noreturn(ip->op))
			if(pc+1 < v->nprog)
				v->lead[pc+1] = 1;
		if(ip->op == ICALL)
			v->lead[pc] = 1;	/* reprocessed when a callee's result grows */
	}
	if(m->entry != nil)
		v->lead[m->entry-m->prog] = 1;
	for(k = 0; k < m->nlink; k++)
		if(m->ext[k].u.pc != nil)
			v->lead[m->ext[k].u.pc-m->prog] = 1;
	for(h = m->htab; h != nil && h < m->htab+m->nhandler; h++)
		for(e = h->etab; ; e++){
			if(e->pc != (ulong)-1)
				v->lead[e->pc] = 1;
			if(e->s == nil)
				break;
		}
	return 1;
}

/* the handlers covering each pc, in a table hidx indexed by hoff */
static int
handlers(V *v)
{
	Module *m;
	Handler *h;
	int pc, n, i, *cnt;

	m = v->m;
	if(m->nhandler == 0)
		return 1;
	v->hoff = mallocz((v->nprog+2)*sizeof(int), 1);
	if(v->hoff == nil)
		return bad(v, "out of memory");
	cnt = v->hoff;
	n = 0;
	for(h = m->htab; h < m->htab+m->nhandler; h++){
		for(pc = h->pc1; pc < h->pc2; pc++)
			cnt[pc+1]++;
		n += h->pc2-h->pc1;
		if(n > 64*v->nprog+1024)
			return bad(v, "too many handlers");
	}
	for(pc = 0; pc < v->nprog; pc++)
		cnt[pc+1] += cnt[pc];
	v->hidx = malloc((n+1)*sizeof(int));
	if(v->hidx == nil)
		return bad(v, "out of memory");
	/* fill, moving the starts, then shift them back */
	for(i = 0; i < m->nhandler; i++){
		h = &m->htab[i];
		for(pc = h->pc1; pc < h->pc2; pc++)
			v->hidx[cnt[pc]++] = i;
	}
	for(pc = v->nprog; pc > 0; pc--)
		cnt[pc] = cnt[pc-1];
	cnt[0] = 0;
	return 1;
}

/* after the fixpoint: static calls against their callees' results, handlers */
static int
finish(V *v)
{
	Module *m;
	Call *cl;
	Vfn *g;
	Handler *h;
	Type *ft;
	Aval *a;
	int pc, f, i;

	m = v->m;
	for(pc = 0; pc < v->nprog; pc++){
		if(m->prog[pc].op != ICALL || v->fnof[pc] == -1)
			continue;
		cl = v->call[pc];
		if(cl == nil)
			continue;
		g = &v->fn[cl->fn];
		ft = v->fn[v->fnof[pc]].frame;
		if(!cl->has){
			if(g->ret.size > 0)
				return bad(v, "call at pc %d gives no place for the result of the function at pc %d", pc, g->entry);
			continue;
		}
		a = &cl->off;
		switch(a->k){
		case Vlocal:
			if(a->off < Argoff-IBY2WD || !rsfits(&g->ret, ft, a->off, ft->size-a->off, nil))
				return bad(v, "result of the function at pc %d does not fit its place at pc %d", g->entry, pc);
			break;
		case Vmod:
			if((a->off & 3) && g->ret.nb > 0 || !rsfits(&g->ret, nil, a->off, m->mpsize-a->off, m->mpflags))
				return bad(v, "result of the function at pc %d does not fit its place at pc %d", g->entry, pc);
			break;
		case Vnew:
			if(a->t != nil && (a->off < Argoff || !rsfits(&g->ret, a->t, a->off, a->t->size-a->off, nil)))
				return bad(v, "result of the function at pc %d does not fit its place at pc %d", g->entry, pc);
			break;
		}
	}
	for(i = 0; i < m->nhandler; i++){
		h = &m->htab[i];
		f = -1;
		for(pc = h->pc1; pc < h->pc2; pc++){
			if(v->fnof[pc] == -1)
				continue;
			if(f != -1 && v->fnof[pc] != f)
				return bad(v, "bad handler %d", i);
			f = v->fnof[pc];
		}
		if(f == -1)
			continue;
		ft = v->fn[f].frame;
		if(h->eoff < Argoff || h->eoff+4 > ft->size || !tptr(ft, h->eoff))
			return bad(v, "bad handler %d", i);
		if(h->t != nil){
			if(h->t->size > ft->size)
				return bad(v, "bad handler %d", i);
			for(pc = 0; pc < h->t->nptr; pc++)
				if(!tptr(ft, h->t->ptrs[pc]))
					return bad(v, "bad handler %d", i);
		}
	}
	return 1;
}

static void
vfree(V *v)
{
	int pc;

	if(v->in != nil)
		for(pc = 0; pc < v->nprog; pc++)
			free(v->in[pc]);
	free(v->in);
	free(v->lead);
	free(v->work);
	free(v->queued);
	if(v->call != nil)
		for(pc = 0; pc < v->nprog; pc++)
			free(v->call[pc]);
	free(v->call);
	free(v->pin);
	free(v->framefn);
	free(v->hoff);
	free(v->hidx);
}

/*
 * give each function with hidden words a frame type with them (their
 * pointer words past the frame), made wherever its frames are made: its
 * links, the entry, the frame instructions of its calls and spawns
 */
static int
pins(V *v)
{
	Module *m;
	Vfn *fn;
	Type *t, **nt;
	uchar *map;
	int f, k, pc, size, base, np, w, idx;

	m = v->m;
	for(f = 0; f < v->nfn; f++){
		fn = &v->fn[f];
		if(fn->npin == 0)
			continue;
		base = (fn->frame->size+3)/4;
		size = ((base+fn->npin)*4+7)&~7;
		if(size > 1<<20)
			return bad(v, "frame too large at pc %d", fn->entry);
		np = size/4/8+1;
		map = mallocz(np, 1);
		if(map == nil)
			return bad(v, "out of memory");
		memmove(map, fn->frame->map, fn->frame->np);
		for(w = base; w < base+fn->npin; w++)
			map[w>>3] |= 0x80>>(w&7);
		t = newtype(Tkstruct, size, map, np);
		free(map);
		nt = realloc(m->type, (m->ntype+2)*sizeof(Type*));
		if(t == nil || nt == nil){
			freetype(t);
			if(nt != nil)
				m->type = nt;
			return bad(v, "out of memory");
		}
		m->type = nt;
		idx = m->ntype++;
		m->type[idx] = t;
		m->type[m->ntype] = nil;
		for(k = 0; k < m->nlink; k++)
			if(m->ext[k].u.pc == &m->prog[fn->entry])
				m->ext[k].frame = t;
		if(m->entry == &m->prog[fn->entry])
			m->entryt = t;
		for(pc = 0; pc < v->nprog; pc++){
			if(m->prog[pc].op != IFRAME)
				continue;
			if(v->framefn[pc] == f)
				m->prog[pc].s.imm = idx;
			else if(v->framefn[pc] == -2)
				return bad(v, "frame at pc %d made for several functions", pc);
		}
		t->hidden = size-fn->frame->size;	/* Dis code may not address them */
		if((size+7 & ~7) > m->maxframe)
			m->maxframe = size+7 & ~7;
		for(pc = 0; pc < v->nprog; pc++)
			if(v->pin[pc] != 0 && v->fnof[pc] == f && v->chk[pc] != nil)
				v->chk[pc]->pin = (base+v->pin[pc]-1)*4;
		fn->frame = t;
	}
	return 1;
}

/* keep the results on the module: its functions and its checks */
static int
keep(V *v)
{
	Module *m;
	Vchk *c;
	int pc, n, k;

	m = v->m;
	if(!pins(v))
		return 0;
	n = 0;
	for(pc = 0; pc < v->nprog; pc++)
		if(v->chk[pc] != nil)
			n++;
	m->vchk = mallocz((n+1)*sizeof(Vchk), 1);
	if(m->vchk == nil)
		return bad(v, "out of memory");
	k = 0;
	for(pc = 0; pc < v->nprog; pc++){
		c = v->chk[pc];
		if(c == nil){
			if(!vmisbranch(m->prog[pc].op))
				m->prog[pc].chk = nil;
			continue;
		}
		m->vchk[k] = *c;
		free(c);
		v->chk[pc] = nil;
		if(!vmisbranch(m->prog[pc].op))
			m->prog[pc].chk = &m->vchk[k];
		k++;
	}
	m->nvchk = k;
	m->nvfn = v->nfn;
	m->vfn = v->fn;
	v->fn = nil;
	m->vfnof = v->fnof;
	v->fnof = nil;
	for(pc = 0; pc < m->nlink; pc++)
		if(m->ext[pc].u.pc != nil)
			m->ext[pc].ret = &m->vfn[m->vfnof[m->ext[pc].u.pc-m->prog]].ret;
	return 1;
}

void
vfreemod(Module *m)
{
	int i;

	for(i = 0; i < m->nvfn; i++)
		rsfree(&m->vfn[i].ret);
	for(i = 0; i < m->nvchk; i++)
		rsfree(&m->vchk[i].need);
	free(m->vfn);
	free(m->vfnof);
	free(m->vchk);
	m->vfn = nil;
	m->vfnof = nil;
	m->vchk = nil;
	m->nvfn = m->nvchk = 0;
}

/*
 * verify m (decoded, its types, data, links, imports and handlers
 * read): 0 with the reason in err.  On success m->vfn, vfnof, vchk and
 * the instructions' flags, Kind/Kref operands and checks are set.
 */
int
verify(Module *m, char *err, int nerr)
{
	V v;
	int pc, k, f, rounds, ok;

	memset(&v, 0, sizeof v);
	v.m = m;
	v.err = err;
	v.nerr = nerr;
	err[0] = 0;
	v.nprog = m->nprog;
	v.cur = -1;
	ok = 0;
	v.fnof = malloc((v.nprog+1)*sizeof(int));
	v.lead = mallocz(v.nprog+1, 1);
	v.in = mallocz((v.nprog+1)*sizeof(Sst*), 1);
	v.work = malloc((v.nprog+1)*sizeof(int));
	v.queued = mallocz(v.nprog+1, 1);
	v.call = mallocz((v.nprog+1)*sizeof(Call*), 1);
	v.pin = mallocz((v.nprog+1)*sizeof(int), 1);
	v.framefn = malloc((v.nprog+1)*sizeof(int));
	v.chk = mallocz((v.nprog+1)*sizeof(Vchk*), 1);
	if(v.fnof == nil || v.lead == nil || v.in == nil || v.work == nil || v.queued == nil || v.call == nil || v.chk == nil
	|| v.pin == nil || v.framefn == nil){
		bad(&v, "out of memory");
		goto out;
	}
	for(pc = 0; pc < v.nprog; pc++){
		v.fnof[pc] = -1;
		v.framefn[pc] = -1;
		m->prog[pc].flags = Iunreached;
	}
	if(!leaders(&v) || !handlers(&v))
		goto out;
	if(m->entry != nil && addfn(&v, m->entry-m->prog, m->entryt, m->entry-m->prog) < 0)
		goto out;
	for(k = 0; k < m->nlink; k++)
		if(m->ext[k].u.pc != nil && addfn(&v, m->ext[k].u.pc-m->prog, m->ext[k].frame, m->ext[k].u.pc-m->prog) < 0)
			goto out;
	for(rounds = 0; ; rounds++){
		v.grew = 0;
		while(v.nwork > 0){
			pc = v.work[--v.nwork];
			v.queued[pc] = 0;
			if(!block(&v, pc))
				goto out;
		}
		if(!v.grew)
			break;
		/* a result grew: the calls of it kill more, and pass it on */
		for(pc = 0; pc < v.nprog; pc++)
			if(v.in[pc] != nil && m->prog[pc].op == ICALL)
				enqueue(&v, pc);
	}
	v.final = 1;
	for(pc = 0; pc < v.nprog; pc++)
		if(v.in[pc] != nil && !block(&v, pc))
			goto out;
	v.cur = -1;
	if(!finish(&v) || !keep(&v))
		goto out;
	USED(f);
	ok = 1;
out:
	if(!ok){
		if(v.cur >= 0)
			where(&v);
		for(pc = 0; pc < v.nprog; pc++)
			if(v.chk != nil && v.chk[pc] != nil){
				rsfree(&v.chk[pc]->need);
				free(v.chk[pc]);
			}
		if(v.fn != nil)
			for(k = 0; k < v.nfn; k++)
				rsfree(&v.fn[k].ret);
		free(v.fn);
		free(v.fnof);
	}
	free(v.chk);
	vfree(&v);
	return ok;
}

/* add to the message the function it is about: its exported name, or where it starts */
static void
where(V *v)
{
	Module *m;
	Inst *e;
	char *p;
	int k;

	m = v->m;
	e = &m->prog[v->fn[v->cur].entry];
	p = v->err+strlen(v->err);
	for(k = 0; k < m->nlink; k++)
		if(m->ext[k].u.pc == e && m->ext[k].name != nil){
			seprint(p, v->err+v->nerr, " in %s", m->ext[k].name);
			return;
		}
	if(m->entry == e)
		seprint(p, v->err+v->nerr, " in the entry function");
	else
		seprint(p, v->err+v->nerr, " in the function at pc %d", v->fn[v->cur].entry);
}

/*
 * Run-time checks: what the interpreter (xec.c) asks when the type it
 * meets is not the one it cached for the instruction.  Each returns 0
 * if the instruction may not go on (it raises an exception); else the
 * type may be cached, unless it says 2.
 */

/* bytes of t that Dis code may address */
static long
dislen(Type *t)
{
	return t->size-t->hidden;
}

/* n bytes at off of t (lim bytes addressable): a pointer, or not; written or read */
static int
tok(Type *t, long off, long lim, long n, int isptr, int wr)
{
	if(off < 0 || n < 0 || off+n > lim)
		return 0;
	if(isptr)
		return n == IBY2WD && tptr(t, off);
	return !wr || !tanyptr(t, off, n);
}

/* a value of type x at off of t: pointers where x has them; if written, values where it has none */
static int
tfits(Type *x, Type *t, long off, long lim, int wr)
{
	long w;

	if(off < 0 || off+x->size > lim || (off & 3) && x->nptr > 0)
		return 0;
	for(w = 0; w < x->size; w += 4){
		if(tptr(x, w)){
			if(!tptr(t, off+w))
				return 0;
		}else if(wr && tanyptr(t, off+w, x->size-w < 4 ? x->size-w : 4))
			return 0;
	}
	return 1;
}

/* as tfits, for a region of module data with flags mpf (its pointer words, its read-only ones) */
static int
mpfits(Type *x, uchar *mpf, long off, long lim, int wr)
{
	long w, o;

	if(off < 0 || off+x->size > lim || (off & 3) && x->nptr > 0)
		return 0;
	for(w = 0; w < x->size; w += 4){
		o = off+w;
		if(tptr(x, w)){
			if(!(mpf[o/4] & Mptr))
				return 0;
		}else if(wr){
			for(o &= ~3; o < off+w+4 && o < off+x->size; o += 4)
				if(mpf[o/4] & (Mptr|Mro))
					return 0;
		}
	}
	return 1;
}

/*
 * Kref: may operand o of instruction i go through the block at q?  Its
 * type must be a plain one that holds the access: pointers where the
 * operand uses a pointer, no pointer where it writes a value, and the
 * uses of the address lea makes.  movw 0(w), d reading a Modlink's
 * module data (Cmodmp) checks that data's type against the uses of d.
 */
int
vmrefok(Module *m, Inst *i, Opnd *o, void *q)
{
	Type *t;
	Modlink *ml;
	Vchk *k;
	long lim;
	int c;

	t = D2H(q)->t;
	k = i->chk;
	if(k != nil && k->kind == Cmodmp && k->need.size > 0){
		if(t != &Tmodlink)
			return 0;
		ml = q;
		if(ml->MP == H)
			return 2;	/* reads H: its uses meet nil */
		return rsfits(&k->need, nil, 0, ml->m->mpsize, ml->m->mpflags) ? 2 : 0;
	}
	if(t == nil || t->kind != Tkstruct)
		return 0;
	lim = dislen(t);
	c = vmopuse[i->op][o == &i->s ? 0 : o == &i->d ? 2 : 1];
	switch(c){
	case 'p': case 'P': case 'q':
		return tok(t, o->off, lim, IBY2WD, 1, 0);
	case 'm': case 'M':
		return tok(t, o->off, lim, i->m.imm, 0, c == 'M');
	case 'r': case 'R':
		return tfits(m->type[i->m.imm], t, o->off, lim, c == 'R');
	case 'v': case 'V':
		return o->off >= 0 && o->off < lim;	/* and the channel's type, when it runs */
	case 'a':
		/* the need's offsets are the block's (the address's own is in them) */
		return o->off >= 0 && o->off <= lim && (k == nil || rsfits(&k->need, t, 0, lim, nil));
	}
	return tok(t, o->off, lim, vmusesize(c), 0, c >= 'A' && c <= 'Z');
}

/* Cind: may the elements of an array of et be addressed by i (its stride, its uses)? */
int
vmindok(Inst *i, Type *et)
{
	Vchk *c;

	c = i->chk;
	if(et == nil || c->stride != 0 && et->size != c->stride)
		return 0;
	return rsfits(&c->need, et, 0, et->size, nil);
}

/* Cmframe: may the caller write into a frame of type ft as its code does? */
int
vmframeok(Inst *i, Type *ft)
{
	return rsfits(&i->chk->need, ft, 0, dislen(ft), nil);
}

/*
 * where address p lies, which the verifier proved a place: a frame of
 * the running prog, module data of a module it runs in, or a block
 * (an adt's field, an array's element, another module's data).  The
 * type of that memory, p's offset in it, the bytes from there, and
 * module data's flags; 0 if it is none of them.
 */
int
placeof(uchar *p, Type **t, long *off, long *len, uchar **mpf)
{
	Stkseg *sg;
	uchar *f, *top;
	Frame *fr;
	Modlink *ml;
	Module *m;
	Heap *h;
	Array *a;
	Type *ft;
	ulong n;

	*mpf = nil;
	/* the frames, segment by segment: each starts where the last ends */
	top = R.SP;
	for(sg = (Stkseg*)R.EX; sg != nil; sg = sg->prev){
		for(f = (uchar*)sg->stack; f < top; f += ft->size){
			ft = ((Frame*)f)->t;
			if(!istype(ft) || ft->size < sizeof(Frame) || ft->size > top-f)
				break;
			if(p >= f+sizeof(Frame) && p < f+dislen(ft)){
				*t = ft;
				*off = p-f;
				*len = dislen(ft)-*off;
				return 1;
			}
		}
		top = sg->psp;
	}
	/* module data of the modules on the call chain */
	ml = R.M;
	n = 0;
	for(fr = (Frame*)R.FP; ml != H && ml != nil && n++ < 100000; fr = (Frame*)fr->fp){
		if(ml->MP != H && p >= ml->MP && p < ml->MP+ml->m->mpsize){
			*t = ml->m->mptype;
			*off = p-ml->MP;
			*len = ml->m->mpsize-*off;
			*mpf = ml->m->mpflags;
			return 1;
		}
		if(fr == nil)
			break;
		if(fr->mr != nil)
			ml = fr->mr;
	}
	/* a block */
	h = heapfind(p);
	if(h == nil || h->t == nil)
		return 0;
	if(h->t->kind == Tkarray){
		a = H2D(Array*, h);
		if(a->root != H || a->t == nil || a->t->size <= 0 || p < a->data)
			return 0;
		*t = a->t;
		*off = (p-a->data) % a->t->size;
		*len = a->t->size-*off;
		return 1;
	}
	if(h->t->kind != Tkstruct)
		return 0;
	*t = h->t;
	*off = p-H2D(uchar*, h);
	*len = dislen(h->t)-*off;
	if(*len <= 0)
		return 0;
	for(m = modules; m != nil; m = m->link)
		if(m->mptype == h->t){
			*mpf = m->mpflags;	/* another module's data: mind its read-only words */
			break;
		}
	return 1;
}

/* the region of a send's or receive's value, as Cmsg or Cmcall describes it */
static int
vregion(Vchk *c, uchar *p, Type **t, long *off, long *len, uchar **mpf)
{
	if(c->place == Pfound)
		return placeof(p, t, off, len, mpf);
	*t = c->rt;
	*off = c->roff;
	*len = c->rlen;
	*mpf = c->n ? R.M->m->mpflags : nil;
	return 1;
}

/*
 * Cmsg: may a value of the channel's element type mt go from (wr 0) or
 * into (wr 1) the region at p of send or recv i?
 */
int
vmmsgok(Inst *i, Type *mt, uchar *p, int wr)
{
	Vchk *c;
	Type *t;
	long off, len;
	uchar *mpf;

	c = i->chk;
	if(c->place == Pnone)	/* an immediate: a word, or H where the channel carries pointers */
		return !wr && mt->size <= IBY2WD && (mt->nptr == 0 || *(WORD*)p == (WORD)H);
	if(!vregion(c, p, &t, &off, &len, &mpf))
		return 0;
	if(mpf != nil)
		return mpfits(mt, mpf, off, off+len, wr);
	return tfits(mt, t, off, off+len, wr);
}

/* Cmcall: may a callee that needs r of its place write through p, the place i offers? */
int
vmplaceok(Inst *i, Rshape *r, uchar *p)
{
	Vchk *c;
	Type *t;
	long off, len;
	uchar *mpf;

	if(r == nil || r->size == 0)
		return 1;
	c = i->chk;
	if(c->place == Pnone || p == nil || p == H)
		return 0;
	if(!vregion(c, p, &t, &off, &len, &mpf))
		return 0;
	if(t == retsink)
		return r->size <= len;	/* the host's scratch for a first frame's result: no pointer words, nothing read */
	if(mpf != nil)
		return rsfits(r, nil, off, len, mpf);
	return rsfits(r, t, off, len, nil);
}

/*
 * alt: may channel element type mt go from (send) or into (receive)
 * address p that an alt table names (extra: an index word first, for a
 * receive from an array of channels)?  p must lie in the running frame
 * (past its result pointer), in the running module's data, or, for a
 * send, in the module's code: the constant of a lea $c.
 */
int
vmaltok(Type *mt, uchar *p, int wr, int extra)
{
	Type *ft;
	Module *m;
	long off, lim;

	ft = ((Frame*)R.FP)->t;
	m = R.M->m;
	lim = dislen(ft);
	if(p >= R.FP+Argoff && p < R.FP+lim){
		off = p-R.FP;
		if(extra){
			if(!tok(ft, off, lim, IBY2WD, 0, 1))
				return 0;
			off += IBY2WD;
		}
		return tfits(mt, ft, off, lim, wr);
	}
	if(R.MP != H && R.MP != nil && p >= R.MP && p < R.MP+m->mpsize){
		off = p-R.MP;
		if(extra){
			if((off & 3) || off+IBY2WD > m->mpsize || m->mpflags[off/4] & (Mptr|Mro))
				return 0;
			off += IBY2WD;
		}
		return mpfits(mt, m->mpflags, off, m->mpsize, wr);
	}
	if(!wr && !extra && p >= (uchar*)m->prog && p+IBY2WD <= (uchar*)(m->prog+m->nprog))
		return mt->size <= IBY2WD && (mt->nptr == 0 || *(WORD*)p == (WORD)H);
	return 0;
}

/* may the alt table at a, of n entries, be read: in the running frame, past its result pointer */
int
vmalttab(uchar *a, long n)
{
	Type *ft;

	ft = ((Frame*)R.FP)->t;
	return n >= 0 && n <= 4096 && a >= R.FP+Argoff && a+2*IBY2WD+n*sizeof(Altc) <= R.FP+dislen(ft);
}

/* may alt use word c of its table as a channel (or, receiving, an array of them)? */
int
vmaltchan(void *c, int recv)
{
	Array *a;
	int j;

	if(c == H || !heapblock(c))
		return 0;
	if(D2H(c)->t->kind == Tkchannel)	/* devsrv gives its channels a Type of their own */
		return 1;
	if(!recv || D2H(c)->t->kind != Tkarray)
		return 0;
	a = c;
	if(a->t == nil || a->t->size != IBY2WD || !tptr(a->t, 0))
		return 0;
	for(j = 0; j < a->len; j++)
		if(((Channel**)a->data)[j] != H && D2H(((Channel**)a->data)[j])->t->kind != Tkchannel)
			return 0;
	return 1;
}

/* may a value of type x be read from memory laid out as t (a list cell's)? */
int
vmfits(Type *x, Type *t)
{
	return tfits(x, t, 0, dislen(t), 0);
}

int
vmsametype(Type *a, Type *b)
{
	return sametype(a, b);
}
