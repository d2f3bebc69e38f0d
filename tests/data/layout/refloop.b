implement Refloop;

# refloop -- the operations of the NetBSD experiment (layout(8)), each
# observation the time of a batch of k, in nanoseconds per operation:
#	STAT	sys->stat of /dev/null: takes and drops Chan references
#		(incref, decref) on its way
#	NULL	sys->pctl(0, nil): a system call that takes none
#	LOOP	100 additions and calls in Dis: no system call at all
# usage: refloop [-n obs] [-k batch]	defaults 100 and 1000; one batch
# of each, first, is a warm-up and not reported

include "sys.m";
	sys: Sys;
include "draw.m";
include "bench.m";
	bench: Bench;

Refloop: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

names := array[] of {"STAT", "NULL", "LOOP"};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	bench = load Bench Bench->PATH;
	if(bench == nil){
		sys->fprint(sys->fildes(2), "refloop: cannot load Bench: %r\n");
		raise "fail:load";
	}
	n := 100;
	k := 1000;
	bad := 0;
	for(argv = tl argv; argv != nil && tl argv != nil; argv = tl tl argv)
		case hd argv {
		"-n" =>	n = int hd tl argv;
		"-k" =>	k = int hd tl argv;
		* =>	bad = 1;
		}
	if(bad || argv != nil || n < 1 || k < 1){
		sys->fprint(sys->fildes(2), "usage: refloop [-n obs] [-k batch]\n");
		raise "fail:usage";
	}
	sys->print("# warmup STAT 1\n# warmup NULL 1\n# warmup LOOP 1\n");
	for(op := 0; op < 3; op++){
		s := names[op] + ":1l:Observation:n:Time:ns";
		for(i := 0; i <= n; i++){
			t := batch(op, k);
			if(i > 0)
				s += " " + ns(t, k);
		}
		sys->print("%s\n", s);
	}
}

# batch times k operations op, in microseconds
batch(op, k: int): big
{
	t0 := bench->microsec();
	case op {
	0 =>
		for(j := 0; j < k; j++)
			sys->stat("/dev/null");
	1 =>
		for(j := 0; j < k; j++)
			sys->pctl(0, nil);
	2 =>
		for(j := 0; j < k; j++){
			x := 0;
			for(m := 0; m < 100; m++)
				x = f(x, m);
		}
	}
	return bench->microsec() - t0;
}

f(x, m: int): int
{
	return x + m;
}

# ns gives t microseconds over k operations in nanoseconds each, to 0.1
ns(t: big, k: int): string
{
	v := t * big 10000 / big k;
	if(v % big 10 == big 0)
		return string (v / big 10);
	return string (v / big 10) + "." + string (v % big 10);
}
