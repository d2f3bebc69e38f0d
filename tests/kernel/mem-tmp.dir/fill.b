# fill -- write a file in each directory named until the write fails,
# keeping them, and say how many whole megabytes each took: private RAM
# file systems together larger than what all trees may hold end with
# "tmp memory full" (or "file system full"), never a panic or a kernel
# out of memory
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
		sys->print("%s: %d MB: %s\n", hd argv, tot>>20, sys->sprint("%r"));
	}
}
