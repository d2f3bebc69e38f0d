implement Devenv;

# dev-env -- #e: variables as files, create, read, write at offsets,
# truncate, remove, FORKENV and NEWENV, and the limits

include "sys.m";
	sys: Sys;
include "draw.m";

Devenv: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	sys->bind("#e", "/env", Sys->MREPL|Sys->MCREATE);
	sys->pctl(Sys->NEWENV, nil);
	set("user", "glenda");
	set("empty", "");
	sys->print("user=%s empty=[%s]\n", get("user"), get("empty"));
	fd := sys->open("/env/user", Sys->OWRITE);
	sys->pwrite(fd, array of byte "G", 1, big 0);
	sys->pwrite(fd, array of byte "!", 1, big 6);
	sys->print("patched=%q\n", get("user"));
	fd = sys->open("/env/user", Sys->OWRITE|Sys->OTRUNC);
	sys->print("truncated=[%s]\n", get("user"));
	fd = nil;
	sys->print("ls:%s\n", ls());
	(ok, d) := sys->stat("/env/empty");
	sys->print("stat %d %s %bd %uo\n", ok, d.name, d.length, d.mode);

	c := chan of string;
	spawn child(Sys->FORKENV, c);
	sys->print("forkenv child: %s\n", <-c);
	sys->print("parent after forkenv: x=[%s]\n", get("x"));
	spawn child(0, c);
	sys->print("shared child: %s\n", <-c);
	sys->print("parent after shared: x=[%s]\n", get("x"));
	spawn child(Sys->NEWENV, c);
	sys->print("newenv child: %s\n", <-c);

	if(sys->create("/env/user", Sys->OWRITE|Sys->OEXCL, 8r666) == nil)
		sys->print("create existing: %r\n");
	long := "";
	for(i := 0; i < 130; i++)
		long[i] = 'n';
	if(sys->create("/env/"+long, Sys->OWRITE, 8r666) == nil)
		sys->print("long name: %r\n");
	fd = sys->open("/env/user", Sys->OWRITE);
	if(sys->pwrite(fd, array[1] of byte, 1, big (300*1024)) < 0)
		sys->print("huge value: %r\n");
	if(sys->create("/env/d", Sys->OREAD, Sys->DMDIR|8r777) == nil)
		sys->print("directory: %r\n");
	sys->print("remove %d\n", sys->remove("/env/user"));
	if(sys->open("/env/user", Sys->OREAD) == nil)
		sys->print("removed: %r\n");
}

child(flag: int, c: chan of string)
{
	if(flag != 0)
		sys->pctl(flag, nil);
	s := "sees empty=" + string (get("empty") == "") + " user=" + get("user");
	set("x", "from child");
	c <-= s;
}

set(name, val: string)
{
	fd := sys->create("/env/"+name, Sys->OWRITE, 8r666);
	if(fd == nil){
		sys->print("set %s: %r\n", name);
		return;
	}
	b := array of byte val;
	sys->write(fd, b, len b);
}

get(name: string): string
{
	fd := sys->open("/env/"+name, Sys->OREAD);
	if(fd == nil)
		return "<none>";
	buf := array[100] of byte;
	n := sys->read(fd, buf, len buf);
	return string buf[0:n];
}

ls(): string
{
	fd := sys->open("/env", Sys->OREAD);
	s := "";
	for(;;){
		(n, dirs) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			s += " " + dirs[i].name;
	}
	return s;
}
