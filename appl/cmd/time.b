# time -- run a command and report its load, run and total times

implement Time;

include "sys.m";
	sys: Sys;
include "draw.m";
include "sh.m";

Time: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;

init(ctxt: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	if(argv == nil || (argv = tl argv) == nil){
		sys->fprint(stderr, "usage: time command [arg ...]\n");
		raise "fail:usage";
	}
	# open before the command starts, so that its exit is reported here
	waitfd := sys->open("/prog/"+string sys->pctl(0, nil)+"/wait", Sys->OREAD);
	t0 := now();
	(c, err) := loadcmd(hd argv);
	if(c == nil){
		sys->fprint(stderr, "time: %s: %s\n", hd argv, err);
		raise "fail:load";
	}
	t1 := now();
	done := chan[1] of string;
	pidc := chan of int;
	spawn run(ctxt, c, argv, pidc, done);
	pid := <-pidc;
	if(waitfd != nil)
		spawn waiter(waitfd, pid, done);
	status := <-done;
	t2 := now();
	l := real (t1-t0) / 1e6;
	r := real (t2-t1) / 1e6;
	sys->fprint(stderr, "%.4gl %.4gr %.4gt\n", l, r, l+r);
	if(status != nil)
		raise "fail:" + status;
}

# now is the time in microseconds, from /dev/time: not bench(2)'s
# microsec, whose count restarts when anyone resets it (bench BASE
# writes /dev/busec, and time bench -n 10 BASE said -0.004585r)
timefd: ref Sys->FD;
now(): big
{
	if(timefd == nil)
		timefd = sys->open("/dev/time", Sys->OREAD);
	if(timefd != nil){
		buf := array[32] of byte;
		n := sys->pread(timefd, buf, len buf, big 0);
		if(n > 0)
			return big string buf[0:n];
	}
	return big sys->millisec() * big 1000;
}

# loadcmd loads name as sh does: a path as given, else /dis/name.dis
loadcmd(name: string): (Command, string)
{
	file := name;
	if(len file < 4 || file[len file-4:] != ".dis")
		file += ".dis";
	c := load Command file;
	if(c != nil)
		return (c, nil);
	err := sys->sprint("%r");
	if(file[0] != '/' && (len file < 2 || file[0:2] != "./")){
		c = load Command ("/dis/" + file);
		if(c != nil)
			return (c, nil);
		(ok, nil) := sys->stat(file);
		if(ok < 0)
			err = sys->sprint("%r");
	}
	return (nil, err);
}

# run runs the command in a thread of its own; its status (nil for
# success) goes to done, unless a fault takes the thread, when the
# waiter reports it.
run(ctxt: ref Draw->Context, c: Command, argv: list of string, pidc: chan of int, done: chan of string)
{
	pidc <-= sys->pctl(0, nil);
	{
		c->init(ctxt, argv);
	} exception e {
	"fail:*" =>
		done <-= e[5:];
		return;
	"*" =>
		sys->fprint(stderr, "time: %s: %s\n", hd argv, e);
		done <-= e;
		return;
	}
	done <-= nil;
}

# waiter sends the status of thread pid when it exits, from the wait
# file; done has room for one, and the first status is the one read.
waiter(waitfd: ref Sys->FD, pid: int, done: chan of string)
{
	buf := array[Sys->WAITLEN] of byte;
	for(;;){
		n := sys->read(waitfd, buf, len buf);
		if(n <= 0)
			return;
		s := string buf[0:n];
		if(int s != pid)
			continue;
		for(i := 0; i < len s && s[i] != ':'; i++)
			;
		st: string;
		if(i+1 < len s)
			st = s[i+1:];
		alt{
		done <-= st =>
			;
		* =>
			;
		}
		return;
	}
}
