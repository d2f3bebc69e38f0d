#include <u.h>
#include <lib9.h>
#include "limbo.h"

/* MD5 message digest (RFC 1321), used for type signatures */

static int S[64] = {
	7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
	5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
	4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
	6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
};

/* Ktab[i] = floor(abs(sin(i+1)) * 2^32) */
static u32int Ktab[64] = {
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

static u32int
rol(u32int x, int n)
{
	return x<<n | x>>(32-n);
}

static void
block(u32int *h, uchar *p)
{
	u32int w[16], a, b, c, d, f, t;
	int i, g;

	for(i = 0; i < 16; i++)
		w[i] = p[4*i] | p[4*i+1]<<8 | p[4*i+2]<<16 | (u32int)p[4*i+3]<<24;
	a = h[0]; b = h[1]; c = h[2]; d = h[3];
	for(i = 0; i < 64; i++){
		if(i < 16){
			f = (b & c) | (~b & d);
			g = i;
		}else if(i < 32){
			f = (d & b) | (~d & c);
			g = (5*i + 1) % 16;
		}else if(i < 48){
			f = b ^ c ^ d;
			g = (3*i + 5) % 16;
		}else{
			f = c ^ (b | ~d);
			g = (7*i) % 16;
		}
		t = d;
		d = c;
		c = b;
		b = b + rol(a + f + Ktab[i] + w[g], S[i]);
		a = t;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d;
}

void
md5(uchar *p, ulong n, uchar *digest)
{
	u32int h[4];
	uchar buf[128];
	uvlong bits;
	ulong i, r;

	h[0] = 0x67452301;
	h[1] = 0xefcdab89;
	h[2] = 0x98badcfe;
	h[3] = 0x10325476;
	bits = (uvlong)n * 8;
	for(i = 0; i + 64 <= n; i += 64)
		block(h, p+i);
	r = n - i;
	memset(buf, 0, sizeof buf);
	memmove(buf, p+i, r);
	buf[r] = 0x80;
	if(r + 1 + 8 > 64){
		for(i = 0; i < 8; i++)
			buf[120+i] = bits >> (8*i);
		block(h, buf);
		block(h, buf+64);
	}else{
		for(i = 0; i < 8; i++)
			buf[56+i] = bits >> (8*i);
		block(h, buf);
	}
	for(i = 0; i < 4; i++){
		digest[4*i] = h[i];
		digest[4*i+1] = h[i]>>8;
		digest[4*i+2] = h[i]>>16;
		digest[4*i+3] = h[i]>>24;
	}
}
