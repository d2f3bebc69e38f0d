implement Emucons;

# emu-cons -- emu's console files in /dev: cons, time, msec, user, sysname;
# #c's memory (Inferno's pool lines), random, notquiterandom and consctl

include "sys.m";
	sys: Sys;
include "draw.m";

Emucons: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

readall(name: string): string
{
	fd := sys->open(name, Sys->OREAD);
	if(fd == nil)
		return sys->sprint("open %s: %r", name);
	buf := array[128] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		return sys->sprint("read %s: %r", name);
	return string buf[0:n];
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	t := big readall("/dev/time");
	sys->print("time plausible %d\n", t > big 1600000000 * big 1000000);
	m := readall("/dev/msec");
	sys->print("msec width %d\n", len m);
	sys->print("user nonempty %d\n", len readall("/dev/user") > 0);
	sys->print("sysname nonempty %d\n", len readall("/dev/sysname") > 0);
	fd := sys->open("/dev/cons", Sys->OWRITE);
	sys->fprint(fd, "to cons\n");
	if(sys->open("/dev/time", Sys->OWRITE) == nil)
		sys->print("write time: %r\n");
	(ok, d) := sys->stat("/dev/time");
	sys->print("stat %d %s %uo\n", ok, d.name, d.mode & 8r777);
	fd = sys->open("/dev/time", Sys->OREAD);
	buf := array[4] of byte;
	sys->seek(fd, big 1, Sys->SEEKSTART);
	n := sys->read(fd, buf, len buf);
	sys->print("seek read %d %d\n", n, string buf[0:n] == (string t)[1:5]);
	(ok, d) = sys->fstat(fd);
	sys->print("fstat %d %s\n", ok, d.name);
	fd = sys->open("/dev", Sys->OREAD);
	found := 0;
	for(;;){
		(nd, dirs) := sys->dirread(fd);
		if(nd <= 0)
			break;
		for(i := 0; i < nd; i++)
			if(dirs[i].name == "time" || dirs[i].name == "cons" || dirs[i].name == "null")
				found++;
	}
	sys->print("dev has time cons null: %d\n", found);
	sys->print("null %d\n", sys->read(sys->open("/dev/null", Sys->OREAD), buf, len buf));
	if(sys->remove("/dev/time") < 0)
		sys->print("remove time: %r\n");
	memory();
	r1 := array[32] of byte;
	r2 := array[32] of byte;
	fd = sys->open("#c/random", Sys->OREAD);
	n = sys->read(fd, r1, len r1);
	sys->read(fd, r2, len r2);
	sys->print("random %d, differs %d\n", n, string r1 != string r2);
	fd = sys->open("#c/notquiterandom", Sys->OREAD);
	sys->print("notquiterandom %d\n", sys->read(fd, r1, 16));
	fd = sys->open("#c/consctl", Sys->OWRITE);
	sys->print("rawon %d\n", sys->fprint(fd, "rawon"));
	if(sys->fprint(fd, "rawon frob") < 0)
		sys->print("consctl: %r\n");
	sys->print("rawoff %d\n", sys->fprint(fd, "rawoff"));
}

# #c/memory: a line a pool, seven numbers in 12 characters each, then the name
memory()
{
	fd := sys->open("#c/memory", Sys->OREAD);
	buf := array[1024] of byte;
	s := string buf[0:sys->read(fd, buf, len buf)];
	(nil, lines) := sys->tokenize(s, "\n");
	for(; lines != nil; lines = tl lines){
		l := hd lines;
		(nf, f) := sys->tokenize(l, " ");
		name := l[7*12:];
		sys->print("memory %s: %d fields, name at 84 %d", name, nf, len f == 8 && hd tl tl tl tl tl tl tl f == name);
		if(name == "heap")
			sys->print(", limit %s", hd tl f);
		sys->print("\n");
	}
}
