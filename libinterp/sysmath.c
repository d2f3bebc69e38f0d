/*
 * Elementary functions for $Math, freestanding (no libm).
 *
 * The i386 FPU computes in 80-bit extended precision (64-bit significand),
 * 11 bits more than a double.  Every function here reduces its argument
 * exactly (or to ~2^-100), evaluates a series in extended precision and
 * rounds once to double at the end, so results are correctly rounded
 * except when the true value lies within a few parts in 2^64 of a
 * rounding boundary.  Only + - * / and fsqrt are used, which IEEE 754
 * defines exactly, so emu and the kernel (real or emulated x87) agree.
 * Each entry point sets the x87 control word to extended precision and
 * round-to-nearest with exceptions masked, and restores it on return.
 */
#include <u.h>
#include <lib9.h>
#include "sysmath.h"

typedef long double Ld;

typedef union
{
	double	d;
	uvlong	u;
} Dbits;

typedef union
{
	Ld	l;
	struct {
		uvlong	m;
		ushort	se;
	} p;
} Lbits;

/* constants, rounded to 64 significant bits unless said otherwise */
static const Ld LN2HI = 6.93147180559945286226763982995e-1L;	/* 53 bits */
static const Ld LN2LO = 2.3190468138462996154433530268e-17L;
static const Ld LN2H48 = 0.69314718055994362089222704526L;	/* 48 bits */
static const Ld LN2L48 = 1.68852500507619780679740419625e-15L;
static const Ld INVLN2 = 1.4426950408889634073876517828L;
static const Ld PIO2_1 = 1.57079632673412561416625976563L;	/* 32 bits */
static const Ld PIO2_2 = 6.07710050630396597659554913662e-11L;	/* 32 bits */
static const Ld PIO2_3 = 2.02226624871116645579599562366e-21L;	/* 32 bits */
static const Ld PIO2_4 = 8.47842766036889964374195978525e-32L;
static const Ld PIO2 = 1.5707963267948966192564044797L;
static const Ld PIO4 = 7.85398163397448309628202239852e-1L;
static const Ld PI = 3.14159265358979323851280895941L;
static const Ld INVPIO2 = 6.36619772367581343076349542631e-1L;
static const Ld LOG10E = 4.34294481903251827645479413165e-1L;
static const Ld LOG10_2 = 3.01029995663981195225646428359e-1L;

/* 2/pi in binary, 32 bits a word, most significant first (1280 bits) */
static const u32int twoopi[] = {
	0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599,
	0x3c439041, 0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0,
	0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5,
	0x2ebb4484, 0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4,
	0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f, 0xef2f118b,
	0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d,
	0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1,
	0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d,
};

static uvlong
dbits(double d)
{
	Dbits b;

	b.d = d;
	return b.u;
}

static double
bitsd(uvlong u)
{
	Dbits b;

	b.u = u;
	return b.d;
}

/* round an extended value to double once, leaving no excess precision */
static double
rnd(Ld x)
{
	volatile double d;

	d = x;
	return d;
}

/*
 * enter extended precision, round to nearest, all exceptions masked;
 * the result keeps the caller's control word (low half) and exception
 * flags (high half) for fprestore
 */
static ulong
fpext(void)
{
	ushort cw, sw, ncw;

	__asm__ volatile("fnstcw %0; fnstsw %1" : "=m"(cw), "=m"(sw) : : "memory");
	ncw = (cw & ~0x0f3f) | 0x033f;	/* 64-bit significand, nearest, all masked */
	__asm__ volatile("fldcw %0" : : "m"(ncw) : "memory");
	return cw | (ulong)(sw & 0x3f)<<16;
}

/*
 * back to the caller's control word and exception flags, dropping the
 * flags raised inside (a function's intermediate steps are no business
 * of $Math's FPstatus)
 */
static void
fprestore(ulong s)
{
	ulong env[7];	/* protected-mode FPU environment: control, status, tag, pointers */

	__asm__ volatile("fnstenv %0" : "=m"(env) : : "memory");
	env[0] = (env[0] & ~0xFFFF) | (s & 0xFFFF);
	env[1] = (env[1] & ~0xFF) | (s>>16 & 0x3F);
	__asm__ volatile("fldenv %0" : : "m"(env) : "memory");
}

static Ld
lsqrt(Ld x)
{
	Ld r;

	__asm__ volatile("fsqrt" : "=t"(r) : "0"(x));
	return r;
}

/* x * 2^n, exactly, for |n| < 16000 */
static Ld
lscale(Ld x, int n)
{
	Lbits b;

	b.p.m = 1ULL<<63;
	b.p.se = n + 16383;
	return x * b.l;
}

static double
qnan(void)
{
	return bitsd(0x7ff8000000000000ULL);
}

static double
infinity(int sign)
{
	return bitsd(sign < 0 ? 0xfff0000000000000ULL : 0x7ff0000000000000ULL);
}

int
misnan(double x)
{
	return (dbits(x) & ~(1ULL<<63)) > 0x7ff0000000000000ULL;
}

int
mfinite(double x)
{
	return (dbits(x) & 0x7ff0000000000000ULL) != 0x7ff0000000000000ULL;
}

static int
isinfinite(double x)
{
	return (dbits(x) & ~(1ULL<<63)) == 0x7ff0000000000000ULL;
}

static int
signof(double x)
{
	return dbits(x)>>63;
}

double
mfabs(double x)
{
	return bitsd(dbits(x) & ~(1ULL<<63));
}

double
mcopysign(double x, double s)
{
	return bitsd((dbits(x) & ~(1ULL<<63)) | (dbits(s) & (1ULL<<63)));
}

/* round toward zero (dir 0), down (dir -1) or up (dir 1) to an integer */
static double
integral(double x, int dir)
{
	uvlong u, m;
	int e, neg;

	u = dbits(x);
	e = ((u>>52) & 0x7ff) - 1023;
	if(e >= 52)
		return x;
	neg = u>>63;
	if(e < 0){
		if((u<<1) == 0)
			return x;
		if(dir < 0 && neg)
			return -1.0;
		if(dir > 0 && !neg)
			return 1.0;
		return neg ? -0.0 : 0.0;
	}
	m = (1ULL<<(52-e)) - 1;
	if((u & m) == 0)
		return x;
	if(dir < 0 && neg || dir > 0 && !neg)
		u += m+1;
	return bitsd(u & ~m);
}

double
mfloor(double x)
{
	return integral(x, -1);
}

double
mceil(double x)
{
	return integral(x, 1);
}

/* nearest integer, ties to even */
double
mrint(double x)
{
	ulong cw;
	Ld a;

	if(!mfinite(x) || mfabs(x) >= 4503599627370496.0)
		return x;
	cw = fpext();
	a = mfabs(x);
	a = (a + 0x1p63L) - 0x1p63L;
	x = mcopysign(rnd(a), x);
	fprestore(cw);
	return x;
}

double
mmodf(double x, double *ip)
{
	*ip = integral(x, 0);
	if(isinfinite(x))
		return mcopysign(0.0, x);
	if(misnan(x))
		return x;
	return mcopysign(x - *ip, x);	/* exact */
}

double
msqrt(double x)
{
	ulong cw;
	ushort dcw;
	volatile double r;

	cw = fpext();
	dcw = (cw & ~0x0f3f) | 0x023f;	/* 53-bit significand: one correct rounding */
	__asm__ volatile("fldcw %0" : : "m"(dcw));
	__asm__ volatile("fsqrt" : "=t"(r) : "0"(x));
	fprestore(cw);
	return r;
}

/* x split into significand m in [1,2) and exponent, for finite nonzero x */
static Ld
lfrexp(double x, int *e)
{
	Lbits b;

	b.l = mfabs(x);	/* exact, subnormals too */
	*e = (b.p.se & 0x7fff) - 16383;
	b.p.se = 16383;
	return b.l;
}

/* exp(r) for |r| <= 0.36 */
static Ld
lexpr(Ld r)
{
	Ld e;
	int i;

	e = 1.0L;
	for(i = 18; i >= 1; i--)
		e = 1.0L + e*r/i;
	return e;
}

/* exp(hi+lo) in extended precision; hi within the extended range */
static Ld
lexp2(Ld hi, Ld lo)
{
	Ld r;
	long k;

	if(hi > 11400.0L)
		return lscale(1.0L, 16000);
	if(hi < -11400.0L)
		return 0.0L;
	r = hi*INVLN2;
	k = r < 0 ? (long)(r - 0.5L) : (long)(r + 0.5L);
	r = (hi - k*LN2H48) - k*LN2L48 + lo;
	return lscale(lexpr(r), k);
}

static Ld
lexp(Ld x)
{
	return lexp2(x, 0.0L);
}

/* log(1+f) = 2 atanh(s), s = f/(2+f), for |s| <= 0.18: returns the tail 2s*z*P(z) */
static Ld
latanhtail(Ld s)
{
	Ld z, p;
	int i;

	z = s*s;
	p = 0.0L;
	for(i = 31; i >= 3; i -= 2)
		p = p*z + 1.0L/i;
	return 2.0L*s*z*p;
}

/* log of a positive finite extended value */
static Ld
llog(Ld x)
{
	Lbits b;
	Ld m, f, s;
	int e;

	b.l = x;
	e = (b.p.se & 0x7fff) - 16383;
	b.p.se = 16383;
	m = b.l;
	if(m > 1.41421356237309504880L){
		m /= 2;
		e++;
	}
	f = m - 1.0L;
	s = f/(2.0L+f);
	return e*LN2H48 + (e*LN2L48 + (2.0L*s + latanhtail(s)));
}

/* keep the top 32 bits of an extended value (exact split helper) */
static Ld
top32(Ld x)
{
	Lbits b;

	b.l = x;
	b.p.m &= 0xffffffff00000000ULL;
	return b.l;
}

/*
 * log(x) for positive finite double x, as hi+lo with about 2^-100
 * relative error (for pow)
 */
static Ld
llogd(double x, Ld *lo)
{
	Ld m, f, d, s1, s2, a, b, c, dd, r, t, hi, h, l;
	int e;

	m = lfrexp(x, &e);
	if(m > 1.41421356237309504880L){
		m /= 2;
		e++;
	}
	f = m - 1.0L;	/* exact */
	d = 2.0L + f;	/* exact: at most 55 bits */
	s1 = f/d;
	/* residual f - s1*d, exactly, by splitting s1 and d into 32-bit halves */
	a = top32(s1);
	b = s1 - a;
	c = top32(d);
	dd = d - c;
	r = (((f - a*c) - a*dd) - b*c) - b*dd;
	s2 = r/d;
	t = latanhtail(s1);
	/* sum e*ln2 + 2*s1 + (2*s2 + t + e*lnlo) with the rounding error kept */
	h = e*LN2HI;	/* exact: 53 bits times 11 */
	hi = h + 2.0L*s1;
	if(mfabs(h) >= mfabs(2.0L*s1))
		l = 2.0L*s1 - (hi - h);
	else
		l = h - (hi - 2.0L*s1);
	*lo = l + (2.0L*s2 + t + e*LN2LO);
	return hi;
}

double
mexp(double x)
{
	ulong cw;

	if(misnan(x))
		return x;
	if(x > 709.782712893384)
		return infinity(1);
	if(x < -745.1332191019412)
		return 0.0;
	cw = fpext();
	x = rnd(lexp(x));
	fprestore(cw);
	return x;
}

double
mexpm1(double x)
{
	ulong cw;
	Ld r, e;
	int i;

	if(misnan(x))
		return x;
	if(x > 709.782712893384)
		return infinity(1);
	if(x < -50.0)
		return -1.0;
	if(x == 0)
		return x;
	cw = fpext();
	if(mfabs(x) < 0.35){
		r = x;
		e = 0.0L;
		for(i = 22; i >= 1; i--)
			e = r/i*(1.0L + e);
		x = rnd(e);
	}else
		x = rnd(lexp(x) - 1.0L);
	fprestore(cw);
	return x;
}

double
mlog(double x)
{
	ulong cw;
	Ld lo;

	if(misnan(x))
		return x;
	if(x == 0)
		return infinity(-1);
	if(x < 0)
		return qnan();
	if(isinfinite(x))
		return x;
	cw = fpext();
	x = rnd(llogd(x, &lo) + lo);
	fprestore(cw);
	return x;
}

double
mlog10(double x)
{
	ulong cw;
	Ld m, f, s;
	int e;

	if(misnan(x))
		return x;
	if(x == 0)
		return infinity(-1);
	if(x < 0)
		return qnan();
	if(isinfinite(x))
		return x;
	cw = fpext();
	m = lfrexp(x, &e);
	if(m > 1.41421356237309504880L){
		m /= 2;
		e++;
	}
	f = m - 1.0L;
	s = f/(2.0L+f);
	x = rnd(e*LOG10_2 + (2.0L*s + latanhtail(s))*LOG10E);
	fprestore(cw);
	return x;
}

double
mlog1p(double x)
{
	ulong cw;
	Ld s;

	if(misnan(x))
		return x;
	if(x == -1.0)
		return infinity(-1);
	if(x < -1.0)
		return qnan();
	if(isinfinite(x) || x == 0)
		return x;
	cw = fpext();
	if(mfabs(x) < 0.41){
		s = (Ld)x/(2.0L+x);
		x = rnd(2.0L*s + latanhtail(s));
	}else
		x = rnd(llog(1.0L + x));
	fprestore(cw);
	return x;
}

/* is x an integer, and if so is it odd? 0 not integer, 1 even, 2 odd */
static int
intkind(double x)
{
	double h;

	if(!mfinite(x) || integral(x, 0) != x)
		return 0;
	h = x/2;
	if(mfabs(x) >= 9007199254740992.0 || integral(h, 0) == h)
		return 1;
	return 2;
}

double
mpow(double x, double y)
{
	ulong cw;
	Ld lhi, llo, yh, yl, ah, al, thi, tlo, r;
	int k, neg;

	if(y == 0 || x == 1.0)
		return 1.0;
	if(misnan(x) || misnan(y))
		return qnan();
	k = intkind(y);
	if(isinfinite(y)){
		if(mfabs(x) == 1.0)
			return 1.0;
		if((mfabs(x) < 1.0) == (y > 0))
			return 0.0;
		return infinity(1);
	}
	if(x == 0){
		if(y > 0)
			return k == 2 ? x : 0.0;
		return k == 2 ? infinity(signof(x) ? -1 : 1) : infinity(1);
	}
	if(isinfinite(x)){
		neg = signof(x) && k == 2;
		if(y > 0)
			return infinity(neg ? -1 : 1);
		return neg ? -0.0 : 0.0;
	}
	neg = 0;
	if(x < 0){
		if(k == 0)
			return qnan();
		neg = k == 2;
		x = -x;
	}
	cw = fpext();
	lhi = llogd(x, &llo);
	/* y*(lhi+llo) as thi+tlo, by splitting into 32-bit halves */
	yh = top32(y);
	yl = (Ld)y - yh;
	ah = top32(lhi);
	al = lhi - ah;
	thi = y*lhi;
	tlo = (((yh*ah - thi) + yh*al) + yl*ah) + yl*al + y*llo;
	if(thi > 800.0L)
		r = lscale(1.0L, 2000);
	else if(thi < -800.0L)
		r = 0.0L;
	else
		r = lexp2(thi, tlo);
	if(neg)
		r = -r;
	x = rnd(r);
	fprestore(cw);
	return x;
}

double
mpow10(int n)
{
	ulong cw;
	Ld r;
	double x;

	if(n >= 0 && n <= 27){
		cw = fpext();
		r = 1.0L;
		while(n-- > 0)
			r *= 10.0L;	/* exact: 10^27 fits in 64 bits times a power of 2 */
		x = rnd(r);
		fprestore(cw);
		return x;
	}
	return mpow(10.0, n);
}

/* 32 bits of 2/pi starting at bit i (bit 1 is worth 1/2); 0 before the point */
static u32int
twoopibits(int i)
{
	int w, s;
	u32int hi, lo;

	i--;
	if(i <= -32)
		return 0;
	if(i < 0)
		return twoopi[0] >> -i;
	w = i/32;
	s = i%32;
	hi = twoopi[w];
	lo = w+1 < nelem(twoopi) ? twoopi[w+1] : 0;
	if(s == 0)
		return hi;
	return hi<<s | lo>>(32-s);
}

/*
 * Reduce a large |x| (>= 2^20) modulo pi/2: x*2/pi = n + f, |f| <= 1/2,
 * using 192 bits of 2/pi from the place that matters for x's exponent.
 * Returns f*pi/2 and sets *n to n mod 4.
 */
static Ld
bigreduce(double x, int *n)
{
	uvlong u, m, acc;
	u32int c[6], p[8], ml, mh;
	int e, s, i, j, neg;
	Ld f;

	u = dbits(mfabs(x));
	m = (u & 0xfffffffffffffULL) | 1ULL<<52;
	e = (int)(u>>52) - 1075;	/* |x| = m * 2^e */
	s = e - 1;	/* first bit of 2/pi that can matter mod 4 */
	for(i = 0; i < 6; i++)
		c[5-i] = twoopibits(s + 32*i);	/* c little-endian */
	ml = m;
	mh = m>>32;
	memset(p, 0, sizeof p);
	for(i = 0; i < 6; i++){
		acc = (uvlong)c[i]*ml + p[i];
		p[i] = acc;
		acc = (acc>>32) + (uvlong)c[i]*mh + p[i+1];
		p[i+1] = acc;
		for(j = i+2; j < 8 && (acc>>32) != 0; j++){
			acc = (acc>>32) + p[j];
			p[j] = acc;
		}
	}
	/* value = p * 2^-190: integer part in bits 190-191, fraction below */
	*n = (p[5]>>30) & 3;
	p[5] &= 0x3fffffff;
	neg = 0;
	if(p[5] & 0x20000000){	/* fraction >= 1/2: round n up, f = frac-1 */
		(*n)++;
		neg = 1;
		for(i = 0; i < 6; i++)
			p[i] = ~p[i];
		for(i = 0; i < 6; i++)
			if(++p[i] != 0)
				break;
		p[5] &= 0x3fffffff;
	}
	f = 0.0L;
	for(i = 5; i >= 0; i--)
		f = f*4294967296.0L + p[i];
	f = lscale(f, -190) * PIO2;
	*n &= 3;
	if(neg)
		f = -f;
	if(signof(x)){
		f = -f;
		*n = (4 - *n) & 3;
	}
	return f;
}

/* x = n*pi/2 + r, |r| <= about pi/4; returns r, n mod 4 */
static Ld
reduce(double x, int *n)
{
	Ld k, r;

	if(mfabs(x) <= PIO4){
		*n = 0;
		return x;
	}
	if(mfabs(x) >= 1048576.0)
		return bigreduce(x, n);
	k = x*INVPIO2;
	k = k < 0 ? (long)(k - 0.5L) : (long)(k + 0.5L);
	r = (((x - k*PIO2_1) - k*PIO2_2) - k*PIO2_3) - k*PIO2_4;
	*n = (long)k & 3;
	return r;
}

static Ld
lsin(Ld r)
{
	Ld z, s;
	int i;

	z = r*r;
	s = 0.0L;
	for(i = 25; i >= 3; i -= 2)
		s = (1.0L - s)*z/((Ld)i*(i-1));
	return r - r*s;
}

static Ld
lcos(Ld r)
{
	Ld z, c;
	int i;

	z = r*r;
	c = 0.0L;
	for(i = 26; i >= 2; i -= 2)
		c = (1.0L - c)*z/((Ld)i*(i-1));
	return 1.0L - c;
}

/* sin (which 0), cos (1) or tan (2) of x */
static double
trig(double x, int which)
{
	ulong cw;
	Ld r, s, c, v;
	int n;

	if(misnan(x))
		return x;
	if(isinfinite(x))
		return qnan();
	if(x == 0 && which != 1)
		return x;
	cw = fpext();
	r = reduce(x, &n);
	s = lsin(r);
	c = lcos(r);
	switch(which){
	case 0:
		v = (n&1) ? c : s;
		if(n&2)
			v = -v;
		break;
	case 1:
		v = (n&1) ? s : c;
		if((n+1)&2)
			v = -v;
		break;
	default:
		v = (n&1) ? -c/s : s/c;
		break;
	}
	x = rnd(v);
	fprestore(cw);
	return x;
}

double
msin(double x)
{
	return trig(x, 0);
}

double
mcos(double x)
{
	return trig(x, 1);
}

double
mtan(double x)
{
	return trig(x, 2);
}

/* atan of t >= 0 (t may be infinite) */
static Ld
latan(Ld t)
{
	Ld z, p, r;
	int i, inv;

	inv = t > 1.0L;
	if(inv)
		t = 1.0L/t;
	/* atan(t) = 2 atan(t/(1+sqrt(1+t^2))), twice: t <= tan(pi/16) */
	t = t/(1.0L + lsqrt(1.0L + t*t));
	t = t/(1.0L + lsqrt(1.0L + t*t));
	z = t*t;
	p = 0.0L;
	for(i = 29; i >= 3; i -= 2)
		p = 1.0L/i - z*p;
	r = 4.0L*(t - t*z*p);
	if(inv)
		r = PIO2 - r;
	return r;
}

double
matan(double x)
{
	ulong cw;
	Ld r;

	if(misnan(x) || x == 0)
		return x;
	cw = fpext();
	r = latan(mfabs(x));
	x = mcopysign(rnd(r), x);
	fprestore(cw);
	return x;
}

double
matan2(double y, double x)
{
	ulong cw;
	Ld r;

	if(misnan(x) || misnan(y))
		return qnan();
	if(y == 0){
		if(signof(x))
			return mcopysign(rnd(PI), y);
		return y;
	}
	cw = fpext();
	if(x == 0)
		r = PIO2;
	else if(isinfinite(x) && isinfinite(y))
		r = signof(x) ? 3*PIO4 : PIO4;
	else if(isinfinite(x))
		r = signof(x) ? PI : 0.0L;
	else if(isinfinite(y))
		r = PIO2;
	else{
		r = latan((Ld)mfabs(y)/mfabs(x));
		if(signof(x))
			r = PI - r;
	}
	x = mcopysign(rnd(r), y);
	fprestore(cw);
	return x;
}

double
masin(double x)
{
	ulong cw;
	Ld a;

	if(misnan(x) || x == 0)
		return x;
	if(mfabs(x) > 1.0)
		return qnan();
	cw = fpext();
	a = mfabs(x);
	a = latan(a/lsqrt((1.0L - a)*(1.0L + a)));
	x = mcopysign(rnd(a), x);
	fprestore(cw);
	return x;
}

double
macos(double x)
{
	ulong cw;
	Ld a;

	if(misnan(x))
		return x;
	if(mfabs(x) > 1.0)
		return qnan();
	cw = fpext();
	a = 2.0L*latan(lsqrt((1.0L - x)/(1.0L + x)));
	x = rnd(a);
	fprestore(cw);
	return x;
}

/* expm1 in extended precision for |x| < 50 */
static Ld
lexpm1(Ld x)
{
	Ld e;
	int i;

	if(x > -0.35L && x < 0.35L){
		e = 0.0L;
		for(i = 22; i >= 1; i--)
			e = x/i*(1.0L + e);
		return e;
	}
	return lexp(x) - 1.0L;
}

double
msinh(double x)
{
	ulong cw;
	Ld a, e;

	if(misnan(x) || isinfinite(x) || x == 0)
		return x;
	cw = fpext();
	a = mfabs(x);
	if(a < 1.0L){
		e = lexpm1(a);
		a = (e + e/(e + 1.0L))/2;
	}else{
		e = lexp(a);
		a = (e - 1.0L/e)/2;
	}
	x = mcopysign(rnd(a), x);
	fprestore(cw);
	return x;
}

double
mcosh(double x)
{
	ulong cw;
	Ld e;

	if(misnan(x))
		return x;
	if(isinfinite(x))
		return infinity(1);
	cw = fpext();
	e = lexp(mfabs(x));
	x = rnd((e + 1.0L/e)/2);
	fprestore(cw);
	return x;
}

double
mtanh(double x)
{
	ulong cw;
	Ld e;

	if(misnan(x) || x == 0)
		return x;
	if(mfabs(x) > 23.0)
		return mcopysign(1.0, x);
	cw = fpext();
	e = lexpm1(2.0L*mfabs(x));
	x = mcopysign(rnd(e/(e + 2.0L)), x);
	fprestore(cw);
	return x;
}

/* log1p in extended precision, x > -1 */
static Ld
llog1p(Ld x)
{
	Ld s;

	if(x > -0.41L && x < 0.41L){
		s = x/(2.0L + x);
		return 2.0L*s + latanhtail(s);
	}
	return llog(1.0L + x);
}

double
masinh(double x)
{
	ulong cw;
	Ld a, z;

	if(misnan(x) || isinfinite(x) || x == 0)
		return x;
	cw = fpext();
	a = mfabs(x);
	if(a > 1e300L)
		a = llog(a) + LN2HI + LN2LO;
	else{
		z = a*a;
		a = llog1p(a + z/(1.0L + lsqrt(1.0L + z)));
	}
	x = mcopysign(rnd(a), x);
	fprestore(cw);
	return x;
}

double
macosh(double x)
{
	ulong cw;
	Ld t;

	if(misnan(x))
		return x;
	if(x < 1.0)
		return qnan();
	if(isinfinite(x))
		return x;
	cw = fpext();
	t = (Ld)x - 1.0L;	/* exact */
	x = rnd(llog1p(t + lsqrt(2.0L*t + t*t)));
	fprestore(cw);
	return x;
}

double
matanh(double x)
{
	ulong cw;
	Ld a;

	if(misnan(x) || x == 0)
		return x;
	if(mfabs(x) > 1.0)
		return qnan();
	if(mfabs(x) == 1.0)
		return infinity(x < 0 ? -1 : 1);
	cw = fpext();
	a = mfabs(x);
	a = 0.5L*llog1p(2.0L*a/(1.0L - a));
	x = mcopysign(rnd(a), x);
	fprestore(cw);
	return x;
}

double
mcbrt(double x)
{
	ulong cw;
	Ld a, y;

	if(misnan(x) || isinfinite(x) || x == 0)
		return x;
	cw = fpext();
	a = mfabs(x);
	y = lexp(llog(a)/3.0L);
	y = y - (y*y*y - a)/(3.0L*y*y);	/* one Newton step */
	x = mcopysign(rnd(y), x);
	fprestore(cw);
	return x;
}

double
mhypot(double x, double y)
{
	ulong cw;
	Ld a, b;

	if(isinfinite(x) || isinfinite(y))
		return infinity(1);
	if(misnan(x) || misnan(y))
		return qnan();
	cw = fpext();
	a = x;
	b = y;
	x = rnd(lsqrt(a*a + b*b));
	fprestore(cw);
	return x;
}

/* x mod y, exactly, with the sign of x */
double
mfmod(double x, double y)
{
	uvlong ux, uy, mx, my;
	int ex, ey, sx;

	if(misnan(x) || misnan(y) || isinfinite(x) || y == 0)
		return qnan();
	if(isinfinite(y) || mfabs(x) < mfabs(y))
		return x;
	ux = dbits(x);
	uy = dbits(y) & ~(1ULL<<63);
	sx = ux>>63;
	ux &= ~(1ULL<<63);
	/* |v| = m * 2^(e-1075), m normalized to 53 bits */
	ex = ux>>52;
	mx = ux & 0xfffffffffffffULL;
	if(ex == 0)
		for(ex = 1; mx < 1ULL<<52; ex--)
			mx <<= 1;
	else
		mx |= 1ULL<<52;
	ey = uy>>52;
	my = uy & 0xfffffffffffffULL;
	if(ey == 0)
		for(ey = 1; my < 1ULL<<52; ey--)
			my <<= 1;
	else
		my |= 1ULL<<52;
	for(; ex > ey; ex--){
		if(mx >= my)
			mx -= my;
		mx <<= 1;
	}
	if(mx >= my)
		mx -= my;
	if(mx == 0)
		return sx ? -0.0 : 0.0;
	while(mx < 1ULL<<52){
		mx <<= 1;
		ex--;
	}
	if(ex >= 1)
		ux = (uvlong)ex<<52 | (mx & 0xfffffffffffffULL);
	else
		ux = mx >> (1 - ex);	/* subnormal: exact, the result is below |y| */
	return bitsd(ux | (uvlong)sx<<63);
}

/* x - n*p, n the integer nearest x/p (ties even), exactly */
double
mremainder(double x, double p)
{
	double a, h;
	int sx;

	if(misnan(x) || misnan(p) || isinfinite(x) || p == 0)
		return qnan();
	if(isinfinite(p))
		return x;
	sx = signof(x);
	p = mfabs(p);
	if(p <= 8.98846567431157953865e+307)	/* 2p finite */
		x = mfmod(x, p+p);	/* now |x| < 2p */
	a = mfabs(x);
	if(p < 4.45014771701440227211e-308){	/* p/2 could lose a bit */
		if(a+a > p){
			a -= p;
			if(a+a >= p)
				a -= p;
		}
	}else{
		h = p/2;
		if(a > h){
			a -= p;
			if(a >= h)
				a -= p;
		}
	}
	if(a == 0)
		return sx ? -0.0 : 0.0;
	return sx ? -a : a;
}

double
mnextafter(double x, double y)
{
	uvlong u;

	if(misnan(x) || misnan(y))
		return qnan();
	if(x == y)
		return y;
	if(x == 0)
		return bitsd(1 | (dbits(y) & 1ULL<<63));
	u = dbits(x);
	if((x < y) == (x > 0))
		u++;
	else
		u--;
	return bitsd(u);
}

/* binary exponent of x; as fdlibm: 0x80000001 for 0, 0x7fffffff for Inf and NaN */
int
milogb(double x)
{
	uvlong u;
	int e;

	u = dbits(x) & ~(1ULL<<63);
	if(u == 0)
		return 0x80000001;
	e = u>>52;
	if(e == 0x7ff)
		return 0x7fffffff;
	if(e == 0)
		for(e = -1022, u <<= 11; (u & 1ULL<<63) == 0; u <<= 1)
			e--;
	else
		e -= 1023;
	return e;
}

double
mscalbn(double x, int n)
{
	ulong cw;

	if(misnan(x) || isinfinite(x) || x == 0)
		return x;
	if(n > 3000)
		n = 3000;
	if(n < -3000)
		n = -3000;
	cw = fpext();
	x = rnd(lscale(x, n));
	fprestore(cw);
	return x;
}

/* C99: the number, when the other is NaN */
double
mfmin(double x, double y)
{
	if(misnan(x))
		return y;
	if(misnan(y))
		return x;
	if(x == y)
		return signof(x) ? x : y;
	return x < y ? x : y;
}

double
mfmax(double x, double y)
{
	if(misnan(x))
		return y;
	if(misnan(y))
		return x;
	if(x == y)
		return signof(x) ? y : x;
	return x > y ? x : y;
}

double
mfdim(double x, double y)
{
	ulong cw;

	if(misnan(x) || misnan(y))
		return qnan();
	if(x <= y)
		return 0.0;
	cw = fpext();
	x = rnd((Ld)x - y);
	fprestore(cw);
	return x;
}

/* BLAS-like: accumulate in extended precision, round once */
double
mdot(double *x, double *y, int n)
{
	ulong cw;
	Ld s;
	double r;
	int i;

	cw = fpext();
	s = 0.0L;
	for(i = 0; i < n; i++)
		s += (Ld)x[i]*y[i];
	r = rnd(s);
	fprestore(cw);
	return r;
}

double
mnorm1(double *x, int n)
{
	ulong cw;
	Ld s;
	double r;
	int i;

	cw = fpext();
	s = 0.0L;
	for(i = 0; i < n; i++)
		s += mfabs(x[i]);
	r = rnd(s);
	fprestore(cw);
	return r;
}

double
mnorm2(double *x, int n)
{
	ulong cw;
	Ld s;
	double r;
	int i;

	cw = fpext();
	s = 0.0L;
	for(i = 0; i < n; i++)
		s += (Ld)x[i]*x[i];
	r = rnd(lsqrt(s));
	fprestore(cw);
	return r;
}

/* index of the first element of largest magnitude; -1 if n is 0 */
int
miamax(double *x, int n)
{
	int i, m;

	if(n <= 0)
		return -1;
	m = 0;
	for(i = 1; i < n; i++)
		if(mfabs(x[i]) > mfabs(x[m]))
			m = i;
	return m;
}

/* shell sort the index vector p so that x[p[i]] does not decrease */
void
msort(double *x, int *p, int n)
{
	int gap, i, j, t;

	for(gap = n/2; gap > 0; gap /= 2)
		for(i = gap; i < n; i++){
			t = p[i];
			for(j = i; j >= gap && x[p[j-gap]] > x[t]; j -= gap)
				p[j] = p[j-gap];
			p[j] = t;
		}
}

static const Ld TWOOSQRTPI = 1.12837916709551257389615890312154517L;
static const Ld ONEOSQRTPI = 0.564189583547756286948079451560772586L;

/* exp(-x*x) for a double x, with x*x split exactly into two parts */
static Ld
lexpmsq(double x)
{
	Ld h, l;

	h = top32(x);
	l = (Ld)x - h;
	return lexp2(-(h*h), -(2.0L*h*l + l*l));
}

/* erf(x) = 2/sqrt(pi) exp(-x^2) sum 2^n x^(2n+1)/(1*3*...*(2n+1)), |x| < 3: all terms positive */
static Ld
lerfseries(double x)
{
	Ld s, t, z;
	int n;

	z = 2.0L*x*x;
	t = x;
	s = t;
	for(n = 1; n < 200 && mfabs(t) > mfabs(s)*0x1p-66L; n++){
		t = t*z/(2*n+1);
		s += t;
	}
	return TWOOSQRTPI*lexpmsq(x)*s;
}

/* erfc(x) for x >= 1.5 by its continued fraction, evaluated backwards */
static Ld
lerfccf(double x)
{
	Ld t;
	int k, n;

	n = x < 2 ? 200 : x < 3 ? 100 : 50;
	t = x;
	for(k = n; k >= 1; k--)
		t = x + (k/2.0L)/t;
	return ONEOSQRTPI*lexpmsq(x)/t;
}

double
merf(double x)
{
	ulong cw;
	Ld r;

	if(misnan(x) || x == 0)
		return x;
	if(mfabs(x) >= 6.0)
		return mcopysign(1.0, x);
	cw = fpext();
	if(mfabs(x) < 3.0)
		r = lerfseries(mfabs(x));
	else
		r = 1.0L - lerfccf(mfabs(x));
	x = mcopysign(rnd(r), x);
	fprestore(cw);
	return x;
}

double
merfc(double x)
{
	ulong cw;
	Ld r;

	if(misnan(x))
		return x;
	if(x < -6.0)
		return 2.0;
	if(x > 27.5)
		return 0.0;
	cw = fpext();
	if(x < 1.5)
		r = 1.0L - (x < 0 ? -lerfseries(-x) : lerfseries(x));
	else
		r = lerfccf(x);
	x = rnd(r);
	fprestore(cw);
	return x;
}

/*
 * C = alpha*op(A)*op(B) + beta*C, column-major as in BLAS: element
 * (i, j) of A is a[i + j*lda]; op is the matrix (N) or its transpose
 * (T or C).  The caller has checked the sizes.  Each element is
 * summed in extended precision and rounded once.
 */
void
mgemm(int transa, int transb, int m, int n, int k, double alpha,
	double *a, int lda, double *b, int ldb, double beta, double *c, int ldc)
{
	ulong cw;
	Ld s;
	int i, j, l;
	double av, bv;

	cw = fpext();
	for(j = 0; j < n; j++)
		for(i = 0; i < m; i++){
			s = 0.0L;
			if(alpha != 0)
				for(l = 0; l < k; l++){
					av = transa == 'N' ? a[i + l*lda] : a[l + i*lda];
					bv = transb == 'N' ? b[l + j*ldb] : b[j + l*ldb];
					s += (Ld)av*bv;
				}
			s *= alpha;
			if(beta != 0)
				s += (Ld)beta*c[i + j*ldc];
			c[i + j*ldc] = rnd(s);
		}
	fprestore(cw);
}

/* zeta(k)-1, k = 2 ... 41 */
static const Ld zetam1[] = {
	6.449340668482264364724152e-1L, 2.020569031595942853997382e-1L, 8.23232337111381915160037e-2L,
	3.692775514336992633136549e-2L, 1.734306198444913971451793e-2L, 8.34927738192282683979755e-3L,
	4.077356197944339378685239e-3L, 2.008392826082214417852769e-3L, 9.945751278180853371459589e-4L,
	4.941886041194645587022825e-4L, 2.46086553308048298637998e-4L, 1.227133475784891467518365e-4L,
	6.124813505870482925854511e-5L, 3.058823630702049355172851e-5L, 1.528225940865187173257149e-5L,
	7.637197637899762273600294e-6L, 3.817293264999839856461645e-6L, 1.908212716553938925656958e-6L,
	9.539620338727961131520387e-7L, 4.769329867878064631167196e-7L, 2.384505027277329900036482e-7L,
	1.192199259653110730677887e-7L, 5.960818905125947961244021e-8L, 2.980350351465228018606371e-8L,
	1.490155482836504123465851e-8L, 7.450711789835429491981004e-9L, 3.725334024788457054819204e-9L,
	1.86265972351304900640391e-9L, 9.313274324196681828717647e-10L, 4.656629065033784072989233e-10L,
	2.328311833676505492001456e-10L, 1.164155017270051977592974e-10L, 5.820772087902700889243686e-11L,
	2.910385044497099686929425e-11L, 1.455192189104198423592963e-11L, 7.275959835057481014520869e-12L,
	3.637979547378651190237236e-12L, 1.818989650307065947584832e-12L, 9.094947840263889282533118e-13L,
	4.547473783042154026799112e-13L,
};

/* B(2k)/(2k(2k-1)), k = 1 ... 16: Stirling's series */
static const Ld stirling[] = {
	8.333333333333333333333333e-2L, -2.777777777777777777777778e-3L, 7.936507936507936507936508e-4L,
	-5.952380952380952380952381e-4L, 8.417508417508417508417508e-4L, -1.917526917526917526917527e-3L,
	6.410256410256410256410256e-3L, -2.955065359477124183006536e-2L, 1.796443723688305731649385e-1L,
	-1.392432216905901116427432L, 1.340286404416839199447895e+1L, -1.568482846260020173063651e+2L,
	2.193103333333333333333333e+3L, -3.610877125372498935717327e+4L, 6.914722688513130671083953e+5L,
	-1.523822153940741619228336e+7L,
};

static const Ld EULERGAMMA = 0.577215664901532860606512090082L;
static const Ld HALFLOG2PI = 0.918938533204672741780329736406L;

/* log gamma(2+z) = (1-gamma) z + sum (-1)^k (zeta(k)-1) z^k/k, |z| <= 1/2 */
static Ld
llgamma2(Ld z)
{
	Ld s;
	int k;

	s = 0.0L;
	for(k = 41; k >= 2; k--)
		s = z*(((k&1) ? -zetam1[k-2] : zetam1[k-2])/k + s);
	return (1.0L - EULERGAMMA)*z + z*s;
}

/* log gamma(x) for x > 0 (finite) */
static Ld
llgamma(Ld x)
{
	Ld p, s, r, z;
	int k;

	if(x < 0.5L)	/* gamma(x) = gamma(x+1)/x */
		return llgamma(x + 1.0L) - llog(x);
	if(x < 1.5L)	/* gamma(x) = gamma(x+1)/x, x+1 near 2 */
		return llgamma2(x - 1.0L) - llog1p(x - 1.0L);
	if(x <= 2.5L)
		return llgamma2(x - 2.0L);
	if(x < 10.0L){
		/* gamma(x) = (x-1)(x-2)...(x-n) gamma(x-n), x-n in [1.5, 2.5] */
		p = 1.0L;
		while(x > 2.5L){
			x -= 1.0L;
			p *= x;
		}
		return llog(p) + llgamma2(x - 2.0L);
	}
	/* Stirling */
	z = 1.0L/(x*x);
	s = 0.0L;
	for(k = nelem(stirling)-1; k >= 0; k--)
		s = s*z + stirling[k];
	r = (x - 0.5L)*llog(x) - x + HALFLOG2PI + s/x;
	return r;
}

/*
 * log |gamma(x)|, and *sign the sign of gamma(x); poles give +Infinity.
 * Negative x use the reflection gamma(x) gamma(1-x) = pi/sin(pi x).
 */
double
mlgamma(double x, int *sign)
{
	ulong cw;
	Ld r, t, s;
	double f;

	*sign = 1;
	if(misnan(x))
		return x;
	if(isinfinite(x))
		return infinity(1);
	if(x == 0){
		if(signof(x))
			*sign = -1;
		return infinity(1);
	}
	if(x < 0 && integral(x, 0) == x)
		return infinity(1);
	cw = fpext();
	if(x > 0)
		r = llgamma(x);
	else{
		/* sin(pi x) from x mod 2, exactly reduced */
		f = mfmod(x, 2.0);	/* in (-2, 0) */
		t = (Ld)f + 2.0L;	/* in (0, 2): sin(pi t) = sin(pi x) */
		if(t > 1.0L)
			s = -lsin(PI*(t - 1.0L) > PIO2 ? PI*(2.0L - t) : PI*(t - 1.0L));
		else
			s = lsin(PI*t > PIO2 ? PI*(1.0L - t) : PI*t);
		if(s < 0){
			*sign = -1;
			s = -s;
		}
		r = llog(PI/s) - llgamma(1.0L - x);
	}
	x = rnd(r);
	fprestore(cw);
	return x;
}

/*
 * Bessel functions of integer order, first (J) and second (Y) kinds.
 * Below Hankel, x < 25: Miller's backward recurrence from an order m
 * well above max(n, x), J(k-1) = (2k/x) J(k) - J(k+1), normalized by
 * J0 + 2(J2 + J4 + ...) = 1.  The same sweep gathers the Neumann sums
 * that give Y0 = (2/pi)((ln(x/2)+gamma) J0 - 2 sum (-1)^k J2k/k) and
 * Y1 = -Y0' without dividing by anything that vanishes.  From 25 on,
 * Hankel's asymptotic expansions, whose smallest term is about e^-2x.
 * Higher orders: J by forward recurrence while the order is below x,
 * else from the sweep itself; Y always forward (stable for Y).
 */
enum { Hankel = 25 };

static const Ld EULER = 0.577215664901532860606512090082402431L;
static const Ld TWOOPI = 0.636619772367581343075535053490057448L;
static const Ld SQRT1_2 = 0.707106781186547524400844362104849039L;

typedef struct Sweep Sweep;
struct Sweep
{
	Ld	j0, j1, jn;	/* J0, J1 and J(n), normalized */
	Ld	even;		/* sum (-1)^k J(2k)/k, k >= 1 */
	Ld	dodd;		/* sum (-1)^k (J(2k-1) - J(2k+1))/(2k), k >= 1 */
};

/* the backward sweep for 0 < x < 2^30, order n >= 0 */
static void
sweep(Ld x, int n, Sweep *s)
{
	Ld jk, jk1, t, norm, even, pa, pb, jn, j1;
	int k, m, top;

	top = n > (int)x ? n : (int)x;
	m = top + 40 + 4*(int)lsqrt(top);
	m += m & 1;
	jk1 = 0;		/* J(m+1) */
	jk = 0x1p-1000L;	/* J(m) */
	norm = even = pa = pb = jn = j1 = 0;
	for(k = m; k > 0; k--){
		/* jk is J(k) */
		if(k == n)
			jn = jk;
		if(k == 1)
			j1 = jk;
		if((k & 1) == 0){
			norm += 2*jk;
			even += ((k/2) & 1 ? -jk : jk) / (k/2);
		}else{
			if(k >= 3)	/* J(2i+1), i = (k-1)/2 */
				pa += (((k-1)/2) & 1 ? -jk : jk) / (k-1);
			/* J(2i-1), i = (k+1)/2 */
			pb += (((k+1)/2) & 1 ? -jk : jk) / (k+1);
		}
		t = (2*k/x)*jk - jk1;
		jk1 = jk;
		jk = t;
		if(jk > 0x1p+8000L || jk < -0x1p+8000L){
			jk *= 0x1p-8000L;
			jk1 *= 0x1p-8000L;
			norm *= 0x1p-8000L;
			even *= 0x1p-8000L;
			pa *= 0x1p-8000L;
			pb *= 0x1p-8000L;
			jn *= 0x1p-8000L;
			j1 *= 0x1p-8000L;
		}
	}
	/* jk is J0 */
	norm += jk;
	if(n == 0)
		jn = jk;
	s->j0 = jk/norm;
	s->j1 = j1/norm;
	s->jn = jn/norm;
	s->even = even/norm;
	s->dodd = (pb - pa)/norm;
}

/* Hankel's P and Q for order nu (0 or 1) at x >= Hankel */
static void
hankel(int nu, Ld x, Ld *p, Ld *q)
{
	Ld a, mu, t, prev;
	int k;

	mu = 4*nu*nu;
	*p = 1;
	*q = 0;
	a = 1;
	prev = 1;
	for(k = 1; k < 200; k++){
		a *= (mu - (Ld)(2*k-1)*(2*k-1)) / (8*k*x);
		t = mfabs(rnd(a));
		if(t > prev || t < 1e-40)
			break;
		prev = t;
		switch(k & 3){
		case 1:	*q += a; break;
		case 2:	*p -= a; break;
		case 3:	*q -= a; break;
		case 0:	*p += a; break;
		}
	}
}

/* J(nu) and Y(nu), nu 0 or 1, for x >= Hankel */
static void
besselbig(int nu, double x, Ld *j, Ld *y)
{
	Ld p, q, c, s, cx, sx, amp;

	hankel(nu, x, &p, &q);
	cx = mcos(x);
	sx = msin(x);
	if(nu == 0){
		c = (cx + sx)*SQRT1_2;		/* cos(x - pi/4) */
		s = (sx - cx)*SQRT1_2;		/* sin(x - pi/4) */
	}else{
		c = (sx - cx)*SQRT1_2;		/* cos(x - 3pi/4) */
		s = -(sx + cx)*SQRT1_2;		/* sin(x - 3pi/4) */
	}
	amp = lsqrt(TWOOPI/x);
	*j = amp*(p*c - q*s);
	*y = amp*(p*s + q*c);
}

/* J0, J1, Y0, Y1 at 0 < x < infinity (Y only when y != nil) */
static void
bessel01(double x, Ld *j0, Ld *j1, Ld *y0, Ld *y1)
{
	Sweep s;
	Ld l;

	if(x >= Hankel){
		besselbig(0, x, j0, y0);
		besselbig(1, x, j1, y1);
		return;
	}
	sweep(x, 0, &s);
	*j0 = s.j0;
	*j1 = s.j1;
	l = llog((Ld)x/2) + EULER;
	*y0 = TWOOPI*(l*s.j0 - 2*s.even);
	*y1 = TWOOPI*(l*s.j1 - s.j0/x) + 2*TWOOPI*s.dodd;
}

double
mj0(double x)
{
	ulong cw;
	Ld j0, j1, y0, y1;

	if(misnan(x))
		return x;
	x = mfabs(x);
	if(isinfinite(x))
		return 0;
	if(x < 1e-30)
		return 1;
	cw = fpext();
	bessel01(x, &j0, &j1, &y0, &y1);
	x = rnd(j0);
	fprestore(cw);
	return x;
}

double
mj1(double x)
{
	ulong cw;
	Ld j0, j1, y0, y1;
	double a;

	if(misnan(x) || x == 0)
		return x;
	if(isinfinite(x))
		return 0;
	a = mfabs(x);
	if(a < 1e-30)
		return x/2;
	cw = fpext();
	bessel01(a, &j0, &j1, &y0, &y1);
	a = rnd(j1);
	fprestore(cw);
	return x < 0 ? -a : a;
}

/*
 * J(n) for n well above x*x/4: (x/2)^n/n! times a series whose terms
 * fall fast; the power underflows to 0 long before n! overflows
 */
static Ld
jnseries(int n, double x)
{
	Ld t, h, sum, term;
	int k;

	h = (Ld)x/2;
	t = 1;
	for(k = 1; k <= n && t != 0; k++)
		t *= h/k;
	if(t == 0)
		return 0;
	sum = 1;
	term = 1;
	for(k = 1; k < 100; k++){
		term *= -h*h/((Ld)k*(n+k));
		sum += term;
		if(mfabs(rnd(term)) < 1e-25)
			break;
	}
	return t*sum;
}

double
mjn(int n, double x)
{
	ulong cw;
	Ld j0, j1, y0, y1, t;
	Sweep s;
	double a;
	int k, neg;

	if(misnan(x))
		return x;
	neg = 0;
	if(n < 0){
		n = -n;
		neg = n & 1;
	}
	if(x < 0){
		x = -x;
		neg ^= n & 1;
	}
	if(n == 0)
		a = mj0(x);
	else if(n == 1)
		a = mj1(x);
	else if(isinfinite(x) || x == 0)
		a = 0;
	else{
		cw = fpext();
		if(x < 1e-30 || n > 30 + x*x/2)
			a = rnd(jnseries(n, x));
		else if(n < x){
			bessel01(x, &j0, &j1, &y0, &y1);
			for(k = 1; k < n; k++){
				t = (2*k/(Ld)x)*j1 - j0;
				j0 = j1;
				j1 = t;
			}
			a = rnd(j1);
		}else{
			sweep(x, n, &s);
			a = rnd(s.jn);
		}
		fprestore(cw);
	}
	return neg ? -a : a;
}

/* Y0 or Y1 (nu): NaN for x < 0, -infinity at 0 */
static double
y01(int nu, double x)
{
	ulong cw;
	Ld j0, j1, y0, y1;

	if(misnan(x))
		return x;
	if(x < 0)
		return qnan();
	if(x == 0)
		return infinity(-1);
	if(isinfinite(x))
		return 0;
	cw = fpext();
	if(x < 1e-30){
		y0 = TWOOPI*(llog((Ld)x/2) + EULER);
		y1 = -TWOOPI/x;
	}else
		bessel01(x, &j0, &j1, &y0, &y1);
	x = rnd(nu ? y1 : y0);
	fprestore(cw);
	return x;
}

double
my0(double x)
{
	return y01(0, x);
}

double
my1(double x)
{
	return y01(1, x);
}

double
myn(int n, double x)
{
	ulong cw;
	Ld a, b, t;
	int k, neg;

	neg = 0;
	if(n < 0){
		n = -n;
		neg = n & 1;
	}
	if(n == 0)
		return my0(x);
	if(n == 1)
		return neg ? -my1(x) : my1(x);
	if(misnan(x) || x < 0 || x == 0 || isinfinite(x)){
		x = y01(0, x);
		return neg && x != 0 ? -x : x;
	}
	a = my0(x);
	b = my1(x);
	cw = fpext();
	for(k = 1; k < n && b > -0x1p+16000L; k++){
		t = (2*k/(Ld)x)*b - a;
		a = b;
		b = t;
	}
	x = b < -0x1p+16000L ? infinity(-1) : rnd(b);
	fprestore(cw);
	return neg ? -x : x;
}
