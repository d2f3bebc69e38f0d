# compat-tupleadt -- tuples and adts convert where their fields do: an
# array of tuples initialises an array of adts, an adt is taken apart by
# a tuple assignment or declaration, T(v) of a value v that is no field
# list casts it; nil casts (array of byte nil); ref Adt.Tag makes a zeroed
# variant; a variant consed onto a list of another variant
implement Compattupleadt;

include "sys.m";
	sys: Sys;
include "draw.m";
	Rect, Point: import Draw;

Compattupleadt: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Msg: adt {
	s:	string;
	n:	int;
};

V: adt {
	k:	int;
	pick {
	Null =>
	S =>
		s:	string;
	}
};

msgs := array[] of {
	("one", 1),
	("two", 2),
};

area(r: Rect): int
{
	return (r.max.x-r.min.x)*(r.max.y-r.min.y);
}

mk(t: (string, int)): Msg
{
	r := ref Msg(t);
	return *r;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	m: array of Msg = msgs;
	(s, n) := m[1];
	t: (string, int);
	t = m[0];
	(a, nil) := t;
	x := mk(("three", 3));
	sys->print("%s %d %s %s %d\n", s, n, a, x.s, len m);
	sys->print("%d\n", area(((1, 2), (4, 6))));
	b := array of byte nil;
	str := string nil;
	sys->print("%d %d\n", b == nil, len str);
	v: ref V = ref V.Null;
	w: ref V = ref V.S;
	l := ref V.S(1, "x") :: ref V.Null :: nil;
	pick x := w {
	S =>
		sys->print("%d %d %d %d\n", tagof v, x.k, x.s == nil, len l);
	}
}
