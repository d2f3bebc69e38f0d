implement Pick;

include "sys.m";
	sys: Sys;
include "draw.m";

Pick: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Shape: adt
{
	name:	string;
	pick {
	Circle =>
		r:	int;
	Rect or Square =>
		w, h:	int;
	Empty =>
	}
	area:	fn(s: self ref Shape): int;
};

Shape.area(s: self ref Shape): int
{
	pick t := s {
	Circle =>
		return 3*t.r*t.r;
	Rect or Square =>
		return t.w*t.h;
	* =>
		return 0;
	}
}

kind(s: ref Shape): string
{
	pick t := s {
	Circle =>
		return "circle " + t.name;
	Rect =>
		return "rect";
	Square =>
		return "square";
	Empty =>
		return "empty";
	}
	return "?";
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	l := array[] of {
		ref Shape.Circle("c1", 2),
		ref Shape.Rect("r", 2, 3),
		ref Shape.Square("s", 4, 4),
		ref Shape.Empty("e"),
	};
	for(i := 0; i < len l; i++)
		sys->print("%s %d %d %s\n", kind(l[i]), l[i].area(), tagof l[i], l[i].name);
	sys->print("%d %d\n", tagof Shape.Square, tagof Shape.Empty);
	c := ref Shape.Circle("x", 5);
	c.r = 1;
	s: ref Shape = c;
	sys->print("%d %s\n", s.area(), kind(s));
}
