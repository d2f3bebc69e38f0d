implement Errmisc;

include "sys.m";
	sys: Sys;
include "draw.m";

Errmisc: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	other:	fn(): int;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys->nosuch();
	q := nil;
	break;
	continue;
	while(1)
		break nolabel;
	s := "abc";
	s.x = 1;
	a := array[3] of int;
	a = "str";
	l := 1 :: "x" :: nil;
	c: chan of int;
	c <-= "s";
}
