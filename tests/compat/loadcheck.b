implement Loadcheck;

# loadcheck -- load each .dis file named on standard input, one path a
# line, and print "ok PATH" or "no PATH: why" (the loader's error).
# Loading is all: nothing is linked or run (the interface asked for
# declares nothing).  Used by tests/compat/run.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

Loadcheck: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Nothing: module
{
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	in := bufio->fopen(sys->fildes(0), Bufio->OREAD);
	out := bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	while((path := in.gets('\n')) != nil){
		if(path[len path-1] == '\n')
			path = path[0:len path-1];
		if((load Nothing path) == nil)
			out.puts(sys->sprint("no %s: %r\n", path));
		else
			out.puts("ok " + path + "\n");
	}
	out.flush();
}
