# kill -- terminate processes, named by pid or by module name

implement Kill;

include "sys.m";
	sys: Sys;
include "draw.m";

Kill: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	if(argv != nil)
		argv = tl argv;
	msg := "kill";
	if(argv != nil && hd argv == "-g"){
		msg = "killgrp";
		argv = tl argv;
	}
	if(argv == nil){
		sys->fprint(stderr, "usage: kill [-g] pid|module ...\n");
		raise "fail:usage";
	}
	status := "";
	for(; argv != nil; argv = tl argv){
		a := hd argv;
		pids: list of string;
		if(isnum(a))
			pids = a :: nil;
		else{
			pids = bymodule(a);
			if(pids == nil){
				sys->fprint(stderr, "kill: %s: no such process\n", a);
				status = "error";
			}
		}
		for(; pids != nil; pids = tl pids)
			if(!kill(hd pids, msg))
				status = "error";
	}
	if(status != "")
		raise "fail:" + status;
}

isnum(s: string): int
{
	if(s == "")
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

kill(pid, msg: string): int
{
	fd := sys->open("/prog/" + pid + "/ctl", Sys->OWRITE);
	if(fd == nil || sys->fprint(fd, "%s", msg) < 0){
		sys->fprint(stderr, "kill: %s: %r\n", pid);
		return 0;
	}
	return 1;
}

# bymodule returns the pids of processes running module name.
bymodule(name: string): list of string
{
	fd := sys->open("/prog", Sys->OREAD);
	if(fd == nil)
		return nil;
	pids: list of string;
	me := string sys->pctl(0, nil);
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++){
			pid := d[i].name;
			if(pid == me)
				continue;
			(nil, f) := sys->tokenize(status(pid), " ");
			# pid pgrp user time state memory module
			if(len f >= 7 && modname(nth(f, 6)) == name)
				pids = pid :: pids;
		}
	}
	return pids;
}

# modname drops the "[$Sys]" that marks a process inside a builtin call.
modname(s: string): string
{
	for(i := 0; i < len s; i++)
		if(s[i] == '[')
			return s[0:i];
	return s;
}

nth(l: list of string, n: int): string
{
	for(; n > 0 && l != nil; n--)
		l = tl l;
	if(l == nil)
		return nil;
	return hd l;
}

status(pid: string): string
{
	fd := sys->open("/prog/" + pid + "/status", Sys->OREAD);
	if(fd == nil)
		return nil;
	buf := array[256] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return nil;
	return string buf[0:n];
}
