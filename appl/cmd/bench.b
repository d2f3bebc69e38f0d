implement Benchmark;

# bench -- run the benchmark suite and write result lines
#
# Each Limbo-level test takes n observations, after w that are not
# kept (the warm-up: under QEMU the first runs of any code translate
# it).  An observation brackets a batch of k operations with two
# readings of the clock, bench->nanosec() (or microsec() under -u us),
# and records the time per operation; k is 1 where the operation is the
# point (BASE, XBASE, SLEEP0).  BASE reads /dev/busec, in microseconds
# as in the paper.  The kernel's own tests run inside the bench device,
# which returns a result line of its own.  The ballast, a heap held
# for the whole run, gives the collector as much to mark as the
# paper's system had.  Under -P the kernel profiler counts exactly the
# observations' iterations: it starts as the warm-up ends and stops
# with the last observation (Bench->profon, profoff: no system call at
# either end).
#
# Under -o each observation of a Limbo-level test is attributed, as
# Linux's osnoise does: after each, bench->attribution() says how long
# each of the kernel's causes (interrupts, the collector, other
# threads and processes; bench(3)) took between the two clock reads
# that made it, and what is left above the test's floor is the
# host's.  See attribution below and bench(1).

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "bench.m";
	bench: Bench;
include "sample.m";
	samples: Samples;
	Sample: import samples;
include "arg.m";

Benchmark: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# every test, in the order they run
names := array[] of {
	"BASE", "XBASE", "SLEEP0",
	"GCSCHED", "GCACQUIRE", "GCIDLE", "INTR", "OPNIL", "OPSCHED",
	"NULLCALL", "READNULL", "OPENCLOSE", "STAT", "PIPE", "CHAN", "SPAWN", "BIND",
};

# the kernel's tests, run by writing to /dev/bctl
ktests := array[] of {"GCSCHED", "GCACQUIRE", "GCIDLE", "INTR", "OPNIL", "OPSCHED"};

# the tests that time the collector, which -g stops
gctests := array[] of {"GCSCHED", "GCACQUIRE", "GCIDLE"};

Maxrep:	con 10000000;
Defrep:	con 1000;
Deftick:	con 100000;	# BASE and XBASE: see reps
Maxwarm:	con 1000;	# as the bench device's
Maxnodes:	con 1000000;
Defwarm:	con 10;
Defnodes:	con 20000;	# about 2 MB, a window system's heap (see -H)

Node: adt
{
	next:	cyclic ref Node;
	data:	array of byte;
	name:	string;
};

stderr: ref Sys->FD;
out: ref Iobuf;
oflag, sflag, gflag, pflag, nrep, nwarm, nsflag, noattr: int;
unit := "ns";	# of the Limbo-level tests but BASE
base := 0.0;	# taken off each observation of a timed operation, in unit
skip := 0;	# observations still to drop: the warm-up
want := 0;	# observations the running test takes
profiling := 0;	# -P: the kernel profiler counts now
profiled := 0;	# -P: it has counted for an earlier test
warm: ref Sample;	# where they go, so that the warm-up runs keep's code too
ballast: ref Node;	# global, so that every epoch of the collector marks it

# the attribution of the test under way (see attribution)
attrib := 0;	# recording it: -o without -A, and a kernel that keeps one
cnames: array of string;	# the causes' names, by index (bench->causes())
cpairs: array of big;	# bench->attribution's (cause, ns) pairs
aobs: array of int;	# each cause's share of an observation, in the order made:
acause: array of int;	#	the observation's number from 1, the cause's index,
aval: array of real;	#	the time in the test's unit (per operation)
na := 0;
tunit: string;	# the unit of the test under way
Maxpairs:	con 64;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	samples = load Samples Samples->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || samples == nil || arg == nil){
		sys->fprint(stderr, "bench: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("bench [-AgosP] [-n reps] [-w warmup] [-u us|ns] [-H nodes] [-b base] [test ...]");
	nrep = 0;	# each test's default
	nwarm = Defwarm;
	nodes := Defnodes;
	bflag: string;
	while((c := arg->opt()) != 0)
		case c {
		'o' =>
			oflag = 1;
		's' =>
			sflag = 1;
		'g' =>
			gflag = 1;
		'P' =>
			pflag = 1;
		'A' =>
			noattr = 1;
		'n' =>
			s := arg->earg();
			if(!isint(s) || len s > 9 || (nrep = int s) < 1 || nrep > Maxrep){
				sys->fprint(stderr, "bench: bad repetition count %s\n", s);
				arg->usage();
			}
		'w' =>
			s := arg->earg();
			if(!isint(s) || len s > 9 || (nwarm = int s) > Maxwarm){
				sys->fprint(stderr, "bench: bad warm-up count %s: want 0 to %d\n", s, Maxwarm);
				arg->usage();
			}
		'u' =>
			unit = arg->earg();
			if(unit != "us" && unit != "ns"){
				sys->fprint(stderr, "bench: bad unit %s: want us or ns\n", unit);
				arg->usage();
			}
		'H' =>
			s := arg->earg();
			if(!isint(s) || len s > 9 || (nodes = int s) > Maxnodes){
				sys->fprint(stderr, "bench: bad ballast %s: want 0 to %d nodes\n", s, Maxnodes);
				arg->usage();
			}
		'b' =>
			bflag = arg->earg();
			if(bflag != "BASE" && bflag != "XBASE" && !isnum(bflag)){
				sys->fprint(stderr, "bench: bad base %s: not BASE, XBASE or a number\n", bflag);
				arg->usage();
			}
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	if(!oflag && !sflag)
		sflag = 1;
	nsflag = unit == "ns";
	sel := array[len names] of {* => argv == nil};
	for(; argv != nil; argv = tl argv){
		for(i := 0; i < len names; i++)
			if(names[i] == hd argv)
				break;
		if(i == len names){
			sys->fprint(stderr, "bench: unknown test %s\n", hd argv);
			raise "fail:usage";
		}
		sel[i] = 1;
	}

	# a private name space: BIND changes it, and the bench device may need binding
	sys->pctl(Sys->FORKNS, nil);
	(ok, nil) := sys->stat("/dev/bctl");
	if(ok < 0)
		sys->bind("#x", "/dev", Sys->MAFTER);
	bench = load Bench Bench->PATH;
	if(pflag && (bench == nil || bench->profoff() < 0)){
		sys->fprint(stderr, "bench: -P: %r\n");
		raise "fail:no profiler";
	}
	if(bench != nil && oflag && !noattr){
		cnames = bench->causes();
		attrib = len cnames > 0;
		cpairs = array[2*Maxpairs] of big;
	}
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	for(i := 0; i < nodes; i++)
		ballast = ref Node(ballast, array[64] of byte, "node");
	if(oflag)
		tscline();

	status := "";
	if(bflag != nil){
		if(isnum(bflag))
			base = real bflag;
		else{
			# not a test: outside -P's brackets
			p := pflag;
			pflag = 0;
			(s, err) := run(bflag, reps(bflag));
			pflag = p;
			if(s == nil){
				sys->fprint(stderr, "bench: %s: %s\n", bflag, err);
				raise "fail:no base";
			}
			base = s.lo;
			if(bflag == "BASE" && nsflag)
				base *= 1000.0;
		}
	}
	for(i = 0; i < len names; i++){
		if(!sel[i])
			continue;
		err: string;
		if(gflag && member(names[i], gctests))
			err = "not run: -g stops the collector it times";
		else if(member(names[i], ktests))
			err = kernel(names[i]);
		else
			err = limbo(names[i]);
		if(err != nil){
			sys->fprint(stderr, "bench: %s: %s\n", names[i], err);
			status = "some tests did not run";
		}
		if(out.flush() < 0){
			sys->fprint(stderr, "bench: write error: %r\n");
			raise "fail:write error";
		}
	}
	if(status != "")
		raise "fail:" + status;
}

# reps is the number of observations of a test: -n's, else 1000, or
# 100000 for BASE and XBASE.  Those take a few microseconds or less
# each, so 1000 of them fall between two clock ticks, and the ticks
# are what stall a reader of /dev/busec on the unpatched kernel; 100000
# span some fifty ticks, as the paper's 1000 observations of 500 us did.
reps(name: string): int
{
	if(nrep > 0)
		return nrep;
	if(name == "BASE" || name == "XBASE")
		return Deftick;
	return Defrep;
}

member(name: string, a: array of string): int
{
	for(i := 0; i < len a; i++)
		if(a[i] == name)
			return 1;
	return 0;
}

# tscline writes the comment line of the TSC rate in use and its
# uncertainty, from the bench device's stats (none under emu)
tscline()
{
	ctl := sys->open("/dev/bctl", Sys->OWRITE);
	data := sys->open("/dev/bdata", Sys->OREAD);
	if(ctl == nil || data == nil || sys->fprint(ctl, "stats") < 0)
		return;
	(text, nil) := readall(data);
	(nil, lines) := sys->tokenize(text, "\n");
	for(; lines != nil; lines = tl lines){
		(n, w) := sys->tokenize(hd lines, " ");
		if(n >= 4 && hd w == "tschz" && hd tl tl w == "ppm")
			out.puts("# tsc " + hd tl w + " ppm " + hd tl tl tl w + "\n");
	}
}

# limbo runs a test measured here and writes its result lines.
limbo(name: string): string
{
	{
		if(gflag && bench != nil)
			bench->disablegc();
		(s, err) := run(name, reps(name));
		profstop();
		if(gflag && bench != nil)
			bench->enablegc();
		if(s == nil)
			return err;
		u := unit;
		if(name == "BASE")
			u = "us";
		result(name, "Time", u, s);
	} exception e {
	"fail:*" =>
		raise e;
	"*" =>
		profstop();
		if(gflag && bench != nil)
			bench->enablegc();
		return e;
	}
	return nil;
}

result(name, ylabel, yunit: string, s: ref Sample)
{
	if(oflag){
		comments(name, yunit);
		if(attrib)
			attribution(name, s);
		out.puts(name + ":1l:Observation:n:" + ylabel + ":" + yunit + " ");
		s.obs(out);
		out.puts("\n");
	}
	if(sflag)
		out.puts(name + ":summary:Sample:n:" + ylabel + ":" + yunit + " " + s.str() + "\n");
}

# attribution writes what each cause took of the observations of s,
# as comment lines before them (bench(1)):
#	# attribution NAME floor F
#	# cause NAME CAUSE i:t i:t ...
# F is the test's floor: the median of the observations less what the
# kernel's causes took of them, the operation's own undisturbed cost
# (the least observation would be a lucky one, below which nothing
# falls, and every ordinary observation would seem delayed).  What an
# observation has left above F is the host's (QEMU descheduled, host
# preemption) when it is at least F again, as osnoise calls a gap
# noise above its threshold; the cause is then host, which also holds
# what the kernel itself found the host took (bench(3)'s host).
attribution(name: string, s: ref Sample)
{
	floor: real;
	g: array of real;
	c, i, j: int;
	hc := -1;	# the kernel's host
	for(c = 0; c < len cnames; c++)
		if(cnames[c] == "host")
			hc = c;
	if(na == 0)
		floor = s.median();
	else{
		g = array[s.n] of {* => 0.0};
		for(j = 0; j < na; j++)
			g[aobs[j]-1] += aval[j];
		d := array[s.n] of real;
		for(i = 0; i < s.n; i++)
			d[i] = s.x[i] - g[i];
		floor = samples->median(d, s.n);
	}
	# the kernel's host, per observation, apart: with the remainder below
	hk: array of real;
	if(g != nil && hc >= 0)
		for(j = 0; j < na; j++)
			if(acause[j] == hc){
				if(hk == nil)
					hk = array[s.n] of {* => 0.0};
				hk[aobs[j]-1] += aval[j];
			}
	out.puts("# attribution " + name + " floor " + samples->fmt(round(floor)) + "\n");
	thr := floor;
	eps := 1.0;	# a nanosecond
	if(tunit == "us")
		eps = 0.001;
	if(thr < eps)
		thr = eps;
	host := array[0] of (int, real);
	nh := 0;
	for(i = 0; i < s.n; i++){
		r := s.x[i] - floor;
		if(g != nil)
			r -= g[i];
		if(r < thr)
			r = 0.0;
		if(hk != nil)
			r += hk[i];
		if(r > 0.0){
			if(nh == len host){
				h := array[2*nh+16] of (int, real);
				h[0:] = host[0:nh];
				host = h;
			}
			host[nh++] = (i+1, r);
		}
	}
	# the causes met, by name, host among them
	seen := array[len cnames + 1] of {* => 0};
	for(j = 0; j < na; j++){
		c = acause[j];
		if(c == hc)
			continue;	# with the remainder, as host
		if(c >= len seen){
			if(c >= len cnames)
				cnames = bench->causes();
			t := array[c+1] of {* => 0};
			t[0:] = seen;
			seen = t;
		}
		seen[c] = 1;
	}
	names: list of (string, int);	# name, index (-1: host)
	if(nh > 0)
		names = ("host", -1) :: names;
	for(c = 0; c < len seen; c++)
		if(seen[c]){
			n := "?";
			if(c < len cnames)
				n = cnames[c];
			names = (n, c) :: names;
		}
	for(v := sortnames(names); v != nil; v = tl v){
		n: string;
		(n, c) = hd v;
		out.puts("# cause " + name + " " + n);
		if(c < 0){
			for(i = 0; i < nh; i++)
				share(host[i].t0, host[i].t1);
		}else
			for(j = 0; j < na; j++)
				if(acause[j] == c)
					share(aobs[j], aval[j]);
		out.puts("\n");
	}
}

# share writes one observation's share, i:t, if t shows at a thousandth of the unit
share(i: int, t: real)
{
	t = round(t);
	if(t > 0.0)
		out.puts(" " + string i + ":" + samples->fmt(t));
}

# round to a thousandth of the unit
round(v: real): real
{
	r := real big (v*1000.0);	# Limbo's conversion rounds
	return r/1000.0;
}

sortnames(l: list of (string, int)): list of (string, int)
{
	a := array[len l] of (string, int);
	for(n := 0; l != nil; l = tl l)
		a[n++] = hd l;
	for(i := 1; i < n; i++)
		for(j := i; j > 0 && a[j-1].t0 > a[j].t0; j--)
			(a[j-1], a[j]) = (a[j], a[j-1]);
	r: list of (string, int);
	for(i = n-1; i >= 0; i--)
		r = a[i] :: r;
	return r;
}

# comments: the metadata of a line of observations
comments(name, yunit: string)
{
	out.puts("# warmup " + name + " " + string nwarm + "\n");
	out.puts("# unit " + name + " " + yunit + "\n");
}

#
# Tests timed in Limbo
#

# run takes n observations of a test, after the warm-up; nil and the
# reason if it cannot run.  Each loop runs n+nwarm times, and keep
# drops the first nwarm.
run(name: string, n: int): (ref Sample, string)
{
	s := Sample.new(n);
	skip = nwarm;
	want = n;
	warm = Sample.new(nwarm);
	n += nwarm;
	na = 0;
	tunit = unit;
	if(name == "BASE")
		tunit = "us";
	if(attrib)
		bench->attribution(nil);	# we are the measured thread, from no clock read on
	if(skip == 0)
		profstart();
	startprogress(name, n);
	if(name == "BASE")
		return base0(s, n);
	if(bench == nil)
		return (nil, sys->sprint("cannot load %s: %r", Bench->PATH));
	case name {
	"XBASE" =>
		# the clock's calls in a row, not through clock()
		if(nsflag){
			for(i := 0; i < n; i++){
				t0 := bench->nanosec();
				t1 := bench->nanosec();
				keep(s, real (t1 - t0), 1);
			}
		}else{
			for(i := 0; i < n; i++){
				t0 := bench->microsec();
				t1 := bench->microsec();
				keep(s, real (t1 - t0), 1);
			}
		}
	"SLEEP0" =>
		for(i := 0; i < n; i++){
			t0 := clock();
			sys->sleep(0);
			t1 := clock();
			keep(s, real (t1 - t0) - base, 1);
		}
	"NULLCALL" =>
		k := 100;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++)
				sys->pctl(0, nil);
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
	"READNULL" =>
		fd := sys->open("/dev/null", Sys->OREAD);
		if(fd == nil)
			return (nil, sys->sprint("cannot open /dev/null: %r"));
		buf := array[1] of byte;
		k := 100;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++)
				sys->read(fd, buf, 1);
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
	"OPENCLOSE" =>
		if(sys->open("/dev/null", Sys->OREAD) == nil)
			return (nil, sys->sprint("cannot open /dev/null: %r"));
		k := 10;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++){
				fd := sys->open("/dev/null", Sys->OREAD);
				fd = nil;	# the last reference: closes it now
			}
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
	"STAT" =>
		(ok, nil) := sys->stat("/dev/null");
		if(ok < 0)
			return (nil, sys->sprint("cannot stat /dev/null: %r"));
		k := 10;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++)
				sys->stat("/dev/null");
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
	"PIPE" =>
		return pipetest(s, n);
	"CHAN" =>
		c := chan of int;
		r := chan of int;
		spawn chanecho(c, r);
		k := 100;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++){
				c <-= j;
				<-r;
			}
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
		c <-= -1;
	"SPAWN" =>
		done := chan of int;
		k := 10;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++){
				spawn child(done);
				<-done;
			}
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
	"BIND" =>
		if(sys->bind("/dis", "/dis", Sys->MREPL) < 0)
			return (nil, sys->sprint("cannot bind /dis on /dis: %r"));
		k := 10;
		for(i := 0; i < n; i++){
			t0 := clock();
			for(j := 0; j < k; j++)
				sys->bind("/dis", "/dis", Sys->MREPL);
			t1 := clock();
			keep(s, perop(t1 - t0, k), k);
		}
	* =>
		return (nil, "no such test");
	}
	return (s, nil);
}

# clock reads the clock of the unit
clock(): big
{
	if(nsflag)
		return bench->nanosec();
	return bench->microsec();
}

# keep records an observation of a batch of k operations, unless it
# is one of the warm-up, and what each cause took of it
keep(s: ref Sample, v: real, k: int)
{
	if(++pdone >= pnext)
		progress();
	if(skip > 0){
		skip--;
		warm.addreal(v);
		if(skip == 0 && pflag)
			profstart();
		if(attrib)
			bench->attribution(nil);	# the next observation's reads start afresh
		return;
	}
	s.addreal(v);
	if(attrib)
		note(s.n, k);
	if(profiling && s.n == want)
		profstop();
}

# -P: the kernel profiler's bracket, cleared for the first test; a
# profiler that cannot start stops bench (it was there at the start)
profstart()
{
	if(!pflag || profiling)
		return;
	if(bench->profon(!profiled) < 0){
		sys->fprint(stderr, "bench: -P: cannot start the kernel profiler: %r\n");
		raise "fail:profiler";
	}
	profiling = profiled = 1;
}

profstop()
{
	if(!profiling)
		return;
	bench->profoff();
	profiling = 0;
}

# note keeps what each cause took of observation i (from 1), a batch
# of k operations, in the test's unit, per operation
note(i, k: int)
{
	n := bench->attribution(cpairs);
	if(n <= 0)
		return;
	if(n > Maxpairs)
		n = Maxpairs;	# those beyond are lost; the kernel has fewer causes
	scale := real k;
	if(tunit == "us")
		scale *= 1000.0;
	for(j := 0; j < n; j++){
		if(na == len aobs){
			m := 2*na + 64;
			o := array[m] of int;
			o[0:] = aobs[0:na];
			aobs = o;
			c := array[m] of int;
			c[0:] = acause[0:na];
			acause = c;
			v := array[m] of real;
			v[0:] = aval[0:na];
			aval = v;
		}
		aobs[na] = i;
		acause[na] = int cpairs[2*j];
		aval[na] = real cpairs[2*j+1] / scale;
		na++;
	}
}

# Progress on standard error, for a test timed here that will take
# more than Longtest ms: its estimate, from the observations made in
# the first second (the clock is read only at doublings of the count,
# between observations), then a line at each tenth done.
Longtest:	con 5000;
ptest: string;
pn, pdone, pnext, pt0, plong: int;

startprogress(name: string, n: int)
{
	ptest = name;
	pn = n;
	pdone = plong = 0;
	pnext = 1;
	pt0 = sys->millisec();
}

progress()
{
	t := sys->millisec() - pt0;
	if(!plong){
		if(t < 1000){
			pnext = 2 * pdone;
			return;
		}
		est := big t * big pn / big pdone;
		if(est < big Longtest){
			pnext = pn + 1;
			return;
		}
		plong = 1;
		sys->fprint(stderr, "bench %s: about %s for %d observations\n", ptest, secs(est), pn - nwarm);
	}else
		sys->fprint(stderr, "bench %s: %d%% after %s, about %s to go\n", ptest, pdone * 100 / pn,
			secs(big t), secs(big t * big (pn - pdone) / big pdone));
	pnext = (pdone * 10 / pn + 1) * pn / 10;
	if(pnext <= pdone)
		pnext = pdone + 1;
	if(pnext >= pn)
		pnext = pn + 1;
}

secs(ms: big): string
{
	if(ms >= big 10000)
		return string (ms / big 1000) + " s";
	return sys->sprint("%.1f s", real ms / 1000.0);
}

# perop is the time for one of k operations taking t in all.
perop(t: big, k: int): real
{
	return (real t - base) / real k;
}

# base0 is the paper's BASE: two timestamps read in turn from /dev/busec.
base0(s: ref Sample, n: int): (ref Sample, string)
{
	fd := sys->open("/dev/busec", Sys->OWRITE);
	if(fd == nil)
		return (nil, sys->sprint("cannot open /dev/busec: %r"));
	# writing anything restarts the count from zero
	if(sys->write(fd, array[1] of byte, 1) != 1)
		return (nil, sys->sprint("cannot reset /dev/busec: %r"));
	fd = sys->open("/dev/busec", Sys->OREAD);
	if(fd == nil)
		return (nil, sys->sprint("cannot open /dev/busec: %r"));
	buf := array[128] of byte;
	for(i := 0; i < n; i++){
		t0 := tstamp(fd, buf);
		t1 := tstamp(fd, buf);
		if(t0 < big 0 || t1 < big 0)
			return (nil, sys->sprint("bad read of /dev/busec: %r"));
		keep(s, real (t1 - t0), 1);
	}
	return (s, nil);
}

# tstamp reads the device's microsecond count: it ignores the offset,
# so no seek is needed between reads.
tstamp(fd: ref Sys->FD, buf: array of byte): big
{
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return big -1;
	return big string buf[0:n];
}

pipetest(s: ref Sample, n: int): (ref Sample, string)
{
	p := array[2] of ref Sys->FD;
	if(sys->pipe(p) < 0)
		return (nil, sys->sprint("cannot make a pipe: %r"));
	spawn pipeecho(p[1]);
	p[1] = nil;
	b := array[] of {byte 0};
	k := 10;
	for(i := 0; i < n; i++){
		t0 := clock();
		for(j := 0; j < k; j++)
			if(sys->write(p[0], b, 1) != 1 || sys->read(p[0], b, 1) != 1)
				return (nil, sys->sprint("pipe i/o: %r"));
		t1 := clock();
		keep(s, perop(t1 - t0, k), k);
	}
	b[0] = byte 1;
	sys->write(p[0], b, 1);
	return (s, nil);
}

# pipeecho returns every byte 0 until it reads something else, or
# the other end is closed.
pipeecho(fd: ref Sys->FD)
{
	b := array[1] of byte;
	while(sys->read(fd, b, 1) == 1 && b[0] == byte 0)
		if(sys->write(fd, b, 1) != 1)
			break;
}

chanecho(c, r: chan of int)
{
	while((v := <-c) >= 0)
		r <-= v;
}

child(done: chan of int)
{
	done <-= 1;
}

#
# Tests run by the kernel's bench device
#

# the bctl command of each kernel test (bench(3)); tests that take a
# clock tick per observation take at most 1000
kcmd(name: string, n: int): string
{
	slow := n;
	if(slow > 1000)
		slow = 1000;
	case name {
	"GCSCHED" =>	return "gc sched " + string n;
	"GCACQUIRE" =>	return "gc acquire " + string n;
	"GCIDLE" =>	return "gc idle " + string slow;
	"INTR" =>	return "intr " + string slow;
	"OPNIL" =>	return "op nil " + string n;
	"OPSCHED" =>	return "op sched " + string n;
	}
	return nil;
}

# kernel runs a kernel test: its command written to /dev/bctl starts it;
# /dev/bdata then holds its result line (intr gives several: NAME's is used).
kernel(name: string): string
{
	ctl := sys->open("/dev/bctl", Sys->OWRITE);
	if(ctl == nil)
		return sys->sprint("cannot open /dev/bctl: %r");
	data := sys->open("/dev/bdata", Sys->OREAD);
	if(data == nil)
		return sys->sprint("cannot open /dev/bdata: %r");
	if(sys->fprint(ctl, "warmup %d", nwarm) < 0)
		return sys->sprint("cannot set the warm-up: %r");
	cmd := array of byte kcmd(name, reps(name));
	if(gflag && bench != nil)
		bench->disablegc();
	profstart();
	w := sys->write(ctl, cmd, len cmd);
	profstop();
	if(gflag && bench != nil)
		bench->enablegc();
	if(w != len cmd)
		return sys->sprint("cannot start: %r");
	(text, err) := readall(data);
	if(err != nil)
		return "read /dev/bdata: " + err;
	text = pickline(name, text);
	(s, ylabel, yunit, perr) := parse(name, text);
	if(perr != nil)
		return "bad result from /dev/bdata: " + perr;
	if(oflag){
		comments(name, yunit);
		a := array of byte text;
		out.write(a, len a);
	}
	if(sflag)
		out.puts(name + ":summary:Sample:n:" + ylabel + ":" + yunit + " " + s.str() + "\n");
	return nil;
}

# pick the line of text whose label is NAME's
pickline(name, text: string): string
{
	(nil, lines) := sys->tokenize(text, "\n");
	for(; lines != nil; lines = tl lines){
		l := hd lines;
		if(len l > len name && l[0:len name+1] == name + ":")
			return l + "\n";
	}
	return text;
}

readall(fd: ref Sys->FD): (string, string)
{
	buf := array[Sys->ATOMICIO] of byte;
	acc := array[0] of byte;
	for(;;){
		n := sys->read(fd, buf, len buf);
		if(n < 0)
			return (nil, sys->sprint("%r"));
		if(n == 0)
			break;
		nacc := array[len acc + n] of byte;
		nacc[0:] = acc;
		nacc[len acc:] = buf[0:n];
		acc = nacc;
	}
	return (string acc, nil);
}

# parse checks the device's line: NAME:shape:xl:xu:yl:yu v1 v2 ...
parse(name, text: string): (ref Sample, string, string, string)
{
	if(text == "" || text[len text - 1] != '\n')
		return (nil, nil, nil, "not one line");
	(nw, words) := sys->tokenize(text[0:len text - 1], " \t");
	if(nw < 2)
		return (nil, nil, nil, "no observations");
	label := hd words;
	fl := array[6] of string;
	k := 0;
	j := 0;
	for(i := 0; i <= len label; i++)
		if(i == len label || label[i] == ':'){
			if(k < 6)
				fl[k] = label[j:i];
			k++;
			j = i+1;
		}
	if(k != 6 || fl[0] != name)
		return (nil, nil, nil, "label " + label);
	s := Sample.new(nw-1);
	for(words = tl words; words != nil; words = tl words){
		if(!isnum(hd words))
			return (nil, nil, nil, "value " + hd words);
		s.addreal(real hd words);
	}
	return (s, fl[4], fl[5], nil);
}

isint(s: string): int
{
	if(s == nil)
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

# isnum: [+-] digits [. digits] [e [+-] digits]
isnum(s: string): int
{
	i := 0;
	if(i < len s && (s[i] == '+' || s[i] == '-'))
		i++;
	nd := 0;
	for(; i < len s && s[i] >= '0' && s[i] <= '9'; i++)
		nd++;
	if(i < len s && s[i] == '.')
		for(i++; i < len s && s[i] >= '0' && s[i] <= '9'; i++)
			nd++;
	if(nd == 0)
		return 0;
	if(i < len s && (s[i] == 'e' || s[i] == 'E')){
		i++;
		if(i < len s && (s[i] == '+' || s[i] == '-'))
			i++;
		ne := 0;
		for(; i < len s && s[i] >= '0' && s[i] <= '9'; i++)
			ne++;
		if(ne == 0)
			return 0;
	}
	return i == len s;
}
