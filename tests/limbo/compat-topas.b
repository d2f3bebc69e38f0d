# compat-topas -- a global declared, then given its value by a top-level
# assignment (Inferno's name = exp;); a function declared before it is
# defined and called in between
implement Compattopas;

include "sys.m";
	sys: Sys;
include "draw.m";

Compattopas: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

names: array of string;
count: int;
half: fn(n: int): int;

names = array[] of {"a", "b", "c"};
count = 3*7;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%d %s %d\n", len names, names[2], half(count));
}

half(n: int): int
{
	return n/2;
}
