implement Errdecl;

include "sys.m";
include "draw.m";

Errdecl: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

A: adt {
	b:	B;
};

B: adt {
	a:	A;
};

x: int;
x: string;

f(n: int): string
{
	case n {
	1 to 5 =>
		return "a";
	3 =>
		return "b";
	}
	return "c";
}

f(n: int): string
{
	return "d";
}

init(nil: ref Draw->Context, nil: list of string)
{
	raise;
}
