/*
 * mpprime.c -- random big integers and primes over mp.c, with random
 * bytes from the host's genrandom (lib9.h).  Primality is the
 * Miller-Rabin test (Knuth, TAOCP vol. 2, 4.5.4, Algorithm P) after
 * trial division by the primes below 2000, which also sieve the
 * candidates of a search.  Safe and strong primes follow Menezes, van
 * Oorschot and Vanstone, Handbook of Applied Cryptography, 4.86 and
 * 4.53 (Gordon's algorithm); DSA's primes FIPS 186-2, Appendix 2.2.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>

enum
{
	Nsmall	= 2000,		/* trial division by the primes below */
	Defrep	= 18,		/* Miller-Rabin rounds when asked for none */
};

static ushort	smallp[310];
static int	nsmall;

/* the odd primes below Nsmall, by Eratosthenes' sieve */
static void
mksmall(void)
{
	static uchar comp[Nsmall];
	int i, j;

	if(nsmall > 0)
		return;
	for(i = 3; i < Nsmall; i += 2){
		if(comp[i])
			continue;
		smallp[nsmall++] = i;
		for(j = i*i; j < Nsmall; j += 2*i)
			comp[j] = 1;
	}
}

static u32int
modword(Mpint *b, u32int d)
{
	uvlong t;
	int i;

	t = 0;
	for(i = b->top-1; i >= 0; i--)
		t = (t<<32 | b->p[i]) % d;
	return t;
}

/*
 * b = a random number below 2^bits, from genrandom (bits <= 0: zero)
 */
int
mprand(int bits, Mpint *b)
{
	uchar *p;
	int e, n;

	if(bits <= 0){
		mpzero(b);
		return 0;
	}
	if(bits > Mpmaxbits)
		return Mptoobig;
	n = (bits+7)/8;
	p = malloc(n);
	if(p == nil)
		return Mpnomem;
	genrandom(p, n);
	if(bits%8)
		p[0] &= (1<<(bits%8))-1;
	e = betomp(p, n, b);
	free(p);
	return e;
}

/* b = a random number in [lo, hi], lo <= hi */
static int
randrange(Mpint *lo, Mpint *hi, Mpint *b)
{
	Mpint w;
	int e;

	mpinit(&w);
	if((e = mpsub(hi, lo, &w)) < 0)
		goto out;
	do
		if((e = mprand(mpsignif(&w), b)) < 0)
			goto out;
	while(mpcmp(b, &w) > 0);
	e = mpadd(b, lo, b);
out:
	mpclear(&w);
	return e;
}

/*
 * one round of Miller-Rabin with base x: 0 if n is certainly composite;
 * n odd > 3, n-1 = q*2^k
 */
static int
mrround(Mpint *n, Mpint *nm1, Mpint *q, int k, Mpint *x, Mpint *y)
{
	int e, j;

	if((e = mpexp(x, q, n, y)) < 0)
		return e;
	if((y->top == 1 && y->p[0] == 1) || mpcmp(y, nm1) == 0)
		return 1;
	for(j = 1; j < k; j++){
		if((e = mpmul(y, y, x)) < 0 || (e = mpmod(x, n, y)) < 0)
			return e;
		if(mpcmp(y, nm1) == 0)
			return 1;
		if(y->top == 1 && y->p[0] == 1)
			return 0;
	}
	return 0;
}

/*
 * 1 if n is probably prime (a composite passes with probability below
 * 4^-nrep; nrep <= 0 is 18 rounds), 0 if it is certainly not prime.
 */
int
mpprobprime(Mpint *n, int nrep)
{
	Mpint nm1, q, x, y, two, top;
	int e, i, k, r;
	u32int v;

	if(n->sign < 0 || n->top == 0)
		return 0;
	if(nrep <= 0)
		nrep = Defrep;
	mksmall();
	if(n->top == 1 && n->p[0] < 4)
		return n->p[0] >= 2;
	if((n->p[0] & 1) == 0)
		return 0;
	for(i = 0; i < nsmall; i++){
		v = smallp[i];
		if(n->top == 1 && n->p[0] == v)
			return 1;
		if(modword(n, v) == 0)
			return 0;
	}
	if(n->top == 1 && n->p[0] < (u32int)Nsmall*Nsmall)
		return 1;
	mpinit(&nm1);
	mpinit(&q);
	mpinit(&x);
	mpinit(&y);
	mpinit(&two);
	mpinit(&top);
	if((e = mpitomp(1, &x)) < 0 || (e = mpsub(n, &x, &nm1)) < 0)
		goto out;
	k = mplowbits0(&nm1);
	if((e = mpright(&nm1, k, &q)) < 0 || (e = mpitomp(2, &two)) < 0
	|| (e = mpsub(&nm1, &x, &top)) < 0)
		goto out;
	/* base 2 first: it stops most composites soonest */
	if((e = mpassign(&two, &x)) < 0 || (e = mrround(n, &nm1, &q, k, &x, &y)) <= 0)
		goto out;
	for(r = 1; r < nrep; r++){
		if((e = randrange(&two, &top, &x)) < 0)
			goto out;
		if((e = mrround(n, &nm1, &q, k, &x, &y)) <= 0)
			goto out;
	}
	e = 1;
out:
	mpclear(&nm1);
	mpclear(&q);
	mpclear(&x);
	mpclear(&y);
	mpclear(&two);
	mpclear(&top);
	return e;
}

/*
 * p = the first probable prime from a random odd number of nbits bits
 * (the top bit set) upwards, stepping by 2 past candidates with a small
 * factor, as Inferno's genprime (which can pass 2^nbits).
 */
int
mpgenprime(Mpint *p, int nbits, int nrep)
{
	Mpint one;
	u32int *res;
	int e, i, step, ok;

	if(nbits < 1)
		nbits = 1;
	mksmall();
	if((e = mprand(nbits, p)) < 0)
		return e;
	mpinit(&one);
	if((e = mpitomp(1, &one)) < 0 || (e = mpleft(&one, nbits-1, &one)) < 0
	|| (e = mpor(p, &one, p)) < 0)
		goto out;
	p->p[0] |= 1;
	res = malloc(nsmall*sizeof(u32int));
	if(res == nil){
		e = Mpnomem;
		goto out;
	}
	for(i = 0; i < nsmall; i++)
		res[i] = modword(p, smallp[i]);
	for(step = 0;; step += 2){
		ok = 1;
		for(i = 0; i < nsmall; i++)
			if((res[i]+step) % smallp[i] == 0 && !(p->top == 1 && p->p[0]+step == smallp[i])){
				ok = 0;
				break;
			}
		if(!ok)
			continue;
		if((e = mpitomp(step, &one)) < 0 || (e = mpadd(p, &one, p)) < 0)
			break;
		for(i = 0; i < nsmall; i++)
			res[i] = (res[i]+step) % smallp[i];
		step = 0;
		if((e = mpprobprime(p, nrep)) != 0)
			break;
	}
	free(res);
	if(e > 0)
		e = 0;
out:
	mpclear(&one);
	return e;
}

/*
 * p = a safe prime of nbits bits, p = 2q+1 with q prime, and alpha a
 * generator of the multiplicative group mod p (alpha^2 and alpha^q are
 * not 1).  Candidates q are sieved so that neither q nor 2q+1 has a
 * small factor.
 */
int
mpgensafeprime(Mpint *p, Mpint *alpha, int nbits, int nrep)
{
	Mpint q, t, one;
	u32int *res, s;
	int e, i, step, ok;

	if(nbits < 3)
		nbits = 3;
	mksmall();
	mpinit(&q);
	mpinit(&t);
	mpinit(&one);
	res = malloc(nsmall*sizeof(u32int));
	if(res == nil)
		return Mpnomem;
	if((e = mpitomp(1, &one)) < 0)
		goto out;
	for(;;){
		if((e = mprand(nbits-1, &q)) < 0 || (e = mpleft(&one, nbits-2, &t)) < 0
		|| (e = mpor(&q, &t, &q)) < 0)
			goto out;
		q.p[0] |= 1;
		for(i = 0; i < nsmall; i++)
			res[i] = modword(&q, smallp[i]);
		for(step = 0; step < 1<<20; step += 2){
			ok = 1;
			for(i = 0; i < nsmall; i++){
				s = smallp[i];
				if((res[i]+step) % s == 0 || (res[i]+step) % s == (s-1)/2){
					ok = 0;
					break;
				}
			}
			if(!ok && nbits > 24)
				continue;
			if((e = mpitomp(step, &t)) < 0 || (e = mpadd(&q, &t, &t)) < 0
			|| (e = mpleft(&t, 1, p)) < 0 || (e = mpadd(p, &one, p)) < 0)
				goto out;
			if(mpsignif(p) != nbits)
				break;
			if((e = mpprobprime(p, 1)) < 0)
				goto out;
			if(e == 0)
				continue;
			if((e = mpprobprime(&t, nrep)) < 0)
				goto out;
			if(e == 0)
				continue;
			if((e = mpprobprime(p, nrep)) < 0)
				goto out;
			if(e == 1)
				goto found;
		}
	}
found:
	/* q = (p-1)/2 is in t */
	for(;;){
		if((e = mprand(nbits, alpha)) < 0 || (e = mpmod(alpha, p, alpha)) < 0)
			goto out;
		if((e = mpmul(alpha, alpha, &q)) < 0 || (e = mpmod(&q, p, &q)) < 0)
			goto out;
		if(q.top == 1 && q.p[0] == 1)
			continue;
		if((e = mpexp(alpha, &t, p, &q)) < 0)
			goto out;
		if(!(q.top == 1 && q.p[0] == 1))
			break;
	}
	e = 0;
out:
	free(res);
	mpclear(&q);
	mpclear(&t);
	mpclear(&one);
	return e;
}

/*
 * p = a strong prime of about nbits bits (at least 64), by Gordon's
 * algorithm: p-1 has a large prime factor r, r-1 has a large prime
 * factor t, and p+1 the large prime factor s.
 */
int
mpgenstrongprime(Mpint *p, int nbits, int nrep)
{
	Mpint s, t, r, i, u;
	int e;

	if(nbits < 64)
		nbits = 64;
	mpinit(&s);
	mpinit(&t);
	mpinit(&r);
	mpinit(&i);
	mpinit(&u);
	if((e = mpgenprime(&s, nbits/2-16, nrep)) < 0
	|| (e = mpgenprime(&t, nbits-mpsignif(&s)-32, nrep)) < 0)
		goto out;
	/* r = the first prime 2it+1, i from 2^15 */
	if((e = mpitomp(0x8000, &i)) < 0 || (e = mpleft(&t, 1, &t)) < 0
	|| (e = mpmul(&i, &t, &r)) < 0 || (e = mpitomp(1, &u)) < 0
	|| (e = mpadd(&r, &u, &r)) < 0)
		goto out;
	while((e = mpprobprime(&r, 18)) == 0)
		if((e = mpadd(&r, &t, &r)) < 0)
			goto out;
	if(e < 0)
		goto out;
	/* p0 = 2(s^(r-2) mod r)s - 1 */
	if((e = mpitomp(2, &u)) < 0 || (e = mpsub(&r, &u, &u)) < 0
	|| (e = mpexp(&s, &u, &r, p)) < 0 || (e = mpmul(p, &s, p)) < 0
	|| (e = mpleft(p, 1, p)) < 0 || (e = mpitomp(1, &u)) < 0
	|| (e = mpsub(p, &u, p)) < 0)
		goto out;
	/* p = the first prime p0 + 2jrs, j from 2^15 */
	if((e = mpleft(&r, 1, &r)) < 0 || (e = mpmul(&r, &s, &r)) < 0
	|| (e = mpitomp(0x8000, &i)) < 0 || (e = mpmul(&r, &i, &i)) < 0
	|| (e = mpadd(p, &i, p)) < 0)
		goto out;
	while((e = mpprobprime(p, nrep)) == 0)
		if((e = mpadd(p, &r, p)) < 0)
			goto out;
	if(e > 0)
		e = 0;
out:
	mpclear(&s);
	mpclear(&t);
	mpclear(&r);
	mpclear(&i);
	mpclear(&u);
	return e;
}

/* s += n as a 160-bit big-endian number, modulo 2^160 */
static void
seedadd(uchar *s, int n)
{
	int i, t;

	for(i = 19; i >= 0 && n != 0; i--){
		t = s[i] + n;
		s[i] = t;
		n = t>>8;
	}
}

/*
 * FIPS 186-2, Appendix 2.2: q of 160 bits and p of L bits (512 to
 * 1024), q | p-1, from a 160-bit seed: the caller's (seed non-nil and
 * *ctr >= 0: then only that seed is tried, and Mpnonum returned if it
 * gives no p) or a random one, written back to seed with the counter to
 * *ctr when both are non-nil.  L-1 = 160n + b.
 */
int
mpdsaprimes(Mpint *q, Mpint *p, int L, uchar *seed, int *ctr)
{
	uchar s[20], sj[20], h0[20], h1[20];
	Mpint w, v, x, c;
	Digest d;
	int e, i, k, n, b, counter, given;

	if(L < 512 || L > 1024)
		return Mpbadkey;
	n = (L-1)/160;
	b = (L-1)%160;
	given = seed != nil && ctr != nil && *ctr >= 0;
	mpinit(&w);
	mpinit(&v);
	mpinit(&x);
	mpinit(&c);
	for(;;){
		if(given)
			memmove(s, seed, 20);
		else
			genrandom(s, 20);
		/* q = (SHA1(s) xor SHA1(s+1)) | 2^159 | 1 */
		diginit(&d, Dsha1);
		digupdate(&d, s, 20);
		digfinal(&d, h0);
		memmove(sj, s, 20);
		seedadd(sj, 1);
		diginit(&d, Dsha1);
		digupdate(&d, sj, 20);
		digfinal(&d, h1);
		for(i = 0; i < 20; i++)
			h0[i] ^= h1[i];
		h0[0] |= 0x80;
		h0[19] |= 1;
		if((e = betomp(h0, 20, q)) < 0)
			goto out;
		if((e = mpprobprime(q, 50)) < 0)
			goto out;
		if(e == 0){
			if(given){
				e = Mpnonum;
				goto out;
			}
			continue;
		}
		/* offset 2: V_k = SHA1(s + offset + k) */
		memmove(sj, s, 20);
		seedadd(sj, 2);
		for(counter = 0; counter < 4096; counter++){
			mpzero(&w);
			for(k = 0; k <= n; k++){
				diginit(&d, Dsha1);
				digupdate(&d, sj, 20);
				digfinal(&d, h0);
				seedadd(sj, 1);
				if(k == n){	/* V_n mod 2^b */
					memset(h0, 0, 20-(b+7)/8);
					if(b%8)
						h0[20-(b+7)/8] &= (1<<b%8)-1;
				}
				if((e = betomp(h0, 20, &v)) < 0 || (e = mpleft(&v, 160*k, &v)) < 0
				|| (e = mpadd(&w, &v, &w)) < 0)
					goto out;
			}
			/* X = W + 2^(L-1), p = X - (X mod 2q - 1) */
			if((e = mpitomp(1, &v)) < 0 || (e = mpleft(&v, L-1, &v)) < 0
			|| (e = mpadd(&w, &v, &x)) < 0 || (e = mpleft(q, 1, &c)) < 0
			|| (e = mpmod(&x, &c, &c)) < 0 || (e = mpitomp(1, &v)) < 0
			|| (e = mpsub(&c, &v, &c)) < 0 || (e = mpsub(&x, &c, p)) < 0)
				goto out;
			if(mpsignif(p) < L)
				continue;
			if((e = mpprobprime(p, 50)) < 0)
				goto out;
			if(e == 1){
				if(seed != nil)
					memmove(seed, s, 20);
				if(ctr != nil)
					*ctr = counter;
				e = 0;
				goto out;
			}
		}
		if(given){
			e = Mpnonum;
			goto out;
		}
	}
out:
	mpclear(&w);
	mpclear(&v);
	mpclear(&x);
	mpclear(&c);
	return e;
}
