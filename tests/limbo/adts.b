implement Adts;

include "sys.m";
	sys: Sys;
include "draw.m";

Adts: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Vec: adt
{
	x, y:	int;
	name:	string;
	Zero:	con 0;
	add:	fn(a: self Vec, b: Vec): Vec;
	scale:	fn(v: self ref Vec, k: int);
	str:	fn(v: self Vec): string;
	mk:	fn(x, y: int): Vec;
};

Rec: adt
{
	v:	Vec;
	r:	real;
	b:	big;
	next:	cyclic ref Rec;
};

Vec.add(a: self Vec, b: Vec): Vec
{
	return Vec(a.x+b.x, a.y+b.y, a.name+b.name);
}

Vec.scale(v: self ref Vec, k: int)
{
	v.x *= k;
	v.y *= k;
}

Vec.str(v: self Vec): string
{
	return sys->sprint("%s(%d,%d)", v.name, v.x, v.y);
}

Vec.mk(x, y: int): Vec
{
	return (x, y, "m");
}

swap(a, b: int): (int, int)
{
	return (b, a);
}

triple(): (string, int, real)
{
	return ("t", 3, 0.5);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := Vec(1, 2, "a");
	b := Vec.mk(10, 20);
	c := a.add(b);
	sys->print("%s %s %s %d\n", a.str(), b.str(), c.str(), Vec.Zero);
	r := ref c;
	r.scale(3);
	sys->print("%s %s\n", r.str(), c.str());
	d := *r;
	d.x = 0;
	sys->print("%d %d\n", d.x, r.x);
	(x, y) := swap(1, 2);
	sys->print("%d %d\n", x, y);
	(x, y) = (y, x);
	sys->print("%d %d\n", x, y);
	(s, n, f) := triple();
	sys->print("%s %d %g\n", s, n, f);
	(nil, n2, nil) := triple();
	sys->print("%d\n", n2);
	t := (5, "five");
	(tn, ts) := t;
	sys->print("%d %s\n", tn, ts);
	head: ref Rec;
	for(i := 0; i < 3; i++)
		head = ref Rec(Vec(i, -i, "r"), real i / 2.0, big i << 33, head);
	for(p := head; p != nil; p = p.next)
		sys->print("%s %g %bd; ", p.v.str(), p.r, p.b);
	sys->print("\n");
	head.next.v.name = "changed";
	sys->print("%s\n", head.next.v.str());
	e := ref Rec;
	sys->print("%d %g %bd %d\n", e.v.x, e.r, e.b, e.next == nil);
	q1 := ref Vec(1, 1, "q");
	q2 := q1;
	q3 := ref Vec(1, 1, "q");
	sys->print("%d %d\n", q1 == q2, q1 == q3);
}
