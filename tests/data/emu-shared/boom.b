# boom -- for sh/emu-shared: ends as its argument says: "ok" prints its
# other arguments, one a line, and its input; "fail" raises fail:bad,
# "boom" an exception that is not a failure, "hang" never ends, "late"
# returns leaving a thread that prints "late" a little later
implement Boom;

include "sys.m";
	sys: Sys;
include "draw.m";

Boom: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	argv = tl argv;
	what := hd argv;
	sys->fprint(sys->fildes(2), "boom: %s\n", what);
	case what {
	"ok" =>
		for(argv = tl argv; argv != nil; argv = tl argv)
			sys->print("%s\n", hd argv);
		buf := array[100] of byte;
		while((n := sys->read(sys->fildes(0), buf, len buf)) > 0)
			sys->write(sys->fildes(1), buf, n);
	"fail" =>
		raise "fail:bad";
	"hang" =>
		sys->sleep(1000000);
	"late" =>
		spawn late();
	* =>
		raise "boom";
	}
}

late()
{
	sys->sleep(300);
	sys->print("late\n");
}
