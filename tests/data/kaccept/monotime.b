# monotime -- /dev/time never goes backwards.
implement Monotime;

include "sys.m";
	sys: Sys;
include "draw.m";

Monotime: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	fd := sys->open("/dev/time", Sys->OREAD);
	if(fd == nil){
		sys->fprint(sys->fildes(2), "monotime: %r\n");
		raise "fail:open";
	}
	buf := array[64] of byte;
	last := big 0;
	for(i := 0; i < 2000; i++){
		n := sys->pread(fd, buf, len buf, big 0);
		t := big string buf[0:n];
		if(t < last){
			sys->print("time went back: %bd after %bd\n", t, last);
			raise "fail:backwards";
		}
		last = t;
		if(i % 100 == 0)
			sys->sleep(1);
	}
	sys->print("monotonic\n");
}
