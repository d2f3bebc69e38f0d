implement Tbase;

# tbase -- timings for compare(8)'s tests while the kernel has no bench
# device: the microsecond clock /dev/time stands in for /dev/busec.
#	TBASE	two consecutive reads of /dev/time (bench's BASE, on cons)
#	LOOP	a loop of 10000 additions and calls, timed by /dev/time
# usage: tbase [n]	n observations of each, default 200

include "sys.m";
	sys: Sys;
include "draw.m";

Tbase: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

fd: ref Sys->FD;
buf := array[64] of byte;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	n := 200;
	if(argv != nil && tl argv != nil)
		n = int hd tl argv;
	fd = sys->open("/dev/time", Sys->OREAD);
	if(fd == nil){
		sys->fprint(sys->fildes(2), "tbase: cannot open /dev/time: %r\n");
		raise "fail:open";
	}
	s := "TBASE:1l:Observation:n:Time:us";
	for(i := 0; i < n; i++){
		t0 := now();
		t1 := now();
		s += " " + string (t1 - t0);
	}
	sys->print("%s\n", s);
	s = "LOOP:1l:Observation:n:Time:us";
	for(i = 0; i < n; i++){
		t0 := now();
		x := 0;
		for(j := 0; j < 10000; j++)
			x = f(x, j);
		t1 := now();
		s += " " + string (t1 - t0);
	}
	sys->print("%s\n", s);
}

f(x, j: int): int
{
	return x + j;
}

now(): big
{
	k := sys->pread(fd, buf, len buf, big 0);
	if(k <= 0)
		raise "fail:read /dev/time";
	return big string buf[0:k];
}
