# cycle -- allocate in a cycle of block sizes, holding a megabyte
# of each size at a time, then let it all go: the Dis heap's pool must
# come back near where it started (its chunks go back to the kernel
# when the collector finds them empty).
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
	peak := 0;
	for(size := 8; size <= 2048; size += 40){
			held: list of array of byte;
			for(n := 0; n < 1024*1024; n += size)
				held = array[size] of byte :: held;
			t := poolfig("heap", "total");
			if(t > peak)
				peak = t;
			held = nil;
		}
	# the idle collector finishes its cycles while this one sleeps
	sys->sleep(500);
	t1 := poolfig("heap", "total");
	sys->print("grew by more than 20 MB: %d\n", peak-t0 > 20*1024*1024);
	sys->print("back within 10%%: %d\n", t1 <= t0+t0/10);
	if(t1 > t0+t0/10)
		sys->print("start %d peak %d end %d\n", t0, peak, t1);
}
