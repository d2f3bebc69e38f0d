/*
 * libFuzzer harness for lib9's big integers (mp.c, mpprime.c): the
 * input gives an operation and its operands (big-endian bytes, with
 * signs); each result is checked against what must hold of it
 * (q*b + r = a with |r| < |b|, (a << n) >> n = a, a*a^-1 = 1 mod m,
 * |a|x + |b|y = gcd, the text forms read back, a window exponentiation
 * equal to a plain one, probable primes of 20 bits equal to trial
 * division), and a failure aborts: a crash for libFuzzer, as is any
 * memory error ASan finds.  Arbitrary text is parsed too.  Built
 * natively (fuzz/mkfile): the code is portable, and runs here without
 * QEMU.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <stdlib.h>

void
genrandom(uchar *p, int n)
{
	static ulong x = 1;

	while(n-- > 0){
		x = x*1103515245 + 12345;
		*p++ = x>>16;
	}
}

static void
must(int cond, char *what)
{
	if(!cond){
		fprint(2, "mpfuzz: %s\n", what);
		abort();
	}
}

static void
ok(int e)
{
	must(e == 0, mperrstr(e));
}

/* an operand: a length byte, then that many bytes (the first's top bit the sign) */
static int
operand(uchar **p, uchar *e, Mpint *m, int max)
{
	int n, neg;

	if(*p >= e)
		return 0;
	n = **p;
	(*p)++;
	if(n > e - *p)
		n = e - *p;
	if(n > max)
		n = max;
	neg = n > 0 && (**p & 0x80);
	ok(betomp(*p, n, m));
	if(neg && m->top != 0)
		m->sign = -1;
	*p += n;
	return 1;
}

static void
divide(Mpint *a, Mpint *b)
{
	Mpint q, r, t;

	if(b->top == 0){
		must(mpdiv(a, b, nil, nil) == Mpdivzero, "division by zero");
		return;
	}
	mpinit(&q);
	mpinit(&r);
	mpinit(&t);
	ok(mpdiv(a, b, &q, &r));
	ok(mpmul(&q, b, &t));
	ok(mpadd(&t, &r, &t));
	must(mpcmp(&t, a) == 0, "q*b + r != a");
	must(mpmagcmp(&r, b) < 0, "|r| >= |b|");
	must(r.top == 0 || r.sign == a->sign, "sign of r");
	ok(mpmod(a, b, &r));
	if(b->sign > 0)
		must(r.sign > 0 && mpcmp(&r, b) < 0, "mod out of range");
	/* the same with the results in the operands' places */
	ok(mpassign(a, &t));
	ok(mpdiv(&t, b, &t, &q));
	mpclear(&q);
	mpclear(&r);
	mpclear(&t);
}

static void
shifts(Mpint *a, int n)
{
	Mpint r, s;

	mpinit(&r);
	mpinit(&s);
	ok(mpleft(a, n, &r));
	ok(mpright(&r, n, &s));
	must(mpcmp(&s, a) == 0, "(a << n) >> n != a");
	ok(mpright(a, n, &r));
	ok(mpleft(a, -n, &s));
	must(mpcmp(&r, &s) == 0, "a >> n != a << -n");
	mpclear(&r);
	mpclear(&s);
}

static void
inverse(Mpint *a, Mpint *m)
{
	Mpint r, t, g, x, y, am;
	int e;

	if(m->top == 0)
		return;
	mpinit(&r);
	mpinit(&t);
	mpinit(&g);
	mpinit(&x);
	mpinit(&y);
	mpinit(&am);
	ok(mpegcd(a, m, &g, &x, &y));
	am = *a;
	am.sign = 1;
	ok(mpmul(&am, &x, &r));
	am = *m;
	am.sign = 1;
	ok(mpmul(&am, &y, &t));
	ok(mpadd(&r, &t, &r));
	must(mpcmp(&r, &g) == 0, "|a|x + |m|y != gcd");
	e = mpinvert(a, m, &r);
	if(g.top == 1 && g.p[0] == 1){
		ok(e);
		ok(mpmul(a, &r, &t));
		am = *m;
		am.sign = 1;
		ok(mpmod(&t, &am, &t));
		must((t.top == 1 && t.p[0] == 1) || (m->top == 1 && m->p[0] == 1 && t.top == 0), "a * a^-1 != 1");
	}else
		must(e == Mpnoinv, "an inverse without gcd 1");
	mpclear(&r);
	mpclear(&t);
	mpclear(&g);
	mpclear(&x);
	mpclear(&y);
}

/* b^e mod m by the window against plain square-and-multiply */
static void
power(Mpint *b, Mpint *e, Mpint *m)
{
	Mpint r, s, t, bm, am;
	int i;

	if(m->top == 0 || e->sign < 0 || mpsignif(e) > 80 || mpsignif(m) > 800)
		return;
	mpinit(&r);
	mpinit(&s);
	mpinit(&t);
	mpinit(&bm);
	am = *m;
	am.sign = 1;
	ok(mpexp(b, e, m, &r));
	ok(mpitomp(1, &s));
	ok(mpmod(b, &am, &bm));
	for(i = mpsignif(e)-1; i >= 0; i--){
		ok(mpmul(&s, &s, &t));
		ok(mpmod(&t, &am, &s));
		if(mptestbit(e, i)){
			ok(mpmul(&s, &bm, &t));
			ok(mpmod(&t, &am, &s));
		}
	}
	if(e->top == 0)
		ok(mpitomp(1, &s));
	must(mpcmp(&r, &s) == 0, "window != plain exponentiation");
	mpclear(&r);
	mpclear(&s);
	mpclear(&t);
	mpclear(&bm);
}

static void
texts(Mpint *a)
{
	static int bases[] = { 10, 16, 64, 32 };
	Mpint r;
	char *s, *end;
	int i, n;

	mpinit(&r);
	for(i = 0; i < nelem(bases); i++){
		if(bases[i] == 32 && mpbelen(a) % 5 != 0)
			continue;	/* base 32 pads with zero bytes: not read back as it was */
		n = mpstrlen(a, bases[i]);
		s = malloc(n);
		must(s != nil, "malloc");
		ok(mptoa(a, bases[i], s, n));
		ok(strtomp(s, &end, bases[i], &r));
		must(mpcmp(&r, a) == 0, "text not read back");
		free(s);
	}
	mpclear(&r);
}

/* trial division against mpprobprime, for n below 2^20 */
static void
prime(Mpint *a)
{
	u32int n, d;
	int want;

	if(a->sign < 0 || a->top > 1 || a->top == 1 && a->p[0] >= 1<<20)
		return;
	n = a->top == 0 ? 0 : a->p[0];
	want = n >= 2;
	for(d = 2; d*d <= n; d++)
		if(n % d == 0){
			want = 0;
			break;
		}
	must(mpprobprime(a, 4) == want, "probable prime wrong");
}

int
LLVMFuzzerTestOneInput(const uchar *data, size_t size)
{
	Mpint a, b, c, r;
	uchar *p, *e, buf[4096];
	char *s;
	int op, n;

	if(size < 1)
		return 0;
	p = (uchar*)data;
	e = p + size;
	op = *p++;
	mpinit(&a);
	mpinit(&b);
	mpinit(&c);
	mpinit(&r);
	if(op >= 0xf0){
		/* text: parse it in each base, decode it */
		n = e - p;
		s = malloc(n+1);
		must(s != nil, "malloc");
		memmove(s, p, n);
		s[n] = 0;
		strtomp(s, nil, 10, &a);
		strtomp(s, nil, 16, &a);
		strtomp(s, nil, 32, &a);
		strtomp(s, nil, 64, &a);
		dec64(buf, sizeof buf, s, n);
		dec32(buf, sizeof buf, s, n);
		free(s);
		goto out;
	}
	operand(&p, e, &a, 255);
	operand(&p, e, &b, 255);
	operand(&p, e, &c, 255);
	switch(op % 8){
	case 0:
		ok(mpadd(&a, &b, &r));
		ok(mpsub(&r, &b, &r));
		must(mpcmp(&r, &a) == 0, "(a+b)-b != a");
		ok(mpmul(&a, &b, &r));
		ok(mpadd(&r, &c, &r));
		divide(&r, &b);
		break;
	case 1:
		divide(&a, &b);
		break;
	case 2:
		shifts(&a, (b.top ? b.p[0] : 0) % 4000);
		break;
	case 3:
		inverse(&a, &b);
		break;
	case 4:
		power(&a, &b, &c);
		break;
	case 5:
		texts(&a);
		break;
	case 6:
		prime(&a);
		ok(mpand(&a, &b, &r));
		ok(mpor(&a, &b, &r));
		ok(mpxor(&a, &b, &r));
		ok(mpnot(&a, &r));
		break;
	case 7:
		ok(mpmul(&a, &a, &r));
		ok(mpmul(&a, &b, &c));
		ok(mpmul(&c, &a, &c));		/* in place */
		ok(mpmul(&r, &b, &r));
		must(mpcmp(&r, &c) == 0, "a*a*b != a*b*a");
		break;
	}
out:
	mpclear(&a);
	mpclear(&b);
	mpclear(&c);
	mpclear(&r);
	return 0;
}
