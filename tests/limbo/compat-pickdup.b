# compat-pickdup -- ref *p copies an adt with pick fields (the variant
# known from p's type, or found from the tag); a pick with an arm for every
# variant cannot fall out, so a function may end with it
implement Compatpickdup;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatpickdup: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Shape: adt {
	name:	string;
	pick {
	Circle =>
		r:	int;
	Rect =>
		w, h:	int;
		tags:	list of string;
	}
};

text(s: ref Shape): string
{
	pick t := s {
	Circle =>
		return sys->sprint("%s circle %d", t.name, t.r);
	Rect =>
		return sys->sprint("%s rect %dx%d %d", t.name, t.w, t.h, len t.tags);
	}
}

dup(s: ref Shape): ref Shape
{
	return ref *s;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a: ref Shape = ref Shape.Circle("a", 3);
	b: ref Shape = ref Shape.Rect("b", 4, 5, "x" :: "y" :: nil);
	c := dup(a);
	d := dup(b);
	pick r := b {
	Rect =>
		e := ref *r;
		r.w = 40;
		sys->print("%s / %s\n", text(b), text(e));
	}
	a.name = "changed";
	sys->print("%s / %s / %s / %d %d\n", text(a), text(c), text(d), c != a, tagof d == tagof b);
}
