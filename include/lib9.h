/*
 * lib9: the Plan 9 library subset shared by host tools, emu and the kernel.
 * Host programs include <u.h> then <lib9.h>; with KERNEL defined, nothing
 * from the host C library is pulled in and lib9 supplies what is needed.
 */
#ifndef KERNEL
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#else
typedef __builtin_va_list va_list;
#define	va_start(v, l)	__builtin_va_start(v, l)
#define	va_end(v)	__builtin_va_end(v)
#define	va_arg(v, t)	__builtin_va_arg(v, t)
#define	va_copy(d, s)	__builtin_va_copy(d, s)
void*	memset(void*, int, ulong);
void*	memmove(void*, void*, ulong);
void*	memcpy(void*, void*, ulong);
int	memcmp(void*, void*, ulong);
void*	memchr(void*, int, ulong);
char*	strchr(char*, int);
char*	strrchr(char*, int);
int	strcmp(char*, char*);
int	strncmp(char*, char*, long);
char*	strcpy(char*, char*);
char*	strncpy(char*, char*, long);
char*	strcat(char*, char*);
long	strlen(char*);
char*	strstr(char*, char*);
long	strtol(char*, char**, int);
ulong	strtoul(char*, char**, int);
vlong	strtoll(char*, char**, int);
uvlong	strtoull(char*, char**, int);
double	strtod(char*, char**);
int	atoi(char*);
long	atol(char*);
#endif

enum
{
	UTFmax		= 4,		/* maximum bytes per rune */
	Runesync	= 0x80,		/* below this, a byte is a rune */
	Runeself	= 0x80,
	Runeerror	= 0xFFFD,
	Runemax		= 0x10FFFF,
	ERRMAX		= 128,		/* bytes in an error string, with its 0 */
};

/* utf.c, rune.c */
int	chartorune(Rune*, char*);
int	fullrune(char*, int);
int	runetochar(char*, Rune*);
int	runelen(long);
int	runenlen(Rune*, int);
int	utflen(char*);
int	utfnlen(char*, long);
char*	utfrune(char*, long);
char*	utfrrune(char*, long);
char*	utfecpy(char*, char*, char*);
long	runestrlen(Rune*);
int	isspacerune(Rune);
int	isalpharune(Rune);
int	isdigitrune(Rune);
Rune	tolowerrune(Rune);
Rune	toupperrune(Rune);

/* str.c */
char*	strecpy(char*, char*, char*);
int	cistrcmp(char*, char*);
int	cistrncmp(char*, char*, int);
int	tokenize(char*, char**, int);
int	getfields(char*, char**, int, int, char*);
char*	cleanname(char*);

/*
 * fmt.c and friends: Plan 9 formatted print.
 * Verbs: %d %i %o %x %X %b %u %c %C %s %S %q %Q %e %f %g %E %G %r %p %%,
 * flags # 0 - + space , ' and h hh l ll z, width and precision (also *).
 * %g follows Inferno: the shortest form that reads back exactly, no
 * leading zero before the point (.8125), no exponent for moderate values.
 * As in Inferno's lib9: %x %o %b are signed unless the u flag is given
 * (%ux); %s precision counts bytes (never cutting a rune), width counts
 * runes; only integers are zero-padded.  fmtprint returns 0 or -1.
 */
typedef struct Fmt Fmt;
struct Fmt
{
	uchar	runes;		/* output buffer is runes or chars? */
	void*	start;		/* of buffer */
	void*	to;		/* current place in the buffer */
	void*	stop;		/* end of the buffer; overwritten if flush fails */
	int	(*flush)(Fmt*);	/* called when to == stop */
	void*	farg;		/* to make flush a closure */
	int	nfmt;		/* num chars formatted so far */
	va_list	args;		/* args passed to dofmt */
	Rune	r;		/* % format Rune */
	int	width;
	int	prec;
	ulong	flags;
	char*	decimal;	/* decimal point; for %f etc. */
	char*	thousands;
	char*	grouping;
};

enum
{
	FmtWidth	= 1,
	FmtLeft		= FmtWidth<<1,
	FmtPrec		= FmtLeft<<1,
	FmtSharp	= FmtPrec<<1,
	FmtSpace	= FmtSharp<<1,
	FmtSign		= FmtSpace<<1,
	FmtApost	= FmtSign<<1,
	FmtZero		= FmtApost<<1,
	FmtUnsigned	= FmtZero<<1,
	FmtShort	= FmtUnsigned<<1,
	FmtLong		= FmtShort<<1,
	FmtVLong	= FmtLong<<1,
	FmtComma	= FmtVLong<<1,
	FmtByte		= FmtComma<<1,
	FmtLDouble	= FmtByte<<1,

	FmtFlag		= FmtLDouble<<1,
};

int	dofmt(Fmt*, char*);
int	dorfmt(Fmt*, Rune*);
int	fmtinstall(int, int (*)(Fmt*));
int	fmtprint(Fmt*, char*, ...);
int	fmtvprint(Fmt*, char*, va_list);
int	fmtrune(Fmt*, int);
int	fmtstrcpy(Fmt*, char*);
int	fmtrunestrcpy(Fmt*, Rune*);
int	fmtfdinit(Fmt*, int, char*, int);
int	fmtfdflush(Fmt*);
int	fmtstrinit(Fmt*);
char*	fmtstrflush(Fmt*);
int	runefmtstrinit(Fmt*);
Rune*	runefmtstrflush(Fmt*);
/*
 * %q %Q quote for rc: when the string is empty or holds a space, control
 * character or ', or a rune doquote approves (doquote is nil until the
 * program sets it, e.g. doquote = needsrcquote); %#q always quotes.
 */
extern int	(*doquote)(int);
int	quotestrfmt(Fmt*);
int	quoterunestrfmt(Fmt*);
void	quotefmtinstall(void);
int	needsrcquote(int);
char*	quotestrdup(char*);
/*
 * Exact float conversion, no libc and no floating-point arithmetic.
 * fmtfloat: the %e %f %g engine, for verbs of one's own.
 * dtoa(d, mode, ndigits, &decpt, &sign, &end), as David Gay's: digits
 * only, trailing zeros dropped; mode 0 the shortest that reads back as d,
 * mode 2 ndigits significant, mode 3 ndigits after the point; Infinity
 * and NaN give decpt 9999.  The result is malloc'd: freedtoa it.
 * fmtstrtod: correctly rounded decimal (and inf, infinity, nan) to double.
 */
int	fmtfloat(Fmt*, double);
char*	dtoa(double, int, int, int*, int*, char**);
void	freedtoa(char*);
double	fmtstrtod(char*, char**);
/*
 * g2str: Limbo's `string r' and sys->print("%g", r), as Inferno's cvtfc:
 * the shortest digits that read back exactly, no leading zero (".8125"),
 * exponent form "1e+20" outside 1e-4 <= |r| < 10^(digits+5),
 * "Infinity", "-Infinity", "NaN", "-0".  buf must hold G2strmax bytes;
 * returns the length.
 */
enum { G2strmax = 32 };
int	g2str(double, char*);

int	print(char*, ...);
int	vprint(char*, va_list);
int	fprint(int, char*, ...);
int	vfprint(int, char*, va_list);
int	sprint(char*, char*, ...);
int	vsprint(char*, char*, va_list);
int	snprint(char*, int, char*, ...);
int	vsnprint(char*, int, char*, va_list);
char*	seprint(char*, char*, char*, ...);
char*	vseprint(char*, char*, char*, va_list);
char*	smprint(char*, ...);
char*	vsmprint(char*, va_list);

/*
 * errstr.c: %r prints the string set by werrstr.  Hosted builds keep one
 * per thread; in the kernel build the kernel supplies lib9errstr(), which
 * returns the current process's ERRMAX-byte error buffer.
 */
void	werrstr(char*, ...);
int	errstr(char*, uint);
int	rerrstr(char*, uint);
#ifdef KERNEL
char*	lib9errstr(void);
#endif

/*
 * output hook: fprint, print and fmtfdflush write through lib9write.
 * Hosted builds get lib9's own (write(2) until done); the kernel build
 * leaves it to the kernel.  Returns the count written, or -1.
 */
long	lib9write(int, void*, long);

/* memory: malloc/free/realloc/mallocz come from the host C library or the kernel's pools */
void*	mallocz(ulong, int);
#ifdef KERNEL
void*	malloc(ulong);
void*	realloc(void*, ulong);
void	free(void*);
#endif


/*
 * digest.c: MD4, MD5, SHA-1, SHA-224/256/384/512 and HMAC.  diginit,
 * then digupdate any number of times, then digfinal writes digestlen
 * bytes and spends the Digest.  An HMAC starts with hmacinit (key at
 * most digestblock bytes) and ends with hmacfinal, given the same key.
 */
enum
{
	Dmd4, Dmd5, Dsha1, Dsha224, Dsha256, Dsha384, Dsha512, Ndigest,
	Dmaxlen	= 64,		/* bytes in the longest digest */
	Dmaxblock	= 128,		/* and block */
};

typedef struct Digest Digest;
struct Digest
{
	int	alg;
	uvlong	len;		/* bytes fed so far */
	int	nbuf;
	uchar	buf[Dmaxblock];	/* a partial block */
	u32int	h32[8];		/* chaining state: MD4 MD5 SHA-1 SHA-224/256 */
	u64int	h64[8];		/* SHA-384/512 */
};

int	diginit(Digest*, int);
void	digupdate(Digest*, uchar*, ulong);
void	digfinal(Digest*, uchar*);
int	digestlen(int);
int	digestblock(int);
int	hmacinit(Digest*, int, uchar*, int);
void	hmacfinal(Digest*, uchar*, int, uchar*);
