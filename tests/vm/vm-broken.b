# vm-broken -- an unhandled exception kills only its own thread
implement Vmbroken;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmbroken: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

worker(c: chan of int, n: int)
{
	a := array[2] of int;
	c <-= n;
	a[n] = 1;
	c <-= n+100;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan of int;
	spawn worker(c, 1);
	sys->print("got %d\n", <-c);
	sys->print("got %d\n", <-c);
	spawn worker(c, 5);
	sys->print("got %d\n", <-c);
	sys->sleep(10);
	sys->print("main still here\n");
}
