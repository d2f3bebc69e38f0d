# compat-sendop -- c <- v is a send, as c <-= v is: Inferno's grammar has
# it as a binary operator binding tighter than any other (c <- 1 + 2
# sends 1), right associative; its value is the value sent
implement Sendop;

include "sys.m";
	sys: Sys;
include "draw.m";

Sendop: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

recv(c: chan of int, n: int, done: chan of string)
{
	s := "got";
	for(i := 0; i < n; i++)
		s += sys->sprint(" %d", <-c);
	done <- s;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := chan of int;
	done := chan of string;
	spawn recv(c, 5, done);
	c <- 0;
	c <- -7;
	c <-= 2;
	x := c <- 1 + 2;
	sys->print("x %d\n", x);
	c <- 4*2;
	sys->print("%s\n", <-done);
	d := chan[1] of int;
	e := chan[1] of int;
	d <- e <- 5;
	sys->print("%d %d\n", <-d, <-e);
}
