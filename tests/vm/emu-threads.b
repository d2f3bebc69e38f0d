implement Emuthreads;

# emu-threads -- progs blocked in the host (reading stdin, sleeping) do not stop the others

include "sys.m";
	sys: Sys;
include "draw.m";

Emuthreads: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	out := chan of string;
	spawn reader(out);
	for(i := 1; i <= 5; i++)
		spawn sleeper(500+i*100, out);
	spawn counter(out);
	# the counter finishes while the reader and the sleepers wait in the host
	# (100 ms between them: room for a busy host, QEMU's user mode at load 20)
	sys->print("%s\n", <-out);
	for(i = 1; i <= 5; i++)
		sys->print("%s\n", <-out);
	sys->print("%s\n", <-out);
}

counter(out: chan of string)
{
	n := 0;
	for(i := 0; i < 100000; i++)
		n += i & 1;
	out <-= "counted " + string n;
}

sleeper(ms: int, out: chan of string)
{
	sys->sleep(ms);
	out <-= "slept " + string ms;
}

reader(out: chan of string)
{
	sys->sleep(1200);
	buf := array[100] of byte;
	t := 0;
	while((n := sys->read(sys->fildes(0), buf, len buf)) > 0)
		t += n;
	out <-= "read " + string t;
}
