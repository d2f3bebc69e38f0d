implement Strnul;

# vm-strnul -- a NUL is a character like any other: array of byte s
# holds all of s (Inferno's mk made arrays of strings with NULs in them
# and indexed past the first), and string a gives it back.

include "sys.m";
	sys: Sys;
include "draw.m";

Strnul: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

show(s: string)
{
	a := array of byte s;
	sys->print("%d chars, %d bytes:", len s, len a);
	for(i := 0; i < len a; i++)
		sys->print(" %.2ux", int a[i]);
	t := string a;
	sys->print("; back %d chars, same %d\n", len t, t == s);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	show("a\0b");
	show("\0");
	show("\0\0x\0");
	show("ü\0é");
	s := "x";
	s[1] = 0;
	s[2] = 'y';
	show(s);
	b := array[3] of {byte 'p', byte 0, byte 'q'};
	show(string b);
}
