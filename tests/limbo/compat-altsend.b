# compat-altsend -- an alt guard may be an expression around one send,
# as around one receive (x = c <-= v =>): the value is computed before
# the alt, and the rest of the guard runs, with the value sent, when its
# arm is taken; c <- v => is a send too.  One arm is ready in each alt.
implement Altsend;

include "sys.m";
	sys: Sys;
include "draw.m";

Altsend: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

n := 0;

next(): int
{
	return ++n;
}

note(v: int): int
{
	sys->print("note %d\n", v);
	return v;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan[1] of int;
	d := chan of int;
	x := 0;
	alt{
	x = c <-= next() * 10 =>
		sys->print("sent %d\n", x);
	note(d <-= 99) =>
		sys->print("d has no reader\n");
	}
	d = chan[1] of int;
	alt{
	x = c <-= 7 =>
		sys->print("c is full\n");
	note(d <-= next()) =>
		sys->print("sent on d\n");
	}
	sys->print("x %d n %d\n", x, n);
	alt{
	d <- 6 =>
		sys->print("d is full\n");
	y := <-c =>
		sys->print("got %d\n", y);
	}
	sys->print("%d\n", <-d);
	e := chan[1] of big;
	b := big 0;
	alt{
	b = e <-= big 1 << 40 =>
		sys->print("b %bd\n", b);
	}
	sys->print("%bd\n", <-e);
}
