# threads -- 100 spawned threads all finish, and one that faults dies alone.
implement Threads;

include "sys.m";
	sys: Sys;
include "draw.m";

Threads: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Node: adt {
	v:	int;
};

worker(i: int, c: chan of int)
{
	sys->sleep(i % 7);
	c <-= i;
}

faulter(c: chan of int)
{
	n: ref Node;
	c <-= 1;
	c <-= n.v;	# dereference of nil: this thread breaks
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan of int;
	for(i := 0; i < 100; i++)
		spawn worker(i, c);
	sum := 0;
	for(i = 0; i < 100; i++)
		sum += <-c;
	sys->print("100 threads finished, sum %d\n", sum);
	f := chan of int;
	spawn faulter(f);
	<-f;
	sys->sleep(50);
	sys->print("still running\n");
}
