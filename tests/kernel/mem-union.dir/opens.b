# opens -- opens through the /dev union, of a name one member has and
# of one none has, leave the kernel's main pool where it was (the leak
# was a Chan per union member lacking the name: 2000 opens, 1.5 MB)
implement Opens;

include "sys.m";
	sys: Sys;
include "draw.m";

Opens: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

# a number from a line of /dev/alloc: kind ("pool", "obj") and name
figure(kind, name, what: string): int
{
	fd := sys->open("/dev/alloc", Sys->OREAD);
	if(fd == nil)
		return -1;
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	(nil, lines) := sys->tokenize(string buf[0:n], "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		if(len w < 3 || hd w != kind || hd tl w != name)
			continue;
		for(w = tl tl w; w != nil && tl w != nil; w = tl tl w)
			if(hd w == what)
				return int hd tl w;
	}
	return -1;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	# warm up: the first opens and reads allocate what stays (free lists)
	for(i := 0; i < 10; i++){
		sys->open("/dev/null", Sys->OREAD);
		sys->open("/dev/nonexistent", Sys->OREAD);
		figure("pool", "main", "inuse");
	}
	m0 := figure("pool", "main", "inuse");
	c0 := figure("obj", "Chan", "inuse");
	p0 := figure("obj", "Path", "inuse");
	bad := 0;
	for(i = 0; i < 2000; i++){
		if(sys->open("/dev/null", Sys->OREAD) == nil)
			bad++;
		if(sys->open("/dev/nonexistent", Sys->OREAD) != nil)
			bad++;
	}
	m1 := figure("pool", "main", "inuse");
	sys->print("opens as expected: %d\n", bad == 0);
	sys->print("Chans in use: %+d, Paths in use: %+d\n",
		figure("obj", "Chan", "inuse")-c0, figure("obj", "Path", "inuse")-p0);
	# freed Chans wait on a free list, still in the pool: a few may join it
	sys->print("main pool where it was: %d\n", m1-m0 < 8192 && m0-m1 < 8192);
	if(m1-m0 >= 8192 || m0-m1 >= 8192)
		sys->print("main pool in use: %d then %d\n", m0, m1);
}
