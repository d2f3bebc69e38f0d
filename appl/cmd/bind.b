# bind -- change the name space: bind source onto target

implement Bind;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Bind: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	arg := load Arg Arg->PATH;
	if(arg == nil){
		sys->fprint(sys->fildes(2), "bind: cannot load %s: %r\n", Arg->PATH);
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("bind [-a|-b|-r] [-cq] source target");
	flag := Sys->MREPL;
	create := 0;
	quiet := 0;
	while((c := arg->opt()) != 0)
		case c {
		'a' =>
			flag = Sys->MAFTER;
		'b' =>
			flag = Sys->MBEFORE;
		'r' =>
			flag = Sys->MREPL;
		'c' =>
			create = Sys->MCREATE;
		'q' =>
			quiet = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(len argv != 2)
		arg->usage();
	arg = nil;
	if(sys->bind(hd argv, hd tl argv, flag|create) < 0){
		if(!quiet)
			sys->fprint(sys->fildes(2), "bind: cannot bind %s on %s: %r\n", hd argv, hd tl argv);
		raise "fail:bind";
	}
}
