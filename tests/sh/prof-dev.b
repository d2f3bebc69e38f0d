implement Profdev;

# prof-dev: #P (prof(3)) read directly, as Inferno's profile library
# reads it: coverage of a thread and the threads it spawns (and not of
# others), memory charged to the instructions that allocate and given
# back as blocks are freed, sampling, bad control words, readers of one
# histogram fd at once, and the end of a profile.  Prints only what does
# not depend on timing or on the compiler's choice of pcs.

include "sys.m";
	sys: Sys;
include "draw.m";

Profdev: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Pair: adt
{
	idx:	int;
	n:	int;
};

ctlfd: ref Sys->FD;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	if(sys->bind("#P", "/n", Sys->MREPL) < 0){
		sys->print("bind: %r\n");
		raise "fail:bind";
	}
	ctlfd = sys->open("/n/ctl", Sys->ORDWR);
	if(ctlfd == nil){
		sys->print("open ctl: %r\n");
		raise "fail:open";
	}
	state("at first");
	coverage();
	memory();
	sampling();
	badctl();
	concurrent();
	ending();
	sys->print("done\n");
}

ctl(s: string): string
{
	b := array of byte s;
	if(b == nil)
		b = array[0] of byte;
	if(sys->write(ctlfd, b, len b) != len b)
		return sys->sprint("%r");
	return "ok";
}

state(what: string)
{
	b := array[128] of byte;
	n := sys->pread(ctlfd, b, len b, big 0);
	if(n < 0)
		sys->print("%s: read ctl: %r\n", what);
	else
		sys->print("%s: %s", what, string b[0:n]);
}

# the directory of this module's record, nil if none
record(): string
{
	fd := sys->open("/n", Sys->OREAD);
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			return nil;
		for(i := 0; i < n; i++){
			if(d[i].name == "ctl")
				continue;
			if(len d[i].name != 8)
				sys->print("bad name %s\n", d[i].name);
			if(readfile("/n/" + d[i].name + "/name") == "Profdev")
				return "/n/" + d[i].name;
		}
	}
}

readfile(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("open %s: %r", f);
	b := array[256] of byte;
	n := sys->read(fd, b, len b);
	if(n < 0)
		return sys->sprint("read %s: %r", f);
	return string b[0:n];
}

histogram(dir: string): array of Pair
{
	fd := sys->open(dir + "/histogram", Sys->OREAD);
	if(fd == nil){
		sys->print("open histogram: %r\n");
		return nil;
	}
	return pairs(fd);
}

pairs(fd: ref Sys->FD): array of Pair
{
	a := array[0] of Pair;
	b := array[32] of byte;
	while((n := sys->read(fd, b, len b)) > 0){
		(nw, w) := sys->tokenize(string b[0:n], " ");
		if(nw != 2){
			sys->print("bad pair %s\n", string b[0:n]);
			break;
		}
		na := array[len a + 1] of Pair;
		na[0:] = a;
		na[len a] = (int hd w, int hd tl w);
		a = na;
	}
	if(n < 0)
		sys->print("read histogram: %r\n");
	return a;
}

# what each count occurs how often, the counts named
census(a: array of Pair, counts: array of int): string
{
	s := "";
	for(i := 0; i < len counts; i++){
		k := 0;
		for(j := 0; j < len a; j++)
			if(a[j].n == counts[i])
				k++;
		s += sys->sprint(" %d:%d", counts[i], k);
	}
	return s;
}

maxcount(a: array of Pair): int
{
	m := 0;
	for(i := 0; i < len a; i++)
		if(a[i].n > m)
			m = a[i].n;
	return m;
}

loop(n: int): int
{
	x := 0;
	for(i := 0; i < n; i++)
		x += i;
	return x;
}

# counted: loops 37 times and spawns a thread that loops 53 times
child(go: chan of int, done: chan of int)
{
	<-go;
	loop(37);
	spawn grandchild(done);
}

grandchild(done: chan of int)
{
	loop(53);
	done <-= 1;
}

coverage()
{
	ctl("module Profdev");
	go := chan of int;
	done := chan of int;
	pid := chan of int;
	spawn childpid(go, done, pid);
	p := <-pid;
	sys->print("startcp: %s\n", ctl("startcp " + string p));
	state("coverage");
	go <-= 1;
	loop(71);	# this thread is not followed
	<-done;
	sys->print("stop: %s\n", ctl("stop"));
	r := record();
	if(r == nil){
		sys->print("coverage: no record\n");
		return;
	}
	sys->print("path ends .dis: %d\n", len readfile(r + "/path") > 4);
	h := histogram(r);
	# loop runs for the child (37) and the grandchild (53), not the parent (71):
	# its test 38+54 times, its body 37+53
	sys->print("coverage: max %d;%s\n", maxcount(h), census(h, array[] of {90, 92, 161, 163}));
	ctl("end");
}

childpid(go, done: chan of int, pid: chan of int)
{
	pid <-= sys->pctl(0, nil);
	child(go, done);
}

Node: adt
{
	next:	ref Node;
	v:	int;
};

memory()
{
	ctl("module Profdev");
	stop := array of byte "stop";
	sys->print("startmp: %s\n", ctl("startmp123"));
	a := array[100] of byte;	# 16+16+100 asked: 132 Inferno's bytes
	b := array[1000] of byte;	# 1032: 1028
	n := ref Node(nil, 1);		# 16+8: 36
	a = nil;
	sys->write(ctlfd, stop, len stop);
	r := record();
	if(r == nil){
		sys->print("memory: no record\n");
		return;
	}
	h := histogram(r);
	held := -1;
	most := -1;
	s := "";
	for(i := 0; i < len h; i++)
		case h[i].idx {
		0 =>	held = h[i].n;
		1 =>	most = h[i].n;
		* =>	s += sys->sprint(" %s%d", (array[] of {"now ", "most "})[h[i].idx&1], h[i].n);
		}
	sys->print("memory: held %d most %d;%s\n", held, most, s);
	if(b == nil || n == nil)
		sys->print("?\n");
	ctl("end");
}

sampling()
{
	ctl("module Profdev");
	ctl("interval 1");
	sys->print("start: %s\n", ctl("start"));
	# whether a sample has come yet depends on the clock: its count is not shown
	b := array[128] of byte;
	n := sys->pread(ctlfd, b, len b, big 0);
	if(n < 0)
		sys->print("sampling: read ctl: %r\n");
	else{
		sys->print("sampling:");
		(nil, f) := sys->tokenize(string b[0:n], " \n");
		for(; f != nil; f = tl f){
			sys->print(" %s", hd f);
			if(hd f == "records" && tl f != nil){
				sys->print(" N");
				f = tl f;
			}
		}
		sys->print("\n");
	}
	# busy until a sample has come: at most 10 s
	t0 := sys->millisec();
	r: string;
	h: array of Pair;
	while(sys->millisec() - t0 < 10000){
		loop(10000);
		if((r = record()) != nil && len (h = histogram(r)) > 0)
			break;
	}
	sys->print("stop: %s\n", ctl("stop"));
	sys->print("sampled: %d\n", len h > 0);
	ctl("end");
}

badctl()
{
	msgs := array[] of {
		"", "bogus", "start now", "startcp", "startcp 1 2", "startcp x", "startcp 999999",
		"startmp4", "startmpx", "interval", "interval 0", "interval -5", "interval 60001",
		"interval 1x", "stop now", "end 1",
	};
	for(i := 0; i < len msgs; i++)
		sys->print("ctl %q: %s\n", msgs[i], ctl(msgs[i]));
	long := array[300] of {* => byte 'a'};
	sys->print("ctl 300 bytes: %s\n", ctl(string long));
	nul := array[] of {byte 's', byte 't', byte 'a', byte 'r', byte 't', byte 0};
	if(sys->write(ctlfd, nul, len nul) < 0)
		sys->print("ctl with NUL: %r\n");
	state("after bad words");
	ctl("startmp2");
	sys->print("start while memory: %s\n", ctl("start"));
	sys->print("startmp2 again: %s\n", ctl("startmp2"));
	ctl("end");
	state("ended");
}

# four readers of one histogram fd: each pair read once
concurrent()
{
	ctl("module Profdev");
	pid := chan of int;
	done := chan of int;
	go := chan of int;
	spawn childpid(go, done, pid);
	ctl("startcp " + string <-pid);
	go <-= 1;
	<-done;
	ctl("stop");
	r := record();
	whole := histogram(r);
	fd := sys->open(r + "/histogram", Sys->OREAD);
	c := chan of array of Pair;
	for(i := 0; i < 4; i++)
		spawn reader(fd, c);
	all := array[0] of Pair;
	for(i = 0; i < 4; i++){
		p := <-c;
		na := array[len all + len p] of Pair;
		na[0:] = all;
		na[len all:] = p;
		all = na;
	}
	dup := 0;
	for(i = 0; i < len all; i++)
		for(j := i+1; j < len all; j++)
			if(all[i].idx == all[j].idx)
				dup++;
	sys->print("concurrent: %d pairs, %d of them, %d twice\n", len all, len whole, dup);
	# a small read
	fd = sys->open(r + "/histogram", Sys->OREAD);
	b := array[4] of byte;
	if(sys->read(fd, b, len b) < 0)
		sys->print("small read: %r\n");
	ctl("end");
}

reader(fd: ref Sys->FD, c: chan of array of Pair)
{
	c <-= pairs(fd);
}

ending()
{
	ctl("module Profdev");
	pid := chan of int;
	done := chan of int;
	go := chan of int;
	spawn childpid(go, done, pid);
	ctl("startcp " + string <-pid);
	go <-= 1;
	<-done;
	r := record();
	fd := sys->open(r + "/histogram", Sys->OREAD);
	state("before end");
	sys->print("end: %s\n", ctl("end"));
	state("after end");
	b := array[32] of byte;
	if(sys->read(fd, b, len b) < 0)
		sys->print("read after end: %r\n");
	if(sys->open(r + "/name", Sys->OREAD) == nil)
		sys->print("open after end: %r\n");
	(ok, nil) := sys->stat(r);
	sys->print("stat after end: %d\n", ok);
}
