implement Sysprint;

# sys-print -- the print verbs over Limbo arguments: words, bigs, reals, strings, %r, %%

include "sys.m";
	sys: Sys;
include "draw.m";

Sysprint: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("%d %5d|%-5d|%05d %x %X %o %c\n", -42, 7, 7, 7, 255, 255, 8, 'A');
	sys->print("%bd %bx %d %bd\n", big 1 << 40, big 255, 3, big -9);
	sys->print("%g %g %g %g %g\n", 0.8125, 1e20, 1.0/3.0, 100.0, -2.5);
	sys->print("%f %.2f %e %.3e %8.3f|\n", 1.5, 3.14159, 12345.678, 0.000123, 2.0);
	sys->print("int %d real %g big %bd int %d\n", 1, 2.5, big 3, 4);
	sys->print("%s|%10s|%-4s|%.2s|\n", "abc", "right", "l", "trunc");
	sys->print("%q %q %q\n", "plain", "two words", "");
	sys->print("%c%c%c %C\n", 'h', 16r263a, 'i', 16r00e9);
	sys->print("100%% %ud %ux\n", -1, -1);
	sys->print("%*d|%-*d|\n", 6, 42, 4, 1);
	sys->werrstr("my error");
	sys->print("%r|%20r|\n");
	s := sys->sprint("%d+%d=%g", 1, 2, 3.0);
	sys->print("%s len %d\n", s, len s);
	a := sys->aprint("%s:%d", "x", 9);
	sys->print("aprint %d %s\n", len a, string a);
	sys->print("%s\n", sys->sprint("nil string [%s]", nil));
	n := sys->print("count\n");
	sys->print("%d\n", n);
	n = sys->fprint(sys->fildes(2), "to stderr\n");
	sys->print("%d\n", n);
}
