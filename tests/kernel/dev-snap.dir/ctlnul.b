# ctlnul -- a control message holding a NUL byte is refused whole by
# every ctl file (parsecmd), where the fields used to end at the NUL and
# what came before it ran: #T/kpctl, #w/waitctl, #u/ctl, #g/gcctl and
# /prog/N/ctl; each is unchanged after.
implement Ctlnul;

include "sys.m";
	sys: Sys;
include "draw.m";

Ctlnul: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	try("#T/kpctl", "start", "#T/kpctl");
	try("#w/waitctl", "start", "#w/waitctl");
	try("#u/ctl", "new", "#u/ctl");
	try("#g/gcctl", "policy idle", "#g/gcctl");
	c := chan of int;
	spawn sleeper(c);
	pid := <-c;
	try(sys->sprint("/prog/%d/ctl", pid), "kill", sys->sprint("/prog/%d/status", pid));
	kill(pid);
}

# write cmd, a NUL and more to f; show the error, and whether the text
# of g is as it was
try(f, cmd, g: string)
{
	before := read(g);
	fd := sys->open(f, Sys->OWRITE);
	if(fd == nil){
		sys->print("%s: open: %r\n", f);
		return;
	}
	b := array of byte (cmd + "\u0000junk");
	n := sys->write(fd, b, len b);
	sys->print("%s %q+NUL: %d %r; unchanged: %d\n", name(f), cmd, n, read(g) == before);
}

name(f: string): string
{
	if(len f > 6 && f[0:6] == "/prog/")
		return "/prog/N/ctl";
	return f;
}

read(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return nil;
	buf := array[1024] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		return nil;
	return string buf[0:n];
}

sleeper(c: chan of int)
{
	c <-= sys->pctl(0, nil);
	sys->sleep(1000000);
}

kill(pid: int)
{
	fd := sys->open(sys->sprint("/prog/%d/ctl", pid), Sys->OWRITE);
	if(fd != nil)
		sys->fprint(fd, "kill");
}
