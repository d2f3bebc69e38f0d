/*
 * idea.c -- IDEA (X. Lai, On the Design and Security of Block Ciphers,
 * 1992): 8 rounds over 16-bit words, multiplication modulo 2^16+1 with
 * 0 standing for 2^16.  The decryption subkeys are the encryption
 * subkeys of the rounds in reverse, inverted, and the two additive ones
 * of the inner rounds swapped.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

static ushort
mul(ushort a, ushort b)
{
	u32int p, lo, hi;

	if(a == 0)
		return 1-b;
	if(b == 0)
		return 1-a;
	p = (u32int)a*b;
	lo = p & 0xffff;
	hi = p>>16;
	return lo - hi + (lo < hi);
}

/* the inverse of x modulo 2^16+1: x^(2^16-1) by Fermat */
static ushort
mulinv(ushort x)
{
	ushort r;
	int i;

	if(x <= 1)
		return x;
	r = 1;
	for(i = 0; i < 16; i++){
		r = mul(r, r);
		r = mul(r, x);
	}
	return r;
}

void
ideasetup(IDEAstate *s, uchar *key, uchar *ivec)
{
	ushort *e, *d, *g;
	uchar k[16], t;
	int i, j, r;

	memset(s, 0, sizeof *s);
	memmove(k, key, 16);
	e = s->ek;
	for(i = 0; i < 52; i++){
		j = i%8;
		e[i] = k[2*j]<<8 | k[2*j+1];
		if(j == 7){
			/* the key turns left by 25 bits: 3 bytes and one bit */
			for(r = 0; r < 3; r++){
				t = k[0];
				memmove(k, k+1, 15);
				k[15] = t;
			}
			t = k[0]>>7;
			for(r = 0; r < 15; r++)
				k[r] = k[r]<<1 | k[r+1]>>7;
			k[15] = k[15]<<1 | t;
		}
	}
	d = s->dk;
	for(i = 0; i <= 8; i++){
		g = e+6*(8-i);
		d[6*i] = mulinv(g[0]);
		d[6*i+1] = -g[i == 0 || i == 8 ? 1 : 2];
		d[6*i+2] = -g[i == 0 || i == 8 ? 2 : 1];
		d[6*i+3] = mulinv(g[3]);
		if(i < 8){
			d[6*i+4] = e[6*(7-i)+4];
			d[6*i+5] = e[6*(7-i)+5];
		}
	}
	if(ivec != nil)
		memmove(s->ivec, ivec, IDEAbsize);
}

/* encipher (or decipher) the 8 bytes at b in place */
void
ideablock(IDEAstate *s, uchar *b, int decrypt)
{
	ushort x1, x2, x3, x4, s2, s3, *k;
	int r;

	k = decrypt ? s->dk : s->ek;
	x1 = b[0]<<8 | b[1];
	x2 = b[2]<<8 | b[3];
	x3 = b[4]<<8 | b[5];
	x4 = b[6]<<8 | b[7];
	for(r = 0; r < 8; r++, k += 6){
		x1 = mul(x1, k[0]);
		x2 += k[1];
		x3 += k[2];
		x4 = mul(x4, k[3]);
		/* the multiply-add structure, leaving x2 and x3 swapped */
		s3 = x3;
		x3 = mul(x3 ^ x1, k[4]);
		s2 = x2;
		x2 = mul((x2 ^ x4) + x3, k[5]);
		x3 += x2;
		x1 ^= x2;
		x4 ^= x3;
		x2 ^= s3;
		x3 ^= s2;
	}
	x1 = mul(x1, k[0]);
	s2 = x3 + k[1];
	s3 = x2 + k[2];
	x4 = mul(x4, k[3]);
	b[0] = x1>>8;
	b[1] = x1;
	b[2] = s2>>8;
	b[3] = s2;
	b[4] = s3>>8;
	b[5] = s3;
	b[6] = x4>>8;
	b[7] = x4;
}

void
ideacbcencrypt(IDEAstate *s, uchar *p, int n)
{
	int i;

	for(; n >= IDEAbsize; n -= IDEAbsize, p += IDEAbsize){
		for(i = 0; i < IDEAbsize; i++)
			p[i] ^= s->ivec[i];
		ideablock(s, p, 0);
		memmove(s->ivec, p, IDEAbsize);
	}
}

void
ideacbcdecrypt(IDEAstate *s, uchar *p, int n)
{
	uchar c[IDEAbsize];
	int i;

	for(; n >= IDEAbsize; n -= IDEAbsize, p += IDEAbsize){
		memmove(c, p, IDEAbsize);
		ideablock(s, p, 1);
		for(i = 0; i < IDEAbsize; i++)
			p[i] ^= s->ivec[i];
		memmove(s->ivec, c, IDEAbsize);
	}
}
