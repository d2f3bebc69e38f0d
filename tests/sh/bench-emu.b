implement Benchemu;

# bench-emu: four threads read /dev/bdata through one fd at once,
# each from offset 0 with pread; every copy is the whole result

include "sys.m";
	sys: Sys;
include "draw.m";

Benchemu: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->bind("#x", "/dev", Sys->MBEFORE);
	ctl := sys->open("/dev/bctl", Sys->OWRITE);
	if(ctl == nil || sys->fprint(ctl, "gc sched 500") < 0){
		sys->print("gc sched: %r\n");
		raise "fail:ctl";
	}
	fd := sys->open("/dev/bdata", Sys->OREAD);
	c := chan of string;
	for(i := 0; i < 4; i++)
		spawn reader(fd, c);
	s := <-c;
	same := 1;
	for(i = 1; i < 4; i++)
		if(<-c != s)
			same = 0;
	if(len s < 100 || s[0:9] != "# warmup ")
		same = 0;
	sys->print("readers: 4 copies, %s\n", (array[] of {"not alike", "all alike"})[same]);
}

reader(fd: ref Sys->FD, c: chan of string)
{
	s := "";
	b := array[100] of byte;
	off := big 0;
	while((n := sys->pread(fd, b, len b, off)) > 0){
		s += string b[0:n];
		off += big n;
	}
	c <-= s;
}
