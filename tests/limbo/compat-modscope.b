# compat-modscope -- a file declaring the implemented module and another
# module with members of the same names (bufio.m's Bufio and ChanFill both
# have PATH), the other module naming the implemented one's types
implement Compatmodscope;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatmodscope: module
{
	PATH:	con "/dis/compatmodscope.dis";
	T: adt {
		x:	int;
		f:	fn(t: self ref T, o: Other): string;
	};
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Other: module
{
	PATH:	con "/dis/other.dis";
	T:	type string;
	g:	fn(t: ref Compatmodscope->T): T;
};

T.f(t: self ref T, o: Other): string
{
	if(o == nil)
		return "nil module";
	return o->g(t);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	t := ref T(7);
	s: Other->T = t.f(nil);
	sys->print("%s %s %s %d\n", PATH, Other->PATH, s, t.x);
}
