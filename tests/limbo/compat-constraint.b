# compat-constraint -- polymorphic functions with for { T => f: fn...; }
# constraints: T.f(...) and x.f() (self) call the member function of the
# adt bound to T, passed as a hidden argument; through a module too
# (Inferno's lists.m find/delete/ismember)
implement Constraint;

include "sys.m";
	sys: Sys;
include "draw.m";

Constraint: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	find:	fn[T](x: T, l: list of T): list of T
		for { T => eq: fn(a, b: T): int; };
};

Item: adt {
	name:	string;
	n:	int;
	eq:	fn(a, b: ref Item): int;
	text:	fn(i: self ref Item): string;
};

Box: adt[T] {
	v:	T;
	eq:	fn(a, b: ref Box): int;
	text:	fn(b: self ref Box): string;
};

Item.eq(a, b: ref Item): int
{
	return a.name == b.name;
}

Item.text(i: self ref Item): string
{
	return sys->sprint("%s/%d", i.name, i.n);
}

Box[T].eq(a, b: ref Box[T]): int
{
	return a.v == b.v;
}

Box[T].text(b: self ref Box[T]): string
{
	if(b.v == nil)
		return "box(nil)";
	return "box";
}

find[T](x: T, l: list of T): list of T
	for { T => eq: fn(a, b: T): int; }
{
	for(; l != nil; l = tl l)
		if(T.eq(x, hd l))
			return l;
	return nil;
}

count[T](x: T, l: list of T): int
	for { T => eq: fn(a, b: T): int; }
{
	n := 0;
	for(; l != nil; l = tl l)
		if(find(x, hd l :: nil) != nil)	# passes its own constraint on
			n++;
	return n;
}

show[T](l: list of T): string
	for { T => text: fn(x: self T): string; }
{
	s := "";
	for(; l != nil; l = tl l)
		s += " " + (hd l).text();
	return s;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	l := ref Item("a", 1) :: ref Item("b", 2) :: ref Item("a", 3) :: nil;
	sys->print("find b:%s\n", show(find(ref Item("b", 0), l)));
	sys->print("find z:%s\n", show(find(ref Item("z", 0), l)));
	sys->print("count a: %d\n", count(ref Item("a", 0), l));

	s := "x";
	bl := ref Box[string](s) :: ref Box[string](nil) :: nil;
	sys->print("boxes:%s, find nil:%s\n", show(bl), show(find(ref Box[string](nil), bl)));

	m := load Constraint "$self";
	sys->print("module find:%s\n", show(m->find(ref Item("a", 0), tl l)));
}
