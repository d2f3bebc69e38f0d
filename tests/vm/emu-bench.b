implement Emubench;

# emu-bench -- $Bench on emu: the microsecond and nanosecond clock, reset, collector switch, raw read

include "sys.m";
	sys: Sys;
include "draw.m";
include "bench.m";
	bench: Bench;

Emubench: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bench = load Bench Bench->PATH;
	if(bench == nil){
		sys->print("load Bench: %r\n");
		raise "fail:load";
	}
	bench->reset();
	t0 := bench->microsec();
	sys->sleep(20);
	t1 := bench->microsec();
	sys->print("reset small %d\n", t0 < big 10000);
	sys->print("20ms %d\n", t1 - t0 >= big 20000 && t1 - t0 < big 1000000);
	# nanosec: one clock with microsec, never going back
	bench->reset();
	n0 := bench->nanosec();
	u := bench->microsec();
	n1 := bench->nanosec();
	sys->print("nanosec base %d\n", n0 >= big 0 && n0 < big 10000000 && n0/big 1000 <= u && u <= n1/big 1000);
	mono := 1;
	for(i := 0; i < 1000; i++){
		n2 := bench->nanosec();
		if(n2 < n1)
			mono = 0;
		n1 = n2;
	}
	sys->sleep(20);
	sys->print("nanosec monotonic %d 20ms %d\n", mono, bench->nanosec() - n1 >= big 20000000);
	bench->disablegc();
	for(i = 0; i < 1000; i++)
		a := array[100] of byte;
	bench->enablegc();
	bench->enablegc();
	fd := sys->open("/dev/null", Sys->OREAD);
	buf := array[10] of byte;
	sys->print("read %d\n", bench->read(ref Bench->FD(fd.fd), buf, len buf));
	sys->werrstr("clean");
	sys->print("read nil %d: %r\n", bench->read(nil, buf, len buf));
	# a failed read sets the error string, as sys->read does
	wfd := sys->open("/dev/null", Sys->OWRITE);
	sys->werrstr("clean");
	sys->print("sys read write-only %d: %r\n", sys->read(wfd, buf, len buf));
	sys->werrstr("clean");
	sys->print("bench read write-only %d: %r\n", bench->read(ref Bench->FD(wfd.fd), buf, len buf));
	sys->print("read nil buf %d\n", bench->read(ref Bench->FD(fd.fd), nil, 10));
	sys->print("read n -1 %d\n", bench->read(ref Bench->FD(fd.fd), buf, -1));
}
