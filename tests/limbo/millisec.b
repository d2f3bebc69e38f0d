implement Millisec;

# Sys->millisec on emu, which skips the clock's read when the TSC shows
# the millisecond unchanged (emu/os.c): in two threads taking turns its
# values never go back and do move, and a sleep of 50 ms shows as at
# least 50.

include "sys.m";
	sys: Sys;
include "draw.m";

Millisec: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

N: con 300000;

check(done: chan of string)
{
	last := sys->millisec();
	steps := 0;
	for(i := 0; i < N; i++){
		t := sys->millisec();
		if(t < last){
			done <-= sys->sprint("went back: %d after %d", t, last);
			return;
		}
		if(t > last)
			steps++;
		last = t;
	}
	if(steps == 0){
		done <-= "never moved";
		return;
	}
	done <-= nil;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	done := chan of string;
	spawn check(done);
	spawn check(done);
	for(k := 0; k < 2; k++)
		if((e := <-done) != nil)
			sys->print("fail: %s\n", e);
	sys->print("monotonic\n");
	for(k = 0; k < 3; k++){
		t0 := sys->millisec();
		sys->sleep(50);
		d := sys->millisec() - t0;
		if(d < 50)
			sys->print("fail: slept 50, millisec moved %d\n", d);
	}
	sys->print("sleep\n");
}
