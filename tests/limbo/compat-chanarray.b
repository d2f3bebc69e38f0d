# compat-chanarray -- receive from an array of channels: <-a gives the
# (index, value) of a channel that was ready; nil entries are skipped;
# also in alt, with the tuple declared or assigned
implement Compatchanarray;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatchanarray: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

send(c: chan of string, s: string)
{
	c <-= s;
}

sendb(c: chan of byte, b: byte)
{
	c <-= b;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[4] of chan of string;
	for(i := 0; i < len a; i++)
		if(i != 2)
			a[i] = chan of string;
	spawn send(a[3], "three");
	(n, s) := <-a;
	sys->print("%d %s\n", n, s);

	spawn send(a[0], "zero");
	t := <-a;
	sys->print("%d %s\n", t.t0, t.t1);

	spawn send(a[1], "one");
	alt {
	(k, v) := <-a =>
		sys->print("alt %d %s\n", k, v);
	}

	spawn send(a[3], "again");
	alt {
	(n, s) = <-a =>
		sys->print("alt= %d %s\n", n, s);
	}

	b := array[] of {chan of byte, chan of byte};
	spawn sendb(b[1], byte 200);
	(j, x) := <-b;
	sys->print("byte %d %d\n", j, int x);
}
