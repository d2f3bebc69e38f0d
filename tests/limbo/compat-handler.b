# compat-handler -- break leaves an exception handler; E1 or E2 => with
# exceptions of one type gives e that type; (T) is the type T; an integer
# constant over 2^31-1 is a big, as in Inferno
implement Compathandler;

include "sys.m";
	sys: Sys;
include "draw.m";

Compathandler: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

E1, E2: exception(string);

ints(n: int): (list of int)
{
	if(n == 0)
		return nil;
	return n :: ints(n-1);
}

try(n: int): string
{
	r := "none";
	{
		if(n == 1)
			raise E1("one");
		if(n == 2)
			raise E2("two");
	}exception e{
	E1 or E2 =>
		r = e;
		if(n == 2)
			break;
		r += "!";
	}
	return r;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	b := array[] of {16rfffffffe, big 1};
	sys->print("%s %s %s %d %bd\n", try(0), try(1), try(2), len ints(3), b[0]+b[1]);
}
