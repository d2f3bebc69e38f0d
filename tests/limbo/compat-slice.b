# compat-slice -- a slice with no start, a[:j], means a[0:j]
implement Compatslice;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatslice: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	s := "abcdef";
	sys->print("%s %s %s\n", s[:3], s[:len s-1], s[:0]);
	a := array[] of {1, 2, 3, 4};
	b := a[:2];
	b[0] = 9;
	sys->print("%d %d %d\n", len b, a[0], a[:4][3]);
	a[:] = array[] of {5, 6, 7, 8};
	sys->print("%d %d\n", a[0], a[3]);
}
