/*
 * dtoa.c -- exact binary to decimal conversion of doubles, with the
 * interface of David Gay's dtoa: digits without a point, the position
 * of the point (*decpt) and the sign; trailing zeros are dropped.
 *	mode 0: the shortest digits that read back as the same double
 *		(Steele & White / Burger & Dybvig, ties to the even digit);
 *	mode 2: max(1, ndigits) significant digits, correctly rounded;
 *	mode 3: digits up to ndigits places after the point (ndigits may
 *		be negative), correctly rounded.
 * Infinity and NaN give "Infinity" and "NaN" with *decpt = 9999 (NaN unsigned).
 * All arithmetic is on integers (big.c): no floating point is used, so
 * x87 extended precision cannot disturb the results.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

typedef union Dbits Dbits;
union Dbits
{
	double	d;
	uvlong	u;
};

/* the point position estimate: about ceil(log10(2^(e2+1))) */
static int
estk(int e2)
{
	return ((e2 + 1) * 1233) >> 12;
}

/* scale so that r/s is v/10^k */
static void
scale(Big *r, Big *s, Big *mp, Big *mm, int k)
{
	if(k >= 0)
		bigpow10(s, k);
	else{
		bigpow10(r, -k);
		if(mp != nil){
			bigpow10(mp, -k);
			bigpow10(mm, -k);
		}
	}
}

static int
shortest(uvlong f, int e, int unequal, char *buf, int nbuf, int *decpt)
{
	u32int rw[Dtoawords], sw[Dtoawords], pw[Dtoawords], mw[Dtoawords], tw[Dtoawords];
	Big r, s, mp, mm, t;
	int k, n, d, even, low, high, c;

	biginit(&r, rw, nelem(rw));
	biginit(&s, sw, nelem(sw));
	biginit(&mp, pw, nelem(pw));
	biginit(&mm, mw, nelem(mw));
	biginit(&t, tw, nelem(tw));
	even = (f & 1) == 0;
	if(e >= 0){
		bigset(&r, f);
		bigshl(&r, e + 1 + unequal);
		bigset(&s, 2 << unequal);
		bigset(&mp, 1);
		bigshl(&mp, e + unequal);
		bigset(&mm, 1);
		bigshl(&mm, e);
	}else{
		bigset(&r, f << (1 + unequal));
		bigset(&s, 1);
		bigshl(&s, 1 + unequal - e);
		bigset(&mp, 1 << unequal);
		bigset(&mm, 1);
	}
	k = estk(e + 63 - __builtin_clzll(f));
	scale(&r, &s, &mp, &mm, k);
	for(;;){
		bigaddb(&t, &r, &mp);
		c = bigcmp(&t, &s);
		if(c > 0 || c == 0 && even){
			bigmul(&s, 10);
			k++;
			continue;
		}
		bigmul(&t, 10);
		c = bigcmp(&t, &s);
		if(c < 0 || c == 0 && !even){
			bigmul(&r, 10);
			bigmul(&mp, 10);
			bigmul(&mm, 10);
			k--;
			continue;
		}
		break;
	}
	*decpt = k;
	n = 0;
	for(;;){
		bigmul(&r, 10);
		bigmul(&mp, 10);
		bigmul(&mm, 10);
		d = bigdigit(&r, &s);
		c = bigcmp(&r, &mm);
		low = c < 0 || c == 0 && even;
		bigaddb(&t, &r, &mp);
		c = bigcmp(&t, &s);
		high = c > 0 || c == 0 && even;
		if(!low && !high && n < nbuf-2){
			buf[n++] = '0' + d;
			continue;
		}
		if(low && high){
			bigcopy(&t, &r);
			bigshl(&t, 1);
			c = bigcmp(&t, &s);
			if(c > 0 || c == 0 && (d & 1))
				d++;
		}else if(high)
			d++;
		buf[n++] = '0' + d;
		break;
	}
	buf[n] = 0;
	return n;
}

static int
fixed(uvlong f, int e, int mode, int ndigits, char *buf, int nbuf, int *decpt)
{
	u32int rw[Dtoawords], sw[Dtoawords], tw[Dtoawords];
	Big r, s, t;
	int k, n, i, d, c;

	biginit(&r, rw, nelem(rw));
	biginit(&s, sw, nelem(sw));
	biginit(&t, tw, nelem(tw));
	bigset(&r, f);
	bigset(&s, 1);
	if(e >= 0)
		bigshl(&r, e);
	else
		bigshl(&s, -e);
	k = estk(e + 63 - __builtin_clzll(f));
	scale(&r, &s, nil, nil, k);
	for(;;){
		if(bigcmp(&r, &s) >= 0){
			bigmul(&s, 10);
			k++;
			continue;
		}
		bigcopy(&t, &r);
		bigmul(&t, 10);
		if(bigcmp(&t, &s) < 0){
			bigmul(&r, 10);
			k--;
			continue;
		}
		break;
	}
	/* now r/s = v/10^k is in [0.1, 1) */
	if(mode == 2)
		n = ndigits < 1 ? 1 : ndigits;
	else
		n = k + ndigits;
	if(n > nbuf-1)
		n = nbuf-1;
	if(n > Dtoamax)
		n = Dtoamax;
	if(n <= 0){
		/* nothing left but perhaps a 1 in the last place */
		c = 1;
		if(n == 0){
			bigcopy(&t, &r);
			bigshl(&t, 1);
			c = bigcmp(&t, &s);
		}
		if(c > 0){
			buf[0] = '1';
			buf[1] = 0;
			*decpt = k + 1;
			return 1;
		}
		buf[0] = 0;
		*decpt = -ndigits;
		return 0;
	}
	for(i = 0; i < n; i++){
		bigmul(&r, 10);
		d = bigdigit(&r, &s);
		buf[i] = '0' + d;
		if(bigiszero(&r)){
			i++;
			break;
		}
	}
	if(i == n && !bigiszero(&r)){
		bigshl(&r, 1);
		c = bigcmp(&r, &s);
		if(c > 0 || c == 0 && (buf[n-1] & 1)){
			/* round up, carrying through nines */
			while(i > 0 && buf[i-1] == '9')
				i--;
			if(i == 0){
				buf[i++] = '1';
				k++;
			}else
				buf[i-1]++;
		}
	}
	while(i > 1 && buf[i-1] == '0')
		i--;
	buf[i] = 0;
	*decpt = k;
	return i;
}

/*
 * The digits of d into buf (nbuf bytes, at least 10); returns how many.
 * See the comment at the top for modes; other modes act as mode 2.
 */
int
_dtoa(double d, int mode, int ndigits, char *buf, int nbuf, int *decpt, int *sign)
{
	Dbits x;
	uvlong f;
	int be, e;

	x.d = d;
	*sign = x.u >> 63;
	be = (x.u >> 52) & 0x7FF;
	f = x.u & ((1ULL<<52) - 1);
	if(be == 0x7FF){
		*decpt = 9999;
		if(f != 0)
			*sign = 0;	/* NaN prints without a sign, as in Inferno */
		strcpy(buf, f != 0 ? "NaN" : "Infinity");
		return strlen(buf);
	}
	if(be == 0 && f == 0){
		*decpt = 1;
		strcpy(buf, "0");
		return 1;
	}
	if(be == 0)
		e = -1074;
	else{
		f |= 1ULL<<52;
		e = be - 1075;
	}
	if(mode == 0 || mode == 1)
		return shortest(f, e, be > 1 && f == 1ULL<<52, buf, nbuf, decpt);
	return fixed(f, e, mode == 3 ? 3 : 2, ndigits, buf, nbuf, decpt);
}

/* Gay's interface: the result is malloced; free it with freedtoa */
char*
dtoa(double d, int mode, int ndigits, int *decpt, int *sign, char **rve)
{
	char buf[Dtoamax+2], *s;
	int n;

	n = _dtoa(d, mode, ndigits, buf, sizeof buf, decpt, sign);
	s = malloc(n+1);
	if(s == nil)
		return nil;
	memmove(s, buf, n+1);
	if(rve != nil)
		*rve = s + n;
	return s;
}

void
freedtoa(char *s)
{
	free(s);
}

/*
 * Limbo's real to string, Inferno's g_fmt: shortest digits, exponent
 * form when the point is far outside them, no 0 before a leading point.
 */
int
g2str(double v, char *buf)
{
	char dig[24], *b, *s;
	int decpt, sign, n, e, k;

	n = _dtoa(v, 0, 0, dig, sizeof dig, &decpt, &sign);
	b = buf;
	if(sign)
		*b++ = '-';
	s = dig;
	if(decpt == 9999){
		strcpy(b, dig);
		return b + n - buf;
	}
	if(decpt <= -4 || decpt > n + 5){
		*b++ = *s++;
		if(*s != 0){
			*b++ = '.';
			while(*s != 0)
				*b++ = *s++;
		}
		*b++ = 'e';
		e = decpt - 1;
		if(e < 0){
			*b++ = '-';
			e = -e;
		}else
			*b++ = '+';
		if(e < 10)
			*b++ = '0';
		for(k = 1; k*10 <= e; k *= 10)
			;
		for(; k > 0; k /= 10){
			*b++ = '0' + e/k;
			e %= k;
		}
	}else if(decpt <= 0){
		*b++ = '.';
		for(; decpt < 0; decpt++)
			*b++ = '0';
		while(*s != 0)
			*b++ = *s++;
	}else{
		while(*s != 0){
			*b++ = *s++;
			if(--decpt == 0 && *s != 0)
				*b++ = '.';
		}
		for(; decpt > 0; decpt--)
			*b++ = '0';
	}
	*b = 0;
	return b - buf;
}
