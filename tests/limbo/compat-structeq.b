# compat-structeq -- adts are equal by structure, as in Inferno: A->Pt and
# B->Pt (declared apart, same fields) mix; two pick variants with the same
# fields are one type; s[i]++ on a string; a tuple assigned into a string's
# character and an array slice; v.f() of a member function without self
implement Compatstructeq;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatstructeq: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

A: module
{
	Pt: adt {
		x, y:	int;
	};
};

B: module
{
	Pt: adt {
		x, y:	int;
		eq:	fn(p, q: Pt): int;
	};
};

Msg: adt {
	pick {
	Flush or Clunk =>
		fid:	int;
	Open =>
		fid:	int;
	Walk =>
		fid:	int;
		name:	string;
	}
	kind:	fn(nil: self ref Msg): string;
	two:	fn(n: int): int;
};

Msg.kind(m: self ref Msg): string
{
	pick x := m {
	Flush =>	return "flush";
	Clunk =>	return "clunk";
	Open =>	return "open";
	Walk =>	return "walk "+x.name;
	}
	return "?";
}

Msg.two(n: int): int
{
	return 2*n;
}

sum(p: A->Pt): int
{
	return p.x + p.y;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	q: B->Pt;
	q.x = 3;
	q.y = 4;
	p: A->Pt = q;
	sys->print("%d %d\n", sum(q), p.x);
	o: ref Msg.Open = ref Msg.Open(1);
	c: ref Msg.Clunk = ref Msg.Clunk(2);
	o = c;
	sys->print("%s %d\n", o.kind(), o.fid);
	w := ref Msg.Walk(3, "x");
	sys->print("%s %d\n", w.kind(), w.two(5));
	s := "abc";
	s[1]++;
	s[len s-1]--;
	a := array[4] of {* => 0};
	(s[0], a[1:]) = ('z', array[] of {7, 8});
	sys->print("%s %d %d %d %d\n", s, a[0], a[1], a[2], a[3]);
}
