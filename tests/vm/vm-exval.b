# vm-exval -- exception values in sys->print's %s: a declared exception
# prints its name; a value of any other type passed to %s prints as ""
implement Vmexval;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmexval: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Num: adt {
	n:	int;
	m:	int;
};

Bad: exception(int);

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	{
		raise Bad(3);
	} exception e {
	* =>
		sys->print("[%s]\n", e);
	}
	{
		raise "plain";
	} exception e {
	* =>
		sys->print("[%s]\n", e);
	}
	sys->print("[%s]\n", ref Num(16r41, 0));
	sys->print("[%s]\n", array[4] of int);
}
