implement Ballast;

# ballast -- hold a heap of realistic size while the benchmarks run, so
# that each epoch of the collector has as much to mark as on the
# paper's system (a window system and its applications): the idle
# collector's 3 epochs then take milliseconds, as the paper's did.
# usage: ballast [nodes]	(about 100 bytes a node; default 20000)

include "sys.m";
	sys: Sys;
include "draw.m";

Ballast: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Node: adt
{
	next:	cyclic ref Node;
	data:	array of byte;
	name:	string;
};

heap: ref Node;		# global, so live until the machine stops

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	n := 20000;
	if(argv != nil && tl argv != nil)
		n = int hd tl argv;
	if(n < 0){
		sys->fprint(sys->fildes(2), "usage: ballast [nodes]\n");
		raise "fail:usage";
	}
	for(i := 0; i < n; i++)
		heap = ref Node(heap, array[64] of byte, "node");
	# asleep in the kernel, as most of a quiet system's threads are
	for(;;)
		sys->sleep(1000000);
}
