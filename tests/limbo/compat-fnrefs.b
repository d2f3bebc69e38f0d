# compat-fnrefs -- references to functions Inferno's limbo takes that
# this one refused: an adt's member function without self (A.f), of
# this module's adt or of another module's (through the module it was
# imported with), and a polymorphic function (ref fn[T]), called with
# its type parameter bound at each call
implement Fnrefs;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
include "sample.m";
	samples: Samples;
	Sample: import samples;

Fnrefs: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	P: adt {
		v:	int;
		mk:	fn(v: int): ref P;
	};
};

A: adt {
	x:	int;
	f:	fn(a: ref A): int;
	g:	fn(a, b: ref A): ref A;
};

A.f(a: ref A): int
{
	return a.x;
}

A.g(a, b: ref A): ref A
{
	return ref A(a.x + b.x);
}

P.mk(v: int): ref P
{
	return ref P(v*10);
}

id[T](x: T): T
{
	return x;
}

pair[T](x, y: T): list of T
{
	return x :: y :: nil;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	samples = load Samples Samples->PATH;
	r: ref fn(a: ref A): int;
	r = A.f;
	sys->print("A.f %d\n", r(ref A(3)));
	g := A.g;
	sys->print("A.g %d\n", r(g(ref A(1), ref A(2))));
	mk: ref fn(v: int): ref P = P.mk;
	sys->print("P.mk %d\n", mk(4).v);
	new: ref fn(n: int): ref Sample;
	new = Sample.new;
	s := new(10);
	s.add(big 5);
	s.add(big 7);
	sys->print("Sample.new: mean %g\n", s.mean());
	f: ref fn[T](x: T): T;
	f = id;
	sys->print("id %s %d\n", f("x"), f(ref A(9)).x);
	p := pair;
	l := p("a", "b");
	sys->print("pair %s %s\n", hd l, hd tl l);
}
