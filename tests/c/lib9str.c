/*
 * lib9str -- lib9's string helpers, errstr and mallocz.
 */
#include <u.h>
#include <lib9.h>

static void
fields(char *in, int max, int mflag, char *sep)
{
	char buf[128], *f[16];
	int i, n;

	strecpy(buf, buf+sizeof buf, in);
	n = getfields(buf, f, max, mflag, sep);
	print("getfields %q max %d m %d: %d", in, max, mflag, n);
	for(i = 0; i < n; i++)
		print(" [%s]", f[i]);
	print("\n");
}

static void
tok(char *in, int max)
{
	char buf[128], *f[16];
	int i, n;

	strecpy(buf, buf+sizeof buf, in);
	n = tokenize(buf, f, max);
	print("tokenize %q: %d", in, n);
	for(i = 0; i < n; i++)
		print(" [%s]", f[i]);
	print("\n");
}

static void
clean(char *in)
{
	char buf[128];

	strecpy(buf, buf+sizeof buf, in);
	print("cleanname %q = %q\n", in, cleanname(buf));
}

int
main(void)
{
	char buf[32], e[ERRMAX], *p;
	uchar *m;
	int i, ok;

	p = strecpy(buf, buf+5, "abcdefg");
	print("strecpy: %s %d\n", buf, (int)(p - buf));
	p = strecpy(buf, buf+sizeof buf, "short");
	print("strecpy: %s %d\n", buf, (int)(p - buf));
	print("cistrcmp: %d %d %d %d\n", cistrcmp("Hello", "hELLO"), cistrcmp("abc", "abd") < 0,
		cistrcmp("b", "A") > 0, cistrcmp("ab", "abc") < 0);
	print("cistrncmp: %d %d\n", cistrncmp("HelloX", "helloY", 5), cistrncmp("HelloX", "helloY", 6) < 0);

	fields("a b  c", 16, 0, " ");
	fields("a b  c", 16, 1, " ");
	fields("  a b  c  ", 16, 1, " ");
	fields("  a b  c  ", 16, 0, " ");
	fields("a:b,c:d", 16, 0, ":,");
	fields("a:b:c:d", 2, 0, ":");
	fields("a  b  c", 2, 1, " ");
	fields("", 16, 0, " ");
	fields("", 16, 1, " ");
	fields("x☺y☺☺z", 16, 1, "☺");

	tok("the quick brown fox", 16);
	tok("  leading and trailing  ", 16);
	tok("a 'b c' d", 16);
	tok("'it''s' 'x'y z''", 16);
	tok("''", 16);
	tok("a\tb\nc", 16);
	tok("one two three", 2);

	clean("");
	clean("/");
	clean("a/b/../c");
	clean("/a/./b//c/");
	clean("../../a");
	clean("/../a");
	clean("a/../..");
	clean("./x/.");
	clean("a/b/../../..");
	clean("/a/b/c/../../../..");

	werrstr("first %d", 1);
	rerrstr(e, sizeof e);
	print("rerrstr: %s\n", e);
	strecpy(e, e+sizeof e, "swapped in");
	errstr(e, sizeof e);
	print("errstr gave: %s; now %r\n", e);
	rerrstr(e, 4);
	print("rerrstr short: %s\n", e);
	werrstr("%s", "a very long error string that goes on and on and on and on and on and on and on and on and on and on and on and on and on and on past ERRMAX");
	rerrstr(e, sizeof e);
	print("long: %d\n", (int)strlen(e));

	m = mallocz(1000, 1);
	ok = m != nil;
	for(i = 0; i < 1000 && ok; i++)
		if(m[i] != 0)
			ok = 0;
	print("mallocz: %d\n", ok);
	free(m);
	return 0;
}
