implement Arith;

include "sys.m";
	sys: Sys;
include "draw.m";

Arith: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

K: con 7;
Big: con big 1 << 40;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := 17;
	b := 5;
	sys->print("%d %d %d %d %d\n", a+b, a-b, a*b, a/b, a%b);
	sys->print("%d %d %d\n", -a/b, -a%b, a/-b);
	sys->print("%d %d %d %d %d\n", a&b, a|b, a^b, a<<3, a>>2);
	sys->print("%d %d\n", -a>>1, ~a);
	sys->print("%d %d %d\n", 2**10, 3**0, K**2);
	c := a;
	c += 3; sys->print("%d ", c);
	c -= 1; sys->print("%d ", c);
	c *= 2; sys->print("%d ", c);
	c /= 4; sys->print("%d ", c);
	c %= 4; sys->print("%d ", c);
	c <<= 4; sys->print("%d ", c);
	c >>= 1; sys->print("%d ", c);
	c |= 1; sys->print("%d ", c);
	c &= 7; sys->print("%d ", c);
	c ^= 2; sys->print("%d\n", c);
	c = 5;
	d := c++ + ++c;
	sys->print("%d %d\n", c, d);
	d = c-- - --c;
	sys->print("%d %d\n", c, d);
	x := big 123456789 * big 1000;
	sys->print("%bd %bd %bd\n", x, x / big 7, x % big 7);
	sys->print("%bd %bd\n", Big, Big >> 20);
	y := big -5;
	sys->print("%bd %bd %bd\n", y * y, -y, y ** 3);
	r := 2.5;
	s := r * 4.0 - 1.0;
	sys->print("%g %g %g\n", s, s / 2.0, -r);
	sys->print("%g %g\n", 1.5 ** 2, real 7 / 2.0);
	by := byte 250;
	by += byte 10;
	sys->print("%d %d\n", int by, int (byte 300));
	sys->print("%d %d %d\n", int 3.7, int -3.7, int 2.5);
	sys->print("%g %bd %d\n", real a, big a, int big 99);
	sys->print("%d %d %d %d\n", a > b, a < b, a == 17, a != 17);
	sys->print("%d %d\n", a >= 17 && b <= 4, a >= 17 || b <= 4);
	sys->print("%d\n", !(a > b));
	i := 16r1F + 8r17 + 2r101;
	sys->print("%d %d %c\n", i, 'A', 'z');
}
