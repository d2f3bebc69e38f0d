implement Profrun;

# prof -- run a command with the Dis profiler (prof(3)) on: profrun
# mode cmd args, mode off, sampling, coverage (this thread, which runs
# cmd, and what it spawns) or memory; for tests/bench/prof.

include "sys.m";
	sys: Sys;
include "draw.m";

Profrun: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Command: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(ctxt: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(len argv < 3){
		sys->fprint(sys->fildes(2), "usage: prof off|sampling|coverage|memory cmd [args]\n");
		raise "fail:usage";
	}
	argv = tl argv;
	mode := hd argv;
	argv = tl argv;
	c := load Command hd argv;
	if(c == nil){
		sys->fprint(sys->fildes(2), "prof: cannot load %s: %r\n", hd argv);
		raise "fail:load";
	}
	ctl := sys->open("#P/ctl", Sys->OWRITE);
	case mode {
	"sampling" =>	word(ctl, "start");
	"coverage" =>	word(ctl, "startcp " + string sys->pctl(0, nil));
	"memory" =>	word(ctl, "startmp2");
	"off" =>	;
	* =>	raise "fail:usage";
	}
	c->init(ctxt, argv);
	word(ctl, "end");
}

word(fd: ref Sys->FD, s: string)
{
	if(sys->fprint(fd, "%s", s) < 0){
		sys->fprint(sys->fildes(2), "prof: %s: %r\n", s);
		raise "fail:ctl";
	}
}
