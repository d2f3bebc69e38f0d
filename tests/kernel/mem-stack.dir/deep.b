# deep -- 16 threads recurse at once until memory runs out: each gets
# an "out of memory" exception (heap or stack), the others and the
# shell go on, and the Dis heap's pool comes back once they are gone.
implement Deep;

include "sys.m";
	sys: Sys;
include "draw.m";

Deep: module
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
	done := chan of string;
	for(i := 0; i < 16; i++)
		spawn deep(done);
	oom := 0;
	for(i = 0; i < 16; i++)
		if(len (e := <-done) >= 13 && e[0:13] == "out of memory")
			oom++;
	sys->print("threads out of memory: %d\n", oom);
	# the idle collector gives the chunks back while this one sleeps
	t1 := poolfig("heap", "total");
	for(i = 0; i < 50 && t1 > t0+t0/10; i++){
		sys->sleep(100);
		t1 = poolfig("heap", "total");
	}
	sys->print("heap pool back within 10%%: %d\n", t1 <= t0+t0/10);
	if(t1 > t0+t0/10)
		sys->print("heap pool %d then %d\n", t0, t1);
}

deep(done: chan of string)
{
	{
		rec(0);
	}exception e{
	"*" =>
		done <-= e;
	}
}

rec(n: int): int
{
	a := array[16] of int;
	return rec(n+1)+a[0];
}
