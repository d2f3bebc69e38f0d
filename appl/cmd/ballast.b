implement Ballast;

# ballast -- hold a heap of realistic size in a thread of its own, so
# that every epoch of the collector has as much to mark as on the
# paper's system (a window system and its applications).  bench -H
# holds the same heap inside bench; this one is built before an
# experiment starts, so that a profile of the experiment (kprof(1))
# does not see the allocation and its collection.

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

Maxnodes:	con 1000000;

heap: ref Node;		# global: every epoch of the collector marks it

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	n := 20000;
	if(argv != nil)
		argv = tl argv;
	if(argv != nil){
		(v, rest) := str2int(hd argv);
		if(tl argv != nil || rest != nil || v < 0 || v > Maxnodes){
			sys->fprint(sys->fildes(2), "usage: ballast [nodes]	(0 to %d)\n", Maxnodes);
			raise "fail:usage";
		}
		n = v;
	}
	for(i := 0; i < n; i++)
		heap = ref Node(heap, array[64] of byte, "node");
	# asleep in the kernel, as most of a quiet system's threads are
	for(;;)
		sys->sleep(1000000);
}

# str2int: the decimal number s, and what follows it ("" if nothing)
str2int(s: string): (int, string)
{
	if(s == nil)
		return (-1, "");
	v := 0;
	for(i := 0; i < len s; i++){
		c := s[i];
		if(c < '0' || c > '9')
			return (v, s[i:]);
		if(v > Maxnodes)
			return (-1, nil);
		v = 10*v + c - '0';
	}
	return (v, nil);
}
