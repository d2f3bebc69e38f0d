# compat-stridx -- op= on a string element: s[i] += n
implement Compatstridx;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatstridx: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	s := "HAL";
	for(i := 0; i < len s; i++)
		s[i] += 1;
	sys->print("%s\n", s);
	t := "abc";
	j := 0;
	t[j++] -= 'a' - 'A';	# the index is evaluated once
	t[j] *= 1;
	t[2] &= ~16r20;
	sys->print("%s %d\n", t, j);
	u := "x";
	u[0] += 16r263A - 'x';
	sys->print("%s %d\n", u, len u);
}
