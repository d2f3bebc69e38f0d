# echo -- print arguments

implement Echo;

include "sys.m";
	sys: Sys;
include "draw.m";

Echo: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(argv != nil)
		argv = tl argv;
	nonl := 0;
	if(argv != nil && hd argv == "-n"){
		nonl = 1;
		argv = tl argv;
	}
	s := "";
	for(; argv != nil; argv = tl argv){
		s += hd argv;
		if(tl argv != nil)
			s += " ";
	}
	if(!nonl)
		s += "\n";
	a := array of byte s;
	if(sys->write(sys->fildes(1), a, len a) != len a){
		sys->fprint(sys->fildes(2), "echo: write error: %r\n");
		raise "fail:write error";
	}
}
