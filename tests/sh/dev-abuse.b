implement Devabuse;

# dev-abuse: odd and huge reads and writes on every device file a
# program can reach; the kernel answers each with a count or an error
# and carries on.

include "sys.m";
	sys: Sys;
include "draw.m";

Devabuse: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

big1m := array[1<<20] of byte;	# read into
junk64 := array[65536] of byte;	# written

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	for(i := 0; i < len junk64; i++)
		junk64[i] = byte (i*7+3);
	for(argv = tl argv; argv != nil; argv = tl argv)
		abuse(hd argv);
	sys->print("done\n");
}

res(n: int): string
{
	if(n < 0)
		return sys->sprint("%r");
	return "ok";
}

abuse(f: string)
{
	r := "";
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		r += sys->sprint(" open-r:%r");
	else{
		r += " read1m:" + res(sys->read(fd, big1m[0:], len big1m));
		r += " read0:" + res(sys->read(fd, big1m[0:0], 0));
		r += " pread-far:" + res(sys->pread(fd, big1m, 100, big 1<<40));
		r += " pread-neg:" + res(sys->pread(fd, big1m, 100, big -5));
		r += " seek-neg:" + res(int sys->seek(fd, big -10, Sys->SEEKSTART));
		fd = nil;
	}
	junk := array of byte "\u00ff\u00fe junk 12345 \u0000 zz";
	fd = sys->open(f, Sys->OWRITE);
	if(fd == nil)
		r += sys->sprint(" open-w:%r");
	else{
		r += " write0:" + res(sys->write(fd, junk, 0));
		r += " writejunk:" + res(sys->write(fd, junk, len junk));
		r += " write64k:" + res(sys->write(fd, junk64, len junk64));
		r += " pwrite-far:" + res(sys->pwrite(fd, junk, len junk, big 1<<40));
		fd = nil;
	}
	sys->print("%s:%s\n", f, r);
}
