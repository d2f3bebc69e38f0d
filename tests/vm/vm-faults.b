# vm-faults -- every runtime fault becomes a Limbo exception with Inferno's text
implement Vmfaults;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmfaults: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Pt: adt {
	x, y: int;
};

Nomod: module
{
	f:	fn(): int;
};

zero := 0;
bzero := big 0;

try(name: string, n: int)
{
	{
		r := fault(n);
		sys->print("%s: no fault %d\n", name, r);
	} exception e {
	"*" =>
		sys->print("%s: %s\n", name, e);
	}
}

fault(n: int): int
{
	a := array[4] of int;
	p: ref Pt;
	s := "abc";
	l: list of int;
	m: Nomod;
	case n {
	0 =>	return 10 / zero;
	1 =>	return 10 % zero;
	2 =>	return int (big 10 / bzero);
	3 =>	return a[4];
	4 =>	return a[-1];
	5 =>	b := a[3:2]; return len b;
	6 =>	return p.x;
	7 =>	return s[3];
	8 =>	return hd l;
	9 =>	c := array[zero-1] of byte; return len c;
	10 =>	return m->f();
	11 =>	raise "my error";
	12 =>	raise "fail:quietly";
	13 =>	a = nil; return a[0];
	14 =>	c := array[64*1024*1024] of byte; return len c;
	15 =>	return int (byte 10 / byte zero);
	16 =>	return recurse(n);
	17 =>
		c := chan of int;
		alt {
		c <-= 1 =>
			return 1;
		x := <-c =>
			return x;
		}
	}
	return 0;
}

recurse(n: int): int
{
	return recurse(n+1) + 1;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	names := array[] of {
		"div", "mod", "bigdiv", "index", "negindex", "slice", "nilref", "strindex",
		"hdnil", "negsize", "nilmod", "raise", "fail", "nilarray", "heap", "bytediv",
		"recursion", "altsame"
	};
	for(i := 0; i < len names; i++)
		try(names[i], i);
	sys->print("done\n");
}
