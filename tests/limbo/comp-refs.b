implement Comprefs;

# comp-refs -- pointer moves in loops keep exact reference counts: what
# the heap holds after them (#g/gcstat's inuse, no collection between)
# is the same with emu -c0 and -c1

include "sys.m";
	sys: Sys;
include "draw.m";

Comprefs: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Pt: adt
{
	x, y: int;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	buf := array[8000] of byte;
	fd := sys->open("#g/gcstat", Sys->OREAD);
	n0 := inuse(fd, buf);
	a := ref Pt(1, 2);
	b := ref Pt(4, 5);
	s := "s";
	for(i := 0; i < 5000; i++){
		t := a;
		a = b;
		b = t;
		a.x += i;
		if(i % 100 == 0){
			b = ref Pt(i, i);
			s += "t";
		}
		c := a;
		c = nil;
		u := s;
		s = u;
		u = nil;
	}
	t := a;
	a = nil;
	n1 := inuse(fd, buf);
	sys->print("%d %d %d %d\n", t.x, b.x, len s, n1-n0);
}

# the heap's inuse bytes, from a fresh snapshot
inuse(fd: ref Sys->FD, buf: array of byte): int
{
	n := sys->pread(fd, buf, len buf, big 0);
	(nil, l) := sys->tokenize(string buf[0:n], " \n");
	for(; l != nil; l = tl l)
		if(hd l == "inuse")
			return int hd tl l;
	return -1;
}
