implement Chans;

include "sys.m";
	sys: Sys;
include "draw.m";

Chans: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Msg: adt {
	id:	int;
	text:	string;
};

producer(c: chan of int, n: int)
{
	for(i := 1; i <= n; i++)
		c <-= i;
	c <-= 0;
}

echo(in: chan of string, out: chan of string)
{
	for(;;){
		s := <-in;
		if(s == nil)
			break;
		out <-= "<" + s + ">";
	}
	out <-= nil;
}

msgs(c: chan of Msg, t: chan of (int, string))
{
	m := <-c;
	t <-= (m.id * 2, m.text + "!");
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan of int;
	spawn producer(c, 10);
	sum := 0;
	while((v := <-c) != 0)
		sum += v;
	sys->print("sum %d\n", sum);
	in := chan of string;
	out := chan of string;
	spawn echo(in, out);
	for(i := 0; i < 3; i++){
		in <-= string i;
		sys->print("%s ", <-out);
	}
	in <-= nil;
	sys->print("%d\n", <-out == nil);
	mc := chan of Msg;
	tc := chan of (int, string);
	spawn msgs(mc, tc);
	mc <-= Msg(21, "hi");
	(n, s) := <-tc;
	sys->print("%d %s\n", n, s);
	a := chan of int;
	never := chan of string;
	spawn producer(a, 3);
	got := 0;
	for(k := 0; k < 4; k++){
		alt {
		x := <-a =>
			got += x;
		s2 := <-never =>
			sys->print("never %s\n", s2);
		}
	}
	sys->print("got %d\n", got);
	b := chan of string;
	spawn echo(b, out);
	alt {
	b <-= "s" =>
		sys->print("sent\n");
	<-never =>
		sys->print("never\n");
	}
	sys->print("%s\n", <-out);
	alt {
	<-never =>
		sys->print("never\n");
	* =>
		sys->print("default\n");
	}
	b <-= nil;
	sys->print("%d\n", <-out == nil);
}
