implement Sysmisc;

# sys-misc -- tokenize, utf helpers, dup, fildes, pipe, sleep, millisec, pctl

include "sys.m";
	sys: Sys;
include "draw.m";

Sysmisc: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;

	(n, l) := sys->tokenize("a,b,,c", ",");
	sys->print("%d:", n);
	for(; l != nil; l = tl l)
		sys->print(" [%s]", hd l);
	sys->print("\n");
	(n, l) = sys->tokenize("", " ");
	sys->print("empty %d %d\n", n, l == nil);
	(n, l) = sys->tokenize("héllo wörld", " ");
	sys->print("%d %s %d\n", n, hd tl l, len hd tl l);

	b := array of byte "a☺b";
	sys->print("utfbytes %d %d %d\n", sys->utfbytes(b, len b), sys->utfbytes(b, 3), sys->utfbytes(b, 2));
	(c, w, ok) := sys->byte2char(b, 1);
	sys->print("byte2char %x %d %d\n", c, w, ok);
	(c, w, ok) = sys->byte2char(array[] of {byte 16rff}, 0);
	sys->print("bad byte %x %d %d\n", c, w, ok);
	o := array[8] of byte;
	w = sys->char2byte(16r263a, o, 0);
	w += sys->char2byte('!', o, w);
	sys->print("char2byte %d %s\n", w, string o[0:w]);
	sys->print("no room %d\n", sys->char2byte(16r263a, o, 6));

	fd := sys->fildes(1);
	sys->fprint(fd, "fildes %d\n", fd.fd > 2);
	nfd := sys->dup(1, 20);
	sys->print("dup %d\n", nfd);
	sys->fprint(sys->fildes(20), "via 20\n");
	if(sys->fildes(77) == nil)
		sys->print("fildes 77: %r\n");

	p := array[2] of ref Sys->FD;
	sys->print("pipe %d\n", sys->pipe(p));
	done := chan of int;
	spawn reader(p[1], done);
	sys->sleep(20);
	sys->write(p[0], array of byte "ping", 4);
	<-done;
	p[1] = nil;
	{
		sys->write(p[0], array of byte "x", 1);
		sys->print("write hungup: no exception\n");
	}exception e{
	"write on closed pipe" =>
		sys->print("write hungup: %s\n", e);
	}
	p[0] = nil;

	t0 := sys->millisec();
	sys->sleep(50);
	dt := sys->millisec() - t0;
	sys->print("slept %d\n", dt >= 50 && dt < 1000);

	pid := sys->pctl(0, nil);
	sys->print("pctl same %d\n", sys->pctl(0, nil) == pid && pid > 0);
	sys->pctl(Sys->NEWFD, 1 :: nil);
	if(sys->fildes(20) == nil)
		sys->print("after NEWFD: 20 gone\n");
	sys->print("1 kept\n");
}

reader(fd: ref Sys->FD, done: chan of int)
{
	buf := array[16] of byte;
	n := sys->read(fd, buf, len buf);
	sys->print("reader got %d %s\n", n, string buf[0:n]);
	fd = nil;	# the last reference to the read end is main's
	done <-= 1;
}
