implement Emuexit;

# emu-exit -- a program that fails: emu exits with status 1; fail: is quiet

include "sys.m";
	sys: Sys;
include "draw.m";

Emuexit: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("before\n");
	raise "fail:boom";
}
