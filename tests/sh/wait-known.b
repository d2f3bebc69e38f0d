implement Waitknown;

# wait-known: the wait instruments on loads whose answers are known.
#	qlock: N threads read one pipe at once, in R rounds: the first of a
#	  round takes the pipe's read QLock and sleeps for data, the other
#	  N-1 queue for the QLock; R*(N-1) waits at one site in qread.
#	sleep: K calls of sys->sleep(50) sleep K times at the site in
#	  ossleep (the caller of tsleep), each for 50 to 60 ms, and acquire
#	  the VM K times in Sys_sleep.
# usage: wait-known N R K

include "sys.m";
	sys: Sys;
include "draw.m";

Waitknown: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	argv = tl argv;
	n := int hd argv;
	r := int hd tl argv;
	k := int hd tl tl argv;
	sys->bind("#w", "/dev", Sys->MBEFORE);
	p := array[2] of ref Sys->FD;
	if(sys->pipe(p) < 0){
		sys->print("pipe: %r\n");
		raise "fail:pipe";
	}
	ctl("reset");
	ctl("start");
	for(round := 0; round < r; round++){
		done := chan of int;
		pids := array[n] of int;
		for(i := 0; i < n; i++){
			spawn reader(p[0], done);
			pids[i] = <-done;
		}
		blocked(pids);
		for(i = 0; i < n; i++)
			sys->write(p[1], array[] of {byte i}, 1);
		for(i = 0; i < n; i++)
			<-done;
	}
	ctl("stop");
	report(0);
	ctl("reset");
	ctl("start");
	for(i := 0; i < k; i++)
		sys->sleep(50);
	ctl("stop");
	report(1);
	sys->print("want: qlock qbread: %d waits; sleep ossleep and acquire Sys_sleep: %d\n", r*(n-1), k);
}

# the rows of the qlocks in qio.c, or of sleep and Sys_sleep
report(sleeps: int)
{
	(nil, lines) := sys->tokenize(string readall("/dev/waitstat"), "\n");
	for(; lines != nil; lines = tl lines){
		(nil, w) := sys->tokenize(hd lines, " ");
		typ := hd w;
		sym := hd tl tl w;
		line := hd tl tl tl w;
		cnt := hd tl tl tl tl w;
		hist := tl tl tl tl tl tl tl w;
		if(!sleeps && typ == "qlock" && len line > 11 && line[0:11] == "port/qio.c:")
			sys->print("qlock %s: %s waits\n", sym, cnt);
		if(sleeps && typ == "sleep" && sym == "ossleep")
			sys->print("%s %s: %s waits, %s\n", typ, sym, cnt, buckets(hist));
		if(sleeps && typ == "acquire" && sym == "Sys_sleep")
			sys->print("%s %s: %s waits\n", typ, sym, cnt);
	}
}

# the histogram's used buckets as lo-us:count
buckets(h: list of string): string
{
	s := "";
	for(i := 0; h != nil; h = tl h){
		if(hd h != "0"){
			lo := 0;
			if(i > 0)
				lo = 1<<(i-1);
			s += sys->sprint(" %d:%s", lo, hd h);
		}
		i++;
	}
	return "in" + s;
}

reader(fd: ref Sys->FD, done: chan of int)
{
	done <-= sys->pctl(0, nil);
	b := array[1] of byte;	# one byte each: a pipe gives a reader all it holds
	sys->read(fd, b, len b);
	done <-= 1;
}

# wait until every reader is in its read, released
blocked(pids: array of int)
{
	for(;;){
		n := 0;
		for(i := 0; i < len pids; i++){
			(nil, w) := sys->tokenize(string readall("/prog/" + string pids[i] + "/status"), " ");
			if(len w > 4 && hd tl tl tl tl w == "release")
				n++;
		}
		if(n == len pids)
			break;
		sys->sleep(10);
	}
	sys->sleep(20);
}

ctl(s: string)
{
	fd := sys->open("/dev/waitctl", Sys->OWRITE);
	if(fd == nil || sys->fprint(fd, "%s", s) < 0){
		sys->print("waitctl %s: %r\n", s);
		raise "fail:ctl";
	}
}

readall(f: string): array of byte
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return nil;
	b := array[8192] of byte;
	n := 0;
	for(;;){
		if(n == len b){
			nb := array[2*len b] of byte;
			nb[0:] = b;
			b = nb;
		}
		r := sys->read(fd, b[n:], len b - n);
		if(r <= 0)
			break;
		n += r;
	}
	return b[0:n];
}
