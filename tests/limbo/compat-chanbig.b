# compat-chanbig -- receive from an array of channels whose values are
# aligned on a double word (big, real, tuples holding them): the VM stores
# the value in the word after the index, and the compiler moves it into
# place (Inferno's limbo reads it a word early: emu-g prints garbage)
implement Chanbig;

include "sys.m";
	sys: Sys;
include "draw.m";

Chanbig: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

sendb(c: chan of big, v: big)
{
	c <-= v;
}

sendt(c: chan of (int, big, string), v: big, s: string)
{
	c <-= (1, v, s);
}

sendr(c: chan of real, v: real)
{
	c <-= v;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[3] of chan of big;
	for(i := 0; i < len a; i++)
		a[i] = chan of big;
	spawn sendb(a[1], big 16r123456789);
	(n, v) := <-a;
	sys->print("%d %bd\n", n, v);

	t := array[2] of chan of (int, big, string);
	t[0] = chan of (int, big, string);
	t[1] = chan of (int, big, string);
	spawn sendt(t[1], big -5, "five");
	(m, (x, y, z)) := <-t;
	sys->print("%d %d %bd %s\n", m, x, y, z);

	r := array[2] of chan of real;
	r[1] = chan of real;
	spawn sendr(r[1], 2.5);
	k: int;
	w: real;
	(k, w) = <-r;
	sys->print("%d %g\n", k, w);

	alt{
	(j, q) := <-a =>
		sys->print("alt %d %bd\n", j, q);
	* =>
		sys->print("none ready\n");
	}
	spawn sendb(a[2], big 7);
	c := chan of int;
	alt{
	<-c =>
		sys->print("c\n");
	(j, q) := <-a =>
		sys->print("alt %d %bd\n", j, q);
	}
	spawn sendt(t[0], big 1 << 40, "forty");
	tv: (int, big, string);
	alt{
	(k, tv) = <-t =>
		(nil, b, s) := tv;
		sys->print("alt = %d %bd %s\n", k, b, s);
	}
	spawn sendr(r[1], -0.125);
	alt{
	(nil, f) := <-r =>
		sys->print("alt %g\n", f);
	}
}
