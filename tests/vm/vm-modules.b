# vm-modules -- load by path and as $self, module data per instance, failed loads
implement Vmmodules;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmmodules: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	bump:	fn(n: int): int;
};

Wrong: module
{
	nosuch:	fn(): int;
};

count := 0;

bump(n: int): int
{
	count += n;
	return count;
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	me := load Vmmodules "$self";
	sys->print("self %d %d\n", me->bump(2), bump(3));
	w := load Wrong "/no/such/file.dis";
	sys->print("missing %d %r\n", w == nil);
	w = load Wrong "$Sys";
	sys->print("wrong link %d %r\n", w == nil);
	if(w != nil)
		w->nosuch();
	other := load Vmmodules hd argv;
	if(other == nil)
		sys->print("cannot load myself: %r\n");
	else
		sys->print("instance %d %d\n", other->bump(10), bump(1));
}
