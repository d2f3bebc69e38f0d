implement Mathbessel;

# $Math's Bessel functions: values, symmetries and special arguments

include "sys.m";
	sys: Sys;
include "draw.m";
include "math.m";
	math: Math;

Mathbessel: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	math = load Math Math->PATH;
	xs := array[] of {0.0, 0.5, 1.0, 2.404825557695773, 7.5, 24.9, 25.1, 100.0, 1e5};
	for(i := 0; i < len xs; i++){
		x := xs[i];
		sys->print("x %g: j0 %.12g j1 %.12g jn(5) %.12g y0 %.12g y1 %.12g yn(5) %.12g\n", x,
			math->j0(x), math->j1(x), math->jn(5, x), math->y0(x), math->y1(x), math->yn(5, x));
	}
	sys->print("odd even: %g %g %g %g\n", math->j1(-2.0) + math->j1(2.0), math->j0(-3.0) - math->j0(3.0),
		math->jn(-3, 2.0) + math->jn(3, 2.0), math->jn(3, -2.0) + math->jn(3, 2.0));
	sys->print("large order: %.12g %.12g\n", math->jn(60, 10.0), math->yn(60, 10.0));
	sys->print("special: %g %g %g %g %g\n", math->y0(-1.0), math->y1(0.0), math->j0(Math->Infinity),
		math->jn(2, Math->NaN), math->yn(3, Math->Infinity));
}
