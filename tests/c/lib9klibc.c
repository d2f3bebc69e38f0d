/*
 * lib9klibc -- the C library subset lib9 supplies to the kernel build.
 * Hosted, this checks the host's functions give the same answers; the
 * kernel build's own are checked by linking this file freestanding
 * against o/k386/lib9.a (see /work/notes/lib9.md).
 */
#include <u.h>
#include <lib9.h>

static void
num(char *s, int base)
{
	char *e1, *e2, *e3, *e4;
	long l;
	ulong ul;
	vlong ll;
	uvlong ull;

	l = strtol(s, &e1, base);
	ul = strtoul(s, &e2, base);
	ll = strtoll(s, &e3, base);
	ull = strtoull(s, &e4, base);
	print("%q base %d: %ld %q | %lud %q | %lld %q | %llud %q\n", s, base,
		l, e1, ul & 0xFFFFFFFF, e2, ll, e3, ull, e4);
}

int
main(void)
{
	char buf[64], *e;
	int i;

	memset(buf, 'x', sizeof buf);
	buf[10] = 0;
	print("memset: %s %d\n", buf, buf[11]);
	strcpy(buf, "0123456789");
	memmove(buf+2, buf, 5);
	print("memmove up: %s\n", buf);
	strcpy(buf, "0123456789");
	memmove(buf, buf+3, 5);
	print("memmove down: %s\n", buf);
	memcpy(buf, "abcd", 4);
	print("memcpy: %s\n", buf);
	print("memcmp: %d %d %d %d\n", memcmp("abc", "abd", 3) < 0, memcmp("abd", "abc", 3) > 0,
		memcmp("abc", "abc", 3), memcmp("\x80", "\x01", 1) > 0);
	print("memchr: %s %d\n", (char*)memchr("hello", 'l', 5), memchr("hello", 'z', 5) == nil);
	print("strchr: %s %s %d %d\n", strchr("hello", 'l'), strrchr("hello", 'l'),
		strchr("hello", 'z') == nil, *strchr("hello", 0));
	print("strcmp: %d %d %d %d\n", strcmp("a", "b") < 0, strcmp("b", "a") > 0, strcmp("ab", "ab"),
		strcmp("\xE9", "a") > 0);
	print("strncmp: %d %d\n", strncmp("abcx", "abcy", 3), strncmp("abcx", "abcy", 4) < 0);
	strcpy(buf, "head");
	strcat(buf, "+tail");
	print("strcat: %s %ld\n", buf, (long)strlen(buf));
	memset(buf, 'x', 10);
	strncpy(buf, "ab", 5);
	print("strncpy: %s %d %d\n", buf, buf[3], buf[5]);
	print("strstr: %s %d %s\n", strstr("hello world", "o w"), strstr("hello", "z") == nil, strstr("abc", ""));

	num("123", 10);
	num("  -42xyz", 10);
	num("+7", 0);
	num("0x1fZ", 0);
	num("0x1f", 16);
	num("017", 0);
	num("z", 36);
	num("2147483648", 10);
	num("-2147483649", 10);
	num("9223372036854775808", 10);
	num("-9223372036854775809", 10);
	num("99999999999999999999", 10);
	num("", 10);
	num("-", 10);
	num("0x", 16);
	print("atoi: %d %d %ld\n", atoi("12ab"), atoi("-0"), atol(" 99"));
	for(i = 0; i < 3; i++){
		static char *d[] = { "1.5e3", "-.25x", "nan" };
		print("strtod %s: %g", d[i], strtod(d[i], &e));
		print(" rest %q\n", e);
	}
	return 0;
}
