# compat-adtconstr -- a polymorphic adt with for { } constraints (Inferno's
# sexprs.b Rd[T]): its constructors store references to the bound adt's
# member functions in hidden fields, its methods call them (x.f(), T.f());
# built with a concrete type, and from a constrained function's own T
implement Compatadtconstr;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatadtconstr: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Src: adt {
	s:	string;
	i:	int;
	get:	fn(r: self ref Src): int;
	unget:	fn(r: self ref Src);
	name:	fn(a: ref Src): string;
};

Src.get(r: self ref Src): int
{
	if(r.i >= len r.s)
		return -1;
	return r.s[r.i++];
}

Src.unget(r: self ref Src)
{
	r.i--;
}

Src.name(a: ref Src): string
{
	return "src(" + a.s + ")";
}

Rd: adt[T]
	for {
	T =>
		get:	fn(x: self T): int;
		unget:	fn(x: self T);
		name:	fn(x: T): string;
	}
{
	t:	T;
	n:	int;

	word:	fn(rd: self ref Rd[T]): string;
	who:	fn(rd: self ref Rd[T]): string;
};

Rd[T].word(rd: self ref Rd[T]): string
{
	s := "";
	while((c := rd.t.get()) == ' ')
		;
	while(c >= 0 && c != ' '){
		s[len s] = c;
		c = rd.t.get();
	}
	if(c == ' ')
		rd.t.unget();
	rd.n++;
	return s;
}

Rd[T].who(rd: self ref Rd[T]): string
{
	return T.name(rd.t);
}

words[T](t: T): list of string
	for {
	T =>
		get:	fn(x: self T): int;
		unget:	fn(x: self T);
		name:	fn(x: T): string;
	}
{
	rd := ref Rd[T](t, 0);
	l: list of string;
	while((w := rd.word()) != nil)
		l = w :: l;
	return l;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	rd := ref Rd[ref Src](ref Src("one two  three", 0), 0);
	sys->print("%s ", rd.who());
	while((w := rd.word()) != nil)
		sys->print("[%s]", w);
	sys->print(" %d\n", rd.n);
	for(l := words(ref Src(" x yy zzz ", 0)); l != nil; l = tl l)
		sys->print("%s ", hd l);
	sys->print("\n");
}
