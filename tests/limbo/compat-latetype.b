# compat-latetype -- a module declaration that uses types imported, and a
# module variable declared, later in the file (ref FD, Context, an
# adt from an import)
implement Compatlatetype;

include "draw.m";

Compatlatetype: module
{
	init:	fn(ctxt: ref Context, nil: list of string);
	fdno:	fn(fd: ref FD, d: ref Dir): int;
};

include "sys.m";
	sys: Sys;
	FD, Dir: import Sys;
	Context: import Draw;

init(nil: ref Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	d := ref Dir;
	d.name = "x";
	sys->print("%d\n", fdno(sys->fildes(1), d));
}

fdno(fd: ref FD, d: ref Dir): int
{
	if(fd == nil)
		return -1;
	return 1 + len d.name;
}
