# vm-spawnmany -- 20000 threads blocked sending on one channel (queues are O(1))
implement Vmspawnmany;
include "sys.m";
	sys: Sys;
include "draw.m";
Vmspawnmany: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};
worker(c: chan of int, i: int)
{
	c <-= i;
}
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan of int;
	n := 20000;
	for(i := 0; i < n; i++)
		spawn worker(c, i);
	s := 0;
	for(i = 0; i < n; i++)
		s += <-c;
	sys->print("sum %d\n", s);
}
