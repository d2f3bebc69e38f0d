implement Emuargs;

# emu-args -- emu passes its arguments after the .dis file as argv, the file first

include "sys.m";
	sys: Sys;
include "draw.m";

Emuargs: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%d", len argv);
	for(argv = tl argv; argv != nil; argv = tl argv)
		sys->print(" [%s]", hd argv);
	sys->print("\n");
}
