# fill -- write a file in each directory named until the write fails,
# keeping them: private RAM file systems together larger than memory
# end with "out of memory" (or "file system full"), never a panic
implement Fill;

include "sys.m";
	sys: Sys;
include "draw.m";

Fill: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	buf := array[1024*1024] of {* => byte 'x'};
	for(argv = tl argv; argv != nil; argv = tl argv){
		fd := sys->create(hd argv+"/big", Sys->OWRITE, 8r666);
		if(fd == nil){
			sys->print("%s: create: %r\n", hd argv);
			continue;
		}
		tot := 0;
		while((n := sys->write(fd, buf, len buf)) > 0)
			tot += n;
		sys->print("%s: %s\n", hd argv, sys->sprint("%r"));
	}
}
