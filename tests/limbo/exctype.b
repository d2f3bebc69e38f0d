# exctype -- declared exception types: raise, catch, values, nesting, re-raise
implement Exctype;

include "sys.m";
	sys: Sys;
include "draw.m";

Exctype: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	Oops:	exception(string);
};

Empty: exception;
Pair: exception(string, int);
Num: exception(int);
Mix: exception(big, string, real);

thrower(n: int) raises (Empty, Pair, Num)
{
	case n {
	0 =>	raise Empty;
	1 =>	raise Pair("pair", 42);
	2 =>	raise Num(-7);
	3 =>	raise "plain:3";
	}
}

# the immediate caller sees the typed value; further out it is a string
middle(n: int)
{
	thrower(n);
}

catchall(n: int): string
{
	{
		thrower(n);
	} exception e {
	Empty =>
		return "Empty";
	Pair =>
		(s, i) := e;
		return sys->sprint("Pair(%s, %d)", s, i);
	Num =>
		return sys->sprint("Num(%d)", e);
	"plain:*" =>
		return "string " + e;
	}
	return "none";
}

outer(n: int): string
{
	{
		middle(n);
	} exception e {
	Pair =>
		return "typed (wrong)";
	"Exctype.0.*" =>
		return "as string: " + e;
	"*" =>
		return "other string: " + e;
	}
	return "none";
}

nested(): string
{
	r := "";
	{
		{
			raise Pair("in", 1);
		} exception e {
		Num =>
			r += "inner Num ";
		"*" =>
			r += "inner string ";
		}
	} exception e {
	Pair =>
		(s, i) := e;
		r += sys->sprint("outer Pair(%s, %d)", s, i);
	}
	return r;
}

reraise(how: int): string
{
	{
		{
			raise Pair("again", how);
		} exception e {
		Pair =>
			(nil, i) := e;
			sys->print("inner got %d\n", i);
			if(how == 0)
				raise;
			raise e;
		}
	} exception e {
	Pair =>
		(s, i) := e;
		return sys->sprint("re-raised Pair(%s, %d)", s, i);
	}
	return "lost";
}

wild(n: int): string
{
	{
		thrower(n);
	} exception e {
	"plain*" =>
		return "string " + e;
	* =>
		sys->print("wild sees %s\n", e);
		{
			raise e;
		} exception f {
		Num =>
			return sys->sprint("after re-raise Num(%d)", f);
		* =>
			return "after re-raise";
		}
	}
	return "none";
}

mixed(n: int): string
{
	{
		thrower(n);
	} exception {
	Empty or Num =>
		return "Empty or Num";
	"plain:3" or Pair =>
		return "plain:3 or Pair";
	}
	return "none";
}

order(s: string): string
{
	{
		raise s;
	} exception e {
	"a*" =>
		return "a*";
	"abc" =>
		return "abc";
	"ab*" =>
		return "ab*";
	"*" =>
		return "*";
	}
	return "none";
}

local(): string
{
	Here: exception(int);
	{
		raise Here(5);
	} exception e {
	Here =>
		return sys->sprint("local Here(%d)", e);
	}
	return "none";
}

values(): string
{
	{
		raise Mix(big 1 << 40, "m", 2.5);
	} exception e {
	Mix =>
		(b, s, r) := e;
		return sys->sprint("Mix(%bd, %s, %g)", b, s, r);
	}
	return "none";
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	for(i := 0; i < 4; i++)
		sys->print("%d: %s | %s | %s | %s\n", i, catchall(i), outer(i), wild(i), mixed(i));
	sys->print("%s\n", nested());
	sys->print("%s\n", reraise(0));
	sys->print("%s\n", reraise(1));
	sys->print("%s %s %s %s %s\n", order("abc"), order("abd"), order("axe"), order("b"), order("ab"));
	sys->print("%s\n", local());
	sys->print("%s\n", values());
	{
		raise Oops("declared in the module");
	} exception e {
	Oops =>
		sys->print("Oops(%s)\n", e);
	}
	for(i = 0; i < 3; i++){
		{
			if(i == 1)
				raise Num(i);
			sys->print("loop %d\n", i);
		} exception e {
		Num =>
			sys->print("skipped %d\n", e);
		}
	}
	sys->print("end\n");
	raise Pair("uncaught", 9);
}
