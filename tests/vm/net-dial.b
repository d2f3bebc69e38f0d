implement Netdial;

# net-dial -- sys->announce, listen and dial over TCP on the loopback
# (emu's #I), a name space exported and mounted across the connection,
# the errors: refused, unknown host, bad dial strings (cs(8)'s words, as
# #I serves /net/cs) and ctl messages,
# and a reader blocked in the host killed.  In the kernel, which has no
# network, dial says so.

include "sys.m";
	sys: Sys;
include "draw.m";

Netdial: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	(ok, c) := sys->announce("tcp!127.0.0.1!0");
	if(ok < 0){
		sys->print("announce: %r\n");
		(ok, nil) = sys->dial("tcp!127.0.0.1!564", nil);
		sys->print("dial %d: %r\n", ok);
		(ok, nil) = sys->dial("udp!127.0.0.1!123", nil);
		sys->print("udp %d: %r\n", ok);
		return;
	}
	sys->print("announced in %s\n", c.dir[0:len "/net/tcp/"]);
	addr := readfile(c.dir+"/local");
	for(i := len addr - 1; i > 0 && addr[i] != '!'; i--)
		;
	port := addr[i+1:len addr-1];
	done := chan of int;
	spawn server(c, done);
	talk(port, addr);
	sys->print("export ended %d\n", <-done);
	(ok, nil) = sys->dial("tcp!127.0.0.1!1", nil);
	sys->print("closed port %d: %r\n", ok);
	(ok, nil) = sys->dial("tcp!no-such-host.invalid!1", nil);
	sys->print("unknown host %d: %r\n", ok);
	(ok, nil) = sys->dial("tcp!", nil);
	sys->print("bad string %d: %r\n", ok);
	(ok, nil) = sys->dial("tcp!127.0.0.1", nil);
	sys->print("no port %d: %r\n", ok);
	(uok, uc) := sys->announce("udp!127.0.0.1!0");
	sys->print("udp %d in %s\n", uok, uc.dir[0:len "/net/udp/"]);
	ctl := sys->open("/net/tcp/clone", Sys->ORDWR);
	if(sys->fprint(ctl, "frobnicate") < 0)
		sys->print("bad ctl: %r\n");
	if(sys->fprint(ctl, "connect") < 0)
		sys->print("short ctl: %r\n");
	ctl = nil;
	killread(port);
}

# a prog blocked reading a connection dies at once when killed
killread(port: string)
{
	(ok, d) := sys->dial("tcp!127.0.0.1!"+port, nil);
	if(ok < 0){
		sys->print("dial again: %r\n");
		return;
	}
	pidc := chan of int;
	done := chan of string;
	spawn blockedread(d.dfd, pidc, done);
	pid := <-pidc;
	sys->sleep(100);
	fd := sys->open("/prog/"+string pid+"/ctl", Sys->OWRITE);
	sys->fprint(fd, "kill");
	sys->print("reader: %s\n", <-done);
}

blockedread(fd: ref Sys->FD, pidc: chan of int, done: chan of string)
{
	pidc <-= sys->pctl(0, nil);
	{
		buf := array[10] of byte;
		n := sys->read(fd, buf, len buf);
		done <-= sys->sprint("read %d", n);
	}exception e{
	"*" =>
		done <-= "exception " + e;
	}
}

# dial port, talk, mount what the server exports; the connection goes with this frame
talk(port, addr: string)
{
	(ok, c) := sys->dial("tcp!127.0.0.1!"+port, nil);
	if(ok < 0){
		sys->print("dial: %r\n");
		return;
	}
	sys->print("remote is us %d\n", readfile(c.dir+"/remote") == addr);
	sys->fprint(c.dfd, "ping");
	buf := array[100] of byte;
	n := sys->read(c.dfd, buf, len buf);
	sys->print("got %s\n", string buf[0:n]);
	# the server now exports /dev over the same connection
	sys->pctl(Sys->FORKNS, nil);
	if(sys->mount(c.dfd, nil, "/n", Sys->MREPL, "") < 0)
		sys->print("mount: %r\n");
	sys->print("remote /dev/user nonempty %d\n", len readfile("/n/user") > 0);
	sys->unmount(nil, "/n");
}

server(c: Sys->Connection, done: chan of int)
{
	(ok, nc) := sys->listen(c);
	if(ok < 0){
		sys->print("listen: %r\n");
		done <-= -1;
		return;
	}
	dfd := sys->open(nc.dir+"/data", Sys->ORDWR);
	buf := array[100] of byte;
	n := sys->read(dfd, buf, len buf);
	sys->fprint(dfd, "pong %s", string buf[0:n]);
	r := sys->export(dfd, "/dev", Sys->EXPWAIT);
	dfd = nil;
	nc.cfd = nil;
	done <-= r;
}

readfile(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return "";
	buf := array[100] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		return "";
	return string buf[0:n];
}
