/*
 * utf.c -- UTF-8 encoding of Runes (up to Runemax, 4 bytes).  Bad
 * input decodes as Runeerror, consuming one byte, so callers always
 * make progress; overlong forms and surrogates are bad input.
 */
#include <u.h>
#include <lib9.h>

enum
{
	Bit1	= 7,
	Bitx	= 6,
	Bit2	= 5,
	Bit3	= 4,
	Bit4	= 3,

	T1	= ((1<<(Bit1+1))-1) ^ 0xFF,	/* 0000 0000 */
	Tx	= ((1<<(Bitx+1))-1) ^ 0xFF,	/* 1000 0000 */
	T2	= ((1<<(Bit2+1))-1) ^ 0xFF,	/* 1100 0000 */
	T3	= ((1<<(Bit3+1))-1) ^ 0xFF,	/* 1110 0000 */
	T4	= ((1<<(Bit4+1))-1) ^ 0xFF,	/* 1111 0000 */

	Rune1	= (1<<(Bit1+0*Bitx))-1,		/* 0x7F */
	Rune2	= (1<<(Bit2+1*Bitx))-1,		/* 0x7FF */
	Rune3	= (1<<(Bit3+2*Bitx))-1,		/* 0xFFFF */

	Maskx	= (1<<Bitx)-1,
	Testx	= Maskx ^ 0xFF,

	Surr0	= 0xD800,
	Surr1	= 0xDFFF,
};

int
chartorune(Rune *rp, char *str)
{
	uchar *s;
	int c, c1, c2, c3;
	Rune r;

	s = (uchar*)str;
	c = s[0];
	if(c < Tx){
		*rp = c;
		return 1;
	}
	c1 = s[1] ^ Tx;
	if(c1 & Testx)
		goto bad;
	if(c < T3){
		if(c < T2)
			goto bad;
		r = ((c << Bitx) | c1) & Rune2;
		if(r <= Rune1)
			goto bad;
		*rp = r;
		return 2;
	}
	c2 = s[2] ^ Tx;
	if(c2 & Testx)
		goto bad;
	if(c < T4){
		r = ((((c << Bitx) | c1) << Bitx) | c2) & Rune3;
		if(r <= Rune2 || (r >= Surr0 && r <= Surr1))
			goto bad;
		*rp = r;
		return 3;
	}
	c3 = s[3] ^ Tx;
	if(c3 & Testx)
		goto bad;
	if(c < 0xF8){
		r = ((((((c << Bitx) | c1) << Bitx) | c2) << Bitx) | c3) & 0x1FFFFF;
		if(r <= Rune3 || r > Runemax)
			goto bad;
		*rp = r;
		return 4;
	}
bad:
	*rp = Runeerror;
	return 1;
}

int
runetochar(char *str, Rune *rune)
{
	uchar *s;
	Rune c;

	s = (uchar*)str;
	c = *rune;
	if(c <= Rune1){
		s[0] = c;
		return 1;
	}
	if(c <= Rune2){
		s[0] = T2 | (c >> 1*Bitx);
		s[1] = Tx | (c & Maskx);
		return 2;
	}
	if(c > Runemax || (c >= Surr0 && c <= Surr1))
		c = Runeerror;
	if(c <= Rune3){
		s[0] = T3 | (c >> 2*Bitx);
		s[1] = Tx | ((c >> 1*Bitx) & Maskx);
		s[2] = Tx | (c & Maskx);
		return 3;
	}
	s[0] = T4 | (c >> 3*Bitx);
	s[1] = Tx | ((c >> 2*Bitx) & Maskx);
	s[2] = Tx | ((c >> 1*Bitx) & Maskx);
	s[3] = Tx | (c & Maskx);
	return 4;
}

int
runelen(long c)
{
	Rune r;
	char str[UTFmax];

	r = c;
	return runetochar(str, &r);
}

int
runenlen(Rune *r, int n)
{
	int nb;

	nb = 0;
	while(n-- > 0)
		nb += runelen(*r++);
	return nb;
}

/* is there a whole rune in the n bytes at str? */
int
fullrune(char *str, int n)
{
	int c;

	if(n <= 0)
		return 0;
	c = *(uchar*)str;
	if(c < Tx)
		return 1;
	if(c < T3)
		return n >= 2;
	if(c < T4)
		return n >= 3;
	return n >= 4;
}

int
utflen(char *s)
{
	int n;
	Rune r;

	for(n = 0; *s != 0; n++){
		if(*(uchar*)s < Runeself)
			s++;
		else
			s += chartorune(&r, s);
	}
	return n;
}

/* runes in at most m bytes; a rune cut by the limit counts */
int
utfnlen(char *s, long m)
{
	char *e;
	int n;
	Rune r;

	e = s + m;
	for(n = 0; s < e && *s != 0; n++){
		if(*(uchar*)s < Runeself)
			s++;
		else if(!fullrune(s, e - s))
			break;
		else
			s += chartorune(&r, s);
	}
	return n;
}

char*
utfrune(char *s, long c)
{
	Rune r;
	int n;

	if(c < Runeself)
		return strchr(s, c);
	for(;;){
		if(*(uchar*)s < Runeself){
			if(*s == 0)
				return nil;
			s++;
			continue;
		}
		n = chartorune(&r, s);
		if(r == c)
			return s;
		s += n;
	}
}

char*
utfrrune(char *s, long c)
{
	char *last;
	Rune r;
	int n;

	if(c < Runeself)
		return strrchr(s, c);
	last = nil;
	while(*s != 0){
		if(*(uchar*)s < Runeself){
			s++;
			continue;
		}
		n = chartorune(&r, s);
		if(r == c)
			last = s;
		s += n;
	}
	return last;
}

/* copy s to to, stopping before e; never splits a rune; returns the end */
char*
utfecpy(char *to, char *e, char *s)
{
	char *p, *q;

	if(to >= e)
		return to;
	for(p = to; p < e-1 && *s != 0; )
		*p++ = *s++;
	if(*s != 0 && p > to){
		/* cut short: drop a partial last rune */
		q = p - 1;
		while(q > to && (*(uchar*)q & 0xC0) == 0x80)
			q--;
		if(!fullrune(q, p - q))
			p = q;
	}
	*p = 0;
	return p;
}

long
runestrlen(Rune *r)
{
	long n;

	for(n = 0; r[n] != 0; n++)
		;
	return n;
}
