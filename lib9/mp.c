/*
 * mp.c -- signed big integers: the arithmetic under $IPints, $Keyring
 * and $Crypt.  An Mpint is a sign and a magnitude of 32-bit words, least
 * significant first (lib9.h).  The algorithms are Knuth's, TAOCP vol. 2,
 * 4.3.1 (classical multiplication and division, Algorithm D) and 4.6.3
 * (exponentiation, by a window of 4 bits); the extended gcd is
 * Euclid's with cofactors (4.5.2, Algorithm X).
 *
 * Results go into an Mpint the caller gives, which may be an argument;
 * its words grow by malloc as needed, except for one made by mpfix over
 * words of the caller's, which must be large enough.  Scratch space is
 * malloc'd and freed within each call.  A function returning int
 * returns 0, or a negative Mp code (lib9.h) for no memory, a division
 * by zero, no inverse, or a result over Mpmaxbits; the result is then
 * undefined.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>

enum
{
	Wbits	= 32,
	Maxwords	= (Mpmaxbits+Wbits-1)/Wbits,
};

#define	WORDS(bits)	(((bits)+Wbits-1)/Wbits)

static char *mperrs[] = {
	"",
	"out of memory",
	"mpdiv: divide by zero",
	"mpinvert: no inverse",
	"mpexp: negative exponent",
	"integer too large",
	"no number",
	"bad key",
};

char*
mperrstr(int e)
{
	if(e >= 0 || -e >= nelem(mperrs))
		return "bad big integer";
	return mperrs[-e];
}

void
mpinit(Mpint *b)
{
	b->sign = 1;
	b->top = 0;
	b->size = 0;
	b->fixed = 0;
	b->p = nil;
}

/* b uses the caller's n words at p, and never grows beyond them */
void
mpfix(Mpint *b, u32int *p, int n)
{
	b->sign = 1;
	b->top = 0;
	b->size = n;
	b->fixed = 1;
	b->p = p;
}

void
mpclear(Mpint *b)
{
	if(!b->fixed)
		free(b->p);
	mpinit(b);
}

/* room for n words in b, keeping its value */
int
mpgrow(Mpint *b, int n)
{
	u32int *p;

	if(n <= b->size)
		return 0;
	if(n > Maxwords || b->fixed)
		return Mptoobig;
	p = malloc(n*sizeof(u32int));
	if(p == nil)
		return Mpnomem;
	if(b->top > 0)
		memmove(p, b->p, b->top*sizeof(u32int));
	free(b->p);
	b->p = p;
	b->size = n;
	return 0;
}

void
mpnorm(Mpint *b)
{
	while(b->top > 0 && b->p[b->top-1] == 0)
		b->top--;
	if(b->top == 0)
		b->sign = 1;
}

int
mpassign(Mpint *s, Mpint *d)
{
	int e;

	if(s == d)
		return 0;
	if((e = mpgrow(d, s->top)) < 0)
		return e;
	if(s->top > 0)
		memmove(d->p, s->p, s->top*sizeof(u32int));
	d->top = s->top;
	d->sign = s->sign;
	return 0;
}

void
mpzero(Mpint *b)
{
	b->top = 0;
	b->sign = 1;
}

int
mpitomp(vlong v, Mpint *b)
{
	uvlong m;
	int e;

	m = v < 0 ? -(uvlong)v : (uvlong)v;
	if((e = mpgrow(b, m>>32 ? 2 : 1)) < 0)
		return e;
	b->sign = v < 0 ? -1 : 1;
	b->p[0] = m;
	b->top = 1;
	if(m>>32){
		b->p[1] = m>>32;
		b->top = 2;
	}
	mpnorm(b);
	return 0;
}

/* the int nearest b: b itself, clamped to [-2^31, 2^31-1] */
int
mptoi(Mpint *b)
{
	if(b->top == 0)
		return 0;
	if(b->sign > 0){
		if(b->top > 1 || b->p[0] > 0x7fffffff)
			return 0x7fffffff;
		return b->p[0];
	}
	if(b->top > 1 || b->p[0] > 0x80000000)
		return -0x7fffffff-1;
	return -(int)b->p[0];
}

/* bits in b's magnitude */
int
mpsignif(Mpint *b)
{
	u32int w;
	int n;

	if(b->top == 0)
		return 0;
	w = b->p[b->top-1];
	for(n = 0; w != 0; n++)
		w >>= 1;
	return (b->top-1)*Wbits + n;
}

/* zero bits below the lowest one (0 for zero) */
int
mplowbits0(Mpint *b)
{
	int i, n;
	u32int w;

	for(i = 0; i < b->top; i++)
		if(b->p[i] != 0){
			w = b->p[i];
			for(n = 0; (w & 1) == 0; n++)
				w >>= 1;
			return i*Wbits + n;
		}
	return 0;
}

int
mptestbit(Mpint *b, int i)
{
	if(i < 0 || i/Wbits >= b->top)
		return 0;
	return b->p[i/Wbits]>>(i%Wbits) & 1;
}

/*
 * word vectors
 */

static int
vcmp(u32int *a, int na, u32int *b, int nb)
{
	if(na != nb)
		return na < nb ? -1 : 1;
	while(--na >= 0)
		if(a[na] != b[na])
			return a[na] < b[na] ? -1 : 1;
	return 0;
}

/* r = a + b, na >= nb, r has na words (may be a or b); the carry out */
static u32int
vadd(u32int *a, int na, u32int *b, int nb, u32int *r)
{
	uvlong t;
	int i;

	t = 0;
	for(i = 0; i < nb; i++){
		t += (uvlong)a[i] + b[i];
		r[i] = t;
		t >>= 32;
	}
	for(; i < na; i++){
		t += a[i];
		r[i] = t;
		t >>= 32;
	}
	return t;
}

/* r = a - b, a >= b as numbers, na >= nb; r may be a or b */
static void
vsub(u32int *a, int na, u32int *b, int nb, u32int *r)
{
	uvlong t;
	u32int borrow;
	int i;

	borrow = 0;
	for(i = 0; i < na; i++){
		t = (uvlong)a[i] - borrow;
		if(i < nb)
			t -= b[i];
		r[i] = t;
		borrow = (t>>32) != 0;
	}
}

/* r[0..n-1] += a[0..n-1]*d; the carry word out */
static u32int
vmuladd(u32int *a, int n, u32int d, u32int *r)
{
	uvlong t;
	int i;

	t = 0;
	for(i = 0; i < n; i++){
		t += (uvlong)a[i]*d + r[i];
		r[i] = t;
		t >>= 32;
	}
	return t;
}

/* a *= d in place; the carry word out */
static u32int
vmul1(u32int *a, int n, u32int d)
{
	uvlong t;
	int i;

	t = 0;
	for(i = 0; i < n; i++){
		t += (uvlong)a[i]*d;
		a[i] = t;
		t >>= 32;
	}
	return t;
}

/* r = a*b, r has na+nb words and is neither */
static void
vmul(u32int *a, int na, u32int *b, int nb, u32int *r)
{
	int i;

	memset(r, 0, (na+nb)*sizeof(u32int));
	for(i = 0; i < nb; i++)
		if(b[i] != 0)
			r[i+na] = vmuladd(a, na, b[i], r+i);
}

/* r = a*a, r has 2n words: each cross product once, doubled */
static void
vsqr(u32int *a, int n, u32int *r)
{
	uvlong t;
	int i;
	u32int c;

	memset(r, 0, 2*n*sizeof(u32int));
	for(i = 0; i < n-1; i++)
		r[i+n] = vmuladd(a+i+1, n-1-i, a[i], r+2*i+1);
	c = 0;
	for(i = 0; i < 2*n; i++){
		t = r[i];
		r[i] = t<<1 | c;
		c = t>>31;
	}
	t = 0;
	for(i = 0; i < n; i++){
		t += (uvlong)a[i]*a[i] + r[2*i];
		r[2*i] = t;
		t >>= 32;
		t += r[2*i+1];
		r[2*i+1] = t;
		t >>= 32;
	}
}

static int
nlz(u32int w)
{
	int n;

	for(n = 0; (w & 0x80000000) == 0; n++)
		w <<= 1;
	return n;
}

/*
 * Knuth's Algorithm D: u (nu words) divided by v (nv words, v[nv-1] !=
 * 0, nu >= nv >= 2); q gets nu-nv+1 words (may be nil), r nv words.
 * s is scratch of nu+1+nv words.
 */
static void
vdiv(u32int *u, int nu, u32int *v, int nv, u32int *q, u32int *r, u32int *s)
{
	u32int *un, *vn, borrow, carry;
	uvlong num, qhat, rhat, p, t;
	int i, j, sh;

	un = s;
	vn = s+nu+1;
	sh = nlz(v[nv-1]);
	for(i = nv-1; i > 0; i--)
		vn[i] = v[i]<<sh | (sh ? (uvlong)v[i-1]>>(32-sh) : 0);
	vn[0] = v[0]<<sh;
	un[nu] = sh ? (uvlong)u[nu-1]>>(32-sh) : 0;
	for(i = nu-1; i > 0; i--)
		un[i] = u[i]<<sh | (sh ? (uvlong)u[i-1]>>(32-sh) : 0);
	un[0] = u[0]<<sh;

	for(j = nu-nv; j >= 0; j--){
		/* D3: estimate, then correct by the next word */
		num = (uvlong)un[j+nv]<<32 | un[j+nv-1];
		qhat = num / vn[nv-1];
		rhat = num - qhat*vn[nv-1];
		while(qhat > 0xffffffffULL || qhat*vn[nv-2] > (rhat<<32 | un[j+nv-2])){
			qhat--;
			rhat += vn[nv-1];
			if(rhat > 0xffffffffULL)
				break;
		}
		/* D4: multiply and subtract */
		borrow = 0;
		for(i = 0; i < nv; i++){
			p = qhat*vn[i] + borrow;
			t = (uvlong)un[i+j] - (u32int)p;
			un[i+j] = t;
			borrow = (p>>32) + ((t>>32) != 0);
		}
		t = (uvlong)un[j+nv] - borrow;
		un[j+nv] = t;
		/* D6: the estimate was one too large: add back */
		if((t>>32) != 0){
			qhat--;
			carry = 0;
			for(i = 0; i < nv; i++){
				t = (uvlong)un[i+j] + vn[i] + carry;
				un[i+j] = t;
				carry = t>>32;
			}
			un[j+nv] += carry;
		}
		if(q != nil)
			q[j] = qhat;
	}
	/* D8: unnormalise the remainder */
	for(i = 0; i < nv-1; i++)
		r[i] = un[i]>>sh | (sh ? (uvlong)un[i+1]<<(32-sh) : 0);
	r[nv-1] = un[nv-1]>>sh;
}

/* q = u / d, one word; the remainder */
static u32int
vdiv1(u32int *u, int n, u32int d, u32int *q)
{
	uvlong t;
	int i;

	t = 0;
	for(i = n-1; i >= 0; i--){
		t = t<<32 | u[i];
		if(q != nil)
			q[i] = t / d;
		t %= d;
	}
	return t;
}

/*
 * signed arithmetic
 */

int
mpmagcmp(Mpint *a, Mpint *b)
{
	return vcmp(a->p, a->top, b->p, b->top);
}

int
mpcmp(Mpint *a, Mpint *b)
{
	if(a->sign != b->sign)
		return a->sign < b->sign ? -1 : 1;
	if(a->sign < 0)
		return vcmp(b->p, b->top, a->p, a->top);
	return vcmp(a->p, a->top, b->p, b->top);
}

/* r = |a| + |b| with sign s */
static int
magadd(Mpint *a, Mpint *b, int s, Mpint *r)
{
	Mpint *t;
	int e, na;

	if(a->top < b->top){
		t = a;
		a = b;
		b = t;
	}
	na = a->top;
	if((e = mpgrow(r, na+1)) < 0)
		return e;
	r->p[na] = vadd(a->p, na, b->p, b->top, r->p);
	r->top = na+1;
	r->sign = s;
	mpnorm(r);
	return 0;
}

/* r = |a| - |b| with sign s, or the other way round with sign -s */
static int
magsub(Mpint *a, Mpint *b, int s, Mpint *r)
{
	Mpint *t;
	int e;

	if(vcmp(a->p, a->top, b->p, b->top) < 0){
		t = a;
		a = b;
		b = t;
		s = -s;
	}
	if((e = mpgrow(r, a->top)) < 0)
		return e;
	vsub(a->p, a->top, b->p, b->top, r->p);
	r->top = a->top;
	r->sign = s;
	mpnorm(r);
	return 0;
}

int
mpadd(Mpint *a, Mpint *b, Mpint *r)
{
	if(a->sign == b->sign)
		return magadd(a, b, a->sign, r);
	return magsub(a, b, a->sign, r);
}

int
mpsub(Mpint *a, Mpint *b, Mpint *r)
{
	if(a->sign != b->sign)
		return magadd(a, b, a->sign, r);
	return magsub(a, b, a->sign, r);
}

int
mpmul(Mpint *a, Mpint *b, Mpint *r)
{
	Mpint t;
	int e;

	if(a->top == 0 || b->top == 0){
		mpzero(r);
		return 0;
	}
	if(r == a || r == b){
		mpinit(&t);
		e = mpmul(a, b, &t);
		if(e == 0)
			e = mpassign(&t, r);
		mpclear(&t);
		return e;
	}
	if((e = mpgrow(r, a->top+b->top)) < 0)
		return e;
	if(a == b)
		vsqr(a->p, a->top, r->p);
	else
		vmul(a->p, a->top, b->p, b->top, r->p);
	r->top = a->top+b->top;
	r->sign = a->sign*b->sign;
	mpnorm(r);
	return 0;
}

/*
 * q = a/b truncated toward zero, r = a - q*b (the sign of a); either may
 * be nil, and either may be a or b.
 */
int
mpdiv(Mpint *a, Mpint *b, Mpint *q, Mpint *r)
{
	u32int *s, *qw, *rw;
	int e, na, nb, nq, qs, rs;

	if(b->top == 0)
		return Mpdivzero;
	na = a->top;
	nb = b->top;
	qs = a->sign*b->sign;
	rs = a->sign;
	if(na < nb || vcmp(a->p, na, b->p, nb) < 0){
		if(r != nil && (e = mpassign(a, r)) < 0)
			return e;
		if(q != nil)
			mpzero(q);
		return 0;
	}
	nq = na-nb+1;
	s = malloc((nq + nb + na+1+nb)*sizeof(u32int));
	if(s == nil)
		return Mpnomem;
	qw = s;
	rw = s+nq;
	if(nb == 1){
		rw[0] = vdiv1(a->p, na, b->p[0], qw);
	}else
		vdiv(a->p, na, b->p, nb, qw, rw, rw+nb);
	e = 0;
	if(q != nil && (e = mpgrow(q, nq)) == 0){
		memmove(q->p, qw, nq*sizeof(u32int));
		q->top = nq;
		q->sign = qs;
		mpnorm(q);
	}
	if(e == 0 && r != nil && (e = mpgrow(r, nb)) == 0){
		memmove(r->p, rw, nb*sizeof(u32int));
		r->top = nb;
		r->sign = rs;
		mpnorm(r);
	}
	free(s);
	return e;
}

/*
 * r = a mod m as Inferno's IPint.mod gives it: the remainder of a
 * truncating division, plus m if that is negative: in [0, m) for m > 0.
 */
int
mpmod(Mpint *a, Mpint *m, Mpint *r)
{
	Mpint t;
	int e;

	if(r == m){
		mpinit(&t);
		e = mpmod(a, m, &t);
		if(e == 0)
			e = mpassign(&t, r);
		mpclear(&t);
		return e;
	}
	if((e = mpdiv(a, m, nil, r)) < 0)
		return e;
	if(r->sign < 0)
		return mpadd(r, m, r);
	return 0;
}

/* r = |a| mod |m|, in [0, |m|) */
static int
magmod(Mpint *a, Mpint *m, Mpint *r)
{
	int e, s;

	s = a->sign;
	a->sign = 1;
	e = mpdiv(a, m, nil, r);
	if(r != a)
		a->sign = s;
	r->sign = 1;
	return e;
}

int
mpleft(Mpint *a, int n, Mpint *r)
{
	int e, i, w, b, na;

	if(n < 0)
		return mpright(a, -n, r);
	if(a->top == 0){
		mpzero(r);
		return 0;
	}
	if(n > Mpmaxbits)
		return Mptoobig;
	w = n/Wbits;
	b = n%Wbits;
	na = a->top;
	if((e = mpgrow(r, na+w+1)) < 0)
		return e;
	r->p[na+w] = b ? a->p[na-1]>>(Wbits-b) : 0;
	for(i = na-1; i > 0; i--)
		r->p[i+w] = a->p[i]<<b | (b ? a->p[i-1]>>(Wbits-b) : 0);
	r->p[w] = a->p[0]<<b;
	for(i = 0; i < w; i++)
		r->p[i] = 0;
	r->top = na+w+1;
	r->sign = a->sign;
	mpnorm(r);
	return 0;
}

/* r = a >> n on the magnitude (so -5 >> 1 is -2), as Inferno's */
int
mpright(Mpint *a, int n, Mpint *r)
{
	int e, i, w, b, nr, s;

	if(a->top == 0){
		mpzero(r);
		return 0;
	}
	if(n < 0){
		if(n < -Mpmaxbits)
			return Mptoobig;
		return mpleft(a, -n, r);
	}
	w = n/Wbits;
	b = n%Wbits;
	if(w >= a->top){
		mpzero(r);
		return 0;
	}
	nr = a->top-w;
	s = a->sign;
	if((e = mpgrow(r, nr)) < 0)
		return e;
	for(i = 0; i < nr; i++){
		r->p[i] = a->p[i+w]>>b;
		if(b != 0 && i+w+1 < a->top)
			r->p[i] |= a->p[i+w+1]<<(Wbits-b);
	}
	r->top = nr;
	r->sign = s;
	mpnorm(r);
	return 0;
}

/*
 * Inferno's bitwise operations work on the magnitudes: and takes a's
 * sign, or and xor the sign of the longer operand (a's if the same),
 * and not complements the words in use, giving a positive number.
 */
int
mpand(Mpint *a, Mpint *b, Mpint *r)
{
	int e, i, n, s;

	s = a->sign;
	if(a->top == 0 || b->top == 0){
		mpzero(r);
		return 0;
	}
	n = a->top < b->top ? a->top : b->top;
	if((e = mpgrow(r, n)) < 0)
		return e;
	for(i = 0; i < n; i++)
		r->p[i] = a->p[i] & b->p[i];
	r->top = n;
	r->sign = s;
	mpnorm(r);
	return 0;
}

/* r may be a or b, the shorter as well: each word is read before it is written */
static int
orxor(Mpint *a, Mpint *b, Mpint *r, int xor)
{
	Mpint *t;
	u32int w;
	int e, i, n;

	if(b->top > a->top){
		t = a;
		a = b;
		b = t;
	}
	if(a->top == 0 || b->top == 0)
		return mpassign(a->top == 0 ? b : a, r);
	n = b->top;
	if((e = mpgrow(r, a->top)) < 0)
		return e;
	for(i = 0; i < a->top; i++){
		w = i < n ? b->p[i] : 0;
		r->p[i] = xor ? a->p[i] ^ w : a->p[i] | w;
	}
	r->top = a->top;
	r->sign = a->sign;
	mpnorm(r);
	return 0;
}

int
mpor(Mpint *a, Mpint *b, Mpint *r)
{
	return orxor(a, b, r, 0);
}

int
mpxor(Mpint *a, Mpint *b, Mpint *r)
{
	return orxor(a, b, r, 1);
}

int
mpnot(Mpint *a, Mpint *r)
{
	int e, i;

	if((e = mpgrow(r, a->top)) < 0)
		return e;
	for(i = 0; i < a->top; i++)
		r->p[i] = ~a->p[i];
	r->top = a->top;
	r->sign = 1;
	mpnorm(r);
	return 0;
}

/* r = a mod |m|, in [0, |m|) */
static int
posmod(Mpint *a, Mpint *m, Mpint *r)
{
	int e, s;

	s = a->sign;
	if((e = magmod(a, m, r)) < 0)
		return e;
	if(s < 0 && r->top != 0)
		return magsub(m, r, 1, r);
	return 0;
}

/* r = t mod |m|, t >= 0, or t itself without m */
static int
reduce(Mpint *t, Mpint *m, Mpint *r)
{
	if(m == nil)
		return mpassign(t, r);
	return magmod(t, m, r);
}

/*
 * r = b^e mod m (m nil: b^e exactly), e >= 0; b^0 is 1 whatever m, as
 * in Inferno.  With m, the result is in [0, |m|): b is reduced first and
 * each product after it.  Exponents over 32 bits go by windows of 4
 * bits from a table of b^0 .. b^15.
 */
int
mpexp(Mpint *b, Mpint *e, Mpint *m, Mpint *r)
{
	Mpint tab[16], acc, t;
	int err, i, j, k, d, nb, w;

	if(e->sign < 0 && e->top != 0)
		return Mpnegexp;
	if(m != nil && m->top == 0)
		return Mpdivzero;
	if(e->top == 0)
		return mpitomp(1, r);
	for(i = 0; i < 16; i++)
		mpinit(&tab[i]);
	mpinit(&acc);
	mpinit(&t);
	nb = mpsignif(e);
	w = nb > 32 ? 4 : 1;
	if((err = mpitomp(1, &tab[0])) < 0)
		goto out;
	if(m != nil)
		err = posmod(b, m, &tab[1]);
	else
		err = mpassign(b, &tab[1]);
	if(err < 0)
		goto out;
	for(i = 2; i < (1<<w); i++)
		if((err = mpmul(&tab[i-1], &tab[1], &t)) < 0 || (err = reduce(&t, m, &tab[i])) < 0)
			goto out;
	if((err = mpitomp(1, &acc)) < 0)
		goto out;
	for(i = ((nb+w-1)/w - 1)*w; i >= 0; i -= w){
		for(j = 0; j < w && !(acc.top == 1 && acc.p[0] == 1 && acc.sign > 0); j++)
			if((err = mpmul(&acc, &acc, &t)) < 0 || (err = reduce(&t, m, &acc)) < 0)
				goto out;
		d = 0;
		for(k = w-1; k >= 0; k--)
			d = d<<1 | mptestbit(e, i+k);
		if(d != 0)
			if((err = mpmul(&acc, &tab[d], &t)) < 0 || (err = reduce(&t, m, &acc)) < 0)
				goto out;
	}
	err = mpassign(&acc, r);
out:
	for(i = 0; i < 16; i++)
		mpclear(&tab[i]);
	mpclear(&acc);
	mpclear(&t);
	return err;
}

static void
swap(Mpint *a, Mpint *b)
{
	Mpint t;

	t = *a;
	*a = *b;
	*b = t;
}

/*
 * g = gcd(|a|, |b|) and x, y with |a|x + |b|y = g, by Euclid's algorithm
 * carrying the cofactors (Knuth's Algorithm X).  x or y may be nil.
 */
int
mpegcd(Mpint *a, Mpint *b, Mpint *g, Mpint *x, Mpint *y)
{
	Mpint r0, r1, s0, s1, t0, t1, q, t, *v[8];
	int e, i;

	v[0] = &r0; v[1] = &r1; v[2] = &s0; v[3] = &s1;
	v[4] = &t0; v[5] = &t1; v[6] = &q; v[7] = &t;
	for(i = 0; i < nelem(v); i++)
		mpinit(v[i]);
	if((e = mpassign(a, &r0)) < 0 || (e = mpassign(b, &r1)) < 0
	|| (e = mpitomp(1, &s0)) < 0 || (e = mpitomp(1, &t1)) < 0)
		goto out;
	r0.sign = 1;
	r1.sign = 1;
	while(r1.top != 0){
		/* (r0, r1) = (r1, r0 - q r1), and the same steps for s and t */
		if((e = mpdiv(&r0, &r1, &q, &r0)) < 0)
			goto out;
		swap(&r0, &r1);
		if((e = mpmul(&q, &s1, &t)) < 0 || (e = mpsub(&s0, &t, &s0)) < 0)
			goto out;
		swap(&s0, &s1);
		if((e = mpmul(&q, &t1, &t)) < 0 || (e = mpsub(&t0, &t, &t0)) < 0)
			goto out;
		swap(&t0, &t1);
	}
	if((e = mpassign(&r0, g)) < 0)
		goto out;
	if(x != nil && (e = mpassign(&s0, x)) < 0)
		goto out;
	if(y != nil)
		e = mpassign(&t0, y);
out:
	for(i = 0; i < nelem(v); i++)
		mpclear(v[i]);
	return e;
}

/* r = a^-1 mod |m|, in [0, |m|); Mpnoinv if a and m have a common factor */
int
mpinvert(Mpint *a, Mpint *m, Mpint *r)
{
	Mpint g, x, am;
	int e;

	if(m->top == 0)
		return Mpdivzero;
	mpinit(&g);
	mpinit(&x);
	mpinit(&am);
	if((e = posmod(a, m, &am)) < 0 || (e = mpegcd(&am, m, &g, &x, nil)) < 0)
		goto out;
	if(g.top != 1 || g.p[0] != 1){
		e = Mpnoinv;
		goto out;
	}
	e = posmod(&x, m, r);
out:
	mpclear(&g);
	mpclear(&x);
	mpclear(&am);
	return e;
}

/*
 * conversions
 */

/* b = the big-endian unsigned number of n bytes at p */
int
betomp(uchar *p, int n, Mpint *b)
{
	int e, i, j;

	while(n > 0 && *p == 0){
		p++;
		n--;
	}
	if((e = mpgrow(b, (n+3)/4)) < 0)
		return e;
	b->top = (n+3)/4;
	b->sign = 1;
	if(b->top > 0)
		memset(b->p, 0, b->top*sizeof(u32int));
	for(i = 0; i < n; i++){
		j = n-1-i;
		b->p[j/4] |= (u32int)p[i] << 8*(j%4);
	}
	mpnorm(b);
	return 0;
}

/* bytes of |b| big-endian, at least one */
int
mpbelen(Mpint *b)
{
	int n;

	n = (mpsignif(b)+7)/8;
	return n > 0 ? n : 1;
}

/* |b| big-endian into p (mpbelen(b) bytes, at most n); the count, or -1 */
int
mptobe(Mpint *b, uchar *p, int n)
{
	int i, m;

	m = mpbelen(b);
	if(m > n)
		return -1;
	for(i = 0; i < m; i++){
		int j = m-1-i;
		p[i] = j/4 < b->top ? b->p[j/4] >> 8*(j%4) : 0;
	}
	return m;
}

static char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static char b32chars[] = "23456789abcdefghijkmnpqrstuvwxyz";

static int
b64val(int c)
{
	if(c >= 'A' && c <= 'Z')
		return c-'A';
	if(c >= 'a' && c <= 'z')
		return c-'a'+26;
	if(c >= '0' && c <= '9')
		return c-'0'+52;
	if(c == '+')
		return 62;
	if(c == '/')
		return 63;
	return -1;
}

/*
 * RFC 4648 base 64 with = padding: the characters written (NUL
 * terminated), or -1 if out (lim bytes) is short
 */
int
enc64(char *out, int lim, uchar *in, int n)
{
	int i, k;
	ulong v;

	if(lim < (n+2)/3*4 + 1)
		return -1;
	k = 0;
	for(i = 0; i < n; i += 3){
		v = in[i]<<16;
		if(i+1 < n)
			v |= in[i+1]<<8;
		if(i+2 < n)
			v |= in[i+2];
		out[k++] = b64chars[v>>18 & 63];
		out[k++] = b64chars[v>>12 & 63];
		out[k++] = i+1 < n ? b64chars[v>>6 & 63] : '=';
		out[k++] = i+2 < n ? b64chars[v & 63] : '=';
	}
	out[k] = 0;
	return k;
}

/*
 * decode base 64, ignoring characters outside its alphabet (padding,
 * white space), as Inferno's dec64: the bytes written, at most lim
 */
int
dec64(uchar *out, int lim, char *in, int n)
{
	int i, c, k, nb;
	ulong v;

	k = 0;
	nb = 0;
	v = 0;
	for(i = 0; i < n; i++){
		if((c = b64val((uchar)in[i])) < 0)
			continue;
		v = v<<6 | c;
		nb++;
		if(nb == 4){
			if(k+3 > lim)
				return k;
			out[k++] = v>>16;
			out[k++] = v>>8;
			out[k++] = v;
			nb = 0;
			v = 0;
		}
	}
	if(nb == 2 && k+1 <= lim)
		out[k++] = v>>4;
	else if(nb == 3 && k+2 <= lim){
		out[k++] = v>>10;
		out[k++] = v>>2;
	}
	return k;
}

/*
 * Plan 9's base 32 (the alphabet 2-9 a-z without l and o): 8 characters
 * for each 5 bytes, a short last group written as far as its bits go
 */
int
enc32(char *out, int lim, uchar *in, int n)
{
	int i, k, nbit, need;
	uvlong v;

	need = (8*n+4)/5;
	if(lim <= need)
		return -1;
	k = 0;
	v = 0;
	nbit = 0;
	for(i = 0; i < n; i++){
		v = v<<8 | in[i];
		nbit += 8;
		while(nbit >= 5){
			nbit -= 5;
			out[k++] = b32chars[v>>nbit & 31];
		}
	}
	if(nbit > 0)
		out[k++] = b32chars[v<<(5-nbit) & 31];
	out[k] = 0;
	return k;
}

/*
 * decode Plan 9's base 32, a character outside the alphabet counting as
 * 0; -1 for a count that no enc32 output has (1, 3 or 6 modulo 8)
 */
int
dec32(uchar *out, int lim, char *in, int n)
{
	int i, k, nbit;
	char *s;
	uvlong v;

	if(n%8 == 1 || n%8 == 3 || n%8 == 6)
		return -1;
	if(lim < 5*n/8)
		return -1;
	k = 0;
	v = 0;
	nbit = 0;
	for(i = 0; i < n; i++){
		s = strchr(b32chars, in[i]);
		v = v<<5 | (s != nil && in[i] != 0 ? s-b32chars : 0);
		nbit += 5;
		if(nbit >= 8){
			nbit -= 8;
			out[k++] = v>>nbit;
		}
	}
	return k;
}

/* room mptoa needs for b in base, with the sign and the NUL */
int
mpstrlen(Mpint *b, int base)
{
	int n;

	n = mpbelen(b);
	switch(base){
	case 10:
		n = n*241/100 + 2;	/* 8 log10(2) < 2.41 digits a byte */
		break;
	case 32:
		n = (n+4)/5*8;
		break;
	case 64:
		n = (n+2)/3*4;
		break;
	default:
		n = 2*n;
	}
	return n+2;
}

static int
to10(Mpint *b, char *buf, int len)
{
	u32int *w, r;
	int i, n, k;
	char *p;

	n = b->top;
	w = malloc((n+1)*sizeof(u32int));
	if(w == nil)
		return Mpnomem;
	if(n > 0)
		memmove(w, b->p, n*sizeof(u32int));
	p = buf+len;
	*--p = 0;
	do{
		r = vdiv1(w, n, 1000000000, w);
		while(n > 0 && w[n-1] == 0)
			n--;
		for(k = 0; k < 9; k++){
			if(p <= buf){
				free(w);
				return -1;
			}
			*--p = '0' + r%10;
			r /= 10;
			if(n == 0 && r == 0)
				break;
		}
	}while(n > 0);
	free(w);
	i = buf+len - p;
	memmove(buf, p, i);
	return 0;
}

/*
 * b as text in base 10, 16, 32 or 64 (any other base is 16), as
 * Inferno's IPint.iptostr writes it: a - for a negative number; 16 in
 * capitals without leading zeros; 64 and 32 the encodings of mptobe's
 * bytes, 32 padded with zero bytes to a multiple of 5.  -1 if buf is
 * short; mpstrlen(b, base) bytes suffice.
 */
int
mptoa(Mpint *b, int base, char *buf, int len)
{
	uchar *be;
	int n, i, d, e;
	char *p;

	if(len < 2)
		return -1;
	p = buf;
	if(b->sign < 0){
		*p++ = '-';
		len--;
	}
	switch(base){
	case 10:
		return to10(b, p, len);
	case 32:
	case 64:
		n = mpbelen(b);
		be = malloc(n+5);
		if(be == nil)
			return Mpnomem;
		memset(be, 0, n+5);
		mptobe(b, be, n);
		if(base == 32){
			n = (n+4)/5*5;
			e = enc32(p, len, be, n);
		}else
			e = enc64(p, len, be, n);
		free(be);
		return e < 0 ? -1 : 0;
	default:
		e = 0;
		for(i = b->top*8-1; i >= 0; i--){
			d = b->p[i/8]>>4*(i%8) & 15;
			if(d == 0 && e == 0)
				continue;
			if(e >= len-1)
				return -1;
			p[e++] = "0123456789ABCDEF"[d];
		}
		if(e == 0)
			p[e++] = '0';
		p[e] = 0;
		return 0;
	}
}

static int
hexval(int c)
{
	if(c >= '0' && c <= '9')
		return c-'0';
	if(c >= 'a' && c <= 'f')
		return c-'a'+10;
	if(c >= 'A' && c <= 'F')
		return c-'A'+10;
	return -1;
}

static int
from10(char *s, int n, Mpint *b)
{
	u32int x, p;
	int e, i, k;

	mpzero(b);
	for(i = 0; i < n; ){
		x = 0;
		p = 1;
		for(k = 0; k < 9 && i < n; k++, i++){
			x = x*10 + s[i]-'0';
			p *= 10;
		}
		if((e = mpgrow(b, b->top+1)) < 0)
			return e;
		b->p[b->top] = vmul1(b->p, b->top, p);
		b->top++;
		/* add x */
		for(k = 0; x != 0 && k < b->top; k++){
			uvlong t = (uvlong)b->p[k] + x;
			b->p[k] = t;
			x = t>>32;
		}
		mpnorm(b);
	}
	return 0;
}

static int
from16(char *s, int n, Mpint *b)
{
	int e, i, j;

	if((e = mpgrow(b, (n+7)/8)) < 0)
		return e;
	b->top = (n+7)/8;
	if(b->top > 0)
		memset(b->p, 0, b->top*sizeof(u32int));
	for(i = 0; i < n; i++){
		j = n-1-i;
		b->p[j/8] |= (u32int)hexval(s[i]) << 4*(j%8);
	}
	b->sign = 1;
	mpnorm(b);
	return 0;
}

static int
frombytes(char *s, int n, Mpint *b, int base)
{
	uchar *p;
	int e, m;

	p = malloc(n+1);
	if(p == nil)
		return Mpnomem;
	if(base == 32)
		m = dec32(p, n+1, s, n);
	else
		m = dec64(p, n+1, s, n);
	if(m < 0)
		e = Mpnonum;
	else
		e = betomp(p, m, b);
	free(p);
	return e;
}

/*
 * parse a number in base 10, 16, 32 or 64 (any other is 16), as
 * Inferno's strtomp: blanks and tabs, then any number of -, each
 * changing the sign, then the longest run of the base's digits (for 32
 * and 64, of base 64's alphabet).  *end gets where the run ended;
 * Mpnonum if it is empty.
 */
int
strtomp(char *s, char **end, int base, Mpint *b)
{
	int e, n, sign;

	while(*s == ' ' || *s == '\t')
		s++;
	sign = 1;
	for(; *s == '-'; s++)
		sign = -sign;
	n = 0;
	switch(base){
	case 10:
		while(s[n] >= '0' && s[n] <= '9')
			n++;
		break;
	case 32:
	case 64:
		while(b64val((uchar)s[n]) >= 0)
			n++;
		break;
	default:
		base = 16;
		while(hexval((uchar)s[n]) >= 0)
			n++;
	}
	if(n == 0)
		return Mpnonum;
	if(n > Mpmaxbits/4)
		return Mptoobig;
	switch(base){
	case 10:
		e = from10(s, n, b);
		break;
	case 16:
		e = from16(s, n, b);
		break;
	default:
		e = frombytes(s, n, b, base);
	}
	if(e < 0)
		return e;
	if(b->top != 0)
		b->sign = sign;
	if(end != nil)
		*end = s+n;
	return 0;
}
