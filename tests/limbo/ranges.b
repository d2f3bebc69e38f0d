implement Ranges;
include "sys.m";
	sys: Sys;
include "draw.m";
Ranges: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	n := 3;
	a := array[20] of {0 to 14 => 1, n to n+2 => 5, 19 => 9};
	s := 0;
	for(i := 0; i < len a; i++)
		s = s*3 + a[i];
	sys->print("%d %d %d %d\n", s, a[3], a[14], a[15]);
}
