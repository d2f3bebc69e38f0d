implement Gcbench;

# gcbench -- Boehm's GCBench in Limbo: a long-lived tree and array kept
# throughout, then for depths 4 to max step 2 short-lived trees built
# top-down and bottom-up, the whole repeated n times as in Walfield's
# runs.  Each iteration's time, and the time elapsed when it ends, go
# out as result lines (bench(1), plot(1)); then the collector's
# counters (#g/gcstat) as comment lines.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bench.m";
	bench: Bench;

Gcbench: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Node: adt
{
	left:	cyclic ref Node;
	right:	cyclic ref Node;
	up:	cyclic ref Node;	# the parent under -c: a cycle only the collector frees
	i:	int;
	j:	int;
};

Mindepth:	con 4;
Maxmaxdepth:	con 20;
Maxiter:	con 100000;

cyc := 0;

usage()
{
	sys->fprint(sys->fildes(2), "usage: gcbench [-c] [-n iterations] [-d maxdepth]\n");
	raise "fail:usage";
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	bench = load Bench Bench->PATH;
	if(bench == nil){
		sys->fprint(sys->fildes(2), "gcbench: cannot load %s: %r\n", Bench->PATH);
		raise "fail:load";
	}
	n := 3;
	maxdepth := 16;
	if(argv != nil)
		argv = tl argv;
	for(; argv != nil && len hd argv > 1 && (hd argv)[0] == '-'; argv = tl argv){
		case hd argv {
		"-c" =>
			cyc = 1;
		"-n" or "-d" =>
			o := hd argv;
			argv = tl argv;
			if(argv == nil)
				usage();
			v := num(hd argv);
			if(o == "-n"){
				if(v < 1 || v > Maxiter)
					fail(sys->sprint("iterations must be 1 to %d", Maxiter));
				n = v;
			}else{
				if(v < Mindepth || v > Maxmaxdepth)
					fail(sys->sprint("maxdepth must be %d to %d", Mindepth, Maxmaxdepth));
				maxdepth = v;
			}
		* =>
			usage();
		}
	}
	if(argv != nil)
		usage();
	run(n, maxdepth);
}

fail(s: string)
{
	sys->fprint(sys->fildes(2), "gcbench: %s\n", s);
	raise "fail:usage";
}

num(s: string): int
{
	v := 0;
	if(s == nil || len s > 7)
		return -1;
	for(i := 0; i < len s; i++){
		if(s[i] < '0' || s[i] > '9')
			return -1;
		v = v*10 + s[i]-'0';
	}
	return v;
}

treesize(d: int): int
{
	return (1<<(d+1)) - 1;
}

# top-down: give node two children, depth levels deep
populate(depth: int, node: ref Node)
{
	if(depth <= 0)
		return;
	depth--;
	node.left = ref Node(nil, nil, nil, 0, 0);
	node.right = ref Node(nil, nil, nil, 0, 0);
	if(cyc){
		node.left.up = node;
		node.right.up = node;
	}
	populate(depth, node.left);
	populate(depth, node.right);
}

# bottom-up
maketree(depth: int): ref Node
{
	if(depth <= 0)
		return ref Node(nil, nil, nil, 0, 0);
	n := ref Node(maketree(depth-1), maketree(depth-1), nil, 0, 0);
	if(cyc){
		n.left.up = n;
		n.right.up = n;
	}
	return n;
}

construct(depth, stretch: int)
{
	iters := 2*treesize(stretch)/treesize(depth);
	for(i := 0; i < iters; i++){
		t := ref Node(nil, nil, nil, 0, 0);
		populate(depth, t);
		t = nil;
	}
	for(i = 0; i < iters; i++){
		t := maketree(depth);
		t = nil;
	}
}

run(n, maxdepth: int)
{
	stretch := maxdepth+2;
	out := sys->fildes(1);
	sys->fprint(out, "# gcbench maxdepth %d stretch %d cyclic %d iterations %d\n", maxdepth, stretch, cyc, n);
	t0 := bench->nanosec();

	t := maketree(stretch);
	t = nil;
	longlived := ref Node(nil, nil, nil, 0, 0);
	populate(maxdepth, longlived);
	# Boehm's array of kArraySize/2 reals, kArraySize 500000 at maxdepth 16
	na := int (big 250000*big treesize(maxdepth)/big treesize(16));
	a := array[na] of real;
	for(i := 1; i < na; i++)
		a[i] = 1.0/real i;
	setup := bench->nanosec() - t0;

	statfd := sys->open("#g/gcstat", Sys->OREAD);
	times := array[n] of big;
	ends := array[n] of big;
	for(it := 0; it < n; it++){
		s := bench->nanosec();
		for(d := Mindepth; d <= maxdepth; d += 2)
			construct(d, stretch);
		e := bench->nanosec();
		times[it] = e - s;
		ends[it] = e - t0;
	}
	# before any output, which lets the idle collector run
	stat := gcstat(statfd);
	if(longlived == nil || na > 1000 && a[1000] != 1.0/real 1000)
		fail("the long-lived data were lost");

	sys->fprint(out, "# setup %.3f s\n", real setup/1e9);
	b := "GCBENCH:1l:Iteration:n:Time:s";
	for(it = 0; it < n; it++)
		b += sys->sprint(" %.4f", real times[it]/1e9);
	sys->fprint(out, "%s\n", b);
	b = "PROGRESS:1l:Iteration:n:Elapsed:s";
	for(it = 0; it < n; it++)
		b += sys->sprint(" %.4f", real ends[it]/1e9);
	sys->fprint(out, "%s\n", b);
	sys->fprint(out, "TOTAL:summary:Run:n:Time:s 1 %.4f %.4f %.4f 0\n",
		real ends[n-1]/1e9, real ends[n-1]/1e9, real ends[n-1]/1e9);
	(nil, l) := sys->tokenize(stat, "\n");
	for(; l != nil; l = tl l)
		sys->fprint(out, "# gc %s\n", hd l);
}

# the collector's counters (gc(3)) now, from fd open on #g/gcstat
gcstat(fd: ref Sys->FD): string
{
	if(fd == nil)
		return nil;
	buf := array[4096] of byte;
	k := sys->read(fd, buf, len buf);
	if(k <= 0)
		return nil;
	return string buf[0:k];
}
