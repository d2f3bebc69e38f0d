/*
 * lib9 internals shared by the fmt, float and string files.
 * Not a public interface: only lib9's own sources include it.
 */
typedef int	(*Fmtfn)(Fmt*);

/* fmt.c */
int	_fmtflush(Fmt*);
int	_fmtputr(Fmt*, Rune);
int	_fmtputs(Fmt*, char*, long);
int	_fmtpad(Fmt*, int);
int	_fmtcpy(Fmt*, char*, int, long);
int	_fmtrcpy(Fmt*, Rune*, int);
Fmtfn	_fmtlookup(Rune);

/* fmtquote.c */
int	_quotefmt(Fmt*);

/* fltfmt.c */
int	_efgfmt(Fmt*);

/*
 * big.c: unsigned big integers for exact decimal <-> binary conversion.
 * The caller supplies the words (usually on the stack): biginit.
 */
enum
{
	Dtoawords	= 42,		/* 1344 bits: a double scaled by 10^k, with room */
	Strtodwords	= 128,		/* 4096 bits: 780 digits over 10^1110 */
};
typedef struct Big Big;
struct Big
{
	int	n;			/* words in use; w[n-1] != 0 unless n == 0 */
	int	max;			/* words available */
	u32int	*w;
};
void	biginit(Big*, u32int*, int);
void	bigcopy(Big*, Big*);
void	bigset(Big*, uvlong);
int	bigmul(Big*, u32int);		/* b *= m; -1 on overflow */
int	bigadd(Big*, u32int);
int	bigshl(Big*, int);
int	bigpow10(Big*, int);		/* b *= 10^n */
int	bigcmp(Big*, Big*);
void	bigsub(Big*, Big*);		/* a -= b; a >= b */
void	bigaddb(Big*, Big*, Big*);	/* c = a + b */
int	bigdigit(Big*, Big*);		/* r -= q*s, returns q; r < 10*s */
int	bigbits(Big*);
int	bigiszero(Big*);
uvlong	bigtop(Big*, int*);		/* top 64 bits, leading one at bit 63 */
uvlong	bigdiv(Big*, Big*, Big*);	/* a /= b, a keeps the remainder; quotient < 2^64 */

/* dtoa.c */
int	_dtoa(double, int, int, char*, int, int*, int*);
enum
{
	Dtoamax		= 800,		/* digits _dtoa will produce at most */
};
