/*
 * big.c -- just enough unsigned bignum arithmetic for exact decimal
 * conversion of doubles (dtoa.c, strtod.c).  Numbers are little-endian
 * arrays of 32-bit words with no leading zero words; the fixed size
 * keeps them on the stack and out of malloc.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

static void
bignorm(Big *b)
{
	while(b->n > 0 && b->w[b->n-1] == 0)
		b->n--;
}

void
biginit(Big *b, u32int *w, int max)
{
	b->n = 0;
	b->max = max;
	b->w = w;
}

void
bigcopy(Big *d, Big *s)
{
	memmove(d->w, s->w, s->n*sizeof(u32int));
	d->n = s->n;
}

void
bigset(Big *b, uvlong v)
{
	b->n = 0;
	while(v != 0){
		b->w[b->n++] = v;
		v >>= 32;
	}
}

int
bigiszero(Big *b)
{
	return b->n == 0;
}

int
bigmul(Big *b, u32int m)
{
	uvlong c;
	int i;

	c = 0;
	for(i = 0; i < b->n; i++){
		c += (uvlong)b->w[i] * m;
		b->w[i] = c;
		c >>= 32;
	}
	if(c != 0){
		if(b->n >= b->max)
			return -1;
		b->w[b->n++] = c;
	}
	bignorm(b);
	return 0;
}

int
bigadd(Big *b, u32int a)
{
	uvlong c;
	int i;

	c = a;
	for(i = 0; c != 0 && i < b->n; i++){
		c += b->w[i];
		b->w[i] = c;
		c >>= 32;
	}
	if(c != 0){
		if(b->n >= b->max)
			return -1;
		b->w[b->n++] = c;
	}
	return 0;
}

int
bigshl(Big *b, int s)
{
	int ws, bs, i, n;
	u32int hi, lo;

	if(b->n == 0 || s == 0)
		return 0;
	ws = s / 32;
	bs = s % 32;
	hi = bs != 0 ? b->w[b->n-1] >> (32-bs) : 0;
	n = b->n + ws + (hi != 0);
	if(n > b->max)
		return -1;
	if(hi != 0)
		b->w[n-1] = hi;
	for(i = b->n-1; i >= 0; i--){
		lo = 0;
		if(bs != 0 && i > 0)
			lo = b->w[i-1] >> (32-bs);
		b->w[i+ws] = b->w[i] << bs | lo;
	}
	for(i = 0; i < ws; i++)
		b->w[i] = 0;
	b->n = n;
	return 0;
}

static void
bigshr1(Big *b)
{
	int i;

	for(i = 0; i < b->n; i++){
		b->w[i] >>= 1;
		if(i+1 < b->n)
			b->w[i] |= b->w[i+1] << 31;
	}
	bignorm(b);
}

int
bigpow10(Big *b, int n)
{
	static u32int p10[] = {
		1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
		100000000, 1000000000,
	};

	for(; n >= 9; n -= 9)
		if(bigmul(b, p10[9]) < 0)
			return -1;
	if(n > 0)
		return bigmul(b, p10[n]);
	return 0;
}

int
bigcmp(Big *a, Big *b)
{
	int i;

	if(a->n != b->n)
		return a->n < b->n ? -1 : 1;
	for(i = a->n-1; i >= 0; i--)
		if(a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

void
bigsub(Big *a, Big *b)
{
	vlong c;
	int i;

	c = 0;
	for(i = 0; i < a->n; i++){
		c += (vlong)a->w[i];
		if(i < b->n)
			c -= b->w[i];
		a->w[i] = c;
		c >>= 32;
	}
	bignorm(a);
}

void
bigaddb(Big *c, Big *a, Big *b)
{
	uvlong t;
	int i, n;

	n = a->n > b->n ? a->n : b->n;
	t = 0;
	for(i = 0; i < n; i++){
		if(i < a->n)
			t += a->w[i];
		if(i < b->n)
			t += b->w[i];
		c->w[i] = t;
		t >>= 32;
	}
	c->n = n;
	if(t != 0 && n < c->max)
		c->w[c->n++] = t;
}

/* floor(b / 2^pos), the low 64 bits of it */
static uvlong
bitsat(Big *b, int pos)
{
	int i, sh, k;
	uvlong v;

	i = pos / 32;
	sh = pos % 32;
	v = 0;
	for(k = 2; k >= 0; k--)
		if(i+k < b->n)
			v |= (uvlong)b->w[i+k] << (32*k) >> sh;
	if(sh != 0 && i+2 < b->n)
		v |= (uvlong)b->w[i+2] << (64 - sh);
	return v;
}

/* r -= q*s; q*s <= r */
static void
bigsubmul(Big *r, Big *s, u32int q)
{
	uvlong p, c;
	vlong t;
	int i;

	c = 0;
	t = 0;
	for(i = 0; i < r->n; i++){
		p = c;
		if(i < s->n)
			p += (uvlong)s->w[i] * q;
		c = p >> 32;
		t += (vlong)r->w[i] - (u32int)p;
		r->w[i] = t;
		t >>= 32;
	}
	bignorm(r);
}

/*
 * The quotient digit of r/s, known to be < 10; r becomes the remainder.
 * The estimate from the top 32 bits of s is low by at most one.
 */
int
bigdigit(Big *r, Big *s)
{
	int q, pos;
	uvlong rt, st;

	q = 0;
	pos = bigbits(s) - 32;
	if(pos > 0){
		st = bitsat(s, pos);
		rt = bitsat(r, pos);
		q = rt / (st + 1);
		if(q > 0)
			bigsubmul(r, s, q);
	}
	for(; bigcmp(r, s) >= 0; q++)
		bigsub(r, s);
	return q;
}

int
bigbits(Big *b)
{
	u32int w;
	int n;

	if(b->n == 0)
		return 0;
	w = b->w[b->n-1];
	for(n = 0; w != 0; n++)
		w >>= 1;
	return (b->n-1)*32 + n;
}

/* the top 64 bits with the leading one at bit 63; *sticky |= lost bits */
uvlong
bigtop(Big *b, int *sticky)
{
	int nb, i, lo, sh;
	uvlong v;

	nb = bigbits(b);
	if(nb == 0)
		return 0;
	v = 0;
	for(i = nb-1; i >= 0 && i >= nb-64; i--)
		if(b->w[i/32] >> (i%32) & 1)
			v |= 1ULL << (63 - (nb-1-i));
	lo = nb - 64;
	if(lo > 0){
		for(i = 0; i < lo/32; i++)
			if(b->w[i] != 0)
				*sticky = 1;
		sh = lo % 32;
		if(sh != 0 && (b->w[lo/32] & ((1u<<sh)-1)) != 0)
			*sticky = 1;
	}
	return v;
}

/*
 * q = floor(a/b) for a quotient below 2^64; a becomes the remainder.
 * t is scratch as large as a.
 */
uvlong
bigdiv(Big *a, Big *b, Big *t)
{
	int sh;
	uvlong q;

	q = 0;
	sh = bigbits(a) - bigbits(b);
	if(sh < 0)
		return 0;
	bigcopy(t, b);
	bigshl(t, sh);
	for(; sh >= 0; sh--){
		q <<= 1;
		if(bigcmp(a, t) >= 0){
			bigsub(a, t);
			q |= 1;
		}
		bigshr1(t);
	}
	return q;
}
