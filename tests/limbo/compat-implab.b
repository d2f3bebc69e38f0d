# compat-implab -- implement A, B: the functions of both modules are
# defined and linked (init once), so the module loads as either
implement Compatimplab, Compatimplb;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatimplab: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	twice:	fn(n: int): int;
};

Compatimplb: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	greet:	fn(s: string): string;
	K:	con 3;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	b := load Compatimplb "$self";
	a := load Compatimplab "$self";
	if(a == nil || b == nil){
		sys->print("cannot load myself: %r\n");
		return;
	}
	sys->print("%s %d %d\n", b->greet("b"), a->twice(K), twice(2));
}

twice(n: int): int
{
	return 2*n;
}

greet(s: string): string
{
	return "hello "+s;
}
