implement Fmtunsigned;

# the u flag of sys->print: %ud, %ux, and with b for big (%bud, %bux),
# with widths from * and flags before it

include "sys.m";
	sys: Sys;
include "draw.m";

Fmtunsigned: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("[%bud] [%*bud] [%bd] [%ud] [%*s]\n", big 661, 6, big 7, big 5, 42, -4, "ab");
	sys->print("[%ud] [%ux] [%d]\n", -1, -1, -1);
	sys->print("[%bud] [%bux] [%bd]\n", big -1, big -1, big -1);
	sys->print("[%-8bud] [%08ux]\n", big 12, 255);
}
