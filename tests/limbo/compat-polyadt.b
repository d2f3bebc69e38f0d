# compat-polyadt -- polymorphic adts (adt[T]): methods, static members, constructors,
# several type parameters, instances with string, ref adt and array arguments
implement Compatpolyadt;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatpolyadt: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Stack: adt[T] {
	items:	list of T;
	n:	int;

	new:	fn(): ref Stack[T];
	push:	fn(s: self ref Stack, x: T);
	pop:	fn(s: self ref Stack): T;
	peek:	fn(s: self ref Stack): T;
};

Pair: adt[A, B] {
	a:	A;
	b:	B;
	swap:	fn(p: self ref Pair): ref Pair[B, A];
};

Point: adt {
	x, y:	int;
	text:	fn(p: self ref Point): string;
};

Stack[T].new(): ref Stack[T]
{
	return ref Stack[T](nil, 0);
}

Stack[T].push(s: self ref Stack[T], x: T)
{
	s.items = x :: s.items;
	s.n++;
}

Stack[T].pop(s: self ref Stack[T]): T
{
	x := hd s.items;
	s.items = tl s.items;
	s.n--;
	return x;
}

Stack[U].peek(s: self ref Stack[U]): U
{
	return hd s.items;
}

Pair[A, B].swap(p: self ref Pair[A, B]): ref Pair[B, A]
{
	return ref Pair[B, A](p.b, p.a);
}

Point.text(p: self ref Point): string
{
	return sys->sprint("(%d,%d)", p.x, p.y);
}

# a polymorphic function over an instance
depth[T](s: ref Stack[T]): int
{
	return s.n;
}

drain[T](s: ref Stack[T]): list of T
{
	l: list of T;
	while(s.n > 0)
		l = s.pop() :: l;
	return l;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;

	ss := Stack[string].new();
	ss.push("a");
	ss.push("b");
	ss.push("c");
	sys->print("depth %d peek %s\n", depth(ss), ss.peek());
	sys->print("pop %s\n", ss.pop());
	for(l := drain(ss); l != nil; l = tl l)
		sys->print("drained %s\n", hd l);

	ps: ref Stack[ref Point];
	ps = Stack[ref Point].new();
	for(i := 0; i < 3; i++)
		ps.push(ref Point(i, i*i));
	p := ps.pop();
	sys->print("point %s, %d left, top %s\n", p.text(), ps.n, ps.peek().text());
	sys->print("x field %d\n", (hd ps.items).x);

	q := ref Pair[string, ref Point]("name", ref Point(3, 4));
	r := q.swap();
	sys->print("pair %s %s / %s %s\n", q.a, q.b.text(), r.a.text(), r.b);

	as := Stack[array of int].new();
	as.push(array[] of {1, 2, 3});
	sys->print("array len %d\n", len as.pop());
	sys->print("nil peek %d\n", ss.items == nil);
}
