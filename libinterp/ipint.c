/*
 * $IPints: Inferno's big integers and primes, over lib9's mp.c; also
 * the IPint of $Keyring, whose functions are these but random.  Function
 * tables and frame structs come from module/ipints.m by limbo -t and -a.
 *
 * An IPint is one heap block of type TIPint: the word Limbo sees (x),
 * then the sign, the words in use and the words there are, then the
 * magnitude itself; the collector sees no pointers in it.  A result is
 * made before it is computed, with room for the largest value it can
 * be, and stored where the caller wants it, then filled in place
 * (ipnew, ipset): lib9 mallocs only scratch space, freed before it
 * returns, so that an exception (the heap full, a result too large)
 * leaves nothing behind.  An argument is read in place (ipview).
 *
 * Values are bounded by Maxbits, and modular exponentiation by the
 * work it would take (Maxwork word products), so that a program asking
 * for a huge number gets an exception, not a machine that stops.
 * Where Inferno's arithmetic differs from the mathematics (a remainder
 * of -0, (-6) mod 3 = 3, a program killed for a division by zero),
 * this gives the mathematics and raises an exception: ipints(2).
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>
#include <isa.h>
#include <interp.h>
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "ipintsmod.h"
#undef	Runtab
#include "raise.h"
#include "fns.h"
#include "keyring.h"

enum
{
	Maxbits	= 1<<17,		/* bits in an IPint */
	Maxwords	= Maxbits/32 + 2,	/* with the room results need */
	Maxprime	= 8192,		/* bits in a prime made to order */
	Maxrep	= 256,			/* Miller-Rabin rounds */
};

#define	Maxwork	(1LL<<31)		/* word products in an expmod */

typedef struct XIPint XIPint;
struct XIPint
{
	IPints_IPint	x;	/* what Limbo sees */
	int	sign;
	int	top;
	int	size;
	u32int	w[];
};

Type*	TIPint;
static uchar	ipintmap[] = {0};

static char exTooBig[]	= "integer too large";
static char exWork[]	= "exponentiation too large";

void
ipintsmodinit(void)
{
	if(TIPint != nil)
		return;
	TIPint = dtype(nil, sizeof(XIPint), ipintmap, sizeof(ipintmap));
	builtinmod("$IPints", IPintsmodtab, IPintsmodlen);
}

/* raise mp's error e, if it is one */
void
mpcheck(int e)
{
	if(e < 0)
		error(mperrstr(e));
}

/* m = the value of IPint v, read in place */
void
ipview(void *v, Mpint *m)
{
	XIPint *ip;

	if(v == H)
		error(exNilref);
	if(D2H(v)->t != TIPint)
		error(exType);
	ip = v;
	mpfix(m, ip->w, ip->size);
	m->top = ip->top;
	m->sign = ip->sign;
}

/*
 * a new IPint of value 0 with room for n words, in *ret (dropping
 * what was there), and m a view of it to compute into
 */
void*
ipnew(void **ret, int n, Mpint *m)
{
	XIPint *ip;
	Heap *h;

	if(n < 1)
		n = 1;
	if(n > Maxwords)
		error(exTooBig);
	h = halloc(sizeof(Heap)+sizeof(XIPint)+n*sizeof(u32int), TIPint);
	ip = H2D(XIPint*, h);
	ip->sign = 1;
	ip->top = 0;
	ip->size = n;
	mpfix(m, ip->w, n);
	destroy(*ret);
	*ret = ip;
	return ip;
}

/* the result m of an mp function returning e into IPint v */
void
ipset(void *v, Mpint *m, int e)
{
	XIPint *ip;

	mpcheck(e);
	ip = v;
	mpnorm(m);
	ip->top = m->top;
	ip->sign = m->sign;
}

/* a new IPint, a copy of m, in *ret */
void*
ipcopy(void **ret, Mpint *m)
{
	Mpint r;
	void *ip;

	ip = ipnew(ret, m->top, &r);
	ipset(ip, &r, mpassign(m, &r));
	return ip;
}

static int
maxi(int a, int b)
{
	return a > b ? a : b;
}

static void
chkbits(vlong n)
{
	if(n > Maxbits)
		error(exTooBig);
}

/*
 * conversions
 */

static void
retmp(String **ret, Mpint *m, int base)
{
	char *s;
	int n, e;

	n = mpstrlen(m, base);
	s = malloc(n);
	if(s == nil)
		error(exNomem);
	e = mptoa(m, base, s, n);
	if(e < 0){
		free(s);
		error(mperrstr(e == -1 ? Mptoobig : e));
	}
	retstr(s, ret);
	free(s);
}

void
IPint_iptob64(void *fp)
{
	F_IPint_iptob64 *f;
	Mpint m;

	f = fp;
	ipview(f->i, &m);
	retmp(f->ret, &m, 64);
}

/* base 64 of the magnitude, a zero byte first if the top bit is set */
void
IPint_iptob64z(void *fp)
{
	F_IPint_iptob64z *f;
	Mpint m;
	uchar *b;
	char *s;
	int n;

	f = fp;
	ipview(f->i, &m);
	n = mpbelen(&m);
	b = malloc(n+1);
	s = malloc((n+3)/3*4+1);
	if(b == nil || s == nil){
		free(b);
		free(s);
		error(exNomem);
	}
	b[0] = 0;
	mptobe(&m, b+1, n);
	if(b[1] & 0x80)
		enc64(s, (n+3)/3*4+1, b, n+1);
	else
		enc64(s, (n+3)/3*4+1, b+1, n);
	free(b);
	retstr(s, f->ret);
	free(s);
}

static void
retbe(Array **ret, Mpint *m)
{
	Array *a;

	a = H2D(Array*, heaparray(&Tbyte, mpbelen(m)));
	mptobe(m, a->data, a->len);
	destroy(*ret);
	*ret = a;
}

/* the magnitude, big-endian: Inferno keeps no sign here either */
void
IPint_iptobytes(void *fp)
{
	F_IPint_iptobytes *f;
	Mpint m;

	f = fp;
	ipview(f->i, &m);
	retbe(f->ret, &m);
}

void
IPint_iptobebytes(void *fp)
{
	F_IPint_iptobebytes *f;
	Mpint m;

	f = fp;
	ipview(f->i, &m);
	retbe(f->ret, &m);
}

static void
frombe(void **ret, Array *a)
{
	Mpint r;
	void *ip;

	if(a == H)
		error(exNilref);
	chkbits((vlong)a->len*8);
	ip = ipnew(ret, (a->len+3)/4, &r);
	ipset(ip, &r, betomp(a->data, a->len, &r));
}

void
IPint_bytestoip(void *fp)
{
	F_IPint_bytestoip *f;

	f = fp;
	frombe((void**)f->ret, f->buf);
}

void
IPint_bebytestoip(void *fp)
{
	F_IPint_bebytestoip *f;

	f = fp;
	frombe((void**)f->ret, f->mag);
}

void
IPint_inttoip(void *fp)
{
	F_IPint_inttoip *f;
	Mpint r;
	void *ip;

	f = fp;
	ip = ipnew((void**)f->ret, 2, &r);
	ipset(ip, &r, mpitomp(f->i, &r));
}

void
IPint_iptoint(void *fp)
{
	F_IPint_iptoint *f;
	Mpint m;

	f = fp;
	*f->ret = 0;
	if(f->i == H)
		return;
	ipview(f->i, &m);
	*f->ret = mptoi(&m);
}

void
IPint_iptostr(void *fp)
{
	F_IPint_iptostr *f;
	Mpint m;

	f = fp;
	ipview(f->i, &m);
	retmp(f->ret, &m, f->base);
}

/*
 * the number s writes in base, or nil: after the digits only = may
 * follow (base 64's padding), as in Inferno
 */
static void
strtoip(void **ret, String *str, int base)
{
	Mpint r;
	char *s, *e;
	void *ip;
	int n, err;

	s = string2c(str);
	n = strlen(s);
	switch(base){
	case 32:
		n *= 5;
		break;
	case 64:
		n *= 6;
		break;
	default:
		n *= 4;
	}
	chkbits(n);
	destroy(*ret);
	*ret = H;
	ip = ipnew(ret, n/32+2, &r);
	err = strtomp(s, &e, base, &r);
	if(err == Mpnonum){
		destroy(*ret);
		*ret = H;
		return;
	}
	ipset(ip, &r, err);
	while(*e == '=')
		e++;
	if(*e != 0){
		destroy(*ret);
		*ret = H;
	}
}

void
IPint_b64toip(void *fp)
{
	F_IPint_b64toip *f;

	f = fp;
	strtoip((void**)f->ret, f->str, 64);
}

void
IPint_strtoip(void *fp)
{
	F_IPint_strtoip *f;

	f = fp;
	strtoip((void**)f->ret, f->str, f->base);
}

/* a random number below 2^nbits, from the host's genrandom */
void
iprandom(void **ret, int nbits)
{
	Mpint r;
	void *ip;

	chkbits(nbits);
	ip = ipnew(ret, nbits/32+1, &r);
	ipset(ip, &r, mprand(nbits, &r));
}

void
IPint_random(void *fp)
{
	F_IPint_random *f;

	f = fp;
	iprandom((void**)f->ret, f->nbits);
}

/*
 * arithmetic
 */

/* significant bits, 1 for 0 as in Inferno */
void
IPint_bits(void *fp)
{
	F_IPint_bits *f;
	Mpint m;
	int n;

	f = fp;
	*f->ret = 0;
	if(f->i == H)
		return;
	ipview(f->i, &m);
	n = mpsignif(&m);
	*f->ret = n > 0 ? n : 1;
}

/* the work of b^e mod m, or the size of b^e, within bounds */
static void
chkexp(Mpint *b, Mpint *e, Mpint *m)
{
	vlong nb;

	if(e->sign < 0 && e->top != 0)
		error(mperrstr(Mpnegexp));
	if(m != nil){
		if((vlong)mpsignif(e) * m->top * m->top > Maxwork)
			error(exWork);
		return;
	}
	nb = mpsignif(b);
	if(nb <= 1 || e->top == 0)
		return;		/* 0, 1 and -1 stay small */
	if(e->top > 1)
		error(exTooBig);
	chkbits((nb-1) * e->p[0] + 1);
}

void
IPint_expmod(void *fp)
{
	F_IPint_expmod *f;
	Mpint b, e, m, r, *mp;
	void *ip;
	int n;

	f = fp;
	ipview(f->base, &b);
	ipview(f->exp, &e);
	mp = nil;
	if(f->mod != H){
		ipview(f->mod, &m);
		mp = &m;
	}
	chkexp(&b, &e, mp);
	if(mp != nil)
		n = m.top;
	else if(e.top == 0 || mpsignif(&b) <= 1)
		n = 1;
	else
		n = ((vlong)mpsignif(&b)*e.p[0])/32 + 2;
	ip = ipnew((void**)f->ret, n, &r);
	ipset(ip, &r, mpexp(&b, &e, mp, &r));
}

void
IPint_invert(void *fp)
{
	F_IPint_invert *f;
	Mpint b, m, r;
	void *ip;

	f = fp;
	ipview(f->base, &b);
	ipview(f->mod, &m);
	ip = ipnew((void**)f->ret, m.top, &r);
	ipset(ip, &r, mpinvert(&b, &m, &r));
}

/*
 * the functions of two IPints giving one, whose frames are alike: a
 * sum's room is a word more than the longer, a product's the two
 */
enum
{
	Rsum,
	Rprod,
};

static void
binop(void *fp, int (*op)(Mpint*, Mpint*, Mpint*), int room)
{
	F_IPint_add *f;
	Mpint a, b, r;
	void *ip;
	int n;

	f = fp;
	ipview(f->i1, &a);
	ipview(f->i2, &b);
	if(room == Rprod){
		chkbits((vlong)mpsignif(&a)+mpsignif(&b));
		n = a.top+b.top;
	}else{
		chkbits(maxi(mpsignif(&a), mpsignif(&b))+1);
		n = maxi(a.top, b.top)+1;
	}
	ip = ipnew((void**)f->ret, n, &r);
	ipset(ip, &r, op(&a, &b, &r));
}

void
IPint_add(void *fp)
{
	binop(fp, mpadd, Rsum);
}

void
IPint_sub(void *fp)
{
	binop(fp, mpsub, Rsum);
}

void
IPint_mul(void *fp)
{
	binop(fp, mpmul, Rprod);
}

/* a mod m, in [0, m) for m > 0 (for m < 0 as Inferno's: the remainder, plus m if negative) */
void
IPint_mod(void *fp)
{
	binop(fp, mpmod, Rsum);
}

void
IPint_and(void *fp)
{
	binop(fp, mpand, Rsum);
}

void
IPint_ori(void *fp)
{
	binop(fp, mpor, Rsum);
}

void
IPint_xor(void *fp)
{
	binop(fp, mpxor, Rsum);
}

void
IPint_neg(void *fp)
{
	F_IPint_neg *f;
	Mpint a, r;
	void *ip;

	f = fp;
	ipview(f->i, &a);
	ip = ipnew((void**)f->ret, a.top, &r);
	mpassign(&a, &r);
	if(r.top != 0)
		r.sign = -r.sign;
	ipset(ip, &r, 0);
}

/* (quotient, remainder), truncating, as Inferno's */
void
IPint_div(void *fp)
{
	F_IPint_div *f;
	Mpint a, b, q, r;
	void *qp, *rp;

	f = fp;
	ipview(f->i1, &a);
	ipview(f->i2, &b);
	if(b.top == 0)
		error(mperrstr(Mpdivzero));
	qp = ipnew((void**)&f->ret->t0, a.top+1, &q);
	rp = ipnew((void**)&f->ret->t1, maxi(a.top, b.top), &r);
	mpcheck(mpdiv(&a, &b, &q, &r));
	ipset(qp, &q, 0);
	ipset(rp, &r, 0);
}

void
IPint_eq(void *fp)
{
	F_IPint_eq *f;
	Mpint a, b;

	f = fp;
	ipview(f->i1, &a);
	ipview(f->i2, &b);
	*f->ret = mpcmp(&a, &b) == 0;
}

/*
 * the sign of a-b, as Inferno gives it: the difference of the signs
 * (2) if they differ, else of the numbers of words in use, else 1
 */
void
IPint_cmp(void *fp)
{
	F_IPint_cmp *f;
	Mpint a, b;
	int c;

	f = fp;
	ipview(f->i1, &a);
	ipview(f->i2, &b);
	if(a.sign != b.sign){
		*f->ret = a.sign - b.sign;
		return;
	}
	c = a.top - b.top;
	if(c == 0)
		c = mpmagcmp(&a, &b);
	*f->ret = a.sign < 0 ? -c : c;
}

void
IPint_copy(void *fp)
{
	F_IPint_copy *f;
	Mpint a;

	f = fp;
	ipview(f->i, &a);
	ipcopy((void**)f->ret, &a);
}

void
IPint_shl(void *fp)
{
	F_IPint_shl *f;
	Mpint a, r;
	void *ip;
	int n;

	f = fp;
	ipview(f->i, &a);
	n = f->n;
	if(n >= 0 && a.top != 0)
		chkbits((vlong)mpsignif(&a)+n);
	ip = ipnew((void**)f->ret, n >= 0 ? a.top+n/32+1 : a.top, &r);
	ipset(ip, &r, mpleft(&a, n < -Maxbits-32 ? -Maxbits-32 : n, &r));
}

void
IPint_shr(void *fp)
{
	F_IPint_shr *f;
	Mpint a, r;
	void *ip;
	int n;

	f = fp;
	ipview(f->i, &a);
	n = f->n;
	if(n < 0 && a.top != 0)
		chkbits((vlong)mpsignif(&a)-(vlong)n);
	ip = ipnew((void**)f->ret, n < 0 ? a.top+(-(vlong)n)/32+1 : a.top, &r);
	ipset(ip, &r, mpright(&a, n > Maxbits+32 ? Maxbits+32 : n, &r));
}

void
IPint_not(void *fp)
{
	F_IPint_not *f;
	Mpint a, r;
	void *ip;

	f = fp;
	ipview(f->i1, &a);
	ip = ipnew((void**)f->ret, a.top, &r);
	ipset(ip, &r, mpnot(&a, &r));
}

/*
 * primes: the work is done with the VM released, into scratch numbers,
 * and copied into results made before (so nothing can be lost between)
 */

static void
chkprime(int nbits)
{
	if(nbits > Maxprime)
		error(exTooBig);
}

static int
nreps(int nrep)
{
	return nrep > Maxrep ? Maxrep : nrep;
}

/* copy m into IPint v, made with enough room, and clear m */
void
ipfill(void *v, Mpint *m)
{
	Mpint r;
	XIPint *ip;

	int e;

	ip = v;
	mpfix(&r, ip->w, ip->size);
	e = mpassign(m, &r);
	mpclear(m);
	ipset(ip, &r, e);
}

/* raise e, after clearing the n scratch numbers at v */
void
mpcheckv(int e, Mpint *v, int n)
{
	if(e < 0){
		mpclearv(v, n);
		error(mperrstr(e));
	}
}

void
IPints_probably_prime(void *fp)
{
	F_IPints_probably_prime *f;
	Mpint n;
	int r;

	f = fp;
	ipview(f->n, &n);
	chkprime(mpsignif(&n));
	release();
	r = mpprobprime(&n, nreps(f->nrep));
	acquire();
	mpcheck(r);
	*f->ret = r;
}

void
IPints_genprime(void *fp)
{
	F_IPints_genprime *f;
	Mpint r, p;
	void *ip;
	int e;

	f = fp;
	chkprime(f->nbits);
	ip = ipnew((void**)f->ret, f->nbits/32+2, &r);
	mpinit(&p);
	release();
	e = mpgenprime(&p, f->nbits, nreps(f->nrep));
	acquire();
	mpcheckv(e, &p, 1);
	ipfill(ip, &p);
}

void
IPints_genstrongprime(void *fp)
{
	F_IPints_genstrongprime *f;
	Mpint r, p;
	void *ip;
	int e;

	f = fp;
	chkprime(f->nbits);
	ip = ipnew((void**)f->ret, maxi(f->nbits, 64)/32+2, &r);
	mpinit(&p);
	release();
	e = mpgenstrongprime(&p, f->nbits, nreps(f->nrep));
	acquire();
	mpcheckv(e, &p, 1);
	ipfill(ip, &p);
}

/* (p, alpha) of nbits bits; the same search serves dhparams */
void
ipsafeprime(void **pret, void **aret, int nbits, int nrep)
{
	Mpint r, v[2];
	void *pp, *ap;
	int e;

	chkprime(nbits);
	pp = ipnew(pret, maxi(nbits, 3)/32+2, &r);
	ap = ipnew(aret, maxi(nbits, 3)/32+2, &r);
	mpinitv(v, 2);
	release();
	e = mpgensafeprime(&v[0], &v[1], nbits, nreps(nrep));
	acquire();
	mpcheckv(e, v, 2);
	ipfill(pp, &v[0]);
	ipfill(ap, &v[1]);
}

void
IPints_gensafeprime(void *fp)
{
	F_IPints_gensafeprime *f;

	f = fp;
	ipsafeprime((void**)&f->ret->t0, (void**)&f->ret->t1, f->nbits, f->nrep);
}

/* FIPS 186-2's primes q (160 bits) and p (1024 bits), and their seed */
void
ipdsaprimes(void **qret, void **pret, Array **seed)
{
	Mpint r, v[2];
	void *qp, *pp;
	uchar s[20];
	int e, ctr;

	qp = ipnew(qret, 160/32+1, &r);
	pp = ipnew(pret, 1024/32+1, &r);
	if(seed != nil){
		destroy(*seed);
		*seed = H;
		*seed = H2D(Array*, heaparray(&Tbyte, sizeof s));
	}
	mpinitv(v, 2);
	ctr = -1;
	release();
	e = mpdsaprimes(&v[0], &v[1], 1024, s, &ctr);
	acquire();
	mpcheckv(e, v, 2);
	ipfill(qp, &v[0]);
	ipfill(pp, &v[1]);
	if(seed != nil)
		memmove((*seed)->data, s, sizeof s);
}

void
IPints_DSAprimes(void *fp)
{
	F_IPints_DSAprimes *f;

	f = fp;
	ipdsaprimes((void**)&f->ret->t0, (void**)&f->ret->t1, &f->ret->t2);
}
