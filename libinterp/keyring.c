/*
 * $Keyring: Inferno's Keyring module, over lib9's digests, ciphers and
 * mp.c.  This file has the module's types, its digests and ciphers
 * (whose bodies $Crypt's share, crypt.c), messages on connections, and
 * the adts of the algorithms (RSAsk ...); keys.c has the keys,
 * certificates and authentication.  Function tables and frame structs
 * come from libinterp/keyringif.m by limbo -t and -a.
 *
 * A DigestState or cipher state is a heap block whose hidden part
 * follows the word Limbo sees.  A digest state belongs to one algorithm
 * and the call that writes the digest spends it.  Wrong arguments raise
 * Inferno's exceptions: "invalid argument" (a count with no buffer, a
 * negative count), "bad digest value" (a digest array too short), "bad
 * encryption key", "bad ivec", "data not multiple of block size",
 * "array bounds error", "type not constructed correctly: bad encryption
 * state" (a state of another algorithm or made by Limbo), "dereference
 * of nil".
 *
 * Work on the keys of the algorithm adts is done with the VM released,
 * on copies of the numbers (another prog may change the adts meanwhile)
 * into results made before, where the collector sees them (ipint.c).
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
/* limbo names adt functions Adt_fn: these two are Keyring's own */
#define	DigestState_copy	Keyring_DigestState_copy
#define	IPint_random	Keyring_IPint_random
#include "keyringrunt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "keyringmod.h"
#undef	Runtab
#include "raise.h"
#include "fns.h"
#include "keyring.h"

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

typedef struct XAES XAES;
typedef struct XDES XDES;
typedef struct XIDEA XIDEA;
typedef struct XBF XBF;
typedef struct XRC4 XRC4;
struct XAES
{
	Keyring_AESstate	x;
	AESstate	s;
};
struct XDES
{
	Keyring_DESstate	x;
	DESstate	s;
};
struct XIDEA
{
	Keyring_IDEAstate	x;
	IDEAstate	s;
};
struct XBF
{
	Keyring_BFstate	x;
	BFstate	s;
};
struct XRC4
{
	Keyring_RC4state	x;
	RC4state	s;
};

enum
{
	Hmac	= 0x100,
	Maxkey	= 64,
	Maxmsg	= 4096,
	Maxerr	= 64,
};

static char exBadDigest[]	= "bad digest value";
static char exBadKey[]	= "bad encryption key";
static char exBadIvec[]	= "bad ivec";
static char exBadBsize[]	= "data not multiple of block size";
static char exBadState[]	= "type not constructed correctly: bad encryption state";
static char exOtherState[]	= "digest state of another algorithm";
static char exSpent[]	= "digest state already finished";
static char exNotState[]	= "type not constructed correctly: DigestState";
char	exKeySize[]	= "key size out of range";
static char msgerr[]	= "input or format error";

static Type*	TDigest;
static Type*	TAES;
static Type*	TDES;
static Type*	TIDEA;
static Type*	TBF;
static Type*	TRC4;
static Type*	TRSApk;
static Type*	TRSAsk;
static Type*	TRSAsig;
static Type*	TDSApk;
static Type*	TDSAsk;
static Type*	TDSAsig;
static Type*	TEGpk;
static Type*	TEGsk;
static Type*	TEGsig;
static uchar	nomap[] = {0};
static uchar	RSApkmap[] = Keyring_RSApk_map;
static uchar	RSAskmap[] = Keyring_RSAsk_map;
static uchar	RSAsigmap[] = Keyring_RSAsig_map;
static uchar	DSApkmap[] = Keyring_DSApk_map;
static uchar	DSAskmap[] = Keyring_DSAsk_map;
static uchar	DSAsigmap[] = Keyring_DSAsig_map;
static uchar	EGpkmap[] = Keyring_EGpk_map;
static uchar	EGskmap[] = Keyring_EGsk_map;
static uchar	EGsigmap[] = Keyring_EGsig_map;

/*
 * A builtin's frame has three words of temporaries after ret, which
 * Limbo's code leaves alone.  For the functions of these modules
 * keyringmodinit makes them pointers in the frame's map, so that a
 * function can keep heap values there while it works: the collector
 * sees them (when the function has released the VM too), and they go
 * with the frame, when the function returns or raises.  What a
 * function holds across anything that can raise (a heap allocation)
 * or across release lives there, never in malloc'd memory, which an
 * exception would lose.
 */
void
holdmap(uchar *map, int *np)
{
	map[0] |= 0x80 >> (REGRET+1) | 0x80 >> (REGRET+2) | 0x80 >> (REGRET+3);
	if(*np < 1)
		*np = 1;
}

/* a heap buffer of n bytes (zeroed) held at *slot */
char*
holdbuf(void **slot, int n)
{
	Array *a;

	a = H2D(Array*, heaparray(&Tbyte, n+1));
	memset(a->data, 0, n+1);
	destroy(*slot);
	*slot = a;
	return (char*)a->data;
}

/* an array of n slots (H) held at *slot */
void**
holdptrs(void **slot, int n)
{
	Array *a;

	a = H2D(Array*, heaparray(&Tptr, n));
	destroy(*slot);
	*slot = a;
	return (void**)a->data;
}

void
keyringmodinit(void)
{
	int i;

	ipintsmodinit();
	TDigest = dtype(nil, sizeof(XDigest), nomap, sizeof(nomap));
	TDigest->hidden = sizeof(XDigest)-Keyring_DigestState_size;	/* the state: Dis code may not reach it */
	TAES = dtype(nil, sizeof(XAES), nomap, sizeof(nomap));
	TAES->hidden = sizeof(XAES)-Keyring_AESstate_size;	/* the state: Dis code may not reach it */
	TDES = dtype(nil, sizeof(XDES), nomap, sizeof(nomap));
	TDES->hidden = sizeof(XDES)-Keyring_DESstate_size;	/* the state: Dis code may not reach it */
	TIDEA = dtype(nil, sizeof(XIDEA), nomap, sizeof(nomap));
	TIDEA->hidden = sizeof(XIDEA)-Keyring_IDEAstate_size;	/* the state: Dis code may not reach it */
	TBF = dtype(nil, sizeof(XBF), nomap, sizeof(nomap));
	TBF->hidden = sizeof(XBF)-Keyring_BFstate_size;	/* the state: Dis code may not reach it */
	TRC4 = dtype(nil, sizeof(XRC4), nomap, sizeof(nomap));
	TRC4->hidden = sizeof(XRC4)-Keyring_RC4state_size;	/* the state: Dis code may not reach it */
	TRSApk = dtype(nil, Keyring_RSApk_size, RSApkmap, sizeof(RSApkmap));
	TRSAsk = dtype(nil, Keyring_RSAsk_size, RSAskmap, sizeof(RSAskmap));
	TRSAsig = dtype(nil, Keyring_RSAsig_size, RSAsigmap, sizeof(RSAsigmap));
	TDSApk = dtype(nil, Keyring_DSApk_size, DSApkmap, sizeof(DSApkmap));
	TDSAsk = dtype(nil, Keyring_DSAsk_size, DSAskmap, sizeof(DSAskmap));
	TDSAsig = dtype(nil, Keyring_DSAsig_size, DSAsigmap, sizeof(DSAsigmap));
	TEGpk = dtype(nil, Keyring_EGpk_size, EGpkmap, sizeof(EGpkmap));
	TEGsk = dtype(nil, Keyring_EGsk_size, EGskmap, sizeof(EGskmap));
	TEGsig = dtype(nil, Keyring_EGsig_size, EGsigmap, sizeof(EGsigmap));
	keysinit();
	for(i = 0; i < Keyringmodlen; i++)
		holdmap(Keyringmodtab[i].map, &Keyringmodtab[i].np);

	builtinmod("$Keyring", Keyringmodtab, Keyringmodlen);
	cryptmodinit();
}

/*
 * digests
 */

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

/*
 * t = a digest under ha ("sha"/"sha1", "md5", "md4") to go on with:
 * what state has had (state is spent), or new if state is nil; 0 if
 * ha is unknown.  For signatures (keys.c).
 */
int
khashstart(char *ha, void *state, Digest *t)
{
	XDigest *x;
	int alg;

	if(strcmp(ha, "sha") == 0 || strcmp(ha, "sha1") == 0)
		alg = Dsha1;
	else if(strcmp(ha, "md5") == 0)
		alg = Dmd5;
	else if(strcmp(ha, "md4") == 0)
		alg = Dmd4;
	else
		return 0;
	if(state == H){
		diginit(t, alg);
		return 1;
	}
	x = getstate(state, alg);
	*t = x->d;
	x->spent = 1;
	destroy(x);
	return 1;
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

/*
 * ciphers: the bodies of Keyring's and Crypt's functions
 */

/* the ivec of a setup: nil, or at least n bytes (exactly, if exact) */
static uchar*
ivec(Array *iv, int n, int exact)
{
	if(iv == H)
		return nil;
	if(iv->len < n || exact && iv->len != n)
		error(exBadIvec);
	return iv->data;
}

static void*
newstate(Type *t, void **ret)
{
	void *v;

	v = H2D(void*, heap(t));
	destroy(*ret);
	*ret = v;
	return v;
}

/* the state of a cipher call, and its buffer's n bytes, checked */
static void*
cipherargs(void *state, Type *t, Array *buf, int n, int bsize)
{
	if(n < 0 || n > buf->len)
		error(exBounds);
	if(bsize > 1 && n % bsize != 0)
		error(exBadBsize);
	if(state == H)
		error(exNilref);
	if(D2H(state)->t != t)
		error(exBadState);
	return state;
}

void
kaessetup(Array *key, Array *iv, void **ret)
{
	XAES *x;
	uchar *p;

	if(key == H || key->len != 16 && key->len != 24 && key->len != 32)
		error(exBadKey);
	p = ivec(iv, AESbsize, 0);
	x = newstate(TAES, ret);
	aessetup(&x->s, key->data, key->len, p);
}

static void
kaescbc(void *state, Array *buf, int n, int dir)
{
	XAES *x;

	if(buf == H)
		return;
	x = cipherargs(state, TAES, buf, n, 1);
	if(dir == 0)
		aescbcencrypt(&x->s, buf->data, n);
	else
		aescbcdecrypt(&x->s, buf->data, n);
}

void
kdessetup(Array *key, Array *iv, void **ret)
{
	XDES *x;
	uchar *p;

	if(key == H || key->len < 8)
		error(exBadKey);
	p = ivec(iv, DESbsize, 0);
	x = newstate(TDES, ret);
	dessetup(&x->s, key->data, p);
}

static void
kdes(void *state, Array *buf, int n, int dir, int cbc)
{
	XDES *x;
	int i;

	if(buf == H)
		return;
	x = cipherargs(state, TDES, buf, n, DESbsize);
	if(cbc && dir == 0)
		descbcencrypt(&x->s, buf->data, n);
	else if(cbc)
		descbcdecrypt(&x->s, buf->data, n);
	else
		for(i = 0; i < n; i += DESbsize)
			desblock(&x->s, buf->data+i, dir != 0);
}

void
kideasetup(Array *key, Array *iv, void **ret)
{
	XIDEA *x;
	uchar *p;

	if(key == H || key->len < 16)
		error(exBadKey);
	p = ivec(iv, IDEAbsize, 0);
	x = newstate(TIDEA, ret);
	ideasetup(&x->s, key->data, p);
}

static void
kidea(void *state, Array *buf, int n, int dir, int cbc)
{
	XIDEA *x;
	int i;

	if(buf == H)
		return;
	x = cipherargs(state, TIDEA, buf, n, IDEAbsize);
	if(cbc && dir == 0)
		ideacbcencrypt(&x->s, buf->data, n);
	else if(cbc)
		ideacbcdecrypt(&x->s, buf->data, n);
	else
		for(i = 0; i < n; i += IDEAbsize)
			ideablock(&x->s, buf->data+i, dir != 0);
}

void
kbfsetup(Array *key, Array *iv, void **ret)
{
	XBF *x;
	uchar *p;

	if(key == H || key->len <= 0)
		error(exBadKey);
	p = ivec(iv, BFbsize, 1);
	x = newstate(TBF, ret);
	bfsetup(&x->s, key->data, key->len, p);
}

static void
kbfcbc(void *state, Array *buf, int n, int dir)
{
	XBF *x;

	if(buf == H)
		return;
	x = cipherargs(state, TBF, buf, n, BFbsize);
	if(dir == 0)
		bfcbcencrypt(&x->s, buf->data, n);
	else
		bfcbcdecrypt(&x->s, buf->data, n);
}

/* Keyring's rc4setup gives nil for a nil seed, Crypt's raises */
void
krc4setup(Array *seed, void **ret)
{
	XRC4 *x;

	if(seed == H){
		destroy(*ret);
		*ret = H;
		return;
	}
	if(seed->len <= 0)
		error(exBadKey);
	x = newstate(TRC4, ret);
	rc4setup(&x->s, seed->data, seed->len);
}

static void
krc4(void *state, Array *buf, int n)
{
	XRC4 *x;

	if(buf == H)
		return;
	x = cipherargs(state, TRC4, buf, n, 1);
	rc4(&x->s, buf->data, n);
}

static void
krc4skip(void *state, int n, int back)
{
	XRC4 *x;

	if(state == H)
		error(exNilref);
	if(D2H(state)->t != TRC4)
		error(exBadState);
	x = state;
	if(back)
		rc4back(&x->s, n);
	else
		rc4skip(&x->s, n);
}

void
Keyring_aessetup(void *fp)
{
	F_Keyring_aessetup *f;

	f = fp;
	kaessetup(f->key, f->ivec, (void**)f->ret);
}

void
Keyring_aescbc(void *fp)
{
	F_Keyring_aescbc *f;

	f = fp;
	kaescbc(f->state, f->buf, f->n, f->direction);
}

void
Keyring_dessetup(void *fp)
{
	F_Keyring_dessetup *f;

	f = fp;
	kdessetup(f->key, f->ivec, (void**)f->ret);
}

void
Keyring_desecb(void *fp)
{
	F_Keyring_desecb *f;

	f = fp;
	kdes(f->state, f->buf, f->n, f->direction, 0);
}

void
Keyring_descbc(void *fp)
{
	F_Keyring_descbc *f;

	f = fp;
	kdes(f->state, f->buf, f->n, f->direction, 1);
}

void
Keyring_ideasetup(void *fp)
{
	F_Keyring_ideasetup *f;

	f = fp;
	kideasetup(f->key, f->ivec, (void**)f->ret);
}

void
Keyring_ideaecb(void *fp)
{
	F_Keyring_ideaecb *f;

	f = fp;
	kidea(f->state, f->buf, f->n, f->direction, 0);
}

void
Keyring_ideacbc(void *fp)
{
	F_Keyring_ideacbc *f;

	f = fp;
	kidea(f->state, f->buf, f->n, f->direction, 1);
}

void
Keyring_blowfishsetup(void *fp)
{
	F_Keyring_blowfishsetup *f;

	f = fp;
	kbfsetup(f->key, f->ivec, (void**)f->ret);
}

void
Keyring_blowfishcbc(void *fp)
{
	F_Keyring_blowfishcbc *f;

	f = fp;
	kbfcbc(f->state, f->buf, f->n, f->direction);
}

void
Keyring_rc4setup(void *fp)
{
	F_Keyring_rc4setup *f;

	f = fp;
	krc4setup(f->seed, (void**)f->ret);
}

void
Keyring_rc4(void *fp)
{
	F_Keyring_rc4 *f;

	f = fp;
	krc4(f->state, f->buf, f->n);
}

void
Keyring_rc4skip(void *fp)
{
	F_Keyring_rc4skip *f;

	f = fp;
	krc4skip(f->state, f->n, 0);
}

void
Keyring_rc4back(void *fp)
{
	F_Keyring_rc4back *f;

	f = fp;
	krc4skip(f->state, f->n, 1);
}

void
Keyring_IPint_random(void *fp)
{
	F_IPint_random *f;

	f = fp;
	iprandom((void**)f->ret, f->maxbits);
}

/*
 * Diffie-Hellman's (alpha, p): for 1024 bits, as Inferno, FIPS 186's
 * primes (q, p) with q as alpha, which generates a subgroup of order
 * q; otherwise a safe prime and a generator
 */
static void
kdhparams(int nbits, void **alpha, void **p)
{
	if(nbits == 1024)
		ipdsaprimes(alpha, p, nil);
	else
		ipsafeprime(p, alpha, nbits, 0);
}

void
Keyring_dhparams(void *fp)
{
	F_Keyring_dhparams *f;

	f = fp;
	kdhparams(f->nbits, (void**)&f->ret->t0, (void**)&f->ret->t1);
}

/*
 * messages on a stream: a header of 5 bytes, a count of 4 digits and a
 * newline, or for an error ! and 3 digits and a newline, then the bytes
 */

/* read n bytes, less only at the end; -1 on error */
static int
readn(int fd, uchar *p, int n)
{
	int m, t;

	for(t = 0; t < n; t += m){
		m = kread(fd, p+t, n-t);
		if(m <= 0)
			return t > 0 ? t : m;
	}
	return t;
}

/*
 * the next message into buf (n bytes, NUL terminated): its length, or
 * -length for an error message; -1 with buf the reason ("hungup",
 * "input or format error") if none.  Called released.
 */
int
kgetmsg(int fd, char *buf, int n)
{
	char num[6];
	int len, r;

	r = readn(fd, (uchar*)num, 5);
	if(r != 5){
		utfecpy(buf, buf+n, r > 0 ? msgerr : "hungup");
		return -1;
	}
	num[5] = 0;
	len = strtoul(num[0] == '!' ? num+1 : num, nil, 10);
	if(len >= n || (r = readn(fd, (uchar*)buf, len)) != len){
		utfecpy(buf, buf+n, r > 0 || len >= n ? msgerr : "hungup");
		return -1;
	}
	buf[len] = 0;
	if(num[0] == '!')
		return -len;
	return len;
}

/* send n bytes as a message; n or -1.  Called released. */
int
ksendmsg(int fd, void *buf, int n)
{
	char num[8];

	if(n > 9999){
		kwerrstr("message too long");
		return -1;
	}
	snprint(num, sizeof num, "%4.4d\n", n);
	if(kwrite(fd, num, 5) != 5)
		return -1;
	return kwrite(fd, buf, n);
}

/* send err as an error message, "remote: " before it if rmt */
int
ksenderr(int fd, char *err, int rmt)
{
	char num[8], *r;
	int n, m;

	r = rmt ? "remote: " : "";
	n = strlen(err);
	m = strlen(r);
	if(n+m > 999)
		n = 999-m;
	snprint(num, sizeof num, "!%3.3d\n", n+m);
	if(kwrite(fd, num, 5) != 5)
		return -1;
	if(m > 0)
		kwrite(fd, r, m);
	return kwrite(fd, err, n);
}

void
Keyring_getmsg(void *fp)
{
	F_Keyring_getmsg *f;
	char *buf;
	int n;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	if(f->fd == H){
		kwerrstr("nil fd");
		seterr();
		return;
	}
	buf = holdbuf(HOLD(fp), Maxmsg);
	release();
	n = kgetmsg(f->fd->fd, buf, Maxmsg);
	acquire();
	if(n < 0){
		kwerrstr("%s", buf);
		seterr();
		return;
	}
	*f->ret = mem2array(buf, n);
}

void
Keyring_sendmsg(void *fp)
{
	F_Keyring_sendmsg *f;
	int n;

	f = fp;
	*f->ret = -1;
	if(f->fd == H || f->buf == H || f->n < 0)
		return;
	if(f->n > f->buf->len)
		error(exBounds);
	release();
	n = ksendmsg(f->fd->fd, f->buf->data, f->n);
	acquire();
	if(n < 0)
		seterr();
	*f->ret = n;
}

void
Keyring_senderrmsg(void *fp)
{
	F_Keyring_senderrmsg *f;
	int n;

	f = fp;
	*f->ret = -1;
	if(f->fd == H)
		return;
	release();
	n = ksenderr(f->fd->fd, string2c(f->s), 0);
	acquire();
	if(n > 0)
		*f->ret = 0;
	else
		seterr();
}

/*
 * messages on a connection that keeps them apart: a byte 0 then the
 * data, or 0xff then an error, in one write, at most Maxmsg bytes
 */
static int
putbuf(void *fp, int fd, void *p, int n, int err)
{
	uchar *buf;
	int r;

	if(n >= Maxmsg)
		n = Maxmsg-1;
	buf = (uchar*)holdbuf(HOLD(fp), n+1);
	buf[0] = err ? 0xff : 0;
	memmove(buf+1, p, n);
	release();
	r = kwrite(fd, buf, n+1);
	acquire();
	if(r < 0)
		seterr();
	return r;
}

/*
 * the next message into a buffer held in fp's frame: its length after
 * the tag byte, at *data, or -1 with err set
 */
static int
getbuf(void *fp, int fd, uchar **data, char *err)
{
	uchar *buf;
	int n;

	buf = (uchar*)holdbuf(HOLD(fp), Maxmsg);
	*data = buf+1;
	release();
	n = kread(fd, buf, Maxmsg);
	acquire();
	if(n <= 0){
		strcpy(err, "hungup");
		return -1;
	}
	if(buf[0] == 0)
		return n-1;
	if(buf[0] != 0xff){
		/* garbled: the two ends' keys differ */
		strcpy(err, "failure");
		return -1;
	}
	n--;
	if(n < 1)
		strcpy(err, "unknown");
	else{
		if(n >= Maxerr)
			n = Maxerr-1;
		memmove(err, buf+1, n);
		err[n] = 0;
	}
	return -1;
}

/*
 * getstring and getbytearray: (result, nil), or (nil, error); the
 * message's length (-1 for an error), its data at *data
 */
static int
getret(void *fp, Sys_FD *fd, void **t0, String **t1, uchar **data)
{
	char err[Maxerr];
	int n;

	destroy(*t0);
	*t0 = H;
	destroy(*t1);
	*t1 = H;
	if(fd == H)
		return -1;
	n = getbuf(fp, fd->fd, data, err);
	if(n < 0)
		retstr(err, t1);
	return n;
}

void
Keyring_getstring(void *fp)
{
	F_Keyring_getstring *f;
	uchar *data;
	int n;

	f = fp;
	n = getret(fp, f->fd, (void**)&f->ret->t0, &f->ret->t1, &data);
	if(n >= 0)
		retnstr((char*)data, n, &f->ret->t0);
}

void
Keyring_getbytearray(void *fp)
{
	F_Keyring_getbytearray *f;
	uchar *data;
	int n;

	f = fp;
	n = getret(fp, f->fd, (void**)&f->ret->t0, &f->ret->t1, &data);
	if(n >= 0)
		f->ret->t0 = mem2array(data, n);
}

void
Keyring_putstring(void *fp)
{
	F_Keyring_putstring *f;
	char *s;

	f = fp;
	*f->ret = -1;
	if(f->fd == H || f->s == H)
		return;
	s = string2c(f->s);
	*f->ret = putbuf(fp, f->fd->fd, s, strlen(s), 0);
}

void
Keyring_puterror(void *fp)
{
	F_Keyring_puterror *f;
	char *s;

	f = fp;
	*f->ret = -1;
	if(f->fd == H || f->s == H)
		return;
	s = string2c(f->s);
	*f->ret = putbuf(fp, f->fd->fd, s, strlen(s), 1);
}

void
Keyring_putbytearray(void *fp)
{
	F_Keyring_putbytearray *f;

	f = fp;
	*f->ret = -1;
	if(f->fd == H || f->a == H)
		return;
	if(f->n < 0 || f->n > f->a->len)
		error(exBounds);
	*f->ret = putbuf(fp, f->fd->fd, f->a->data, f->n, 0);
}

/*
 * the algorithms' adts: their numbers are copied for work released, as
 * other progs may change the adts meanwhile.  The results are made
 * first, with room for what can come, where the collector sees them;
 * then the copies (malloc'd) until the results are filled.
 */

/*
 * v[i] = a copy of IPint ips[i], for i < n (v mpinit'd here); raises,
 * holding nothing, if one is nil, not an IPint, over Maxkeybits, or
 * memory runs out
 */
void
ipgetv(void **ips, Mpint *v, int n)
{
	Mpint m;
	int i, e;

	mpinitv(v, n);
	for(i = 0; i < n; i++){
		if(ips[i] == H || D2H(ips[i])->t != TIPint){
			mpclearv(v, n);
			error(ips[i] == H ? exNilref : exType);
		}
		ipview(ips[i], &m);
		if(mpsignif(&m) > Maxkeybits){
			mpclearv(v, n);
			error(exKeySize);
		}
		if((e = mpassign(&m, &v[i])) < 0){
			mpclearv(v, n);
			error(mperrstr(e));
		}
	}
}

/* words of an IPint, for the room of a result (0 for nil or not an IPint) */
int
ipwords(void *ip)
{
	Mpint m;

	if(ip == H || D2H(ip)->t != TIPint)
		return 0;
	ipview(ip, &m);
	return m.top;
}

static void*
newadt(Type *t, void **ret)
{
	void *v;

	v = H2D(void*, heap(t));
	destroy(*ret);
	*ret = v;
	return v;
}

/* new IPints at *v[i], each with room for w words */
static void
ipnewv(void ***v, int n, int w)
{
	Mpint m;
	int i;

	for(i = 0; i < n; i++)
		ipnew(v[i], w, &m);
}

/* fill IPints *v[i] from scratch numbers m[i] (cleared); raise e first if it is an error */
static void
ipfillv(int e, void ***v, Mpint *m, int n)
{
	int i;

	mpcheckv(e, m, n);
	for(i = 0; i < n; i++)
		ipfill(*v[i], &m[i]);
}

/* an RSA key of exactly nlen bits, released; Inferno's sizes */
int
krsagen(int nlen, int elen, int nrep, RSAkey *k)
{
	int e, i;

	if(nlen < 4 || nlen > Maxkeybits || elen < 0 || elen > Maxkeybits)
		error(exKeySize);
	release();
	for(i = 0; i < 1000; i++){
		mpclearv(MPV(k));
		if((e = rsagen(nlen, elen, nrep, k)) < 0 || mpsignif(&k->n) == nlen)
			break;
	}
	acquire();
	if(i == 1000)
		e = Mpbadkey;	/* no product of two primes of about nlen/2 bits has nlen */
	return e;
}

/* an ElGamal key of exactly nlen bits, released */
int
keggen(int nlen, int nrep, EGkey *k)
{
	int e, i;

	if(nlen < 16 || nlen > Maxsafebits)
		error(exKeySize);
	release();
	for(i = 0; i < 1000; i++){
		mpclearv(MPV(k));
		if((e = eggen(nlen, nrep, k)) < 0 || mpsignif(&k->p) == nlen)
			break;
	}
	acquire();
	return e;
}

/* a DSA key, released: in the group of k's p and q if they are set */
int
kdsagen(DSAkey *k)
{
	int e;

	release();
	e = dsagen(k);
	acquire();
	return e;
}

/* the result slots of an RSAsk's numbers, in RSAkey's order */
static void
rsaslots(Keyring_RSAsk *sk, void ***v)
{
	v[0] = (void**)&sk->pk->n; v[1] = (void**)&sk->pk->ek; v[2] = (void**)&sk->dk;
	v[3] = (void**)&sk->p; v[4] = (void**)&sk->q; v[5] = (void**)&sk->kp;
	v[6] = (void**)&sk->kq; v[7] = (void**)&sk->c2;
}

void
RSAsk_gen(void *fp)
{
	F_RSAsk_gen *f;
	Keyring_RSAsk *sk;
	RSAkey k;
	void **v[8];

	f = fp;
	if(f->nlen < 4 || f->nlen > Maxkeybits)
		error(exKeySize);
	sk = newadt(TRSAsk, (void**)f->ret);
	newadt(TRSApk, (void**)&sk->pk);
	rsaslots(sk, v);
	ipnewv(v, 8, f->nlen/32+2);
	mpinitv(MPV(&k));
	ipfillv(krsagen(f->nlen, f->elen, f->nrep, &k), v, MPV(&k));
}

void
RSAsk_fill(void *fp)
{
	F_RSAsk_fill *f;
	Keyring_RSAsk *sk;
	RSAkey k;
	void *in[5], **v[8];
	int i, w, e;

	f = fp;
	in[0] = f->n; in[1] = f->e; in[2] = f->d; in[3] = f->p; in[4] = f->q;
	w = 0;
	for(i = 0; i < 5; i++)
		if(ipwords(in[i]) > w)
			w = ipwords(in[i]);
	sk = newadt(TRSAsk, (void**)f->ret);
	newadt(TRSApk, (void**)&sk->pk);
	rsaslots(sk, v);
	ipnewv(v, 8, w);
	ipgetv(in, (Mpint*)&k, 5);
	mpinitv(&k.kp, 3);
	release();
	e = rsafill(&k);
	acquire();
	if(e == Mpbadkey || e == Mpnoinv){
		mpclearv(MPV(&k));
		destroy(*f->ret);
		*f->ret = H;
		return;
	}
	ipfillv(e, v, MPV(&k));
}

/* room for the result of RSAsk sk (with n, p and q) on a message */
static int
rsaroom(Keyring_RSAsk *sk)
{
	int w;

	if(sk == H || sk->pk == H)
		error(exNilref);
	w = ipwords(sk->p) + ipwords(sk->q);
	if(ipwords(sk->pk->n) > w)
		w = ipwords(sk->pk->n);
	return w+1;
}

/*
 * m^dk mod n by the residues mod p and q, released, into IPint ip:
 * in is an RSAkey's numbers (n, ek, dk, p, q, kp, kq, c2), then m
 */
void
krsadecrypt(void **in, void *ip)
{
	Mpint v[10];
	int e;

	ipgetv(in, v, 9);
	mpinit(&v[9]);
	release();
	e = rsadecrypt((RSAkey*)v, &v[8], &v[9]);
	acquire();
	mpclearv(v, 9);
	mpcheckv(e, &v[9], 1);
	ipfill(ip, &v[9]);
}

static void
rsaskdecrypt(Keyring_RSAsk *sk, void *m, void *ip)
{
	void *in[9];

	in[0] = sk->pk->n; in[1] = sk->pk->ek; in[2] = sk->dk; in[3] = sk->p;
	in[4] = sk->q; in[5] = sk->kp; in[6] = sk->kq; in[7] = sk->c2; in[8] = m;
	krsadecrypt(in, ip);
}

void
RSAsk_decrypt(void *fp)
{
	F_RSAsk_decrypt *f;
	Mpint r;

	f = fp;
	rsaskdecrypt(f->k, f->m, ipnew((void**)f->ret, rsaroom(f->k), &r));
}

void
RSAsk_sign(void *fp)
{
	F_RSAsk_sign *f;
	Keyring_RSAsig *sig;
	Mpint r;
	int w;

	f = fp;
	w = rsaroom(f->k);
	sig = newadt(TRSAsig, (void**)f->ret);
	rsaskdecrypt(f->k, f->m, ipnew((void**)&sig->n, w, &r));
}

/* m^ek mod n for the key of n and ek, released, into IPint ip */
void
krsaencrypt(void *n, void *ek, void *m, void *ip)
{
	Mpint v[3];
	void *in[3];
	int e;

	in[0] = n; in[1] = ek; in[2] = m;
	ipgetv(in, v, 3);
	release();
	e = mpexp(&v[2], &v[1], &v[0], &v[1]);
	acquire();
	mpclear(&v[0]);
	mpclear(&v[2]);
	mpcheckv(e, &v[1], 1);
	ipfill(ip, &v[1]);
}

void
RSApk_encrypt(void *fp)
{
	F_RSApk_encrypt *f;
	Mpint r;

	f = fp;
	if(f->k == H)
		error(exNilref);
	krsaencrypt(f->k->n, f->k->ek, f->m, ipnew((void**)f->ret, ipwords(f->k->n), &r));
}

/* 1 if sig^ek mod n is m, released */
int
krsaverify(void *n, void *ek, void *sig, void *m)
{
	Mpint v[4];
	void *in[4];
	int e;

	in[0] = n; in[1] = ek; in[2] = sig; in[3] = m;
	ipgetv(in, v, 4);
	release();
	e = mpexp(&v[2], &v[1], &v[0], &v[1]);
	acquire();
	if(e >= 0)
		e = mpcmp(&v[1], &v[3]) == 0;
	mpclearv(v, 4);
	mpcheck(e);
	return e;
}

void
RSApk_verify(void *fp)
{
	F_RSApk_verify *f;

	f = fp;
	*f->ret = 0;
	if(f->m == H || f->sig == H)
		return;
	if(f->k == H)
		error(exNilref);
	*f->ret = krsaverify(f->k->n, f->k->ek, f->sig->n, f->m);
}

/*
 * sign m by the key of the numbers in (an EGkey's or a DSAkey's, the
 * message last), released, into IPints r and s
 */
void
kpksign(int dsa, void **in, int n, void *r, void *s)
{
	Mpint v[8];
	int e;

	ipgetv(in, v, n);
	mpinitv(&v[n], 2);
	release();
	if(dsa)
		e = dsasign((DSAkey*)v, &v[n-1], nil, (Mpsig*)&v[n]);
	else
		e = egsign((EGkey*)v, &v[n-1], (Mpsig*)&v[n]);
	acquire();
	mpclearv(v, n);
	mpcheckv(e, &v[n], 2);
	ipfill(r, &v[n]);
	ipfill(s, &v[n+1]);
}

/*
 * 1 if the signature (r, s) is right for the numbers in: an EGkey's
 * p, alpha, key, then r, s, m; or a DSAkey's p, q, alpha, key, r, s, m
 */
int
kpkverify(int dsa, void **in, int n)
{
	Mpint v[7];
	int e;

	ipgetv(in, v, n);
	release();
	if(dsa)
		e = dsaverify((DSAkey*)v, &v[6], (Mpsig*)&v[4]);
	else
		e = egverify((EGkey*)v, &v[5], (Mpsig*)&v[3]);
	acquire();
	mpclearv(v, n);
	mpcheck(e);
	return e;
}

void
EGsk_gen(void *fp)
{
	F_EGsk_gen *f;
	Keyring_EGsk *sk;
	EGkey k;
	void **v[4];

	f = fp;
	if(f->nlen < 16 || f->nlen > Maxsafebits)
		error(exKeySize);
	sk = newadt(TEGsk, (void**)f->ret);
	newadt(TEGpk, (void**)&sk->pk);
	v[0] = (void**)&sk->pk->p; v[1] = (void**)&sk->pk->alpha;
	v[2] = (void**)&sk->pk->key; v[3] = (void**)&sk->secret;
	ipnewv(v, 4, f->nlen/32+2);
	mpinitv(MPV(&k));
	ipfillv(keggen(f->nlen, f->nrep, &k), v, MPV(&k));
}

void
EGsk_sign(void *fp)
{
	F_EGsk_sign *f;
	Keyring_EGsig *sig;
	Keyring_EGsk *k;
	Mpint r;
	void *in[5];
	int w;

	f = fp;
	k = f->k;
	if(k == H || k->pk == H)
		error(exNilref);
	w = ipwords(k->pk->p);
	sig = newadt(TEGsig, (void**)f->ret);
	ipnew((void**)&sig->r, w, &r);
	ipnew((void**)&sig->s, w, &r);
	in[0] = k->pk->p; in[1] = k->pk->alpha; in[2] = k->pk->key; in[3] = k->secret; in[4] = f->m;
	kpksign(0, in, 5, sig->r, sig->s);
}

void
EGpk_verify(void *fp)
{
	F_EGpk_verify *f;
	void *in[6];

	f = fp;
	*f->ret = 0;
	if(f->m == H || f->sig == H)
		return;
	if(f->k == H)
		error(exNilref);
	in[0] = f->k->p; in[1] = f->k->alpha; in[2] = f->k->key;
	in[3] = f->sig->r; in[4] = f->sig->s; in[5] = f->m;
	*f->ret = kpkverify(0, in, 6);
}

void
DSAsk_gen(void *fp)
{
	F_DSAsk_gen *f;
	Keyring_DSAsk *sk;
	DSAkey k;
	void *in[2], **v[5];
	int w;

	f = fp;
	w = 1024/32+2;
	if(f->oldpk != H && ipwords(f->oldpk->p) > w)
		w = ipwords(f->oldpk->p);
	sk = newadt(TDSAsk, (void**)f->ret);
	newadt(TDSApk, (void**)&sk->pk);
	v[0] = (void**)&sk->pk->p; v[1] = (void**)&sk->pk->q; v[2] = (void**)&sk->pk->alpha;
	v[3] = (void**)&sk->pk->key; v[4] = (void**)&sk->secret;
	ipnewv(v, 5, w);
	if(f->oldpk != H){
		/* all four numbers, as Inferno's */
		if(f->oldpk->alpha == H || f->oldpk->key == H)
			error(exNilref);
		in[0] = f->oldpk->p;
		in[1] = f->oldpk->q;
		ipgetv(in, (Mpint*)&k, 2);
		mpinitv(&k.alpha, 3);
	}else
		mpinitv(MPV(&k));
	ipfillv(kdsagen(&k), v, MPV(&k));
}

void
DSAsk_sign(void *fp)
{
	F_DSAsk_sign *f;
	Keyring_DSAsig *sig;
	Keyring_DSAsk *k;
	Mpint r;
	void *in[6];
	int w;

	f = fp;
	k = f->k;
	if(k == H || k->pk == H)
		error(exNilref);
	w = ipwords(k->pk->q);
	sig = newadt(TDSAsig, (void**)f->ret);
	ipnew((void**)&sig->r, w, &r);
	ipnew((void**)&sig->s, w, &r);
	in[0] = k->pk->p; in[1] = k->pk->q; in[2] = k->pk->alpha; in[3] = k->pk->key;
	in[4] = k->secret; in[5] = f->m;
	kpksign(1, in, 6, sig->r, sig->s);
}

void
DSApk_verify(void *fp)
{
	F_DSApk_verify *f;
	void *in[7];

	f = fp;
	*f->ret = 0;
	if(f->m == H || f->sig == H)
		return;
	if(f->k == H)
		error(exNilref);
	in[0] = f->k->p; in[1] = f->k->q; in[2] = f->k->alpha; in[3] = f->k->key;
	in[4] = f->sig->r; in[5] = f->sig->s; in[6] = f->m;
	*f->ret = kpkverify(1, in, 7);
}
