# tmpfill -- the RAM file system at its limits: a write at an offset
# near 2^63, and a tree filled to its limit, give errors and leave the
# file as it was; /dev/alloc shows the memory a file takes.
implement Tmpfill;

include "sys.m";
	sys: Sys;
include "draw.m";

Tmpfill: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

# bytes the main pool has in use, from /dev/alloc
inuse(): big
{
	fd := sys->open("/dev/alloc", Sys->OREAD);
	if(fd == nil)
		return big -1;
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	(nil, lines) := sys->tokenize(string buf[0:n], "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		if(len w > 4 && hd w == "pool" && hd tl w == "main")
			return big hd tl tl tl w;
	}
	return big -1;
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	dir := hd tl argv;
	f := dir+"/f";
	fd := sys->create(f, Sys->ORDWR, 8r666);
	if(fd == nil){
		sys->print("create %s: %r\n", f);
		raise "fail:create";
	}
	data := array[100] of {* => byte 'a'};
	sys->write(fd, data, len data);
	# near 2^63: off+n would wrap
	off := big 16r7FFFFFFFFFFFFFF0;
	big1 := array[1024*1024] of {* => byte 'b'};
	for(i := 0; i < 3; i++){
		n := sys->pwrite(fd, big1[0:16+i*1024*256], 16+i*1024*256, off-big i);
		sys->print("pwrite near 2^63: %d %r\n", n);
	}
	n := sys->pwrite(fd, data, 1, big -1);
	sys->print("pwrite at -1: %d %r\n", n);
	(ok, d) := sys->fstat(fd);
	sys->print("length %bd\n", d.length);
	buf := array[200] of byte;
	n = sys->pread(fd, buf, len buf, big 0);
	sys->print("read %d, intact %d\n", n, n == 100 && string buf[0:n] == string data);
	# fill: writes go short then fail, the start is unchanged
	before := inuse();
	tot := big 0;
	for(;;){
		n = sys->write(fd, big1, len big1);
		if(n <= 0)
			break;
		tot += big n;
	}
	sys->print("full after %bd MB: %r\n", tot/big (1024*1024));
	n = sys->pread(fd, buf, 100, big 0);
	sys->print("start intact %d\n", n == 100 && string buf[0:n] == string data);
	used := inuse()-before;
	# the memory a file takes is close to its size (within 5%)
	sys->print("memory for the data within 5%%: %d\n", used < tot+tot/big 20 && used > tot-tot/big 20);
	fd = nil;
	sys->remove(f);
	sys->print("memory back within 1%%: %d\n", inuse()-before < tot/big 100);
}
