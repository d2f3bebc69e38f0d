# cycle -- allocate blocks of many sizes, all at once and then one size
# at a time, then let it all go: the Dis heap's pool must
# come back near where it started (its chunks go back to the kernel
# when the collector finds them empty): within 10%, or three chunks
# (64 KB each, one block size a chunk, so a block that lives on, such
# as one of sh's, keeps its chunk) where the pool starts small and full.
implement Cycle;

include "sys.m";
	sys: Sys;
include "draw.m";

Cycle: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

# a number from a pool's line of /dev/alloc
poolfig(pool, what: string): int
{
	fd := sys->open("/dev/alloc", Sys->OREAD);
	if(fd == nil)
		return -1;
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	(nil, lines) := sys->tokenize(string buf[0:n], "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		if(len w < 3 || hd w != "pool" || hd tl w != pool)
			continue;
		for(w = tl tl w; w != nil && tl w != nil; w = tl tl w)
			if(hd w == what)
				return int hd tl w;
	}
	return -1;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	t0 := poolfig("heap", "total");
	# every size at once (the peak does not depend on when the collector
	# runs), then each size in turn
	all: list of list of array of byte;
	for(size := 8; size <= 2048; size += 40){
		held: list of array of byte;
		for(n := 0; n < 256*1024; n += size)
			held = array[size] of byte :: held;
		all = held :: all;
		held = nil;
	}
	peak := poolfig("heap", "total");
	all = nil;
	for(size = 8; size <= 2048; size += 40){
		held: list of array of byte;
		for(n := 0; n < 1024*1024; n += size)
			held = array[size] of byte :: held;
		held = nil;
	}
	# the idle collector finishes its cycles while this one sleeps
	slack := t0/10;
	if(slack < 3*64*1024)
		slack = 3*64*1024;
	t1 := poolfig("heap", "total");
	for(i := 0; i < 50 && t1 > t0+slack; i++){
		sys->sleep(100);
		t1 = poolfig("heap", "total");
	}
	sys->print("grew by more than 10 MB: %d\n", peak-t0 > 10*1024*1024);
	sys->print("back within 10%% or 3 chunks: %d\n", t1 <= t0+slack);
	if(t1 > t0+slack)
		sys->print("start %d peak %d end %d\n", t0, peak, t1);
}
