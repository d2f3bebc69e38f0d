implement Uncalled;

# a function that is never called and not exported (limbo emits it)
# has a frame of its own: the loader must not check it against the
# frame of the function before it.

include "sys.m";
	sys: Sys;
include "draw.m";

Uncalled: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	n := 3;
	sys->print("ok %d\n", n);
}

# never called: its frame differs from init's
unused(x: list of string): list of string
{
	l: list of string;
	for(; x != nil; x = tl x)
		l = hd x :: l;
	return l;
}
