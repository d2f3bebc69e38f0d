implement Errtypes;

include "sys.m";
	sys: Sys;
include "draw.m";

Errtypes: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

P: adt {
	x:	int;
};

f(a: int, b: string): int
{
	return a + b;
}

g()
{
	return 1;
}

init(nil: ref Draw->Context, nil: list of string)
{
	x := 1;
	y: string = x;
	z = 3;
	f(1);
	f(1, "a", 3);
	x.foo = 2;
	p := P(1);
	p.y = 2;
}
