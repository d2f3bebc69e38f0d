# vm-except -- handlers in callers, deep unwinding, re-raise, nested handlers
implement Vmexcept;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmexcept: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

thrower(n: int)
{
	case n {
	0 =>	raise "oops:42";
	1 =>	raise "plain";
	2 =>	raise "text:" + string n;
	}
}

middle(n: int): string
{
	{
		thrower(n);
	} exception e {
	"oops:*" =>
		return "oops " + e[5:];
	"text:*" =>
		return "text " + e;
	}
	return "none";
}

outer(n: int): string
{
	{
		return middle(n);
	} exception e {
	"*" =>
		return "outer caught " + e;
	}
}

depth(n: int): int
{
	if(n == 0)
		raise "bottom";
	return depth(n-1) + 1;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	for(i := 0; i < 4; i++)
		sys->print("%d: %s\n", i, outer(i));
	{
		depth(1000);
	} exception e {
	"bottom" =>
		sys->print("deep %s\n", e);
	}
	{
		{
			raise "inner";
		} exception e {
		"inner" =>
			raise "again:" + e;
		}
	} exception f {
	"again:*" =>
		sys->print("reraised %s\n", f);
	}
	n := 0;
	for(i = 0; i < 10000; i++){
		{
			if(i % 3 == 0)
				raise "x";
		} exception {
		"x" =>
			n++;
		}
	}
	sys->print("loop %d\n", n);
}
