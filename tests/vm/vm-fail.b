# vm-fail -- a "fail:" exception ends the program quietly, with a failure status
implement Vmfail;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmfail: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("before\n");
	raise "fail:usage";
}
