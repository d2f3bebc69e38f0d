# compat-scope -- as in Inferno, only blocks open scopes: a name declared
# in an unbraced if arm, loop body or for initializer is visible after it
implement Compatscope;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatscope: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

pick1(s: string): string
{
	if(s == "-")
		b := "stdin";
	else
		b = s;
	return b;
}

last(s: string): int
{
	for(i := len s; --i >= 0;)
		if(s[i] == '/')
			break;
	return i;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%s %s\n", pick1("-"), pick1("file"));
	sys->print("%d %d\n", last("a/b/c"), last("abc"));
	n := 0;
	while(n < 3)
		k := n++;
	sys->print("k %d n %d\n", k, n);
	{
		n := 10;	# a block still opens a scope
		sys->print("inner %d\n", n);
	}
	sys->print("outer %d\n", n);
}
