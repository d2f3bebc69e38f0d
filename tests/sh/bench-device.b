implement Benchdev;

# bench-device -- the bench device #x and $Bench, checked from Limbo in
# the kernel.  Prints one line per check, "ok NAME" or "FAIL NAME: why",
# and nothing that depends on timing.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bench.m";
	bench: Bench;

Benchdev: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

ctl, data: ref Sys->FD;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	if(sys->bind("#x", "/dev", Sys->MBEFORE) < 0)
		fail("bind", sys->sprint("%r"));
	ctl = sys->open("/dev/bctl", Sys->OWRITE);
	data = sys->open("/dev/bdata", Sys->OREAD);
	if(ctl == nil || data == nil)
		fail("open", sys->sprint("%r"));
	bench = load Bench Bench->PATH;
	if(bench == nil)
		fail("load", sys->sprint("%r"));
	files();
	busec();
	commands();
	errors();
	bdata();
	bmodule();
	distimer();
	concurrent();
}

fail(name, why: string)
{
	sys->print("FAIL %s: %s\n", name, why);
}

check(name: string, ok: int, why: string)
{
	if(ok)
		sys->print("ok %s\n", name);
	else
		fail(name, why);
}

cmd(s: string): string
{
	if(sys->fprint(ctl, "%s", s) < 0)
		return sys->sprint("%r");
	return nil;
}

result(): string
{
	s := "";
	buf := array[8192] of byte;
	off := big 0;
	for(;;){
		n := sys->pread(data, buf, len buf, off);
		if(n <= 0)
			break;
		s += string buf[0:n];
		off += big n;
	}
	return s;
}

# the result without its comment lines (# warmup NAME N)
obs(): string
{
	l := lines(result());
	s := "";
	for(i := 0; i < len l; i++)
		if(l[i] != nil && l[i][0] != '#')
			s += l[i] + "\n";
	return s;
}

words(s: string): list of string
{
	(nil, w) := sys->tokenize(s, " \n");
	return w;
}

# a result line: label of 6 fields named name, then n numbers
isline(l, name, shape: string, n: int): string
{
	w := words(l);
	if(w == nil)
		return "empty";
	(nf, f) := sys->tokenize(hd w, ":");
	if(nf != 6 || hd f != name || hd tl f != shape)
		return "label " + hd w;
	if(len w - 1 != n)
		return sys->sprint("%d values, want %d", len w - 1, n);
	for(w = tl w; w != nil; w = tl w)
		if(!isnum(hd w))
			return "value " + hd w;
	return nil;
}

isnum(s: string): int
{
	d := 0;
	for(i := 0; i < len s; i++)
		if(s[i] >= '0' && s[i] <= '9')
			d++;
		else if(s[i] != '.' && !(i == 0 && s[i] == '-'))
			return 0;
	return d > 0;
}

lines(s: string): array of string
{
	(n, l) := sys->tokenize(s, "\n");
	a := array[n] of string;
	for(i := 0; l != nil; l = tl l)
		a[i++] = hd l;
	return a;
}

files()
{
	(n, d) := sys->dirread(sys->open("#x", Sys->OREAD));
	names := "";
	for(i := 0; i < n; i++)
		names += " " + d[i].name + sys->sprint(":%uo", d[i].mode & 8r777);
	check("dir", names == " bdata:444 bctl:660 busec:666", names);
	fd := sys->open("/dev/bdata", Sys->OWRITE);
	check("bdata-readonly", fd == nil, "opened for writing");
	buf := array[10] of byte;
	fd = sys->open("/dev/bctl", Sys->ORDWR);
	check("bctl-read-empty", fd != nil && sys->read(fd, buf, len buf) == 0, "bctl read gave data");
}

readus(fd: ref Sys->FD, off: big): big
{
	buf := array[32] of byte;
	n := sys->pread(fd, buf, len buf, off);
	if(n <= 0)
		return big -1;
	return big string buf[0:n];
}

busec()
{
	w := sys->open("/dev/busec", Sys->OWRITE);
	r := sys->open("/dev/busec", Sys->OREAD);
	sys->sleep(30);
	a := readus(r, big 0);
	check("busec-counts", a >= big 20000, sys->sprint("%bd after 30 ms", a));
	check("busec-reset", sys->write(w, array[1] of byte, 1) == 1 && readus(r, big 0) < a, "no reset");
	check("busec-reset-empty-write", sys->write(w, array[0] of byte, 0) == 0, sys->sprint("%r"));
	# the offset is ignored: reads in a row without seeking, and at odd offsets
	buf := array[32] of byte;
	ok := 1;
	last := big 0;
	for(i := 0; i < 100; i++){
		n := sys->read(r, buf, len buf);
		if(n <= 0){
			ok = 0;
			break;
		}
		v := big string buf[0:n];
		if(v < last)
			ok = 0;
		last = v;
	}
	check("busec-no-seek", ok, "a read in a row failed or went back");
	check("busec-odd-offset", readus(r, big 12345) >= last && readus(r, big 1<<40) >= last, "offset mattered");
	n := sys->read(r, buf, 1);
	check("busec-short-read", n == 1, sys->sprint("read 1 gave %d", n));
}

commands()
{
	e := cmd("calibrate 3");
	l := lines(result());
	check("calibrate", e == nil && len l == 2 && isline(l[0], "CALIBRATE", "1d", 3) == nil, e+result());
	w := words(l[1]);
	check("calibrate-tsc", len l == 2 && len w == 5 && hd w == "#" && hd tl w == "tsc" && isnum(hd tl tl w) &&
		hd tl tl tl w == "ppm" && isnum(hd tl tl tl tl w) && keyline(stat("tschz"), "tschz") ==
		"tschz " + hd tl tl w + " ppm " + hd tl tl tl tl w + " clockhz 100", result()+stat("tschz"));
	e = cmd("ms2ts");
	w = words(result());
	check("ms2ts", e == nil && len w == 1 && isnum(hd w) && int hd w > 0, result());
	e = cmd("base 50");
	check("base", e == nil && isline(obs(), "TSCBASE", "1d", 50) == nil, e+result());
	check("base-warmup", e == nil && lines(result())[0] == "# warmup TSCBASE 10", result());
	e = cmd("op nil 20 3");
	check("op-nil", e == nil && isline(obs(), "OPNIL", "1d", 60) == nil, e+result());
	e = cmd("op sched 20 2");
	check("op-sched", e == nil && isline(obs(), "OPSCHED", "1d", 40) == nil, e+result());
	e = cmd("op sched");
	check("op-sched-default", e == nil && isline(obs(), "OPSCHED", "1d", 1000) == nil, e);
	e = cmd("intr 5");
	l = lines(obs());
	ok := e == nil && len l == 4;
	names := array[] of {"INTR", "INTRARRIVE", "INTRWAKEUP", "INTRSCHED"};
	for(i := 0; ok && i < 4; i++)
		ok = isline(l[i], names[i], "1d", 5) == nil;
	check("intr", ok, e+result());
	e = cmd("gc sched 30");
	check("gc-sched", e == nil && isline(obs(), "GCSCHED", "1l", 30) == nil, e+result());
	e = cmd("gc acquire 30");
	check("gc-acquire", e == nil && isline(obs(), "GCACQUIRE", "1l", 30) == nil, e+result());
	e = cmd("gc idle 5");
	check("gc-idle", e == nil && isline(obs(), "GCIDLE", "1l", 5) == nil, e+result());
	warmup();
	e = cmd("gc off");
	check("gc-off", e == nil && result() == "gc off\n" && stat("gc") == "gc off gchalt 1", e+stat("gc"));
	stopped := "the collector is stopped (gc off, Bench->disablegc, bench -g): nothing to time";
	e = cmd("gc sched 5");
	check("gc-sched-stopped", e == stopped + " \"gc sched 5\"", e);
	e = cmd("gc idle 5");
	check("gc-idle-stopped", e == stopped + " \"gc idle 5\"", e);
	e = cmd("gc off");
	check("gc-off-twice", e == nil && stat("gc") == "gc off gchalt 1", stat("gc"));
	e = cmd("gc on");
	check("gc-on", e == nil && stat("gc") == "gc on gchalt 0", e+stat("gc"));
	e = cmd("idlegc old");
	check("idlegc-old", e == nil && stat("idlegc") == "idlegc old", stat("idlegc"));
	e = cmd("idlegc patched");
	check("idlegc-patched", e == nil && stat("idlegc") == "idlegc patched", stat("idlegc"));
	# the counters as the reset left them: a later stats may see a new idle wait (pcold, real)
	e = cmd("stats reset");
	iw := keyline(result(), "idlewait");
	check("stats-reset", e == nil && iw == "idlewait n 0 max 0.0 total 0.0 maxquanta 0", iw);
}

# warmup: iterations before the observations, named in a comment line
warmup()
{
	e := cmd("warmup");
	check("warmup-default", e == nil && result() == "warmup 10\n" && stat("warmup") == "warmup 10", e+result());
	e = cmd("warmup 3");
	check("warmup-set", e == nil && result() == "warmup 3\n", e+result());
	e = cmd("gc sched 4");
	l := lines(result());
	check("warmup-line", e == nil && len l == 2 && l[0] == "# warmup GCSCHED 3" && isline(l[1], "GCSCHED", "1l", 4) == nil, e+result());
	e = cmd("intr 2");
	l = lines(result());
	check("warmup-intr", e == nil && len l == 8 && l[6] == "# warmup INTRSCHED 3" && isline(l[7], "INTRSCHED", "1d", 2) == nil, e+result());
	e = cmd("warmup 0");
	e += cmd("op nil 5");
	l = lines(result());
	check("warmup-none", e == nil && len l == 2 && l[0] == "# warmup OPNIL 0" && isline(l[1], "OPNIL", "1d", 5) == nil, e+result());
	e = cmd("warmup 10");
	check("warmup-back", e == nil && stat("warmup") == "warmup 10", e);
}

stat(key: string): string
{
	if(cmd("stats") != nil)
		return "stats failed";
	return keyline(result(), key);
}

# the line of stats output s that starts with key
keyline(s, key: string): string
{
	l := lines(s);
	for(i := 0; i < len l; i++){
		w := words(l[i]);
		if(w != nil && hd w == key)
			return l[i];
	}
	return "no " + key;
}

errors()
{
	e := cmd("base 7");
	prev := result();
	bad := array[] of {
		("bogus", "unknown control message \"bogus\""),
		("", "empty control message"),
		("base 0", "count must be 1 to 100000 \"base 0\""),
		("base 100001", "count must be 1 to 100000 \"base 100001\""),
		("base x", "count must be 1 to 100000 \"base x\""),
		("base 1 2", "wrong number of arguments \"base 1 2\""),
		("intr 1001", "count must be 1 to 1000 \"intr 1001\""),
		("op", "want op nil|sched [reps [procs]], op lock [reps [hold-us]] or op deadlock \"op\""),
		("op add", "want op nil|sched [reps [procs]], op lock [reps [hold-us]] or op deadlock \"op add\""),
		("op nil 10 9", "count must be 1 to 8 \"op nil 10 9\""),
		("op lock 1 2 3", "want op lock [reps [hold-us]] \"op lock 1 2 3\""),
		("op deadlock 1", "want op nil|sched [reps [procs]], op lock [reps [hold-us]] or op deadlock \"op deadlock 1\""),
		("op lock 1 -1", "count must be 0 to 2000000 \"op lock 1 -1\""),
		("gc", "want gc sched|acquire|idle [reps] or gc off|on \"gc\""),
		("gc off 1", "want gc sched|acquire|idle [reps] or gc off|on \"gc off 1\""),
		("gc sched -1", "count must be 1 to 100000 \"gc sched -1\""),
		("dis timer", "wrong number of arguments \"dis timer\""),
		("dis timer go", "dis timer: want startclr, start, stop, report or summary"),
		("dis clock start", "want dis timer startclr|start|stop|report|summary \"dis clock start\""),
		("idlegc", "wrong number of arguments \"idlegc\""),
		("idlegc new", "want idlegc old|patched \"idlegc new\""),
		("ms2ts 1", "wrong number of arguments \"ms2ts 1\""),
		("stats all", "want stats [reset] \"stats all\""),
		("warmup 1001", "count must be 0 to 1000 \"warmup 1001\""),
		("warmup -1", "count must be 0 to 1000 \"warmup -1\""),
		("warmup x", "count must be 0 to 1000 \"warmup x\""),
		("warmup 1 2", "wrong number of arguments \"warmup 1 2\""),
		("calibrate 0", "count must be 1 to 1000 \"calibrate 0\""),
	};
	for(i := 0; i < len bad; i++){
		(c, want) := bad[i];
		e = cmd(c);
		check("error " + c, e == want, "got " + e);
	}
	huge := array[1024*1024] of { * => byte 'a' };
	n := sys->write(ctl, huge, len huge);
	check("error huge write", n < 0 && sys->sprint("%r") == "read or write too large", sys->sprint("%d %r", n));
	check("error keeps result", result() == prev, "result changed");
}

bdata()
{
	cmd("base 300");
	s := result();
	(ok, d) := sys->fstat(data);
	check("bdata-length", ok == 0 && int d.length == len s, sys->sprint("stat %bd, read %d", d.length, len s));
	# reads at odd offsets and of odd sizes give the same bytes
	b := array of byte s;
	buf := array[7] of byte;
	good := 1;
	for(off := 3; off < len b; off += 7){
		n := sys->pread(data, buf, len buf, big off);
		want := len b - off;
		if(want > 7)
			want = 7;
		if(n != want || string buf[0:n] != string b[off:off+n])
			good = 0;
	}
	check("bdata-odd-offsets", good, "mismatch");
	check("bdata-past-end", sys->pread(data, buf, len buf, big len b) == 0 && sys->pread(data, buf, len buf, big 1<<40) == 0, "data past the end");
}

bmodule()
{
	bench->reset();
	t0 := bench->microsec();
	sys->sleep(20);
	t1 := bench->microsec();
	check("microsec", t0 >= big 0 && t0 < big 10000 && t1 - t0 >= big 15000, sys->sprint("%bd %bd", t0, t1));
	bench->reset();
	check("microsec-reset", bench->microsec() < t1, "no reset");
	# nanosec: the same clock in ns, never going back
	bench->reset();
	ns0 := bench->nanosec();
	us := bench->microsec();
	ns1 := bench->nanosec();
	check("nanosec-base", ns0 >= big 0 && ns0 < big 10000000 && ns0/big 1000 <= us && us <= ns1/big 1000,
		sys->sprint("%bd %bd %bd", ns0, us, ns1));
	mono := 1;
	prev := bench->nanosec();
	for(k := 0; k < 1000; k++){
		t := bench->nanosec();
		if(t < prev)
			mono = 0;
		prev = t;
	}
	sys->sleep(20);
	t2 := bench->nanosec();
	check("nanosec-monotonic", mono && t2 - prev >= big 15000000, sys->sprint("%bd %bd", prev, t2));
	bench->disablegc();
	bench->disablegc();
	g2 := stat("gc");
	bench->enablegc();
	g1 := stat("gc");
	bench->enablegc();
	bench->enablegc();
	g0 := stat("gc");
	check("disablegc-nests", g2 == "gc on gchalt 2" && g1 == "gc on gchalt 1" && g0 == "gc on gchalt 0", g2+"/"+g1+"/"+g0);
	cmd("gc off");
	bench->enablegc();
	check("enablegc-keeps-gc-off", stat("gc") == "gc off gchalt 1", stat("gc"));
	cmd("gc on");
	fd := sys->open("/dev/sysname", Sys->OREAD);
	buf := array[64] of byte;
	n1 := bench->read(ref Bench->FD(fd.fd), buf, len buf);
	n2 := bench->read(ref Bench->FD(fd.fd), buf, len buf);
	l := lines(result());
	why := sys->sprint("%d %d %d lines", n1, n2, len l);
	phases := array[] of {"READRELEASE", "READKREAD", "READACQUIRE", "READSCHED"};
	for(i := 0; n1 > 0 && n2 == 0 && len l == 4 && why != nil && i < 4; i++)
		why = isline(l[i], phases[i], "1l", 2);
	check("read-logs", why == nil, why);
	(nil, d) := sys->fstat(data);
	check("read-log-length", d.length == big len result(), sys->sprint("length %bd", d.length));

	# failures: -1 with the error string set, as sys->read, and no log
	sys->werrstr("clean");
	n := bench->read(nil, buf, len buf);
	check("read-nil-fd", n == -1 && sys->sprint("%r") == "fd out of range or not open", sys->sprint("%d %r", n));
	sys->werrstr("clean");
	n = bench->read(ref Bench->FD(99), buf, len buf);
	check("read-bad-fd", n == -1 && sys->sprint("%r") == "fd out of range or not open", sys->sprint("%d %r", n));
	wfd := sys->open("/dev/null", Sys->OWRITE);
	sys->werrstr("clean");
	n = bench->read(ref Bench->FD(wfd.fd), buf, len buf);
	check("read-fails", n == -1 && sys->sprint("%r") == "inappropriate use of fd", sys->sprint("%d %r", n));
	l = lines(result());
	check("read-fails-unlogged", len l == 4 && isline(l[0], "READRELEASE", "1l", 2) == nil, sys->sprint("%d lines", len l));
	n = bench->read(ref Bench->FD(fd.fd), nil, 10);
	check("read-nil-buf", n == 0 && len lines(result()) == 4 && isline(lines(result())[0], "READRELEASE", "1l", 2) == nil, sys->sprint("%d", n));
}

loop(n: int): int
{
	s := 0;
	for(i := 0; i < n; i++)
		s += i;
	return s;
}

worker(n: int, c: chan of int)
{
	c <-= loop(n);
}

distimer()
{
	e := cmd("dis timer startclr");
	loop(100);
	c := chan of int;
	spawn worker(50, c);
	<-c;
	e += cmd("dis timer stop");
	loop(10);
	e += cmd("dis timer report");
	l := lines(result());
	check("dis-report", e == nil && len l > 1, e);
	w := words(l[0]);
	check("dis-overhead", len w == 7 && hd w == "overhead" && hd tl w == "nop", l[0]);
	check("dis-nop", isnoprow(l[0]) == nil, isnoprow(l[0]));
	nmine := 0;
	nnop := 0;
	maxn := 0;
	bad := 0;
	for(i := 1; i < len l; i++){
		w = words(l[i]);
		if(len w != 8){
			bad++;
			continue;
		}
		if(hd w == "#x/nop")
			nnop++;
		if(hd w == "/n/local/bench-device.dis"){
			nmine++;
			k := int hd tl tl tl w;
			if(k > maxn)
				maxn = k;
		}
	}
	check("dis-report-rows", bad == 0 && nmine > 5, sys->sprint("%d bad, %d rows of this module", bad, nmine));
	check("dis-nop-apart", nnop == 0, sys->sprint("%d rows of the nop module", nnop));
	# loop's test ran 101 times here and 51 in the spawned thread; the loop after stop is not timed
	check("dis-report-counts", maxn == 152, sys->sprint("max count %d", maxn));
	e = cmd("dis timer summary");
	l = lines(result());
	ok := e == nil && len l > 3;
	for(i = 1; ok && i < len l; i++)
		ok = len words(l[i]) == 6;
	check("dis-summary", ok, e);
	check("dis-stopped", stat("distimer") != nil && hd tl words(stat("distimer")) == "off", stat("distimer"));
	# startclr starts from zero: two runs of the same code give the same counts
	a := timedcounts();
	b := timedcounts();
	check("dis-startclr", a == b && a != nil, a + " / " + b);
}

# the overhead row: the times of the device's 1000 nops, n mean min max std
isnoprow(l: string): string
{
	w := words(l);
	if(w == nil || hd w != "overhead")
		return "not an overhead row: " + l;
	w = tl w;
	if(len w == 6){
		if(hd w != "nop")
			return "timed " + hd w + ", not nop";
		w = tl w;
	}
	if(len w != 5)
		return "want overhead [nop] n mean min max std: " + l;
	for(v := w; v != nil; v = tl v)
		if(!isnum(hd v))
			return "not a number: " + hd v;
	(n, mean, min, max) := (int hd w, real hd tl w, real hd tl tl w, real hd tl tl tl w);
	if(n != 1000)
		return sys->sprint("%d nops timed, want 1000", n);
	if(min <= 0.0 || min > mean || mean > max)
		return "want 0 < min <= mean <= max: " + l;
	return nil;
}

# the counts of this module's instructions while loop(20) runs timed
timedcounts(): string
{
	cmd("dis timer startclr");
	loop(20);
	cmd("dis timer stop");
	cmd("dis timer report");
	l := lines(result());
	s := "";
	for(i := 1; i < len l; i++){
		w := words(l[i]);
		if(len w == 8 && hd w == "/n/local/bench-device.dis")
			s += " " + hd tl w + ":" + hd tl tl tl w;
	}
	return s;
}

user(id: int, c: chan of string)
{
	fd := sys->open("/dev/bctl", Sys->OWRITE);
	for(i := 0; i < 5; i++){
		if(sys->fprint(fd, "base %d", 10+id) < 0){
			c <-= sys->sprint("%r");
			return;
		}
	}
	c <-= nil;
}

concurrent()
{
	c := chan of string;
	for(i := 0; i < 4; i++)
		spawn user(i, c);
	e := "";
	for(i = 0; i < 4; i++)
		e += <-c;
	s := obs();
	w := words(s);
	n := len w - 1;
	check("concurrent", e == nil && n >= 10 && n <= 13 && isline(s, "TSCBASE", "1d", n) == nil, e+s);
}
