/*
 * A first compiler from Dis to i386, for emu's -c1: block-level mixed
 * mode.  After a module is verified, runs of instructions it can
 * compile (word moves, arithmetic and shifts, the word branches, jmp)
 * become i386 code in pages that are made executable and not writable
 * once written.  Such a run is cut into blocks at its heads: its first
 * instruction, every branch target and function entry within it, and
 * the instruction after each branch.  A head's Inst.xop is the
 * interpreter's Ljit (xec.c), which calls compenter; everything else
 * stays interpreted, so any module runs whatever it holds.
 *
 * The quantum: the interpreter counts ic down once per instruction,
 * before dispatching it, and stops the quantum where it reaches 0.  A
 * block of n instructions is entered only with more than n left (ic
 * as it stood before the head's dispatch), and then takes all n at
 * once; with fewer, it returns its head to the interpreter, which runs
 * its instructions one by one and stops at exactly the same place.
 * So a compiled loop yields to other progs and to the collector as the
 * interpreter would.  An instruction that would fault (a bound, nil, a
 * type cache miss) is not done by the code: it gives back the counts
 * of the block's instructions not run and returns the instruction to
 * the interpreter, which faults (or retries) as it always does.
 *
 * Registers: esi holds FP, edi MP, ebp the count; eax, ecx, edx, ebx
 * cache frame and module data words within a block.  Every store goes
 * to memory at once (write through), so memory is current at every
 * exit and the collector, the exception handlers and the interpreter
 * never see a stale word; the registers only save loads.  A block
 * starts with none cached.
 *
 * Code memory is the host's (compmem, compexec, compfree: interp.h):
 * written while writable, then made executable and not writable.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

typedef struct Comp Comp;
typedef struct Fix Fix;
typedef struct Cg Cg;
typedef struct Stub Stub;

/* a compiled module: Module.comp */
struct Comp
{
	uchar*	code;		/* mapped read and execute */
	ulong	size;
	int*	entry;		/* per instruction: its block's entry in code, or -1: not a head */
	uchar**	tab;		/* per instruction: its block's entry's address, or nil; ret dispatches by it */
};

/* a jump whose rel32 at at goes to head pc (or past its count check: body) */
struct Fix
{
	int	at;
	int	pc;
	int	body;
};

/* an exit out of line, jumped to by the rel32 at at: give back ic counts, then return pc */
struct Stub
{
	int	at;
	int	pc;
	int	ic;
};

/* retcode divides by sizeof(Inst) as a shift by 4 and a multiply by 1/3 */
typedef char Instsize[sizeof(Inst) == 48 ? 1 : -1];

enum
{
	Rax, Rcx, Rdx, Rbx, Rsp, Rbp, Rsi, Rdi,
	Ncache	= 4,		/* eax ecx edx ebx */
	Hsize	= 12,		/* headcode's bytes */

	/*
	 * instructions a way in from the interpreter must be able to run,
	 * to pay for the way in and out (some 6 indirect jumps, each a
	 * table look-up under qemu-user); blocks that reach fewer are
	 * entered only from other compiled code
	 */
	Worth	= 10,

	/*
	 * a block's most instructions: one is entered only with more
	 * counts left in the quantum, so a long one would never be
	 */
	Maxblock	= 256,

};

/* the state of one module's compilation */
struct Cg
{
	Module*	m;
	uchar*	buf;
	int	n;		/* bytes emitted */
	int	max;
	uchar*	ok;		/* per instruction: compiled */
	uchar*	head;
	int*	entry;
	uchar**	tab;		/* Comp.tab */
	Fix*	fix;		/* jumps to heads */
	int	nfix;
	Stub*	stub;		/* exits out of line */
	int	nstub;
	int	maxstub;
	int	err;		/* out of memory */
	/* the register cache */
	int	ck[Ncache];	/* Kfp, Kmp, or -1: nothing */
	int	coff[Ncache];
	int	cage[Ncache];
	int	cgood[Ncache];	/* caches a word known to be a good address (not nil or H) */
	int	clock;
	int	pin;		/* registers holding the current instruction's Kind addresses */
	/* the block being emitted */
	int	bhead;		/* its head's pc */
	int	bn;		/* its instructions */
	int	bk;		/* the one being emitted: 0 to bn-1 */
	int*	bsize;		/* per head: its block's bytes (gen's first pass) */
	int	pad;		/* keep blocks within pages (see gen) */
};

/*
 * what indcode makes of H, with cmov: the data of an array of no
 * elements whose header's type is hnonet, which is no Type, so that
 * the type cache check fails and the interpreter raises the exception
 */
static WORD	hnonet[5] = { 0, 0, (WORD)hnonet, 0, 0 };	/* a Heap (its t, [2]), then an Array's len */
static WORD*	hnone = &hnonet[4];

static uchar*	enterstub;	/* enter(entry, &fp, mp, &ic): runs code until it returns an Inst* */
static uchar*	leavestub;	/* jumped to with the Inst* in eax */

int	compdebug;

static void
emit1(Cg *c, int b)
{
	if(c->n < c->max)
		c->buf[c->n] = b;
	c->n++;
}

static void
emit4(Cg *c, ulong v)
{
	emit1(c, v);
	emit1(c, v>>8);
	emit1(c, v>>16);
	emit1(c, v>>24);
}

static void
put4(Cg *c, int at, ulong v)
{
	if(at+4 <= c->max){
		c->buf[at] = v;
		c->buf[at+1] = v>>8;
		c->buf[at+2] = v>>16;
		c->buf[at+3] = v>>24;
	}
}

/* is o an immediate (its value in the instruction)?  then *v is it */
static int
isimm(Inst *i, Opnd *o, WORD *v)
{
	WORD a;

	if(o->k != Kabs)
		return 0;
	a = o->off;
	if(a != (WORD)&i->s.imm && a != (WORD)&i->m.imm && a != (WORD)&i->d.imm)
		return 0;
	*v = *(WORD*)a;
	return 1;
}

/*
 * the ModRM byte (and displacement) for reg and memory operand o: Kfp,
 * Kmp, Kabs, or Kind as resolve leaves it (o->reg the register holding
 * the block's address)
 */
static void
modrm(Cg *c, int reg, Opnd *o)
{
	switch(o->k){
	case Kind:
		emit1(c, 0x80|reg<<3|o->reg);
		emit4(c, o->off);
		break;
	case Kfp:
		emit1(c, 0x80|reg<<3|Rsi);
		emit4(c, o->off);
		break;
	case Kmp:
		emit1(c, 0x80|reg<<3|Rdi);
		emit4(c, o->off);
		break;
	default:
		emit1(c, reg<<3|5);
		emit4(c, o->off);
		break;
	}
}

/* op reg, [o] (or [o], reg) */
static void
opmem(Cg *c, int op, int reg, Opnd *o)
{
	emit1(c, op);
	modrm(c, reg, o);
}

/* op dst, src: the r32, r/m32 forms */
static void
oprr(Cg *c, int op, int dst, int src)
{
	emit1(c, op);
	emit1(c, 0xC0|dst<<3|src);
}

/* op r, imm32: 81 /ext */
static void
opimm(Cg *c, int ext, int r, WORD v)
{
	emit1(c, 0x81);
	emit1(c, 0xC0|ext<<3|r);
	emit4(c, v);
}

static void
movri(Cg *c, int r, WORD v)
{
	emit1(c, 0xB8+r);
	emit4(c, v);
}

/* the register caching operand o's word, or -1 */
static int
cached(Cg *c, Opnd *o)
{
	int r;

	if(o->k != Kfp && o->k != Kmp)
		return -1;
	for(r = 0; r < Ncache; r++)
		if(c->ck[r] == o->k && c->coff[r] == o->off){
			c->cage[r] = ++c->clock;
			return r;
		}
	return -1;
}

static void
uncache(Cg *c, int r)
{
	c->ck[r] = -1;
	c->cgood[r] = 0;
}

/*
 * forget every register caching bytes of the word at o, which is
 * about to be written; through a pointer (Kind), every register, since
 * the verifier's proofs do not say where such an address lies
 */
static void
clobber(Cg *c, Opnd *o)
{
	int r;

	for(r = 0; r < Ncache; r++)
		if(o->k == Kind || c->ck[r] == o->k && c->coff[r] > o->off-IBY2WD && c->coff[r] < o->off+IBY2WD)
			uncache(c, r);
}

static void
setcache(Cg *c, int r, Opnd *o)
{
	if(o->k != Kfp && o->k != Kmp){
		uncache(c, r);
		return;
	}
	c->ck[r] = o->k;
	c->coff[r] = o->off;
	c->cage[r] = ++c->clock;
	c->cgood[r] = 0;
}

/* a register not in the mask avoid, free or the least recently used; it caches nothing after */
static int
getreg(Cg *c, int avoid)
{
	int r, best;

	avoid |= c->pin;
	best = -1;
	for(r = 0; r < Ncache; r++){
		if(avoid & 1<<r)
			continue;
		if(c->ck[r] < 0){
			best = r;
			break;
		}
		if(best < 0 || c->cage[r] < c->cage[best])
			best = r;
	}
	if(best < 0){
		/* more than the registers: cannot happen with the instructions compiled */
		c->err = 1;
		return Rax;
	}
	uncache(c, best);
	c->cage[best] = ++c->clock;
	return best;
}

/* a register holding operand o's word (cached, if it is a frame or module data word), not one in avoid */
static int
ldop(Cg *c, Inst *i, Opnd *o, int avoid)
{
	int r;
	WORD v;

	r = cached(c, o);
	if(r >= 0 && !(avoid & 1<<r))
		return r;
	if(r >= 0){
		int q = getreg(c, avoid|1<<r);
		oprr(c, 0x8B, q, r);
		return q;
	}
	r = getreg(c, avoid);
	if(isimm(i, o, &v))
		movri(c, r, v);
	else{
		opmem(c, 0x8B, r, o);
		setcache(c, r, o);
	}
	return r;
}

/* a copy of o's word in a register that may be changed, then stored to d */
static int
loadfor(Cg *c, Inst *i, Opnd *o, Opnd *d, int avoid)
{
	int r, q;

	r = cached(c, o);
	if(r >= 0){
		if(o->k == d->k && o->off == d->off && !(avoid & 1<<r))
			return r;
		q = getreg(c, avoid|1<<r);
		oprr(c, 0x8B, q, r);
		return q;
	}
	r = ldop(c, i, o, avoid);
	uncache(c, r);
	return r;
}

/* r has d's new word: store it, and cache it */
static void
store(Cg *c, int r, Opnd *d)
{
	clobber(c, d);
	opmem(c, 0x89, r, d);
	setcache(c, r, d);
}

/* op r, s: 32-bit arithmetic with s's word (alu: the r, r/m opcode; ext: 81's) */
static void
alusrc(Cg *c, Inst *i, int alu, int ext, int r, Opnd *s)
{
	int q;
	WORD v;

	if(isimm(i, s, &v)){
		if(alu == 0xAF){	/* imul r, r/m, imm32 */
			emit1(c, 0x69);
			emit1(c, 0xC0|r<<3|r);
			emit4(c, v);
		}else
			opimm(c, ext, r, v);
		return;
	}
	q = cached(c, s);
	if(alu == 0xAF)
		emit1(c, 0x0F);
	if(q >= 0)
		oprr(c, alu, r, q);
	else
		opmem(c, alu, r, s);
}

/* a jump (jcc: the second byte of 0F 8x; 0: jmp) whose rel32 goes to head pc, or past its count check (body) */
static void
jfix(Cg *c, int jcc, int pc, int body)
{
	if(jcc){
		emit1(c, 0x0F);
		emit1(c, jcc);
	}else
		emit1(c, 0xE9);
	c->fix = realloc(c->fix, (c->nfix+1)*sizeof(Fix));
	if(c->fix == nil){
		c->nfix = 0;
		c->err = 1;
		return;
	}
	c->fix[c->nfix].at = c->n;
	c->fix[c->nfix].pc = pc;
	c->fix[c->nfix].body = body;
	c->nfix++;
	emit4(c, 0);
}

static void
jhead(Cg *c, int jcc, int pc)
{
	jfix(c, jcc, pc, 0);
}

/* a jump to an exit out of line: give back ic counts, return pc to the interpreter */
static void
jexit(Cg *c, int jcc, int pc, int ic)
{
	Stub *s;

	if(jcc){
		emit1(c, 0x0F);
		emit1(c, jcc);
	}else
		emit1(c, 0xE9);
	if(c->nstub >= c->maxstub){
		c->maxstub = c->maxstub*2+64;
		c->stub = realloc(c->stub, c->maxstub*sizeof(Stub));
		if(c->stub == nil){
			c->maxstub = c->nstub = 0;
			c->err = 1;
			return;
		}
	}
	s = &c->stub[c->nstub++];
	s->at = c->n;
	s->pc = pc;
	s->ic = ic;
	emit4(c, 0);
}

/* leave for the interpreter at pc, which is not compiled */
static void
exitto(Cg *c, int pc)
{
	movri(c, Rax, (WORD)&c->m->prog[pc]);
	emit1(c, 0xE9);
	emit4(c, leavestub - (c->buf+c->n+4));
}

/* the instructions compiled */
/* may o be compiled: a word of frame or module data, an immediate (not as a destination), through a proved address (Kind) */
static int
okopnd(Opnd *o, int dst)
{
	if(o->k == Kfp || o->k == Kmp || o->k == Kind)
		return 1;
	return !dst && o->k == Kabs;
}

/* frame or module data, or an immediate: no double indirection */
static int
okslot(Opnd *o, int dst)
{
	return o->k != Kind && okopnd(o, dst);
}

static int
compilable(Module *m, Inst *i)
{
	WORD v;

	if(i->flags & Iunreached)
		return 0;
	if(i->flags & Ipinned){
		/* the pin is checked inline (pincheck); a double indirection's is the interpreter's */
		if(i->slow || i->chk == nil || i->chk->pin == 0)
			return 0;
		if(i->op == ILEA || i->op == IMOVW)
			return 0;	/* a Kref source (verify.c's leaval), not compiled */
	}
	switch(i->op){
	case INOP:
	case IJMP:
		return 1;
	case IMOVW: case IMOVB: case ICVTBW: case ICVTWB:
		return okopnd(&i->s, 0) && okopnd(&i->d, 1);
	case IADDW: case ISUBW: case IMULW: case IANDW: case IORW: case IXORW:
	case ISHLW: case ISHRW: case ILSRW:
		return okopnd(&i->s, 0) && okopnd(&i->m, 0) && okopnd(&i->d, 1);
	case IBEQW: case IBNEW: case IBLTW: case IBLEW: case IBGTW: case IBGEW:
	case IBEQB: case IBNEB: case IBLTB: case IBLEB: case IBGTB: case IBGEB:
		return okopnd(&i->s, 0) && okopnd(&i->m, 0);
	case IINDW: case IINDB: case IINDX: case IINDF: case IINDL:
		return okslot(&i->s, 0) && okslot(&i->m, 1) && okslot(&i->d, 0);
	case ILENA:
		return okslot(&i->s, 0) && okopnd(&i->d, 1);
	case ILEA:
		return okopnd(&i->s, 0) && okopnd(&i->d, 1);
	case IMOVF: case IMOVL: case ICVTLW:
		/* 8 bytes: an immediate's would run past it, as the interpreter's does */
		return okopnd(&i->s, 0) && i->s.k != Kabs && okopnd(&i->d, 1);
	case ICVTWF: case ICVTWL:
		return okopnd(&i->s, 0) && okopnd(&i->d, 1);
	case IADDF: case ISUBF: case IMULF: case IDIVF:
		return okopnd(&i->s, 0) && i->s.k != Kabs && okopnd(&i->m, 0) && i->m.k != Kabs && okopnd(&i->d, 1);
	case IBEQF: case IBNEF: case IBLTF: case IBLEF: case IBGTF: case IBGEF:
		return okopnd(&i->s, 0) && i->s.k != Kabs && okopnd(&i->m, 0) && i->m.k != Kabs;
	case IFRAME:
		return isimm(i, &i->s, &v) && v >= 0 && v < m->ntype && m->type[v] != nil && okslot(&i->d, 1);
	case ICALL:
		return okslot(&i->s, 0) && i->s.k != Kabs;
	case IRET:
		/* a frame with pointers is the interpreter's to release */
		return m->vfnof != nil && m->vfnof[i-m->prog] >= 0 && m->vfn[m->vfnof[i-m->prog]].frame != nil
			&& m->vfn[m->vfnof[i-m->prog]].frame->nptr == 0;
	case IMOVP:
		/* registers: the pointers, one temporary, one address at most */
		return okopnd(&i->s, 0) && i->s.k != Kabs && okopnd(&i->d, 1) && !(i->s.k == Kind && i->d.k == Kind);
	}
	return 0;
}

static int
isbranch(int op)
{
	return op >= IBEQW && op <= IBGEF || op >= IBEQB && op <= IBGEB;
}

/* a block goes on past a branch (its taken way is a side exit), not past these */
static int
endsblock(Inst *i)
{
	return i->op == IJMP || i->op == ICALL || i->op == IRET;
}

/* the jcc of b op a, for jcc that of a op b */
static int
jccswap(int jcc)
{
	switch(jcc){
	case 0x8C:	return 0x8F;	/* < > */
	case 0x8F:	return 0x8C;
	case 0x8E:	return 0x8D;	/* <= >= */
	case 0x8D:	return 0x8E;
	}
	return jcc;
}

/* the jcc (0F xx) of each word branch, s against m */
static int
jccof(int op)
{
	switch(op){
	case IBEQW:	return 0x84;
	case IBNEW:	return 0x85;
	case IBLTW:	return 0x8C;
	case IBLEW:	return 0x8E;
	case IBGTW:	return 0x8F;
	case IBGEW:	return 0x8D;
	case IBEQB:	return 0x84;
	case IBNEB:	return 0x85;
	case IBLTB:	return 0x8C;
	case IBLEB:	return 0x8E;
	case IBGTB:	return 0x8F;
	case IBGEB:	return 0x8D;
	}
	return 0;
}

/*
 * make Kind operand o usable by modrm: load the word holding the
 * block's address (cached, not in avoid), and leave for the
 * interpreter, with the block's counts not run given back, if it is
 * nil: the interpreter raises it
 */
static void
resolve(Cg *c, Inst *i, Opnd *o, int pc, int k, int avoid)
{
	Opnd w;
	int r;

	memset(&w, 0, sizeof w);
	w.k = o->reg ? Kfp : Kmp;
	w.off = o->f;
	r = ldop(c, i, &w, avoid);
	if(cached(c, &w) != r || !c->cgood[r]){
		/* nil or H: r+1 is 1 or 0; one branch (r is off by one only where it leaves) */
		emit1(c, 0x40+r);		/* inc r */
		emit1(c, 0x83);		/* cmp r, 1 */
		emit1(c, 0xC0|7<<3|r);
		emit1(c, 1);
		jexit(c, 0x86, pc, c->bn-k);	/* jbe */
		emit1(c, 0x48+r);		/* dec r */
	}
	c->pin |= 1<<r;
	o->reg = r;
}

/* movzx r, byte o (its low byte, for an immediate) */
static void
ldbyte(Cg *c, Inst *i, int r, Opnd *o)
{
	WORD v;

	if(isimm(i, o, &v)){
		movri(c, r, v & 0xFF);
		return;
	}
	emit1(c, 0x0F);
	opmem(c, 0xB6, r, o);
}

/* mov byte o, r (r one of eax ecx edx ebx: al cl dl bl) */
static void
stbyte(Cg *c, int r, Opnd *o)
{
	clobber(c, o);
	opmem(c, 0x88, r, o);
}

/* o's second word */
static Opnd
hiword(Opnd *o)
{
	Opnd h;

	h = *o;
	h.off += IBY2WD;
	return h;
}

/* r and q are the two words of d's new 8 bytes: store them (q may be -1: r is stored twice) */
static void
store8(Cg *c, int r, int q, Opnd *d)
{
	Opnd h;

	h = hiword(d);
	clobber(c, d);
	clobber(c, &h);
	opmem(c, 0x89, r, d);
	opmem(c, 0x89, q, &h);
}

/* an x87 instruction with a 64-bit memory operand: op (DD, DC, DB) /ext */
static void
fpmem(Cg *c, int op, int ext, Opnd *o)
{
	opmem(c, op, ext, o);
}

/* d's 8 bytes are about to be written by the x87 */
static void
clobber8(Cg *c, Opnd *d)
{
	Opnd h;

	h = hiword(d);
	clobber(c, d);
	clobber(c, &h);
}

static int	blocklen(Cg*, int);
static void	jpatch(Cg*, int);

/*
 * jump to head t, giving back g counts: its count check made here, on
 * the way (one jump the fewer round a loop); with too few, the
 * interpreter runs t
 */
static void
jbody(Cg *c, int t, int g)
{
	int n;

	n = blocklen(c, t);
	if(n != g)
		opimm(c, 5, Rbp, n-g);	/* sub ebp, n-g */
	else
		oprr(c, 0x85, Rbp, Rbp);	/* test ebp, ebp */
	jfix(c, 0x8F, t, 1);		/* jg t's body */
	opimm(c, 0, Rbp, n);	/* add ebp, n */
	exitto(c, t);
}

/*
 * a branch (jcc) from the instruction being emitted to t, compiled or
 * not, giving back the counts of the block's instructions after it.
 * To compiled code, inline (a jump out of line to a stub would cross
 * pages: see gen).
 */
static void
jto(Cg *c, int jcc, int t)
{
	int g, at;

	g = c->bn - c->bk - 1;
	if(c->ok[t] && jcc == 0)
		jbody(c, t, g);
	else if(c->ok[t] && g == 0)
		jhead(c, jcc, t);
	else if(c->ok[t]){
		emit1(c, 0x70 | (jcc&0xF)^1);	/* the opposite jcc, short, over: */
		emit1(c, 0);
		at = c->n-1;
		jbody(c, t, g);
		jpatch(c, at);
	}else
		jexit(c, jcc, t, g);
}

/*
 * the real branches: as C compares doubles, false for every order
 * with a NaN but !=.  fucomip sets ZF, PF and CF as the unordered
 * result, all three; so a > b is ja, a >= b is jae, and == and !=
 * look at PF too.
 */
static void
fbranch(Cg *c, Inst *i, Opnd *s, Opnd *m)
{
	Opnd *a, *b;
	int t, at;

	t = i->dst - c->m->prog;
	/* st0 a, st1 b: a is the greater one of a true s < m (m), s > m (s) */
	a = s;
	b = m;
	if(i->op == IBLTF || i->op == IBLEF){
		a = m;
		b = s;
	}
	fpmem(c, 0xDD, 0, b);		/* fld b */
	fpmem(c, 0xDD, 0, a);		/* fld a */
	emit1(c, 0xDF);			/* fucomip st, st(1) */
	emit1(c, 0xE9);
	emit1(c, 0xDD);			/* fstp st(0) */
	emit1(c, 0xD8);
	switch(i->op){
	case IBLTF: case IBGTF:
		jto(c, 0x87, t);		/* ja */
		break;
	case IBLEF: case IBGEF:
		jto(c, 0x83, t);		/* jae */
		break;
	case IBEQF:
		emit1(c, 0x7A);			/* jp over */
		at = c->n;
		emit1(c, 0);
		jto(c, 0x84, t);		/* je */
		if(at < c->max)
			c->buf[at] = c->n - (at+1);
		break;
	case IBNEF:
		jto(c, 0x8A, t);		/* jp */
		jto(c, 0x85, t);		/* jne */
		break;
	}
}

/* mov dword disp(r), v */
static void
movmi(Cg *c, int r, WORD disp, WORD v)
{
	emit1(c, 0xC7);
	emit1(c, 0x80|r);
	emit4(c, disp);
	emit4(c, v);
}

/* op r, [a] or op [a], r: a an absolute address */
static void
opabs(Cg *c, int op, int r, void *a)
{
	emit1(c, op);
	emit1(c, r<<3|5);
	emit4(c, (WORD)a);
}

/*
 * frame $t, d: as Lframe, a frame of type t on the stack's top, its
 * pointers H, no result place; where the segment has no room for the
 * module's largest frame, the interpreter (newframe)
 */
static void
framecode(Cg *c, Inst *i, Opnd *d, int pc, int k)
{
	Type *t;
	WORD v;
	int r, q, j;

	if(!isimm(i, &i->s, &v)){	/* compilable saw to it */
		c->err = 1;
		return;
	}
	t = c->m->type[v];
	r = getreg(c, 0);
	c->pin |= 1<<r;
	q = getreg(c, 0);
	opabs(c, 0x8B, r, &R.SP);		/* mov r, R.SP */
	emit1(c, 0x8D);				/* lea q, maxframe(r) */
	emit1(c, 0x80|q<<3|r);
	emit4(c, c->m->maxframe);
	opabs(c, 0x3B, q, &R.TS);		/* cmp q, R.TS */
	jexit(c, 0x87, pc, c->bn-k);		/* ja */
	emit1(c, 0x8D);				/* lea q, size(r) */
	emit1(c, 0x80|q<<3|r);
	emit4(c, t->size);
	opabs(c, 0x89, q, &R.SP);		/* mov R.SP, q */
	movmi(c, r, O(Frame, t), (WORD)t);
	movmi(c, r, O(Frame, mr), 0);
	for(j = 0; j < t->nptr; j++)
		movmi(c, r, t->ptrs[j], (WORD)H);
	movmi(c, r, REGRET*IBY2WD, 0);
	store(c, r, d);
}

/*
 * call s, dst: as Lcall, the frame in s must be the stack's top (else
 * the interpreter faults); FP becomes it, and the code goes on at
 * dst's block (or leaves for the interpreter there)
 */
static void
callcode(Cg *c, Inst *i, Opnd *s, int pc, int k)
{
	int f, t;

	f = ldop(c, i, s, 0);
	c->pin |= 1<<f;
	t = getreg(c, 0);
	emit1(c, 0x8B);				/* mov t, t(f) */
	emit1(c, 0x40|t<<3|f);
	emit1(c, O(Frame, t));
	emit1(c, 0x8B);				/* mov t, size(t) */
	emit1(c, 0x40|t<<3|t);
	emit1(c, O(Type, size));
	oprr(c, 0x03, t, f);			/* add t, f */
	opabs(c, 0x3B, t, &R.SP);		/* cmp t, R.SP */
	jexit(c, 0x85, pc, c->bn-k);
	movmi(c, f, O(Frame, lr), (WORD)(i+1));
	emit1(c, 0x89);				/* mov fp(f), esi */
	emit1(c, 0x80|Rsi<<3|f);
	emit4(c, O(Frame, fp));
	oprr(c, 0x8B, Rsi, f);			/* mov esi, f */
	jto(c, 0, i->dst - c->m->prog);
}

/*
 * ret: as Lret where it is simple: a frame of the type the verifier
 * found for the function, called from this module (mr nil), not the
 * prog's first, not its stack segment's first, and holding no pointer
 * but H (nothing to release); else the interpreter.  The code goes
 * on at the return address's block, found in Comp.tab, or leaves for
 * the interpreter there.
 */
static void
retcode(Cg *c, int pc, int k)
{
	Module *m;
	Type *t;
	int j, at;

	m = c->m;
	t = m->vfn[m->vfnof[pc]].frame;
	emit1(c, 0x83);				/* cmp fp(esi), 0 */
	emit1(c, 0x40|7<<3|Rsi);
	emit1(c, O(Frame, fp));
	emit1(c, 0);
	jexit(c, 0x84, pc, c->bn-k);
	emit1(c, 0x83);				/* cmp mr(esi), 0 */
	emit1(c, 0x40|7<<3|Rsi);
	emit1(c, O(Frame, mr));
	emit1(c, 0);
	jexit(c, 0x85, pc, c->bn-k);
	emit1(c, 0x81);				/* cmp t(esi), t */
	emit1(c, 0x40|7<<3|Rsi);
	emit1(c, O(Frame, t));
	emit4(c, (WORD)t);
	jexit(c, 0x85, pc, c->bn-k);
	opabs(c, 0x8B, Rax, &R.EX);		/* mov eax, R.EX */
	opimm(c, 0, Rax, O(Stkseg, stack));	/* add eax, stack */
	oprr(c, 0x3B, Rax, Rsi);		/* cmp eax, esi */
	jexit(c, 0x84, pc, c->bn-k);
	for(j = 0; j < t->nptr; j++){
		emit1(c, 0x83);			/* cmp ptr(esi), H */
		emit1(c, 0x80|7<<3|Rsi);
		emit4(c, t->ptrs[j]);
		emit1(c, 0xFF);
		jexit(c, 0x85, pc, c->bn-k);
	}
	opabs(c, 0x89, Rsi, &R.SP);		/* mov R.SP, esi */
	emit1(c, 0x8B);				/* mov edx, lr(esi) */
	emit1(c, 0x40|Rdx<<3|Rsi);
	emit1(c, O(Frame, lr));
	emit1(c, 0x8B);				/* mov esi, fp(esi) */
	emit1(c, 0x40|Rsi<<3|Rsi);
	emit1(c, O(Frame, fp));
	oprr(c, 0x8B, Rax, Rdx);		/* mov eax, edx */
	opimm(c, 5, Rax, (WORD)m->prog);	/* sub eax, prog */
	emit1(c, 0xC1);				/* shr eax, 4 */
	emit1(c, 0xC0|5<<3|Rax);
	emit1(c, 4);
	emit1(c, 0x69);				/* imul eax, eax, 1/3 mod 2^32: the index (sizeof(Inst) is 48: Instsize) */
	emit1(c, 0xC0|Rax<<3|Rax);
	emit4(c, 0xAAAAAAAB);
	opimm(c, 7, Rax, m->nprog);		/* cmp eax, nprog */
	emit1(c, 0x73);				/* jae out */
	at = c->n;
	emit1(c, 0);
	emit1(c, 0x8B);				/* mov ecx, tab(eax*4) */
	emit1(c, Rcx<<3|4);
	emit1(c, 2<<6|Rax<<3|5);
	emit4(c, (WORD)c->tab);
	oprr(c, 0x85, Rcx, Rcx);		/* test ecx, ecx */
	emit1(c, 0x74);				/* jz out */
	emit1(c, 2);
	emit1(c, 0xFF);				/* jmp ecx */
	emit1(c, 0xE1);
	if(at < c->max)
		c->buf[at] = c->n - (at+1);
	oprr(c, 0x8B, Rax, Rdx);		/* out: mov eax, edx */
	emit1(c, 0xE9);				/* jmp leave */
	emit4(c, leavestub - (c->buf+c->n+4));
	for(j = 0; j < Ncache; j++)
		uncache(c, j);
}

/* je over what follows: its rel8's place, for jpatch */
static int
jeshort(Cg *c)
{
	emit1(c, 0x74);
	emit1(c, 0);
	return c->n-1;
}

static void
jpatch(Cg *c, int at)
{
	if(at < c->max)
		c->buf[at] = c->n - (at+1);
}

/* op dword disp8(r) (FF /ext: 0 inc, 1 dec) */
static void
incdec(Cg *c, int ext, int r, int disp)
{
	emit1(c, 0xFF);
	emit1(c, 0x40|ext<<3|r);
	emit1(c, disp & 0xFF);
}

/*
 * movp s, d: the interpreter's reference counting (REF, DESTROY)
 * without its calls.  Where a call would be made (the new value's
 * block not of the mutator's color, to be grayed; the old value's
 * count going to 0, to be freed) nothing is done here: the
 * instruction is left to the interpreter, before any change.
 */
static void
movpcode(Cg *c, Inst *i, Opnd *s, Opnd *d, int pc, int k)
{
	int v, ov, t, at;

	v = getreg(c, 0);
	opmem(c, 0x8B, v, s);		/* uncached: s's register may be d's */
	c->pin |= 1<<v;
	ov = getreg(c, 0);
	opmem(c, 0x8B, ov, d);
	c->pin |= 1<<ov;
	t = getreg(c, 0);
	emit1(c, 0x83);		/* cmp v, -1: H */
	emit1(c, 0xC0|7<<3|v);
	emit1(c, 0xFF);
	at = jeshort(c);
	emit1(c, 0x8B);		/* mov t, mutator */
	emit1(c, t<<3|5);
	emit4(c, (WORD)&mutator);
	emit1(c, 0x39);		/* cmp color(v), t */
	emit1(c, 0x40|t<<3|v);
	emit1(c, (-sizeof(Heap)+O(Heap, color)) & 0xFF);
	jexit(c, 0x85, pc, c->bn-k);
	jpatch(c, at);
	emit1(c, 0x83);		/* cmp ov, -1 */
	emit1(c, 0xC0|7<<3|ov);
	emit1(c, 0xFF);
	at = jeshort(c);
	emit1(c, 0x83);		/* cmp ref(ov), 1 */
	emit1(c, 0x40|7<<3|ov);
	emit1(c, (-sizeof(Heap)+O(Heap, ref)) & 0xFF);
	emit1(c, 1);
	jexit(c, 0x86, pc, c->bn-k);	/* jbe: it would be freed */
	jpatch(c, at);
	/* no exit from here on */
	emit1(c, 0x83);		/* cmp v, -1 */
	emit1(c, 0xC0|7<<3|v);
	emit1(c, 0xFF);
	at = jeshort(c);
	incdec(c, 0, v, -sizeof(Heap)+O(Heap, ref));
	jpatch(c, at);
	clobber(c, d);
	opmem(c, 0x89, v, d);
	emit1(c, 0x83);		/* cmp ov, -1 */
	emit1(c, 0xC0|7<<3|ov);
	emit1(c, 0xFF);
	at = jeshort(c);
	incdec(c, 1, ov, -sizeof(Heap)+O(Heap, ref));
	jpatch(c, at);
	setcache(c, v, d);
}

/*
 * lena s, d: d = the length of array s, 0 if nil; an exception
 * (exType) if s is not an array, left to the interpreter
 */
static void
lencode(Cg *c, Inst *i, Opnd *s, Opnd *d, int pc, int k)
{
	int a, t, at;

	a = ldop(c, i, s, 0);
	c->pin |= 1<<a;
	t = getreg(c, 0);
	oprr(c, 0x33, t, t);	/* xor t, t */
	emit1(c, 0x83);		/* cmp a, -1: H */
	emit1(c, 0xC0|7<<3|a);
	emit1(c, 0xFF);
	at = jeshort(c);	/* je done */
	emit1(c, 0x8B);		/* mov t, -8(a): D2H(a)->t */
	emit1(c, 0x40|t<<3|a);
	emit1(c, -8 & 0xFF);
	emit1(c, 0x83);		/* cmp kind(t), Tkarray */
	emit1(c, 0x40|7<<3|t);
	emit1(c, O(Type, kind));
	emit1(c, Tkarray);
	jexit(c, 0x85, pc, c->bn-k);
	emit1(c, 0x8B);		/* mov t, 0(a): a->len */
	emit1(c, t<<3|a);
	jpatch(c, at);
	store(c, t, d);
}

/*
 * i pins the block at register r (Ipinned; xec.c's Lpind): if the
 * frame's hidden word holds it already, as it does in a loop after the
 * first time, nothing is to be done; else leave for the interpreter at
 * i, which pins it (references counted) and runs i
 */
static void
pincheck(Cg *c, Inst *i, int r, int pc, int k)
{
	Opnd w;

	if((i->flags & Ipinned) == 0)
		return;
	memset(&w, 0, sizeof w);
	w.k = Kfp;
	w.off = i->chk->pin;
	opmem(c, 0x3B, r, &w);		/* cmp r, pin(fp) */
	jexit(c, 0x85, pc, c->bn-k);
}

/*
 * ind[wbxfl] s, m, d: m = the address of element d of array s.  What
 * the interpreter checks (INDCHK): s not nil, its header type the one
 * the instruction cached (i->m.imm, which vmretry may change: read
 * when run), d within bounds; any failing leaves for the interpreter
 * at this instruction, which raises it or retries.
 */
static void
indcode(Cg *c, Inst *i, Opnd *s, Opnd *m, Opnd *d, int pc, int k)
{
	int a, t, x, scale;

	a = ldop(c, i, s, 0);
	c->pin |= 1<<a;
	emit1(c, 0x83);		/* cmp a, -1: H */
	emit1(c, 0xC0|7<<3|a);
	emit1(c, 0xFF);
	/* no branch: H becomes an array whose type no instruction caches (above) */
	emit1(c, 0x0F);		/* cmove a, hnone */
	emit1(c, 0x44);
	emit1(c, a<<3|5);
	emit4(c, (WORD)&hnone);
	pincheck(c, i, a, pc, k);
	t = getreg(c, 0);
	c->pin |= 1<<t;
	emit1(c, 0x8B);		/* mov t, -8(a): D2H(a)->t */
	emit1(c, 0x40|t<<3|a);
	emit1(c, -8 & 0xFF);
	emit1(c, 0x3B);		/* cmp t, i->m.imm */
	emit1(c, t<<3|5);
	emit4(c, (WORD)&i->m.imm);
	jexit(c, 0x85, pc, c->bn-k);
	x = ldop(c, i, d, 0);
	c->pin |= 1<<x;
	emit1(c, 0x3B);		/* cmp x, 0(a): a->len */
	emit1(c, x<<3|a);
	jexit(c, 0x83, pc, c->bn-k);	/* jae: unsigned, as the interpreter's ix */
	switch(i->op){
	case IINDX:
		emit1(c, 0x8B);		/* mov t, 4(a): a->t */
		emit1(c, 0x40|t<<3|a);
		emit1(c, O(Array, t));
		emit1(c, 0x8B);		/* mov t, size(t) */
		emit1(c, 0x40|t<<3|t);
		emit1(c, O(Type, size));
		emit1(c, 0x0F);		/* imul t, x */
		oprr(c, 0xAF, t, x);
		emit1(c, 0x03);		/* add t, data(a) */
		emit1(c, 0x40|t<<3|a);
		emit1(c, O(Array, data));
		break;
	default:
		scale = i->op == IINDW ? 2 : i->op == IINDB ? 0 : 3;
		emit1(c, 0x8B);		/* mov t, data(a) */
		emit1(c, 0x40|t<<3|a);
		emit1(c, O(Array, data));
		emit1(c, 0x8D);		/* lea t, (t)(x*scale) */
		emit1(c, t<<3|4);
		emit1(c, scale<<6|x<<3|t);
		break;
	}
	uncache(c, t);
	store(c, t, m);
	c->cgood[t] = c->ck[t] >= 0;	/* an element's address: resolve need not check it */
}

/*
 * emit instruction pc, the k'th of its block.  Its operands are
 * copied, so that resolve may note where a Kind operand's block is.
 */
static void
inst(Cg *c, int pc, int k)
{
	Inst *i;
	Opnd os, om, od, *s, *m, *d;
	int r, q, alu, ext, t, avoid;
	WORD v;

	i = &c->m->prog[pc];
	c->bk = k;
	os = i->s;
	om = i->m;
	od = i->d;
	s = &os;
	m = &om;
	d = &od;
	c->pin = 0;
	avoid = 0;
	if(i->op == ISHLW || i->op == ISHRW || i->op == ILSRW)
		avoid = 1<<Rcx;
	if(s->k == Kind)
		resolve(c, i, s, pc, k, avoid);
	if(d->k == Kind && !isbranch(i->op))
		resolve(c, i, d, pc, k, avoid);
	if(i->slow & Slowm)
		om = od;
	else if(m->k == Kind)
		resolve(c, i, m, pc, k, avoid);
	alu = ext = 0;
	switch(i->op){
	case INOP:
		break;
	case IMOVW:
		if(isimm(i, s, &v)){
			clobber(c, d);
			emit1(c, 0xC7);
			modrm(c, 0, d);
			emit4(c, v);
			break;
		}
		r = ldop(c, i, s, 0);
		clobber(c, d);
		opmem(c, 0x89, r, d);
		if(cached(c, s) != r)
			setcache(c, r, d);
		break;
	case IMOVB:
		if(isimm(i, s, &v)){
			clobber(c, d);
			emit1(c, 0xC6);
			modrm(c, 0, d);
			emit1(c, v);
			break;
		}
		r = getreg(c, 0);
		ldbyte(c, i, r, s);
		stbyte(c, r, d);
		break;
	case ICVTBW:
		r = getreg(c, 0);
		ldbyte(c, i, r, s);
		store(c, r, d);
		break;
	case ICVTWB:
		r = ldop(c, i, s, 0);
		stbyte(c, r, d);
		break;
	case IINDW: case IINDB: case IINDX: case IINDF: case IINDL:
		indcode(c, i, s, m, d, pc, k);
		break;
	case ILENA:
		lencode(c, i, s, d, pc, k);
		break;
	case IMOVP:
		movpcode(c, i, s, d, pc, k);
		break;
	case IFRAME:
		framecode(c, i, d, pc, k);
		break;
	case ICALL:
		callcode(c, i, s, pc, k);
		break;
	case IRET:
		retcode(c, pc, k);
		break;
	case IMOVF: case IMOVL:
		/* as words, so that every bit pattern moves as it is */
		r = getreg(c, 0);
		c->pin |= 1<<r;
		q = getreg(c, 0);
		opmem(c, 0x8B, r, s);
		{
			Opnd h = hiword(s);
			opmem(c, 0x8B, q, &h);
		}
		store8(c, r, q, d);
		break;
	case ICVTLW:
		r = getreg(c, 0);
		opmem(c, 0x8B, r, s);
		store(c, r, d);
		break;
	case ICVTWL:
		r = ldop(c, i, s, 0);
		c->pin |= 1<<r;
		q = getreg(c, 0);
		oprr(c, 0x8B, q, r);
		emit1(c, 0xC1);		/* sar q, 31 */
		emit1(c, 0xC0|7<<3|q);
		emit1(c, 31);
		store8(c, r, q, d);
		break;
	case ICVTWF:
		fpmem(c, 0xDB, 0, s);		/* fild s (an immediate in the instruction, as the interpreter reads it) */
		clobber8(c, d);
		fpmem(c, 0xDD, 3, d);		/* fstp d */
		break;
	case IADDF:	ext = 0; goto freal;
	case ISUBF:	ext = 4; goto freal;
	case IMULF:	ext = 1; goto freal;
	case IDIVF:	ext = 6; goto freal;
	freal:
		fpmem(c, 0xDD, 0, m);		/* fld m */
		fpmem(c, 0xDC, ext, s);		/* fop s */
		clobber8(c, d);
		fpmem(c, 0xDD, 3, d);		/* fstp d */
		break;
	case IBEQF: case IBNEF: case IBLTF: case IBLEF: case IBGTF: case IBGEF:
		fbranch(c, i, s, m);
		break;
	case ILEA:
		r = getreg(c, 0);
		if(s->k == Kabs)
			movri(c, r, s->off);
		else
			opmem(c, 0x8D, r, s);	/* lea r, s */
		store(c, r, d);
		c->cgood[r] = c->ck[r] >= 0;
		break;
	case IADDW:	alu = 0x03; ext = 0; goto arith;
	case ISUBW:	alu = 0x2B; ext = 5; goto arith;
	case IANDW:	alu = 0x23; ext = 4; goto arith;
	case IORW:	alu = 0x0B; ext = 1; goto arith;
	case IXORW:	alu = 0x33; ext = 6; goto arith;
	case IMULW:	alu = 0xAF; goto arith;
	arith:
		q = cached(c, s);
		r = loadfor(c, i, m, d, q >= 0 ? 1<<q : 0);
		alusrc(c, i, alu, ext, r, s);
		store(c, r, d);
		break;
	case ISHLW:	ext = 4; goto shift;
	case ISHRW:	ext = 7; goto shift;
	case ILSRW:	ext = 5; goto shift;
	shift:
		if(isimm(i, s, &v)){
			r = loadfor(c, i, m, d, 0);
			emit1(c, 0xC1);
			emit1(c, 0xC0|ext<<3|r);
			emit1(c, v & 31);
		}else{
			r = loadfor(c, i, m, d, 1<<Rcx);
			q = cached(c, s);
			if(q != Rcx){
				uncache(c, Rcx);
				if(q >= 0)
					oprr(c, 0x8B, Rcx, q);
				else{
					opmem(c, 0x8B, Rcx, s);
					setcache(c, Rcx, s);
				}
			}
			emit1(c, 0xD3);
			emit1(c, 0xC0|ext<<3|r);
		}
		store(c, r, d);
		break;
	case IBEQW: case IBNEW: case IBLTW: case IBLEW: case IBGTW: case IBGEW:
		if(isimm(i, s, &v) && !isimm(i, m, &v)){
			/* s op m as m op' s: m stays cached for what follows */
			r = ldop(c, i, m, 0);
			opimm(c, 7, r, v);	/* cmp r, s */
			jto(c, jccswap(jccof(i->op)), i->dst - c->m->prog);
			break;
		}
		r = ldop(c, i, s, 0);
		alusrc(c, i, 0x3B, 7, r, m);
		goto branch;
	case IBEQB: case IBNEB: case IBLTB: case IBLEB: case IBGTB: case IBGEB:
		r = getreg(c, 0);
		c->pin |= 1<<r;
		ldbyte(c, i, r, s);
		q = getreg(c, 0);
		ldbyte(c, i, q, m);
		oprr(c, 0x3B, r, q);	/* cmp r, q: bytes are unsigned, both in 0..255 */
	branch:
		jto(c, jccof(i->op), i->dst - c->m->prog);
		break;
	case IJMP:
		t = i->dst - c->m->prog;
		if(c->ok[t])
			jbody(c, t, 0);
		else
			exitto(c, t);
		break;
	}
}

/* a head: enter only with more than n counts left, and take them */
static void
headcode(Cg *c, int pc, int n)
{
	int r;

	c->entry[pc] = c->n;
	for(r = 0; r < Ncache; r++)
		uncache(c, r);
	opimm(c, 5, Rbp, n);		/* sub ebp, n */
	jexit(c, 0x8E, pc, n);		/* jle: too few; the interpreter runs it */
	if(c->n - c->entry[pc] != Hsize)
		c->err = 1;
}

/* the instructions in the block at head pc */
static int
blocklen(Cg *c, int pc)
{
	int n;

	for(n = 1; ; n++){
		if(endsblock(&c->m->prog[pc+n-1]))
			return n;
		if(pc+n >= c->m->nprog || !c->ok[pc+n] || c->head[pc+n])
			return n;
	}
}

/*
 * how many instructions the code may run from pc on before it leaves
 * for the interpreter: at most Worth, and Worth if it may come back to
 * one it ran (a loop), following jumps, calls and both ways of each
 * branch (seen[pc] == id: on a way from this head already)
 */
static int
reach(Cg *c, int pc, int n, int *seen, int id)
{
	Inst *i;
	int a, b, bycall;

	bycall = 0;
	while(n < Worth){
		if(pc < 0 || pc >= c->m->nprog || !c->ok[pc])
			return n;
		if(seen[pc] == id)
			return bycall ? n : Worth;	/* a recursive call is no loop of compiled code */
		seen[pc] = id;
		n++;
		i = &c->m->prog[pc];
		bycall = i->op == ICALL;
		if(i->op == IJMP || i->op == ICALL){
			pc = i->dst - c->m->prog;
			continue;
		}
		if(i->op == IRET)
			return n+2;	/* to the caller's code, likely compiled too */
		if(isbranch(i->op)){
			a = reach(c, i->dst - c->m->prog, n, seen, id);
			b = reach(c, pc+1, n, seen, id);
			return a > b ? a : b;
		}
		pc++;
	}
	return n;
}

/* find what to compile and where blocks start */
static int
plan(Cg *c)
{
	Module *m;
	Inst *i;
	int pc, k, nok, t;

	m = c->m;
	nok = 0;
	for(pc = 0; pc < m->nprog; pc++){
		c->ok[pc] = compilable(m, &m->prog[pc]);
		nok += c->ok[pc];
	}
	for(pc = 0; pc < m->nprog; pc++){
		if(!c->ok[pc])
			continue;
		if(pc == 0 || !c->ok[pc-1] || endsblock(&m->prog[pc-1]))
			c->head[pc] = 1;
		i = &m->prog[pc];
		if(vmisbranch(i->op) && i->op != ISPAWN){
			t = i->dst - m->prog;
			if(c->ok[t])
				c->head[t] = 1;
		}
	}
	for(pc = 0; pc < m->nprog; pc++){
		i = &m->prog[pc];
		if(vmisbranch(i->op) && !c->ok[pc]){
			t = i->dst - m->prog;
			if(c->ok[t])
				c->head[t] = 1;
		}
	}
	for(k = 0; k < m->nvfn; k++){
		t = m->vfn[k].entry;
		if(t >= 0 && t < m->nprog && c->ok[t])
			c->head[t] = 1;
	}
	k = 0;
	for(pc = 0; pc < m->nprog; pc++){
		if(c->head[pc] || !c->ok[pc])
			k = 0;
		else if(++k >= Maxblock){
			c->head[pc] = 1;
			k = 0;
		}
	}
	return nok;
}

/*
 * make the code into buf, max bytes (none: count them, in c->n); 0 if
 * the module is one it cannot compile.
 *
 * With c->pad, no block that fits in a page crosses into the next one
 * (buf starts a page): gen's first pass without it notes their sizes.
 * QEMU (qemu-user, and the kernel under TCG) chains its translations
 * of straight-line code directly only within a guest page; a loop
 * whose jump back crosses one pays a hash look-up at each turn, which
 * doubled the time of sieve's initialising loop (vmbench).
 */
static int
gen(Cg *c, uchar *buf, int max)
{
	Module *m;
	int pc, k, n, t, last, head;
	Stub *s;

	m = c->m;
	c->buf = buf;
	c->max = max;
	c->n = 0;
	c->nfix = 0;
	c->nstub = 0;
	n = 0;
	k = 0;
	head = -1;
	for(pc = 0; pc < m->nprog; pc++){
		if(!c->ok[pc])
			continue;
		if(c->head[pc]){
			if(!c->pad && head >= 0)
				c->bsize[head] = c->n - c->entry[head];
			head = pc;
			if(c->pad && c->bsize[pc] <= 4096 && (c->n & 4095) + c->bsize[pc] > 4096){
				/* the code before may run on into it: jmp over the padding */
				t = (c->n+5+4095) & ~4095;
				emit1(c, 0xE9);
				emit4(c, t - (c->n+4));
				while(c->n < t)
					emit1(c, 0xCC);	/* int3 */
			}
			n = blocklen(c, pc);
			headcode(c, pc, n);
			c->bhead = pc;
			c->bn = n;
			k = 0;
		}
		inst(c, pc, k++);
		last = pc+1 >= m->nprog || !c->ok[pc+1];
		if(last && m->prog[pc].op != IJMP && m->prog[pc].op != ICALL && m->prog[pc].op != IRET){
			if(pc+1 >= m->nprog)
				return 0;	/* the verifier lets no code fall off the end */
			exitto(c, pc+1);
		}
	}
	if(!c->pad && head >= 0)
		c->bsize[head] = c->n - c->entry[head];
	for(s = c->stub; s < c->stub+c->nstub; s++){
		put4(c, s->at, c->n - (s->at+4));
		if(s->ic)
			opimm(c, 0, Rbp, s->ic);	/* add ebp, ic */
		exitto(c, s->pc);
	}
	for(k = 0; k < c->nfix; k++)
		put4(c, c->fix[k].at, c->entry[c->fix[k].pc] + (c->fix[k].body ? Hsize : 0) - (c->fix[k].at+4));
	return !c->err;
}

/* does the processor have cmov (cpuid 1, edx bit 15)? */
static int
hascmov(void)
{
	ulong a, b, c, d;

	__asm__ volatile("pushl %%ebx; cpuid; movl %%ebx, %1; popl %%ebx" : "=a"(a), "=r"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
	USED(b);
	return (d >> 15) & 1;
}

/* the stubs between C and compiled code, once */
static int
mkstubs(void)
{
	static uchar code[] = {
		/* enter(entry, fpp, mp, icp) */
		0x55, 0x53, 0x56, 0x57,		/* push ebp, ebx, esi, edi */
		0x8B, 0x44, 0x24, 0x14,		/* mov eax, 20(esp): entry */
		0x8B, 0x74, 0x24, 0x18,		/* mov esi, 24(esp): fpp */
		0x8B, 0x36,			/* mov esi, (esi) */
		0x8B, 0x7C, 0x24, 0x1C,		/* mov edi, 28(esp): mp */
		0x8B, 0x4C, 0x24, 0x20,		/* mov ecx, 32(esp): icp */
		0x8B, 0x29,			/* mov ebp, (ecx) */
		0xFF, 0xE0,			/* jmp eax */
		/* leave: eax the Inst* */
		0x8B, 0x4C, 0x24, 0x20,		/* mov ecx, 32(esp) */
		0x89, 0x29,			/* mov (ecx), ebp */
		0x8B, 0x4C, 0x24, 0x18,		/* mov ecx, 24(esp) */
		0x89, 0x31,			/* mov (ecx), esi */
		0x5F, 0x5E, 0x5B, 0x5D,		/* pop edi, esi, ebx, ebp */
		0xC3,				/* ret */
	};
	uchar *p;

	if(enterstub != nil)
		return 1;
	if(!hascmov())
		return 0;	/* cmov and fucomip: a Pentium Pro's (QEMU's qemu32 has them) */
	p = compmem(sizeof code);
	if(p == nil)
		return 0;
	memmove(p, code, sizeof code);
	if(!compexec(p, sizeof code)){
		compfree(p, sizeof code);
		return 0;
	}
	enterstub = p;
	leavestub = p+26;
	return 1;
}

static void
cgfree(Cg *c)
{
	free(c->ok);
	free(c->head);
	free(c->fix);
	free(c->stub);
	free(c->bsize);
}

/*
 * compile m (verified, xecprep'd): 1 if done or nothing to do; 0 if it
 * failed, leaving m interpreted
 */
int
comp386(Module *m)
{
	Cg c;
	Comp *cp;
	int nok, nhead, nin, pc, size, *seen;
	uchar *p;

	if(m->prog == nil || m->nprog == 0 || m->comp != nil)
		return 1;
	if(!mkstubs())
		return 0;
	memset(&c, 0, sizeof c);
	c.m = m;
	for(pc = 0; pc < Ncache; pc++)
		c.ck[pc] = -1;
	c.ok = mallocz(m->nprog, 1);
	c.head = mallocz(m->nprog, 1);
	c.entry = malloc(m->nprog*sizeof(int));
	c.bsize = mallocz(m->nprog*sizeof(int), 1);
	c.tab = mallocz(m->nprog*sizeof(uchar*), 1);
	cp = malloc(sizeof *cp);
	p = nil;
	size = 0;
	if(c.ok == nil || c.head == nil || c.entry == nil || c.tab == nil || c.bsize == nil || cp == nil)
		goto bad;
	for(pc = 0; pc < m->nprog; pc++)
		c.entry[pc] = -1;
	nok = plan(&c);
	if(nok == 0){
		cgfree(&c);
		free(c.entry);
		free(c.tab);
		free(cp);
		return 1;
	}
	nhead = 0;
	for(pc = 0; pc < m->nprog; pc++)
		nhead += c.head[pc];
	/* once to size its blocks, once to size it, once to write it */
	if(!gen(&c, nil, 0) || c.n > 1<<26)
		goto bad;
	c.pad = 1;
	if(!gen(&c, nil, 0) || c.n > 1<<26)
		goto bad;
	size = c.n;
	p = compmem(size);
	if(p == nil || !gen(&c, p, size) || c.n > size || !compexec(p, size))
		goto bad;
	cp->code = p;
	cp->size = size;
	cp->entry = c.entry;
	cp->tab = c.tab;
	seen = malloc(m->nprog*sizeof(int));
	if(seen != nil)
		memset(seen, -1, m->nprog*sizeof(int));	/* no head's id */
	nin = 0;
	for(pc = 0; pc < m->nprog; pc++){
		if(c.entry[pc] < 0)
			continue;
		c.tab[pc] = p + c.entry[pc];
		if(seen == nil || reach(&c, pc, 0, seen, pc) >= Worth){
			xecmark(&m->prog[pc]);
			nin++;
		}
	}
	free(seen);
	cgfree(&c);	/* reach wanted c.ok */
	m->comp = cp;
	if(compdebug)
		fprint(2, "comp386: %s: %d of %d instructions, %d blocks (%d entered from the interpreter), %d bytes\n",
			m->path != nil ? m->path : m->name, nok, m->nprog, nhead, nin, c.n);
	return 1;
bad:
	if(p != nil)
		compfree(p, size);
	cgfree(&c);
	free(c.entry);
	free(c.tab);
	free(cp);
	return 0;
}

/* free m's code */
void
uncomp386(Module *m)
{
	Comp *cp;

	cp = m->comp;
	if(cp == nil)
		return;
	compfree(cp->code, cp->size);
	free(cp->entry);
	free(cp->tab);
	free(cp);
	m->comp = nil;
}

/*
 * run the compiled block at i in the running module with FP *fp and
 * MP mp, *ic counts left as they stood before i's dispatch; the next
 * instruction for the interpreter (not yet counted), with *ic and *fp
 * as they are then
 */
Inst*
comp386run(Inst *i, uchar **fp, uchar *mp, int *ic)
{
	Comp *cp;
	Module *m;

	m = R.M->m;
	cp = m->comp;
	return ((Inst*(*)(uchar*, uchar**, uchar*, int*))enterstub)(cp->code + cp->entry[i - m->prog], fp, mp, ic);
}
