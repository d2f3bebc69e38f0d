# vm-gcbig -- big arrays of pointers are scanned a piece at a time while the program
# keeps storing into them (write barrier); cyclic big arrays are collected
implement Vmgcbig;
include "sys.m";
	sys: Sys;
include "draw.m";
Vmgcbig: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};
Node: adt {
	a: cyclic array of ref Node;
	s: string;
};
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	keep := array[100000] of string;
	for(i := 0; i < len keep; i++)
		keep[i] = "s" + string i;
	for(r := 0; r < 200; r++){
		n := ref Node(array[50000] of ref Node, "x");
		for(i = 0; i < len n.a; i += 7)
			n.a[i] = n;
		for(i = 0; i < len keep; i += 1000)
			keep[i] = "t" + string (i+r);
	}
	tot := 0;
	for(i = 0; i < len keep; i++)
		tot += len keep[i];
	sys->print("tot %d %s %s\n", tot, keep[0], keep[99999]);
}
