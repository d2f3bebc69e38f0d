implement Devwait;

# dev-wait -- #p: /prog/N/wait gives each child's exit as
# pid "Module":status (normal, exit, exception, killed), status and ctl

include "sys.m";
	sys: Sys;
include "draw.m";

Devwait: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	sys->bind("#p", "/prog", Sys->MREPL);
	me := sys->pctl(0, nil);
	w := sys->open(sys->sprint("/prog/%d/wait", me), Sys->OREAD);
	if(w == nil){
		sys->print("wait: %r\n");
		return;
	}
	pids := array[4] of int;
	c := chan of int;
	spawn normal(c);
	pids[0] = <-c;
	spawn exits(c);
	pids[1] = <-c;
	spawn faults(c);
	pids[2] = <-c;
	spawn blocks(c);
	pids[3] = <-c;
	st := readfile(sys->sprint("/prog/%d/status", pids[3]));
	sys->print("status has Devwait %d\n", contains(st, "Devwait"));
	ctl := sys->open(sys->sprint("/prog/%d/ctl", pids[3]), Sys->OWRITE);
	sys->print("kill %d\n", sys->fprint(ctl, "kill"));
	sys->print("bad ctl %d: %r\n", sys->fprint(ctl, "bogus"));
	buf := array[Sys->WAITLEN] of byte;
	msgs := array[4] of string;
	for(n := 0; n < 4; n++){
		k := sys->read(w, buf, len buf);
		s := string buf[0:k];
		for(i := 0; i < 4; i++)
			if(int s == pids[i])
				msgs[i] = s[len string pids[i]:];
	}
	for(i := 0; i < 4; i++)
		sys->print("child %d:%s\n", i, msgs[i]);
}

normal(c: chan of int)
{
	c <-= sys->pctl(0, nil);
}

exits(c: chan of int)
{
	c <-= sys->pctl(0, nil);
	exit;
}

faults(c: chan of int)
{
	c <-= sys->pctl(0, nil);
	a := array[2] of int;
	i := 5;
	a[i] = 1;
}

blocks(c: chan of int)
{
	c <-= sys->pctl(0, nil);
	<-chan of int;
}

readfile(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("%r");
	buf := array[200] of byte;
	n := sys->read(fd, buf, len buf);
	return string buf[0:n];
}

contains(s, t: string): int
{
	for(i := 0; i+len t <= len s; i++)
		if(s[i:i+len t] == t)
			return 1;
	return 0;
}
