implement Loadprec;

# load's operand takes every binary operator, as in Inferno's grammar:
# load T "/a/" + f loads the concatenation.

include "sys.m";
	sys: Sys;
include "draw.m";

Loadprec: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	f := "such";
	m := load Loadprec "/no/" + f + ".dis";
	if(m == nil)
		sys->print("nil: %r\n");
	s := load Sys "$" + "Sys";
	sys->print("%d\n", s != nil);
}
