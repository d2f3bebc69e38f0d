implement Strings;

include "sys.m";
	sys: Sys;
include "draw.m";

Strings: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	s := "hello";
	t := s + ", " + "world";
	sys->print("%s %d\n", t, len t);
	sys->print("%c %c %d\n", t[0], t[len t - 1], t[1]);
	sys->print("[%s] [%s] [%s]\n", t[0:5], t[7:], t[3:3]);
	u := "ab";
	u[0] = 'X';
	u[len u] = 'c';
	sys->print("%s %d\n", u, len u);
	w := "héllo, wörld";
	sys->print("%d %c %s\n", len w, w[1], w[7:]);
	b := array of byte w;
	sys->print("%d %s\n", len b, string b[0:3]);
	sys->print("%d %d %d\n", "abc" < "abd", "abc" == "abc", "b" > "abc");
	sys->print("%d %d %d\n", "" < "a", s != t, s >= "hello");
	n := int "  42xyz";
	sys->print("%d %d %s %s\n", n, int "-7", string 12345, string -3);
	sys->print("%g %bd %s\n", real "2.5e2", big "123456789012", string 1.25);
	c := 'é';
	sys->print("%d %s\n", c, "" + string c);
	x := "";
	for(i := 0; i < 5; i++)
		x += string i;
	sys->print("%s\n", x);
	x = nil;
	sys->print("%d [%s]\n", len x, x);
	q := "tab\there\n\"quoted\"\\";
	sys->print("%s %d\n", q, len q);
	sys->print("%s\n", sys->sprint("%5d|%-5s|%x", 42, "ab", 255));
}
