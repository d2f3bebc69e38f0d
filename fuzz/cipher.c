/*
 * libFuzzer harness for lib9's ciphers (aes.c, des.c, idea.c,
 * blowfish.c, rc4.c): the input gives a cipher, a key, an
 * initialisation vector and data; each is enciphered and deciphered
 * again (in one call and in pieces where the mode allows) and must come
 * back as it was, and RC4 stepped back must give its stream again; a
 * failure aborts, as does any memory error ASan finds.  Built natively
 * (fuzz/mkfile).
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>
#include <stdlib.h>

static void
must(int cond, char *what)
{
	if(!cond){
		fprint(2, "cipherfuzz: %s\n", what);
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uchar *data, size_t size)
{
	static AESstate aes, aes2;
	static DESstate des[3], des2;
	static IDEAstate idea, idea2;
	static BFstate bf, bf2;
	static RC4state rc, rc2;
	uchar key[64], iv[16], *buf, *orig, *p, *e;
	int op, klen, n, i, cut;

	if(size < 3)
		return 0;
	p = (uchar*)data;
	e = p + size;
	op = *p++;
	klen = *p++ % 65;
	if(klen > e - p)
		klen = e - p;
	memset(key, 0, sizeof key);
	memmove(key, p, klen);
	p += klen;
	memset(iv, 0, sizeof iv);
	n = e - p < 16 ? e - p : 16;
	memmove(iv, p, n);
	p += n;
	n = e - p;
	buf = malloc(n+1);
	orig = malloc(n+1);
	must(buf != nil && orig != nil, "malloc");
	memmove(buf, p, n);
	memmove(orig, p, n);
	cut = n/2;
	switch(op % 6){
	case 0:		/* AES: any length, a short piece last */
		klen = klen < 24 ? 16 : klen < 32 ? 24 : 32;
		aessetup(&aes, key, klen, iv);
		aescbcencrypt(&aes, buf, cut);
		aescbcencrypt(&aes, buf+cut, n-cut);
		aessetup(&aes2, key, klen, iv);
		aescbcdecrypt(&aes2, buf, cut);
		aescbcdecrypt(&aes2, buf+cut, n-cut);
		break;
	case 1:		/* DES CBC and ECB, whole blocks */
		n -= n % DESbsize;
		cut -= cut % DESbsize;
		dessetup(&des[0], key, iv);
		descbcencrypt(&des[0], buf, cut);
		descbcencrypt(&des[0], buf+cut, n-cut);
		dessetup(&des2, key, iv);
		descbcdecrypt(&des2, buf, n);
		for(i = 0; i < n; i += DESbsize){
			desblock(&des2, buf+i, 0);
			desblock(&des2, buf+i, 1);
		}
		break;
	case 2:		/* triple DES */
		n -= n % DESbsize;
		for(i = 0; i < 3; i++)
			dessetup(&des[i], key+8*i, nil);
		for(i = 0; i < n; i += DESbsize)
			des3block(des, buf+i, 0);
		for(i = 0; i < n; i += DESbsize)
			des3block(des, buf+i, 1);
		break;
	case 3:		/* IDEA */
		n -= n % IDEAbsize;
		cut -= cut % IDEAbsize;
		ideasetup(&idea, key, iv);
		ideacbcencrypt(&idea, buf, cut);
		ideacbcencrypt(&idea, buf+cut, n-cut);
		ideasetup(&idea2, key, iv);
		ideacbcdecrypt(&idea2, buf, n);
		for(i = 0; i < n; i += IDEAbsize){
			ideablock(&idea2, buf+i, 0);
			ideablock(&idea2, buf+i, 1);
		}
		break;
	case 4:		/* Blowfish: keys of 1 to 64 bytes (56 used) */
		n -= n % BFbsize;
		cut -= cut % BFbsize;
		bfsetup(&bf, key, klen > 0 ? klen : 1, iv);
		bfcbcencrypt(&bf, buf, cut);
		bfcbcencrypt(&bf, buf+cut, n-cut);
		bfsetup(&bf2, key, klen > 0 ? klen : 1, iv);
		bfcbcdecrypt(&bf2, buf, n);
		break;
	case 5:		/* RC4: stepped back, the same stream deciphers; skipping is streaming */
		rc4setup(&rc, key, klen > 0 ? klen : 1);
		rc2 = rc;
		rc4(&rc, buf, n);
		rc4skip(&rc2, n);
		must(memcmp(&rc, &rc2, sizeof rc) == 0, "rc4skip is not rc4");
		rc4back(&rc, n);
		rc4(&rc, buf, n);
		break;
	}
	must(memcmp(buf, orig, n) == 0, "deciphered text differs");
	free(buf);
	free(orig);
	return 0;
}
