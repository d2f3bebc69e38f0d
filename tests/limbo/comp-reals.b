implement Compreals;

# comp-reals -- real arithmetic, moves and branches in loops, NaN and
# infinities among them, and word-to-big conversions: the same with
# emu -c0 and -c1

include "sys.m";
	sys: Sys;
include "draw.m";
include "math.m";
	math: Math;

Compreals: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

gx := 1.5;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	math = load Math Math->PATH;
	x := 0.0;
	for(i := 0; i < 20000; i++)
		x = x*0.999 + real i * 0.5;
	sys->print("x %g %bd\n", x, math->realbits64(x));
	y := 1.0;
	z := 0.0;
	for(i = 1; i < 300; i++){
		y = y / 3.0 - real -i;
		z = z - y * gx;
		gx = gx + 0.25;
	}
	sys->print("y %g %g %g %bd %bd\n", y, z, gx, math->realbits64(y), math->realbits64(z));
	nan := math->NaN;
	inf := math->Infinity;
	vals := array[] of {0.0, -0.0, 1.0, -2.5, nan, inf, -inf, 1e-310};
	for(a := 0; a < len vals; a++){
		s := "";
		for(b := 0; b < len vals; b++){
			p := vals[a];
			q := vals[b];
			f := 0;
			if(p < q) f |= 1;
			if(p <= q) f |= 2;
			if(p > q) f |= 4;
			if(p >= q) f |= 8;
			if(p == q) f |= 16;
			if(p != q) f |= 32;
			s += sys->sprint(" %2d", f);
		}
		sys->print("cmp%s\n", s);
	}
	r := array[8] of real;
	for(a = 0; a < len vals; a++)
		r[a] = vals[a] * 2.0 - vals[(a+1)%len vals] / 0.5;
	for(a = 0; a < len r; a++)
		sys->print("%bd ", math->realbits64(r[a]));
	sys->print("\n");
	bg := big 0;
	for(i = -5; i < 5; i++){
		w := big (i * 100000);
		bg = bg + w;
		sys->print("%bd %d ", w, int (w << 20));
	}
	sys->print("\n%bd\n", bg);
}
