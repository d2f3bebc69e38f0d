implement Paper;

# paper -- the BASE measurement of "Reliable Benchmarking with Limbo on
# Inferno", three ways, on a heap of realistic size:
#	busec		two timestamps read from /dev/busec (the paper's tstamp)
#	microsec	two calls of bench->microsec() (its xstamp)
#	microsec-nogc	the same with the collector disabled
#	nanosec		two calls of bench->nanosec() (ns)
#	nanosec-nogc	the same with the collector disabled (ns)
# One row each: n min median p99 max, and how many lie within min+1 us
# (min+1000 ns).
# Each measurement runs once unrecorded first, so that QEMU has
# translated the code (the paper's hardware needed no warm-up), and the
# system is left idle for 200 ms before each row (settle).
# Then the kernel's idle-collector waits (bctl stats).
# usage: paper [nrep [nbusec [nheap]]]

include "sys.m";
	sys: Sys;
include "draw.m";
include "bench.m";
	bench: Bench;

Paper: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Node: adt
{
	next:	cyclic ref Node;
	data:	array of byte;
	name:	string;
};

NREP:	con 1000;
heap: ref Node;		# kept live: the collector must mark it every epoch
tsfd: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	nrep := NREP;
	nbusec := NREP;
	nheap := 20000;
	argv = tl argv;
	if(argv != nil){
		nrep = nbusec = int hd argv;
		argv = tl argv;
	}
	if(argv != nil){
		nbusec = int hd argv;
		argv = tl argv;
	}
	if(argv != nil)
		nheap = int hd argv;
	if(sys->bind("#x", "/dev", Sys->MBEFORE) < 0){
		sys->fprint(sys->fildes(2), "paper: cannot bind #x: %r\n");
		raise "fail:bind";
	}
	bench = load Bench Bench->PATH;
	if(bench == nil){
		sys->fprint(sys->fildes(2), "paper: cannot load $Bench: %r\n");
		raise "fail:load";
	}
	# a heap of realistic size: nheap nodes of about 100 bytes each
	for(i := 0; i < nheap; i++)
		heap = ref Node(heap, array[64] of byte, "node");

	busec(100);
	settle();
	row("busec", busec(nbusec));
	micro(nrep);
	settle();
	row("microsec", micro(nrep));
	bench->disablegc();
	micro(nrep);
	s := micro(nrep);
	bench->enablegc();
	row("microsec-nogc", s);
	nano(nrep);
	settle();
	rowns("nanosec", nano(nrep));
	bench->disablegc();
	nano(nrep);
	s = nano(nrep);
	bench->enablegc();
	rowns("nanosec-nogc", s);
	stats();
}

# settle lets the system go idle for a while, as the paper's quiet
# machine was: the idle collector finishes the cycle under way, which
# would otherwise continue in slices between the measured quanta
settle()
{
	sys->sleep(200);
}

treset()
{
	fd := sys->open("/dev/busec", Sys->OWRITE);
	if(fd == nil)
		return;
	buf := array[1] of byte;
	sys->write(fd, buf, len buf);
	tsfd = sys->open("/dev/busec", Sys->OREAD);
}

tstamp(): big
{
	buf := array[128] of byte;
	n := sys->read(tsfd, buf, len buf);
	if(n < 0)
		return big 0;
	return big string buf[0:n];
}

busec(n: int): array of big
{
	s := array[n] of big;
	treset();
	for(i := 0; i < n; i++){
		t0 := tstamp();
		t1 := tstamp();
		s[i] = t1-t0;
	}
	return s;
}

micro(n: int): array of big
{
	s := array[n] of big;
	bench->reset();
	for(i := 0; i < n; i++){
		t0 := bench->microsec();
		t1 := bench->microsec();
		s[i] = t1-t0;
	}
	return s;
}

nano(n: int): array of big
{
	s := array[n] of big;
	bench->reset();
	for(i := 0; i < n; i++){
		t0 := bench->nanosec();
		t1 := bench->nanosec();
		s[i] = t1-t0;
	}
	return s;
}

sort(a: array of big)
{
	# shell sort: n is small
	for(gap := len a/2; gap > 0; gap /= 2)
		for(i := gap; i < len a; i++)
			for(j := i-gap; j >= 0 && a[j] > a[j+gap]; j -= gap)
				(a[j], a[j+gap]) = (a[j+gap], a[j]);
}

row(name: string, s: array of big)
{
	rowin(name, s, big 1);
}

rowns(name: string, s: array of big)
{
	rowin(name, s, big 1000);
}

# rowin prints a row, counting the observations within w of the least
rowin(name: string, s: array of big, w: big)
{
	n := len s;
	sort(s);
	within := 0;
	for(i := 0; i < n; i++)
		if(s[i] <= s[0]+w)
			within++;
	p99 := s[(n*99+99)/100-1];
	sys->print("%-14s %6d %6bd %6bd %6bd %8bd %6d/%d\n", name, n, s[0], s[n/2], p99, s[n-1], within, n);
}

stats()
{
	fd := sys->open("/dev/bctl", Sys->OWRITE);
	data := sys->open("/dev/bdata", Sys->OREAD);
	if(fd == nil || data == nil || sys->fprint(fd, "stats") < 0){
		sys->print("stats: %r\n");
		return;
	}
	buf := array[4096] of byte;
	n := sys->read(data, buf, len buf);
	if(n > 0)
		sys->print("%s", string buf[0:n]);
}
