/*
 * Message digests: MD4 (RFC 1320), MD5 (RFC 1321), SHA-1, SHA-224,
 * SHA-256, SHA-384 and SHA-512 (FIPS 180-4), and HMAC over them
 * (RFC 2104).  A Digest is fed any number of bytes (digupdate) and gives
 * the digest once (digfinal).  The round constants were computed from
 * their definitions (the fractional parts of square and cube roots of
 * the first primes; floor(2^32 |sin i|) for MD5) and are checked by the
 * standards' test vectors in tests/c/digest.c.
 */
#include "u.h"
#include "lib9.h"

typedef struct Alg Alg;
struct Alg
{
	int	dlen;		/* digest bytes */
	int	block;		/* block bytes: 64 or 128 */
	int	bigend;		/* words and length big-endian (SHA) */
	void	(*compress)(Digest*, uchar*);
};

static void	md4block(Digest*, uchar*);
static void	md5block(Digest*, uchar*);
static void	sha1block(Digest*, uchar*);
static void	sha256block(Digest*, uchar*);
static void	sha512block(Digest*, uchar*);

static Alg algs[Ndigest] = {
[Dmd4]		{ 16, 64, 0, md4block },
[Dmd5]		{ 16, 64, 0, md5block },
[Dsha1]		{ 20, 64, 1, sha1block },
[Dsha224]	{ 28, 64, 1, sha256block },
[Dsha256]	{ 32, 64, 1, sha256block },
[Dsha384]	{ 48, 128, 1, sha512block },
[Dsha512]	{ 64, 128, 1, sha512block },
};

static u32int md5k[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* MD5's shift amounts: four per round, each used four times */
static uchar md5s[4][4] = {
	{ 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 },
};

static u32int sha256k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static u64int sha512k[80] = {
	0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
	0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
	0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
	0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
	0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
	0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
	0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
	0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
	0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
	0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
	0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
	0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
	0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
	0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
	0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
	0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
	0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
	0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
	0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
	0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* initial values: MD4, MD5 and SHA-1 share the first four words */
static u32int mdinit[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };
static u32int sha224init[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};
static u32int sha256init[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static u64int sha384init[8] = {
	0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
	0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL,
};
static u64int sha512init[8] = {
	0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
	0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

static u32int
rol(u32int x, int n)
{
	return x<<n | x>>(32-n);
}

static u32int
ror(u32int x, int n)
{
	return x>>n | x<<(32-n);
}

static u64int
ror64(u64int x, int n)
{
	return x>>n | x<<(64-n);
}

static u32int
le32(uchar *p)
{
	return p[0] | p[1]<<8 | p[2]<<16 | (u32int)p[3]<<24;
}

static u32int
be32(uchar *p)
{
	return (u32int)p[0]<<24 | p[1]<<16 | p[2]<<8 | p[3];
}

static u64int
be64(uchar *p)
{
	return (u64int)be32(p)<<32 | be32(p+4);
}

static void
md4block(Digest *d, uchar *p)
{
	/* the order of the message words in rounds 2 and 3, and the shifts */
	static uchar r2[16] = { 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15 };
	static uchar r3[16] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };
	static uchar s[3][4] = { { 3, 7, 11, 19 }, { 3, 5, 9, 13 }, { 3, 9, 11, 15 } };
	u32int x[16], a, b, c, dd, t;
	int i;

	for(i = 0; i < 16; i++)
		x[i] = le32(p+4*i);
	a = d->h32[0]; b = d->h32[1]; c = d->h32[2]; dd = d->h32[3];
	for(i = 0; i < 48; i++){
		if(i < 16)
			t = a + ((b & c) | (~b & dd)) + x[i];
		else if(i < 32)
			t = a + ((b & c) | (b & dd) | (c & dd)) + x[r2[i-16]] + 0x5a827999;
		else
			t = a + (b ^ c ^ dd) + x[r3[i-32]] + 0x6ed9eba1;
		t = rol(t, s[i/16][i%4]);
		a = dd; dd = c; c = b; b = t;
	}
	d->h32[0] += a; d->h32[1] += b; d->h32[2] += c; d->h32[3] += dd;
}

static void
md5block(Digest *d, uchar *p)
{
	u32int x[16], a, b, c, dd, f, t;
	int i, g;

	for(i = 0; i < 16; i++)
		x[i] = le32(p+4*i);
	a = d->h32[0]; b = d->h32[1]; c = d->h32[2]; dd = d->h32[3];
	for(i = 0; i < 64; i++){
		switch(i/16){
		case 0:	f = (b & c) | (~b & dd); g = i; break;
		case 1:	f = (b & dd) | (c & ~dd); g = (5*i + 1) % 16; break;
		case 2:	f = b ^ c ^ dd; g = (3*i + 5) % 16; break;
		default:	f = c ^ (b | ~dd); g = 7*i % 16; break;
		}
		t = b + rol(a + f + md5k[i] + x[g], md5s[i/16][i%4]);
		a = dd; dd = c; c = b; b = t;
	}
	d->h32[0] += a; d->h32[1] += b; d->h32[2] += c; d->h32[3] += dd;
}

static void
sha1block(Digest *d, uchar *p)
{
	u32int w[80], a, b, c, dd, e, f, k, t;
	int i;

	for(i = 0; i < 16; i++)
		w[i] = be32(p+4*i);
	for(; i < 80; i++)
		w[i] = rol(w[i-3] ^ w[i-8] ^ w[i-14] ^ w[i-16], 1);
	a = d->h32[0]; b = d->h32[1]; c = d->h32[2]; dd = d->h32[3]; e = d->h32[4];
	for(i = 0; i < 80; i++){
		if(i < 20){
			f = (b & c) | (~b & dd);
			k = 0x5a827999;
		}else if(i < 40){
			f = b ^ c ^ dd;
			k = 0x6ed9eba1;
		}else if(i < 60){
			f = (b & c) | (b & dd) | (c & dd);
			k = 0x8f1bbcdc;
		}else{
			f = b ^ c ^ dd;
			k = 0xca62c1d6;
		}
		t = rol(a, 5) + f + e + w[i] + k;
		e = dd; dd = c; c = rol(b, 30); b = a; a = t;
	}
	d->h32[0] += a; d->h32[1] += b; d->h32[2] += c; d->h32[3] += dd; d->h32[4] += e;
}

static void
sha256block(Digest *d, uchar *p)
{
	u32int w[64], v[8], s0, s1, t1, t2;
	int i;

	for(i = 0; i < 16; i++)
		w[i] = be32(p+4*i);
	for(; i < 64; i++){
		s0 = ror(w[i-15], 7) ^ ror(w[i-15], 18) ^ w[i-15]>>3;
		s1 = ror(w[i-2], 17) ^ ror(w[i-2], 19) ^ w[i-2]>>10;
		w[i] = w[i-16] + s0 + w[i-7] + s1;
	}
	memmove(v, d->h32, sizeof v);
	for(i = 0; i < 64; i++){
		t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25))
			+ ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha256k[i] + w[i];
		t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22))
			+ ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v+1, v, 7*sizeof v[0]);
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for(i = 0; i < 8; i++)
		d->h32[i] += v[i];
}

static void
sha512block(Digest *d, uchar *p)
{
	u64int w[80], v[8], s0, s1, t1, t2;
	int i;

	for(i = 0; i < 16; i++)
		w[i] = be64(p+8*i);
	for(; i < 80; i++){
		s0 = ror64(w[i-15], 1) ^ ror64(w[i-15], 8) ^ w[i-15]>>7;
		s1 = ror64(w[i-2], 19) ^ ror64(w[i-2], 61) ^ w[i-2]>>6;
		w[i] = w[i-16] + s0 + w[i-7] + s1;
	}
	memmove(v, d->h64, sizeof v);
	for(i = 0; i < 80; i++){
		t1 = v[7] + (ror64(v[4], 14) ^ ror64(v[4], 18) ^ ror64(v[4], 41))
			+ ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha512k[i] + w[i];
		t2 = (ror64(v[0], 28) ^ ror64(v[0], 34) ^ ror64(v[0], 39))
			+ ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v+1, v, 7*sizeof v[0]);
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for(i = 0; i < 8; i++)
		d->h64[i] += v[i];
}

int
digestlen(int alg)
{
	if(alg < 0 || alg >= Ndigest)
		return 0;
	return algs[alg].dlen;
}

int
digestblock(int alg)
{
	if(alg < 0 || alg >= Ndigest)
		return 0;
	return algs[alg].block;
}

/* start d on algorithm alg (Dmd4 ...); 0 if there is no such */
int
diginit(Digest *d, int alg)
{
	memset(d, 0, sizeof *d);
	if(alg < 0 || alg >= Ndigest)
		return 0;
	d->alg = alg;
	switch(alg){
	case Dsha224:	memmove(d->h32, sha224init, sizeof sha224init); break;
	case Dsha256:	memmove(d->h32, sha256init, sizeof sha256init); break;
	case Dsha384:	memmove(d->h64, sha384init, sizeof sha384init); break;
	case Dsha512:	memmove(d->h64, sha512init, sizeof sha512init); break;
	default:	memmove(d->h32, mdinit, sizeof mdinit); break;
	}
	return 1;
}

void
digupdate(Digest *d, uchar *p, ulong n)
{
	Alg *a;
	ulong m;

	a = &algs[d->alg];
	d->len += n;
	if(d->nbuf > 0){
		m = a->block - d->nbuf;
		if(m > n)
			m = n;
		memmove(d->buf+d->nbuf, p, m);
		d->nbuf += m;
		p += m;
		n -= m;
		if(d->nbuf < a->block)
			return;
		a->compress(d, d->buf);
		d->nbuf = 0;
	}
	for(; n >= a->block; n -= a->block, p += a->block)
		a->compress(d, p);
	memmove(d->buf, p, n);
	d->nbuf = n;
}

/*
 * pad with 0x80, zeros and the length in bits (8 bytes for 64-byte
 * blocks, 16 for 128), then write the digest into out.  d is spent.
 */
void
digfinal(Digest *d, uchar *out)
{
	Alg *a;
	uchar pad[Dmaxblock*2];
	uvlong bits;
	int n, lb, i, j;

	a = &algs[d->alg];
	lb = a->block == 128 ? 16 : 8;
	bits = d->len << 3;
	n = a->block - (d->nbuf + 1 + lb) % a->block;
	if(n == a->block)
		n = 0;
	memset(pad, 0, sizeof pad);
	pad[0] = 0x80;
	n += 1 + lb;
	/* the length: low 64 bits in the last 8 bytes; SHA-384/512's upper ones are len>>61 */
	for(i = 0; i < 8; i++){
		j = a->bigend ? n-1-i : n-8+i;
		pad[j] = bits >> 8*i;
	}
	if(lb == 16)
		pad[n-9] = d->len >> 61;
	digupdate(d, pad, n);
	for(i = 0; i < a->dlen; i++){
		if(a->block == 128)
			out[i] = d->h64[i/8] >> 8*(7 - i%8);
		else if(a->bigend)
			out[i] = d->h32[i/4] >> 8*(3 - i%4);
		else
			out[i] = d->h32[i/4] >> 8*(i%4);
	}
	memset(d, 0, sizeof *d);
}

/* key xor pad (0x36 inner, 0x5c outer), filling a block of alg */
static void
keypad(Digest *d, uchar *key, int klen, int pad)
{
	uchar b[Dmaxblock];
	int i;

	for(i = 0; i < digestblock(d->alg); i++)
		b[i] = (i < klen ? key[i] : 0) ^ pad;
	digupdate(d, b, digestblock(d->alg));
}

/* start an HMAC on alg with key (klen at most the block size): feed d, then hmacfinal */
int
hmacinit(Digest *d, int alg, uchar *key, int klen)
{
	if(!diginit(d, alg) || klen < 0 || klen > digestblock(alg))
		return 0;
	keypad(d, key, klen, 0x36);
	return 1;
}

/* finish the HMAC fed into d with the same key; d is spent */
void
hmacfinal(Digest *d, uchar *key, int klen, uchar *out)
{
	uchar inner[Dmaxlen];
	int alg;

	alg = d->alg;
	digfinal(d, inner);
	diginit(d, alg);
	keypad(d, key, klen, 0x5c);
	digupdate(d, inner, digestlen(alg));
	digfinal(d, out);
}
