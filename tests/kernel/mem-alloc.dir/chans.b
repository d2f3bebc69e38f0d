# chans -- /dev/alloc's object counters with known answers: hold K files
# open (K Chans and their K Paths in use), then close them (back to
# where they were); pipes hold two Queues each.
implement Chans;

include "sys.m";
	sys: Sys;
include "draw.m";

Chans: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

K: con 100;

# the figures of an obj line of /dev/alloc: inuse, allocs, frees
obj(name: string): (int, int, int)
{
	fd := sys->open("/dev/alloc", Sys->OREAD);
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	(nil, lines) := sys->tokenize(string buf[0:n], "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		if(len w >= 8 && hd w == "obj" && hd tl w == name){
			w = tl tl w;
			return (int hd tl w, int hd tl tl tl w, int hd tl tl tl tl tl w);
		}
	}
	return (-1, -1, -1);
}

# K open files (in a function of its own: no temporary of init's holds one)
openall(): array of ref Sys->FD
{
	fds := array[K] of ref Sys->FD;
	for(i := 0; i < K; i++)
		fds[i] = sys->open("/n/local/chans.dis", Sys->OREAD);
	return fds;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	obj("Chan");	# the first read allocates what stays
	(c0, ca0, cf0) := obj("Chan");
	(p0, nil, nil) := obj("Path");
	fds := openall();
	(c1, ca1, cf1) := obj("Chan");
	(p1, nil, nil) := obj("Path");
	sys->print("%d opens: Chans in use %+d, Paths in use %+d\n", K, c1-c0, p1-p0);
	sys->print("Chans made %s freed: %d\n", "minus", (ca1-ca0)-(cf1-cf0) == c1-c0);
	fds = nil;
	(c2, ca2, cf2) := obj("Chan");
	(p2, nil, nil) := obj("Path");
	sys->print("closed: Chans in use %+d, Paths in use %+d; made at least K: %d, made as many as freed: %d\n",
		c2-c0, p2-p0, ca2-ca0 >= K, (ca2-ca0) == (cf2-cf0));
	(q0, nil, nil) := obj("Queue");
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	(q1, nil, nil) := obj("Queue");
	p = nil;
	(q2, nil, nil) := obj("Queue");
	sys->print("a pipe: Queues in use %+d, then %+d\n", q1-q0, q2-q0);
}
