/*
 * aes.c -- AES (FIPS 197), and Inferno's chaining of it: CBC with a
 * last short piece enciphered as a stream (the next ivec enciphered,
 * XORed in), so that a decryptor must use the encryptor's sizes.
 * The S-box is computed on first use: the inverse in GF(2^8) modulo
 * x^8+x^4+x^3+x+1, then the affine map of FIPS 197, 5.1.1.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

static uchar	sbox[256];
static uchar	isbox[256];

static uchar
xtime(uchar b)
{
	return b<<1 ^ (b & 0x80 ? 0x1b : 0);
}

static uchar
gmul(uchar a, uchar b)
{
	uchar p;

	p = 0;
	while(b != 0){
		if(b & 1)
			p ^= a;
		a = xtime(a);
		b >>= 1;
	}
	return p;
}

static void
mksbox(void)
{
	int i, j;
	uchar inv, s;

	if(sbox[0] == 0x63)
		return;
	for(i = 0; i < 256; i++){
		inv = 0;
		if(i != 0)
			for(j = 1; j < 256; j++)
				if(gmul(i, j) == 1){
					inv = j;
					break;
				}
		s = inv;
		for(j = 1; j <= 4; j++)
			s ^= inv<<j | inv>>(8-j);
		s ^= 0x63;
		isbox[s] = i;
		sbox[i] = s;
	}
}

static u32int
subword(u32int w)
{
	return (u32int)sbox[w>>24]<<24 | sbox[w>>16&255]<<16 | sbox[w>>8&255]<<8 | sbox[w&255];
}

/* the key schedule of FIPS 197, 5.2, for 16, 24 or 32 bytes of key */
void
aessetup(AESstate *s, uchar *key, int nkey, uchar *ivec)
{
	int i, nk, nw;
	u32int t, rcon;

	mksbox();
	memset(s, 0, sizeof *s);
	nk = nkey/4;
	s->rounds = nk+6;
	nw = 4*(s->rounds+1);
	for(i = 0; i < nk; i++)
		s->ek[i] = (u32int)key[4*i]<<24 | key[4*i+1]<<16 | key[4*i+2]<<8 | key[4*i+3];
	rcon = 1;
	for(i = nk; i < nw; i++){
		t = s->ek[i-1];
		if(i%nk == 0){
			t = subword(t<<8 | t>>24) ^ (u32int)rcon<<24;
			rcon = xtime(rcon);
		}else if(nk > 6 && i%nk == 4)
			t = subword(t);
		s->ek[i] = s->ek[i-nk] ^ t;
	}
	if(ivec != nil)
		memmove(s->ivec, ivec, AESbsize);
}

static void
addkey(uchar *b, u32int *k)
{
	int i;

	for(i = 0; i < 16; i++)
		b[i] ^= k[i/4] >> (24-8*(i%4));
}

/* row r of the state (bytes r, r+4, r+8, r+12) turned left by r */
static void
shiftrows(uchar *b, int inv)
{
	uchar t[16];
	int r, c;

	for(r = 1; r < 4; r++)
		for(c = 0; c < 4; c++)
			if(inv)
				t[r+4*((c+r)%4)] = b[r+4*c];
			else
				t[r+4*c] = b[r+4*((c+r)%4)];
	for(r = 1; r < 4; r++)
		for(c = 0; c < 4; c++)
			b[r+4*c] = t[r+4*c];
}

static void
mixcolumns(uchar *b, int inv)
{
	uchar a0, a1, a2, a3, *c;
	int i;

	for(i = 0; i < 4; i++){
		c = b+4*i;
		a0 = c[0];
		a1 = c[1];
		a2 = c[2];
		a3 = c[3];
		if(!inv){
			c[0] = xtime(a0) ^ xtime(a1)^a1 ^ a2 ^ a3;
			c[1] = a0 ^ xtime(a1) ^ xtime(a2)^a2 ^ a3;
			c[2] = a0 ^ a1 ^ xtime(a2) ^ xtime(a3)^a3;
			c[3] = xtime(a0)^a0 ^ a1 ^ a2 ^ xtime(a3);
		}else{
			c[0] = gmul(a0, 14) ^ gmul(a1, 11) ^ gmul(a2, 13) ^ gmul(a3, 9);
			c[1] = gmul(a0, 9) ^ gmul(a1, 14) ^ gmul(a2, 11) ^ gmul(a3, 13);
			c[2] = gmul(a0, 13) ^ gmul(a1, 9) ^ gmul(a2, 14) ^ gmul(a3, 11);
			c[3] = gmul(a0, 11) ^ gmul(a1, 13) ^ gmul(a2, 9) ^ gmul(a3, 14);
		}
	}
}

/* encipher the 16 bytes at b in place */
void
aesencrypt(AESstate *s, uchar *b)
{
	int r, i;

	addkey(b, s->ek);
	for(r = 1; r <= s->rounds; r++){
		for(i = 0; i < 16; i++)
			b[i] = sbox[b[i]];
		shiftrows(b, 0);
		if(r != s->rounds)
			mixcolumns(b, 0);
		addkey(b, s->ek+4*r);
	}
}

/* the inverse cipher of FIPS 197, 5.3 */
void
aesdecrypt(AESstate *s, uchar *b)
{
	int r, i;

	addkey(b, s->ek+4*s->rounds);
	for(r = s->rounds-1; r >= 0; r--){
		shiftrows(b, 1);
		for(i = 0; i < 16; i++)
			b[i] = isbox[b[i]];
		addkey(b, s->ek+4*r);
		if(r != 0)
			mixcolumns(b, 1);
	}
}

/* the last n < 16 bytes: XORed with the enciphered ivec, the new ivec */
static void
aestail(AESstate *s, uchar *p, int n)
{
	int i;

	aesencrypt(s, s->ivec);
	for(i = 0; i < n; i++)
		p[i] ^= s->ivec[i];
}

void
aescbcencrypt(AESstate *s, uchar *p, int n)
{
	int i;

	for(; n >= AESbsize; n -= AESbsize, p += AESbsize){
		for(i = 0; i < AESbsize; i++)
			p[i] ^= s->ivec[i];
		aesencrypt(s, p);
		memmove(s->ivec, p, AESbsize);
	}
	if(n > 0)
		aestail(s, p, n);
}

void
aescbcdecrypt(AESstate *s, uchar *p, int n)
{
	uchar c[AESbsize];
	int i;

	for(; n >= AESbsize; n -= AESbsize, p += AESbsize){
		memmove(c, p, AESbsize);
		aesdecrypt(s, p);
		for(i = 0; i < AESbsize; i++)
			p[i] ^= s->ivec[i];
		memmove(s->ivec, c, AESbsize);
	}
	if(n > 0)
		aestail(s, p, n);
}
