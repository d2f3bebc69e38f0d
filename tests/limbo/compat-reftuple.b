# compat-reftuple -- ref of a tuple type: ref (x, y) makes one, *r reads
# or writes it whole; in arrays, lists, channels, parameters and adt
# fields, and through a module's interface (signatures with ref tuples)
implement Reftuple;

include "sys.m";
	sys: Sys;
include "draw.m";

Dbentry: adt {
	name:	string;
	n:	int;
};

Reftuple: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	f:	fn(r: ref (int, array of byte, ref Dbentry)): int;
	T: adt {
		x:	ref (int, string);
		get:	fn(t: self ref T): ref (int, string);
	};
};

l: list of ref (int, array of byte);

f(r: ref (int, array of byte, ref Dbentry)): int
{
	(n, b, e) := *r;
	return n + len b + e.n;
}

T.get(t: self ref T): ref (int, string)
{
	return t.x;
}

g(c: chan of ref (int, string))
{
	c <-= ref (3, "three");
	c <-= nil;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[3] of ref (int, int);
	for(i := 0; i < len a; i++)
		a[i] = ref (i, i*i);
	for(i = 0; i < len a; i++){
		(x, y) := *a[i];
		sys->print("%d %d\n", x, y);
	}
	l = ref (1, array of byte "ab") :: l;
	l = ref (2, array[5] of byte) :: l;
	for(p := l; p != nil; p = tl p){
		(n, b) := *hd p;
		sys->print("%d %d\n", n, len b);
	}
	r := ref (7, array of byte "xyz", ref Dbentry("a", 5));
	sys->print("f %d\n", f(r));
	q := r;
	sys->print("%d %d\n", q == r, r == nil);
	*r = (1, nil, ref Dbentry("b", 1));
	sys->print("f through q %d\n", f(q));
	c := chan of ref (int, string);
	spawn g(c);
	while((t := <-c) != nil){
		(k, s) := *t;
		sys->print("%d %s\n", k, s);
	}
	m := load Reftuple "$self";
	sys->print("m->f %d\n", m->f(ref (10, array[2] of byte, ref Dbentry("c", 100))));
	tt := ref Reftuple->T(ref (4, "four"));
	(k, s) := *tt.get();
	sys->print("%d %s\n", k, s);
	n: ref (int, string);
	{
		(k, s) = *n;
	}exception e{
	"*" =>
		sys->print("exception %s\n", e);
	}
}
