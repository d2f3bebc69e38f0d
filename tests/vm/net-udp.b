implement Netudp;

# net-udp -- emu's /net/cs and /net/udp (ip(3), cs(8)): cs's
# translations, one a read, and its errors; UDP datagrams on the
# loopback between a dialled conversation and an announced one with
# address headers (headers, headers4), and an announced one without,
# whose first datagram fixes the other end; the directories and status.

include "sys.m";
	sys: Sys;
include "draw.m";

Netudp: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("net:%s\n", ls("/net"));
	for(q := "net!127.0.0.1!80" :: "udp!*!2202" :: "udp!::1!53" :: "il!x!1" :: "tcp!x" :: "tcp!$ntp!123" ::
	    "tcp!no-such-host.invalid!1" :: "udp!127.0.0.1!no-such-service" :: nil; q != nil; q = tl q)
		sys->print("cs %s:%s\n", hd q, cs(hd q));
	for(h := "headers" :: "headers4" :: nil; h != nil; h = tl h)
		headers(hd h);
	firstfixes();
	ctl := sys->open("/net/tcp/clone", Sys->ORDWR);
	if(sys->fprint(ctl, "headers") < 0)
		sys->print("tcp headers: %r\n");
}

# what cs gives for q: each read's line, or the error
cs(q: string): string
{
	fd := sys->open("/net/cs", Sys->ORDWR);
	if(sys->fprint(fd, "%s", q) < 0)
		return sys->sprint(" error %r");
	sys->seek(fd, big 0, Sys->SEEKSTART);
	s := "";
	buf := array[256] of byte;
	while((n := sys->read(fd, buf, len buf)) > 0)
		s += " [" + string buf[0:n] + "]";
	return s;
}

# an announced conversation with headers h answers a dialled one
headers(h: string)
{
	(ok, a) := sys->announce("udp!127.0.0.1!0");
	if(ok < 0){
		sys->print("announce: %r\n");
		return;
	}
	sys->print("%s: status %s", h, readfile(a.dir+"/status"));
	if(sys->fprint(a.cfd, "%s", h) < 0)
		sys->print("%s: %r\n", h);
	adata := sys->open(a.dir+"/data", Sys->ORDWR);
	port := portof(readfile(a.dir+"/local"));
	(dok, d) := sys->dial("udp!127.0.0.1!"+string port, nil);
	if(dok < 0){
		sys->print("dial: %r\n");
		return;
	}
	sys->print("%s: dialled %s", h, readfile(d.dir+"/status"));
	sys->fprint(d.dfd, "ping");
	buf := array[100] of byte;
	n := sys->read(adata, buf, len buf);
	(hl, alen, rport, lport) := (52, 16, 48, 50);
	if(h == "headers4")
		(hl, alen, rport, lport) = (12, 4, 8, 10);
	raddr := ipof(buf[0:alen]);
	dport := portof(readfile(d.dir+"/local"));
	sys->print("%s: got %d: %s from %s, from its port %d, to ours %d\n", h, n-hl, string buf[hl:n], raddr,
		get2(buf, rport) == dport, get2(buf, lport) == port);
	reply := array of byte "pong";
	buf[hl:] = reply;
	if(sys->write(adata, buf, hl+len reply) != hl+len reply)
		sys->print("reply: %r\n");
	n = sys->read(d.dfd, buf, len buf);
	sys->print("%s: dialled got %s\n", h, string buf[0:n]);
	if(sys->read(adata, buf, hl-1) < 0)
		sys->print("%s: short read: %r\n", h);
}

# an announced conversation without headers takes the first sender as its other end
firstfixes()
{
	(nil, a) := sys->announce("udp!127.0.0.1!0");
	adata := sys->open(a.dir+"/data", Sys->ORDWR);
	port := portof(readfile(a.dir+"/local"));
	(nil, d) := sys->dial("udp!127.0.0.1!"+string port, nil);
	sys->print("before: %s, remote %s", chomp(readfile(a.dir+"/status")), readfile(a.dir+"/remote"));
	sys->fprint(d.dfd, "hello");
	buf := array[100] of byte;
	n := sys->read(adata, buf, len buf);
	sys->print("got %s; now %s, remote is the dialler %d\n", string buf[0:n], chomp(readfile(a.dir+"/status")),
		readfile(a.dir+"/remote") == readfile(d.dir+"/local"));
	sys->fprint(adata, "back");
	n = sys->read(d.dfd, buf, len buf);
	sys->print("dialler got %s\n", string buf[0:n]);
	sys->print("udp:%s\n", ls("/net/udp"));
}

chomp(s: string): string
{
	if(s != nil && s[len s - 1] == '\n')
		s = s[0:len s - 1];
	return s;
}

ipof(a: array of byte): string
{
	if(len a == 16)
		a = a[12:];
	return sys->sprint("%d.%d.%d.%d", int a[0], int a[1], int a[2], int a[3]);
}

get2(a: array of byte, o: int): int
{
	return (int a[o] << 8) | int a[o+1];
}

portof(addr: string): int
{
	for(i := len addr - 1; i > 0 && addr[i] != '!'; i--)
		;
	return int addr[i+1:];
}

ls(dir: string): string
{
	fd := sys->open(dir, Sys->OREAD);
	s := "";
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			s += " " + d[i].name;
	}
	return s;
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
