implement Devfile2chan;

# dev-file2chan -- sys->file2chan and #s: a Limbo server's reads,
# writes and errors, close notices, DMEXCL, wstat, remove, and the file
# going with its server

include "sys.m";
	sys: Sys;
include "draw.m";

Devfile2chan: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	sys->bind("#s", "/chan", Sys->MREPL);
	if(sys->file2chan("/tmp", "x") == nil)
		sys->print("file2chan outside #s: %r\n");
	io := sys->file2chan("/chan", "hello");
	if(io == nil){
		sys->print("file2chan: %r\n");
		return;
	}
	if(sys->file2chan("/chan", "hello") == nil)
		sys->print("again: %r\n");
	if(sys->file2chan("/chan", "a/b") == nil)
		sys->print("slash: %r\n");
	log := chan of string;
	spawn server(io, log);
	io = nil;

	(ok, d) := sys->stat("/chan/hello");
	sys->print("stat %d %s %uo\n", ok, d.name, d.mode);
	fd := sys->open("/chan/hello", Sys->ORDWR);
	buf := array[100] of byte;
	n := sys->read(fd, buf, 5);
	sys->print("read %d [%s]\n", n, string buf[0:n]);
	n = sys->pread(fd, buf, len buf, big 7);
	sys->print("pread %d [%s]\n", n, string buf[0:n]);
	sys->print("write %d\n", sys->write(fd, array of byte "some data", 9));
	sys->print("write bad %d: %r\n", sys->write(fd, array of byte "bad", 3));
	sys->print("read bad %d: %r\n", sys->pread(fd, buf, len buf, big 99));
	fd = nil;
	sys->print("%s\n", <-log);
	sys->print("%s\n", <-log);

	nd := sys->nulldir;
	nd.mode = 8r600|Sys->DMEXCL;
	sys->print("wstat %d\n", sys->wstat("/chan/hello", nd));
	fd = sys->open("/chan/hello", Sys->OREAD);
	if(sys->open("/chan/hello", Sys->OREAD) == nil)
		sys->print("exclusive: %r\n");
	fd = nil;
	<-log;
	<-log;
	nd = sys->nulldir;
	nd.name = "other";
	if(sys->wstat("/chan/hello", nd) < 0)
		sys->print("rename: %r\n");

	# the server goes: so does its file, and a reader waiting on it learns why
	fd = sys->open("/chan/hello", Sys->OREAD);
	r := chan of string;
	spawn reader(fd, r);
	sys->print("%s\n", <-log);
	log <-= "quit";
	sys->print("%s\n", <-r);
	fd = nil;
	(ok, nil) = sys->stat("/chan/hello");
	sys->print("gone %d: %r\n", ok);

	# remove, and ORCLOSE
	io = sys->file2chan("/chan", "rm");
	sys->print("remove %d\n", sys->remove("/chan/rm"));
	io = sys->file2chan("/chan", "rc");
	spawn server(io, log);
	fd = sys->open("/chan/rc", Sys->OREAD|Sys->ORCLOSE);
	fd = nil;
	<-log;
	<-log;
	(ok, nil) = sys->stat("/chan/rc");
	sys->print("orclose %d\n", ok);
	log <-= "quit";
	# an instance of #s is the binder's own: a new bind gives an empty one
	sys->bind("#s", "/chan", Sys->MREPL);
	(n, nil) = dirlist("/chan");
	sys->print("fresh #s: %d files\n", n);
}

dirlist(d: string): (int, string)
{
	fd := sys->open(d, Sys->OREAD);
	s := "";
	n := 0;
	for(;;){
		(m, dirs) := sys->dirread(fd);
		if(m <= 0)
			break;
		for(i := 0; i < m; i++)
			s += " " + dirs[i].name;
		n += m;
	}
	return (n, s);
}

reader(fd: ref Sys->FD, r: chan of string)
{
	buf := array[10] of byte;
	n := sys->read(fd, buf, len buf);
	r <-= sys->sprint("reader %d: %r", n);
}

server(io: ref Sys->FileIO, log: chan of string)
{
	for(;;) alt {
	rq := <-io.read =>
		(off, count, nil, rc) := rq;
		if(rc == nil){
			log <-= "close (read)";
			continue;
		}
		if(off == 99){
			rc <-= (nil, "no such offset");
			continue;
		}
		if(off == 0 && count == 10){
			# a reader waits while the server goes
			log <-= "reader waiting";
			<-log;
			return;
		}
		data := array of byte "hello, world";
		if(off > len data)
			off = len data;
		rc <-= (data[off:], nil);
	wq := <-io.write =>
		(nil, data, nil, wc) := wq;
		if(wc == nil){
			log <-= "close (write)";
			continue;
		}
		if(string data == "bad")
			wc <-= (0, "bad data");
		else
			wc <-= (len data, nil);
	s := <-log =>
		if(s == "quit")
			return;
	}
}
