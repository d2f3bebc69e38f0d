# compat-selfread -- an expression stored into a variable it reads: the
# variable is read before it is set (x = !x || ..., s = t[len s:],
# l = hd l :: l.next-like lists)
implement Compatselfread;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatselfread: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

N: adt {
	v:	int;
	l:	list of int;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	q := 0;
	i := 3;
	s := "x 'ab";
	if(!q || i == 0 || s[i-1] != '\'')
		q = !q;
	b := q;
	b = !b && i > 0;
	c := 5;
	c = c > 4 || c < 0;
	t := "abcdef";
	s = "xy";
	s = t[len s:];
	n := ref N(7, 1 :: 2 :: nil);
	n.l = n.v :: n.l;
	sys->print("%d %d %d %s %d %d\n", q, b, c, s, len n.l, hd n.l);
}
