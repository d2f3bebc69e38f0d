# compat-moddata -- data declared in a module's interface, as Inferno's
# limbo has it: the implementing module's globals, laid out by name at the
# start of its data (.mp), given values by top-level assignments, reached
# through a handle (m->x, m->x = v, m->n++), and
# used as a module in the module's own declaration
# (ref sys->FD with sys the module's data)
implement Compatmoddata;

include "sys.m";
include "draw.m";

Compatmoddata: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	out:	fn(fd: ref sys->FD, s: string);
	sys:	Sys;
	n:	int;
	name:	string;
	big1:	big;
	tab:	array of int;
};

n = 40;
name = "data";
big1 = big 16r123456789;

me: Compatmoddata;

out(fd: ref Sys->FD, s: string)
{
	sys->fprint(fd, "%s\n", s);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	me = load Compatmoddata "$self";
	if(me == nil){
		sys->print("cannot load myself: %r\n");
		return;
	}
	me->n++;
	n += 1;
	me->tab = array[] of {1, 2, 3};
	me->tab[2] = 30;
	out(sys->fildes(1), sys->sprint("%d %d %s %bx %d %d", n, me->n, me->name, big1, len me->tab, tab[2]));
}
