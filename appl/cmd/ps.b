# ps -- list processes, from /prog

implement Ps;

include "sys.m";
	sys: Sys;
include "draw.m";

Ps: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(argv != nil && tl argv != nil){
		sys->fprint(sys->fildes(2), "usage: ps\n");
		raise "fail:usage";
	}
	fd := sys->open("/prog", Sys->OREAD);
	if(fd == nil){
		sys->fprint(sys->fildes(2), "ps: cannot open /prog: %r\n");
		raise "fail:open";
	}
	pids: list of int;
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			pids = int d[i].name :: pids;
	}
	a := array[len pids] of int;
	for(i := 0; pids != nil; pids = tl pids)
		a[i++] = hd pids;
	for(i = 1; i < len a; i++){
		p := a[i];
		for(j := i; j > 0 && a[j-1] > p; j--)
			a[j] = a[j-1];
		a[j] = p;
	}
	out := "";
	for(i = 0; i < len a; i++){
		s := status(a[i]);
		if(s == nil)
			continue;	# gone since the directory was read
		# pid pgrp user time state memory module
		(n, f) := sys->tokenize(s, " \t\n");
		if(n < 7)
			continue;
		fa := array[n] of string;
		for(k := 0; f != nil; f = tl f)
			fa[k++] = hd f;
		out += sys->sprint("%5s %5s %-10s %9s %-8s %6s %s\n",
			fa[0], fa[1], fa[2], fa[3], fa[4], fa[5], fa[6]);
	}
	b := array of byte out;
	sys->write(sys->fildes(1), b, len b);
}

status(pid: int): string
{
	fd := sys->open("/prog/" + string pid + "/status", Sys->OREAD);
	if(fd == nil)
		return nil;
	buf := array[256] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return nil;
	return string buf[0:n];
}
