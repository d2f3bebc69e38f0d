/*
 * $Keyring: the message digests of Inferno's Keyring module, over lib9's
 * digest.c, and their bodies for $Crypt's (crypt.c), which are the same.
 * Function tables and frame structs come from module/keyring.m by limbo
 * -t and -a.
 *
 * A DigestState is a heap block of type TDigest: the word Limbo sees (x)
 * and, hidden behind it, the Digest, which algorithm it runs, and for an
 * HMAC its key.  A state belongs to one algorithm; the call that writes
 * the digest spends it.  Wrong arguments raise Inferno's exceptions:
 * "invalid argument" (a count with no buffer, a negative count), "bad
 * digest value" (a digest array too short), "bad encryption key" (an HMAC
 * key missing or over 64 bytes), and a state of another algorithm, a spent
 * one or not a DigestState at all is an error too.  A count beyond the
 * buffer is cut to its length, as in Inferno.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
/* limbo names the adt's function DigestState_copy; it is Keyring's */
#define	DigestState_copy	Keyring_DigestState_copy
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "keyringmod.h"
#undef	Runtab
#include "raise.h"
#include "fns.h"

typedef struct XDigest XDigest;
struct XDigest
{
	Keyring_DigestState	ds;	/* what Limbo sees */
	int	kind;		/* Dmd5 ..., +Hmac for an HMAC */
	int	spent;		/* its digest has been written */
	Digest	d;
	int	klen;		/* an HMAC's key */
	uchar	key[64];
};

enum
{
	Hmac	= 0x100,
	Maxkey	= 64,
};

static char exBadDigest[]	= "bad digest value";
static char exBadKey[]	= "bad encryption key";
static char exOtherState[]	= "digest state of another algorithm";
static char exSpent[]	= "digest state already finished";
static char exNotState[]	= "type not constructed correctly: DigestState";

static Type*	TDigest;
static uchar	digestmap[] = {0};

void
keyringmodinit(void)
{
	TDigest = dtype(nil, sizeof(XDigest), digestmap, sizeof(digestmap));
	TDigest->hidden = sizeof(XDigest)-Keyring_DigestState_size;	/* the state: Dis code may not reach it */
	builtinmod("$Keyring", Keyringmodtab, Keyringmodlen);
	cryptmodinit();
}

/* the state a call continues (a new one if nil), checked against kind */
static XDigest*
getstate(void *s, int kind)
{
	XDigest *x;

	if(s == H){
		x = H2D(XDigest*, heap(TDigest));
		x->kind = kind;
		diginit(&x->d, kind & ~Hmac);
		return x;
	}
	if(D2H(s)->t != TDigest)
		error(exNotState);
	x = (XDigest*)s;
	if(x->kind != kind)
		error(exOtherState);
	if(x->spent)
		error(exSpent);
	D2H(x)->ref++;
	return x;
}

/* the bytes of buf a call hashes: n of them, at most its length */
static ulong
nbytes(Array *buf, int n)
{
	if(n < 0 || buf == H && n != 0)
		error(exInval);
	if(buf == H)
		return 0;
	return n < buf->len ? n : buf->len;
}

static void
chkdigest(Array *digest, int kind)
{
	if(digest != H && digest->len < digestlen(kind & ~Hmac))
		error(exBadDigest);
}

/*
 * the body of md5, sha1 ...: hash n bytes of buf into state (nil: a new
 * one), write the digest if asked; the state is the result, in *ret
 */
void
kdigest(Array *buf, int n, Array *digest, void *state, int alg, void **ret)
{
	XDigest *x;
	ulong m;

	m = nbytes(buf, n);
	chkdigest(digest, alg);
	x = getstate(state, alg);
	digupdate(&x->d, m > 0 ? buf->data : nil, m);
	if(digest != H){
		digfinal(&x->d, digest->data);
		x->spent = 1;
	}
	destroy(*ret);
	*ret = x;
}

/* the HMAC flavour: the key of the first call keys the whole digest */
void
khmac(Array *data, int n, Array *key, Array *digest, void *state, int alg, void **ret)
{
	XDigest *x;
	ulong m;

	m = nbytes(data, n);
	if(key == H || key->len > Maxkey)
		error(exBadKey);
	chkdigest(digest, alg|Hmac);
	x = getstate(state, alg|Hmac);
	if(state == H){
		x->klen = key->len;
		memmove(x->key, key->data, key->len);
		hmacinit(&x->d, alg, x->key, x->klen);
	}
	digupdate(&x->d, m > 0 ? data->data : nil, m);
	if(digest != H){
		hmacfinal(&x->d, x->key, x->klen, digest->data);
		x->spent = 1;
	}
	destroy(*ret);
	*ret = x;
}

/* DigestState.copy: a state that goes on from where d is */
void
kdigestcopy(void *d, void **ret)
{
	XDigest *x, *c;

	c = H;
	if(d != H){
		if(D2H(d)->t != TDigest)
			error(exNotState);
		x = d;
		c = H2D(XDigest*, heap(TDigest));
		memmove((uchar*)c+sizeof c->ds, (uchar*)x+sizeof x->ds, sizeof *x - sizeof x->ds);
	}
	destroy(*ret);
	*ret = c;
}

void
Keyring_DigestState_copy(void *fp)
{
	F_DigestState_copy *f;

	f = fp;
	kdigestcopy(f->d, (void**)f->ret);
}

void
Keyring_md4(void *fp)
{
	F_Keyring_md4 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dmd4, (void**)f->ret);
}

void
Keyring_md5(void *fp)
{
	F_Keyring_md5 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dmd5, (void**)f->ret);
}

void
Keyring_sha1(void *fp)
{
	F_Keyring_sha1 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha1, (void**)f->ret);
}

void
Keyring_sha224(void *fp)
{
	F_Keyring_sha224 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha224, (void**)f->ret);
}

void
Keyring_sha256(void *fp)
{
	F_Keyring_sha256 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha256, (void**)f->ret);
}

void
Keyring_sha384(void *fp)
{
	F_Keyring_sha384 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha384, (void**)f->ret);
}

void
Keyring_sha512(void *fp)
{
	F_Keyring_sha512 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha512, (void**)f->ret);
}

void
Keyring_hmac_md5(void *fp)
{
	F_Keyring_hmac_md5 *f;

	f = fp;
	khmac(f->data, f->n, f->key, f->digest, f->state, Dmd5, (void**)f->ret);
}

void
Keyring_hmac_sha1(void *fp)
{
	F_Keyring_hmac_sha1 *f;

	f = fp;
	khmac(f->data, f->n, f->key, f->digest, f->state, Dsha1, (void**)f->ret);
}
