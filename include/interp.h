/*
 * The Dis virtual machine: its data structures and its interface to
 * builtin modules ($Sys, $Math, ...) and to hosts (emu, the kernel).
 * Include after u.h, lib9.h and isa.h.
 *
 * Memory model: Dis words and pointers are 32 bits (hosts build -m32).
 * Every heap object is preceded by a Heap header; Limbo values hold
 * pointers to the data (H2D), never to the header.  The nil pointer
 * is H, not 0.
 *
 * Frames follow Inferno's convention (the generated F_Sys_* structs rely
 * on it): words REGLINK..REGTYP (Frame below), the return pointer at
 * REGRET*IBY2WD, 12 bytes of temporaries, then the arguments at offset
 * NREG*IBY2WD+3*IBY2WD = 32.
 */
typedef uchar		BYTE;		/* 8 bits */
typedef int		WORD;		/* 32 bits */
typedef unsigned int	UWORD;
typedef vlong		LONG;		/* 64 bits */
typedef uvlong		ULONG;
typedef double		REAL;		/* 64 bits IEEE754 */
typedef short		SHORT;
typedef float		SREAL;

typedef struct Alt	Alt;
typedef struct Argk	Argk;
typedef struct Altc	Altc;
typedef struct Array	Array;
typedef struct Channel	Channel;
typedef struct Except	Except;
typedef struct Frame	Frame;
typedef struct Gcstat	Gcstat;
typedef struct Gctrig	Gctrig;
typedef struct Handler	Handler;
typedef struct Heap	Heap;
typedef struct Import	Import;
typedef struct Inst	Inst;
typedef struct Link	Link;
typedef struct List	List;
typedef struct Modl	Modl;
typedef struct Modlink	Modlink;
typedef struct Module	Module;
typedef struct Prog	Prog;
typedef struct Progq	Progq;
typedef struct REG	REG;
typedef struct Stkseg	Stkseg;
typedef struct String	String;
typedef struct Itime	Itime;
typedef struct Type	Type;
typedef struct Osenv	Osenv;		/* the host's, see kernel.h */
typedef struct Rshape	Rshape;
typedef struct Vchk	Vchk;
typedef struct Vfn	Vfn;

enum
{
	PQUANTA		= 2048,		/* instructions between scheduling points */
	STRUCTALIGN	= sizeof(int),
	MAXHANDLER	= 512,
	NAMELEN		= 64,
};

enum ProgState
{
	Palt,			/* blocked in alt */
	Psend,			/* blocked sending */
	Precv,			/* blocked receiving */
	Pdebug,			/* stopped by a debugger */
	Pready,			/* on the run queue */
	Prelease,		/* in a builtin that released the VM */
	Pexiting,		/* killed, will exit when next scheduled */
	Pbroken,		/* died of an exception */
};

/*
 * Heap header.  color is the collector's epoch mark (Cfree for a block
 * on a free list), ref the reference count, t the type (nil for
 * untyped blocks from nheap), size the bytes allocated including the
 * header (the allocator's business).
 */
struct Heap
{
	int	color;
	ulong	ref;
	Type*	t;
	ulong	size;
};

#define	H2D(t, x)	((t)(((uchar*)(x))+sizeof(Heap)))
#define	D2H(x)		((Heap*)(((uchar*)(x))-sizeof(Heap)))
#define	H		((void*)(-1))
#define	O(t, e)		((long)(&((t*)0)->e))
#define	OA(t, e)	((long)(((t*)0)->e))

/*
 * A type descriptor: size in bytes and a pointer map (bit 7 of map[0]
 * is the first word).  ptrs lists the word offsets of the pointers, for
 * speed.  destroy, if set, is called as a heap block of this type is
 * freed (swept: by the collector rather than by reference counting),
 * before the VM drops the block's pointers and memory: builtins use it to
 * release host resources (an Sys_FD closing its fd).  kind tells the VM
 * how to free and mark blocks whose layout a map cannot describe.
 */
enum
{
	Tkstruct,		/* plain: size + map */
	Tkarray,
	Tklist,
	Tkstring,
	Tkchannel,
	Tkmodlink,
};

struct Type
{
	int	ref;
	int	kind;
	int	size;
	int	np;		/* bytes in map */
	int	nptr;		/* entries in ptrs */
	int*	ptrs;		/* byte offsets of pointers */
	void	(*destroy)(Heap*, int swept);
	uchar*	map;
	Type*	hnext;		/* the VM's: types made by newtype, for istype */
	int	hidden;		/* bytes at the end that are C's (a builtin's adt): Dis code may not address them */
	Type*	atype;		/* as an element: the header type of its arrays (heap.c: arrtype) */
	Type*	elem;		/* Tkarray: the element layout its arrays share */
};

struct Array
{
	WORD	len;
	Type*	t;		/* element type */
	Array*	root;		/* array this is a slice of, or H */
	uchar*	data;
};

struct List
{
	List*	tail;
	Type*	t;		/* element type */
	WORD	data[1];	/* element, aligned to 8 for reals and bigs */
};

struct Progq
{
	Prog*	prog;
	Progq*	next;
};

struct Channel
{
	Array*	buf;		/* buffered channel's ring, or H */
	Progq*	send;		/* progs waiting to send: circular, this is the last */
	Progq*	recv;		/* progs waiting to receive: likewise */
	void*	aux;
	int	front;		/* first item in buf */
	int	size;		/* items in buf */
	Type*	mid;		/* element type */
};

/*
 * Strings: len >= 0 is len Latin-1/ASCII bytes in Sascii (always one
 * spare byte for a NUL), len < 0 is -len runes in Srune.  max is the
 * capacity in characters.  tmp holds string2c's UTF copy of a rune string
 * (an untyped heap block the string holds a reference to), or nil.
 */
struct String
{
	int	len;
	int	max;
	char*	tmp;
	union {
	#define	Sascii	data.ascii
	#define	Srune	data.runes
		char	ascii[STRUCTALIGN];
		Rune	runes[1];
	} data;
};

struct Frame
{
	Inst*		lr;	/* REGLINK: return pc */
	uchar*		fp;	/* REGFRAME: caller's fp */
	Modlink*	mr;	/* REGMOD: caller's module, nil within a module */
	Type*		t;	/* REGTYP: this frame's type */
};

/*
 * A decoded instruction.  Operands are pre-decoded: for kinds
 * Kmp/Kfp/Kabs the effective address is base[kind]+off where
 * base = {MP, FP, 0}; immediates live in the instruction (imm) and
 * are addressed absolutely.  Double indirect operands (Kind) are
 * decoded by the slow path from reg (0 mp, 1 fp) and f, s; slow says
 * which.  A missing middle operand is the destination.  Branch targets
 * are in dst.
 */
enum
{
	Kmp,
	Kfp,
	Kabs,
	Kind,		/* through an address the verifier proved (a frame, a result, an element) */
	Kref,		/* through a pointer word: the block's type is checked when executed */

	Slows	= 1,		/* slow: the source is Kind or Kref */
	Slowd	= 2,		/* the destination */
	Slowm	= 4,		/* the middle, a copy of the destination */

	Iunreached	= 1<<0,	/* Inst.flags: no path from an entry reaches it: never executed */
	Ipinned		= 1<<1,	/* it stores its address's block in a hidden frame word (Vchk.pin) */
};

typedef struct Opnd Opnd;
struct Opnd
{
	uchar	k;		/* Kmp Kfp Kabs Kind */
	uchar	reg;		/* Kind: 0 mp, 1 fp */
	ushort	f;		/* Kind: first offset */
	WORD	off;		/* Kmp/Kfp/Kabs: offset or address; Kind, Kref: second offset */
	WORD	imm;		/* immediate value; Kref: the last block type that passed */
};

struct Inst
{
	void*	xop;		/* dispatch: label address or handler */
	uchar	op;		/* opcode from isa.h */
	uchar	add;		/* address mode byte from the file */
	uchar	slow;		/* its double indirect operands: Slows|Slowd|Slowm */
	uchar	flags;		/* Iunreached, Ipinned */
	Opnd	s;
	Opnd	m;
	Opnd	d;
	union {
		Inst*	dst;	/* branch target */
		Vchk*	chk;	/* other instructions: the verifier's run-time check, or nil */
	};
};

struct REG
{
	Inst*		PC;	/* next instruction */
	uchar*		MP;	/* module data */
	uchar*		FP;	/* frame */
	uchar*		SP;	/* top of used stack */
	uchar*		TS;	/* end of the stack segment */
	uchar*		EX;	/* base of the stack segment */
	Modlink*	M;	/* current module */
	int		IC;	/* instructions left in this quantum */
	Inst*		xpc;	/* pc of the faulting instruction */
	void*		s;	/* decoded operands of the current instruction */
	void*		d;
	void*		m;
	WORD		t;	/* temporaries */
	WORD		st;
	WORD		dt;
};

/* a segment of a Prog's stack; frames are contiguous in it */
struct Stkseg
{
	Stkseg*	prev;		/* older segment */
	uchar*	psp;		/* SP, TS, EX of the older segment */
	uchar*	pts;
	uchar*	pex;
	ulong	size;
	ulong	pad;		/* i386 aligns uvlong to 4 in structs */
	uvlong	stack[1];	/* frames start here, 8-aligned */
};

struct Prog
{
	REG		R;		/* registers while not running */
	Prog*		link;		/* run queue */
	Channel*	chan;		/* channel blocked on */
	void*		ptr;		/* data to send or receive */
	enum ProgState	state;
	char*		kill;		/* if set, raise this when next run */
	Inst*		entry;		/* the function it was started at (spawn) */
	int		pid;
	int		quanta;
	ulong		ticks;		/* cpu milliseconds: the host's to count (clock interrupt) */
	int		flags;
	Prog*		prev;		/* all progs */
	Prog*		next;
	String*		exstr;		/* text of its last exception (H if none) */
	void*		exval;		/* exception value being raised (H if none) */
	Alt*		alt;		/* blocked in alt: its table */
	WORD*		altd;		/* and where the chosen index goes */
	void*		altw;		/* and the channels it waits on, each referenced meanwhile (sched.c) */
	int		naltw;
	Osenv*		osenv;		/* the host's per-prog state: kenvfork/kenvfree */
	ulong		stksize;	/* bytes in its stack segments */
	int		grp;		/* process group id (pid of the group leader) */
	char*		exitmsg;	/* why it exited: "" normal, "fail:...", fault text */
	ulong		fpctl;		/* Math's FP control word: the rounding mode */
	ulong		fpsts;		/* Math's FP status: exception flags gathered so far */
	char		errstr[128];	/* for sysmod's %r and werrstr */
	void		(*hostwake)(Prog*);	/* a host wait's stand-in (chostsend): called instead of addrun */
	void*		hostarg;	/* for hostwake */
};

enum
{
	Pkilled		= 1<<0,		/* flags */
	Ppropagate	= 1<<1,
	Pnotifyleader	= 1<<2,
	Pbuiltin	= 1<<3,		/* in a builtin (its C code may hold new heap blocks) */
	Pprofiled	= 1<<4,		/* followed by the host's profiler (#P coverage); spawn passes it on */
};

struct Import
{
	WORD	sig;
	char*	name;
};

struct Except
{
	char*	s;		/* exception name; nil for the default "*" */
	ulong	pc;
};

struct Handler
{
	ulong	pc1;		/* covers pc1 <= pc < pc2 */
	ulong	pc2;
	ulong	eoff;		/* frame offset of the exception value */
	ulong	ne;		/* entries in etab before the default */
	Type*	t;		/* frame type, for destroying the frame on unwind */
	Except*	etab;		/* ne entries, then the default (s == nil, pc == -1 if none) */
};

struct Link
{
	WORD	sig;
	Type*	frame;
	union {
		Inst*	pc;
		void	(*runt)(void*);
	} u;
	char*	name;
	Rshape*	ret;		/* what the function writes or reads through its result pointer */
	Argk*	args;		/* builtins: the kinds of its arguments' pointer words, ending with kind 0; nil: none */
};

/*
 * a builtin's argument word and the kind of block it must point at (or
 * be H): s string, b w f p A array of bytes, words, 8-byte values,
 * pointers, other, l list, c channel, m module, r a ref to an adt laid
 * out as t, x any (link.c: vmargsok)
 */
struct Argk
{
	int	off;
	int	kind;
	Type*	t;
};

struct Module
{
	int	ref;
	ulong	ss;		/* stack extent */
	ulong	rt;		/* runtime flags */
	int	nprog;
	Inst*	prog;		/* code; nil for a builtin module */
	uchar*	origmp;		/* initial module data */
	int	mpsize;
	Type*	mptype;
	int	ntype;
	Type**	type;
	Inst*	entry;
	Type*	entryt;
	char*	name;		/* implementation name */
	char*	path;		/* file, or $Name for builtins */
	Module*	link;		/* all modules */
	int	nlink;
	Link*	ext;		/* exported functions, ending with name == nil */
	int	nldt;
	Import**	ldt;		/* import tables, each ending with name == nil */
	int	nhandler;
	Handler*	htab;
	uchar*	shared;		/* SHAREMP: the one module data */
	int	maxframe;	/* largest frame its code may address */
	uvlong	qidpath;	/* identity of the file loaded, to notice changes */
	ulong	qidvers;
	ulong	mtime;
	vlong	length;
	uchar*	mpflags;	/* per word of module data: Mptr, Mro */
	Itime*	itime;		/* the instruction timer's, one per instruction, or nil */
	int	nvfn;		/* the verifier's: functions found */
	Vfn*	vfn;
	int*	vfnof;		/* per instruction: index in vfn, -1 if never reached */
	int	nvchk;
	Vchk*	vchk;		/* the run-time checks of its instructions (Inst.chk) */
	int	hostc;		/* the host's: its threads' cause in the tail attribution (port/attr.c), 0 until named */
	void*	comp;		/* the compiler's (vmcompile): its code, or nil */
};

enum
{
	Mptr	= 1<<0,		/* Module.mpflags: a pointer word */
	Mro	= 1<<1,		/* read only: a case or goto table's */
};

struct Modl
{
	union {
		Inst*	pc;
		void	(*runt)(void*);
	} u;
	Type*	frame;
	Link*	link;		/* the function's export: its result's shape, its arguments' kinds */
	Argk*	args;		/* a builtin's pointer arguments to check (Link.args), or nil: none */
};

/*
 * What the verifier (verify.c, man/6/dis) proved of a module's code,
 * kept for the interpreter's run-time checks and for later passes.
 * Offsets are bytes; a map has a bit per word, 0x80>>(w&7) of byte
 * w>>3, as a Type's.
 *
 * Rshape: what accesses need of a region whose type is known only when
 * the code runs (a function's result, an array's element, a frame made
 * by mframe): the words they use as pointers (ptr) and as non-pointers
 * (val), and how far they reach (size).
 */
struct Rshape
{
	int	size;
	int	nb;		/* bytes in each map */
	uchar*	ptr;
	uchar*	val;
};

/*
 * a function: where it starts, its frame (with its hidden pointer
 * words, npin of them at the end: see Vchk), what it does through
 * 0(16(fp))
 */
struct Vfn
{
	int	entry;
	Type*	frame;
	int	npin;
	Rshape	ret;
};

/*
 * A run-time check of one instruction (Inst.chk).  cache is the last
 * type that passed, so that the common case is one comparison:
 *  Cind	ind[xwbfl] s, m, d: the element type of array s must give
 *		stride bytes (0: any) and meet need, what the uses of the
 *		address in m need of it.  m is a frame word, whose imm caches
 *		the array header type (arrtype) that passed.
 *  Clea	lea o(b), d through a pointer word: the block's type, from
 *		offset o, must meet need.
 *  Cmframe	mframe: the callee's frame type must meet need (the words
 *		the caller writes into it); d's imm caches the type that passed.
 *  Cmcall	mcall: the callee's result (Link.ret) must fit the place
 *		the caller offers (place): none; rt from roff (rlen bytes);
 *		or found when run from its address (placeof).  s's imm caches
 *		the callee's Link that passed a place of the first kind.
 *  Cmsg	send, recv: the channel's element type must be laid out as
 *		the value's region (place, rt, roff, rlen as Cmcall's; a
 *		block's field through a pointer word: rt nil, Pstatic).
 *  Cgoto	goto: the table has n entries.
 *  Cmodmp	movw 0(w), d with w a Modlink, whose word 0 is the module
 *		data: what the uses of the address in d need of that type.
 * Cind, Clea, Cmodmp: if pin is not 0, the block the address lies in
 * (the array, the block, the Modlink) is stored in the frame's hidden
 * pointer word at offset pin as the address is made, so that the block
 * lives as long as the address may be used, whatever holds it.
 */
enum
{
	Cind,
	Clea,
	Cmframe,
	Cmcall,
	Cmsg,
	Cgoto,
	Cmodmp,

	Pnone	= 0,	/* Vchk.place */
	Pstatic,
	Pfound,
};

struct Vchk
{
	Type*	cache;
	int	kind;
	int	stride;
	Rshape	need;
	int	place;
	Type*	rt;
	int	roff;
	int	rlen;
	int	pin;
	ulong	n;
};

/* a loaded instance of a module (the value of a Limbo module variable) */
struct Modlink
{
	uchar*		MP;
	Module*		m;
	Inst*		prog;
	Type**		type;
	int		nlinks;
	Modl		links[1];
};

struct Altc
{
	Channel*	c;
	void*		ptr;
};

struct Alt
{
	WORD	nsend;
	WORD	nrecv;
	Altc	ac[1];
};

/*
 * A builtin module's function table is what `limbo -t` generates: it
 * typedefs Runtab {name, sig, fn, size, np, map[16]} itself (as
 * Inferno's does), so interp.h does not; builtinmod takes it as void*.
 */

enum
{
	/* collector policies (gc.c) */
	Gcalloc	= 0,
	Gcavail,
	Gcidle,
	Ngcpolicy,

	/* why a cycle started */
	Whyalloc	= 0,	/* Gcalloc: heap in use reached the trigger */
	Whyidle,		/* the idle collector */
	Whyquantum,		/* Gcidle: Inferno's per-quantum rungc */
	Whyavail,		/* Gcavail: held reached 15/16 of available */
	Whyfull,		/* an allocation found the heap full */
	Whyctl,			/* asked for (gccollect) */
	Ngcwhy,

	Npausehist	= 24,
};

/* collector statistics, for hosts (emu -S) */
struct Gcstat
{
	ulong	epochs;		/* completed mark/sweep cycles */
	uvlong	visited;	/* blocks scanned by the collector */
	uvlong	rcfreed;	/* bytes freed by reference counting */
	uvlong	gcfreed;	/* bytes freed by the collector */
	uvlong	gcusec;		/* time spent in rungc */
	ulong	maxusec;	/* longest single rungc */
	uvlong	allocated;	/* bytes allocated */
	ulong	heapinuse;	/* bytes in use now */
	ulong	heapmax;	/* high water mark */
	ulong	chunksfreed;	/* chunks given back to the host */
	ulong	heapsys;	/* bytes the heap holds from the host: chunks and big blocks */
	uvlong	returned;	/* bytes of empty chunks given back */
	uvlong	quanta;		/* safe points (gcsafe) */
	ulong	npause;		/* collector pauses: slices and whole cycles */
	ulong	pausehist[Npausehist];	/* pauses by microseconds: [0] <1, [i] < 2^i, the last the rest */
	ulong	why[Ngcwhy];	/* cycles started, by reason */
};

/* the last cycle's start, for checking the policies' rules */
struct Gctrig
{
	int	why;
	ulong	inuse;		/* heap in use then */
	ulong	sys;		/* held from the host */
	ulong	avail;		/* heaplimit */
	ulong	trigger;	/* Gcalloc's threshold */
	ulong	previnuse;	/* in use at the safe point before */
	ulong	prevsys;
	uvlong	quantum;	/* gcstat.quanta then */
};

/* common types, for builtins allocating heap objects */
extern	Type	Tbyte;		/* byte, no pointers */
extern	Type	Tword;
extern	Type	Tlong;
extern	Type	Treal;
extern	Type	Tptr;		/* one pointer: arrays of strings, of refs */
extern	Type	Tarray;
extern	Type	Tstring;
extern	Type	Tlist;
extern	Type	Tchannel;
extern	Type	Tmodlink;

extern	REG	R;		/* registers of the running prog */
extern	Module*	modules;
extern	int	gchalt;		/* >0: collector must not run */
extern	int	mutator;	/* color of blocks allocated this epoch */
extern	int	nprop;		/* set when a block turned gray */
extern	ulong	heaplimit;	/* bytes the heap may hold (default 32 MB) */
extern	Gcstat	gcstat;
extern	Gctrig	gctrig;
extern	int	gcpolicy;	/* Gcalloc, ... */
extern	ulong	gchog;		/* bytes hogs hold: the limit set is heaplimit+gchog */
extern	char*	gcpolicies[Ngcpolicy];
extern	char*	gcwhys[Ngcwhy];

#define	gclock()	(gchalt++)
#define	gcunlock()	(gchalt--)
#define	gcruns()	(gchalt == 0)

enum
{
	Cfree		= -1,		/* block on a free list */
	Cprop		= 3,		/* gray: reachable, children not yet marked */
};

/*
 * Write barrier: the collector's invariant is that a block of color
 * mutator (black) never points to a white one, so a pointer copied
 * while marking turns its target gray.  Outside a collection every
 * live block has color mutator and this costs one compare.
 */
void	gcgray(Heap*);
#define	Setmark(h)	if((h)->color != mutator) gcgray(h)
/* take a reference to a heap value v (not H) */
#define	ADDREF(v)	{ Heap *h_ = D2H(v); h_->ref++; Setmark(h_); }

/*
 * Supplied by the host (emu or the kernel); see also kernel.h, whose
 * kreadfile (module loading), kenvfork/kenvfree (spawn, exit) and
 * osusectime (statistics) the VM calls.
 *  error: raise; unwinds to the host's innermost waserror().  The VM
 *	calls it for runtime faults met outside the dispatch loop, and
 *	builtins call it to raise a Limbo exception (the host catches it
 *	around vmrun() and calls vmfault(msg)).
 *  release/acquire: around a builtin's blocking host call; release must
 *	save the VM state with p = isave() and acquire restore it with
 *	irestore(p).  A single-threaded host may make both do nothing.
 */
extern	void		error(char*);
extern	void		release(void);
extern	void		acquire(void);
/*  swiprog: interrupt p's blocking host call, if it is in one (p released) */
extern	void		swiprog(Prog*);
/* optional: called as a prog exits (p->exitmsg says why, p->R.M is its module), before its stack is freed */
extern	void		(*vmprogexit)(Prog*);
/*
 * optional, for the host's accounting: called with p as p starts a
 * quantum, and with nil as the quantum ends (in the same host thread)
 */
extern	void		(*vmslice)(Prog*);
/*
 * optional, for the host's tail attribution: called with a kind as a
 * collector slice starts doing work, and with Gcnoslice as it ends (in
 * the same host thread; slices do not nest)
 */
enum
{
	Gcnoslice,
	Gcidleslice,		/* rungc, vmidle: the VM idle */
	Gcquantumslice,		/* gcsafe: between quanta */
	Gcallocslice,		/* gcalloc: paced by allocation */
	Gcfullslice,		/* gcfull, gccollect: a whole cycle, or the rest of one */
};
extern	void		(*vmgcslice)(int);
/*
 * optional, for the same: called within a slice every few blocks of
 * work (at most 256 blocks, or one piece of a large one), so
 * that a long gap between two calls, which the work cannot take, shows
 * the host thread descheduled
 */
extern	void		(*vmgcstep)(void);
/*
 * optional, for the host's Dis instruction timer (the kernel's bench
 * device): while xectimer is set, each quantum that starts runs timed.
 * The interpreter reads xecclock() once between two instructions and
 * files the difference in the instruction's Itime, m->itime[pc], which
 * xectimer(m) makes (and sets) the first time m runs timed; nil leaves
 * m's instructions untimed.  The host owns the tables and frees them
 * (setting m->tstat to nil) only with the VM held and m referenced.
 */
enum
{
	Tbig	= 1<<20,	/* ticks: times from here on square into bigsq */
};
struct Itime
{
	uvlong	n;
	uvlong	sum;		/* ticks */
	uvlong	sumsq;		/* of the times below Tbig */
	double	bigsq;		/* of the others */
	uvlong	bigmin;		/* of the times of 2^32-1 ticks or more; ~0 before the first */
	uvlong	bigmax;		/* 0 before the first */
	ulong	min;		/* of the others; ~0 before the first */
	ulong	max;
	uvlong	pad;		/* to 64 bytes, 4/3 of an Inst's 48 */
};
extern	uvlong		(*xecclock)(void);
extern	Itime*		(*xectimer)(Module*);
/*
 * optional, for the host's Dis profiler (#P): while xecstep is set, each
 * quantum that starts calls it before every instruction, with R.M the
 * instruction's module; while heapmon is set, each heap block made is
 * shown to it with the bytes asked for (its header included), and each
 * block freed with 0.  Both run with the VM held.
 */
extern	void		(*xecstep)(Inst*);
extern	void		(*heapmon)(Heap*, ulong);

/*
 * optional, for a host that compiles Dis (comp386.c: emu, and the
 * kernel where the processor has NX): vmcompile(m) is called on each
 * module verified, after xecprep, if the module's header does not say
 * DONTCOMPILE and it says MUSTCOMPILE or the host sets vmcompall (emu
 * -c1, the kernel's -c1); it may give some instructions the dispatch
 * xecmark makes, which calls xeccomp with the instruction, FP (which
 * calls and returns in the code change), MP and the counts left in the
 * quantum (see xec.c's Ljit), and it returns 0 if it failed (m is then
 * interpreted, and the loader says so).  vmuncompile(m) frees what it
 * made.
 */
extern	int		(*vmcompile)(Module*);
extern	void		(*vmuncompile)(Module*);
extern	int		vmcompall;
extern	Inst*		(*xeccomp)(Inst*, uchar**, uchar*, int*);
void		xecmark(Inst*);
int		comp386(Module*);
void		uncomp386(Module*);
Inst*		comp386run(Inst*, uchar**, uchar*, int*);
extern	int		compdebug;

/*
 * the host's memory for compiled code: compmem(n) gives n bytes
 * writable (nil if none), at the address the code will run at;
 * compexec(p, n) makes them executable and no longer writable (0 if
 * it cannot); compfree(p, n) gives them back
 */
void*		compmem(ulong);
int		compexec(void*, ulong);
void		compfree(void*, ulong);

/*
 * The host's interface to run the VM.  A host's scheduler loop:
 *	vminit(); builtins' init (sysmodinit ...);
 *	m = load(path); vmstart(m, argc, argv);
 *	for(;;){
 *		if(waserror()){ vmfault(errmsg); continue; }	-- error() from a builtin
 *			(a fault inside vmfault: vmsalvage(errmsg, g), g the gchalt
 *			 before; a fault inside that: vmabandon(errmsg, g))
 *		while(vmrun()) ;
 *		poperror();
 *		if(vmnprog() == 0) break;	-- every prog has exited
 *		wait for a released prog (or sleep)
 *	}
 */
void		vminit(void);		/* also vmfpu() for the calling thread */
void		vmfpu(void);		/* x87 to double precision: once in each thread that runs the VM */
Prog*		vmstart(Module*, int argc, char **argv);	/* prog running m->init(nil, argv) */
int		vmrun(void);		/* run one quantum of the next ready prog; 0 if none ready */
void		vmfault(char*);		/* error() escaped from the running prog: raise it as an exception */
void		vmsalvage(char*, int);	/* vmfault faulted: raise again, dropping frames without releasing; gchalt before */
void		vmabandon(char*, int);	/* vmsalvage faulted: drop the running prog as broken; gchalt before */
int		vmnprog(void);		/* progs alive (ready, blocked, released) */
int		vmnready(void);
int		vmidle(void);		/* a slice of collector work; 1 if more is pending */
Prog*		currun(void);		/* the running prog */
Prog*		isave(void);		/* save R into the running prog, which stops being current */
void		irestore(Prog*);	/* make p current again, loading R */
void		addrun(Prog*);		/* make p ready */
Prog*		progpid(int);
Prog*		progn(int);		/* the n'th prog in creation order, or nil */
int		killprog(Prog*, char*);	/* p raises msg when next run ("killed") */
void		killgrpnow(int, char*);	/* killgrp, and interrupt their host calls */
int		killgrp(int grp, char*);
void		vmstats(int fd);	/* print Gcstat */

/* modules */
Module*		load(char*);		/* a module, cached by path; nil with kerrstr set ("PATH: why") */
Module*		parsemod(char *path, uchar *code, ulong len);	/* decode and validate; nil with kerrstr set */
Module*		builtinmod(char *name, void *runtab, int len);	/* register $Name */
Module*		lookmod(char*);
Modlink*	mklinkmod(Module*, int nlinks);
void		freemod(Module*);

/* heap */
Heap*		heap(Type*);		/* new block, pointers H, ref 1 */
Heap*		heapz(Type*);		/* new block, zeroed, pointers H */
Heap*		heaparray(Type *elem, int len);
Heap*		nheap(int);		/* untyped block of n bytes */
void		destroy(void*);		/* drop a reference to v (H is fine) */
void		freeheap(Heap*, int swept);
Type*		dtype(void (*destroy)(Heap*, int), int size, uchar *map, int mapsize);
void		freetype(Type*);
void		initmem(Type*, void*);	/* set the pointers of t in v to H */
void		freeptrs(void*, Type*);	/* destroy the pointers of t in v */
void		incmem(void*, Type*);	/* add a reference to the pointers of t in v */
Array*		mem2array(void*, int);
void		rungc(void);		/* bounded collector work */
void		gcpin(Heap*);		/* keep a block host code holds alive, until gcunpin */
ulong		gcavail(void);		/* bytes the heap may use */
void		gccollect(void);	/* a whole cycle now; VM held, no prog current */
char*		gcsetpolicy(char*);	/* by name; nil if unknown */
void		gcresetstat(void);
void		gcunpin(Heap*);
int		gcbusy(void);

/* strings */
String*		newstring(int nbytes);	/* byte string, len = nbytes: bytes must be < Runeself (use c2string for UTF-8) */
String*		newrunes(int nrunes);	/* rune string, len = -nrunes */
String*		c2string(char*, int);	/* from UTF-8 */
char*		string2c(String*);	/* NUL-terminated UTF-8, valid while the string is */
String*		stringdup(String*);
int		stringcmp(String*, String*);
int		stringblen(String*);	/* bytes of UTF-8 */
String*		addstring(String*, String*, int append);
String*		slicer(ulong, ulong, String*);
void		retstr(char*, String**);	/* *sp = c2string(s), destroying the old value */
void		retnstr(char*, int, String**);

/* channels, for builtins that talk to channels, and for host code waiting on them */
Channel*	cnewc(Type*, int nbuf);
int		chostsend(Channel*, void*, Prog*);
int		chostrecv(Channel*, void*, Prog*);
void		chostcancel(Prog*);
