# errexc -- diagnostics for exception types
implement Errexc;

include "sys.m";
	sys: Sys;
include "draw.m";

Errexc: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Pair: exception(string, int);
Num: exception(int);

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	{
		raise Pair("x");
	} exception {
	* =>
		;
	}
	{
		raise Pair("x", 1, 2);
	} exception e {
	42 =>
		;
	}
	{
		raise Pair("x", "y");
	} exception e {
	Num =>
		s: string = e;
	"x" or Pair =>
		t := e + "y";
	}
	{
		raise "x";
	} exception {
	"x" or Num =>
		;
	Num =>
		;
	}
	raise Pair;
	raise 5;
}
