# gcfull -- a heap that fills with cyclic garbage faster than the paced
# collector frees it gets a whole cycle at the allocation that finds it
# full (gc(3)), also while other threads are blocked in builtins: here
# one waits in sys->read on a pipe, and the shell in its wait.  Each
# ring of nodes is live while a cycle started by the trigger marks it,
# so the cycle under way at the next full heap cannot free it: only a
# new one can.  Prints what held.
implement Gcfull;

include "sys.m";
	sys: Sys;
include "draw.m";

Gcfull: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Node: adt
{
	next:	cyclic ref Node;
	a, b, c:	int;
};

Nring: con 20;
Ringbytes: con 1536*1024;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	p := array[2] of ref Sys->FD;
	if(sys->pipe(p) < 0){
		sys->print("pipe: %r\n");
		return;
	}
	sync := chan of int;
	spawn blocked(p[1], sync);
	<-sync;
	must("policy alloc");
	must("limit 2m");
	full0 := started("full");
	n := 0;
	{
		for(; n < Nring; n++)
			ring(Ringbytes/32);
	} exception e {
	"*" =>
		sys->print("ring %d: %s\n", n, e);
	}
	sys->print("rings of %d KB in a heap of 2 MB: %d of %d\n", Ringbytes/1024, n, Nring);
	sys->print("whole cycles at a full heap: %s\n", yes(started("full") > full0));
	must("limit 32m");
	sys->write(p[0], array[1] of byte, 1);
	<-sync;
}

# a thread blocked in a builtin until a byte comes
blocked(fd: ref Sys->FD, sync: chan of int)
{
	sync <-= 1;
	sys->read(fd, array[1] of byte, 1);
	sync <-= 1;
}

# a ring of n nodes (32 bytes each with the header), dropped
ring(n: int)
{
	first := ref Node(nil, 0, 0, 0);
	x := first;
	for(i := 1; i < n; i++){
		x.next = ref Node(nil, i, 0, 0);
		x = x.next;
	}
	x.next = first;
}

must(s: string)
{
	fd := sys->open("#g/gcctl", Sys->OWRITE);
	if(sys->fprint(fd, "%s", s) < 0)
		sys->print("%s: %r\n", s);
}

# the count of cycles started for reason why
started(why: string): int
{
	fd := sys->open("#g/gcstat", Sys->OREAD);
	buf := array[4096] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return -1;
	(nil, l) := sys->tokenize(string buf[0:n], "\n");
	for(; l != nil; l = tl l){
		(nil, w) := sys->tokenize(hd l, " ");
		if(w != nil && hd w == "started")
			for(w = tl w; w != nil && tl w != nil; w = tl tl w)
				if(hd w == why)
					return int hd tl w;
	}
	return -1;
}

yes(b: int): string
{
	if(b)
		return "yes";
	return "no";
}
