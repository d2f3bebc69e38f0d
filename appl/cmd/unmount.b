# unmount -- undo a bind

implement Unmount;

include "sys.m";
	sys: Sys;
include "draw.m";

Unmount: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(argv != nil)
		argv = tl argv;
	src, target: string;
	case len argv {
	1 =>
		target = hd argv;
	2 =>
		src = hd argv;
		target = hd tl argv;
	* =>
		sys->fprint(sys->fildes(2), "usage: unmount [source] target\n");
		raise "fail:usage";
	}
	if(sys->unmount(src, target) < 0){
		if(src != nil)
			sys->fprint(sys->fildes(2), "unmount: %s from %s: %r\n", src, target);
		else
			sys->fprint(sys->fildes(2), "unmount: %s: %r\n", target);
		raise "fail:unmount";
	}
}
