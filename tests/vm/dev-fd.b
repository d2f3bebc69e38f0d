implement Devfd;

# dev-fd -- #d: a file per open fd and its ctl; opening /fd/N is
# sys->dup(N, -1), sharing the offset; modes are the fd's

include "sys.m";
	sys: Sys;
include "draw.m";

Devfd: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);	# its binds and mounts are its own
	sys->bind("#d", "/fd", Sys->MREPL);
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	sys->pctl(Sys->NEWFD, 1 :: p[0].fd :: p[1].fd :: nil);
	l := ls();
	sys->print("ls: %d entries, pipe's %d %d, 1 %d\n", len l, has(l, string p[0].fd), has(l, string p[1].fd+"ctl"), has(l, "1"));
	(ok, d) := sys->stat(sys->sprint("/fd/%d", p[0].fd));
	sys->print("stat %d %d %uo\n", ok, d.name == string p[0].fd, d.mode);
	fd := sys->open(sys->sprint("/fd/%d", p[1].fd), Sys->OWRITE);
	sys->print("dup'd write %d\n", sys->fprint(fd, "through the dup"));
	buf := array[100] of byte;
	n := sys->read(p[0], buf, len buf);
	sys->print("pipe got [%s]\n", string buf[0:n]);
	c := sys->open(sys->sprint("/fd/%dctl", p[0].fd), Sys->OREAD);
	n = sys->read(c, buf, len buf);
	s := string buf[0:n];
	for(i := 0; i < len s && s[i] == ' '; i++)
		;
	want := string p[0].fd + " rw";
	sys->print("ctl has the fd and mode %d\n", s[i:i+len want] == want);
	if(sys->open("/fd/77", Sys->OREAD) == nil)
		sys->print("fd 77: %r\n");
	if(sys->open("/fd/1", Sys->OREAD) == nil)
		sys->print("read stdout: %r\n");
	if(sys->open("/fd/0x", Sys->OREAD) == nil)
		sys->print("fd 0x: %r\n");
	if(sys->create("/fd/9", Sys->OWRITE, 8r666) == nil)
		sys->print("create: %r\n");
}

ls(): list of string
{
	fd := sys->open("/fd", Sys->OREAD);
	l: list of string;
	for(;;){
		(n, dirs) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			l = dirs[i].name :: l;
	}
	return l;
}

has(l: list of string, s: string): int
{
	for(; l != nil; l = tl l)
		if(hd l == s)
			return 1;
	return 0;
}
