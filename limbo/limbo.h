/*
 * limbo: a compiler for the Limbo language producing Dis object files.
 * Phases: lex.c (tokens), parse.c (syntax tree), decls.c (scopes),
 * types.c (types, sizes, signatures), check.c (type checking),
 * gen.c (instructions, temporaries), ecom.c (expressions), com.c (statements),
 * dis.c (object file), asm.c (-S listing), sbl.c (-g symbols), stubs.c (-a, -t),
 * main.c (flags); type signatures are MD5 by lib9's digest.c.
 */
#include <isa.h>

typedef struct Sym	Sym;
typedef struct Src	Src;
typedef struct Type	Type;
typedef struct Decl	Decl;
typedef struct Node	Node;
typedef struct Inst	Inst;
typedef struct Addr	Addr;
typedef struct Desc	Desc;
typedef struct Case	Case;
typedef struct Label	Label;
typedef struct Teq	Teq;
typedef struct Except	Except;
typedef struct Ldtmod	Ldtmod;
typedef struct Datum	Datum;

enum
{
	StrSize		= 1024,
	MaxTemp		= NREG*IBY2WD + 3*IBY2WD,	/* first argument offset: 32 */
	MaxAlign	= IBY2LG,
	MaxErr		= 10,
	MaxInc		= 32,
	MaxScope	= 4096,
	MaxInitBytes	= 1<<26,	/* a global array initializer (what the loader accepts) */
	Npeek		= 1024,		/* tokens the parser may look ahead */
};

/* a position in a source file */
struct Src
{
	int	file;		/* index into files[] */
	int	line;
	int	pos;		/* column of the first character */
	int	eline;
	int	epos;		/* column after the last character */
};

struct Sym
{
	char*	name;
	int	len;
	int	tok;		/* keyword token, or 0 */
	Decl*	decl;		/* innermost visible declaration */
	Sym*	hash;
};

/* type kinds: order matters for the signature and C-name tables */
enum
{
	Tnone,
	Tadt,
	Tadtpick,
	Tarray,
	Tbig,
	Tbyte,
	Tchan,
	Treal,
	Tfn,
	Tint,
	Tlist,
	Tmodule,
	Tref,
	Tstring,
	Ttuple,
	Texception,
	Tpoly,		/* type parameter of a polymorphic function */
	Tany,		/* type of nil */
	Tid,		/* unresolved name */
	Tarrow,		/* M->T */
	Tdot,		/* A.T */
	Tapp,		/* Adt[T1, ...]: unresolved type application */
	Terror,
	Tend
};

/* storage classes of declarations */
enum
{
	Dundef,
	Dtype,
	Dfn,
	Dglobal,
	Darg,
	Dlocal,
	Dconst,
	Dfield,
	Dtag,
	Dimport,
	Dend
};

struct Teq
{
	int	id;		/* signature back-reference number while signing */
	Type*	ty;
	Teq*	eq;
};

struct Type
{
	int	kind;
	long	size;
	int	align;
	Type*	tof;		/* element, result, referenced type; module: nothing */
	Decl*	ids;		/* fields, arguments, members */
	Decl*	tags;		/* pick tags */
	Decl*	decl;		/* naming declaration */
	Src	src;
	int	varargs;
	int	sized;
	int	resolving;
	int	cons;		/* exception constant */
	ulong	sig;
	int	hassig;
	Teq*	eq;
	Desc*	desc;		/* heap type descriptor */
	int	sbl;		/* index in .sbl type table */
	Type*	adtcon;		/* tuple used to build an adt */
	Sym*	tsym;		/* Tid, Tarrow, Tdot: the name */
	Decl*	impmod;		/* adt imported from this module variable */
	Decl*	raises;		/* fn: exceptions it declares it raises */
	Decl*	polys;		/* fn, adt: type parameters */
	Decl*	constrs;	/* fn: the constraint functions (psym: their type parameter) */
	Type*	base;		/* adt instance Adt[T1, ...]: the polymorphic adt */
	Decl*	targs;		/* adt instance: the type arguments; Tapp: the same, unresolved */
	Type*	insts;		/* polymorphic adt: its instances */
	Type*	ninst;		/* adt instance: next in base->insts */
	int	modref;		/* seen by modreach */
	int	linkall;	/* module: its handles may cross modules: link every function */
	Decl*	mpdecl;		/* module: its data, .mp (mpdecl()) */
	int	ismp;		/* adt: a module's data, .mp */
};

struct Decl
{
	Sym*	sym;
	int	store;
	Type*	ty;
	Decl*	next;	/* in a list of fields, args ... */
	Decl*	old;	/* shadowed declaration */
	Decl*	dot;	/* enclosing adt or module */
	Node*	init;	/* constant value, global initializer */
	Src	src;
	long	offset;
	int	scope;
	int	implicit;	/* self argument */
	int	cyc;		/* cyclic field */
	int	tag;		/* pick tag number */
	Node*	body;		/* function body */
	long	pc;		/* function entry */
	Desc*	desc;		/* frame descriptor */
	long	frame;		/* frame size */
	Decl*	locals;		/* all locals of a function, for sbl */
	Decl*	link;		/* imported: the module member */
	Decl*	eimport;	/* Dimport: module variable */
	int	used;
	int	isimp;		/* module being implemented */
	Decl*	snext;		/* in a scope's list */
	Decl*	next2;		/* in globals, fns, modules */
	Node*	init0;		/* unevaluated con expression */
	int	iota;
	int	defined;
	Type*	fty;
	Decl*	imported;	/* Dimport: the module member */
	Decl*	args;		/* function: argument decls */
	Decl*	exslot;		/* handler arm variable: the handler's exception slot */
	Decl*	orig;		/* member of an adt instance: the polymorphic adt's member */
	Decl*	apolys;		/* member fn of a polymorphic adt: its type parameters */
	Sym*	psym;		/* constraint fn: the type parameter it belongs to */
	int	hidden;		/* argument passing a constraint fn (ref fn), added by the compiler */
	int	proto;		/* Dfn: declared by f: fn(...); at the top level */
	int	resolving;	/* Dtype: its type being resolved, with this many adts (+1) being resolved */
	int	installed;	/* in this many scopes now */
	Decl*	alias;		/* a stand-in for this module member (modscope) */
	int	needed;		/* Dfn: called or referenced by code generated */
	int	compiled;
};

/* node operators */
enum
{
	Onothing,
	Oname, Oconst,
	Oadd, Osub, Omul, Odiv, Omod, Oexp,
	Oand, Oor, Oxor, Olsh, Orsh,
	Oandand, Ooror,
	Oeq, Oneq, Olt, Ogt, Oleq, Ogeq,
	Ocons,
	Oas, Odas, Oaddas, Osubas, Omulas, Odivas, Omodas, Oexpas,
	Oandas, Ooras, Oxoras, Olshas, Orshas, Osnd,
	Oneg, Ocom, Onot, Oinc, Odec, Opreinc, Opredec,
	Orcv, Ohd, Otl, Olen, Otagof, Oref, Oind, Oload,
	Ocast, Ocall, Oindex, Oslice, Odot, Omdot,
	Otuple, Oarray, Oarrayz, Olist, Ochan, Oelem, Orange, Owild,
	Oseq, Oadtcon, Opickcon,
	/* statements */
	Oblock, Oif, Ofor, Owhile, Odo, Ocase, Oalt, Opick, Obreak, Ocont,
	Oret, Oexit, Ospawn, Oraise, Oexstmt, Olabel, Odecl, Oconst_decl,
	Oexcept, Otypedecl, Ofunc, Oscope, Ovardecl, Oimport, Ofnref,
	Otyapp,
	Oself,		/* this module's handle: .self, loaded once */
	Oldtix,		/* decl's index in the interface of module type tyarg */
	Oend
};

struct Node
{
	int	op;
	Src	src;
	Node*	left;
	Node*	right;
	Node*	third;		/* for: step; if: else; ... */
	Node*	fourth;		/* for: body */
	Type*	ty;
	Decl*	decl;
	vlong	val;
	double	rval;
	char*	str;		/* string constant (utf), or label */
	int	slen;
	Type*	tyarg;		/* cast target, declared type, array element */
	Decl*	ids;		/* declared names */
	int	flags;
	Node*	mod;		/* Odot of m->x.f: the module handle m */
};

enum
{
	Nbyte	= 1<<0,		/* char constant */
	Ntag	= 1<<2,		/* Adt.Tag */
	Nstatic	= 1<<3,		/* Adt.fn without self */
	Nmethod	= 1<<4,		/* call of a method: self prepended */
	Nnew	= 1<<5,		/* ref Adt: new zero value */
	Ndecl	= 1<<6,		/* := */
	Ndone	= 1<<7,		/* declaration already processed */
	Nfnref	= 1<<8,		/* call through a function reference */
	Npolyself	= 1<<9,		/* x.f() of a constraint fn f of x's type parameter: x is third */
	Npickdup	= 1<<10,	/* ref *p, p a ref to an adt with pick fields: a copy */
	Nfnpair		= 1<<11,	/* call through a constraint's hidden (module, index) arguments */
	Nadtfn		= 1<<12,	/* A.f as a value, f a member function of this module's adt A */
};

/* operand addressing kinds */
enum
{
	Anone,
	Aimm,		/* $off */
	Amp,		/* off(mp) */
	Afp,		/* off(fp) */
	Ampind,		/* off(reg(mp)) */
	Afpind,		/* off(reg(fp)) */
	Apc,		/* $pc: off, or fn's entry */
	Adesc,		/* $desc: desc, or fn's frame */
	Aldt,		/* $ldt index */
};

struct Addr
{
	int	mode;
	long	reg;
	long	off;
	Decl*	fn;		/* Apc, Adesc: function not yet placed */
	Desc*	desc;		/* Adesc */
};

struct Inst
{
	int	op;
	Addr	s;
	Addr	m;
	Addr	d;
	long	pc;
	Src	src;
	int	block;		/* statement number, for the debugger */
	Inst*	next;
};

struct Desc
{
	int	id;
	long	size;
	int	nmap;
	uchar*	map;
	Desc*	next;
};

struct Label
{
	Node*	start;
	long	pc;
};

struct Case
{
	int	nlab;
	Label*	labs;
	long	wild;		/* pc, or -1 */
};

/* an exception handler: pcs [p1, p2) are covered */
struct Except
{
	long	eoff;		/* exception string slot in the frame */
	long	p1;
	long	p2;
	Case	c;
	int	ne;
	Except*	next;
};

/* an initialised item of module data; arrays (DEFA) hold their elements in sub */
struct Datum
{
	int	kind;
	long	off;
	vlong	val;
	double	rval;
	char*	str;
	int	len;
	Desc*	desc;
	Datum*	sub;
	Datum*	subtail;	/* the last of sub */
	Datum*	next;
};

/* a module type's interface as this module sees it (ldt.c) */
struct Ldtmod
{
	Decl*	mod;		/* the module type's declaration */
	Decl**	fns;		/* functions and .mp, by name once ldtfinish has run */
	int	nfns;
	int	maxfns;
	int	oidx;		/* import table number when loaded, else -1 */
};

enum
{
	/* tokens */
	Leof = 0,
	Lid = 256,
	Lconst, Lrconst, Lsconst,
	Lasop,			/* op= : val holds the Node operator */
	Ldeclas, Lcons, Loror, Landand, Leq, Lneq, Lleq, Lgeq, Llsh, Lrsh,
	Lexp, Lcomm, Linc, Ldec, Lmdot, Larrow,
	/* keywords */
	Ladt, Lalt, Larray, Lbig, Lbreak, Lbyte, Lcase, Lchan, Lcon, Lcontinue,
	Lcyclic, Ldo, Ldynamic, Lelse, Lexception, Lexit, Lfixed, Lfn, Lfor, Lhd,
	Lif, Limplement, Limport, Linclude, Lint, Llen, Llist, Lload, Lmodule,
	Lnil, Lof, Lor, Lpick, Lraise, Lreal, Lref, Lreturn, Lself, Lspawn,
	Lstring, Ltagof, Ltl, Lto, Ltype, Lwhile, Lraises,
};

typedef struct Tok Tok;
struct Tok
{
	int	t;
	Src	src;
	Sym*	sym;
	vlong	ival;
	double	rval;
	char*	str;
	int	slen;
	int	byte;		/* character constant */
};

extern	char*	files[];
extern	int	nfiles;
extern	char*	incdirs[];
extern	int	nincdirs;
extern	int	nerrors;
extern	int	errlimit;
extern	int	dowarn;
extern	Tok	tok;
extern	Type	*tint, *tbig, *tbyte, *treal, *tstring, *tnone, *tany, *terror, *texception;
extern	Decl*	nildecl;
extern	Decl*	impdecl;
extern	Sym*	impsym;
extern	Decl*	impsyms;
extern	Decl**	impmembs;
extern	int	nimpmembs;
extern	char*	impname;
extern	int	scope;
extern	char	storespace[];
extern	char*	kindname[];
extern	Decl*	globals;
extern	Decl*	modules;
extern	Inst	*firstinst, *lastinst;
extern	Desc*	descs;
extern	int	ndescs;
extern	Decl*	fns;
extern	int	nfns;
extern	char*	srcfile;
extern	char*	srcmap;
extern	char*	signdump;
extern	int	dosbl;
extern	int	compflag;
extern	Except*	excs;
extern	long	npc;
extern	Src	cursrc;
extern	long	mpsize;
extern	long	maxframe;
extern	Decl*	curfn;

#include "fns.h"
extern	Src	lastsrc;
extern	int	curblock;
