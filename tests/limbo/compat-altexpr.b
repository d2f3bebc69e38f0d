# compat-altexpr -- alt guards that are expressions around a receive, as
# Inferno allows: *p = *<-c =>, a[1] = <-d + 1 =>, <-(c) =>
implement Compataltexpr;
include "sys.m";
sys: Sys;
include "draw.m";
Compataltexpr: module { init: fn(nil: ref Draw->Context, nil: list of string); };
P: adt { x: int; };
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan[1] of ref P;
	d := chan[1] of int;
	p := ref P(1);
	a := array[3] of int;
	c <-= ref P(5);
	alt {
	*p = *<-c =>
		sys->print("p %d\n", p.x);
	}
	d <-= 4;
	alt {
	a[1] = <-d + 1 =>
		sys->print("a %d\n", a[1]);
	}
	c <-= ref P(6);
	alt { <-(c) => sys->print("got\n"); }
}
