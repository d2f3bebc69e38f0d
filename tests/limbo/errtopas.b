# errtopas -- top-level assignments: twice, to a non-variable, a
# value of the wrong type; a prototype never defined
implement Errtopas;

include "sys.m";
include "draw.m";

Errtopas: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

x: int;
f: fn(): int;
g: fn(): int;
x = 1;
x = 2;
K: con 4;
K = 5;
y: string;
y = 3;

init(nil: ref Draw->Context, nil: list of string)
{
}

f(): int
{
	return 1;
}
