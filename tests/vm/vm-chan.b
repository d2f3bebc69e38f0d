# vm-chan -- channels: unbuffered, buffered, of adts and strings, alt and nbalt
implement Vmchan;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmchan: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Msg: adt {
	s: string;
	n: int;
	r: real;
};

producer(c: chan of int, n: int, done: chan of int)
{
	for(i := 0; i < n; i++)
		c <-= i;
	done <-= n;
}

strs(c: chan of string)
{
	c <-= "one";
	c <-= "two";
	c <-= nil;
}

msgs(c: chan of Msg)
{
	c <-= Msg("hello", 7, 2.5);
	c <-= Msg("bye", 8, 0.25);
}

tuples(c: chan of (int, string))
{
	c <-= (1, "a");
	c <-= (2, "b");
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;

	c := chan of int;
	done := chan of int;
	spawn producer(c, 1000, done);
	sum := 0;
	for(i := 0; i < 1000; i++)
		sum += <-c;
	sys->print("sum %d done %d\n", sum, <-done);

	b := chan[3] of int;
	b <-= 1;
	b <-= 2;
	b <-= 3;
	sys->print("buffered %d %d %d\n", <-b, <-b, <-b);

	sc := chan of string;
	spawn strs(sc);
	s1 := <-sc;
	s2 := <-sc;
	s3 := <-sc;
	sys->print("strings %s %s %d\n", s1, s2, s3 == nil);

	mc := chan of Msg;
	spawn msgs(mc);
	m := <-mc;
	sys->print("msg %s %d %g\n", m.s, m.n, m.r);
	m = <-mc;
	sys->print("msg %s %d %g\n", m.s, m.n, m.r);

	tc := chan[2] of (int, string);
	spawn tuples(tc);
	(n1, t1) := <-tc;
	(n2, t2) := <-tc;
	sys->print("tuples %d %s %d %s\n", n1, t1, n2, t2);

	# nbalt: nothing ready takes the default
	e := chan of int;
	alt {
	x := <-e =>
		sys->print("wrong %d\n", x);
	* =>
		sys->print("default\n");
	}

	# alt over two producers until both are done
	c1 := chan of int;
	c2 := chan of int;
	d1 := chan of int;
	spawn producer(c1, 50, d1);
	spawn producer(c2, 70, d1);
	n := 0;
	t := 0;
	fin := 0;
	while(fin < 2)
		alt {
		x := <-c1 =>
			n++;
			t += x;
		x := <-c2 =>
			n++;
			t += x;
		<-d1 =>
			fin++;
		}
	sys->print("alt %d %d\n", n, t);

	# alt on the sending side
	r := chan of int;
	spawn producer(r, 0, done);
	<-done;
	bb := chan[1] of int;
	alt {
	bb <-= 42 =>
		sys->print("sent\n");
	x := <-r =>
		sys->print("wrong %d\n", x);
	}
	sys->print("got %d\n", <-bb);

	# a nil channel in alt is a fault (raised through the host's error path)
	{
		nc: chan of int;
		alt {
		x := <-nc =>
			sys->print("wrong %d\n", x);
		<-r =>
			sys->print("wrong\n");
		}
	} exception e {
	"*" =>
		sys->print("nil alt: %s\n", e);
	}
}
