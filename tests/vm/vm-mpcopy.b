implement Mpcopy;

# vm-mpcopy -- each instance of a module starts with its own copy of the
# arrays in its module data, as Inferno's newmp gives it

include "sys.m";
	sys: Sys;
include "draw.m";

Mpcopy: module
{
	init:	fn(nil: ref Draw->Context, args: list of string);
	bump:	fn(): int;
};

counts := array[4] of int;
names := array[] of {"a", "b"};

bump(): int
{
	counts[0]++;
	names[0] += "x";
	return counts[0];
}

init(nil: ref Draw->Context, args: list of string)
{
	sys = load Sys Sys->PATH;
	bump();
	bump();
	sys->print("first instance %d %s\n", counts[0], names[0]);
	m := load Mpcopy hd args;
	if(m == nil){
		sys->print("load: %r\n");
		return;
	}
	sys->print("second instance %d\n", m->bump());
	m2 := load Mpcopy hd args;
	sys->print("third instance %d\n", m2->bump());
	sys->print("first again %d %s\n", counts[0], names[0]);
}
