implement Globals;

include "sys.m";
	sys: Sys;
	print, sprint: import sys;
include "draw.m";

Globals: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Name: con "globals";
Pi: con 3.25;
Mask: con 16rFF00;
Bytec: con byte 65;
Big: con big 16r100000000;

count := 10;
ratio := 0.75;
label := "start";
total: big;
bval := byte 200;
names: list of string;
table: array of int;
cur: ref Item;

Item: adt {
	n:	int;
	s:	string;
};

bump(k: int): int
{
	count += k;
	return count;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	print("%s %g %x %c %bd\n", Name, Pi, Mask, int Bytec, Big);
	print("%d %g %s %bd %d\n", count, ratio, label, total, int bval);
	bump(5);
	bump(-2);
	print("%d\n", count);
	names = "x" :: names;
	names = "y" :: names;
	table = array[3] of {7, 8, 9};
	cur = ref Item(count, label);
	label = "changed";
	total += big count * big 1000000000;
	print("%d %d %d %s %s %bd\n", len names, table[2], cur.n, cur.s, label, total);
	s := sprint("%d-%s", 4, "four");
	print("%s %d\n", s, len s);
}
