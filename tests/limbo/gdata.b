implement Gdata;

include "sys.m";
	sys: Sys;
include "draw.m";

Gdata: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

days := array[] of {"Sun", "Mon", "Tue"};
nums := array[5] of {1 => 10, 3 => 30, * => -1};
reals := array[] of {1.5, 2.5};
pairs := array[] of {(1, "one"), (2, "two")};
empty := array[4] of int;
nest := array[] of {array[] of {1, 2}, array[] of {3}};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%s %s %d\n", days[0], days[2], len days);
	sys->print("%d %d %d %d %d\n", nums[0], nums[1], nums[2], nums[3], nums[4]);
	sys->print("%g %g\n", reals[0], reals[1]);
	(n, s) := pairs[1];
	sys->print("%d %s %d\n", n, s, len empty);
	sys->print("%d %d %d\n", nest[0][1], nest[1][0], len nest[1]);
}
