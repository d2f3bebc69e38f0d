/*
 * des.c -- DES (FIPS 46-3) and triple DES (EDE, ANSI X9.52), with the
 * standard's tables; bits are numbered from 1 at the most significant
 * end, as FIPS 46-3 numbers them.  The eight S-boxes with the
 * permutation P after them become tables of 64 words each on first use.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

static uchar ip[64] = {
	58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
	62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
	57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3,
	61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7,
};

static uchar ptab[32] = {
	16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
	2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
};

static uchar pc1[56] = {
	57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
	10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
	63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
	14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
};

static uchar pc2[48] = {
	14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10,
	23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
	41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
	44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
};

static uchar shifts[16] = { 1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1 };

static uchar sboxes[8][64] = {
	{14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,
	 0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
	 4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,
	 15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13},
	{15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,
	 3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
	 0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,
	 13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9},
	{10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,
	 13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
	 13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,
	 1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12},
	{7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,
	 13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
	 10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,
	 3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14},
	{2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,
	 14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
	 4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,
	 11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3},
	{12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,
	 10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
	 9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,
	 4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13},
	{4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,
	 13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
	 1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,
	 6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12},
	{13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,
	 1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
	 7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,
	 2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11},
};

/* sp[i][x]: S-box i+1 of the 6 bits x (b1..b6 from the top), then P */
static u32int	sp[8][64];
static int	spdone;

/* bit n (1 = top) of the nbits-bit number v */
#define	BIT(v, n, nbits)	((v)>>((nbits)-(n)) & 1)

static void
mksp(void)
{
	int i, x, row, col, j;
	u32int s, p;

	if(spdone)
		return;
	for(i = 0; i < 8; i++)
		for(x = 0; x < 64; x++){
			row = (x>>4 & 2) | (x & 1);
			col = x>>1 & 15;
			s = (u32int)sboxes[i][16*row+col] << (28-4*i);
			p = 0;
			for(j = 0; j < 32; j++)
				p |= (u32int)BIT(s, ptab[j], 32) << (31-j);
			sp[i][x] = p;
		}
	spdone = 1;
}

static uvlong
permute(uvlong v, int nin, uchar *tab, int nout)
{
	uvlong r;
	int i;

	r = 0;
	for(i = 0; i < nout; i++)
		r = r<<1 | BIT(v, tab[i], nin);
	return r;
}

/* the 16 subkeys of 48 bits of an 8-byte key (parity bits unused) */
void
dessetup(DESstate *s, uchar *key, uchar *ivec)
{
	uvlong k, cd;
	u32int c, d;
	int i, j;

	mksp();
	memset(s, 0, sizeof *s);
	k = 0;
	for(i = 0; i < 8; i++)
		k = k<<8 | key[i];
	cd = permute(k, 64, pc1, 56);
	c = cd>>28;
	d = cd & 0xfffffff;
	for(i = 0; i < 16; i++){
		for(j = 0; j < shifts[i]; j++){
			c = (c<<1 | c>>27) & 0xfffffff;
			d = (d<<1 | d>>27) & 0xfffffff;
		}
		s->k[i] = permute((uvlong)c<<28 | d, 56, pc2, 48);
	}
	if(ivec != nil)
		memmove(s->ivec, ivec, DESbsize);
}

/*
 * the cipher function: E picks six bits from r for each S-box, bits
 * 4i..4i+5 (from 1, 0 being 32 and 33 being 1), a window of r with its
 * last bit before it and its first after it
 */
static u32int
f(u32int r, uvlong k)
{
	uvlong w;
	u32int out;
	int i;

	w = (uvlong)(r & 1)<<33 | (uvlong)r<<1 | r>>31;
	out = 0;
	for(i = 0; i < 8; i++)
		out |= sp[i][(w>>(28-4*i) ^ k>>(42-6*i)) & 63];
	return out;
}

/* encipher (or decipher) the 8 bytes at b in place */
void
desblock(DESstate *s, uchar *b, int decrypt)
{
	uvlong v;
	u32int l, r, t;
	int i;

	v = 0;
	for(i = 0; i < 8; i++)
		v = v<<8 | b[i];
	v = permute(v, 64, ip, 64);
	l = v>>32;
	r = v;
	for(i = 0; i < 16; i++){
		t = r;
		r = l ^ f(r, s->k[decrypt ? 15-i : i]);
		l = t;
	}
	/* the last halves unswapped, then the inverse of IP */
	v = (uvlong)r<<32 | l;
	{
		uvlong w;
		int j;

		w = 0;
		for(j = 0; j < 64; j++)
			if(BIT(v, j+1, 64))
				w |= 1ULL << (64-ip[j]);
		v = w;
	}
	for(i = 7; i >= 0; i--){
		b[i] = v;
		v >>= 8;
	}
}

/* triple DES, EDE: encipher with k[0], decipher with k[1], encipher with k[2] */
void
des3block(DESstate *k, uchar *b, int decrypt)
{
	if(!decrypt){
		desblock(&k[0], b, 0);
		desblock(&k[1], b, 1);
		desblock(&k[2], b, 0);
	}else{
		desblock(&k[2], b, 1);
		desblock(&k[1], b, 0);
		desblock(&k[0], b, 1);
	}
}

void
descbcencrypt(DESstate *s, uchar *p, int n)
{
	int i;

	for(; n >= DESbsize; n -= DESbsize, p += DESbsize){
		for(i = 0; i < DESbsize; i++)
			p[i] ^= s->ivec[i];
		desblock(s, p, 0);
		memmove(s->ivec, p, DESbsize);
	}
}

void
descbcdecrypt(DESstate *s, uchar *p, int n)
{
	uchar c[DESbsize];
	int i;

	for(; n >= DESbsize; n -= DESbsize, p += DESbsize){
		memmove(c, p, DESbsize);
		desblock(s, p, 1);
		for(i = 0; i < DESbsize; i++)
			p[i] ^= s->ivec[i];
		memmove(s->ivec, c, DESbsize);
	}
}
