# compat-polymod -- a polymorphic adt declared in a module interface, used
# through an instance of the module loaded with $self
implement Tables;

include "sys.m";
	sys: Sys;
include "draw.m";

Tables: module {
	Table: adt[T] {
		items:	array of list of (int, T);
		nilval:	T;

		new:	fn(nslots: int, nilval: T): ref Table[T];
		add:	fn(t: self ref Table, id: int, x: T): int;
		find:	fn(t: self ref Table, id: int): T;
	};
	hash:	fn(s: string, n: int): int;
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Table[T].new(nslots: int, nilval: T): ref Table[T]
{
	if(nslots == 0)
		nslots = 13;
	return ref Table[T](array[nslots] of list of (int, T), nilval);
}

Table[T].add(t: self ref Table[T], id: int, x: T): int
{
	slot := id % len t.items;
	for(q := t.items[slot]; q != nil; q = tl q)
		if((hd q).t0 == id)
			return 0;
	t.items[slot] = (id, x) :: t.items[slot];
	return 1;
}

Table[T].find(t: self ref Table[T], id: int): T
{
	for(p := t.items[id % len t.items]; p != nil; p = tl p)
		if((hd p).t0 == id)
			return (hd p).t1;
	return t.nilval;
}

hash(s: string, n: int): int
{
	h := 0;
	for(i := 0; i < len s; i++)
		h = 31*h + s[i];
	return (h & 16r7fffffff) % n;
}

Word: adt {
	s:	string;
	n:	int;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	tables := load Tables "$self";
	if(tables == nil){
		sys->print("cannot load self: %r\n");
		return;
	}
	Table: import tables;

	t := Table[string].new(7, "none");
	t.add(1, "one");
	t.add(8, "eight");
	sys->print("add again %d\n", t.add(1, "uno"));
	sys->print("%s %s %s\n", t.find(1), t.find(8), t.find(2));

	w := Table[ref Word].new(0, nil);
	for(i := 0; i < 20; i++)
		w.add(i, ref Word(sys->sprint("w%d", i), i*i));
	x := w.find(17);
	sys->print("%s %d slots %d missing %d\n", x.s, x.n, len w.items, w.find(99) == nil);
	sys->print("hash %d\n", tables->hash("limbo", 101));
}
