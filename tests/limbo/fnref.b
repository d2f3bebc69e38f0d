implement Fnref;

include "sys.m";
	sys: Sys;
	print: import sys;
include "draw.m";

Fnref: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
	twice:	fn(x: int): int;
};

Op: adt {
	name:	string;
	f:	ref fn(a, b: int): int;
};

add(a, b: int): int
{
	return a + b;
}

mul(a, b: int): int
{
	return a * b;
}

twice(x: int): int
{
	return 2*x;
}

apply(f: ref fn(x: int): int, l: list of int): list of int
{
	if(l == nil)
		return nil;
	return f(hd l) :: apply(f, tl l);
}

greet(s: string)
{
	print("hello %s\n", s);
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	ops := array[] of {Op("add", add), Op("mul", mul)};
	for(i := 0; i < len ops; i++)
		print("%s %d\n", ops[i].name, ops[i].f(6, 7));
	l := apply(twice, 1 :: 2 :: 3 :: nil);
	print("%d %d %d\n", hd l, hd tl l, hd tl tl l);
	g := greet;
	g("world");
	h: ref fn(s: string);
	print("%d\n", h == nil);
	h = g;
	spawn h("spawned");
	sys->sleep(10);
}
