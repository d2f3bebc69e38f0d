/*
 * fmtdtoa -- lib9's dtoa and fmtstrtod are exact: shortest digits read
 * back to the same double and are never longer than needed, fixed modes are correctly rounded, and
 * strtod rounds correctly (checked against the host C library, which
 * is correctly rounded too), on chosen hard values and on many
 * pseudo-random doubles of every kind: normal, denormal, huge, tiny.
 */
#include <u.h>
#include <lib9.h>
#include <stdio.h>

typedef union Dbits Dbits;
union Dbits
{
	double	d;
	uvlong	u;
};

static int nfail;
static uvlong seed = 0x9E3779B97F4A7C15ULL;

static uvlong
rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static int
isfinite9(double d)
{
	Dbits x;

	x.d = d;
	return ((x.u >> 52) & 0x7FF) != 0x7FF;
}

static int
same(double a, double b)
{
	Dbits x, y;

	x.d = a;
	y.d = b;
	return x.u == y.u;
}

static void
fail(char *what, double d, char *got, char *want)
{
	Dbits x;

	x.d = d;
	if(nfail++ < 20)
		print("FAIL %s %#llux: got %s want %s\n", what, x.u, got, want);
}

/* shortest digits: read back exactly, and no shorter form does (checked with libc) */
static void
shortest(double d)
{
	char *s, buf[64], ref[64];
	int decpt, sign, n, p;

	s = dtoa(d, 0, 0, &decpt, &sign, nil);
	n = strlen(s);
	snprint(buf, sizeof buf, "%s%c.%se%d", sign ? "-" : "", s[0], s+1, decpt-1);
	if(!same(fmtstrtod(buf, nil), d))
		fail("shortest readback", d, buf, "same");
	if(!same(strtod(buf, nil), d))
		fail("shortest libc readback", d, buf, "same");
	for(p = 0; p < 17; p++){
		snprintf(ref, sizeof ref, "%.*e", p, d);
		if(strtod(ref, nil) == d)
			break;
	}
	/*
	 * The correctly rounded p+1 digits read back, so the shortest can
	 * be no longer; it may be shorter where the gap below is half the
	 * gap above (powers of two), as with Gay's dtoa.
	 */
	if(n > p+1)
		fail("shortest length", d, buf, ref);
	freedtoa(s);
}

/* %e and %f digits against libc for every precision lib9 allows */
static void
fixed(double d)
{
	char got[400], want[400];
	int p;

	p = rnd() % 21;
	snprint(got, sizeof got, "%.*e", p, d);
	snprintf(want, sizeof want, "%.*e", p, d);
	if(strcmp(got, want) != 0)
		fail("%e", d, got, want);
	snprint(got, sizeof got, "%.*f", p, d);
	snprintf(want, sizeof want, "%.*f", p, d);
	if(strcmp(got, want) != 0)
		fail("%f", d, got, want);
}

/* decimal strings of many lengths, read by both */
static void
reads(double d)
{
	char s[64];
	double a, b;

	snprintf(s, sizeof s, "%.*e", (int)(rnd() % 26), d);
	a = fmtstrtod(s, nil);
	b = strtod(s, nil);
	if(!same(a, b))
		fail("strtod", d, s, "libc's");
}

static double
randdouble(int kind)
{
	Dbits x;
	uvlong r;

	r = rnd();
	switch(kind){
	case 0:		/* any bits */
		x.u = r;
		break;
	case 1:		/* denormal */
		x.u = r & 0x800FFFFFFFFFFFFFULL;
		break;
	case 2:		/* near 1 */
		x.u = (r & 0x800FFFFFFFFFFFFFULL) | (uvlong)(1023 + (int)(rnd() % 80) - 40) << 52;
		break;
	case 3:		/* a short decimal */
		x.d = (double)(r % 1000000) / (double)(1 + rnd() % 10000);
		break;
	case 4:		/* powers of two and their neighbours: unequal gaps */
		x.u = (uvlong)(rnd() % 2046 + 1) << 52;
		x.u += (rnd() % 3) - 1;
		break;
	default:	/* huge or tiny */
		x.u = (r & 0x800FFFFFFFFFFFFFULL) | (uvlong)((rnd() & 1) ? 2000 + rnd() % 46 : 1 + rnd() % 40) << 52;
		break;
	}
	return x.d;
}

int
main(void)
{
	static double hard[] = {
		0, 1, .8125, 0.1, 0.2, 0.3, 1.0/3, 2.0/3, 1e308, 1.7976931348623157e308,
		2.2250738585072014e-308, 2.2250738585072009e-308, 4.9406564584124654e-324,
		9.8813129168249309e-324, 1e23, 8.41e21, 5e-324, 9007199254740993.0,
		123456789012345678.0, 0.000001, 1e-7, 5e-310, 1.5, 2.5, 1e22, 1e21,
		4.35e-308, 3.0e-320, 0.5, 1e15, 9.5367431640625e-07,
		5.684341886080802e-14, 5.960464477539063e-08,	/* 2^-44, 2^-24 */
	};
	static char *strs[] = {
		"2.2250738585072011e-308", "2.2250738585072012e-308",
		"1.00000000000000011102230246251565404236316680908203125",
		"1.00000000000000011102230246251565404236316680908203124",
		"1.00000000000000011102230246251565404236316680908203126",
		"9007199254740993", "9007199254740992.9999999999999999999",
		"2.4703282292062327e-324", "2.4703282292062328e-324",
		"7.4109846876186982e-324", "1.7976931348623158e308",
		"1.7976931348623157e308", "1.797693134862315807e308",
		"0.000000000000000000000000000000000000000000001e-280",
		"179769313486231580793728971405301e276",
		"4.940656458412465441765687928682213723651e-324",
		"123456789012345678901234567890123456789012345678901234567890e-40",
	};
	char buf[G2strmax];
	double d, a, b;
	int i, k;

	for(i = 0; i < nelem(hard); i++){
		for(k = 0; k < 2; k++){
			d = k ? -hard[i] : hard[i];
			shortest(d);
			fixed(d);
			reads(d);
			g2str(d, buf);
			if(!same(fmtstrtod(buf, nil), d))
				fail("g2str readback", d, buf, "same");
		}
		g2str(hard[i], buf);
		print("%s\n", buf);
	}
	for(i = 0; i < nelem(strs); i++){
		a = fmtstrtod(strs[i], nil);
		b = strtod(strs[i], nil);
		if(!same(a, b))
			fail(strs[i], a, "", "libc's");
		g2str(a, buf);
		print("%s -> %s\n", strs[i], buf);
	}
	for(i = 0; i < 30000; i++){
		d = randdouble(i % 6);
		if(!isfinite9(d))
			continue;
		shortest(d);
		if(i % 3 == 0)
			fixed(d);
		reads(d);
		g2str(d, buf);
		if(!same(fmtstrtod(buf, nil), d))
			fail("g2str readback", d, buf, "same");
	}
	if(nfail){
		print("%d failures\n", nfail);
		return 1;
	}
	print("ok\n");
	return 0;
}
