implement Devmount;

# dev-mount -- sys->export serving a directory over a pipe and
# sys->mount of the other end: read, write, create, stat, wstat,
# dirread, remove, unions, a walk that cannot leave the exported tree,
# fversion, fauth, and the export ending when the client goes

include "sys.m";
	sys: Sys;
include "draw.m";

Devmount: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

dir: string;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	dir = "/tmp/minos-devmount-" + string sys->pctl(0, nil);
	mkdir(dir);
	mkdir(dir+"/sub");
	put(dir+"/a", "hello from a\n");
	put(dir+"/sub/s", "in sub\n");
	mkdir(dir+"/mnt");

	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	done := chan of int;
	spawn exporter(p[0], done);
	p[0] = nil;
	(v, vers) := sys->fversion(p[1], 8192+24, "9P2000");
	sys->print("fversion %d %s\n", v, vers);
	if(sys->fauth(p[1], "") == nil)
		sys->print("fauth: %r\n");
	r := sys->mount(p[1], nil, dir+"/mnt", Sys->MREPL|Sys->MCREATE, "");
	sys->print("mount %d\n", r > 0);
	m := dir+"/mnt";
	sys->print("cat a: %s", get(m+"/a"));
	sys->print("cat sub/s: %s", get(m+"/sub/s"));
	sys->print("dotdot: %s", get(m+"/sub/../a"));
	fd := sys->create(m+"/b", Sys->ORDWR, 8r640);
	sys->print("write %d\n", sys->fprint(fd, "bee"));
	(ok, d) := sys->fstat(fd);
	sys->print("fstat %d %s %bd %uo %c\n", ok, d.name, d.length, d.mode, d.dtype);
	fd = nil;
	nd := sys->nulldir;
	nd.mode = 8r600;
	sys->print("wstat %d\n", sys->wstat(m+"/b", nd));
	(ok, d) = sys->stat(m+"/b");
	sys->print("stat %uo\n", d.mode);
	sys->print("ls:%s\n", ls(m));
	if(sys->open(m+"/nope", Sys->OREAD) == nil)
		sys->print("open nope: %r\n");
	if(sys->create(m+"/a/x", Sys->OWRITE, 8r644) == nil)
		sys->print("create in a file: %r\n");
	# a union over the mount
	sys->bind(dir+"/sub", m, Sys->MAFTER);
	sys->print("union:%s\n", ls(m));
	sys->unmount(dir+"/sub", m);
	sys->print("remove b %d\n", sys->remove(m+"/b"));
	sys->print("ls:%s\n", ls(m));
	# big writes and reads go in pieces
	blk := array[30000] of byte;
	for(i := 0; i < len blk; i++)
		blk[i] = byte ('a'+i%26);
	fd = sys->create(m+"/big", Sys->ORDWR, 8r644);
	sys->print("big write %d\n", sys->write(fd, blk, len blk));
	sys->seek(fd, big 0, Sys->SEEKSTART);
	got := array[40000] of byte;
	n := sys->readn(fd, got, len got);
	same := n == len blk;
	for(i = 0; same && i < n; i++)
		same = got[i] == blk[i];
	sys->print("big read %d same %d\n", n, same);
	fd = nil;
	sys->remove(m+"/big");
	sys->print("unmount %d\n", sys->unmount(nil, m));
	p[1] = nil;
	sys->print("export returned %d\n", <-done);
	for(f := "mnt" :: "sub/s" :: "sub" :: "a" :: nil; f != nil; f = tl f)
		sys->remove(dir+"/"+hd f);
	sys->print("cleaned %d\n", sys->remove(dir));
}

exporter(fd: ref Sys->FD, done: chan of int)
{
	sys->pctl(Sys->FORKNS, nil);
	done <-= sys->export(fd, dir, Sys->EXPWAIT);
}

mkdir(d: string)
{
	if(sys->create(d, Sys->OREAD, Sys->DMDIR|8r755) == nil)
		raise "fail:mkdir " + d;
}

put(f, s: string)
{
	fd := sys->create(f, Sys->OWRITE, 8r644);
	sys->fprint(fd, "%s", s);
}

get(f: string): string
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("%r\n");
	buf := array[100] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		return sys->sprint("%r\n");
	return string buf[0:n];
}

ls(d: string): string
{
	fd := sys->open(d, Sys->OREAD);
	if(fd == nil)
		return sys->sprint(" %r");
	names: list of string;
	for(;;){
		(n, dirs) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			names = insert(dirs[i].name, names);
	}
	s := "";
	for(; names != nil; names = tl names)
		s += " " + hd names;
	return s;
}

insert(s: string, l: list of string): list of string
{
	if(l == nil || s < hd l)
		return s :: l;
	return hd l :: insert(s, tl l);
}
