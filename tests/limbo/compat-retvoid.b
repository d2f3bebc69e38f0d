# compat-retvoid -- return f(); in a function of no value, when f has no
# value either, calls f and returns
implement Compatretvoid;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatretvoid: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

show(s: string)
{
	sys->print("show %s\n", s);
}

twice(s: string)
{
	show(s);
	return show(s+s);
}

init(nil: ref Draw->Context, args: list of string)
{
	sys = load Sys Sys->PATH;
	if(args != nil)
		return twice("ab");
	sys->print("not reached\n");
}
