/*
 * lib9's digests against the test vectors of their standards: RFC 1320
 * (MD4), RFC 1321 (MD5), FIPS 180 (SHA-1, SHA-2), RFC 2202 and RFC 2104
 * (HMAC-SHA1, HMAC-MD5); a message fed in pieces of every length from 1
 * to 200 gives the digest it gives whole.
 */
#include <u.h>
#include <lib9.h>

static char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
static char m448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static char m896[] = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
static char digits[] = "12345678901234567890123456789012345678901234567890123456789012345678901234567890";

typedef struct Vec Vec;
struct Vec
{
	int	alg;
	char*	msg;
	int	rep;	/* times msg is fed: the million a's */
	char*	want;
};

static Vec vecs[] = {
	{ Dmd4, "", 1, "31d6cfe0d16ae931b73c59d7e0c089c0" },
	{ Dmd4, "a", 1, "bde52cb31de33e46245e05fbdbd6fb24" },
	{ Dmd4, "abc", 1, "a448017aaf21d8525fc10ae87aa6729d" },
	{ Dmd4, "message digest", 1, "d9130a8164549fe818874806e1c7014b" },
	{ Dmd4, "abcdefghijklmnopqrstuvwxyz", 1, "d79e1c308aa5bbcdeea8ed63df412da9" },
	{ Dmd4, alnum, 1, "043f8582f241db351ce627e153e7f0e4" },
	{ Dmd4, digits, 1, "e33b4ddc9c38f2199c3e7b164fcc0536" },
	{ Dmd5, "", 1, "d41d8cd98f00b204e9800998ecf8427e" },
	{ Dmd5, "a", 1, "0cc175b9c0f1b6a831c399e269772661" },
	{ Dmd5, "abc", 1, "900150983cd24fb0d6963f7d28e17f72" },
	{ Dmd5, "message digest", 1, "f96b697d7cb7938d525a2f31aaf161d0" },
	{ Dmd5, "abcdefghijklmnopqrstuvwxyz", 1, "c3fcd3d76192e4007dfb496cca67e13b" },
	{ Dmd5, alnum, 1, "d174ab98d277d9f5a5611c2c9f419d9f" },
	{ Dmd5, digits, 1, "57edf4a22be3c955ac49da2e2107b67a" },
	{ Dsha1, "", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709" },
	{ Dsha1, "abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ Dsha1, m448, 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
	{ Dsha1, "a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
	{ Dsha224, "", 1, "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
	{ Dsha224, "abc", 1, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
	{ Dsha224, m448, 1, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
	{ Dsha256, "", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
	{ Dsha256, "abc", 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ Dsha256, m448, 1, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
	{ Dsha256, "a", 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
	{ Dsha384, "abc", 1, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
	{ Dsha384, m896, 1, "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039" },
	{ Dsha512, "", 1, "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
	{ Dsha512, "abc", 1, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
	{ Dsha512, m896, 1, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
};

static char *names[] = { "md4", "md5", "sha1", "sha224", "sha256", "sha384", "sha512" };
static int nfail;

static char*
hex(uchar *d, int n)
{
	static char buf[2*Dmaxlen+1];
	int i;

	for(i = 0; i < n; i++)
		snprint(buf+2*i, 3, "%.2ux", d[i]);
	buf[2*n] = 0;
	return buf;
}

static void
check(char *what, uchar *d, int n, char *want)
{
	if(strcmp(hex(d, n), want) != 0){
		print("FAIL %s: %s, want %s\n", what, hex(d, n), want);
		nfail++;
	}
}

static void
hmac(int alg, uchar *key, int klen, uchar *msg, int mlen, char *want)
{
	Digest d;
	uchar out[Dmaxlen];

	if(!hmacinit(&d, alg, key, klen)){
		print("FAIL hmac %s: key refused\n", names[alg]);
		nfail++;
		return;
	}
	digupdate(&d, msg, mlen);
	hmacfinal(&d, key, klen, out);
	check(names[alg], out, digestlen(alg), want);
}

/* the message digested in pieces of every size, and whole */
static void
pieces(int alg)
{
	Digest d;
	uchar msg[1000], whole[Dmaxlen], out[Dmaxlen];
	int i, k, n;

	for(i = 0; i < sizeof msg; i++)
		msg[i] = i*7 + i/251;
	diginit(&d, alg);
	digupdate(&d, msg, sizeof msg);
	digfinal(&d, whole);
	for(k = 1; k <= 200; k++){
		diginit(&d, alg);
		for(i = 0; i < sizeof msg; i += n){
			n = k;
			if(n > sizeof msg - i)
				n = sizeof msg - i;
			digupdate(&d, msg+i, n);
		}
		digfinal(&d, out);
		if(memcmp(out, whole, digestlen(alg)) != 0){
			print("FAIL %s in pieces of %d\n", names[alg], k);
			nfail++;
			return;
		}
	}
}

int
main(void)
{
	Digest d;
	Vec *v;
	uchar out[Dmaxlen], k[20], m[50];
	int i;

	for(v = vecs; v < vecs+nelem(vecs); v++){
		diginit(&d, v->alg);
		for(i = 0; i < v->rep; i++)
			digupdate(&d, (uchar*)v->msg, strlen(v->msg));
		digfinal(&d, out);
		check(names[v->alg], out, digestlen(v->alg), v->want);
	}
	memset(k, 0x0b, sizeof k);
	hmac(Dmd5, k, 16, (uchar*)"Hi There", 8, "9294727a3638bb1c13f48ef8158bfc9d");
	hmac(Dsha1, k, 20, (uchar*)"Hi There", 8, "b617318655057264e28bc0b6fb378c8ef146be00");
	hmac(Dmd5, (uchar*)"Jefe", 4, (uchar*)"what do ya want for nothing?", 28, "750c783e6ab0b503eaa86e310a5db738");
	hmac(Dsha1, (uchar*)"Jefe", 4, (uchar*)"what do ya want for nothing?", 28, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
	memset(k, 0xaa, sizeof k);
	memset(m, 0xdd, sizeof m);
	hmac(Dmd5, k, 16, m, 50, "56be34521d144c88dbb8c733f0e8b3f6");
	hmac(Dsha1, k, 20, m, 50, "125d7342b9ac11cd91a39af48aa17b4f63f175d3");
	for(i = 0; i < Ndigest; i++)
		pieces(i);
	if(diginit(&d, Ndigest) || hmacinit(&d, Dmd5, k, 65)){
		print("FAIL: bad algorithm or long key accepted\n");
		nfail++;
	}
	print("%d vectors, %d failed\n", nelem(vecs)+6+Ndigest, nfail);
	return nfail != 0;
}
