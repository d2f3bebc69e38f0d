implement Sysbench;

# sysbench -- a system benchmark after Mason's Multics RFC 71: slaves,
# each logged in as a session of its own, follow scripts of commands
# at the same time; the meters run exactly from the moment all slaves
# are released to the moment the last one says it has finished, and
# ending the slaves happens after, outside what is measured.
#
# The coordination is the RFC's Figure IV on kernel primitives, pipes:
#	slave: setup; write "ready" to the sync pipe; read the start pipe
#	driver: read every "ready"; start the meters; close the start
#		pipe's only writer, so that every slave's read ends at once
#	slave: work; write "done" to the finish pipe; read the term pipe,
#		which never yields anything
#	driver: read every "done"; stop the meters; kill each slave's
#		process group; wait until none of its threads is left.
# A slave charges a resource account of its own (acct(3)), made as it
# is released, so its account holds only what it did in the interval.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "bench.m";
	bench: Bench;
include "sh.m";
include "stats.m";
	stats: Stats;
include "sample.m";
	samples: Samples;
	Sample: import samples;
include "readdir.m";
	readdir: Readdir;
include "arg.m";

Sysbench: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Scriptdir:	con "/lib/sysbench";
Stdscripts:	con "edit cpu pipe files heap";
Maxslaves:	con 64;
Maxruns:	con 1000;
Maxlines:	con 1000;
Maxrepeat:	con 100000;
Maxline:	con 1000;	# bytes in a script line

# one line of a script
Line: adt
{
	lineno:	int;
	setup:	int;	# run before the slave is ready, not measured
	count:	int;	# times to run it
	cmd:	string;
};

Script: adt
{
	name:	string;
	path:	string;
	lines:	array of ref Line;
};

# a wait histogram of an account: count, total and max in ns, buckets
Wait: adt
{
	n:	big;
	total:	big;
	max:	big;
	h:	array of big;
};

# the kinds of wait in an account, in acct(3)'s order
waitkinds := array[] of {"pread", "pwrite", "fread", "fwrite", "lock", "acquire"};
# the account's counters, in its order after id
counters := array[] of {"threads", "slices", "switches", "syscalls", "cpu", "dis", "sys"};
Nbucket:	con 32;

Acct: adt
{
	c:	array of big;	# counters[i]; times in ns
	w:	array of ref Wait;	# waitkinds[i]
};

# a slave in one run; times are bench->microsec() readings
Slave: adt
{
	i:	int;
	sc:	ref Script;
	pid:	int;	# its first thread, leader of its process group
	nsgrp:	int;	# its name space's id
	acctid:	int;
	ready, first, last, done:	big;
	finished:	int;
	why:	string;	# why it failed, nil if it did not
	linet:	array of big;	# microseconds spent in each line of its script
	acct:	ref Acct;
};

Run: adt
{
	n:	int;
	dir:	string;	# holds the slaves' homes
	wpid:	int;	# the watchdog's pid
	why:	string;	# why it is invalid, nil if valid
	start, stop, end:	big;
	slaves:	array of ref Slave;
	kmeters:	list of ref Kmeter;	# the kernel's counters over the interval
};

# a meter over the valid runs: v[r] for run r where have[r]
Series: adt
{
	name:	string;	# result line name
	label:	string;	# for the report
	ylabel:	string;	# Time or Count
	unit:	string;
	v:	array of real;
	have:	array of int;
};

stderr, stdout: ref Sys->FD;
oflag, vflag: int;
nruns := 1;
timeout := 600;
settle := 0;
mypid: int;
term: array of ref Sys->FD;	# the slaves' last block: never written
series: array of ref Series;
nseries := 0;
hist: array of ref Wait;	# every valid run's waits, all slaves
cur: ref Run;	# the run under way

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	stdout = sys->fildes(1);
	bufio = load Bufio Bufio->PATH;
	stats = load Stats Stats->PATH;
	samples = load Samples Samples->PATH;
	readdir = load Readdir Readdir->PATH;
	bench = load Bench Bench->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || stats == nil || samples == nil || readdir == nil || bench == nil || arg == nil){
		sys->fprint(stderr, "sysbench: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("sysbench [-ov] [-n slaves] [-r runs] [-s settle] [-t timeout] [script ...]");
	nslaves := 0;
	while((c := arg->opt()) != 0)
		case c {
		'n' =>
			nslaves = number(arg->earg(), "slaves", 1, Maxslaves);
		'r' =>
			nruns = number(arg->earg(), "runs", 1, Maxruns);
		's' =>
			settle = number(arg->earg(), "settle milliseconds", 0, 60000);
		't' =>
			timeout = number(arg->earg(), "timeout seconds", 1, 86400);
		'o' =>
			oflag = 1;
		'v' =>
			vflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	if(argv == nil)
		(nil, argv) = sys->tokenize(Stdscripts, " ");
	sh := load Sh Sh->PATH;
	if(sh == nil){
		sys->fprint(stderr, "sysbench: cannot load %s: %r\n", Sh->PATH);
		raise "fail:load";
	}
	scripts: list of ref Script;
	bad := 0;
	for(; argv != nil; argv = tl argv){
		(sc, err) := readscript(hd argv, sh);
		if(err != nil){
			sys->fprint(stderr, "sysbench: %s\n", err);
			bad = 1;
		}else
			scripts = sc :: scripts;
	}
	if(bad)
		raise "fail:bad script";
	sc := array[len scripts] of ref Script;
	for(i := len sc - 1; i >= 0; i--){
		sc[i] = hd scripts;
		scripts = tl scripts;
	}
	if(nslaves == 0)
		nslaves = len sc;
	if(nslaves < len sc){
		sys->fprint(stderr, "sysbench: %d slave%s for %d scripts: want one at least for each\n", nslaves, plural(nslaves), len sc);
		raise "fail:usage";
	}
	for(i = 0; i < 3; i++)
		if(sys->fildes(i) == nil){
			sys->fprint(stderr, "sysbench: standard descriptor %d is not open\n", i);
			raise "fail:no descriptor";
		}
	# the slaves are ended through prog(3)
	(ok, nil) := sys->stat("#p");
	if(ok < 0){
		sys->fprint(stderr, "sysbench: cannot end slaves without #p: %r\n");
		raise "fail:no #p";
	}
	mypid = sys->pctl(0, nil);
	term = array[2] of ref Sys->FD;
	if(sys->pipe(term) < 0){
		sys->fprint(stderr, "sysbench: pipe: %r\n");
		raise "fail:pipe";
	}

	hist = array[len waitkinds] of {* => newwait()};
	series = array[16] of ref Series;
	runs := array[nruns] of ref Run;
	ninvalid := 0;
	for(r := 0; r < nruns; r++){
		run: ref Run;
		{
			run = onerun(r, sc, nslaves);
		} exception e {
		"interrupted" or "killed" =>
			# the slaves are in groups of their own: end them too
			if(cur != nil){
				endslaves(cur);
				cleanup(cur);
			}
			raise e;
		}
		runs[r] = run;
		if(run.why != nil){
			ninvalid++;
			sys->fprint(stderr, "sysbench: run %d invalid: %s\n", r+1, run.why);
		}else{
			gather(run);
			if(vflag)
				sys->fprint(stderr, "sysbench: run %d: %s ms\n", r+1, ms(run.stop - run.start));
		}
	}
	if(oflag)
		results();
	else
		report(stdout, runs, sc, nslaves);
	if(ninvalid)
		raise sys->sprint("fail:%d invalid run%s", ninvalid, plural(ninvalid));
}

number(s, what: string, lo, hi: int): int
{
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			break;
	if(s == nil || i < len s || len s > 9 || int s < lo || int s > hi){
		sys->fprint(stderr, "sysbench: bad number of %s: %s (want %d to %d)\n", what, s, lo, hi);
		raise "fail:usage";
	}
	return int s;
}

plural(n: int): string
{
	if(n == 1)
		return "";
	return "s";
}

#
# scripts
#

# readscript reads and checks a script: a name without / is one of
# the standard scripts in Scriptdir.
readscript(name: string, sh: Sh): (ref Script, string)
{
	path := name;
	for(i := 0; i < len name; i++)
		if(name[i] == '/')
			break;
	if(i == len name)
		path = Scriptdir + "/" + name;
	else{
		(nil, b) := sys->tokenize(name, "/");
		for(; tl b != nil; b = tl b)
			;
		name = hd b;
	}
	fd := sys->open(path, Sys->OREAD);
	if(fd == nil)
		return (nil, sys->sprint("%s: %r", path));
	(ok, d) := sys->fstat(fd);
	if(ok >= 0 && (d.mode & Sys->DMDIR))
		return (nil, sys->sprint("%s: is a directory", path));
	b := bufio->fopen(fd, Bufio->OREAD);
	lines: list of ref Line;
	nl := 0;
	nrun := 0;
	for(lineno := 1; (s := b.gets('\n')) != nil; lineno++){
		where := sys->sprint("%s:%d", path, lineno);
		if(s[len s - 1] == '\n')
			s = s[0:len s - 1];
		if(len s > Maxline)
			return (nil, sys->sprint("%s: line longer than %d bytes", where, Maxline));
		(kw, rest) := word(s);
		if(kw == nil || kw[0] == '#')
			continue;
		l := ref Line(lineno, 0, 1, nil);
		case kw {
		"setup" =>
			if(nrun > 0)
				return (nil, sys->sprint("%s: setup after the first run line", where));
			l.setup = 1;
		"run" =>
			nrun++;
		"repeat" =>
			nrun++;
			n: string;
			(n, rest) = word(rest);
			for(i = 0; i < len n; i++)
				if(n[i] < '0' || n[i] > '9')
					break;
			if(n == nil || i < len n || len n > 6 || int n < 1 || int n > Maxrepeat)
				return (nil, sys->sprint("%s: repeat wants a count from 1 to %d, not '%s'", where, Maxrepeat, n));
			l.count = int n;
		* =>
			return (nil, sys->sprint("%s: unknown keyword '%s': want setup, run or repeat", where, kw));
		}
		l.cmd = rest;
		if(blank(rest))
			return (nil, sys->sprint("%s: %s without a command", where, kw));
		err := sh->check(rest);
		if(err != nil)
			return (nil, sys->sprint("%s: %s", where, err));
		lines = l :: lines;
		if(++nl > Maxlines)
			return (nil, sys->sprint("%s: more than %d lines", path, Maxlines));
	}
	if(nrun == 0)
		return (nil, sys->sprint("%s: no run or repeat line", path));
	sc := ref Script(name, path, array[nl] of ref Line);
	for(i = nl-1; i >= 0; i--){
		sc.lines[i] = hd lines;
		lines = tl lines;
	}
	return (sc, nil);
}

# word splits s into its first blank-separated word and the rest,
# without the blanks between them
word(s: string): (string, string)
{
	for(i := 0; i < len s && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	for(j := i; j < len s && s[j] != ' ' && s[j] != '\t'; j++)
		;
	for(k := j; k < len s && (s[k] == ' ' || s[k] == '\t'); k++)
		;
	return (s[i:j], s[k:]);
}

blank(s: string): int
{
	for(i := 0; i < len s; i++)
		if(s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return 0;
	return 1;
}

#
# a run
#

# onerun runs every slave once, from login to logout, and returns the
# run with its meters.
onerun(r: int, sc: array of ref Script, nslaves: int): ref Run
{
	dir := sys->sprint("/tmp/sysbench.%d", mypid);
	run := ref Run(r+1, dir, 0, nil, big 0, big 0, big 0, array[nslaves] of ref Slave, nil);
	cur = run;
	if(sys->create(dir, Sys->OREAD, Sys->DMDIR|8r777) == nil){
		run.why = sys->sprint("cannot make %s: %r", dir);
		return run;
	}
	sync := array[2] of ref Sys->FD;
	start := array[2] of ref Sys->FD;
	fin := array[2] of ref Sys->FD;
	if(sys->pipe(sync) < 0 || sys->pipe(start) < 0 || sys->pipe(fin) < 0){
		run.why = sys->sprint("pipe: %r");
		rmtree(dir);
		return run;
	}
	pidc := chan of int;
	spawn watchdog(timeout, sync[1], fin[1], pidc);
	run.wpid = <-pidc;
	fds := array[] of {sync[1].fd, start[0].fd, fin[1].fd, term[0].fd};
	for(i := 0; i < nslaves; i++){
		s := sc[i % len sc];
		sl := ref Slave(i+1, s, 0, 0, 0, big 0, big 0, big 0, big 0, 0, nil, nil, nil);
		run.slaves[i] = sl;
		home := sys->sprint("%s/%d", dir, i+1);
		if(sys->create(home, Sys->OREAD, Sys->DMDIR|8r777) == nil){
			run.why = sys->sprint("cannot make %s: %r", home);
			break;
		}
		spawn slave(sl.i, s, home, home + ".err", fds, pidc);
		sl.pid = <-pidc;
	}

	# everyone logged in and ready, or the run is off
	syncb := bufio->fopen(sync[0], Bufio->OREAD);
	for(nready := 0; run.why == nil && nready < nslaves; ){
		(sl, why) := message(syncb, run, "ready");
		if(why != nil)
			run.why = why;
		else{
			sl.ready = bench->microsec();
			sl.nsgrp = readnum(sys->sprint("#p/%d/nsgrp", sl.pid));
			nready++;
		}
	}

	if(run.why == nil){
		if(settle > 0)
			sys->sleep(settle);
		k0 := kernelmeters();
		run.start = bench->microsec();
		# the only writer of the start pipe goes: every slave's read ends
		start[1] = nil;
		finb := bufio->fopen(fin[0], Bufio->OREAD);
		for(ndone := 0; run.why == nil && ndone < nslaves; ){
			(sl, why) := message(finb, run, "done");
			if(why != nil)
				run.why = why;
			else
				ndone++;
		}
		run.stop = bench->microsec();
		k1 := kernelmeters();
		run.kmeters = diffmeters(k0, k1);
		for(i = 0; i < nslaves; i++){
			sl := run.slaves[i];
			if(sl.finished && run.why == nil)
				(sl.acct, run.why) = readacct(sl.acctid, sl);
		}
	}else
		run.stop = bench->microsec();

	# logout, outside the interval
	endslaves(run);
	run.end = bench->microsec();
	if(run.why != nil)
		for(i = 0; i < nslaves; i++)
			if(run.slaves[i] != nil)
				errlines(sys->sprint("%s/%d.err", dir, i+1), run.slaves[i]);
	cleanup(run);
	if(vflag)
		timeline(run);
	return run;
}

# cleanup ends the run's watchdog and removes its files
cleanup(run: ref Run)
{
	if(run.wpid > 0){
		kill(run.wpid, "kill");
		gone(run.wpid);
	}
	rmtree(run.dir);
	cur = nil;
}

# message reads the next line from a slave: "ready i", "done i acct
# first last t1 t2 ...", "fail i why", or the watchdog's "timeout".
# want is the one expected; anything else makes the run invalid.
message(b: ref Iobuf, run: ref Run, want: string): (ref Slave, string)
{
	s := b.gets('\n');
	if(s == nil)
		return (nil, "a slave's pipe closed");
	if(s[len s - 1] == '\n')
		s = s[0:len s - 1];
	(n, f) := sys->tokenize(s, " ");
	if(n == 1 && hd f == "timeout")
		return (nil, sys->sprint("timeout after %d seconds", timeout));
	if(n < 2 || int hd tl f < 1 || int hd tl f > len run.slaves)
		return (nil, "bad message from a slave: " + s);
	sl := run.slaves[int hd tl f - 1];
	what := hd f;
	f = tl tl f;
	n -= 2;
	if(what == "fail"){
		sl.why = "";
		for(; f != nil; f = tl f)
			sl.why += " " + hd f;
		if(sl.why != "")
			sl.why = sl.why[1:];
		return (nil, sys->sprint("slave %d (%s) failed: %s", sl.i, sl.sc.name, sl.why));
	}
	if(what != want)
		return (nil, "unexpected message from a slave: " + s);
	if(what == "done"){
		if(n != 3 + len sl.sc.lines)
			return (nil, "bad message from a slave: " + s);
		sl.acctid = int hd f;
		sl.first = big hd tl f;
		sl.last = big hd tl tl f;
		f = tl tl tl f;
		sl.linet = array[len sl.sc.lines] of big;
		for(i := 0; i < len sl.linet; i++){
			sl.linet[i] = big hd f;
			f = tl f;
		}
		sl.done = bench->microsec();
		sl.finished = 1;
	}
	return (sl, nil);
}

# watchdog ends a run that takes too long: both pipes the driver may
# be waiting on get a timeout message
watchdog(secs: int, sync, fin: ref Sys->FD, pidc: chan of int)
{
	pidc <-= sys->pctl(0, nil);
	sys->sleep(secs*1000);
	sys->fprint(sync, "timeout\n");
	sys->fprint(fin, "timeout\n");
}

# endslaves kills each slave's process group, and the groups of any
# background commands it left (threads in its name space), and waits
# until none of their threads is left: the RFC's logout_force
endslaves(run: ref Run)
{
	for(i := 0; i < len run.slaves; i++){
		sl := run.slaves[i];
		if(sl != nil && sl.pid > 0)
			kill(sl.pid, "killgrp");
	}
	t0 := sys->millisec();
	for(;;){
		left := threadsof(run);
		if(left == nil)
			break;
		if(sys->millisec() - t0 > 10000){
			s := "";
			for(; left != nil; left = tl left)
				s += " " + string (hd left).t0;
			sys->fprint(stderr, "sysbench: run %d: threads outlived their slaves:%s\n", run.n, s);
			if(run.why == nil)
				run.why = "slaves could not be ended";
			break;
		}
		for(; left != nil; left = tl left){
			(pid, g) := hd left;
			if(!leader(run, g))
				kill(pid, "killgrp");
		}
		sys->sleep(5);
	}
}

leader(run: ref Run, g: int): int
{
	for(i := 0; i < len run.slaves; i++)
		if(run.slaves[i] != nil && run.slaves[i].pid == g)
			return 1;
	return 0;
}

kill(pid: int, how: string)
{
	fd := sys->open(sys->sprint("#p/%d/ctl", pid), Sys->OWRITE);
	if(fd != nil)
		sys->fprint(fd, "%s", how);
}

# gone waits until thread pid has gone, as a killed one goes as soon
# as it runs again
gone(pid: int)
{
	f := sys->sprint("#p/%d", pid);
	for(i := 0; i < 2000; i++){
		(ok, nil) := sys->stat(f);
		if(ok < 0)
			return;
		sys->sleep(5);
	}
	sys->fprint(stderr, "sysbench: thread %d would not die\n", pid);
}

# threadsof lists the threads (pid, process group) left in the slaves'
# process groups or name spaces
threadsof(run: ref Run): list of (int, int)
{
	(d, n) := readdir->init("#p", Readdir->NONE);
	left: list of (int, int);
	for(i := 0; i < n; i++){
		g := readnum(sys->sprint("#p/%s/pgrp", d[i].name));
		ns := readnum(sys->sprint("#p/%s/nsgrp", d[i].name));
		for(j := 0; j < len run.slaves; j++){
			sl := run.slaves[j];
			if(sl != nil && sl.pid > 0 && (g == sl.pid || sl.nsgrp > 0 && ns == sl.nsgrp)){
				left = (int d[i].name, g) :: left;
				break;
			}
		}
	}
	return left;
}

readnum(f: string): int
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return -1;
	buf := array[32] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return -1;
	(nil, l) := sys->tokenize(string buf[0:n], " \t\n");
	if(l == nil)
		return -1;
	return int hd l;
}

# errlines adds the last lines a failed slave wrote on its standard
# error to the reason it failed
errlines(f: string, sl: ref Slave)
{
	if(sl.why == nil)
		return;
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return;
	buf := array[512] of byte;
	(ok, d) := sys->fstat(fd);
	if(ok >= 0 && d.length > big len buf)
		sys->seek(fd, d.length - big len buf, Sys->SEEKSTART);
	n := sys->readn(fd, buf, len buf);
	if(n <= 0)
		return;
	s := string buf[0:n];
	if(s[len s - 1] == '\n')
		s = s[0:len s - 1];
	sys->fprint(stderr, "sysbench: slave %d (%s) standard error ends:\n%s\n", sl.i, sl.sc.name, s);
}

# rmtree removes f and everything under it
rmtree(f: string)
{
	(ok, d) := sys->stat(f);
	if(ok < 0)
		return;
	if(d.mode & Sys->DMDIR){
		(e, n) := readdir->init(f, Readdir->NONE);
		for(i := 0; i < n; i++)
			rmtree(f + "/" + e[i].name);
	}
	sys->remove(f);
}

#
# a slave
#

# slave logs in as a session of its own, sets up, says it is ready,
# waits for the start, follows its script and says it is done; then
# it blocks until the driver ends it.  Its first thread's pid, the id
# of its process group, goes on pidc before anything else.
slave(i: int, sc: ref Script, home, errf: string, fds: array of int, pidc: chan of int)
{
	pid := sys->pctl(Sys->NEWPGRP|Sys->FORKNS|Sys->FORKENV|Sys->FORKFD, nil);
	pidc <-= pid;
	syncfd, finfd, termfd: ref Sys->FD;
	msg: string;
	{
		msg = login(home, errf, fds);
		syncfd = sys->fildes(fds[0]);
		startfd := sys->fildes(fds[1]);
		finfd = sys->fildes(fds[2]);
		termfd = sys->fildes(fds[3]);
		sh := load Sh Sh->PATH;
		if(msg == nil && sh == nil)
			msg = sys->sprint("cannot load %s: %r", Sh->PATH);
		acctfd := sys->open("#u/ctl", Sys->ORDWR);
		linet := array[len sc.lines] of {* => big 0};
		if(msg == nil)
			msg = follow(sh, sc, 1, linet);
		if(msg != nil){
			sys->fprint(syncfd, "fail %d %s\n", i, oneline(msg));
			block(termfd);
			return;
		}
		sys->fprint(syncfd, "ready %d\n", i);
		buf := array[1] of byte;
		while(sys->read(startfd, buf, len buf) > 0)
			;
		startfd = nil;

		# released: the account holds only what follows
		id := 0;
		if(acctfd != nil && sys->fprint(acctfd, "new") > 0)
			id = readnum(sys->sprint("#u/ctl"));
		first := bench->microsec();
		msg = follow(sh, sc, 0, linet);
		last := bench->microsec();
		if(msg != nil)
			sys->fprint(finfd, "fail %d %s\n", i, oneline(msg));
		else{
			s := sys->sprint("done %d %d %bd %bd", i, id, first, last);
			for(j := 0; j < len linet; j++)
				s += " " + string linet[j];
			sys->fprint(finfd, "%s\n", s);
		}
	} exception e {
	"killed" or "interrupted" =>
		raise e;
	"*" =>
		msg = "slave fault: " + e;
		if(syncfd != nil)
			sys->fprint(syncfd, "fail %d %s\n", i, oneline(msg));
		if(finfd != nil)
			sys->fprint(finfd, "fail %d %s\n", i, oneline(msg));
	}
	block(termfd);
}

# login gives the thread (whose descriptors are a copy of the
# driver's, so 0, 1 and 2 are open) /dev/null and errf as its standard
# descriptors, only the coordination pipes beside them, and home as
# its /tmp.  The FDs opened here must be gone before NEWFD: each holds
# the copied group, which would keep the driver's end of the start
# pipe open.
login(home, errf: string, fds: array of int): string
{
	null := sys->open("/dev/null", Sys->ORDWR);
	if(null == nil)
		return sys->sprint("cannot open /dev/null: %r");
	err := sys->create(errf, Sys->OWRITE, 8r666);
	if(err == nil)
		return sys->sprint("cannot create %s: %r", errf);
	sys->dup(null.fd, 0);
	sys->dup(null.fd, 1);
	sys->dup(err.fd, 2);
	null = err = nil;
	keep := 0 :: 1 :: 2 :: nil;
	for(i := 0; i < len fds; i++)
		keep = fds[i] :: keep;
	sys->pctl(Sys->NEWFD, keep);
	if(sys->bind(home, "/tmp", Sys->MREPL|Sys->MCREATE) < 0)
		return sys->sprint("cannot bind %s on /tmp: %r", home);
	if(sys->chdir("/tmp") < 0)
		return sys->sprint("cannot change to /tmp: %r");
	return nil;
}

# follow runs the setup lines of sc, or the others, each as often as
# it says, adding each line's time to linet; it stops at the first
# that fails and says why.
follow(sh: Sh, sc: ref Script, setup: int, linet: array of big): string
{
	for(i := 0; i < len sc.lines; i++){
		l := sc.lines[i];
		if(l.setup != setup)
			continue;
		for(k := 0; k < l.count; k++){
			t0 := bench->microsec();
			why := runcmd(sh, l.cmd);
			runcmd(sh, "wait");	# its background commands are part of it
			linet[i] += bench->microsec() - t0;
			if(why != nil)
				return sys->sprint("%s:%d: %s: %s", sc.path, l.lineno, l.cmd, why);
		}
	}
	return nil;
}

runcmd(sh: Sh, cmd: string): string
{
	{
		sh->init(nil, "sh" :: "-c" :: cmd :: nil);
	} exception e {
	"fail:*" =>
		return e[5:];
	"killed" or "interrupted" =>
		raise e;
	"*" =>
		return e;
	}
	return nil;
}

block(fd: ref Sys->FD)
{
	buf := array[1] of byte;
	while(fd != nil && sys->read(fd, buf, len buf) > 0)
		;
}

oneline(s: string): string
{
	for(i := 0; i < len s; i++)
		if(s[i] == '\n')
			s[i] = ' ';
	return s;
}

#
# meters
#

newwait(): ref Wait
{
	return ref Wait(big 0, big 0, big 0, array[Nbucket] of {* => big 0});
}

# readacct reads account id (acct(3))
readacct(id: int, sl: ref Slave): (ref Acct, string)
{
	if(id == 0)
		return (nil, nil);	# no #u: no accounts
	fd := sys->open(sys->sprint("#u/%d", id), Sys->OREAD);
	if(fd == nil)
		return (nil, sys->sprint("slave %d (%s): account %d: %r", sl.i, sl.sc.name, id));
	b := bufio->fopen(fd, Bufio->OREAD);
	a := ref Acct(array[len counters] of {* => big 0}, array[len waitkinds] of ref Wait);
	while((s := b.gets('\n')) != nil){
		(n, f) := sys->tokenize(s, " \n");
		if(n < 2)
			continue;
		for(i := 0; i < len counters; i++)
			if(hd f == counters[i])
				a.c[i] = big hd tl f;
		for(i = 0; i < len waitkinds; i++)
			if(hd f == waitkinds[i] && n == 4 + Nbucket){
				w := newwait();
				l := tl f;
				w.n = big hd l;
				w.total = big hd tl l;
				w.max = big hd tl tl l;
				l = tl tl tl l;
				for(k := 0; k < Nbucket; k++){
					w.h[k] = big hd l;
					l = tl l;
				}
				a.w[i] = w;
			}
	}
	for(i := 0; i < len waitkinds; i++)
		if(a.w[i] == nil)
			return (nil, sys->sprint("slave %d: account %d has no %s line", sl.i, id, waitkinds[i]));
	return (a, nil);
}

# a counter of the kernel's, and its value
Kmeter: adt
{
	name:	string;
	label:	string;
	ylabel:	string;
	unit:	string;
	v:	real;
};

# kernelmeters reads the kernel's counters, those of these sources
# that are present: /dev/sysstat, the bench device's stats, #a's
# allocations and #w's waits.  The result is in the sources' order.
kernelmeters(): list of ref Kmeter
{
	m: list of ref Kmeter;
	f := words("#c/sysstat");
	if(f != nil && len hd f >= 4){
		l := tl hd f;
		m = ref Kmeter("cs", "context switches", "Count", "n", real hd l) :: m;
		m = ref Kmeter("intr", "interrupts", "Count", "n", real hd tl l) :: m;
		m = ref Kmeter("syscall", "system calls", "Count", "n", real hd tl tl l) :: m;
	}
	fd := sys->open("#x/bctl", Sys->OWRITE);
	if(fd != nil && sys->fprint(fd, "stats") > 0){
		for(f = words("#x/bdata"); f != nil; f = tl f){
			l := hd f;
			case hd l {
			"idlewait" =>
				m = meter(m, "idlewait.n", "idle collector waits", "Count", "n", l, "n");
				m = meter(m, "idlewait.total", "idle collector wait", "Time", "us", l, "total");
			"idlerun" =>
				m = meter(m, "idlerun.n", "idle collections", "Count", "n", l, "n");
				m = meter(m, "idlerun.quanta", "idle collection quanta", "Count", "n", l, "quanta");
			"gcstat" =>
				m = meter(m, "gc.epochs", "collector epochs", "Count", "n", l, "epochs");
			}
		}
	}
	# allocations (alloc(3)): "pool name key value ..." and "obj name ..."
	for(f = words("#a/alloc"); f != nil; f = tl f){
		l := hd f;
		if(len l < 4 || hd l != "pool" && hd l != "obj")
			continue;
		n := hd tl l;
		m = meter(m, "alloc." + n + ".allocs", n + " allocations", "Count", "n", l, "allocs");
		m = meter(m, "alloc." + n + ".frees", n + " frees", "Count", "n", l, "frees");
		m = meter(m, "alloc." + n + ".fails", n + " failed allocations", "Count", "n", l, "fails");
	}
	# waits (#w): a line a site, "type pc symbol file:line n total max h0 ...",
	# times in ns; summed by type
	w: list of ref Kmeter;
	for(f = words("#w/waitstat"); f != nil; f = tl f){
		l := hd f;
		if(len l < 7)
			continue;
		t := hd l;
		l = tl tl tl tl l;
		w = sum(w, ref Kmeter("wait." + t + ".n", t + " waits (all)", "Count", "n", real hd l));
		w = sum(w, ref Kmeter("wait." + t + ".total", t + " wait (all)", "Time", "us", real hd tl l / 1000.0));
	}
	for(; w != nil; w = tl w)
		m = hd w :: m;
	r: list of ref Kmeter;
	for(; m != nil; m = tl m)
		r = hd m :: r;
	return r;
}

# meter adds the value that follows key in the words l
meter(m: list of ref Kmeter, name, label, ylabel, unit: string, l: list of string, key: string): list of ref Kmeter
{
	for(l = tl l; l != nil && tl l != nil; l = tl l)
		if(hd l == key)
			return ref Kmeter(name, label, ylabel, unit, real hd tl l) :: m;
	return m;
}

# sum adds k to the meter of its name in l, or puts it first
sum(l: list of ref Kmeter, k: ref Kmeter): list of ref Kmeter
{
	for(x := l; x != nil; x = tl x)
		if((hd x).name == k.name){
			(hd x).v += k.v;
			return l;
		}
	return k :: l;
}

# words reads a file as lines of words; nil if it cannot be read
words(f: string): list of list of string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return nil;
	b := bufio->fopen(fd, Bufio->OREAD);
	r: list of list of string;
	while((s := b.gets('\n')) != nil){
		(n, l) := sys->tokenize(s, " \t\n");
		if(n > 0)
			r = l :: r;
	}
	o: list of list of string;
	for(; r != nil; r = tl r)
		o = hd r :: o;
	return o;
}

# diffmeters is b - a, meter by meter, in b's order
diffmeters(a, b: list of ref Kmeter): list of ref Kmeter
{
	d: list of ref Kmeter;
	for(; b != nil; b = tl b){
		k := hd b;
		for(l := a; l != nil; l = tl l)
			if((hd l).name == k.name){
				d = ref Kmeter(k.name, k.label, k.ylabel, k.unit, k.v - (hd l).v) :: d;
				break;
			}
	}
	r: list of ref Kmeter;
	for(; d != nil; d = tl d)
		r = hd d :: r;
	return r;
}

#
# results
#

# gather adds a valid run's meters to the series and its waits to the
# histograms
gather(run: ref Run)
{
	r := run.n - 1;
	put("total", "total", "Time", "ms", r, msr(run.stop - run.start));
	put("end", "ending the slaves", "Time", "ms", r, msr(run.end - run.stop));
	tot := array[len counters] of {* => big 0};
	wt := array[len waitkinds] of {* => newwait()};
	nacct := 0;
	for(i := 0; i < len run.slaves; i++){
		sl := run.slaves[i];
		who := sys->sprint("slave%d.%s", sl.i, sl.sc.name);
		label := sys->sprint("slave %d %s", sl.i, sl.sc.name);
		put(who, label, "Time", "ms", r, msr(sl.last - sl.first));
		a := sl.acct;
		if(a == nil)
			continue;
		nacct++;
		put(who + ".cpu", label + " cpu", "Time", "ms", r, real a.c[4] / 1.0e6);
		for(k := 0; k < len counters; k++)
			tot[k] += a.c[k];
		for(k = 0; k < len waitkinds; k++){
			addwait(wt[k], a.w[k]);
			addwait(hist[k], a.w[k]);
		}
	}
	if(nacct > 0){
		for(k := 0; k < len counters; k++)
			if(k >= 4)
				put(counters[k], counters[k] + " (slaves)", "Time", "ms", r, real tot[k] / 1.0e6);
			else
				put(counters[k], counters[k] + " (slaves)", "Count", "n", r, real tot[k]);
		for(k = 0; k < len waitkinds; k++){
			w := wt[k];
			put(waitkinds[k] + ".n", waitkinds[k] + " waits", "Count", "n", r, real w.n);
			mean := 0.0;
			if(w.n > big 0)
				mean = real w.total / real w.n / 1000.0;
			put(waitkinds[k] + ".mean", waitkinds[k] + " mean wait", "Time", "us", r, mean);
		}
	}
	for(l := run.kmeters; l != nil; l = tl l){
		k := hd l;
		put("k." + k.name, k.label, k.ylabel, k.unit, r, k.v);
	}
}

addwait(t, w: ref Wait)
{
	t.n += w.n;
	t.total += w.total;
	if(w.max > t.max)
		t.max = w.max;
	for(k := 0; k < Nbucket; k++)
		t.h[k] += w.h[k];
}

put(name, label, ylabel, unit: string, r: int, v: real)
{
	for(i := 0; i < nseries; i++)
		if(series[i].name == name)
			break;
	if(i == nseries){
		if(nseries == len series){
			ns := array[2 * len series] of ref Series;
			ns[0:] = series;
			series = ns;
		}
		series[nseries++] = ref Series(name, label, ylabel, unit,
			array[nruns] of {* => 0.0}, array[nruns] of {* => 0});
	}
	series[i].v[r] = v;
	series[i].have[r] = 1;
}

# values of s over the runs that have it
values(s: ref Series): array of real
{
	n := 0;
	for(r := 0; r < nruns; r++)
		if(s.have[r])
			n++;
	a := array[n] of real;
	n = 0;
	for(r = 0; r < nruns; r++)
		if(s.have[r])
			a[n++] = s.v[r];
	return a;
}

# results writes every series as a result line of its runs (plot(1))
results()
{
	out := bufio->fopen(stdout, Bufio->OWRITE);
	for(i := 0; i < nseries; i++){
		s := series[i];
		a := values(s);
		if(len a == 0)
			continue;
		out.puts(sys->sprint("sysbench.%s:1l:Run:n:%s:%s", s.name, s.ylabel, s.unit));
		for(k := 0; k < len a; k++)
			out.puts(" " + samples->fmt(a[k]));
		out.puts("\n");
	}
	if(out.flush() < 0){
		sys->fprint(stderr, "sysbench: write error: %r\n");
		raise "fail:write error";
	}
}

# report writes the RFC's table, each meter's correlation with the
# total, and the wait histograms
report(fd: ref Sys->FD, runs: array of ref Run, sc: array of ref Script, nslaves: int)
{
	out := bufio->fopen(fd, Bufio->OWRITE);
	names := "";
	for(i := 0; i < len sc; i++)
		names += " " + sc[i].name;
	nvalid := 0;
	for(i = 0; i < len runs; i++)
		if(runs[i].why == nil)
			nvalid++;
	out.puts(sys->sprint("sysbench: %d slave%s (scripts%s), %d run%s, %d valid\n",
		nslaves, plural(nslaves), names, len runs, plural(len runs), nvalid));
	out.puts(sys->sprint("%-4s %12s %12s  %s\n", "run", "total ms", "end ms", "status"));
	for(i = 0; i < len runs; i++){
		r := runs[i];
		st := "ok";
		if(r.why != nil)
			st = "invalid: " + r.why;
		out.puts(sys->sprint("%-4d %12s %12s  %s\n", r.n, ms(r.stop - r.start), ms(r.end - r.stop), st));
	}
	if(nvalid == 0){
		out.flush();
		return;
	}

	tot: ref Series;
	for(i = 0; i < nseries; i++)
		if(series[i].name == "total")
			tot = series[i];
	out.puts(sys->sprint("\n%-28s %5s %12s %12s %12s %7s\n", "", "runs", "HIGH", "LOW", "MEAN", "spread"));
	for(i = 0; i < nseries; i++){
		s := series[i];
		if(s.name != "total" && !prefix("slave", s.name) && s.name != "cpu")
			continue;
		a := values(s);
		sm := Sample.new(len a);
		for(k := 0; k < len a; k++)
			sm.addreal(a[k]);
		(n, mean, lo, hi, nil) := sm.stat();
		spread := "-";
		if(mean != 0.0)
			spread = sys->sprint("%.1f%%", 100.0 * (hi - lo) / mean);
		out.puts(sys->sprint("%-28s %5d %12.3f %12.3f %12.3f %7s\n", lab(s), n, hi, lo, mean, spread));
	}

	out.puts(sys->sprint("\n%-28s %14s %8s %8s\n", "meter (per run)", "mean", "r", "rho"));
	ta := array[nruns] of real;
	for(i = 0; i < nseries; i++){
		s := series[i];
		if(s.name == "total" || prefix("slave", s.name))
			continue;
		# pairs of runs that have both
		x := array[nruns] of real;
		n := 0;
		for(k := 0; k < nruns; k++)
			if(s.have[k] && tot.have[k]){
				x[n] = s.v[k];
				ta[n++] = tot.v[k];
			}
		m := 0.0;
		for(k = 0; k < n; k++)
			m += x[k];
		if(n > 0)
			m /= real n;
		# two points are always on a line: no correlation below three
		(pr, ok) := stats->pearson(ta[0:n], x[0:n]);
		(sr, ok2) := stats->spearman(ta[0:n], x[0:n]);
		if(n < 3)
			ok = ok2 = 0;
		out.puts(sys->sprint("%-28s %14.3f %8s %8s\n", lab(s), m, corr(pr, ok), corr(sr, ok2)));
	}

	for(k := 0; k < len waitkinds; k++){
		w := hist[k];
		if(w.n == big 0)
			continue;
		out.puts(sys->sprint("\n%s: %bd waits, mean %.1f us, max %.1f us (all slaves, valid runs)\n",
			waitkinds[k], w.n, real w.total / real w.n / 1000.0, real w.max / 1000.0));
		quantize(out, w);
	}
	out.flush();
}

lab(s: ref Series): string
{
	if(s.unit == "n")
		return s.label;
	return s.label + " " + s.unit;
}

corr(r: real, ok: int): string
{
	if(!ok)
		return "-";
	return sys->sprint("%.3f", r);
}

# quantize draws a histogram of powers of two as DTrace's quantize does
quantize(out: ref Iobuf, w: ref Wait)
{
	lo := 0;
	while(w.h[lo] == big 0)
		lo++;
	hi := Nbucket - 1;
	while(w.h[hi] == big 0)
		hi--;
	out.puts(sys->sprint("%12s  %-40s %s\n", "us", "------------- Distribution -------------", "count"));
	for(k := lo; k <= hi; k++){
		v := "<1";
		if(k > 0)
			v = string (big 1 << (k-1));
		if(k == Nbucket-1)
			v = ">=" + v;
		bar := int (big 40 * w.h[k] / w.n);
		s := "";
		for(j := 0; j < 40; j++)
			if(j < bar)
				s[j] = '@';
			else
				s[j] = ' ';
		out.puts(sys->sprint("%12s |%s %bd\n", v, s, w.h[k]));
	}
}

# timeline writes the run's moments, microseconds from its start (-v)
timeline(run: ref Run)
{
	t := run.start;
	if(t == big 0)
		t = run.stop;
	sys->fprint(stderr, "run %d: start 0 stop %bd end %bd\n", run.n, run.stop - t, run.end - t);
	for(i := 0; i < len run.slaves; i++){
		sl := run.slaves[i];
		if(sl == nil)
			continue;
		s := sys->sprint("run %d slave %d %s: pid %d ready %bd", run.n, sl.i, sl.sc.name, sl.pid, sl.ready - t);
		if(sl.finished)
			s += sys->sprint(" first %bd last %bd done %bd", sl.first - t, sl.last - t, sl.done - t);
		if(sl.acct != nil)
			s += sys->sprint(" cpu %bd", sl.acct.c[4] / big 1000);
		sys->fprint(stderr, "%s\n", s);
		for(j := 0; sl.linet != nil && j < len sl.linet; j++)
			if(!sl.sc.lines[j].setup)
				sys->fprint(stderr, "run %d slave %d %s line %d: %bd\n", run.n, sl.i, sl.sc.name, sl.sc.lines[j].lineno, sl.linet[j]);
	}
}

prefix(p, s: string): int
{
	return len s >= len p && s[0:len p] == p;
}

ms(us: big): string
{
	return sys->sprint("%.3f", msr(us));
}

msr(us: big): real
{
	return real us / 1000.0;
}
