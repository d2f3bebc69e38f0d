# compat-adtexc -- exceptions and constants declared inside an adt:
# raise A.E(v), caught as A.E by the raiser and its caller, and by its
# name (Module.Adt.E) as a string further out
implement Compatadtexc;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatadtexc: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

A: adt {
	x:	int;
	E:	exception(int, string);
	Plain:	exception;
	K:	con 5;
	check:	fn(a: self ref A);
};

A.check(a: self ref A)
{
	if(a.x > A.K)
		raise A.E(a.x, "too big");
	if(a.x < 0)
		raise A.Plain;
}

caller(x: int): string
{
	{
		(ref A(x)).check();
	} exception e {
	A.E =>
		(v, s) := e;
		return sys->sprint("E %d %s", v, s);
	A.Plain =>
		return "Plain";
	}
	return "ok";
}

deep(x: int)
{
	(ref A(x)).check();
}

middle(x: int)
{
	deep(x);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%s; %s; %s\n", caller(3), caller(9), caller(-1));
	{
		middle(7);
	} exception e {
	"*" =>
		sys->print("far away: %s\n", e);
	}
}
