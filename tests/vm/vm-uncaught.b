# vm-uncaught -- an unhandled fault in the main thread prints Broken and fails
implement Vmuncaught;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmuncaught: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("before\n");
	l: list of string;
	sys->print("%s\n", hd l);
}
