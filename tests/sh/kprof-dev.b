implement Kprofdev;

# kprof-dev: the files of #T (kprof) and #w (wait instruments) under
# abuse: bad control messages change nothing, reads at any offset agree
# with a whole read, the counts add up, concurrent readers and writers,
# and a thread killed while profiling.  Prints only what does not
# depend on timing.

include "sys.m";
	sys: Sys;
include "draw.m";

Kprofdev: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Nhdr: con 6;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	if(sys->bind("#T", "/dev", Sys->MBEFORE) < 0 || sys->bind("#w", "/dev", Sys->MBEFORE) < 0){
		sys->print("bind: %r\n");
		raise "fail:bind";
	}
	kpctl();
	kpdata();
	kpsym();
	waitfiles();
	concurrent();
	killed();
	sys->print("done\n");
}

status(f: string): string
{
	b := readall(f);
	return string b;
}

readall(f: string): array of byte
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil){
		sys->print("open %s: %r\n", f);
		return nil;
	}
	b := array[8192] of byte;
	n := 0;
	for(;;){
		if(n == len b){
			nb := array[2*len b] of byte;
			nb[0:] = b;
			b = nb;
		}
		r := sys->read(fd, b[n:], len b - n);
		if(r < 0){
			sys->print("read %s: %r\n", f);
			return nil;
		}
		if(r == 0)
			break;
		n += r;
	}
	return b[0:n];
}

ctl(f, s: string): string
{
	fd := sys->open(f, Sys->OWRITE);
	if(fd == nil)
		return sys->sprint("open: %r");
	b := array of byte s;
	if(b == nil)
		b = array[0] of byte;	# "" is nil, and a nil buffer never reaches the device
	if(sys->write(fd, b, len b) != len b)
		return sys->sprint("%r");
	return "ok";
}

# the status line without the counts, which depend on timing
state(f: string): string
{
	(nil, w) := sys->tokenize(status(f), " \n");
	s := "";
	for(; w != nil; w = tl w)
		case hd w {
		"period" or "samples" or "outside" or "sites" or "dropped" =>
			if(tl w != nil)
				w = tl w;
		* =>
			s += " " + hd w;
		}
	return s;
}

# bad messages on a ctl file: each an error that changes nothing
badctl(f: string, msgs: array of string)
{
	for(i := 0; i < len msgs; i++){
		before := state(f);
		r := ctl(f, msgs[i]);
		after := state(f);
		name := msgs[i];
		if(len name > 20)
			name = sys->sprint("%d bytes", len name);
		ch := "unchanged";
		if(after != before)
			ch = "CHANGED";
		sys->print("%s %q: %s; %s\n", f, name, r, ch);
	}
}

big1m(): string
{
	b := array[1<<20] of byte;
	for(i := 0; i < len b; i++)
		b[i] = byte 'a';
	return string b;
}

# some kernel work: reading the symbol table
work()
{
	for(i := 0; i < 3; i++)
		readall("/dev/kpline");
}

words(b: array of byte): array of int
{
	w := array[len b/4] of int;
	for(i := 0; i < len w; i++)
		w[i] = int b[4*i]<<24 | int b[4*i+1]<<16 | int b[4*i+2]<<8 | int b[4*i+3];
	return w;
}

kpctl()
{
	sys->print("kpctl:%s\n", state("/dev/kpctl"));
	badctl("/dev/kpctl", array[] of {"bogus", "start now", "rate", "rate 5", "rate -10",
		"rate 99999999999999999999", "rate 1e4", "rate 20001", "rate 10000x", "", "\n",
		"stop stop", big1m()});
	sys->print("rate 10000: %s\n", ctl("/dev/kpctl", "rate 10000"));
	sys->print("startclr: %s;%s\n", ctl("/dev/kpctl", "startclr"), state("/dev/kpctl"));
	badctl("/dev/kpctl", array[] of {"rate 200", "rate 10000"});
	work();
	sys->print("stop: %s;%s\n", ctl("/dev/kpctl", "stop"), state("/dev/kpctl"));
}

kpdata()
{
	d := readall("/dev/kpdata");
	w := words(d);
	sys->print("kpdata: words as the header says: %s; word size %d, lres %d, %d us a sample\n",
		yes(len w == w[3] && len d == 4*len w), w[4], w[5], w[2]);
	sum := 0;
	for(i := Nhdr; i < len w; i++)
		sum += w[i];
	sys->print("samples: %s; outside the text: %d; buckets add up: %s\n",
		yes(w[0] > 10), w[1], yes(sum + w[1] == w[0]));
	sys->print("stopped, counts unchanged: %s\n", yes(same(d, readall("/dev/kpdata"))));
	ok := 1;
	fd := sys->open("/dev/kpdata", Sys->OREAD);
	offs := array[] of {0, 1, 2, 3, 5, 23, 24, 4093, len d-3, len d-1, len d, len d+100};
	for(i = 0; i < len offs; i++){
		b := array[7] of byte;
		n := sys->pread(fd, b, len b, big offs[i]);
		e := offs[i] + 7;
		if(e > len d)
			e = len d;
		want := 0;
		if(offs[i] < len d)
			want = e - offs[i];
		if(n != want || n > 0 && !same(b[0:n], d[offs[i]:e]))
			ok = 0;
	}
	sys->print("reads at any offset agree: %s\n", yes(ok));
	t0 := w[0];
	ctl("/dev/kpctl", "start");
	work();
	ctl("/dev/kpctl", "stop");
	w = words(readall("/dev/kpdata"));
	sys->print("start keeps the counts: %s\n", yes(w[0] > t0));
	sys->print("end: %s;%s\n", ctl("/dev/kpctl", "end"), state("/dev/kpctl"));
	w = words(readall("/dev/kpdata"));
	sum = 0;
	for(i = 0; i < len w; i++)
		if(i != 2 && i != 3 && i != 4 && i != 5)
			sum += w[i];
	sys->print("after end, all counts zero: %s\n", yes(sum == 0));
	sys->print("rate 100: %s;%s\n", ctl("/dev/kpctl", "rate 100"), state("/dev/kpctl"));
}

same(a, b: array of byte): int
{
	if(len a != len b)
		return 0;
	for(i := 0; i < len a; i++)
		if(a[i] != b[i])
			return 0;
	return 1;
}

yes(b: int): string
{
	if(b)
		return "yes";
	return "no";
}

hexok(s: string): int
{
	if(len s != 8)
		return 0;
	for(i := 0; i < 8; i++)
		if(!(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f'))
			return 0;
	return 1;
}

kpsym()
{
	(n, l) := sys->tokenize(string readall("/dev/kpsym"), "\n");
	first := hd l;
	last := "";
	names := 0;
	ordered := 1;
	prev := "";
	for(; l != nil; l = tl l){
		(nw, w) := sys->tokenize(hd l, " ");
		if(nw != 2 || !hexok(hd w) || hd w < prev)
			ordered = 0;
		prev = hd w;
		case hd tl w {
		"xec" =>	names |= 1;
		"rungc" =>	names |= 2;
		"qlock" =>	names |= 4;
		"sched" =>	names |= 8;
		}
		last = hd l;
	}
	(nil, fw) := sys->tokenize(first, " ");
	(nil, lw) := sys->tokenize(last, " ");
	sys->print("kpsym: from %s to %s, in order: %s, has xec rungc qlock sched: %s\n",
		hd tl fw, hd tl lw, yes(ordered), yes(names == 15));
	(nil, l) = sys->tokenize(string readall("/dev/kpline"), "\n");
	ordered = 1;
	prev = "";
	qlockc := 0;
	for(; l != nil; l = tl l){
		(nw, w) := sys->tokenize(hd l, " :");
		if(nw != 3 || !hexok(hd w) || hd w < prev || int hd tl tl w <= 0)
			ordered = 0;
		prev = hd w;
		if(hd tl w == "port/qlock.c")
			qlockc++;
	}
	sys->print("kpline: in order, file:line: %s; lines of port/qlock.c: %s\n",
		yes(ordered), yes(qlockc > 10));
}

waitfiles()
{
	sys->print("waitctl:%s\n", state("/dev/waitctl"));
	badctl("/dev/waitctl", array[] of {"bogus", "start now", "reset 1", "", "\n", big1m()});
	sys->print("start: %s;%s\n", ctl("/dev/waitctl", "start"), state("/dev/waitctl"));
	work();
	# a sleep that begins and ends while the instruments are on: those
	# of the idle interpreters the reads wake need not (on a loaded host
	# 5 rounds of work in 300 had none, and the sleep row was missing)
	sys->sleep(10);
	sys->print("stop: %s;%s\n", ctl("/dev/waitctl", "stop"), state("/dev/waitctl"));
	d := readall("/dev/waitstat");
	(n, l) := sys->tokenize(string d, "\n");
	ok := 1;
	types := 0;
	for(; l != nil; l = tl l){
		(nw, w) := sys->tokenize(hd l, " ");
		if(nw != 39 || !hexok(hd tl w))
			ok = 0;
		case hd w {
		"qlock" or "rlock" or "wlock" =>	;
		"sleep" =>	types |= 1;
		"acquire" =>	types |= 2;
		* =>	ok = 0;
		}
		# n = sum of the histogram, max <= total
		w = tl tl tl tl w;
		cnt := big hd w;
		tot := big hd tl w;
		max := big hd tl tl w;
		h := big 0;
		for(w = tl tl tl w; w != nil; w = tl w)
			h += big hd w;
		if(h != cnt || max > tot || cnt <= big 0)
			ok = 0;
	}
	sys->print("waitstat: %s sites; 39 fields, counts add up: %s; sleep and acquire rows: %s\n",
		yes(n > 1), yes(ok), yes(types == 3));
	sys->print("stopped, table unchanged: %s\n", yes(same(d, readall("/dev/waitstat"))));
	fd := sys->open("/dev/waitstat", Sys->OREAD);
	b := array[len d + 10] of byte;
	ok = sys->pread(fd, b[0:50], 50, big 0) == 50;
	for(off := 50; off < len d; ){
		k := 1 + off % 97;
		r := sys->pread(fd, b[off:], k, big off);
		if(r <= 0)
			break;
		off += r;
	}
	sys->print("reads at any offset agree: %s\n", yes(ok && same(b[0:len d], d)));
	sys->print("reset: %s;%s\n", ctl("/dev/waitctl", "reset"), state("/dev/waitctl"));
	sys->print("after reset, no sites: %s\n", yes(len readall("/dev/waitstat") == 0));
}

# readers and writers of both devices at once
concurrent()
{
	done := chan of string;
	spawn reader("/dev/kpdata", done);
	spawn reader("/dev/kpctl", done);
	spawn reader("/dev/waitstat", done);
	spawn reader("/dev/waitctl", done);
	spawn writer("/dev/kpctl", array[] of {"startclr", "stop", "start", "end", "rate 10000", "stop", "rate 100"}, done);
	spawn writer("/dev/waitctl", array[] of {"start", "reset", "stop", "start", "stop"}, done);
	bad := 0;
	for(i := 0; i < 6; i++)
		if((s := <-done) != nil){
			sys->print("%s\n", s);
			bad++;
		}
	ctl("/dev/kpctl", "stop");
	ctl("/dev/waitctl", "stop");
	sys->print("concurrent readers and writers: %s;%s;%s\n", yes(bad == 0),
		state("/dev/kpctl"), state("/dev/waitctl"));
}

reader(f: string, done: chan of string)
{
	for(i := 0; i < 20; i++)
		if(readall(f) == nil){
			done <-= "reader " + f + " failed";
			return;
		}
	done <-= nil;
}

# "stop profiling before changing the rate" is a right answer while another writer has started it
writer(f: string, msgs: array of string, done: chan of string)
{
	for(i := 0; i < 20*len msgs; i++){
		r := ctl(f, msgs[i%len msgs]);
		if(r != "ok" && !(len r > 10 && r[0:10] == "stop profi")){
			done <-= "writer " + f + " " + msgs[i%len msgs] + ": " + r;
			return;
		}
	}
	done <-= nil;
}

# a thread killed while profiling at 10kHz: the system works on
killed()
{
	ctl("/dev/kpctl", "rate 10000");
	pidc := chan of int;
	spawn profiler(pidc);
	pid := <-pidc;
	sys->sleep(50);
	r := ctl("/prog/" + string pid + "/ctl", "kill");
	sys->sleep(50);
	sys->print("killed the profiling thread: %s;%s\n", r, state("/dev/kpctl"));
	work();
	sys->print("stop: %s;%s\n", ctl("/dev/kpctl", "stop"), state("/dev/kpctl"));
	w := words(readall("/dev/kpdata"));
	sys->print("samples after the kill: %s\n", yes(w[0] > 0));
	ctl("/dev/kpctl", "end");
	ctl("/dev/kpctl", "rate 100");
}

profiler(pidc: chan of int)
{
	pidc <-= sys->pctl(0, nil);
	ctl("/dev/kpctl", "startclr");
	for(;;)
		work();
}
