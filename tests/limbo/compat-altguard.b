# compat-altguard -- alt, case and pick labels after the first that start
# like statements: (a, b) := <-c =>, *p = <-c =>, labels joined by or
# over several lines, with the previous arm's statements before them
implement Compataltguard;

include "sys.m";
	sys: Sys;
include "draw.m";

Compataltguard: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

R: adt {
	n:	int;
};

A, B, C, D: con iota;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	pc := chan[1] of (int, string);
	rc := chan[1] of R;
	ic := chan[1] of int;
	r := ref R(0);
	for(i := 0; i < 3; i++){
		case i {
		0 =>	pc <-= (7, "seven");
		1 =>	rc <-= R(5);
		2 =>	ic <-= 9;
		}
		alt{
		(n, s) := <-pc =>
			sys->print("pair %d %s\n", n, s);
			n = 0;
		*r = <-rc =>
			sys->print("r %d\n", r.n);
		x := <-ic =>
			sys->print("int %d\n", x);
		}
	}
	for(i = A; i <= D; i++)
		case i {
		A =>
			sys->print("a\n");
		B
		or
		C =>
			sys->print("b or c\n");
			i = i;
		(D) =>
			sys->print("d\n");
		}
}
