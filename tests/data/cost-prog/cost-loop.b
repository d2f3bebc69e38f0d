implement Costloop;

# cost-loop -- a fixed program for cost(1)'s tests, with known counts

include "sys.m";
	sys: Sys;
include "draw.m";

Costloop: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

NREP: con 10;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(len argv > 1)
		raise "fail:" + hd tl argv;
	t := 0;
	for(i := 0; i < NREP; i++)
		t += sq(i);
	s := "sum";
	sys->print("%s %d of %d squares\n",
		s, t, NREP);
}

# sq is called NREP times
sq(x: int): int
{
	return x*x;
}
