# pwd -- print the working directory

implement Pwd;

include "sys.m";
	sys: Sys;
include "draw.m";

Pwd: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(argv != nil && tl argv != nil){
		sys->fprint(sys->fildes(2), "usage: pwd\n");
		raise "fail:usage";
	}
	fd := sys->open(".", Sys->OREAD);
	if(fd == nil){
		sys->fprint(sys->fildes(2), "pwd: %r\n");
		raise "fail:open";
	}
	dir := sys->fd2path(fd);
	if(dir == nil){
		sys->fprint(sys->fildes(2), "pwd: %r\n");
		raise "fail:fd2path";
	}
	sys->print("%s\n", dir);
}
