implement Sysfiles;

# sys-files -- open, create, read, write, seek, pread, pwrite, stat, wstat, remove, and their errors

include "sys.m";
	sys: Sys;
include "draw.m";

Sysfiles: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	dir := "/tmp/minos-sysfiles-" + string sys->pctl(0, nil);
	name := dir + "/f.txt";

	if(sys->open("/tmp/minos-no-such-dir/x", Sys->OREAD) == nil)
		sys->print("open missing: %r\n");
	if(sys->create(dir + "/no/such", Sys->OWRITE, 8r644) == nil)
		sys->print("create missing: %r\n");
	d := sys->create(dir, Sys->OREAD, Sys->DMDIR|8r755);
	if(d == nil)
		sys->print("mkdir: %r\n");
	fd := sys->create(name, Sys->ORDWR, 8r640);
	if(fd == nil)
		raise "fail:create";
	n := sys->write(fd, array of byte "hello, file\n", 12);
	sys->print("write %d\n", n);
	sys->print("seek %bd\n", sys->seek(fd, big 7, Sys->SEEKSTART));
	buf := array[64] of byte;
	n = sys->read(fd, buf, len buf);
	sys->print("read %d [%s]\n", n, string buf[0:n]);
	n = sys->read(fd, buf, len buf);
	sys->print("eof %d\n", n);
	n = sys->pwrite(fd, array of byte "J", 1, big 0);
	n = sys->pread(fd, buf, 5, big 0);
	sys->print("pread %d [%s]\n", n, string buf[0:n]);
	sys->print("seek end %bd\n", sys->seek(fd, big 0, Sys->SEEKEND));
	(ok, st) := sys->fstat(fd);
	sys->print("fstat %d %s %bd %uo dir %d\n", ok, st.name, st.length, st.mode & 8r777, (st.mode & Sys->DMDIR) != 0);
	sys->print("fd2path %s\n", sys->fd2path(fd)[len dir:]);
	fd = nil;

	(ok, st) = sys->stat(dir);
	sys->print("stat dir %d %d qtdir %d\n", ok, (st.mode & Sys->DMDIR) != 0, (st.qid.qtype & Sys->QTDIR) != 0);
	(ok, nil) = sys->stat(dir + "/missing");
	sys->print("stat missing %d: %r\n", ok);

	nd := sys->nulldir;
	nd.length = big 5;
	nd.mode = 8r600;
	sys->print("wstat %d\n", sys->wstat(name, nd));
	(ok, st) = sys->stat(name);
	sys->print("after wstat %bd %uo\n", st.length, st.mode & 8r777);
	nd = sys->nulldir;
	nd.name = "g.txt";
	sys->print("rename %d\n", sys->wstat(name, nd));
	fd = sys->open(dir + "/g.txt", Sys->OREAD);
	n = sys->readn(fd, buf, 100);
	sys->print("readn %d [%s]\n", n, string buf[0:n]);
	if(sys->write(fd, buf, 1) < 0)
		sys->print("write on OREAD: %r\n");
	sys->seek(fd, big 1, Sys->SEEKSTART);
	sys->print("stream [");
	n = sys->stream(fd, sys->fildes(1), 2);
	sys->print("] %d iounit %d\n", n, sys->iounit(fd));
	fd = sys->open(dir + "/g.txt", Sys->ORDWR);
	nd = sys->nulldir;
	nd.length = big 3;
	sys->print("fwstat %d\n", sys->fwstat(fd, nd));
	(ok, st) = sys->fstat(fd);
	sys->print("fstat %bd %s\n", st.length, st.name);
	fd = nil;

	fd = sys->create(dir + "/tmpf", Sys->OWRITE|Sys->ORCLOSE, 8r644);
	(ok, nil) = sys->stat(dir + "/tmpf");
	sys->print("orclose open %d\n", ok);
	fd = nil;
	(ok, nil) = sys->stat(dir + "/tmpf");
	sys->print("orclose closed %d\n", ok);

	if(sys->remove(dir) < 0)
		sys->print("remove full dir: %r\n");
	sys->print("remove %d\n", sys->remove(dir + "/g.txt"));
	if(sys->remove(dir + "/g.txt") < 0)
		sys->print("remove again: %r\n");
	sys->print("rmdir %d\n", sys->remove(dir));
	sys->print("read nil fd %d: %r\n", sys->read(nil, buf, 1));
}
