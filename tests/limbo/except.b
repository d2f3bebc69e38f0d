implement Except;

include "sys.m";
	sys: Sys;
include "draw.m";

Except: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Node: adt {
	v:	int;
};

level := 0;

deep(n: int)
{
	if(n == 0)
		raise "bottom:" + string level;
	level++;
	deep(n-1);
}

catcher(s: string): string
{
	{
		raise s;
	} exception e {
	"a" =>
		return "exact a";
	"ab*" =>
		return "prefix ab: " + e;
	"*" =>
		return "any: " + e;
	}
	return "none";
}

rethrow()
{
	{
		raise "first";
	} exception {
	"first" =>
		raise "second";
	}
}

reraise()
{
	{
		raise "boom:1";
	} exception {
	"boom:*" =>
		sys->print("inner\n");
		raise;
	}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%s|%s|%s\n", catcher("a"), catcher("abc"), catcher("zz"));
	{
		deep(5);
	} exception e {
	"bottom:*" =>
		sys->print("caught %s\n", e);
	}
	{
		rethrow();
	} exception e {
	* =>
		sys->print("rethrown %s\n", e);
	}
	{
		n: ref Node;
		sys->print("%d\n", n.v);
	} exception e {
	"dereference of nil" =>
		sys->print("nil: %s\n", e);
	}
	{
		z := 0;
		sys->print("%d\n", 10 / z);
	} exception e {
	"zero divide" =>
		sys->print("div: %s\n", e);
	}
	for(i := 0; i < 3; i++){
		{
			if(i == 1)
				raise "skip";
			sys->print("i=%d\n", i);
		} exception {
		"skip" =>
			sys->print("skipped %d\n", i);
		}
	}
	{
		reraise();
	} exception e {
	"*" =>
		sys->print("outer %s\n", e);
	}
	sys->print("end\n");
}
