/*
 * sysmath: $Math's freestanding functions against the host libm.
 * Each function is tried on a spread of arguments; a result may differ
 * from libm's by at most one unit in the last place, and special
 * values (NaN, infinities, signed zeros) must agree exactly.
 */
#include <u.h>
#include <lib9.h>
#include <math.h>
#include <stdio.h>
#include "../../libinterp/sysmath.h"

typedef union { double d; uvlong u; } Bits;

static int fails;

static vlong
ulps(double a, double b)
{
	Bits x, y;
	vlong d;

	if(isnan(a) || isnan(b))
		return isnan(a) && isnan(b) ? 0 : 1LL<<40;
	x.d = a;
	y.d = b;
	if(a == b && x.u != y.u)
		return 1LL<<40;	/* -0 versus +0 */
	if((x.u>>63) != (y.u>>63))
		return a == b ? 0 : 1LL<<40;
	d = (vlong)(x.u - y.u);
	return d < 0 ? -d : d;
}

static double args[4000];
static int nargs;

static void
mkargs(void)
{
	static double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 10.0, 1e-300, -1e-300,
		4.9e-324, 1e300, -1e300, 0.1, 3.0, 100.0, 1000.0, 709.0, -709.0, 1.5707963267948966,
		3.141592653589793, 6.283185307179586, 1e6, 1e10, 1e22, 1e100, 2.718281828459045, 0.999, 1.001};
	int i;
	double x;

	for(i = 0; i < nelem(special); i++)
		args[nargs++] = special[i];
	args[nargs++] = 1.0/0.0;
	args[nargs++] = -1.0/0.0;
	args[nargs++] = 0.0/0.0;
	x = 1e-20;
	for(i = 0; nargs < nelem(args)-2; i++){
		args[nargs++] = x;
		args[nargs++] = -x*1.37;
		x *= 1.0173;
		if(x > 1e25)
			x = 1.3e-7*(i%97+1);
	}
}

static void
check1(char *name, double (*f)(double), double (*ref)(double))
{
	int i, n1;
	vlong u;

	n1 = 0;
	for(i = 0; i < nargs; i++){
		u = ulps(f(args[i]), ref(args[i]));
		if(u > 1){
			if(fails++ < 20)
				printf("%s(%.17g) = %.17g, libm %.17g\n", name, args[i], f(args[i]), ref(args[i]));
		}else if(u == 1)
			n1++;
	}
	if(n1 > nargs/4)
		printf("%s: %d of %d results one ulp away\n", name, n1, nargs), fails++;
}

static void
check2(char *name, double (*f)(double, double), double (*ref)(double, double))
{
	int i, j, n, n1;
	vlong u;

	n = n1 = 0;
	for(i = 0; i < nargs; i += 7)
		for(j = 0; j < nargs; j += 11){
			n++;
			u = ulps(f(args[i], args[j]), ref(args[i], args[j]));
			if(u > 1){
				if(fails++ < 20)
					printf("%s(%.17g, %.17g) = %.17g, libm %.17g\n", name, args[i], args[j],
						f(args[i], args[j]), ref(args[i], args[j]));
			}else if(u == 1)
				n1++;
		}
	if(n1 > n/4)
		printf("%s: %d of %d results one ulp away\n", name, n1, n), fails++;
}

/*
 * Bessel functions: libm's are not correctly rounded either, so allow
 * 4e-15 of max(1, |libm|) (absolute near the zeros, relative beyond),
 * with special values exact.
 */
static void
checkbessel(char *name, int n, double (*f)(double), double (*fn)(int, double),
	double (*ref)(double), double (*refn)(int, double))
{
	int i;
	volatile double a, b;	/* libm's results can carry x87 excess precision */
	double e, s;

	for(i = 0; i < nargs; i++){
		if(fabs(args[i]) > 1e7)
			continue;
		a = f != nil ? f(args[i]) : fn(n, args[i]);
		b = ref != nil ? ref(args[i]) : refn(n, args[i]);
		if(isnan(a) || isnan(b) || isinf(a) || isinf(b) || b == 0){
			if(!(isnan(a) && isnan(b)) && a != b && fails++ < 20)
				printf("%s(%d, %.17g) = %.17g, libm %.17g\n", name, n, args[i], a, b);
			continue;
		}
		s = fabs(b) > 1 ? fabs(b) : 1;
		e = fabs(a-b)/s;
		if(e > 4e-15 && fails++ < 20)
			printf("%s(%d, %.17g) = %.17g, libm %.17g\n", name, n, args[i], a, b);
	}
}

static double
pow10ref(double x)
{
	return pow(10.0, x);
}

static double
pow10m(double x)
{
	return mpow10((int)x);
}

int
main(void)
{
	int i;
	double ip, r;

	mkargs();
	check1("sqrt", msqrt, sqrt);
	check1("exp", mexp, exp);
	check1("expm1", mexpm1, expm1);
	check1("log", mlog, log);
	check1("log10", mlog10, log10);
	check1("log1p", mlog1p, log1p);
	check1("sin", msin, sin);
	check1("cos", mcos, cos);
	check1("tan", mtan, tan);
	check1("atan", matan, atan);
	check1("asin", masin, asin);
	check1("acos", macos, acos);
	check1("sinh", msinh, sinh);
	check1("cosh", mcosh, cosh);
	check1("tanh", mtanh, tanh);
	check1("asinh", masinh, asinh);
	check1("acosh", macosh, acosh);
	check1("atanh", matanh, atanh);
	check1("cbrt", mcbrt, cbrt);
	check1("erf", merf, erf);
	check1("erfc", merfc, erfc);
	check1("floor", mfloor, floor);
	check1("ceil", mceil, ceil);
	check1("rint", mrint, rint);
	check1("fabs", mfabs, fabs);
	check2("pow", mpow, pow);
	check2("atan2", matan2, atan2);
	check2("hypot", mhypot, hypot);
	check2("fmod", mfmod, fmod);
	check2("remainder", mremainder, remainder);
	check2("copysign", mcopysign, copysign);
	check2("nextafter", mnextafter, nextafter);
	check2("fmin", mfmin, fmin);
	check2("fmax", mfmax, fmax);
	check2("fdim", mfdim, fdim);
	checkbessel("j0", 0, mj0, nil, j0, nil);
	checkbessel("j1", 1, mj1, nil, j1, nil);
	checkbessel("y0", 0, my0, nil, y0, nil);
	checkbessel("y1", 1, my1, nil, y1, nil);
	for(i = -3; i <= 40; i += 7){
		checkbessel("jn", i, nil, mjn, nil, jn);
		checkbessel("yn", i, nil, myn, nil, yn);
	}
	for(i = -330; i <= 330; i++)
		if(ulps(pow10m(i), pow10ref(i)) > 1 && fails++ < 20)
			printf("pow10(%d) = %.17g, libm %.17g\n", i, pow10m(i), pow10ref(i));
	for(i = 0; i < nargs; i++){
		r = mmodf(args[i], &ip);
		if(ulps(r, modf(args[i], &ip)) != 0 && fails++ < 20)
			printf("modf(%.17g)\n", args[i]);
		if(mfinite(args[i]) && milogb(args[i]) != ilogb(args[i]) && args[i] != 0 && fails++ < 20)
			printf("ilogb(%.17g) = %d, libm %d\n", args[i], milogb(args[i]), ilogb(args[i]));
		if(ulps(mscalbn(args[i], i%2000-1000), scalbn(args[i], i%2000-1000)) != 0 && fails++ < 20)
			printf("scalbn(%.17g, %d)\n", args[i], i%2000-1000);
	}
	/* values the conformance tests print */
	if(mlog(mexp(1.0)) != 1.0 || mpow(2.0, 10.0) != 1024.0 || msqrt(2.0) != 1.4142135623730951)
		printf("conformance values wrong\n"), fails++;
	printf("%s\n", fails ? "FAIL" : "ok");
	return fails != 0;
}
