implement Misc;

include "sys.m";
	sys: Sys;
include "draw.m";

Misc: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

In: adt {
	a:	int;
	b:	big;
};

Out: adt {
	name:	string;
	pair:	(int, string);
	inner:	In;
	items:	array of In;
	mk:	fn(n: string): Out;
	show:	fn(o: self Out): string;
};

Out.mk(n: string): Out
{
	o: Out;
	o.name = n;
	o.pair = (len n, n + n);
	o.inner = In(7, big 8);
	o.items = array[2] of In;
	o.items[1].b = big 99;
	return o;
}

Out.show(o: self Out): string
{
	(x, y) := o.pair;
	return sys->sprint("%s %d %s %d %bd %bd", o.name, x, y, o.inner.a, o.inner.b, o.items[1].b);
}

nest(): ((int, string), real)
{
	return ((1, "a"), 2.5);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%s\n", Out.mk("ab").show());
	((a, b), c) := nest();
	sys->print("%d %s %g\n", a, b, c);
	t := nest();
	(p, nil) := t;
	(nil, s) := p;
	sys->print("%s\n", s);
	ch := chan of ref In;
	ca := chan of array of int;
	spawn feed(ch, ca);
	r := <-ch;
	arr := <-ca;
	sys->print("%d %bd %d %d\n", r.a, r.b, len arr, arr[2]);
	lt := (1, "x") :: (2, "y") :: nil;
	(n1, s1) := hd tl lt;
	sys->print("%d %s %d\n", n1, s1, len lt);
	l := 3 :: 2 :: 0 :: 5 :: nil;
	k := 0;
	while(l != nil && hd l > 0){
		k += hd l;
		l = tl l;
	}
	sys->print("%d %d\n", k, len l);
	bi := big 0;
	for(i := big 0; i < big 10; i++)
		bi += i * i;
	sys->print("%bd\n", bi);
	by := byte 200;
	rr := real by / 2.0;
	by2 := byte (rr + 0.4);
	sys->print("%g %d\n", rr, int by2);
	o := Out.mk("q");
	o.items[0] = o.inner;
	o.inner.a = 1;
	sys->print("%d %d\n", o.items[0].a, o.inner.a);
	x := array[3] of (int, string);
	x[1] = (5, "five");
	(xi, xs) := x[1];
	sys->print("%d %s %d\n", xi, xs, len x);
}

feed(c: chan of ref In, ca: chan of array of int)
{
	c <-= ref In(3, big 4);
	ca <-= array[] of {9, 8, 7};
}
