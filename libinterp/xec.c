/*
 * The interpreter: one function, threaded code with computed goto.
 *
 * Instructions are pre-decoded (see Inst in interp.h): for the common
 * modes an operand's address is base[kind]+off with base = {MP, FP, 0},
 * so dispatch computes three addresses without a branch and jumps to
 * the opcode's label; each body ends with its own dispatch.  An
 * instruction with double indirect operands has its xop at one of the
 * Lind labels, which decode those (checking for nil) over the
 * dispatch's guess and go on to the opcode's label.
 *
 * The module data and frame pointers live in b[] while running; R holds
 * SP, TS, EX and M at all times.  SYNC() writes PC, FP and MP back
 * before anything that may raise (error() unwinds to the host, which
 * calls vmfault) or look at R.  Faults met here go to the fault label,
 * which finds a handler without unwinding the C stack.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

#define	B(r)	(*(BYTE*)(r))
#define	W(r)	(*(WORD*)(r))
#define	UW(r)	(*(UWORD*)(r))
#define	F(r)	(*(REAL*)(r))
#define	V(r)	(*(LONG*)(r))
#define	UV(r)	(*(ULONG*)(r))
#define	P(r)	(*(void**)(r))
#define	S(r)	(*(String**)(r))
#define	A(r)	(*(Array**)(r))
#define	L(r)	(*(List**)(r))
#define	C(r)	(*(Channel**)(r))
#define	SH(r)	(*(SHORT*)(r))
#define	SR(r)	(*(SREAL*)(r))

REG	R;
void*	optab[256];		/* dispatch addresses */

/*
 * Memory safety rests on the verifier (verify.c, man/6/dis): no Dis
 * instruction can make a pointer out of a non-pointer, so every pointer
 * word holds H or a pointer to a live block, and every address an
 * indirect operand goes through is one the verifier proved.  What it
 * cannot know is checked here, where the VM takes a pointer from a word
 * and uses it as some kind of block: the block's header type is the
 * kind's (an Array's Tkarray, a String's &Tstring, ...), an array's
 * element type meets what the instruction's uses need (Inst.chk,
 * cached: one comparison in the common case), a block reached through a
 * pointer word (Kref) has a type that holds the operand, a channel's
 * element type is laid out as the value sent or received, a callee's
 * frame and result fit the caller's.  A check that fails raises an
 * exception in the program alone.
 */
#define	ISARRAY(a)	(D2H(a)->t->kind == Tkarray)
#define	ISSTR(x)	((x) == H || D2H(x)->t == &Tstring)
#define	ISLIST(x)	((x) == H || D2H(x)->t == &Tlist)

/*
 * may Dis code reach the n bytes at a?  In the kernel every Dis block
 * and stack segment lies in the heap's pool, whose 64K spans dismap
 * marks; emu does not know.  The instruction timer and builtins use it.
 */
#ifdef KERNEL
extern	uchar	dismap[];
#define	DISBYTE(x)	dismap[(uintptr)(x)>>16]
#else
#define	DISBYTE(x)	1
#endif

int
disrange(void *a, ulong n)
{
	ulong i;

	if(n == 0)
		return 1;
	if((uintptr)a+n < (uintptr)a)
		return 0;
	for(i = 0; i < n; i += 4096)
		if(!DISBYTE((uchar*)a+i))
			return 0;
	return DISBYTE((uchar*)a+n-1);
}
uvlong	(*xecclock)(void);	/* the host's instruction timer (interp.h) */
Itime*	(*xectimer)(Module*);
void	(*xecstep)(Inst*);	/* the host's profiler (interp.h) */
Inst*	(*xeccomp)(Inst*, uchar**, uchar*, int*);	/* the host's compiled code (interp.h) */
static void*	jitlab[1];	/* the dispatch of an instruction whose block is compiled */
static int	jitic;	/* the quantum's counts, across xeccomp: ic stays a register */
static uchar*	jitfp;	/* and FP, which compiled calls and returns change */
static void*	jitxop;	/* the dispatch of the instruction jitrun returns */

/*
 * The instruction timer's cost, in guest instructions under icount.
 * It was some 180 a Dis instruction (vmbench's loop: 203 timed, 24
 * untimed): two clock reads through disclock and fastticks, calls
 * included, at each instruction; a call of the host's distimed, which
 * hashed (module, pc) with a division and walked a chain (the table
 * lookup); and the statistics kept with a double sum of squares on the
 * x87 (the update).  Only the first part lay between the two reads, so
 * the nop it measured for cost(1) to subtract showed 67 of it.  Now the
 * clock is read once between two instructions, its time closing one
 * and opening the next, straight from the host's function (rdtsc64 in
 * the kernel); the table is an array on the module, an Itime at 4/3
 * of the instruction's offset (cached for the running module); the
 * update is 32-bit integer arithmetic out of line in tclock, where the
 * compiler keeps it in registers, with 64 bits and a double only for
 * long times (tfile64).  A nop is charged 93 in all, and all of it lies between
 * two reads, so cost(1) subtracts the whole.
 */
typedef struct Tx Tx;
struct Tx
{
	Itime*	(*fn)(Module*);	/* xectimer as the quantum began */
	void	(*step)(Inst*);	/* xecstep likewise: either makes the quantum go through quantum */
	int	ic;		/* instructions left in the timed quantum */
	Itime*	s;		/* the instruction being timed, or nil */
	ulong	t0;		/* the clock as it began: low word */
	ulong	t0hi;		/* high word */
	Modlink*	ml;	/* the module whose table these describe; nil: none yet */
	uchar*	code;		/* its code */
	ulong	ncode3;		/* a third of its bytes; 0: untimed */
	uchar*	table;		/* its Itimes */
};
static Tx	tx;		/* the timed quantum's: one xec runs at a time (curprog), but see runt */

/* an Itime is 4/3 of an Inst: i's is at 4/3 of i's offset in the table */
typedef char	itimesize[3*sizeof(Itime) == 4*sizeof(Inst) ? 1 : -1];

/* close s at clock t, the slow way: 64 bits, or a time of Tbig ticks or more */
static void
tfile64(Itime *s, uvlong t)
{
	ulong d;

	t -= (uvlong)tx.t0hi<<32 | tx.t0;
	s->n++;
	s->sum += t;
	if(t < Tbig){
		d = t;
		s->sumsq += (uvlong)d*d;
	}else
		s->bigsq += (double)t*t;
	if(t >= ~0UL){
		if(t < s->bigmin)
			s->bigmin = t;
		if(t > s->bigmax)
			s->bigmax = t;
		return;
	}
	d = t;
	if(d < s->min)
		s->min = d;
	if(d > s->max)
		s->max = d;
}

/*
 * close the instruction being timed, if any, at clock t.  The common
 * case, under Tbig ticks with the clock's high word unchanged, is
 * 32-bit arithmetic; tfile64 takes the rest.
 */
static inline void
tfile(uvlong t)
{
	Itime *s;
	ulong d;

	s = tx.s;
	if(s == nil)
		return;
	d = (ulong)t - tx.t0;
	if(__builtin_expect((ulong)(t>>32) != tx.t0hi || d >= Tbig, 0)){
		tfile64(s, t);
		return;
	}
	s->sum += d;
	s->sumsq += (uvlong)d*d;
	s->n++;
	if(d < s->min)
		s->min = d;
	if(d > s->max)
		s->max = d;
}

/* the running module's table, when it differs from the last one's */
static void
tlook(void)
{
	Module *m;
	Itime *s;

	tx.ml = R.M;
	m = R.M->m;
	tx.ncode3 = 0;
	s = m->itime;
	if(s == nil && (s = tx.fn(m)) == nil)
		return;
	tx.code = (uchar*)m->prog;
	tx.ncode3 = m->nprog*sizeof(Inst)/3;
	tx.table = (uchar*)s;
}

/*
 * between two timed instructions: one clock read closes the last and
 * opens the next (out of line: inside xec the compiler has no registers
 * to spare for it)
 */
static void __attribute__((noinline))
tclock(void)
{
	uvlong t;

#ifdef KERNEL
	/* the kernel's xecclock is the TSC (devbench): read it here, without two calls */
	__asm__ volatile("rdtsc" : "=A"(t));
#else
	t = xecclock();
#endif
	tfile(t);
	tx.t0 = t;
	tx.t0hi = t>>32;
}

/*
 * i is next: its Itime is at 4/3 of i's offset in its module's table.
 * Offsets are multiples of sizeof(Inst), 48, so a third is exact: the
 * offset times 3's inverse mod 2^32, one multiplication.  An offset
 * not a multiple of 3 (not the module's instruction) gives 2^32/3 or
 * more, as does one below the code: no Itime.
 */
static inline void
tnext(Inst *i)
{
	ulong off, off3;
	Itime *s;

	tclock();
	if(R.M != tx.ml)
		tlook();
	off = (uchar*)i - tx.code;
	off3 = off*0xAAAAAAABUL;
	s = nil;
	if(off3 < tx.ncode3)
		s = (Itime*)(tx.table + off + off3);
	tx.s = s;
}

/*
 * call a builtin in a timed quantum: one that blocks lets other
 * interpreters run xec, so the quantum's state is kept here meanwhile
 * (on this stack, not xec's, whose every word the dispatch wants).
 * Untimed, xec calls it itself and keeps nothing but that.
 */
static void __attribute__((noinline))
runt(void (*fn)(void*), void *f)
{
	Tx save;

	save = tx;
	fn(f);
	tx = save;
}

#define	ADDR(o)	((void*)((uintptr)b[(o).k] + (o).off))
#define	DISPATCH	{ if(--ic == 0) goto quantum; \
			s = ADDR(i->s); m = ADDR(i->m); d = ADDR(i->d); goto *i->xop; }
#define	NXT	{ i++; DISPATCH }
#define	JMP	{ i = i->dst; DISPATCH }
#define	SYNC()	(R.PC = i+1, R.FP = b[Kfp], R.MP = b[Kmp])
#define	FAULT(x)	{ fmsg = (x); goto fault; }
#define	DESTROY(v)	{ void *v_ = (v); if(v_ != H){ Heap *h_ = D2H(v_); if(--h_->ref == 0) freeheap(h_, 0); } }
#define	REF(v)	{ void *v_ = (v); if(v_ != H){ Heap *h_ = D2H(v_); h_->ref++; Setmark(h_); } }
/* a frame's pointers set to H, released; its removal (frames have few pointers) */
#define	INITPTRS(t, v)	{ int k_; for(k_ = 0; k_ < (t)->nptr; k_++) \
			*(void**)((uchar*)(v)+(t)->ptrs[k_]) = H; }
#define	FREEPTRS(t, v)	{ int k_; for(k_ = 0; k_ < (t)->nptr; k_++) \
			DESTROY(*(void**)((uchar*)(v)+(t)->ptrs[k_])); }
#define	POPFRAME(f)	{ if((uchar*)(f) != (uchar*)((Stkseg*)R.EX)->stack) R.SP = (uchar*)(f); \
			else popframe((uchar*)(f)); }
/*
 * is f, the frame a call or spawn takes, not the top of the stack?
 * The verifier proved it a frame this function made (mframe, frame)
 * and has not called, thrown away (a handler's entry) or lost (its
 * word overwritten): so a live frame above the running one, in this
 * prog's stack, whose header the code cannot write.  Whether frames
 * made later lie above it, it cannot know: that is this test.  (Before
 * the verifier, a frame word could hold anything, and f was also
 * tested to lie in the current stack segment, below R.SP and not to be
 * the running frame, before its type was read.)
 */
#define	NOTTOP(f)	((uchar*)(f)+(f)->t->size != R.SP)
/* a double indirect operand: through a proved address (Kind), or a pointer word's block (Kref) */
#define	IND(o, x)	{ uchar *q_ = *(uchar**)(b[(o).reg] + (o).f); \
			if(q_ == H || q_ == nil){ goto nilfault; } x = q_ + (o).off; \
			if((o).k == Kref && D2H(q_)->t != (Type*)(o).imm){ goto cachemiss; } }

enum { Slowpin = 8 };	/* slowtab's index: Inst.slow, with this for Ipinned */

static Type*	mtypes[64];
static void*	slowtab[16];	/* the decoding of double indirect operands, by Inst.slow, +Slowpin if Ipinned */
static void*	pintab[MAXDIS];	/* instructions that keep the block of the address they make (Vchk.pin) */
static void*	unreached[1];	/* where instructions the verifier found nothing reaches go */

/* i's dispatch as xecprep makes it, whether or not its block is compiled */
static void*
xopof(Inst *i)
{
	if(i->flags & Iunreached)
		return unreached[0];
	if(i->slow)
		return slowtab[i->slow | (i->flags & Ipinned ? Slowpin : 0)];
	if(i->flags & Ipinned)
		return pintab[i->op];
	return optab[i->op];
}

/*
 * Ljit's work, out of line so that xec's registers stay the dispatch's
 * (inline, it cost the interpreter 3% more instructions on vmbench's
 * loop, under icount, with no compiler).  i heads a compiled block and
 * ic was counted down for it: run the code (not while the instruction
 * timer or the profiler follows the quantum: they must see each
 * instruction, so i is interpreted), which takes its block's counts
 * itself, from the count as it stood before i's dispatch, and returns
 * the next instruction, not yet counted.  Returns the instruction to
 * dispatch, counted (jitic the counts left, jitxop its dispatch as
 * xecprep makes it, so that a head the code gave back, with too few
 * counts left or a fault to raise, runs interpreted).
 */
static Inst* __attribute__((noinline))
jitrun(Inst *i, int ic, uchar **b)
{
	if(tx.fn != nil || tx.step != nil || xeccomp == nil){
		jitic = ic;
		jitxop = xopof(i);
		return i;
	}
	jitic = ic+1;
	jitfp = b[Kfp];
	i = xeccomp(i, &jitfp, b[Kmp], &jitic);
	b[Kfp] = jitfp;
	jitic--;
	jitxop = xopof(i);
	return i;
}

char	exMiss[] = "type cache miss";	/* not raised: fault retries (vmretry) */

/* the address of operand o of i in the running prog (R synced), or nil through nil */
static uchar*
opaddr(Inst *i, Opnd *o)
{
	uchar *q;

	switch(o->k){
	case Kmp:
		return R.MP+o->off;
	case Kfp:
		return R.FP+o->off;
	case Kabs:
		return (uchar*)o->off;
	}
	q = *(uchar**)((o->reg ? R.FP : R.MP)+o->f);
	if(q == H || q == nil)
		return nil;
	return q+o->off;
}

/* Kref operand o of i: check its block's type, and cache it if it may be */
static int
refcheck(Inst *i, Opnd *o)
{
	uchar *q;
	int r;

	if(o->k != Kref)
		return 1;
	q = *(uchar**)((o->reg ? R.FP : R.MP)+o->f);
	if(q == H || q == nil || D2H(q)->t == (Type*)o->imm)
		return 1;
	r = vmrefok(R.M->m, i, o, q);
	if(r == 1)
		o->imm = (WORD)D2H(q)->t;
	return r != 0;
}

/*
 * instruction R.PC-1 met a type not the one it cached (exMiss): 1 if
 * it may go on, the type cached, and it runs again; 2 if it was done
 * here (a Modlink's data read for uses that the Modlink's module must
 * meet: no type can be cached for that); 0 raises exType
 */
int
vmretry(void)
{
	Inst *i;
	Array *a;
	uchar *s, *d, *q, **slot;

	i = R.PC-1;
	if(i->op == IMOVW && i->s.k == Kref && i->chk != nil && i->chk->kind == Cmodmp && i->chk->need.size > 0){
		if(!refcheck(i, &i->d))
			return 0;
		q = *(uchar**)((i->s.reg ? R.FP : R.MP)+i->s.f);
		if(q == H || q == nil)
			return 1;	/* faults again: nil */
		if(!vmrefok(R.M->m, i, &i->s, q) || (d = opaddr(i, &i->d)) == nil)
			return 0;
		if(i->flags & Ipinned){
			slot = (uchar**)(R.FP+i->chk->pin);
			ADDREF(q);
			destroy(*slot);
			*slot = q;
		}
		*(WORD*)d = *(WORD*)(q+i->s.off);
		return 2;
	}
	if(!refcheck(i, &i->s) || !refcheck(i, &i->d))
		return 0;
	switch(i->op){
	case IINDX: case IINDW: case IINDF: case IINDB: case IINDL:
		s = opaddr(i, &i->s);
		if(s == nil)
			return 1;	/* it faults again, as a nil reference */
		a = *(Array**)s;
		if(a == H)
			return 1;
		if(!ISARRAY(a) || !vmindok(i, a->t))
			return 0;
		i->m.imm = (WORD)D2H(a)->t;	/* the header type of arrays of that element layout */
	}
	return 1;
}

/* may a frame of type ft serve a callee whose frame type is lt (a varargs callee's takes more)? */
static int
framefits(Type *ft, Type *lt)
{
	long o;

	if(ft->size < lt->size)
		return 0;
	for(o = 0; o < lt->size; o += IBY2WD)
		if(vmtptr(ft, o) != vmtptr(lt, o))
			return 0;
	return 1;
}

/*
 * s += b where both are ASCII, s has room and its slot holds the only
 * reference (so no other holder sees it change), s has no C copy
 * (tmp) to drop and neither has been forged: extend s in place, as
 * addstring would, without the call.  0: take addstring's way.
 */
static int
appendc(String *s, String *b)
{
	int n;
	char *p, *q;

	if(s == H || b == H || s->len < 0 || b->len < 0 || D2H(s)->ref != 1 || s->tmp != nil)
		return 0;
	n = b->len;
	if(n > s->max-s->len || D2H(s)->t != &Tstring || D2H(b)->t != &Tstring)
		return 0;
	p = s->Sascii+s->len;
	q = b->Sascii;
	if(n <= 16)
		while(n-- > 0)
			*p++ = *q++;
	else
		memmove(p, q, n);
	s->len += b->len;
	return 1;
}

/* the type of a channel of n-byte values without pointers */
static Type*
msgtype(int n)
{
	Type *t;
	int i;

	for(i = 0; i < nelem(mtypes) && mtypes[i] != nil; i++)
		if(mtypes[i]->size == n)
			return mtypes[i];
	t = newtype(Tkstruct, n, nil, 0);
	if(t == nil)
		error(exNomem);
	if(i < nelem(mtypes))
		mtypes[i] = t;
	return t;
}

static List*
cons(ulong size, List **lp)
{
	Heap *h;
	List *l, *lv;

	if(size < sizeof(WORD))
		size = sizeof(WORD);
	h = halloc(sizeof(Heap)+sizeof(List)-sizeof(WORD)+size, &Tlist);
	l = H2D(List*, h);
	l->t = nil;
	lv = *lp;
	if(lv != H)
		Setmark(D2H(lv));
	l->tail = lv;
	*lp = l;
	return l;
}

/* a module's link by index (o >= 0: import; o < 0: export -o-1) */
static Modl*
modl(Modlink *ml, WORD o, Modl *tmp)
{
	Link *l;

	if(o >= 0){
		if(o >= ml->nlinks)
			return nil;
		return &ml->links[o];
	}
	o = -o-1;
	if(o >= ml->m->nlink)
		return nil;
	l = &ml->m->ext[o];
	tmp->frame = l->frame;
	tmp->link = l;
	tmp->args = l->args;
	if(ml->m->prog == nil)
		tmp->u.runt = l->u.runt;
	else
		tmp->u.pc = l->u.pc;
	return tmp;
}

/* does t belong to m (a frame made by frame/mframe for it)? */
static int
modtype(Module *m, Type *t)
{
	int k;

	for(k = 0; k < m->ntype; k++)
		if(m->type[k] == t)
			return 1;
	for(k = 0; k < m->nlink; k++)
		if(m->ext[k].frame == t)
			return 1;
	return 0;
}

/* start prog q at pc with a copy of the running prog's top frame f */
static void
spawnframe(Prog *q, Frame *f, Inst *pc, Module *m)
{
	REG save;
	uchar *nf;
	Prog *currun0;

	currun0 = curprog;
	save = R;
	R = q->R;
	curprog = q;		/* newframe charges q's stack */
	nf = newframe(f->t, m->maxframe);
	curprog = currun0;
	memmove(nf, f, f->t->size);
	((Frame*)nf)->fp = nil;
	((Frame*)nf)->lr = nil;
	((Frame*)nf)->mr = nil;
	*(void**)(nf+REGRET*IBY2WD) = nil;	/* the spawned function's result goes nowhere */
	R.FP = nf;
	R.PC = pc;
	q->entry = pc;
	q->R = R;
	R = save;
	popframe((uchar*)f);
	addrun(q);
}

static Modlink*
iload(String *path, Import *ldt)
{
	char *n;
	Module *m;
	Modlink *ml;

	n = string2c(path);
	if(strcmp(n, "$self") == 0){
		ml = linkmod(R.M->m, ldt, 0);
		if(ml != nil){
			ml->MP = R.M->MP;
			if(ml->MP != H)
				ADDREF(ml->MP);
		}
	}else{
		m = readmod(n);
		ml = nil;
		if(m != nil)
			ml = linkmod(m, ldt, 1);
	}
	if(ml == nil){
		kerrstr(curprog->errstr, sizeof curprog->errstr);
		return H;
	}
	return ml;
}

static REAL
ipowf(REAL x, WORD n, int *zdiv)
{
	int inv;
	REAL r;

	inv = n < 0;
	if(inv)
		n = -n;
	r = 1;
	for(;;){
		if(n & 1)
			r *= x;
		if((n >>= 1) == 0)
			break;
		x *= x;
	}
	USED(zdiv);
	return inv ? 1/r : r;
}

static LONG
ipowl(LONG x, WORD n, int *zdiv)
{
	int inv;
	LONG r;

	inv = n < 0;
	if(inv)
		n = -n;
	r = 1;
	for(;;){
		if(n & 1)
			r *= x;
		if((n >>= 1) == 0)
			break;
		x *= x;
	}
	if(inv){
		if(r == 0){
			*zdiv = 1;
			return 0;
		}
		return 1/r;
	}
	return r;
}

#define	Stmp(fp)	(*(WORD*)((fp)+NREG*IBY2WD))
#define	Dtmp(fp)	(*(WORD*)((fp)+(NREG+2)*IBY2WD))

static LONG
shiftp(LONG r, WORD p)
{
	if(p >= 0)
		return r << (p & 63);
	return r >> ((-p) & 63);
}

static REAL
roundr(REAL f)
{
	return f < 0 ? f - .5 : f + .5;
}

void
xec(Prog *p)
{
	static void *labels[MAXDIS] = {
#define	X(op, l)	[op] = &&l
		X(INOP, Lnop), X(IALT, Lalt), X(INBALT, Lnbalt), X(IGOTO, Lgoto),
		X(ICALL, Lcall), X(IFRAME, Lframe), X(ISPAWN, Lspawn), X(IRUNT, Lnop),
		X(ILOAD, Lload), X(IMCALL, Lmcall), X(IMSPAWN, Lmspawn), X(IMFRAME, Lmframe),
		X(IRET, Lret), X(IJMP, Ljmp), X(ICASE, Lcase), X(IEXIT, Lexit),
		X(INEW, Lnew), X(INEWA, Lnewa), X(INEWCB, Lnewcb), X(INEWCW, Lnewcw),
		X(INEWCF, Lnewcf), X(INEWCP, Lnewcp), X(INEWCM, Lnewcm), X(INEWCMP, Lnewcmp),
		X(ISEND, Lsend), X(IRECV, Lrecv), X(ICONSB, Lconsb), X(ICONSW, Lconsw),
		X(ICONSP, Lconsp), X(ICONSF, Lconsf), X(ICONSM, Lconsm), X(ICONSMP, Lconsmp),
		X(IHEADB, Lheadb), X(IHEADW, Lheadw), X(IHEADP, Lheadp), X(IHEADF, Lheadf),
		X(IHEADM, Lheadm), X(IHEADMP, Lheadmp), X(ITAIL, Ltail), X(ILEA, Llea),
		X(IINDX, Lindx), X(IMOVP, Lmovp), X(IMOVM, Lmovm), X(IMOVMP, Lmovmp),
		X(IMOVB, Lmovb), X(IMOVW, Lmovw), X(IMOVF, Lmovf), X(ICVTBW, Lcvtbw),
		X(ICVTWB, Lcvtwb), X(ICVTFW, Lcvtfw), X(ICVTWF, Lcvtwf), X(ICVTCA, Lcvtca),
		X(ICVTAC, Lcvtac), X(ICVTWC, Lcvtwc), X(ICVTCW, Lcvtcw), X(ICVTFC, Lcvtfc),
		X(ICVTCF, Lcvtcf), X(IADDB, Laddb), X(IADDW, Laddw), X(IADDF, Laddf),
		X(ISUBB, Lsubb), X(ISUBW, Lsubw), X(ISUBF, Lsubf), X(IMULB, Lmulb),
		X(IMULW, Lmulw), X(IMULF, Lmulf), X(IDIVB, Ldivb), X(IDIVW, Ldivw),
		X(IDIVF, Ldivf), X(IMODW, Lmodw), X(IMODB, Lmodb), X(IANDB, Landb),
		X(IANDW, Landw), X(IORB, Lorb), X(IORW, Lorw), X(IXORB, Lxorb),
		X(IXORW, Lxorw), X(ISHLB, Lshlb), X(ISHLW, Lshlw), X(ISHRB, Lshrb),
		X(ISHRW, Lshrw), X(IINSC, Linsc), X(IINDC, Lindc), X(IADDC, Laddc),
		X(ILENC, Llenc), X(ILENA, Llena), X(ILENL, Llenl), X(IBEQB, Lbeqb),
		X(IBNEB, Lbneb), X(IBLTB, Lbltb), X(IBLEB, Lbleb), X(IBGTB, Lbgtb),
		X(IBGEB, Lbgeb), X(IBEQW, Lbeqw), X(IBNEW, Lbnew), X(IBLTW, Lbltw),
		X(IBLEW, Lblew), X(IBGTW, Lbgtw), X(IBGEW, Lbgew), X(IBEQF, Lbeqf),
		X(IBNEF, Lbnef), X(IBLTF, Lbltf), X(IBLEF, Lblef), X(IBGTF, Lbgtf),
		X(IBGEF, Lbgef), X(IBEQC, Lbeqc), X(IBNEC, Lbnec), X(IBLTC, Lbltc),
		X(IBLEC, Lblec), X(IBGTC, Lbgtc), X(IBGEC, Lbgec), X(ISLICEA, Lslicea),
		X(ISLICELA, Lslicela), X(ISLICEC, Lslicec), X(IINDW, Lindw), X(IINDF, Lindf),
		X(IINDB, Lindb), X(INEGF, Lnegf), X(IMOVL, Lmovl), X(IADDL, Laddl),
		X(ISUBL, Lsubl), X(IDIVL, Ldivl), X(IMODL, Lmodl), X(IMULL, Lmull),
		X(IANDL, Landl), X(IORL, Lorl), X(IXORL, Lxorl), X(ISHLL, Lshll),
		X(ISHRL, Lshrl), X(IBNEL, Lbnel), X(IBLTL, Lbltl), X(IBLEL, Lblel),
		X(IBGTL, Lbgtl), X(IBGEL, Lbgel), X(IBEQL, Lbeql), X(ICVTLF, Lcvtlf),
		X(ICVTFL, Lcvtfl), X(ICVTLW, Lcvtlw), X(ICVTWL, Lcvtwl), X(ICVTLC, Lcvtlc),
		X(ICVTCL, Lcvtcl), X(IHEADL, Lheadl), X(ICONSL, Lconsl), X(INEWCL, Lnewcl),
		X(ICASEC, Lcasec), X(IINDL, Lindl), X(IMOVPC, Lmovpc), X(ITCMP, Ltcmp),
		X(IMNEWZ, Lmnewz), X(ICVTRF, Lcvtrf), X(ICVTFR, Lcvtfr), X(ICVTWS, Lcvtws),
		X(ICVTSW, Lcvtsw), X(ILSRW, Llsrw), X(ILSRL, Llsrl), X(IECLR, Lnop),
		X(INEWZ, Lnew), X(INEWAZ, Lnewa), X(IRAISE, Lraise), X(ICASEL, Lcasel),
		X(IMULX, Lmulx), X(IDIVX, Ldivx), X(ICVTXX, Lcvtxx), X(IMULX0, Lmulx0),
		X(IDIVX0, Ldivx0), X(ICVTXX0, Lcvtxx0), X(IMULX1, Lmulx1), X(IDIVX1, Ldivx1),
		X(ICVTXX1, Lcvtxx1), X(ICVTFX, Lcvtfx), X(ICVTXF, Lcvtxf), X(IEXPW, Lexpw),
		X(IEXPL, Lexpl), X(IEXPF, Lexpf), X(ISELF, Lself),
#undef X
	};
	Inst *i;
	uchar *b[5];
	void *s, *m, *d, *v, *ov;
	int ic, k, zd;
	char *fmsg;
	Type *t;
	Frame *f;
	Modlink *ml;
	Modl *l, ltmp;
	Array *a, *sa;
	List *ls;
	String *str;
	Channel *c;
	Prog *np;
	WORD n, n2, *tab, w, lo;
	LONG lv;
	ulong ix;
	uchar *sp;

	if(p == nil){
		for(k = 0; k < MAXDIS; k++)
			optab[k] = labels[k];
		slowtab[Slows] = &&Linds;
		slowtab[Slowd] = &&Lindd;
		slowtab[Slows|Slowd] = &&Lindsd;
		slowtab[Slowd|Slowm] = &&Linddm;
		slowtab[Slows|Slowd|Slowm] = &&Lindsdm;
		slowtab[Slowpin|Slows] = &&Lpinds;
		slowtab[Slowpin|Slowd] = &&Lpindd;
		slowtab[Slowpin|Slows|Slowd] = &&Lpindsd;
		slowtab[Slowpin|Slowd|Slowm] = &&Lpinddm;
		slowtab[Slowpin|Slows|Slowd|Slowm] = &&Lpindsdm;
		pintab[IINDX] = pintab[IINDW] = pintab[IINDF] = pintab[IINDB] = pintab[IINDL] = &&Lpind;
		pintab[ILEA] = pintab[IMOVW] = &&Lpref;
		unreached[0] = &&Lunreached;
		jitlab[0] = &&Ljit;
		return;
	}
	R = p->R;
	b[Kabs] = 0;
	b[Kind] = 0;
	b[Kref] = 0;
	if(p->kill != nil){
		fmsg = p->kill;
		p->kill = nil;
		if(*fmsg == 0){
			progexit("");
			return;
		}
		/*
		 * raised between instructions, it is looked up as if the one
		 * before R.PC raised it (handler); but at the function's first,
		 * killed before it ran (or as its loop came round), the one
		 * before is another function's: look it up at the first
		 */
		if(R.PC == p->entry)
			R.PC++;
		fault(fmsg);
		if(curprog != p)
			return;
	}
	i = R.PC;
	b[Kmp] = R.MP;
	b[Kfp] = R.FP;
	ic = p->quanta+1;
	/*
	 * a timed quantum counts instructions in tx.ic and keeps ic at 1, so
	 * that every DISPATCH comes through quantum, which times them
	 */
	tx.fn = xectimer;
	tx.step = xecstep;
	tx.s = nil;
	tx.ml = nil;
	tx.ic = 0;
	if(tx.fn != nil || tx.step != nil){
		tx.ic = ic;
		ic = 1;
	}
	DISPATCH

/*
 * an instruction with double indirect operands is dispatched here
 * first (its xop: see xecprep), with its other operands decoded; one
 * that pins its block (Ipinned) goes on through pintab
 */
Linds:	IND(i->s, s); goto *labels[i->op];
Lindd:	IND(i->d, d); goto *labels[i->op];
Lindsd:	IND(i->s, s); IND(i->d, d); goto *labels[i->op];
Linddm:	IND(i->d, d); m = d; goto *labels[i->op];
Lindsdm:	IND(i->s, s); IND(i->d, d); m = d; goto *labels[i->op];
Lpinds:	IND(i->s, s); goto *pintab[i->op];
Lpindd:	IND(i->d, d); goto *pintab[i->op];
Lpindsd:	IND(i->s, s); IND(i->d, d); goto *pintab[i->op];
Lpinddm:	IND(i->d, d); m = d; goto *pintab[i->op];
Lpindsdm:	IND(i->s, s); IND(i->d, d); m = d; goto *pintab[i->op];

/*
 * the address about to be made lies in a block nothing in the frame
 * holds: the frame's hidden word (Vchk.pin) holds it meanwhile
 */
Lpind:	v = P(s); goto pin;
Lpref:	v = (uchar*)s-i->s.off;
pin:
	{
		void **slot_ = (void**)(b[Kfp]+i->chk->pin);
		if(*slot_ != v){	/* in a loop it holds it already */
			REF(v);
			ov = *slot_;
			*slot_ = v;
			DESTROY(ov);
		}
	}
	goto *labels[i->op];

quantum:
	if(tx.fn != nil || tx.step != nil){
		if(--tx.ic > 0){
			if(tx.step != nil)
				tx.step(i);
			if(tx.fn != nil)
				tnext(i);
			ic = 1;
			s = ADDR(i->s);
			m = ADDR(i->m);
			d = ADDR(i->d);
			goto *i->xop;
		}
		if(tx.fn != nil)
			tfile(xecclock());
	}
	R.PC = i;
	R.FP = b[Kfp];
	R.MP = b[Kmp];
	p->R = R;
	return;

blocked:
	if(tx.s != nil)
		tfile(xecclock());
	SYNC();
	p->R = R;
	return;

nilfault:
	fmsg = exNilref;
	goto fault;

/*
 * a type not the one cached: fault() has vmretry check it, and the
 * instruction runs again or raises.  Out of line, as a fault is, the
 * common case keeps its registers: a call here made gcc give the
 * middle operand a stack slot in every instruction.
 */
cachemiss:
	fmsg = exMiss;
	goto fault;
Lunreached:
	fmsg = exOp;
fault:
	SYNC();
	fault(fmsg);
	if(curprog != p)
		return;
	i = R.PC;
	b[Kmp] = R.MP;
	b[Kfp] = R.FP;
	if(tx.fn != nil || tx.step != nil)
		ic = 0;		/* timed: the handler's first instruction goes through quantum */
	ic++;
	DISPATCH

/* i heads a compiled block (comp386.c): see jitrun */
Ljit:
	i = jitrun(i, ic, b);
	ic = jitic;
	if(ic == 0)
		goto quantum;
	s = ADDR(i->s);
	m = ADDR(i->m);
	d = ADDR(i->d);
	goto *jitxop;

Lnop:	NXT
Ljmp:	JMP
Lmovb:	B(d) = B(s); NXT
Lmovw:	W(d) = W(s); NXT
Lmovf:	F(d) = F(s); NXT
Lmovl:	V(d) = V(s); NXT
Lmovm:
	memmove(d, s, W(m));
	NXT
Llea:	W(d) = (WORD)s; NXT
Lcvtbw:	W(d) = B(s); NXT
Lcvtwb:	B(d) = W(s); NXT
Lcvtwf:	F(d) = W(s); NXT
Lcvtfw:	W(d) = roundr(F(s)); NXT
Lcvtwl:	V(d) = W(s); NXT
Lcvtlw:	W(d) = V(s); NXT
Lcvtlf:	F(d) = V(s); NXT
Lcvtfl:	V(d) = roundr(F(s)); NXT
Lcvtrf:	F(d) = SR(s); NXT
Lcvtfr:	SR(d) = F(s); NXT
Lcvtws:	SH(d) = W(s); NXT
Lcvtsw:	W(d) = SH(s); NXT
Lnegf:	F(d) = -F(s); NXT
Laddb:	B(d) = B(m) + B(s); NXT
Laddw:	W(d) = W(m) + W(s); NXT
Laddf:	F(d) = F(m) + F(s); NXT
Laddl:	V(d) = V(m) + V(s); NXT
Lsubb:	B(d) = B(m) - B(s); NXT
Lsubw:	W(d) = W(m) - W(s); NXT
Lsubf:	F(d) = F(m) - F(s); NXT
Lsubl:	V(d) = V(m) - V(s); NXT
Lmulb:	B(d) = B(m) * B(s); NXT
Lmulw:	W(d) = W(m) * W(s); NXT
Lmulf:	F(d) = F(m) * F(s); NXT
Lmull:	V(d) = V(m) * V(s); NXT
Ldivf:	F(d) = F(m) / F(s); NXT
Ldivb:	if(B(s) == 0) FAULT(exZdiv); B(d) = B(m) / B(s); NXT
Lmodb:	if(B(s) == 0) FAULT(exZdiv); B(d) = B(m) % B(s); NXT
Ldivw:
	w = W(s);
	if(w == 0)
		FAULT(exZdiv);
	if(w == -1)
		W(d) = -(UWORD)W(m);
	else
		W(d) = W(m) / w;
	NXT
Lmodw:
	w = W(s);
	if(w == 0)
		FAULT(exZdiv);
	if(w == -1)
		W(d) = 0;
	else
		W(d) = W(m) % w;
	NXT
Ldivl:
	lv = V(s);
	if(lv == 0)
		FAULT(exZdiv);
	if(lv == -1)
		V(d) = -(ULONG)V(m);
	else
		V(d) = V(m) / lv;
	NXT
Lmodl:
	lv = V(s);
	if(lv == 0)
		FAULT(exZdiv);
	if(lv == -1)
		V(d) = 0;
	else
		V(d) = V(m) % lv;
	NXT
Landb:	B(d) = B(m) & B(s); NXT
Landw:	W(d) = W(m) & W(s); NXT
Landl:	V(d) = V(m) & V(s); NXT
Lorb:	B(d) = B(m) | B(s); NXT
Lorw:	W(d) = W(m) | W(s); NXT
Lorl:	V(d) = V(m) | V(s); NXT
Lxorb:	B(d) = B(m) ^ B(s); NXT
Lxorw:	W(d) = W(m) ^ W(s); NXT
Lxorl:	V(d) = V(m) ^ V(s); NXT
Lshlb:	B(d) = (int)B(m) << (W(s) & 31); NXT
Lshlw:	W(d) = (UWORD)W(m) << (W(s) & 31); NXT
Lshll:	V(d) = (ULONG)V(m) << (W(s) & 63); NXT
Lshrb:	B(d) = (int)B(m) >> (W(s) & 31); NXT
Lshrw:	W(d) = W(m) >> (W(s) & 31); NXT
Lshrl:	V(d) = V(m) >> (W(s) & 63); NXT
Llsrw:	W(d) = UW(m) >> (W(s) & 31); NXT
Llsrl:	V(d) = UV(m) >> (W(s) & 63); NXT
Lbeqb:	if(B(s) == B(m)) JMP NXT
Lbneb:	if(B(s) != B(m)) JMP NXT
Lbltb:	if(B(s) < B(m)) JMP NXT
Lbleb:	if(B(s) <= B(m)) JMP NXT
Lbgtb:	if(B(s) > B(m)) JMP NXT
Lbgeb:	if(B(s) >= B(m)) JMP NXT
Lbeqw:	if(W(s) == W(m)) JMP NXT
Lbnew:	if(W(s) != W(m)) JMP NXT
Lbltw:	if(W(s) < W(m)) JMP NXT
Lblew:	if(W(s) <= W(m)) JMP NXT
Lbgtw:	if(W(s) > W(m)) JMP NXT
Lbgew:	if(W(s) >= W(m)) JMP NXT
Lbeqf:	if(F(s) == F(m)) JMP NXT
Lbnef:	if(F(s) != F(m)) JMP NXT
Lbltf:	if(F(s) < F(m)) JMP NXT
Lblef:	if(F(s) <= F(m)) JMP NXT
Lbgtf:	if(F(s) > F(m)) JMP NXT
Lbgef:	if(F(s) >= F(m)) JMP NXT
Lbeql:	if(V(s) == V(m)) JMP NXT
Lbnel:	if(V(s) != V(m)) JMP NXT
Lbltl:	if(V(s) < V(m)) JMP NXT
Lblel:	if(V(s) <= V(m)) JMP NXT
Lbgtl:	if(V(s) > V(m)) JMP NXT
Lbgel:	if(V(s) >= V(m)) JMP NXT
#define	CMPC	if(!ISSTR(S(s)) || !ISSTR(S(m))) FAULT(exType); n = stringcmp(S(s), S(m));
Lbeqc:	CMPC if(n == 0) JMP NXT
Lbnec:	CMPC if(n != 0) JMP NXT
Lbltc:	CMPC if(n < 0) JMP NXT
Lblec:	CMPC if(n <= 0) JMP NXT
Lbgtc:	CMPC if(n > 0) JMP NXT
Lbgec:	CMPC if(n >= 0) JMP NXT

Lmovp:
	v = P(s);
	REF(v);
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT
Lmovmp:
	movptrs(d, s, R.M->type[W(m)]);
	NXT
Lmovpc:
	P(d) = &R.M->prog[W(s)];
	NXT
Ltcmp:
	v = P(s);
	ov = P(d);
	if(v != H && (ov == H || D2H(v)->t != D2H(ov)->t))
		FAULT(exTcheck);
	NXT

/* an array, whose elements are what the uses of the address need (Cind) */
#define	INDCHK	if(a == H) FAULT(exBounds); \
	if(D2H(a)->t != (Type*)i->m.imm) goto cachemiss; \
	ix = W(d); if(ix >= a->len) FAULT(exBounds);
Lindx:
	a = A(s);
	INDCHK
	W(m) = (WORD)(a->data + ix*a->t->size);
	NXT
Lindw:
	a = A(s);
	INDCHK
	W(m) = (WORD)(a->data + ix*sizeof(WORD));
	NXT
Lindf:
Lindl:
	a = A(s);
	INDCHK
	W(m) = (WORD)(a->data + ix*8);
	NXT
Lindb:
	a = A(s);
	INDCHK
	W(m) = (WORD)(a->data + ix);
	NXT
Llena:
	a = A(s);
	if(a != H && !ISARRAY(a))
		FAULT(exType);
	W(d) = a == H ? 0 : a->len;
	NXT
Llenl:
	if(!ISLIST(L(s)))
		FAULT(exType);
	n = 0;
	for(ls = L(s); ls != H; ls = ls->tail)
		n++;
	W(d) = n;
	NXT
Llenc:
	if(!ISSTR(S(s)))
		FAULT(exType);
	W(d) = stringlen(S(s));
	NXT
Lindc:
	str = S(s);
	if(!ISSTR(str))
		FAULT(exType);
	ix = W(m);
	if(str == H || ix >= stringlen(str))
		FAULT(exBounds);
	W(d) = stringrune(str, ix);
	NXT

Lnew:
	SYNC();
	v = H2D(void*, heap(R.M->type[W(s)]));
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT
Lmnewz:
	ml = P(s);
	if(ml == H)
		FAULT(exModule);
	if(D2H(ml)->t != &Tmodlink)
		FAULT(exType);
	n = W(m);
	if(n < 0 || n >= ml->m->ntype)
		FAULT(exType);
	SYNC();
	v = H2D(void*, heap(ml->type[n]));
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT
Lnewa:
	n = W(s);
	if(n < 0)
		FAULT(exNegsize);
	SYNC();
	v = H2D(void*, heaparray(R.M->type[W(m)], n));
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT

Lnewcb:	t = &Tbyte; goto newc;
Lnewcw:	t = &Tword; goto newc;
Lnewcf:	t = &Treal; goto newc;
Lnewcl:	t = &Tlong; goto newc;
Lnewcp:	t = &Tptr; goto newc;
Lnewcm:	SYNC(); t = msgtype(W(s)); goto newc;
Lnewcmp:	t = R.M->type[W(s)]; goto newc;
newc:
	n = 0;
	if(m != d){
		n = W(m);
		if(n < 0)
			FAULT(exNegsize);
	}
	SYNC();
	v = cnewc(t, n);
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT

/* a channel whose element type fits the value's region (Cmsg) */
#define	MSGCHK(p, wr)	if(c == H) FAULT(exNilref); \
	if(D2H(c)->t->kind != Tkchannel) FAULT(exType); \
	if(c->mid != i->chk->cache){ SYNC(); if(!vmmsgok(i, c->mid, p, wr)) FAULT(exType); \
		if(i->chk->place == Pstatic) i->chk->cache = c->mid; }
Lsend:
	c = C(d);
	MSGCHK(s, 0)
	SYNC();
	if(!isend(c, s))
		goto blocked;
	NXT
Lrecv:
	c = C(s);
	MSGCHK(d, 1)
	SYNC();
	if(!irecv(c, d))
		goto blocked;
	NXT
Lalt:
	SYNC();
	if(!xecalt(1, s, d))
		goto blocked;
	NXT
Lnbalt:
	SYNC();
	xecalt(0, s, d);
	NXT

Lconsb:
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(1, d);
	*(BYTE*)ls->data = B(s);
	NXT
Lconsw:
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(IBY2WD, d);
	*(WORD*)ls->data = W(s);
	NXT
Lconsf:
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(IBY2FT, d);
	*(REAL*)ls->data = F(s);
	NXT
Lconsl:
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(IBY2LG, d);
	*(LONG*)ls->data = V(s);
	NXT
Lconsp:
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(IBY2WD, d);
	v = P(s);
	REF(v);
	ls->t = &Tptr;
	*(void**)ls->data = v;
	NXT
Lconsm:
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(W(m), d);
	memmove(ls->data, s, W(m));
	NXT
Lconsmp:
	t = R.M->type[W(m)];
	if(!ISLIST(L(d)))
		FAULT(exType);
	SYNC();
	ls = cons(t->size, d);
	initmem(t, ls->data);
	movptrs(ls->data, s, t);
	ls->t = t;
	NXT
Lheadb:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls))
		FAULT(exType);
	B(d) = *(BYTE*)ls->data;
	NXT
Lheadw:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls))
		FAULT(exType);
	W(d) = *(WORD*)ls->data;
	NXT
Lheadf:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls))
		FAULT(exType);
	F(d) = *(REAL*)ls->data;
	NXT
Lheadl:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls))
		FAULT(exType);
	V(d) = *(LONG*)ls->data;
	NXT
Lheadp:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls) || ls->t == nil || ls->t->size < IBY2WD || !vmtptr(ls->t, 0))
		FAULT(exType);
	v = *(void**)ls->data;
	REF(v);
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT
Lheadm:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls) || W(m) > D2H(ls)->size-sizeof(Heap)-OA(List, data))
		FAULT(exType);
	memmove(d, ls->data, W(m));
	NXT
Lheadmp:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	t = R.M->type[W(m)];
	if(!ISLIST(ls) || ls->t != t && (ls->t == nil || !vmfits(t, ls->t)))
		FAULT(exType);
	movptrs(d, ls->data, t);
	NXT
Ltail:
	ls = L(s);
	if(ls == H)
		FAULT(exNilref);
	if(!ISLIST(ls))
		FAULT(exType);
	v = ls->tail;
	REF(v);
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT

Lslicea:
	n = W(m);
	w = W(s);
	a = A(d);
	if(a == H){
		if(n-w == 0)
			NXT
		FAULT(exNilref);
	}
	if(!ISARRAY(a))
		FAULT(exType);
	if(n-w < 0 || (ulong)w > a->len || (ulong)n > a->len)
		FAULT(exBounds);
	SYNC();
	sa = H2D(Array*, halloc(sizeof(Heap)+sizeof(Array), D2H(a)->t));
	sa->len = n-w;
	sa->t = a->t;
	sa->data = a->data + w*a->t->size;
	if(a->root != H){
		sa->root = a->root;
		D2H(a->root)->ref++;
		Setmark(D2H(a->root));
		A(d) = sa;
		DESTROY(a);
	}else{
		sa->root = a;
		Setmark(D2H(a));
		A(d) = sa;
	}
	NXT
Lslicela:
	sa = A(s);
	w = W(m);
	a = A(d);
	if(sa == H)
		NXT
	if(a == H)
		FAULT(exNilref);
	if(!ISARRAY(a) || !ISARRAY(sa) || sa->t != a->t && !vmsametype(sa->t, a->t))
		FAULT(exType);
	if(w < 0 || (uvlong)w+sa->len > a->len)
		FAULT(exBounds);
	t = a->t;
	if(t->nptr == 0){
		memmove(a->data+w*t->size, sa->data, sa->len*t->size);
		NXT
	}
	for(k = 0; k < sa->len; k++)
		incmem(sa->data+k*t->size, t);
	for(k = 0; k < sa->len; k++)
		freeptrs(a->data+(w+k)*t->size, t);
	memmove(a->data+w*t->size, sa->data, sa->len*t->size);
	NXT

Laddc:
	if(m == d && appendc(S(d), S(s)))
		NXT
	if(!ISSTR(S(m)) || !ISSTR(S(s)))
		FAULT(exType);
	SYNC();
	str = addstring(S(m), S(s), m == d);
	ov = S(d);
	S(d) = str;
	DESTROY(ov);
	NXT
Lslicec:
	if(!ISSTR(S(d)))
		FAULT(exType);
	SYNC();
	str = slicec(S(d), W(s), W(m));
	ov = S(d);
	S(d) = str;
	DESTROY(ov);
	NXT
Linsc:
	if(!ISSTR(S(d)))
		FAULT(exType);
	SYNC();
	insc((String**)d, W(m), W(s));
	NXT
Lcvtca:
	if(!ISSTR(S(s)))
		FAULT(exType);
	SYNC();
	v = cvtca(S(s));
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT
Lcvtac:
	a = A(s);
	if(a != H && (!ISARRAY(a) || a->t->size != 1))
		FAULT(exType);
	SYNC();
	v = cvtac(A(s));
	ov = P(d);
	P(d) = v;
	DESTROY(ov);
	NXT
Lcvtwc:
	SYNC();
	cvtwc(W(s), (String**)d);
	NXT
Lcvtlc:
	SYNC();
	cvtlc(V(s), (String**)d);
	NXT
Lcvtfc:
	SYNC();
	cvtfc(F(s), (String**)d);
	NXT
Lcvtcw:
	if(!ISSTR(S(s)))
		FAULT(exType);
	SYNC();
	W(d) = cvtcw(S(s));
	NXT
Lcvtcl:
	if(!ISSTR(S(s)))
		FAULT(exType);
	SYNC();
	V(d) = cvtcl(S(s));
	NXT
Lcvtcf:
	if(!ISSTR(S(s)))
		FAULT(exType);
	SYNC();
	F(d) = cvtcf(S(s));
	NXT

Lcase:
	w = W(s);
	tab = (WORD*)d;
	n = tab[0];
	tab++;
	lo = tab[n*3];
	while(n > 0){
		n2 = n >> 1;
		if(w < tab[n2*3]){
			n = n2;
			continue;
		}
		if(w >= tab[n2*3+1]){
			tab += n2*3+3;
			n -= n2+1;
			continue;
		}
		lo = tab[n2*3+2];
		break;
	}
	goto casejmp;
Lcasel:
	lv = V(s);
	tab = (WORD*)d;
	n = tab[0];
	tab += 2;
	lo = tab[n*6];
	while(n > 0){
		n2 = n >> 1;
		if(lv < *(LONG*)&tab[n2*6]){
			n = n2;
			continue;
		}
		if(lv >= *(LONG*)&tab[n2*6+2]){
			tab += n2*6+6;
			n -= n2+1;
			continue;
		}
		lo = tab[n2*6+4];
		break;
	}
	goto casejmp;
Lcasec:
	str = S(s);
	if(!ISSTR(str))
		FAULT(exType);
	tab = (WORD*)d;
	n = tab[0];
	tab++;
	lo = tab[n*3];
	for(k = 0; k < n; k++){
		if((String*)tab[k*3+1] == H){
			if(stringcmp(str, (String*)tab[k*3]) == 0){
				lo = tab[k*3+2];
				break;
			}
		}else if(stringcmp(str, (String*)tab[k*3]) >= 0 && stringcmp(str, (String*)tab[k*3+1]) <= 0){
			lo = tab[k*3+2];
			break;
		}
	}
	goto casejmp;
Lgoto:
	tab = (WORD*)d;
	w = W(s);
	if((ulong)w >= i->chk->n)
		FAULT(exBounds);
	lo = tab[w];
casejmp:
	if(lo < 0 || lo >= R.M->m->nprog)
		FAULT(exOp);
	i = R.M->prog + lo;
	DISPATCH

Lframe:
	t = R.M->type[W(s)];
	sp = R.SP;
	if(sp+R.M->m->maxframe > R.TS){
		SYNC();
		sp = newframe(t, R.M->m->maxframe);
	}else{
		R.SP = sp+t->size;
		((Frame*)sp)->t = t;
		((Frame*)sp)->mr = nil;
		INITPTRS(t, sp);
	}
	*(void**)(sp+REGRET*IBY2WD) = nil;	/* no place for a result until the caller gives one */
	P(d) = sp;
	NXT
Lmframe:
	ml = P(s);
	if(ml == H)
		FAULT(exModule);
	if(D2H(ml)->t != &Tmodlink)
		FAULT(exType);
	n = W(m);
	if((ulong)n < ml->nlinks)
		l = &ml->links[n];
	else if((l = modl(ml, n, &ltmp)) == nil)
		FAULT(exInval);
	t = l->frame;
	if(t != (Type*)i->d.imm){	/* d is a frame word: its imm caches the type that passed (H: none yet) */
		if(t == nil || t->size < sizeof(Frame)+IBY2WD)
			FAULT(exOp);	/* a data link (.mp), or a varargs builtin: no frame to make */
		if(!vmframeok(i, t))
			FAULT(exType);
		i->d.imm = (WORD)t;
	}
	sp = R.SP;
	k = ml->m->maxframe;
	if(k < t->size)
		k = t->size;
	if(sp+k > R.TS){
		SYNC();
		sp = newframe(t, k);
	}else{
		R.SP = sp+t->size;
		((Frame*)sp)->t = t;
		((Frame*)sp)->mr = nil;
		INITPTRS(t, sp);
	}
	*(void**)(sp+REGRET*IBY2WD) = nil;
	P(d) = sp;
	NXT
Lcall:
	f = P(s);
	if(NOTTOP(f))
		FAULT(exOp);
	f->lr = i+1;
	f->fp = b[Kfp];
	b[Kfp] = (uchar*)f;
	JMP
Lmcall:
	ml = P(d);
	if(ml == H)
		FAULT(exModule);
	if(D2H(ml)->t != &Tmodlink)
		FAULT(exType);
	n = W(m);
	if((ulong)n < ml->nlinks)
		l = &ml->links[n];
	else if((l = modl(ml, n, &ltmp)) == nil)
		FAULT(exInval);
	f = P(s);
	if(NOTTOP(f))
		FAULT(exOp);
	/*
	 * the frame must be the callee's (a data link has none), and the
	 * place for its result fit what it does there (s is a frame word:
	 * its imm caches the callee whose result fitted a place known when
	 * loaded); a builtin's pointer arguments must be of their kinds
	 */
	if(f->t != l->frame){
		if(l->frame == nil)
			FAULT(exOp);
		if(!framefits(f->t, l->frame))
			FAULT(exType);
	}
	if((Link*)i->s.imm != l->link){
		SYNC();	/* the place may be in a frame: vmplaceok walks them from R.FP */
		if(!vmplaceok(i, l->link->ret, *(uchar**)((uchar*)f+REGRET*IBY2WD)))
			FAULT(exType);
		if(i->chk->place == Pstatic)
			i->s.imm = (WORD)l->link;
	}
	if(l->args != nil && !vmargsok(l->args, (uchar*)f))
		FAULT(exType);
	f->lr = i+1;
	f->fp = b[Kfp];
	f->mr = R.M;
	D2H(ml)->ref++;
	if(ml->prog == nil){
		SYNC();
		R.FP = (uchar*)f;
		R.M = ml;
		p->flags |= Pbuiltin;
		if(tx.fn == nil && tx.step == nil){
			l->u.runt(f);
			tx.fn = nil;
			tx.step = nil;
			tx.s = nil;
		}else
			runt(l->u.runt, f);
		p->flags &= ~Pbuiltin;
		R.M = f->mr;
		R.FP = b[Kfp];
		FREEPTRS(f->t, f);
		POPFRAME(f);
		DESTROY(ml);
		if(p->kill != nil){
			fmsg = p->kill;
			p->kill = nil;
			if(*fmsg == 0){
				SYNC();
				progexit("");
				return;
			}
			goto fault;
		}
		if(tx.s != nil){
			/* the builtin may have let the VM go, and the tables with it */
			tx.s = nil;
			if(R.M->m->itime != nil)
				tx.s = R.M->m->itime + (i - R.M->m->prog);
		}
		tx.ml = nil;
		if(tx.fn != xectimer || tx.step != xecstep){
			/* the builtin switched the instruction timer (bench's bctl) or the profiler (prof's ctl): follow it now */
			if(tx.fn == nil && tx.step == nil){
				tx.ic = ic;
				ic = 1;
			}else if(xectimer == nil && xecstep == nil)
				ic = tx.ic;
			if(tx.fn != nil && tx.fn != xectimer)
				tfile(xecclock());
			tx.fn = xectimer;
			tx.step = xecstep;
		}
		NXT
	}
	R.M = ml;
	b[Kmp] = ml->MP;
	b[Kfp] = (uchar*)f;
	i = l->u.pc;
	DISPATCH
Lret:
	f = (Frame*)b[Kfp];
	if(f->fp == nil){
		SYNC();
		progexit("");
		return;
	}
	i = f->lr;
	b[Kfp] = f->fp;
	FREEPTRS(f->t, f);
	ml = f->mr;
	POPFRAME(f);
	if(ml != nil){
		DESTROY(R.M);
		R.M = ml;
		b[Kmp] = ml->MP;
	}
	DISPATCH
Lexit:
	SYNC();
	progexit("");
	return;
Lspawn:
	f = P(s);
	if(NOTTOP(f) || !modtype(R.M->m, f->t))
		FAULT(exOp);
	SYNC();
	np = newprog(p, R.M);
	spawnframe(np, f, i->dst, R.M->m);
	NXT
Lmspawn:
	ml = P(d);
	if(ml == H)
		FAULT(exModule);
	if(D2H(ml)->t != &Tmodlink)
		FAULT(exType);
	if(ml->m->prog == nil)
		FAULT(exSpawn);
	l = modl(ml, W(m), &ltmp);
	if(l == nil)
		FAULT(exInval);
	f = P(s);
	if(NOTTOP(f) || f->t != l->frame)
		FAULT(exOp);
	SYNC();
	np = newprog(p, ml);
	spawnframe(np, f, l->u.pc, ml->m);
	NXT
Lload:
	if(!ISSTR(S(s)))
		FAULT(exType);
	SYNC();
	ml = iload(S(s), R.M->m->ldt[W(m)]);
	ov = P(d);
	P(d) = ml;
	DESTROY(ov);
	NXT
Lself:
	ml = R.M;
	REF(ml);
	ov = P(d);
	P(d) = ml;
	DESTROY(ov);
	NXT
Lraise:
	v = P(s);
	if(v == H)
		FAULT(exNilref);
	if(D2H(v)->t != &Tstring && exvalname(v) == H)
		FAULT(exType);
	DESTROY(p->exval);
	D2H(v)->ref++;
	p->exval = v;
	if(D2H(v)->t == &Tstring)
		fmsg = string2c(v);
	else
		fmsg = string2c(exvalname(v));
	goto fault;

Lexpw:
	n = W(s);
	w = W(m);
	lo = 1;
	k = n < 0;
	if(k)
		n = -n;
	for(;;){
		if(n & 1)
			lo *= w;
		if((n >>= 1) == 0)
			break;
		w *= w;
	}
	if(k){
		if(lo == 0)
			FAULT(exZdiv);
		lo = 1/lo;
	}
	W(d) = lo;
	NXT
Lexpl:
	zd = 0;
	V(d) = ipowl(V(m), W(s), &zd);
	if(zd)
		FAULT(exZdiv);
	NXT
Lexpf:
	F(d) = ipowf(F(m), W(s), &zd);
	NXT

Lmulx:
	W(d) = shiftp((LONG)W(m)*W(s), Dtmp(b[Kfp]));
	NXT
Ldivx:
	if(W(s) == 0)
		FAULT(exZdiv);
	W(d) = shiftp(W(m), Dtmp(b[Kfp])) / W(s);
	NXT
Lcvtxx:
	W(d) = shiftp(W(s), W(m));
	NXT
Lmulx0:
	if(W(m) == 0 || W(s) == 0){
		W(d) = 0;
		NXT
	}
	if(Stmp(b[Kfp]) == 0)
		FAULT(exZdiv);
	W(d) = shiftp((LONG)W(m)*W(s), Dtmp(b[Kfp])) / Stmp(b[Kfp]);
	NXT
Ldivx0:
	if(W(m) == 0){
		W(d) = 0;
		NXT
	}
	if(W(s) == 0)
		FAULT(exZdiv);
	W(d) = shiftp((LONG)Stmp(b[Kfp])*W(m), Dtmp(b[Kfp])) / W(s);
	NXT
Lcvtxx0:
	if(W(s) == 0){
		W(d) = 0;
		NXT
	}
	if(Stmp(b[Kfp]) == 0)
		FAULT(exZdiv);
	W(d) = shiftp(W(s), W(m)) / Stmp(b[Kfp]);
	NXT
Lmulx1:
	{
		WORD x, y, pp, aa, vv;
		LONG ww, r;

		x = W(m);
		y = W(s);
		pp = Dtmp(b[Kfp]);
		aa = Stmp(b[Kfp]);
		if(x == 0 || y == 0){
			W(d) = 0;
			NXT
		}
		if(aa == 0)
			FAULT(exZdiv);
		vv = 0;
		ww = 0;
		if(pp & 2){
			vv = aa-1;
			if(x >= 0 && y < 0 || x < 0 && y >= 0)
				vv = -vv;
		}
		if(pp & 1)
			if(!(pp & 2) && (x > 0 && y < 0 || x < 0 && y > 0) || (pp & 2) && (x > 0 && y > 0 || x < 0 && y < 0))
				ww = ((LONG)1<<((-(pp>>2))&63)) - 1;
		r = (LONG)x*y + ww;
		r = shiftp(r, pp>>2);
		r += vv;
		W(d) = r / aa;
	}
	NXT
Ldivx1:
	{
		WORD x, y, pp, bb, vv;
		LONG ww, r;

		x = W(m);
		y = W(s);
		pp = Dtmp(b[Kfp]);
		bb = Stmp(b[Kfp]);
		if(x == 0){
			W(d) = 0;
			NXT
		}
		if(y == 0)
			FAULT(exZdiv);
		vv = 0;
		ww = 0;
		if(pp & 2){
			vv = 1;
			if(x >= 0 && y < 0 || x < 0 && y >= 0)
				vv = -vv;
		}
		if((pp & 1) && x <= 0)
			ww = ((LONG)1<<((-(pp>>2))&63)) - 1;
		r = (LONG)bb*x + ww;
		r = shiftp(r, pp>>2);
		W(d) = r / y + vv;
	}
	NXT
Lcvtxx1:
	{
		WORD x, pp, aa, vv;
		LONG ww, r;

		x = W(s);
		pp = W(m);
		aa = Stmp(b[Kfp]);
		if(x == 0){
			W(d) = 0;
			NXT
		}
		if(aa == 0)
			FAULT(exZdiv);
		vv = 0;
		ww = 0;
		if(pp & 2){
			vv = aa-1;
			if(x < 0)
				vv = -vv;
		}
		if(pp & 1)
			if(!(pp & 2) && x < 0 || (pp & 2) && x > 0)
				ww = ((LONG)1<<((-(pp>>2))&63)) - 1;
		r = (LONG)x + ww;
		r = shiftp(r, pp>>2);
		r += vv;
		W(d) = r / aa;
	}
	NXT
Lcvtfx:
	W(d) = roundr(F(s)*F(m));
	NXT
Lcvtxf:
	F(d) = (REAL)W(s)*F(m);
	NXT
}

/* make i's dispatch the compiled code's: i heads a block compiled (xeccomp) */
void
xecmark(Inst *i)
{
	i->xop = jitlab[0];
}

/* fill in the dispatch addresses of a newly loaded module */
void
xecprep(Module *m)
{
	Inst *i;

	for(i = m->prog; i < m->prog+m->nprog; i++){
		if(pintab[i->op] != nil && i->chk != nil && i->chk->pin != 0)
			i->flags |= Ipinned;
		i->xop = xopof(i);
	}
}

/*
 * reals are rounded to double precision, as with Inferno's FPPDBL, so
 * that x87 arithmetic gives the same results as Inferno's; every host
 * thread (kernel process) that runs the VM calls this once
 */
void
vmfpu(void)
{
	ushort cw;

#if defined(__i386__)
	cw = 0x027F;
	__asm__ volatile("fldcw %0" : : "m"(cw));
#else
	USED(cw);
#endif
}

void
xecinit(void)
{
	xec(nil);
	vmfpu();
}
