# compat-unusedfn -- as in Inferno, a local function never used gets no
# code (so neither the errors only code generation finds: no return at
# the end of f), and a type name never used is not checked (Bad); an adt
# holding another by value that refers back to it (Hub, Dev) is sized;
# a global initializer of more than 65536 elements
implement Compatunusedfn;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatunusedfn: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Hub: adt {
	n:	int;
	ports:	cyclic ref Dev;
};

Dev: adt {
	id:	int;
	hub:	Hub;
	next:	cyclic ref Dev;
};

Bad: type Hub[string];

tab := array[70000] of {* => 1, 69999 => 5};

f(a: array of byte): (int, int)
{
	if(len a == 0){
	}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	d := ref Dev(1, Hub(2, nil), nil);
	d.hub.ports = d;
	sys->print("%d %d %d\n", d.id, d.hub.n, d.hub.ports.id);
	sys->print("%d %d\n", len tab, tab[69999]+tab[0]);
}
