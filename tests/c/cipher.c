/*
 * lib9's ciphers against their standards' vectors: AES (FIPS 197,
 * Appendix C; SP 800-38A, F.2 for CBC), DES (FIPS 81's CBC example and
 * the classic worked example of FIPS 46's key schedule), triple DES
 * with three equal keys (which is DES), IDEA (Lai's thesis), Blowfish
 * (Schneier's vectors, big-endian halves), RC4 (RFC 6229), and the
 * modes as Inferno has them: AES's short last piece, Blowfish's
 * little-endian CBC, RC4 stepped back.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

static int nfail, ncheck;

static int
unhex(char *s, uchar *p)
{
	int n, c, v;

	for(n = 0; s[0] && s[1]; s += 2, n++){
		v = 0;
		for(c = 0; c < 2; c++){
			v <<= 4;
			if(s[c] >= '0' && s[c] <= '9')
				v |= s[c]-'0';
			else
				v |= (s[c]|0x20)-'a'+10;
		}
		p[n] = v;
	}
	return n;
}

static void
check(char *what, uchar *p, int n, char *want)
{
	char got[512];
	int i;

	for(i = 0; i < n; i++)
		snprint(got+2*i, 3, "%.2ux", p[i]);
	ncheck++;
	if(strcmp(got, want) != 0){
		print("FAIL %s: %s, want %s\n", what, got, want);
		nfail++;
	}
}

static void
aes(void)
{
	static char *keys[] = {
		"000102030405060708090a0b0c0d0e0f",
		"000102030405060708090a0b0c0d0e0f1011121314151617",
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	};
	static char *want[] = {
		"69c4e0d86a7b0430d8cdb78070b4c55a",
		"dda97ca4864cdfe06eaf70a0ec0d7191",
		"8ea2b7ca516745bfeafc49904b496089",
	};
	AESstate s;
	uchar k[32], b[64], iv[16];
	int i, n;

	for(i = 0; i < 3; i++){
		n = unhex(keys[i], k);
		unhex("00112233445566778899aabbccddeeff", b);
		aessetup(&s, k, n, nil);
		aesencrypt(&s, b);
		check("aes", b, 16, want[i]);
		aesdecrypt(&s, b);
		check("aes decrypt", b, 16, "00112233445566778899aabbccddeeff");
	}
	unhex("2b7e151628aed2a6abf7158809cf4f3c", k);
	unhex("000102030405060708090a0b0c0d0e0f", iv);
	unhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710", b);
	aessetup(&s, k, 16, iv);
	aescbcencrypt(&s, b, 64);
	check("aes cbc", b, 64, "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b273bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7");
	aessetup(&s, k, 16, iv);
	aescbcdecrypt(&s, b, 64);
	check("aes cbc decrypt", b, 16, "6bc1bee22e409f96e93d7e117393172a");
	/* a short piece is the enciphered ivec XORed in */
	aessetup(&s, k, 16, iv);
	memset(b, 0, 5);
	aescbcencrypt(&s, b, 5);
	memmove(b+16, iv, 16);
	aesencrypt(&s, b+16);
	check("aes short piece", b, 5, "50fe67cc99");
	check("aes short piece ivec", s.ivec, 16, "50fe67cc996d32b6da0937e99bafec60");
}

static void
des(void)
{
	DESstate s, s3[3];
	uchar k[8], b[32], iv[8];
	int i;

	unhex("133457799bbcdff1", k);
	unhex("0123456789abcdef", b);
	dessetup(&s, k, nil);
	desblock(&s, b, 0);
	check("des", b, 8, "85e813540f0ab405");
	desblock(&s, b, 1);
	check("des decrypt", b, 8, "0123456789abcdef");
	unhex("0123456789abcdef", k);
	unhex("1234567890abcdef", iv);
	memmove(b, "Now is the time for all ", 24);
	dessetup(&s, k, iv);
	descbcencrypt(&s, b, 24);
	check("des cbc", b, 24, "e5c7cdde872bf27c43e934008c389c0f683788499a7c05f6");
	dessetup(&s, k, iv);
	descbcdecrypt(&s, b, 24);
	check("des cbc decrypt", b, 24, "4e6f77206973207468652074696d6520666f7220616c6c20");
	for(i = 0; i < 3; i++)
		dessetup(&s3[i], k, nil);
	memmove(b, "Now is t", 8);
	des3block(s3, b, 0);
	check("3des equal keys", b, 8, "3fa40e8a984d4815");
	des3block(s3, b, 1);
	check("3des decrypt", b, 8, "4e6f772069732074");
}

static void
idea(void)
{
	IDEAstate s;
	uchar k[16], b[8];

	unhex("00010002000300040005000600070008", k);
	unhex("0000000100020003", b);
	ideasetup(&s, k, nil);
	ideablock(&s, b, 0);
	check("idea", b, 8, "11fbed2b01986de5");
	ideablock(&s, b, 1);
	check("idea decrypt", b, 8, "0000000100020003");
}

static void
blowfish(void)
{
	static char *vec[][3] = {
		{"0000000000000000", "0000000000000000", "4ef997456198dd78"},
		{"ffffffffffffffff", "ffffffffffffffff", "51866fd5b85ecb8a"},
		{"3000000000000000", "1000000000000001", "7d856f9a613063f2"},
	};
	BFstate s;
	uchar k[8], b[16], out[8];
	u32int lr[2];
	int i, j;

	for(i = 0; i < nelem(vec); i++){
		unhex(vec[i][0], k);
		unhex(vec[i][1], b);
		bfsetup(&s, k, 8, nil);
		lr[0] = b[0]<<24 | b[1]<<16 | b[2]<<8 | b[3];
		lr[1] = b[4]<<24 | b[5]<<16 | b[6]<<8 | b[7];
		bfencrypt(&s, lr);
		for(j = 0; j < 4; j++){
			out[j] = lr[0] >> (24-8*j);
			out[4+j] = lr[1] >> (24-8*j);
		}
		check("blowfish", out, 8, vec[i][2]);
		bfdecrypt(&s, lr);
		for(j = 0; j < 4; j++){
			out[j] = lr[0] >> (24-8*j);
			out[4+j] = lr[1] >> (24-8*j);
		}
		check("blowfish decrypt", out, 8, vec[i][1]);
	}
	/* CBC of the little-endian halves: the first block with a zero ivec is ECB of the swapped bytes */
	unhex("3000000000000000", k);
	unhex("0000001001000000", b);
	bfsetup(&s, k, 8, nil);
	bfcbcencrypt(&s, b, 8);
	check("blowfish cbc", b, 8, "9a6f857df2633061");
	bfsetup(&s, k, 8, nil);
	bfcbcdecrypt(&s, b, 8);
	check("blowfish cbc decrypt", b, 8, "0000001001000000");
}

static void
rc4test(void)
{
	RC4state s;
	uchar k[8], b[64];

	unhex("0102030405", k);
	rc4setup(&s, k, 5);
	memset(b, 0, sizeof b);
	rc4(&s, b, 32);
	check("rc4", b, 32, "b2396305f03dc027ccc3524a0a1118a86982944f18fc82d589c403a47a0d0919");
	rc4back(&s, 32);
	memset(b, 0, sizeof b);
	rc4(&s, b, 16);
	check("rc4 back", b, 16, "b2396305f03dc027ccc3524a0a1118a8");
	rc4skip(&s, 16);
	memset(b, 0, sizeof b);
	rc4(&s, b, 8);
	check("rc4 skip", b, 8, "b68f78c28d15d822");	/* offset 32 */
	rc4setup(&s, (uchar*)"Key", 3);
	memmove(b, "Plaintext", 9);
	rc4(&s, b, 9);
	check("rc4 key", b, 9, "bbf316e8d940af0ad3");
}

int
main(void)
{
	aes();
	des();
	idea();
	blowfish();
	rc4test();
	print("%d checks, %d failed\n", ncheck, nfail);
	return nfail != 0;
}
