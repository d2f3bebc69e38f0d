implement Mathfp;

# math-fp -- $Math's floating point control and status words: rounding
# modes, exception flags gathered and cleared, each thread its own words
# (a spawned one starts with its creator's control word and no flags),
# and a request for a trap refused.

include "sys.m";
	sys: Sys;
include "draw.m";
include "math.m";
	math: Math;

Mathfp: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

names := array[] of {"INVAL", "ZDIV", "OVFL", "UNFL", "INEX"};

flags(s: int): string
{
	r := "";
	for(i := 0; i < len names; i++)
		if(s & (1<<i))
			r += " " + names[i];
	if(r == "")
		return " none";
	return r;
}

# the status after computing op, cleared before
after(what: string, x, y: real): string
{
	math->FPstatus(0, ~0);
	z: real;
	case what {
	"div" =>	z = x/y;
	"mul" =>	z = x*y;
	"sub" =>	z = x-y;
	"add" =>	z = x+y;
	}
	s := math->getFPstatus();
	return sys->sprint("%s %g %g = %g:%s", what, x, y, z, flags(s));
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	math = load Math Math->PATH;

	sys->print("control %#x status%s\n", math->getFPcontrol(), flags(math->getFPstatus()));
	sys->print("%s\n", after("add", 1., 2.));
	sys->print("%s\n", after("div", 1., 0.));
	sys->print("%s\n", after("div", 0., 0.));
	sys->print("%s\n", after("sub", Math->Infinity, Math->Infinity));
	sys->print("%s\n", after("mul", 1e300, 1e300));
	sys->print("%s\n", after("mul", 1e-160, 1e-160));
	sys->print("%s\n", after("div", 1., 3.));

	# flags accumulate until cleared; FPstatus returns the old bits of its mask
	math->FPstatus(0, ~0);
	a := 1.; b := 0.;
	a /= b;
	a = 1.; b = 3.;
	a /= b;
	sys->print("accumulated%s\n", flags(math->getFPstatus()));
	sys->print("FPstatus(0, INEX) gave%s, now%s\n", flags(math->FPstatus(0, Math->INEX)), flags(math->getFPstatus()));
	sys->print("FPstatus(OVFL, OVFL|ZDIV) gave%s, now%s\n", flags(math->FPstatus(Math->OVFL, Math->OVFL|Math->ZDIV)), flags(math->getFPstatus()));
	math->sqrt(-1.);
	math->sin(1.);
	sys->print("after sqrt(-1.) and sin(1.):%s\n", flags(math->getFPstatus()));

	# rounding
	for(m := 0; m < 4; m++){
		old := math->FPcontrol(m<<8, Math->RND_MASK);
		x := 2.; y := 3.;
		sys->print("rounding %d (was %d): %.17g %.17g, control %#x\n", m, old>>8, x/y, -x/y, math->getFPcontrol());
	}
	math->FPcontrol(Math->RND_Z, Math->RND_MASK);
	sys->print("under RND_Z: sqrt(2.) %.17g exp(1.) %.17g\n", math->sqrt(2.), math->exp(1.));
	sys->print("FPcontrol(0, all quiet) gave %#x\n", math->FPcontrol(0, Math->INVAL|Math->ZDIV|Math->OVFL|Math->UNFL|Math->INEX));
	sys->print("bits outside the word: FPcontrol(16r7000, 16r7000) gave %#x, control %#x\n", math->FPcontrol(16r7000, 16r7000), math->getFPcontrol());

	# a thread's words are its own
	math->FPstatus(Math->UNFL, ~0);
	c := chan of int;
	spawn child(c);
	<-c;
	sys->print("parent: control %#x status%s\n", math->getFPcontrol(), flags(math->getFPstatus()));

	{
		math->FPcontrol(Math->ZDIV, Math->ZDIV);
		sys->print("trap enabled?\n");
	} exception e {
	"*" =>
		sys->print("FPcontrol(ZDIV, ZDIV): %s; control %#x\n", e, math->getFPcontrol());
	}
}

child(c: chan of int)
{
	sys->print("child: control %#x status%s\n", math->getFPcontrol(), flags(math->getFPstatus()));
	math->FPcontrol(Math->RND_PINF, Math->RND_MASK);
	x := 1e300;
	x *= x;
	sys->print("child: control %#x status%s\n", math->getFPcontrol(), flags(math->getFPstatus()));
	c <-= 1;
}
