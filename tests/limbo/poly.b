implement Poly;

include "sys.m";
	sys: Sys;
include "draw.m";

Poly: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	rev:	fn[T](l: list of T): list of T;
};

P: adt {
	x:	int;
};

rev[T](l: list of T): list of T
{
	r: list of T;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

len2[T](l: list of T): int
{
	if(l == nil)
		return 0;
	return 1 + len2(tl l);
}

first[T](a: array of T, dflt: T): T
{
	if(len a == 0)
		return dflt;
	return a[0];
}

pair[T, U](a: T, b: U): (U, T)
{
	return (b, a);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	l := rev("a" :: "b" :: "c" :: nil);
	sys->print("%s %s %d\n", hd l, hd tl tl l, len2(l));
	pl := rev(ref P(1) :: ref P(2) :: nil);
	sys->print("%d %d\n", (hd pl).x, len2(pl));
	s := first(array[] of {"x", "y"}, "none");
	e := first(array[0] of string, "none");
	sys->print("%s %s\n", s, e);
	(q, r) := pair("str", ref P(7));
	sys->print("%d %s\n", q.x, r);
}
