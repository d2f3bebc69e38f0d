implement Acctdev;

# dev-acct -- the resource accounts of #u (acct(3)), checked from Limbo
# in the kernel with known answers: each check runs in a thread that
# makes an account, does a known amount of work and waits while the
# main thread reads its account.  Prints "ok NAME" or "FAIL NAME: why",
# and nothing that depends on timing.  With -x (under icount) the
# lengths of waits are checked exactly.

include "sys.m";
	sys: Sys;
include "draw.m";

Acctdev: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Nbucket:	con 32;
kinds := array[] of {"pread", "pwrite", "fread", "fwrite", "lock", "acquire"};

# an account as read: counters by name, and per kind of wait n, total,
# max and the buckets
Acct: adt
{
	id, threads, slices, switches, syscalls: int;
	cpu, dis, sys: big;
	w: array of array of big;	# kinds[i]: n total max h0 ... h31
};

exact := 0;	# -x: under icount, so times are exact

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	exact = len argv > 1 && hd tl argv == "-x";
	ctl();
	errors();
	reads();
	pipes();
	locks();
	threads();
	cpu();
	lifetime();
	offsets();
	many();
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

readfile(f: string): (string, string)
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return (nil, sys->sprint("%r"));
	s := "";
	buf := array[512] of byte;
	while((n := sys->read(fd, buf, len buf)) > 0)
		s += string buf[0:n];
	if(n < 0)
		return (nil, sys->sprint("%r"));
	return (s, nil);
}

ctlid(): int
{
	(s, err) := readfile("#u/ctl");
	if(err != nil)
		return -1;
	return int s;
}

newacct(): int
{
	fd := sys->open("#u/ctl", Sys->OWRITE);
	if(fd == nil || sys->fprint(fd, "new") < 0)
		return -1;
	return ctlid();
}

parse(s: string): ref Acct
{
	a := ref Acct(0, 0, 0, 0, 0, big 0, big 0, big 0, array[len kinds] of array of big);
	(nil, lines) := sys->tokenize(s, "\n");
	for(; lines != nil; lines = tl lines){
		(n, f) := sys->tokenize(hd lines, " ");
		if(n < 2)
			return nil;
		v := hd tl f;
		case hd f {
		"id" =>	a.id = int v;
		"threads" =>	a.threads = int v;
		"slices" =>	a.slices = int v;
		"switches" =>	a.switches = int v;
		"syscalls" =>	a.syscalls = int v;
		"cpu" =>	a.cpu = big v;
		"dis" =>	a.dis = big v;
		"sys" =>	a.sys = big v;
		* =>
			for(i := 0; i < len kinds; i++)
				if(kinds[i] == hd f)
					break;
			if(i == len kinds || n != 4 + Nbucket)
				return nil;
			a.w[i] = array[n-1] of big;
			f = tl f;
			for(j := 0; j < n-1; j++){
				a.w[i][j] = big hd f;
				f = tl f;
			}
		}
	}
	for(i := 0; i < len kinds; i++)
		if(a.w[i] == nil)
			return nil;
	return a;
}

account(id: int): (ref Acct, string)
{
	(s, err) := readfile(sys->sprint("#u/%d", id));
	if(err != nil)
		return (nil, err);
	a := parse(s);
	if(a == nil)
		return (nil, "malformed: " + s);
	return (a, nil);
}

kind(k: string): int
{
	for(i := 0; i < len kinds; i++)
		if(kinds[i] == k)
			return i;
	return -1;
}

# n of wait kind k
wn(a: ref Acct, k: string): int
{
	return int a.w[kind(k)][0];
}

# the sum of the buckets of wait kind k
bsum(a: ref Acct, k: string): big
{
	w := a.w[kind(k)];
	s := big 0;
	for(i := 3; i < len w; i++)
		s += w[i];
	return s;
}

# worker runs job in a thread of its own account; the account's id
# comes back on idc; the thread then waits on done before it exits
worker(job: ref fn(), idc: chan of int, done: chan of int)
{
	id := newacct();
	job();
	idc <-= id;
	<-done;
}

# run runs job in a worker and returns its account, read while the
# worker still lives
run(job: ref fn()): (ref Acct, string)
{
	idc := chan of int;
	done := chan of int;
	spawn worker(job, idc, done);
	id := <-idc;
	if(id <= 0){
		done <-= 1;
		return (nil, "no account");
	}
	(a, err) := account(id);
	done <-= 1;
	return (a, err);
}

ctl()
{
	check("ctl none", ctlid() == 0, sys->sprint("id %d", ctlid()));
	(d, err) := readfile("#u");
	check("dir", err == nil, err);
	idc := chan of int;
	done := chan of int;
	spawn worker(nop, idc, done);
	id := <-idc;
	check("ctl new", id > 0, sys->sprint("id %d", id));
	(ok, dir) := sys->stat(sys->sprint("#u/%d", id));
	check("stat", ok >= 0 && dir.name == string id && dir.mode == 8r444, sys->sprint("%r"));
	fd := sys->open("#u", Sys->OREAD);
	found := 0;
	for(;;){
		(n, e) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			if(e[i].name == string id)
				found++;
	}
	check("listed", found == 1, sys->sprint("found %d", found));
	done <-= 1;
	d = nil;

	# none takes the writer out of its account
	spawn noner(idc);
	check("ctl none again", <-idc == 0, "still has an account");
}

nop()
{
}

noner(idc: chan of int)
{
	newacct();
	fd := sys->open("#u/ctl", Sys->OWRITE);
	sys->fprint(fd, "none");
	idc <-= ctlid();
}

errors()
{
	fd := sys->open("#u/ctl", Sys->ORDWR);
	check("bad word", sys->fprint(fd, "bogus") < 0 && err() == "unknown control message \"bogus\"", err());
	check("extra word", sys->fprint(fd, "new now") < 0, "accepted");
	check("empty", sys->write(fd, array[0] of byte, 0) < 0 && err() == "empty control message", err());
	huge := array[1024*1024] of {* => byte 'x'};
	check("huge", sys->write(fd, huge, len huge) < 0 && err() == "read or write too large", err());
	check("unchanged", ctlid() == 0, "id changed");
	for(l := "#u/0" :: "#u/01" :: "#u/abc" :: "#u/99999" :: "#u/-1" :: nil; l != nil; l = tl l){
		(s, e) := readfile(hd l);
		check("bad name " + hd l, s == nil && e == "file does not exist", e);
	}
	idc := chan of int;
	done := chan of int;
	spawn worker(nop, idc, done);
	id := <-idc;
	f := sys->sprint("#u/%d", id);
	check("write account", sys->open(f, Sys->OWRITE) == nil && err() == "permission denied", err());
	check("create", sys->create("#u/new", Sys->OWRITE, 8r666) == nil, "created");
	check("remove", sys->remove(f) < 0, "removed");
	done <-= 1;
}

err(): string
{
	return sys->sprint("%r");
}

# file reads: 4 of a known file, and one at its end
reads()
{
	(a, e) := run(fourreads);
	if(a == nil){
		fail("reads", e);
		return;
	}
	# and the two reads of #u/ctl that gave the id
	check("fread n", wn(a, "fread") == 5+2, sys->sprint("%d", wn(a, "fread")));
	check("fread buckets", bsum(a, "fread") == big (5+2), sys->sprint("%bd", bsum(a, "fread")));
	check("no pipe reads", wn(a, "pread") == 0, sys->sprint("%d", wn(a, "pread")));
	check("threads 1", a.threads == 1, sys->sprint("%d", a.threads));
	# each released call waits once to take the VM back, and the write of
	# new took it back already in the account
	check("acquire per call", wn(a, "acquire") == a.syscalls + 1,
		sys->sprint("acquire %d calls %d", wn(a, "acquire"), a.syscalls));
}

fourreads()
{
	fd := sys->open("/dis/sh.dis", Sys->OREAD);
	buf := array[100] of byte;
	for(i := 0; i < 4; i++)
		sys->read(fd, buf, len buf);
	sys->seek(fd, big 0, Sys->SEEKEND);
	sys->read(fd, buf, len buf);
}

# pipe reads that block for 50ms, by a writer in the same account
pipes()
{
	(a, e) := run(slowpipe);
	if(a == nil){
		fail("pipes", e);
		return;
	}
	w := a.w[kind("pread")];
	check("pread n", w[0] == big 3, sys->sprint("%bd", w[0]));
	# 50ms is bucket 16, 32768 to 65536 us; under the real clock a busy
	# host may make the waits longer
	late := big 0;
	for(k := 16+1; k < Nbucket; k++)
		late += w[3+k];
	if(exact){
		check("pread bucket", w[3+16] == big 3, sys->sprint("h16 %bd", w[3+16]));
		check("pread max", w[2] >= big 40000000 && w[2] < big 65536000, sys->sprint("%bd ns", w[2]));
	}else{
		check("pread bucket", w[3+16] + late == big 3, sys->sprint("h16 %bd later %bd", w[3+16], late));
		check("pread max", w[2] >= big 40000000, sys->sprint("%bd ns", w[2]));
	}
	check("pwrite n", wn(a, "pwrite") == 3, sys->sprint("%d", wn(a, "pwrite")));
	check("threads 2", a.threads == 2, sys->sprint("%d", a.threads));
}

slowpipe()
{
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	done := chan of int;
	spawn slowwriter(p[1], done);
	buf := array[1] of byte;
	for(i := 0; i < 3; i++)
		sys->read(p[0], buf, 1);
	<-done;
}

slowwriter(fd: ref Sys->FD, done: chan of int)
{
	for(i := 0; i < 3; i++){
		sys->sleep(50);
		sys->write(fd, array[] of {byte i}, 1);
	}
	done <-= 1;
}

# K readers of one pipe: one sleeps for data, the others wait in the
# queue's read lock, K-1 waits
K:	con 5;

locks()
{
	(a, e) := run(queued);
	if(a == nil){
		fail("locks", e);
		return;
	}
	check("lock n", wn(a, "lock") == K-1, sys->sprint("%d", wn(a, "lock")));
	check("lock buckets", bsum(a, "lock") == big (K-1), sys->sprint("%bd", bsum(a, "lock")));
	check("pread K", wn(a, "pread") == K, sys->sprint("%d", wn(a, "pread")));
}

queued()
{
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	done := chan of int;
	for(i := 0; i < K; i++)
		spawn reader(p[0], done);
	sys->sleep(100);
	for(i = 0; i < K; i++){
		sys->write(p[1], array[] of {byte i}, 1);
		<-done;
	}
}

reader(fd: ref Sys->FD, done: chan of int)
{
	buf := array[1] of byte;
	sys->read(fd, buf, 1);
	done <-= 1;
}

# threads spawned after new are counted, and their work charged;
# one spawned before is not
threads()
{
	idc := chan of int;
	done := chan of int;
	go := chan of int;
	spawn before(go, done);
	spawn parent(go, idc, done);
	id := <-idc;
	(a, e) := account(id);
	if(a == nil)
		fail("threads", e);
	else{
		check("threads made", a.threads == 1 + 3, sys->sprint("%d", a.threads));
		check("children's reads", wn(a, "fread") == 3+2, sys->sprint("%d", wn(a, "fread")));
	}
	done <-= 1;
}

# a thread spawned before the account: it reads when told, and its
# reads are not the account's
before(go, done: chan of int)
{
	<-go;
	fourreads();
	done <-= 1;
}

parent(go, idc, done: chan of int)
{
	id := newacct();
	c := chan of int;
	for(i := 0; i < 3; i++)
		spawn onereader(c);
	for(i = 0; i < 3; i++)
		<-c;
	go <-= 1;
	<-done;
	idc <-= id;
	<-done;
}

onereader(c: chan of int)
{
	fd := sys->open("/dis/sh.dis", Sys->OREAD);
	buf := array[10] of byte;
	sys->read(fd, buf, len buf);
	c <-= 1;
}

# processor time: Dis and kernel add up to cpu
cpu()
{
	(a, e) := run(busy);
	if(a == nil){
		fail("cpu", e);
		return;
	}
	d := a.cpu - a.dis - a.sys;
	check("cpu is dis+sys", d >= big -2 && d <= big 2, sys->sprint("cpu %bd dis %bd sys %bd", a.cpu, a.dis, a.sys));
	check("dis", a.dis > big 0 && a.slices > 0, sys->sprint("dis %bd slices %d", a.dis, a.slices));
	check("sys", a.sys > big 0, sys->sprint("sys %bd", a.sys));
	check("switches", a.switches > 0, sys->sprint("%d", a.switches));
}

busy()
{
	x := 0;
	for(i := 0; i < 200000; i++)
		x += i;
	fourreads();
}

# an account goes with its last thread, unless a file holds it
lifetime()
{
	idc := chan of int;
	done := chan of int;
	spawn worker(nop, idc, done);
	id := <-idc;
	f := sys->sprint("#u/%d", id);
	fd := sys->open(f, Sys->OREAD);
	done <-= 1;
	sys->sleep(10);
	buf := array[2048] of byte;
	n := sys->pread(fd, buf, len buf, big 0);
	check("held open", n > 0 && parse(string buf[0:n]) != nil, sys->sprint("%d %r", n));
	fd = nil;
	(s, e) := readfile(f);
	check("gone", s == nil && e == "file does not exist", e);
}

# a read at offset 0 takes a snapshot; later offsets read it
offsets()
{
	idc := chan of int;
	done := chan of int;
	spawn worker(nop, idc, done);
	id := <-idc;
	fd := sys->open(sys->sprint("#u/%d", id), Sys->OREAD);
	whole := array[4096] of byte;
	n := sys->pread(fd, whole, len whole, big 0);
	s := "";
	buf := array[7] of byte;
	for(off := 0; (m := sys->pread(fd, buf, len buf, big off)) > 0; off += m)
		s += string buf[0:m];
	check("pieces", n > 0 && s == string whole[0:n], "differ");
	check("past end", sys->pread(fd, buf, len buf, big 100000) == 0, "data");
	check("negative", sys->pread(fd, buf, len buf, big -1) < 0, "read");
	done <-= 1;
}

# many threads making accounts at once: every id distinct
N:	con 50;

many()
{
	idc := chan of int;
	done := chan of int;
	for(i := 0; i < N; i++)
		spawn worker(nop, idc, done);
	ids := array[N] of int;
	for(i = 0; i < N; i++)
		ids[i] = <-idc;
	dup := 0;
	for(i = 0; i < N; i++)
		for(j := i+1; j < N; j++)
			if(ids[i] == ids[j] || ids[i] <= 0)
				dup++;
	check("many distinct", dup == 0, sys->sprint("%d", dup));
	for(i = 0; i < N; i++)
		done <-= 1;
	sys->sleep(10);
	(nil, err) := readfile(sys->sprint("#u/%d", ids[0]));
	check("many gone", err == "file does not exist", err);
}
