# vm-heapfull -- filling the 32 MB heap raises "out of memory: heap", which can be
# caught; freeing long lists and chains does not overflow the C stack
implement Vmheapfull;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmheapfull: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Cell: adt {
	next:	ref Cell;
	v:	int;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	l: list of array of byte;
	n := 0;
	{
		for(;;){
			l = array[1000] of byte :: l;
			n++;
		}
	} exception e {
	"*" =>
		l = nil;
		sys->print("caught %s after %d\n", e, n > 1000);
	}
	c: ref Cell;
	for(i := 0; i < 500000; i++)
		c = ref Cell(c, i);
	c = nil;
	il: list of int;
	for(i = 0; i < 600000; i++)
		il = i :: il;
	sys->print("built %d\n", len il);
	il = nil;
	l2: list of string;
	for(;;){
		l2 = "abcdefghijklmnopqrstuvwxyz" + string n :: l2;
		n++;
	}
}
