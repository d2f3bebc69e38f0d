# compat-polyerr -- diagnostics for polymorphic adts and for { } constraints
implement Compatpolyerr;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatpolyerr: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Box: adt[T] {
	v:	T;
	get:	fn(b: self ref Box): T;
};

Plain: adt {
	x:	int;
	eq:	fn(a: ref Plain, b: int): int;
};

Plain.eq(a: ref Plain, b: int): int
{
	return a.x == b;
}

Ord: adt[T] for { T => cmp: fn(a, b: T): int; } {
	v:	T;
};

Box[T].get(b: self ref Box[T]): T
{
	return b.v;
}

member[T](x: T, l: list of T): int
	for { T => eq: fn(a, b: T): int; }
{
	if(x.eq(hd l))		# eq takes no self
		return 1;
	return T.ne(x, hd l);	# no such constraint
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a: ref Box[int];
	b: ref Box[string, string];
	c := ref Box[string]("x");
	s: string = c.get();
	i: int = c.get();
	d := ref Plain[string](1);
	e := ref Box[ref Plain](ref Plain(1));
	f: ref Box[string] = e;
	member("a", "b" :: nil);
	member(ref Plain(1), nil);
	o := ref Ord[string]("x");
}
