# compat-polycorner -- polymorphism as Inferno has it: a polymorphic adt's
# constraints reach every member function, with self (b.get) or not
# (Box[T].fresh, calling T.zero); constraint functions passed on from a
# polymorphic caller (twice to once)
implement Compatpolycorner;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatpolycorner: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Item: adt {
	n:	int;
	show:	fn(i: self ref Item): string;
	zero:	fn(): ref Item;
};

Item.show(i: self ref Item): string
{
	return "item "+string i.n;
}

Item.zero(): ref Item
{
	return ref Item(0);
}

Box: adt[T]
	for {
	T =>
		show:	fn(t: self T): string;
		zero:	fn(): T;
	}
{
	t:	T;
	get:	fn(b: self ref Box): string;
	fresh:	fn(): string;
};

Box[T].get(b: self ref Box): string
{
	return b.t.show();
}

Box[T].fresh(): string
{
	return T.zero().show();
}

twice[T](x: T): string
	for {
	T =>
		show:	fn(t: self T): string;
	}
{
	return once(x) + " twice";
}

once[T](x: T): string
	for {
	T =>
		show:	fn(t: self T): string;
	}
{
	return x.show();
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	b := ref Box[ref Item](ref Item(7));
	sys->print("%s / %s / %s\n", b.get(), Box[ref Item].fresh(), twice(ref Item(3)));
}
