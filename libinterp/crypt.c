/*
 * $Crypt: Inferno's Crypt module.  Its digests and ciphers are
 * $Keyring's (keyring.c does the work; a state of one serves the
 * other); its keys and signatures are pick adts of IPints, which Limbo
 * sees whole, worked on as Keyring's algorithm adts are (copied, then
 * released; results made first).  Function table and frame structs come
 * from module/crypt.m (with ipints.m) by limbo -t and -a, in runt.h.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>
#include <isa.h>
#include <interp.h>
/*
 * limbo names the adt's function DigestState_copy; and where Crypt's
 * functions are Keyring's (the same frames, the same work), the table
 * names Keyring's
 */
#define	DigestState_copy	Keyring_DigestState_copy
#define	Crypt_md4	Keyring_md4
#define	Crypt_md5	Keyring_md5
#define	Crypt_sha1	Keyring_sha1
#define	Crypt_sha224	Keyring_sha224
#define	Crypt_sha256	Keyring_sha256
#define	Crypt_sha384	Keyring_sha384
#define	Crypt_sha512	Keyring_sha512
#define	Crypt_hmac_md5	Keyring_hmac_md5
#define	Crypt_hmac_sha1	Keyring_hmac_sha1
#define	Crypt_aescbc	Keyring_aescbc
#define	Crypt_desecb	Keyring_desecb
#define	Crypt_descbc	Keyring_descbc
#define	Crypt_ideaecb	Keyring_ideaecb
#define	Crypt_ideacbc	Keyring_ideacbc
#define	Crypt_blowfishcbc	Keyring_blowfishcbc
#define	Crypt_rc4	Keyring_rc4
#define	Crypt_rc4skip	Keyring_rc4skip
#define	Crypt_rc4back	Keyring_rc4back
#define	Crypt_dhparams	Keyring_dhparams
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "cryptmod.h"
#undef	Runtab
#include "raise.h"
#include "fns.h"
#include "keyring.h"

enum
{
	Nmax	= 8,		/* numbers in a key */
};

static Type*	TPK[3];
static Type*	TSK[3];
static Type*	TPKsig[3];
static uchar	PKrsamap[] = Crypt_PK_RSA_map;
static uchar	PKegmap[] = Crypt_PK_Elgamal_map;
static uchar	PKdsamap[] = Crypt_PK_DSA_map;
static uchar	SKrsamap[] = Crypt_SK_RSA_map;
static uchar	SKegmap[] = Crypt_SK_Elgamal_map;
static uchar	SKdsamap[] = Crypt_SK_DSA_map;
static uchar	sigrsamap[] = Crypt_PKsig_RSA_map;
static uchar	sigegmap[] = Crypt_PKsig_Elgamal_map;
static uchar	sigdsamap[] = Crypt_PKsig_DSA_map;

/* called by keyringmodinit, which makes the DigestState type first */
void
cryptmodinit(void)
{
	int i;

	TPK[Crypt_PK_RSA] = dtype(nil, Crypt_PK_RSA_size, PKrsamap, sizeof(PKrsamap));
	TPK[Crypt_PK_Elgamal] = dtype(nil, Crypt_PK_Elgamal_size, PKegmap, sizeof(PKegmap));
	TPK[Crypt_PK_DSA] = dtype(nil, Crypt_PK_DSA_size, PKdsamap, sizeof(PKdsamap));
	TSK[Crypt_SK_RSA] = dtype(nil, Crypt_SK_RSA_size, SKrsamap, sizeof(SKrsamap));
	TSK[Crypt_SK_Elgamal] = dtype(nil, Crypt_SK_Elgamal_size, SKegmap, sizeof(SKegmap));
	TSK[Crypt_SK_DSA] = dtype(nil, Crypt_SK_DSA_size, SKdsamap, sizeof(SKdsamap));
	TPKsig[Crypt_PKsig_RSA] = dtype(nil, Crypt_PKsig_RSA_size, sigrsamap, sizeof(sigrsamap));
	TPKsig[Crypt_PKsig_Elgamal] = dtype(nil, Crypt_PKsig_Elgamal_size, sigegmap, sizeof(sigegmap));
	TPKsig[Crypt_PKsig_DSA] = dtype(nil, Crypt_PKsig_DSA_size, sigdsamap, sizeof(sigdsamap));
	for(i = 0; i < Cryptmodlen; i++)
		holdmap(Cryptmodtab[i].map, &Cryptmodtab[i].np);
	builtinmod("$Crypt", Cryptmodtab, Cryptmodlen);
}

/*
 * ciphers: the setups, which unlike Keyring's raise for a nil key
 */

/* Crypt's setups take a nil key for a nil reference, as Inferno's do */
static void
chkkey(Array *key)
{
	if(key == H)
		error(exNilref);
}

void
Crypt_aessetup(void *fp)
{
	F_Crypt_aessetup *f;

	f = fp;
	chkkey(f->key);
	kaessetup(f->key, f->ivec, (void**)f->ret);
}

void
Crypt_dessetup(void *fp)
{
	F_Crypt_dessetup *f;

	f = fp;
	chkkey(f->key);
	kdessetup(f->key, f->ivec, (void**)f->ret);
}

void
Crypt_ideasetup(void *fp)
{
	F_Crypt_ideasetup *f;

	f = fp;
	chkkey(f->key);
	kideasetup(f->key, f->ivec, (void**)f->ret);
}

void
Crypt_blowfishsetup(void *fp)
{
	F_Crypt_blowfishsetup *f;

	f = fp;
	chkkey(f->key);
	kbfsetup(f->key, f->ivec, (void**)f->ret);
}

void
Crypt_rc4setup(void *fp)
{
	F_Crypt_rc4setup *f;

	f = fp;
	chkkey(f->seed);
	krc4setup(f->seed, (void**)f->ret);
}

/*
 * keys: the IPints of a key, in the order of lib9's RSAkey, EGkey and
 * DSAkey (the public key's first)
 */

/* the fields of pk's numbers; how many */
static int
pkslots(Crypt_PK *pk, void ***v)
{
	switch(pk->pick){
	case Crypt_PK_RSA:
		v[0] = (void**)&pk->u.RSA.n;
		v[1] = (void**)&pk->u.RSA.ek;
		return 2;
	case Crypt_PK_Elgamal:
		v[0] = (void**)&pk->u.Elgamal.p;
		v[1] = (void**)&pk->u.Elgamal.alpha;
		v[2] = (void**)&pk->u.Elgamal.key;
		return 3;
	case Crypt_PK_DSA:
		v[0] = (void**)&pk->u.DSA.p;
		v[1] = (void**)&pk->u.DSA.q;
		v[2] = (void**)&pk->u.DSA.alpha;
		v[3] = (void**)&pk->u.DSA.key;
		return 4;
	}
	error(exType);
	return 0;
}

/* sk's public key, checked */
static Crypt_PK*
skpk(Crypt_SK *sk)
{
	Crypt_PK *pk;

	if(sk == H)
		error(exNilref);
	switch(sk->pick){
	case Crypt_SK_RSA:
		pk = sk->u.RSA.pk;
		break;
	case Crypt_SK_Elgamal:
		pk = sk->u.Elgamal.pk;
		break;
	case Crypt_SK_DSA:
		pk = sk->u.DSA.pk;
		break;
	default:
		error(exType);
		return H;
	}
	if(pk == H)
		error(exNilref);
	if(pk->pick != sk->pick)
		error(exType);
	return pk;
}

/* the fields of sk's numbers, its public key's first; how many */
static int
skslots(Crypt_SK *sk, void ***v)
{
	int n;

	n = pkslots(skpk(sk), v);
	switch(sk->pick){
	case Crypt_SK_RSA:
		v[n++] = (void**)&sk->u.RSA.dk;
		v[n++] = (void**)&sk->u.RSA.p;
		v[n++] = (void**)&sk->u.RSA.q;
		v[n++] = (void**)&sk->u.RSA.kp;
		v[n++] = (void**)&sk->u.RSA.kq;
		v[n++] = (void**)&sk->u.RSA.c2;
		break;
	case Crypt_SK_Elgamal:
		v[n++] = (void**)&sk->u.Elgamal.secret;
		break;
	default:
		v[n++] = (void**)&sk->u.DSA.secret;
		break;
	}
	return n;
}

/*
 * a new secret key of pick alg (with its public key) in *ret, its
 * numbers made with room for w words each; v gets their fields
 */
static Crypt_SK*
newsk(int alg, void **ret, void ***v, int w)
{
	Crypt_SK *sk;
	Crypt_PK *pk;
	Mpint m;
	int i, n;

	sk = H2D(Crypt_SK*, heap(TSK[alg]));
	destroy(*ret);
	*ret = sk;
	sk->pick = alg;
	pk = H2D(Crypt_PK*, heap(TPK[alg]));
	pk->pick = alg;
	sk->u.RSA.pk = pk;	/* the pk is first in every pick */
	n = skslots(sk, v);
	for(i = 0; i < n; i++)
		ipnew(v[i], w, &m);
	return sk;
}

/* fill the n numbers at fields v from the scratch key k, made with error e */
static void
fillsk(int e, void ***v, int n, Mpint *k)
{
	int i;

	mpcheckv(e, k, Nmax);
	for(i = 0; i < n; i++)
		ipfill(*v[i], &k[i]);
	mpclearv(k, Nmax);
}

static void
rsaxgen(void **ret, int nlen, int elen, int nrep)
{
	Mpint k[Nmax];
	void **v[Nmax];
	int e;

	if(nlen < 4 || nlen > Maxkeybits)
		error(exKeySize);
	newsk(Crypt_SK_RSA, ret, v, nlen/32+2);
	mpinitv(k, Nmax);
	e = krsagen(nlen, elen, nrep, (RSAkey*)k);
	fillsk(e, v, 8, k);
}

static void
egxgen(void **ret, int nlen, int nrep)
{
	Mpint k[Nmax];
	void **v[Nmax];
	int e;

	if(nlen < 16 || nlen > Maxsafebits)
		error(exKeySize);
	newsk(Crypt_SK_Elgamal, ret, v, nlen/32+2);
	mpinitv(k, Nmax);
	e = keggen(nlen, nrep, (EGkey*)k);
	fillsk(e, v, 4, k);
}

/* a DSA key, in the group of old (a PK.DSA) if it is not nil */
static void
dsaxgen(void **ret, Crypt_PK *old)
{
	Mpint k[Nmax];
	void **v[Nmax], *in[2];
	int w;

	w = 1024/32+2;
	if(old != H && ipwords(old->u.DSA.p) > w)
		w = ipwords(old->u.DSA.p);
	newsk(Crypt_SK_DSA, ret, v, w);
	mpinitv(k, Nmax);
	if(old != H){
		/* all four numbers, as Inferno's */
		if(old->u.DSA.alpha == H || old->u.DSA.key == H)
			error(exNilref);
		in[0] = old->u.DSA.p;
		in[1] = old->u.DSA.q;
		ipgetv(in, k, 2);
	}
	fillsk(kdsagen((DSAkey*)k), v, 5, k);
}

void
Crypt_rsagen(void *fp)
{
	F_Crypt_rsagen *f;

	f = fp;
	rsaxgen((void**)f->ret, f->nlen, f->elen, f->nrep);
}

void
Crypt_eggen(void *fp)
{
	F_Crypt_eggen *f;

	f = fp;
	egxgen((void**)f->ret, f->nlen, f->nrep);
}

void
Crypt_dsagen(void *fp)
{
	F_Crypt_dsagen *f;
	Crypt_PK *old;

	f = fp;
	old = f->oldpk;
	if(old != H && old->pick != Crypt_PK_DSA)
		old = H;
	dsaxgen((void**)f->ret, old);
}

void
Crypt_rsafill(void *fp)
{
	F_Crypt_rsafill *f;
	Mpint k[Nmax];
	void **v[Nmax], *in[5];
	int i, w, e;

	f = fp;
	in[0] = f->n; in[1] = f->ek; in[2] = f->dk; in[3] = f->p; in[4] = f->q;
	w = 0;
	for(i = 0; i < 5; i++)
		if(ipwords(in[i]) > w)
			w = ipwords(in[i]);
	newsk(Crypt_SK_RSA, (void**)f->ret, v, w);
	ipgetv(in, k, 5);
	mpinitv(k+5, 3);
	release();
	e = rsafill((RSAkey*)k);
	acquire();
	if(e == Mpbadkey || e == Mpnoinv){
		mpclearv(k, Nmax);
		destroy(*f->ret);
		*f->ret = H;
		return;
	}
	fillsk(e, v, 8, k);
}

void
Crypt_rsaencrypt(void *fp)
{
	F_Crypt_rsaencrypt *f;
	Crypt_PK *pk;
	Mpint r;

	f = fp;
	pk = f->k;
	if(pk == H)
		error(exNilref);
	if(pk->pick != Crypt_PK_RSA)
		error(exType);
	krsaencrypt(pk->u.RSA.n, pk->u.RSA.ek, f->m, ipnew((void**)f->ret, ipwords(pk->u.RSA.n), &r));
}

/* room for RSA's result of sk (with n, p and q) */
static int
rsaroom(Crypt_SK *sk)
{
	int w;

	w = ipwords(sk->u.RSA.p) + ipwords(sk->u.RSA.q);
	if(ipwords(skpk(sk)->u.RSA.n) > w)
		w = ipwords(skpk(sk)->u.RSA.n);
	return w+1;
}

/* m^dk mod n by the residues, released, into IPint ip */
static void
rsasign(Crypt_SK *sk, void *m, void *ip)
{
	void **f[Nmax], *in[Nmax+1];
	int i, n;

	n = skslots(sk, f);
	for(i = 0; i < n; i++)
		in[i] = *f[i];
	in[n] = m;
	krsadecrypt(in, ip);
}

void
Crypt_rsadecrypt(void *fp)
{
	F_Crypt_rsadecrypt *f;
	Mpint r;

	f = fp;
	if(f->k == H)
		error(exNilref);
	if(f->k->pick != Crypt_SK_RSA)
		error(exType);
	rsasign(f->k, f->m, ipnew((void**)f->ret, rsaroom(f->k), &r));
}

void
Crypt_genSK(void *fp)
{
	F_Crypt_genSK *f;
	char *alg;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	alg = string2c(f->algname);
	if(strcmp(alg, "rsa") == 0)
		rsaxgen((void**)f->ret, f->length, 6, 0);
	else if(strcmp(alg, "dsa") == 0)
		dsaxgen((void**)f->ret, H);
	else if(strcmp(alg, "elgamal") == 0)
		egxgen((void**)f->ret, f->length, 0);
}

void
Crypt_genSKfromPK(void *fp)
{
	F_Crypt_genSKfromPK *f;
	Crypt_PK *pk;
	Mpint n, e, k[Nmax];
	void **v[Nmax], *in[2];
	int err;

	f = fp;
	pk = f->pk;
	if(pk == H)
		error(exNilref);
	switch(pk->pick){
	case Crypt_PK_RSA:
		ipview(pk->u.RSA.n, &n);
		ipview(pk->u.RSA.ek, &e);
		if(mpsignif(&n) < 4 || mpsignif(&n) > Maxkeybits || mpsignif(&e) > Maxkeybits)
			error(exKeySize);
		newsk(Crypt_SK_RSA, (void**)f->ret, v, n.top+2);
		mpinitv(k, Nmax);
		release();
		err = rsagen(mpsignif(&n), mpsignif(&e), 0, (RSAkey*)k);
		acquire();
		fillsk(err, v, 8, k);
		break;
	case Crypt_PK_Elgamal:
		newsk(Crypt_SK_Elgamal, (void**)f->ret, v, ipwords(pk->u.Elgamal.p)+1);
		in[0] = pk->u.Elgamal.p;
		in[1] = pk->u.Elgamal.alpha;
		ipgetv(in, k, 2);
		mpinitv(k+2, Nmax-2);
		release();
		err = egkey((EGkey*)k);
		acquire();
		fillsk(err, v, 4, k);
		break;
	case Crypt_PK_DSA:
		dsaxgen((void**)f->ret, pk);
		break;
	default:
		error(exType);
	}
}

void
Crypt_sktopk(void *fp)
{
	F_Crypt_sktopk *f;
	Crypt_PK *pk;

	f = fp;
	pk = skpk(f->sk);
	ADDREF(pk);
	destroy(*f->ret);
	*f->ret = pk;
}

/* a new signature of pick alg in *ret, its numbers made with room for w words */
static Crypt_PKsig*
newsig(int alg, void **ret, int w)
{
	Crypt_PKsig *sig;
	Mpint m;

	sig = H2D(Crypt_PKsig*, heap(TPKsig[alg]));
	destroy(*ret);
	*ret = sig;
	sig->pick = alg;
	if(alg == Crypt_PKsig_RSA)
		ipnew((void**)&sig->u.RSA.n, w, &m);
	else{
		ipnew((void**)&sig->u.DSA.r, w, &m);
		ipnew((void**)&sig->u.DSA.s, w, &m);
	}
	return sig;
}

void
Crypt_sign(void *fp)
{
	F_Crypt_sign *f;
	Crypt_PKsig *sig;
	Crypt_SK *sk;
	void **v[Nmax], *in[Nmax+1];
	int i, n;

	f = fp;
	sk = f->sk;
	if(f->m == H || sk == H)
		error(exNilref);
	switch(sk->pick){
	case Crypt_SK_RSA:
		sig = newsig(Crypt_PKsig_RSA, (void**)f->ret, rsaroom(sk));
		rsasign(sk, f->m, sig->u.RSA.n);
		break;
	case Crypt_SK_Elgamal:
	case Crypt_SK_DSA:
		n = skslots(sk, v);
		sig = newsig(sk->pick, (void**)f->ret, ipwords(*v[sk->pick == Crypt_SK_DSA ? 1 : 0]));
		for(i = 0; i < n; i++)
			in[i] = *v[i];
		in[n] = f->m;
		kpksign(sk->pick == Crypt_SK_DSA, in, n+1, sig->u.DSA.r, sig->u.DSA.s);
		break;
	default:
		error(exType);
	}
}

void
Crypt_verify(void *fp)
{
	F_Crypt_verify *f;
	Crypt_PK *pk;
	Crypt_PKsig *sig;
	void **v[Nmax], *in[Nmax];
	int i, n;

	f = fp;
	*f->ret = 0;
	pk = f->pk;
	sig = f->sig;
	if(sig == H || pk == H)
		error(exNilref);
	if(sig->pick != pk->pick)
		return;	/* a signature of another algorithm is not one of this key */
	if(f->m == H)
		error(exNilref);
	n = pkslots(pk, v);
	for(i = 0; i < n; i++)
		in[i] = *v[i];
	switch(pk->pick){
	case Crypt_PK_RSA:
		*f->ret = krsaverify(in[0], in[1], sig->u.RSA.n, f->m);
		break;
	default:
		in[n] = sig->u.DSA.r;
		in[n+1] = sig->u.DSA.s;
		in[n+2] = f->m;
		*f->ret = kpkverify(pk->pick == Crypt_PK_DSA, in, n+3);
		break;
	}
}
