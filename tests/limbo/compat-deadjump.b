# compat-deadjump -- a function that ends in if/else arms that all return,
# last in the module: the jump over the else arm is dead code and must not
# branch past the end of the program (Inferno's strings.b isprint)
implement Compatdeadjump;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatdeadjump: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%d %d %d %d\n", isprint('a'), isprint('\n'), isprint(16r263A), sign(-5));
}

sign(x: int): int
{
	if(x < 0)
		return -1;
	else if(x > 0)
		return 1;
	else
		return 0;
}

isprint(r: int): int
{
	if(r >= ' ' && r < 16r7f || r > 16ra0)
		return 1;
	else
		return 0;
}
