implement Sysns;

# sys-ns -- dirread, chdir, bind (replace, before, after, create), unmount;
# a union lists each name once

include "sys.m";
	sys: Sys;
include "draw.m";

Sysns: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

mk(path: string, data: string)
{
	fd := sys->create(path, Sys->OWRITE, 8r644);
	if(fd == nil)
		raise "fail:create " + path;
	b := array of byte data;
	sys->write(fd, b, len b);
}

mkdir(path: string)
{
	if(sys->create(path, Sys->OREAD, Sys->DMDIR|8r755) == nil)
		raise "fail:mkdir " + path;
}

# the sorted names in a directory
ls(dir: string): string
{
	fd := sys->open(dir, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("ls %s: %r", dir);
	names: list of string;
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			names = insert(d[i].name, names);
	}
	s := "";
	for(; names != nil; names = tl names)
		s += " " + hd names;
	return s;
}

# the entries of a directory, and the dirreads that gave them
count(dir: string): (int, int)
{
	fd := sys->open(dir, Sys->OREAD);
	if(fd == nil)
		return (-1, 0);
	nn := 0;
	for(nr := 0;; nr++){
		(n, nil) := sys->dirread(fd);
		if(n <= 0)
			break;
		nn += n;
	}
	return (nn, nr);
}

insert(s: string, l: list of string): list of string
{
	if(l == nil || s < hd l)
		return s :: l;
	return hd l :: insert(s, tl l);
}

cat(path: string): string
{
	fd := sys->open(path, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("%r");
	buf := array[100] of byte;
	n := sys->read(fd, buf, len buf);
	return string buf[0:n];
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	top := "/tmp/minos-sysns-" + string sys->pctl(0, nil);
	mkdir(top);
	mkdir(top + "/a");
	mkdir(top + "/b");
	mk(top + "/a/x", "ax");
	mk(top + "/a/y", "ay");
	mk(top + "/b/y", "by");
	mk(top + "/b/z", "bz");

	sys->print("a:%s\n", ls(top + "/a"));
	sys->print("chdir %d\n", sys->chdir(top));
	sys->print("relative:%s\n", ls("b"));
	if(sys->chdir("a/x") < 0)
		sys->print("chdir file: %r\n");

	sys->pctl(Sys->FORKNS, nil);
	sys->print("bind after %d\n", sys->bind("b", "a", Sys->MAFTER) > 0);
	sys->print("union:%s y=%s z=%s\n", ls("a"), cat("a/y"), cat("a/z"));
	sys->print("unmount %d\n", sys->unmount("b", "a"));
	sys->print("a again:%s\n", ls("a"));
	sys->print("bind before %d\n", sys->bind("b", "a", Sys->MBEFORE|Sys->MCREATE) > 0);
	sys->print("y=%s\n", cat("a/y"));
	mk("a/new", "n");
	sys->print("created in b:%s\n", ls(top + "/b"));
	sys->unmount(nil, "a");
	sys->print("bind repl %d\n", sys->bind("b", "a", Sys->MREPL) > 0);
	sys->print("replaced:%s\n", ls("a"));
	if(sys->bind("/tmp/minos-no-such", "a", Sys->MREPL) < 0)
		sys->print("bind missing: %r\n");
	if(sys->unmount("a", "b") < 0)
		sys->print("unmount: %r\n");
	sys->unmount(nil, "a");

	# a union lists each name once, the first member's: c after itself,
	# more entries than one read returns, so whole reads are dropped
	mkdir(top + "/c");
	for(i := 0; i < 300; i++)
		mk(sys->sprint("%s/c/file%.3d", top, i), "");
	sys->print("self union %d\n", sys->bind("c", "c", Sys->MAFTER) > 0);
	(nn, nr) := count("c");
	sys->print("c: %d names in %d reads\n", nn, nr);
	sys->unmount("c", "c");
	for(i = 0; i < 300; i++)
		sys->remove(sys->sprint("%s/c/file%.3d", top, i));

	for(f := "c" :: "a/x" :: "a/y" :: "b/y" :: "b/z" :: "b/new" :: "a" :: "b" :: nil; f != nil; f = tl f)
		sys->remove(top + "/" + hd f);
	sys->print("cleaned %d\n", sys->remove(top));
}
