implement Readdirsort;

# readdir-sort -- appl/lib/readdir.b: init and readall with each sort
# key, DESCENDING, NONE, COMPACT on a union directory, errors, and
# sortdir's stability on equal keys

include "sys.m";
	sys: Sys;
	Dir: import sys;
include "draw.m";
include "readdir.m";
	rd: Readdir;

Readdirsort: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Top: string;	# a directory of its own under /tmp, so runs cannot collide

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	rd = load Readdir Readdir->PATH;
	if(rd == nil){
		sys->print("cannot load %s: %r\n", Readdir->PATH);
		raise "fail:load";
	}
	Top = tmpdir("/tmp/minos-readdir-test");
	mkdir(Top+"/d");
	# name, size, mtime, atime: no two equal in any key
	mkfile(Top+"/d/b", 30, 2000, 5000);
	mkfile(Top+"/d/a", 10, 3000, 4000);
	mkfile(Top+"/d/c", 20, 1000, 6000);
	mkfile(Top+"/d/é", 40, 500, 100);

	keys := array[] of {
		("NAME", Readdir->NAME), ("NAME|DESCENDING", Readdir->NAME|Readdir->DESCENDING),
		("ATIME", Readdir->ATIME), ("ATIME|DESCENDING", Readdir->ATIME|Readdir->DESCENDING),
		("MTIME", Readdir->MTIME), ("MTIME|DESCENDING", Readdir->MTIME|Readdir->DESCENDING),
		("SIZE", Readdir->SIZE), ("SIZE|DESCENDING", Readdir->SIZE|Readdir->DESCENDING),
		("NAME|COMPACT", Readdir->NAME|Readdir->COMPACT),
	};
	for(i := 0; i < len keys; i++){
		(what, key) := keys[i];
		(a, n) := rd->init(Top+"/d", key);
		sys->print("%s: %d", what, n);
		for(j := 0; j < n; j++)
			sys->print(" %s/%bd/%d/%d", a[j].name, a[j].length, a[j].mtime, a[j].atime);
		sys->print("\n");
	}
	# NONE keeps directory order, which the host decides: check the set
	(a, n) := rd->init(Top+"/d", Readdir->NONE);
	(a, nil) = rd->sortdir(a, Readdir->NAME);
	sys->print("NONE: %d %s\n", n, names(a));

	fd := sys->open(Top+"/d", Sys->OREAD);
	(a, n) = rd->readall(fd, Readdir->SIZE);
	sys->print("readall SIZE: %d %s\n", n, names(a));
	(a, n) = rd->readall(fd, Readdir->NAME);
	sys->print("readall at end: %d %d\n", n, len a);

	(a, n) = rd->init(Top+"/nonexistent", Readdir->NAME);
	sys->print("missing: %d %d\n", n, a == nil);
	(a, n) = rd->init(Top+"/d/a", Readdir->NAME);
	sys->print("not a directory: %d %d\n", n, a == nil);

	mkdir(Top+"/empty");
	(a, n) = rd->init(Top+"/empty", Readdir->NAME|Readdir->COMPACT);
	sys->print("empty: %d %d\n", n, len a);

	# a union: u1 holds x, y (1 byte); u2 holds y (2 bytes), z; the
	# kernel lists y once, u1's, so COMPACT has nothing left to do
	mkdir(Top+"/u1");
	mkdir(Top+"/u2");
	mkfile(Top+"/u1/x", 1, 100, 100);
	mkfile(Top+"/u1/y", 1, 100, 100);
	mkfile(Top+"/u2/y", 2, 100, 100);
	mkfile(Top+"/u2/z", 2, 100, 100);
	if(sys->bind(Top+"/u2", Top+"/u1", Sys->MAFTER) < 0)
		sys->print("bind: %r\n");
	(a, n) = rd->init(Top+"/u1", Readdir->NAME);
	sys->print("union NAME: %d %s\n", n, sizes(a));
	(a, n) = rd->init(Top+"/u1", Readdir->NAME|Readdir->COMPACT);
	sys->print("union NAME|COMPACT: %d %s\n", n, sizes(a));
	(a, n) = rd->init(Top+"/u1", Readdir->NONE|Readdir->COMPACT);
	(a, nil) = rd->sortdir(a, Readdir->NAME);
	sys->print("union NONE|COMPACT: %d %s\n", n, sizes(a));
	sys->unmount(Top+"/u2", Top+"/u1");

	# sortdir is stable: equal keys keep their order, either way
	sys->print("sortdir SIZE %s\n", names(rd->sortdir(six(), Readdir->SIZE).t0));
	sys->print("sortdir SIZE|DESCENDING %s\n", names(rd->sortdir(six(), Readdir->SIZE|Readdir->DESCENDING).t0));
	sys->print("sortdir MTIME %s\n", names(rd->sortdir(six(), Readdir->MTIME).t0));
	sys->print("sortdir ATIME %s\n", names(rd->sortdir(six(), Readdir->ATIME).t0));
	sys->print("sortdir NAME %s\n", names(rd->sortdir(six(), Readdir->NAME).t0));
	sys->print("sortdir NAME|DESCENDING %s\n", names(rd->sortdir(six(), Readdir->NAME|Readdir->DESCENDING).t0));
	sys->print("sortdir NONE %s\n", names(rd->sortdir(six(), Readdir->NONE).t0));
	sys->print("sortdir 7 %s\n", names(rd->sortdir(six(), 7).t0));
	(nil, n) = rd->sortdir(nil, Readdir->NAME);
	sys->print("sortdir nil %d\n", n);
	cleanup();
}

mkdir(name: string)
{
	if(sys->create(name, Sys->OREAD, Sys->DMDIR|8r755) == nil)
		sys->print("mkdir %s: %r\n", name);
}

mkfile(name: string, size, mtime, atime: int)
{
	fd := sys->create(name, Sys->OWRITE, 8r644);
	if(fd == nil){
		sys->print("create %s: %r\n", name);
		return;
	}
	b := array[size] of {* => byte 'x'};
	sys->write(fd, b, len b);
	fd = nil;
	d := sys->nulldir;
	d.mtime = mtime;
	d.atime = atime;
	if(sys->wstat(name, d) < 0)
		sys->print("wstat %s: %r\n", name);
}

# six makes six entries, some equal in each key
six(): array of ref Dir
{
	d := array[6] of ref Dir;
	for(i := 0; i < len d; i++){
		d[i] = ref sys->zerodir;
		d[i].name = sys->sprint("%c%d", "bbaacb"[i], i);
		d[i].length = big ("221133"[i] - '0');
		d[i].mtime = "112211"[i] - '0';
		d[i].atime = "000000"[i] - '0';
	}
	return d;
}

names(a: array of ref Dir): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += " " + a[i].name;
	return s;
}

sizes(a: array of ref Dir): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += sys->sprint(" %s/%bd", a[i].name, a[i].length);
	return s;
}

cleanup()
{
	for(l := "d/a" :: "d/b" :: "d/c" :: "d/é" :: "d" :: "empty" :: "u1/x" :: "u1/y" ::
	    "u2/y" :: "u2/z" :: "u1" :: "u2" :: nil; l != nil; l = tl l)
		sys->remove(Top+"/"+hd l);
	sys->remove(Top);
}

# tmpdir makes a new directory under /tmp whose name no other run is using
tmpdir(base: string): string
{
	n := sys->millisec();
	for(i := 0; i < 100; i++){
		d := base + "." + string (n+i);
		if(sys->create(d, Sys->OREAD|Sys->OEXCL, Sys->DMDIR|8r755) != nil)
			return d;
	}
	sys->print("cannot make a directory %s.N: %r\n", base);
	raise "fail:tmpdir";
}
