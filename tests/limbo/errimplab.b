# errimplab -- implement A, B with a function declared differently, an
# implemented name that is no module, a function of B not defined, a
# module with data beside one without
implement Errimplab, Errb, Errc, Nomod;

include "sys.m";
include "draw.m";

Errimplab: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	f:	fn(n: int): int;
};

Errb: module
{
	f:	fn(s: string): int;
	g:	fn();
};

Errc: module
{
	x:	int;
};

Nomod: con 1;

init(nil: ref Draw->Context, nil: list of string)
{
}

f(n: int): int
{
	return n;
}
