# cat -- concatenate files onto standard output

implement Cat;

include "sys.m";
	sys: Sys;
include "draw.m";

Cat: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	if(argv != nil)
		argv = tl argv;
	if(argv == nil)
		argv = "-" :: nil;
	out := sys->fildes(1);
	status := "";
	for(; argv != nil; argv = tl argv){
		name := hd argv;
		fd: ref Sys->FD;
		if(name == "-")
			fd = sys->fildes(0);
		else
			fd = sys->open(name, Sys->OREAD);
		if(fd == nil){
			sys->fprint(stderr, "cat: cannot open %s: %r\n", name);
			status = "bad open";
			continue;
		}
		if(!copy(fd, out, name))
			status = "error";
	}
	if(status != "")
		raise "fail:" + status;
}

copy(in, out: ref Sys->FD, name: string): int
{
	buf := array[Sys->ATOMICIO] of byte;
	for(;;){
		n := sys->read(in, buf, len buf);
		if(n == 0)
			return 1;
		if(n < 0){
			sys->fprint(stderr, "cat: error reading %s: %r\n", name);
			return 0;
		}
		if(sys->write(out, buf, n) != n){
			sys->fprint(stderr, "cat: write error: %r\n");
			raise "fail:write error";
		}
	}
}
