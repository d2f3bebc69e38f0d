# tee -- copy standard input to standard output and to files

implement Tee;

include "sys.m";
	sys: Sys;
include "draw.m";

Tee: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr := sys->fildes(2);
	if(argv != nil)
		argv = tl argv;
	append := 0;
	if(argv != nil && hd argv == "-a"){
		append = 1;
		argv = tl argv;
	}
	status := "";
	fds := sys->fildes(1) :: nil;
	for(; argv != nil; argv = tl argv){
		fd: ref Sys->FD;
		if(append && (fd = sys->open(hd argv, Sys->OWRITE)) != nil)
			sys->seek(fd, big 0, Sys->SEEKEND);
		else
			fd = sys->create(hd argv, Sys->OWRITE, 8r666);
		if(fd == nil){
			sys->fprint(stderr, "tee: cannot open %s: %r\n", hd argv);
			status = "open error";
			continue;
		}
		fds = fd :: fds;
	}
	buf := array[Sys->ATOMICIO] of byte;
	while((n := sys->read(sys->fildes(0), buf, len buf)) > 0)
		for(l := fds; l != nil; l = tl l)
			if(sys->write(hd l, buf, n) != n){
				sys->fprint(stderr, "tee: write error: %r\n");
				raise "fail:write error";
			}
	if(n < 0){
		sys->fprint(stderr, "tee: read error: %r\n");
		raise "fail:read error";
	}
	if(status != "")
		raise "fail:" + status;
}
