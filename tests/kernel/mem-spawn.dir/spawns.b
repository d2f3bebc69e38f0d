# spawns -- spawn 100000 threads that wait on a channel: the limit of
# threads in a program (or, were it higher, memory) stops them first,
# and spawn raises an exception in this program (the kernel neither
# panics nor stops); then every thread that was made runs to its end,
# and the memory comes back.
implement Spawns;

include "sys.m";
	sys: Sys;
include "draw.m";

Spawns: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

# a number from a line of /dev/alloc: kind ("pool", "obj") and name
figure(kind, name, what: string): int
{
	fd := sys->open("/dev/alloc", Sys->OREAD);
	if(fd == nil)
		return -1;
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	(nil, lines) := sys->tokenize(string buf[0:n], "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		if(len w < 3 || hd w != kind || hd tl w != name)
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
	main0 := figure("pool", "main", "inuse");
	heap0 := figure("pool", "heap", "inuse");
	go := chan of int;
	done := chan of int;
	n := 0;
	{
		for(; n < 100000; n++)
			spawn worker(go, done);
		sys->print("all 100000 spawned\n");
	}exception e{
	"out of memory*" =>
		# which pool runs out first (stack, main, heap) varies with
		# what else the kernel holds; each is a clean exception
		sys->print("spawn failed: out of memory\n");
	"*" =>
		sys->print("spawn failed: %s\n", e);
	}
	for(i := 0; i < n; i++)
		go <-= i;
	for(i = 0; i < n; i++)
		<-done;
	sys->print("threads made and ended alike: %d\n", n > 1000);
	# the idle collector frees them when the system is idle: under the
	# real clock on a busy host that may take several waits (2 s of
	# them have fallen short in a loaded test run), so up to 8 s
	main1, heap1: int;
	for(k := 0; k < 40; k++){
		sys->sleep(200);
		main1 = figure("pool", "main", "inuse");
		heap1 = figure("pool", "heap", "inuse");
		if(main1 < main0+main0/10 && heap1 < heap0+heap0/10)
			break;
	}
	sys->print("pools back within 10%%: %d\n", main1 < main0+main0/10 && heap1 < heap0+heap0/10);
	if(main1 >= main0+main0/10 || heap1 >= heap0+heap0/10)
		sys->print("main %d -> %d, heap %d -> %d\n", main0, main1, heap0, heap1);
}

worker(go, done: chan of int)
{
	<-go;
	done <-= 1;
}
