implement Mathfns;

# math-fns -- $Math: elementary functions, special values, IEEE helpers, arrays

include "sys.m";
	sys: Sys;
include "draw.m";
include "math.m";
	math: Math;

Mathfns: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	math = load Math Math->PATH;
	m := math;
	sys->print("%g %d %g %g\n", m->sqrt(2.0), m->isnan(m->sqrt(-1.0)), m->cbrt(27.0), m->hypot(3.0, 4.0));
	sys->print("%g %g %g %g\n", m->exp(1.0), m->log(10.0), m->log10(1000.0), m->pow(2.0, 0.5));
	sys->print("%g %g %g\n", m->pow(-2.0, 3.0), m->pow(0.0, -1.0), m->pow(10.0, -2.0));
	sys->print("%g %g %g %g\n", m->sin(m->Pi/2.0), m->cos(m->Pi), m->tan(m->Pi/4.0), m->atan2(1.0, -1.0));
	sys->print("%g %g %g\n", m->asin(1.0), m->acos(-1.0), m->atan(1e300));
	sys->print("%g %g %g\n", m->sinh(1.0), m->cosh(0.0), m->tanh(100.0));
	sys->print("%g %g %g\n", m->asinh(0.0), m->acosh(1.0), m->atanh(0.5));
	sys->print("%g %g %g %g\n", m->expm1(1e-10), m->log1p(1e-10), m->fmod(7.5, 2.0), m->remainder(7.5, 2.0));
	sys->print("%g %g %g %g\n", m->floor(-0.5), m->ceil(-0.5), m->rint(2.5), m->rint(3.5));
	(ip, fp) := m->modf(-3.25);
	sys->print("modf %d %g\n", ip, fp);
	sys->print("%g %g %g\n", m->copysign(3.0, -0.0), m->fdim(5.0, 3.0), m->fdim(3.0, 5.0));
	sys->print("%d %d %d %d\n", m->isnan(m->NaN), m->isnan(1.0), m->finite(m->Infinity), m->finite(1.0));
	sys->print("%g %g %d\n", m->Infinity, -m->Infinity, m->ilogb(1024.0));
	sys->print("%g %g %g\n", m->scalbn(1.0, 10), m->pow10(5), m->pow10(-3));
	sys->print("%g\n", m->nextafter(1.0, 2.0) - 1.0);
	x := array[] of {3.0, -4.0, 1.0};
	y := array[] of {1.0, 1.0, 2.0};
	sys->print("dot %g norm1 %g norm2 %g iamax %d\n", m->dot(x, y), m->norm1(x), m->norm2(x[0:2]), m->iamax(x));
	p := array[] of {0, 1, 2};
	m->sort(x, p);
	sys->print("sort %d %d %d\n", p[0], p[1], p[2]);
	sys->print("bits %bx %ux %g\n", m->realbits64(1.0), m->realbits32(-2.0), m->bits64real(big 16r4000000000000000));
	b := array[8] of byte;
	m->export_real(b, array[] of {1.5});
	sys->print("export %x %x\n", int b[0], int b[1]);
	r := array[1] of real;
	m->import_real(b, r);
	sys->print("import %g\n", r[0]);
	sys->print("erf %g %g erfc %g %g\n", m->erf(0.5), m->erf(-10.0), m->erfc(0.0), m->erfc(10.0));
	(s1, l1) := m->lgamma(0.5);
	(s2, l2) := m->lgamma(-0.5);
	(s3, l3) := m->lgamma(-2.0);
	(nil, l4) := m->lgamma(1.0);
	sys->print("lgamma %d %g %d %g %d %g %g\n", s1, l1, s2, l2, s3, l3, l4);
	# 2x3 times 3x2, column-major
	a := array[] of {1.0, 4.0, 2.0, 5.0, 3.0, 6.0};
	mb := array[] of {7.0, 9.0, 11.0, 8.0, 10.0, 12.0};
	c := array[] of {1.0, 1.0, 1.0, 1.0};
	m->gemm('N', 'N', 2, 2, 3, 1.0, a, 2, mb, 3, 2.0, c, 2);
	sys->print("gemm %g %g %g %g\n", c[0], c[1], c[2], c[3]);
	r9 := array[9] of real;
	m->gemm('T', 'N', 3, 3, 2, 1.0, a, 2, a, 2, 0.0, r9, 3);
	sys->print("AtA %g %g %g\n", r9[0], r9[4], r9[8]);
	{
		m->gemm('X', 'N', 1, 1, 1, 1.0, a, 1, mb, 1, 0.0, c, 1);
	}exception e{
	"*" =>
		sys->print("gemm: %s\n", e);
	}
	{
		m->gemm('N', 'N', 2, 2, 3, 1.0, a, 2, mb[0:5], 3, 0.0, c, 2);
	}exception e{
	"*" =>
		sys->print("gemm short: %s\n", e);
	}
	{
		m->dot(x, array[1] of real);
	}exception e{
	"*" =>
		sys->print("dot: %s\n", e);
	}
}
