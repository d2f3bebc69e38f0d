/*
 * strtod.c -- decimal to double, correctly rounded (ties to even) by
 * exact integer arithmetic.  Accepts optional space and sign, digits
 * with an optional point, an optional exponent e[+-]ddd, and "inf",
 * "infinity", "nan" in any case.  With no number, returns 0 and sets
 * *end to s.  Beyond Maxdig significant digits only whether the rest
 * is zero matters: no halfway case between doubles needs more.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

enum
{
	Maxdig	= 780,
};

typedef union Dbits Dbits;
union Dbits
{
	double	d;
	uvlong	u;
};

static int
lower(int c)
{
	if(c >= 'A' && c <= 'Z')
		return c + 'a' - 'A';
	return c;
}

/* does s start with word, in any case? */
static int
prefix(char *s, char *word)
{
	for(; *word != 0; s++, word++)
		if(lower(*s) != *word)
			return 0;
	return 1;
}

static double
mkdouble(int neg, uvlong u)
{
	Dbits x;

	x.u = u;
	if(neg)
		x.u |= 1ULL<<63;
	return x.d;
}

/*
 * Round the 64-bit mantissa m (bit 63 set) times 2^(e2-63), with
 * sticky telling whether anything nonzero was lost below m.
 */
static uvlong
roundbits(uvlong m, int e2, int sticky)
{
	uvlong mant, rem, half;
	int nbits;

	if(e2 > 1023)
		return 0x7FFULL<<52;
	nbits = 53;
	if(e2 < -1022)
		nbits = e2 + 1075;		/* bits left in a denormal */
	if(nbits <= 0){
		if(nbits == 0 && (m != 1ULL<<63 || sticky))
			return 1;		/* above half the least denormal */
		return 0;
	}
	mant = m >> (64 - nbits);
	rem = m & ((1ULL << (64 - nbits)) - 1);
	half = 1ULL << (63 - nbits);
	if(rem > half || rem == half && (sticky || (mant & 1)))
		mant++;
	if(nbits < 53)
		return mant;			/* denormal; 2^52 becomes the least normal */
	if(mant == 1ULL<<53){
		mant >>= 1;
		e2++;
		if(e2 > 1023)
			return 0x7FFULL<<52;
	}
	return (uvlong)(e2 + 1023) << 52 | (mant & ((1ULL<<52) - 1));
}

double
fmtstrtod(char *as, char **end)
{
	char *s, *p;
	int neg, nd, nz, inpoint, sawdig, sticky, esign, sh, bits, e2;
	long e, x;
	u32int dw[Strtodwords], tw[Strtodwords], qw[Strtodwords];
	Big d, t, q;
	uvlong m;

	s = as;
	while(*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\f' || *s == '\v')
		s++;
	neg = 0;
	if(*s == '-' || *s == '+')
		neg = *s++ == '-';
	if(prefix(s, "inf") || prefix(s, "nan")){
		if(end != nil){
			if(prefix(s, "infinity"))
				*end = s + 8;
			else
				*end = s + 3;
		}
		if(lower(*s) == 'n')
			return mkdouble(neg, 0x7FF8000000000000ULL);
		return mkdouble(neg, 0x7FFULL<<52);
	}

	/* value = 0.D * 10^x, D the nd significant digits */
	biginit(&d, dw, nelem(dw));
	biginit(&t, tw, nelem(tw));
	biginit(&q, qw, nelem(qw));
	nd = 0;
	nz = 0;
	x = 0;
	inpoint = 0;
	sawdig = 0;
	sticky = 0;
	for(p = s; ; p++){
		if(*p == '.'){
			if(inpoint)
				break;
			inpoint = 1;
			continue;
		}
		if(*p < '0' || *p > '9')
			break;
		sawdig = 1;
		if(*p == '0' && nd == 0){
			if(inpoint)
				x--;
			continue;
		}
		if(!inpoint)
			x++;
		if(nd >= Maxdig){
			if(*p != '0')
				sticky = 1;
			continue;
		}
		/* zeros are held back: trailing ones are never multiplied in */
		if(*p == '0'){
			nz++;
			nd++;
			continue;
		}
		for(; nz > 0; nz--)
			bigmul(&d, 10);
		bigmul(&d, 10);
		bigadd(&d, *p - '0');
		nd++;
	}
	if(!sawdig){
		if(end != nil)
			*end = as;
		return 0;
	}
	e = 0;
	if(*p == 'e' || *p == 'E'){
		s = p + 1;
		esign = 1;
		if(*s == '+' || *s == '-')
			esign = *s++ == '-' ? -1 : 1;
		if(*s >= '0' && *s <= '9'){
			for(; *s >= '0' && *s <= '9'; s++)
				if(e < 100000)
					e = e*10 + *s - '0';
			e *= esign;
			p = s;
		}
	}
	if(end != nil)
		*end = p;
	if(bigiszero(&d))
		return mkdouble(neg, 0);
	x += e;				/* value = 0.D * 10^x */
	if(x > 310)
		return mkdouble(neg, 0x7FFULL<<52);
	if(x < -330)
		return mkdouble(neg, 0);
	e = x - nd + nz;		/* value = d * 10^e */

	if(e >= 0){
		bigpow10(&d, e);
		bits = bigbits(&d);
		m = bigtop(&d, &sticky);
		return mkdouble(neg, roundbits(m, bits - 1, sticky));
	}
	bigset(&t, 1);
	bigpow10(&t, -e);
	/* scale d by 2^sh so the quotient has 57 or 58 bits */
	sh = bigbits(&t) - bigbits(&d) + 57;
	if(sh >= 0)
		bigshl(&d, sh);
	else
		bigshl(&t, -sh);
	m = bigdiv(&d, &t, &q);
	if(!bigiszero(&d))
		sticky = 1;
	for(bits = 0; (m >> bits) != 0 && bits < 64; bits++)
		;
	e2 = bits - 1 - sh;
	m <<= 64 - bits;
	return mkdouble(neg, roundbits(m, e2, sticky));
}
