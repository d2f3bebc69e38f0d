implement Lists;

include "sys.m";
	sys: Sys;
include "draw.m";

Lists: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

P: adt {
	a:	int;
	s:	string;
};


init(nil: ref Draw->Context, args: list of string)
{
	sys = load Sys Sys->PATH;
	l := 1 :: 2 :: 3 :: nil;
	sys->print("%d %d %d\n", len l, hd l, hd tl l);
	m := list of {"a", "b", "c"};
	s := "";
	for(p := m; p != nil; p = tl p)
		s += hd p;
	sys->print("%s %d\n", s, len m);
	r: list of string;
	for(; m != nil; m = tl m)
		r = hd m :: r;
	sys->print("%s %s\n", hd r, hd tl tl r);
	pl := P(1, "x") :: P(2, "y") :: nil;
	sys->print("%d %s %d\n", (hd pl).a, (hd tl pl).s, len pl);
	rl := ref P(3, "z") :: nil;
	(hd rl).a = 30;
	sys->print("%d\n", (hd rl).a);
	bl := big 1 :: big 2 :: nil;
	rel := 1.5 :: nil;
	byl := byte 7 :: nil;
	sys->print("%bd %g %d\n", hd tl bl, hd rel, int hd byl);
	ll := (1 :: nil) :: (2 :: 3 :: nil) :: nil;
	sys->print("%d %d\n", len ll, hd hd tl ll);
	e: list of int;
	sys->print("%d %d\n", e == nil, len e);
	sys->print("%d\n", len args);
}
