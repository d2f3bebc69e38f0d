/*
 * fmt -- lib9 formatted print: every verb, flags, width and precision,
 * quoting, %r, user verbs, and the buffer kinds (fd, fixed, growing).
 */
#include <u.h>
#include <lib9.h>

typedef struct Pt Pt;
struct Pt
{
	int	x;
	int	y;
};

static int nfail;

static void
check(char *what, char *got, char *want)
{
	if(strcmp(got, want) != 0){
		print("FAIL %s: got %q want %q\n", what, got, want);
		nfail++;
	}
}

/* a user verb: %P prints a Pt* */
static int
ptfmt(Fmt *f)
{
	Pt *p;

	p = va_arg(f->args, Pt*);
	return fmtprint(f, "(%d,%d)", p->x, p->y);
}

/* a user verb that honours width and precision through fmtstrcpy */
static int
upfmt(Fmt *f)
{
	char *s, buf[64];
	int i;

	s = va_arg(f->args, char*);
	for(i = 0; s[i] != 0 && i < sizeof buf - 1; i++)
		buf[i] = s[i] >= 'a' && s[i] <= 'z' ? s[i] - 'a' + 'A' : s[i];
	buf[i] = 0;
	return fmtstrcpy(f, buf);
}

static void
ints(void)
{
	int n;
	vlong vn;
	char *s;

	print("d: %d %d %d %d\n", 0, 1, -1, 2147483647);
	print("dmin: %d\n", (int)0x80000000);
	print("i u: %i %u %ud %ux\n", -5, -1, -2, -1);
	print("o x X b: %o %x %X %b\n", 8, 255, 255, 10);
	print("signed in every base (Plan 9): %x %o %b | unsigned: %ux %uo %lux %hhux\n", -1, -8, -2, -1, -8, -1L, -1);
	print("width: [%5d] [%-5d] [%05d] [%-05d] [%5s]\n", 42, 42, 42, 42, "ab");
	print("neg zero pad: [%05d] [%+05d] [% 05d] [%#06x]\n", -42, 42, 42, 255);
	print("sign: [%+d] [%+d] [% d] [% d]\n", 5, -5, 5, -5);
	print("prec: [%.3d] [%5.3d] [%-6.2d] [%.0d] [%08.3d]\n", 7, 7, 7, 0, 7);
	print("sharp: [%#x] [%#X] [%#o] [%#o]\n", 255, 255, 8, 0);
	print("comma: [%,d] [%,d] [%,d] [%,d] [%,d]\n", 1234567, -1234, 999, 1000, 0);
	print("star: [%*d] [%-*d] [%.*d] [%*d]\n", 6, 1, 6, 1, 4, 1, -6, 1);
	print("h hh: %hd %hhd %hud %hhx\n", 70000, 300, -1, 0x1ff);
	print("l: %ld %lud %lx\n", -7L, 7UL, 0xdeadL);
	print("ll: %lld %llud %llx %llX\n", -9223372036854775807LL-1,
		18446744073709551615ULL, 0x123456789abcdefULL, 0xfedcba9876543210ULL);
	print("ll2: %lld %lld %llo\n", 3298534883335LL, -824633720834LL, 511LL);
	print("z: %zd %zud\n", (long)-3, (ulong)3);
	print("b: %b %lb %llb\n", 5, 0xF0L, 1ULL<<40);
	print("p: %p\n", (void*)0x1234);
	print("count: abc%n", &n);
	print(" %d\n", n);
	print("count ll: abcde%lln", &vn);
	print(" %lld\n", vn);
	s = smprint("%0150d|%.120x|%-130d|", -5, 1, 7);
	print("wide: %d %.3s %.3s %s\n", (int)strlen(s), s, s+150, s+strlen(s)-3);
	free(s);
	print("apost: %'d %'lld\n", 1234567, 1000000000000LL);
	print("percent: 100%% [%5%]\n");
	print("bad verb: %Y %-4Y|\n");
}

static void
strs(void)
{
	Rune rs[] = { 'h', 0xE9, 'l', 0x263A, 0 };

	print("s: [%s] [%5s] [%-5s] [%.2s] [%5.1s] [%s]\n", "abc", "ab", "ab", "abc", "xyz", "");
	print("s nil: [%s]\n", (char*)nil);
	print("s utf: [%5s] [%.2s] [%.3s] [%-4s] [%05s]\n", "héé", "héllo", "héllo", "☺", "ab");
	print("c: [%c] [%3c] [%-3c] [%c]\n", 'x', 'y', 'z', 0x263A);
	print("C: [%C] [%2C]\n", (Rune)0x4E16, (Rune)0xE9);
	print("S: [%S] [%.2S] [%6S]\n", rs, rs, rs);
	print("r0 before werrstr: [%r]\n");
	werrstr("file %s not found", "x.b");
	print("r: [%r] [%20r] [%-20r] [%.4r]\n");
}

static void
quotes(void)
{
	char *s, buf[16];

	print("q: %q %q %q %q %q\n", "abc", "", "a b", "it's", "tab\there");
	print("q specials default: %q %q %q\n", "a*b", "$x", "a;b");
	print("q width: [%8q] [%-8q] [%.2q] [%.3q] [%.2Q]\n", "a b", "a b", "it's", "é é", (Rune[]){ 0xE9, ' ', 0xE9, 0 });
	print("Q: %Q %Q\n", (Rune[]){ 'a', ' ', 'b', 0 }, (Rune[]){ 'o', 'k', 0 });
	print("q sharp: %#q %#q\n", "plain", "it's");
	snprint(buf, 10, "%q", "a b c d e f g");
	print("q snprint: %s\n", buf);
	snprint(buf, 10, "x%q", "it's it's it's");
	print("q snprint: %s\n", buf);
	quotefmtinstall();
	print("q installed: %q %q\n", "a*b", "a b");
	doquote = needsrcquote;
	print("q rc: %q %q %q %q %q %q\n", "a*b", "$x", "a;b", "x=y", "plain", "héllo");
	print("needsrcquote: %d %d %d %d\n", needsrcquote(' '), needsrcquote('a'), needsrcquote('#'), needsrcquote(0xE9));
	s = quotestrdup("don't");
	print("quotestrdup: %s\n", s);
	free(s);
}

static void
userverbs(void)
{
	Pt p;

	p.x = 3;
	p.y = -4;
	print("install: %d %d\n", fmtinstall('P', ptfmt), fmtinstall('U', upfmt));
	print("P: %P and %P\n", &p, &p);
	print("U: [%U] [%8U] [%-8U] [%.3U]\n", "abc", "abc", "abc", "abcdef");
	print("bad install: %d %d\n", fmtinstall(0, ptfmt), fmtinstall('V', nil));
}

/* dorfmt: a Rune format */
static char*
rsmprint(Rune *fmt, ...)
{
	Fmt f;

	fmtstrinit(&f);
	va_start(f.args, fmt);
	dorfmt(&f, fmt);
	va_end(f.args);
	return fmtstrflush(&f);
}

static void
buffers(void)
{
	static Rune rfmt[] = { '<', '%', 'd', '>', 0x263A, '%', '5', 's', 0 };
	char buf[16], *e, *s;
	Fmt f;
	Rune *r;
	int n, i;

	n = snprint(buf, sizeof buf, "%s", "0123456789abcdefghij");
	print("snprint trunc: %d %s\n", n, buf);
	n = snprint(buf, 6, "ab☺cd");
	print("snprint rune cut: %d %s\n", n, buf);
	n = snprint(buf, 5, "ab☺cd");
	print("snprint rune fits: %d %s\n", n, buf);
	n = snprint(buf, 1, "abc");
	print("snprint 1: %d [%s]\n", n, buf);
	print("snprint 0: %d\n", snprint(buf, 0, "abc"));
	e = seprint(buf, buf+sizeof buf, "%d", 12345);
	e = seprint(e, buf+sizeof buf, "-%s", "abcdefghijklmnop");
	print("seprint: %s %d\n", buf, (int)(e - buf));
	print("seprint nil: %d\n", seprint(buf, buf, "x") == nil);
	n = sprint(buf, "%d%s", 77, "xy");
	print("sprint: %d %s\n", n, buf);

	s = smprint("%s-%d-%q", "a", 1, "b c");
	print("smprint: %s\n", s);
	free(s);
	/* a growing buffer through many reallocations */
	fmtstrinit(&f);
	for(i = 0; i < 1000; i++)
		fmtprint(&f, "%d,", i);
	s = fmtstrflush(&f);
	print("fmtstr: len %d head %.10s tail %s\n", (int)strlen(s), s, s + strlen(s) - 8);
	free(s);
	s = smprint("%1000d|", 5);
	print("smprint wide: %d %c%c\n", (int)strlen(s), s[998], s[999]);
	free(s);

	runefmtstrinit(&f);
	fmtprint(&f, "h%sl%C", "é", (Rune)0x263A);
	r = runefmtstrflush(&f);
	print("runefmtstr: %d %S\n", (int)runestrlen(r), r);
	free(r);

	/* fd buffer smaller than the output */
	fmtfdinit(&f, 1, buf, 8);
	fmtprint(&f, "fmtfd: %s %d ☺☺☺\n", "through a tiny buffer", 42);
	fmtfdflush(&f);
	n = fprint(1, "fprint %s\n", "returns its count");
	print("count %d\n", n);
	print("bad fd: %d\n", fprint(99, "nowhere %d", 1));
	n = print("trailing %");
	print(" %d\n", n);
	n = print("trailing flags %-5");
	print(" %d\n", n);
	s = rsmprint(rfmt, 42, "ab");
	print("dorfmt: %s\n", s);
	free(s);
}

/* %e %f %g as Inferno's Limbo prints them */
static void
floats(void)
{
	char buf[G2strmax];
	static double g[] = {
		3.25, 6, .8125, 1.4142135623730951, -3, 1024, 1500, 5.5, 2.5,
		0.1, 1e20, 1e21, 1e-5, 1e-4, 0.001, 1e6, 1e5, 123456789012.0,
		1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 0, -0.0,
		100, 1234567, 0.000123, -1.5e-10, 1.0/3, 2.0/3, 1e15, 1e16, 1e17,
		123456789012345680.0,
	};
	union { uvlong u; double d; } nan, inf;
	int i;

	print("g:");
	for(i = 0; i < nelem(g); i++)
		print(" %g", g[i]);
	print("\n");
	print("G: %G %G\n", 1e20, 0.5);
	inf.u = 0x7FFULL<<52;
	nan.u = 0x7FF8000000000000ULL;
	print("inf nan: %g %g %g %f %e %5g|\n", inf.d, -inf.d, nan.d, inf.d, -inf.d, nan.d);
	print("g2str:");
	for(i = 0; i < nelem(g); i++){
		g2str(g[i], buf);
		print(" %s", buf);
	}
	print("\n");
	print("f: %f %.3f %5.1f| %.0f %.0f %.0f %.0f %f\n", 3.14159, 3.14159, 2.25, 0.5, 1.5, 2.5, 0.7, -0.0);
	print("f2: %.2f %.2f %.1f %.20f %f\n", 0.125, 0.375, 0.05, 0.1, 1e-7);
	print("f3: %.3f %10.4f| %-10.2f| %+.1f % .1f %010.2f|\n", 1234.5678, 3.14159, 2.5, 1.0, 1.0, -2.5);
	print("f4: %#.0f %.30f\n", 3.0, 0.1);
	print("e: %e %.3e %E %.0e %#.0e %e %e\n", 12345.678, 0.00012345, 1e100, 5.0, 5.0, 0.0, 1e-300);
	print("e2: %e %.2e %12.3e| %-12.3e|\n", 5e-324, 9.995, 1234.5, 1234.5);
	print("g prec: %.3g %.10g %.1g %.0g %.0g %.0g %#.3g %.3g\n", 3.14159, 1.0/3, 0.05, 123456.0, 1e20, 0.5, 1.0, 1e-5);
	print("g width: [%10g] [%-10g] [%3g] [%10.3g] [%+g] [%+5g]\n", 2.5, 2.5, 1234567.0, 3.14159, 2.5, 2.5);
	print("g4: %.4g %.4g %.4g %.4g\n", 0.0001, 0.00001, 9999.5, 99999.0);
	print("f big: %f\n", 1e300);
	print("float arg: %g %f\n", (double)1.5f, (double)0.1f);
}

static void
fmtstrtodtest(void)
{
	static char *in[] = {
		"0", "-0", "1", "1.5e3", ".8125", "2.5", "0.1", "1e308", "1.8e308",
		"4.9406564584124654e-324", "2e-324", "3e-324", "1e-400", "  -12.5e-1x",
		"inf", "-Infinity", "NaN", "1e", "1e+", ".", "-", "0x10", "123456789012345678901234567890",
		"2.2250738585072011e-308", "1.7976931348623158e308",
	};
	char *e;
	double d;
	int i;

	for(i = 0; i < nelem(in); i++){
		d = fmtstrtod(in[i], &e);
		print("strtod %q = %g rest %q\n", in[i], d, e);
	}
}

int
main(void)
{
	char buf[64];

	ints();
	strs();
	quotes();
	userverbs();
	buffers();
	floats();
	fmtstrtodtest();

	snprint(buf, sizeof buf, "%d %s %g", 1, "two", 3.5);
	check("snprint", buf, "1 two 3.5");
	snprint(buf, sizeof buf, "%5.2f|%-6d|%x", 3.14159, 7, 0xBEEF);
	check("mixed", buf, " 3.14|7     |beef");
	if(nfail)
		return 1;
	print("done\n");
	return 0;
}
