implement Arrays;

include "sys.m";
	sys: Sys;
include "draw.m";

Arrays: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Pt: adt
{
	x, y:	int;
};

sum(a: array of int): int
{
	s := 0;
	for(i := 0; i < len a; i++)
		s += a[i];
	return s;
}

show(a: array of int): string
{
	s := "";
	for(i := 0; i < len a; i++){
		if(i > 0)
			s += " ";
		s += string a[i];
	}
	return "[" + s + "]";
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[5] of int;
	for(i := 0; i < len a; i++)
		a[i] = i * i;
	sys->print("%s %d\n", show(a), sum(a));
	b := array[] of {1, 2, 3};
	sys->print("%s\n", show(b));
	c := array[6] of {0 => 9, 2 or 4 => 7, * => 1};
	sys->print("%s\n", show(c));
	d := array[4] of {1 to 2 => 5};
	sys->print("%s\n", show(d));
	e := a[1:4];
	e[0] = 100;
	sys->print("%s %s %d\n", show(e), show(a), len e);
	f := array[8] of int;
	f[2:] = b;
	sys->print("%s\n", show(f));
	g := array[3] of array of int;
	for(i = 0; i < 3; i++){
		g[i] = array[i+1] of int;
		for(j := 0; j <= i; j++)
			g[i][j] = i*10 + j;
	}
	sys->print("%s %s %d\n", show(g[2]), show(g[0]), g[1][1]);
	p := array[2] of Pt;
	p[0] = Pt(1, 2);
	p[1].x = 3;
	p[1].y = p[0].x + p[0].y;
	sys->print("%d %d %d %d\n", p[0].x, p[0].y, p[1].x, p[1].y);
	r := array[2] of ref Pt;
	r[1] = ref Pt(7, 8);
	sys->print("%d %d\n", r[0] == nil, r[1].y);
	s := array[] of {"x", "y", "z"};
	t := "";
	for(i = len s - 1; i >= 0; i--)
		t += s[i];
	sys->print("%s %d\n", t, len s[1:]);
	z: array of int;
	sys->print("%d %d\n", z == nil, len z);
	{
		sys->print("%d\n", a[5]);
	} exception x {
	"*" =>
		sys->print("caught %s\n", x);
	}
	by := array[3] of byte;
	by[0] = byte 'a';
	by[1] = byte 'b';
	by[2] = by[0] + byte 2;
	sys->print("%s\n", string by);
}
