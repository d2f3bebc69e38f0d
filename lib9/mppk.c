/*
 * mppk.c -- the public key algorithms of $Keyring and $Crypt over mp.c:
 * RSA (PKCS #1, RFC 3447: decryption by the Chinese remainder theorem,
 * Garner's form), ElGamal signatures (Menezes et al., Handbook of
 * Applied Cryptography, 11.64) and DSA (FIPS 186-2).  Keys are the
 * structs of lib9.h, arrays of Mpints; the parts a key generator makes
 * are what Inferno's make, as its key files keep them.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

enum
{
	Maxtries	= 1000,	/* random choices before a key is called bad */
};

void
mpinitv(Mpint *v, int n)
{
	while(--n >= 0)
		mpinit(v++);
}

void
mpclearv(Mpint *v, int n)
{
	while(--n >= 0)
		mpclear(v++);
}

static int
isone(Mpint *b)
{
	return b->top == 1 && b->p[0] == 1 && b->sign > 0;
}

/* kp = d mod p-1, kq = d mod q-1, c2 = p^-1 mod q */
static int
rsacrt(RSAkey *k)
{
	Mpint t, one;
	int e;

	mpinit(&t);
	mpinit(&one);
	if((e = mpitomp(1, &one)) < 0
	|| (e = mpsub(&k->p, &one, &t)) < 0 || (e = mpmod(&k->dk, &t, &k->kp)) < 0
	|| (e = mpsub(&k->q, &one, &t)) < 0 || (e = mpmod(&k->dk, &t, &k->kq)) < 0)
		goto out;
	e = mpinvert(&k->p, &k->q, &k->c2);
out:
	mpclear(&t);
	mpclear(&one);
	return e;
}

/* phi = (p-1)(q-1) */
static int
rsaphi(RSAkey *k, Mpint *phi)
{
	Mpint a, b;
	int e;

	mpinit(&a);
	mpinit(&b);
	if((e = mpitomp(1, &b)) < 0 || (e = mpsub(&k->p, &b, &a)) < 0
	|| (e = mpsub(&k->q, &b, &b)) < 0)
		goto out;
	e = mpmul(&a, &b, phi);
out:
	mpclear(&a);
	mpclear(&b);
	return e;
}

/*
 * an RSA key with a modulus of about nlen bits (p of nlen/2 bits, q of
 * the rest, as Inferno's rsagen) and the first exponent from a random
 * one of elen bits (at least 3) prime to (p-1)(q-1)
 */
int
rsagen(int nlen, int elen, int nrep, RSAkey *k)
{
	Mpint phi, g, one;
	int e;

	mpinit(&phi);
	mpinit(&g);
	mpinit(&one);
	if((e = mpgenprime(&k->p, nlen/2, nrep)) < 0
	|| (e = mpgenprime(&k->q, nlen-mpsignif(&k->p)+1, nrep)) < 0
	|| (e = mpmul(&k->p, &k->q, &k->n)) < 0 || (e = rsaphi(k, &phi)) < 0
	|| (e = mprand(elen, &k->ek)) < 0 || (e = mpitomp(1, &one)) < 0)
		goto out;
	if(k->ek.top == 0 || (k->ek.top == 1 && k->ek.p[0] <= 2))
		if((e = mpitomp(3, &k->ek)) < 0)
			goto out;
	for(;;){
		if((e = mpegcd(&k->ek, &phi, &g, nil, nil)) < 0)
			goto out;
		if(isone(&g))
			break;
		if((e = mpadd(&k->ek, &one, &k->ek)) < 0)
			goto out;
	}
	if((e = mpinvert(&k->ek, &phi, &k->dk)) < 0)
		goto out;
	e = rsacrt(k);
out:
	mpclear(&phi);
	mpclear(&g);
	mpclear(&one);
	return e;
}

/*
 * complete k from n, ek, dk, p and q: Mpbadkey unless p and q are
 * prime, n = pq and ek*dk = 1 mod (p-1)(q-1)
 */
int
rsafill(RSAkey *k)
{
	Mpint t, phi;
	int e;

	mpinit(&t);
	mpinit(&phi);
	e = Mpbadkey;
	if(k->p.sign < 0 || k->q.sign < 0 || mpprobprime(&k->p, 10) != 1 || mpprobprime(&k->q, 10) != 1)
		goto out;
	if((e = mpmul(&k->p, &k->q, &t)) < 0)
		goto out;
	if(mpcmp(&t, &k->n) != 0){
		e = Mpbadkey;
		goto out;
	}
	if((e = rsaphi(k, &phi)) < 0 || (e = mpmul(&k->ek, &k->dk, &t)) < 0
	|| (e = mpmod(&t, &phi, &t)) < 0)
		goto out;
	if(!isone(&t)){
		e = Mpbadkey;
		goto out;
	}
	e = rsacrt(k);
out:
	mpclear(&t);
	mpclear(&phi);
	return e;
}

/* r = m^ek mod n */
int
rsaencrypt(RSAkey *k, Mpint *m, Mpint *r)
{
	return mpexp(m, &k->ek, &k->n, r);
}

/*
 * r = m^dk mod n by the residues mod p and q:
 * v1 = m^kp mod p, v2 = m^kq mod q, r = v1 + p((v2-v1)c2 mod q)
 */
int
rsadecrypt(RSAkey *k, Mpint *m, Mpint *r)
{
	Mpint v1, v2, t;
	int e;

	mpinit(&v1);
	mpinit(&v2);
	mpinit(&t);
	if((e = mpmod(m, &k->p, &t)) < 0 || (e = mpexp(&t, &k->kp, &k->p, &v1)) < 0
	|| (e = mpmod(m, &k->q, &t)) < 0 || (e = mpexp(&t, &k->kq, &k->q, &v2)) < 0
	|| (e = mpsub(&v2, &v1, &t)) < 0 || (e = mpmul(&t, &k->c2, &v2)) < 0
	|| (e = mpmod(&v2, &k->q, &t)) < 0 || (e = mpmul(&t, &k->p, &v2)) < 0)
		goto out;
	e = mpadd(&v1, &v2, r);
out:
	mpclear(&v1);
	mpclear(&v2);
	mpclear(&t);
	return e;
}

/* secret = random of nbits-1 bits, key = alpha^secret mod p */
int
egkey(EGkey *k)
{
	int e;

	if((e = mprand(mpsignif(&k->p)-1, &k->secret)) < 0)
		return e;
	return mpexp(&k->alpha, &k->secret, &k->p, &k->key);
}

/* an ElGamal key: a safe prime p of nlen bits, a generator alpha */
int
eggen(int nlen, int nrep, EGkey *k)
{
	int e;

	if((e = mpgensafeprime(&k->p, &k->alpha, nlen, nrep)) < 0)
		return e;
	return egkey(k);
}

/*
 * sign m: k random in [1, p-1) prime to p-1, r = alpha^k mod p,
 * s = (m - secret*r)/k mod p-1
 */
int
egsign(EGkey *key, Mpint *m, Mpsig *sig)
{
	Mpint pm1, k, kinv, g, t;
	int e, i, n;

	mpinit(&pm1);
	mpinit(&k);
	mpinit(&kinv);
	mpinit(&g);
	mpinit(&t);
	if((e = mpitomp(1, &t)) < 0 || (e = mpsub(&key->p, &t, &pm1)) < 0)
		goto out;
	if(mpcmp(&pm1, &t) <= 0){
		e = Mpbadkey;
		goto out;
	}
	n = mpsignif(&key->p);
	for(i = 0;; i++){
		if(i == Maxtries){
			e = Mpbadkey;
			goto out;
		}
		if((e = mprand(n, &k)) < 0)
			goto out;
		if(k.top == 0 || mpcmp(&k, &pm1) >= 0)
			continue;
		if((e = mpegcd(&k, &pm1, &g, nil, nil)) < 0)
			goto out;
		if(isone(&g))
			break;
	}
	if((e = mpinvert(&k, &pm1, &kinv)) < 0 || (e = mpexp(&key->alpha, &k, &key->p, &sig->r)) < 0
	|| (e = mpmul(&key->secret, &sig->r, &t)) < 0 || (e = mpmod(&t, &pm1, &t)) < 0
	|| (e = mpsub(m, &t, &t)) < 0 || (e = mpmul(&kinv, &t, &t)) < 0)
		goto out;
	e = mpmod(&t, &pm1, &sig->s);
out:
	mpclear(&pm1);
	mpclear(&k);
	mpclear(&kinv);
	mpclear(&g);
	mpclear(&t);
	return e;
}

/* 1 if 0 < r < p and key^r r^s = alpha^m mod p, else 0 */
int
egverify(EGkey *key, Mpint *m, Mpsig *sig)
{
	Mpint v1, v2, t;
	int e;

	if(sig->r.sign < 0 || sig->r.top == 0 || mpcmp(&sig->r, &key->p) >= 0 || key->p.top == 0)
		return 0;
	if(sig->s.sign < 0 || m->sign < 0)
		return 0;
	mpinit(&v1);
	mpinit(&v2);
	mpinit(&t);
	if((e = mpexp(&key->key, &sig->r, &key->p, &v1)) < 0 || (e = mpexp(&sig->r, &sig->s, &key->p, &t)) < 0
	|| (e = mpmul(&v1, &t, &v2)) < 0 || (e = mpmod(&v2, &key->p, &v1)) < 0
	|| (e = mpexp(&key->alpha, m, &key->p, &v2)) < 0)
		goto out;
	e = mpcmp(&v1, &v2) == 0;
out:
	mpclear(&v1);
	mpclear(&v2);
	mpclear(&t);
	return e;
}

/*
 * a DSA key in the group of p and q (both zero: new ones by
 * mpdsaprimes): alpha = h^((p-1)/q) mod p, not 1, for a random h;
 * secret random in [1, q), key = alpha^secret mod p
 */
int
dsagen(DSAkey *k)
{
	Mpint x, r, one;
	int e, i;

	mpinit(&x);
	mpinit(&r);
	mpinit(&one);
	if(k->p.top == 0 && (e = mpdsaprimes(&k->q, &k->p, 1024, nil, nil)) < 0)
		goto out;
	if(k->q.top == 0 || k->q.sign < 0 || k->p.sign < 0){
		e = Mpbadkey;
		goto out;
	}
	if((e = mpitomp(1, &one)) < 0 || (e = mpsub(&k->p, &one, &x)) < 0
	|| (e = mpdiv(&x, &k->q, &x, &r)) < 0)
		goto out;
	if(r.top != 0 || mpsignif(&k->p) < 3 || mpsignif(&k->q) < 2){
		e = Mpbadkey;	/* q does not divide p-1 */
		goto out;
	}
	for(i = 0;; i++){
		if(i == Maxtries){
			e = Mpbadkey;
			goto out;
		}
		if((e = mprand(mpsignif(&k->p), &r)) < 0 || (e = mpmod(&r, &k->p, &r)) < 0
		|| (e = mpexp(&r, &x, &k->p, &k->alpha)) < 0)
			goto out;
		if(!isone(&k->alpha) && k->alpha.top != 0)
			break;
	}
	do
		if((e = mprand(mpsignif(&k->q), &k->secret)) < 0)
			goto out;
	while(k->secret.top == 0 || mpcmp(&k->secret, &k->q) >= 0);
	e = mpexp(&k->alpha, &k->secret, &k->p, &k->key);
out:
	mpclear(&x);
	mpclear(&r);
	mpclear(&one);
	return e;
}

/*
 * sign m with the secret x: r = (alpha^k mod p) mod q,
 * s = (m + xr)/k mod q, for k random in [1, q) (kk non-nil: that k,
 * for known answers), again while r or s is 0
 */
int
dsasign(DSAkey *key, Mpint *m, Mpint *kk, Mpsig *sig)
{
	Mpint k, kinv, t;
	int e, i;

	if(mpsignif(&key->q) < 2 || key->q.sign < 0 || key->p.top == 0)
		return Mpbadkey;
	mpinit(&k);
	mpinit(&kinv);
	mpinit(&t);
	for(i = 0;; i++){
		if(i == Maxtries){
			e = Mpbadkey;
			goto out;
		}
		if(kk != nil)
			e = mpassign(kk, &k);
		else
			e = mprand(mpsignif(&key->q), &k);
		if(e < 0)
			goto out;
		if(kk == nil && (k.top == 0 || mpcmp(&k, &key->q) >= 0))
			continue;
		e = mpinvert(&k, &key->q, &kinv);
		if(e == Mpnoinv && kk == nil)
			continue;
		if(e < 0 || (e = mpexp(&key->alpha, &k, &key->p, &t)) < 0
		|| (e = mpmod(&t, &key->q, &sig->r)) < 0 || (e = mpmul(&sig->r, &key->secret, &t)) < 0
		|| (e = mpadd(&t, m, &t)) < 0 || (e = mpmul(&t, &kinv, &t)) < 0
		|| (e = mpmod(&t, &key->q, &sig->s)) < 0)
			goto out;
		if(kk != nil || (sig->r.top != 0 && sig->s.top != 0))
			break;
	}
out:
	mpclear(&k);
	mpclear(&kinv);
	mpclear(&t);
	return e;
}

/*
 * 1 if 0 < r, s < q and r = ((alpha^u1 key^u2) mod p) mod q, where
 * w = s^-1 mod q, u1 = mw mod q, u2 = rw mod q; else 0
 */
int
dsaverify(DSAkey *key, Mpint *m, Mpsig *sig)
{
	Mpint w, u1, u2, v;
	int e;

	if(key->q.top == 0 || key->q.sign < 0 || key->p.top == 0)
		return 0;
	if(sig->r.sign < 0 || sig->r.top == 0 || mpcmp(&sig->r, &key->q) >= 0)
		return 0;
	if(sig->s.sign < 0 || sig->s.top == 0 || mpcmp(&sig->s, &key->q) >= 0)
		return 0;
	mpinit(&w);
	mpinit(&u1);
	mpinit(&u2);
	mpinit(&v);
	e = mpinvert(&sig->s, &key->q, &w);
	if(e == Mpnoinv){
		e = 0;
		goto out;
	}
	if(e < 0 || (e = mpmul(m, &w, &u1)) < 0 || (e = mpmod(&u1, &key->q, &u1)) < 0
	|| (e = mpmul(&sig->r, &w, &u2)) < 0 || (e = mpmod(&u2, &key->q, &u2)) < 0
	|| (e = mpexp(&key->alpha, &u1, &key->p, &w)) < 0 || (e = mpexp(&key->key, &u2, &key->p, &v)) < 0
	|| (e = mpmul(&w, &v, &u1)) < 0 || (e = mpmod(&u1, &key->p, &u1)) < 0
	|| (e = mpmod(&u1, &key->q, &u1)) < 0)
		goto out;
	e = mpcmp(&u1, &sig->r) == 0;
out:
	mpclear(&w);
	mpclear(&u1);
	mpclear(&u2);
	mpclear(&v);
	return e;
}
