# handlemain -- for limbo-handles.sh: calls through a handle another module made
implement Handlemain;

include "sys.m";
	sys: Sys;
include "draw.m";
include "handles.m";

Handlemain: module
{
	init:	fn(nil: ref Draw->Context, args: list of string);
};

init(nil: ref Draw->Context, args: list of string)
{
	sys = load Sys Sys->PATH;
	conv := load Conv hd tl args;
	s := conv->getstob();
	sys->print("%s\n", s->stob("x"));
}
