# an init declared to return a value writes it through the first
# frame's return pointer, which the host points at scratch space
# (Inferno's lego/rcxsend: init(...): string, ending in sys->sprint)
implement Initret;

include "sys.m";
	sys: Sys;

Initret: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string): string;
};

include "draw.m";

init(nil: ref Draw->Context, nil: list of string): string
{
	sys = load Sys Sys->PATH;
	sys->print("before\n");
	return sys->sprint("returned %d", 42);
}
