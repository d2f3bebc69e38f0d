implement Loadcheck;

# loadcheck -- load each .dis file named on standard input, one path a
# line, and print "ok PATH" or "no PATH: why" (the loader's error).
# Loading is all: nothing is linked or run (the interface asked for
# declares nothing).  It uses no library module, so that a loader that
# refuses one still gets judged.  Used by tests/compat/run.

include "sys.m";
	sys: Sys;
include "draw.m";

Loadcheck: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Nothing: module
{
};

check(path: string)
{
	if((load Nothing path) == nil)
		sys->print("no %s: %r\n", path);
	else
		sys->print("ok %s\n", path);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	stdin := sys->fildes(0);
	buf := array[8192] of byte;
	have := 0;	# bytes of a line not yet ended
	while((n := sys->read(stdin, buf[have:], len buf-have)) > 0){
		have += n;
		start := 0;
		for(i := 0; i < have; i++)
			if(buf[i] == byte '\n'){
				if(i > start)
					check(string buf[start:i]);
				start = i+1;
			}
		buf[0:] = buf[start:have];
		have -= start;
		if(have == len buf){
			sys->fprint(sys->fildes(2), "loadcheck: line too long\n");
			raise "fail:line";
		}
	}
	if(have > 0)
		check(string buf[0:have]);
}
