implement Idlewait;

# bench-idlewait -- the idle collector's artifact, measured without timing:
# the paper's BASE through /dev/busec on a heap of realistic size, until
# the kernel has seen a ready process wait for the idle collector longer
# than one rungc() quantum, or n observations.  Prints only facts that
# do not depend on timing: the mode, whether such a wait happened, and
# whether the longest wait reached most of a clock period.
# usage: bench-idlewait [old|patched|-] [n]

include "sys.m";
	sys: Sys;
include "draw.m";

Idlewait: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Node: adt
{
	next:	cyclic ref Node;
	data:	array of byte;
};

heap: ref Node;
tsfd, ctl, data: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	mode := "-";
	n := 30000;
	argv = tl argv;
	if(argv != nil){
		mode = hd argv;
		argv = tl argv;
	}
	if(argv != nil)
		n = int hd argv;
	sys->bind("#x", "/dev", Sys->MBEFORE);
	ctl = sys->open("/dev/bctl", Sys->OWRITE);
	data = sys->open("/dev/bdata", Sys->OREAD);
	if(ctl == nil || data == nil){
		sys->print("cannot open the bench device: %r\n");
		raise "fail:open";
	}
	if(mode != "-")
		cmd("idlegc " + mode);
	for(i := 0; i < 20000; i++)
		heap = ref Node(heap, array[64] of byte);
	cmd("stats reset");
	fd := sys->open("/dev/busec", Sys->OWRITE);
	sys->write(fd, array[1] of byte, 1);
	tsfd = sys->open("/dev/busec", Sys->OREAD);
	(nil, q, nil) := waits();
	for(done := 0; done < n && q <= 1; done += 1000){
		for(i = 0; i < 1000; i++){
			t0 := tstamp();
			t1 := tstamp();
			if(t1 < t0)
				sys->print("time went backwards\n");
		}
		(nil, q, nil) = waits();
	}
	(nw, mq, max) := waits();
	(nil, nil, hz) := field("clockhz");
	sys->print("%s\n", modeline());
	sys->print("waits seen: %s\n", yes(nw > 0));
	sys->print("longest wait within one rungc quantum: %s\n", yes(mq <= 1));
	sys->print("longest wait reached 0.9 clock period: %s\n", yes(max >= 0.9e6/real hz));
}

yes(b: int): string
{
	if(b)
		return "yes";
	return "no";
}

tstamp(): big
{
	buf := array[128] of byte;
	n := sys->read(tsfd, buf, len buf);
	if(n < 0)
		return big 0;
	return big string buf[0:n];
}

cmd(s: string)
{
	if(sys->fprint(ctl, "%s", s) < 0){
		sys->print("%s: %r\n", s);
		raise "fail:ctl";
	}
}

stats(): string
{
	cmd("stats");
	buf := array[4096] of byte;
	n := sys->pread(data, buf, len buf, big 0);
	if(n <= 0)
		return "";
	return string buf[0:n];
}

# the line of stats beginning with key, as words
line(key: string): list of string
{
	(nil, lines) := sys->tokenize(stats(), "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		if(w != nil && hd w == key)
			return w;
	}
	return nil;
}

modeline(): string
{
	w := line("idlegc");
	if(w == nil || tl w == nil)
		return "no idlegc line";
	return "idlegc " + hd tl w;
}

# (n, maxquanta, max) of the idlewait line
waits(): (int, int, real)
{
	w := line("idlewait");
	n := 0;
	q := 0;
	max := 0.0;
	for(; w != nil && tl w != nil; w = tl w)
		case hd w {
		"n" =>	n = int hd tl w;
		"maxquanta" =>	q = int hd tl w;
		"max" =>	max = real hd tl w;
		}
	return (n, q, max);
}

field(key: string): (int, int, int)
{
	w := line("tschz");
	for(; w != nil && tl w != nil; w = tl w)
		if(hd w == key)
			return (0, 0, int hd tl w);
	return (0, 0, 100);
}
