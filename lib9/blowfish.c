/*
 * blowfish.c -- Blowfish (B. Schneier, Fast Software Encryption, 1993):
 * 16 rounds over two 32-bit halves, subkeys and S-boxes starting from
 * the hex digits of pi (bfpi.h, made by mkbfpi.c) and mixed with a key
 * of up to 56 bytes.  Inferno's CBC reads a block as two little-endian
 * words (the cipher's own vectors are big-endian), which bfcbc* do too.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

static u32int pi[18+1024] = {
#include "bfpi.h"
};

enum
{
	Maxkey	= 56,
};

#define	F(s, x)	((((s)[(x)>>24] + (s)[256+((x)>>16&255)]) ^ (s)[512+((x)>>8&255)]) + (s)[768+((x)&255)])

/* encipher the halves lr[0], lr[1] */
void
bfencrypt(BFstate *s, u32int *lr)
{
	u32int l, r, t;
	int i;

	l = lr[0];
	r = lr[1];
	for(i = 0; i < 16; i++){
		l ^= s->p[i];
		r ^= F(s->s, l);
		t = l;
		l = r;
		r = t;
	}
	lr[0] = r ^ s->p[17];
	lr[1] = l ^ s->p[16];
}

void
bfdecrypt(BFstate *s, u32int *lr)
{
	u32int l, r, t;
	int i;

	l = lr[0];
	r = lr[1];
	for(i = 17; i > 1; i--){
		l ^= s->p[i];
		r ^= F(s->s, l);
		t = l;
		l = r;
		r = t;
	}
	lr[0] = r ^ s->p[0];
	lr[1] = l ^ s->p[1];
}

void
bfsetup(BFstate *s, uchar *key, int n, uchar *ivec)
{
	u32int lr[2], w;
	int i, j, k;

	memset(s, 0, sizeof *s);
	memmove(s->p, pi, sizeof s->p);
	memmove(s->s, pi+18, sizeof s->s);
	if(n > Maxkey)
		n = Maxkey;
	j = 0;
	for(i = 0; i < 18; i++){
		w = 0;
		for(k = 0; k < 4; k++){
			w = w<<8 | key[j];
			j = (j+1) % n;
		}
		s->p[i] ^= w;
	}
	lr[0] = lr[1] = 0;
	for(i = 0; i < 18; i += 2){
		bfencrypt(s, lr);
		s->p[i] = lr[0];
		s->p[i+1] = lr[1];
	}
	for(i = 0; i < 1024; i += 2){
		bfencrypt(s, lr);
		s->s[i] = lr[0];
		s->s[i+1] = lr[1];
	}
	if(ivec != nil)
		memmove(s->ivec, ivec, BFbsize);
}

static void
getle(uchar *b, u32int *lr)
{
	lr[0] = b[0] | b[1]<<8 | b[2]<<16 | (u32int)b[3]<<24;
	lr[1] = b[4] | b[5]<<8 | b[6]<<16 | (u32int)b[7]<<24;
}

static void
putle(u32int *lr, uchar *b)
{
	int i;

	for(i = 0; i < 4; i++){
		b[i] = lr[0] >> 8*i;
		b[4+i] = lr[1] >> 8*i;
	}
}

void
bfcbcencrypt(BFstate *s, uchar *p, int n)
{
	u32int lr[2], iv[2];

	getle(s->ivec, iv);
	for(; n >= BFbsize; n -= BFbsize, p += BFbsize){
		getle(p, lr);
		lr[0] ^= iv[0];
		lr[1] ^= iv[1];
		bfencrypt(s, lr);
		iv[0] = lr[0];
		iv[1] = lr[1];
		putle(lr, p);
	}
	putle(iv, s->ivec);
}

void
bfcbcdecrypt(BFstate *s, uchar *p, int n)
{
	u32int lr[2], iv[2], c[2];

	getle(s->ivec, iv);
	for(; n >= BFbsize; n -= BFbsize, p += BFbsize){
		getle(p, lr);
		c[0] = lr[0];
		c[1] = lr[1];
		bfdecrypt(s, lr);
		lr[0] ^= iv[0];
		lr[1] ^= iv[1];
		putle(lr, p);
		iv[0] = c[0];
		iv[1] = c[1];
	}
	putle(iv, s->ivec);
}
