implement Fieldresult;

# verify-fieldresult -- a call's result placed straight into a field of a
# new block (limbo's lea 8(w(fp)) for ref A(2, 0, f())): the run-time
# check of the field's address compared the callee's result with the
# block's type 8 bytes too far on, and refused it (sed's addresses, sh's
# blocks: type not constructed correctly)

include "sys.m";
	sys: Sys;
include "draw.m";

Fieldresult: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

A: adt
{
	k:	int;
	l:	int;
	r:	ref B;
};

B: adt
{
	x:	int;
	s:	string;
};

f(x: int): ref B
{
	if(x == 0)
		return nil;
	return ref B(x, "b");
}

g(): (int, string)
{
	return (3, "g");
}

C: adt
{
	k:	int;
	t:	(int, string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := ref A(2, 0, f(7));
	sys->print("%d %d %d %s\n", a.k, a.l, a.r.x, a.r.s);
	a = ref A(1, 1, f(0));
	sys->print("%d\n", a.r == nil);
	c := ref C(4, g());
	sys->print("%d %d %s\n", c.k, c.t.t0, c.t.t1);
}
