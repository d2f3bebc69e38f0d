/*
 * utf -- lib9's UTF-8 and Rune functions, including bad input.
 */
#include <u.h>
#include <lib9.h>

static void
decode(char *name, char *s, int n)
{
	Rune r;
	int k, i;

	print("%s:", name);
	for(i = 0; i < n; i += k){
		k = chartorune(&r, s+i);
		print(" %ux/%d", r, k);
	}
	print("\n");
}

int
main(void)
{
	static Rune rs[] = { 0, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, 0xD800, 0xFFFD };
	char buf[16], s[64], *p;
	Rune r, rr[8];
	int i, n;

	for(i = 0; i < nelem(rs); i++){
		n = runetochar(buf, &rs[i]);
		print("runetochar %ux:", rs[i]);
		for(p = buf; p < buf+n; p++)
			print(" %.2ux", *(uchar*)p);
		chartorune(&r, buf);
		print(" -> %ux len %d runelen %d\n", r, n, runelen(rs[i]));
	}
	decode("ascii", "aZ~", 3);
	decode("mixed", "aé☺𝄞", 10);
	decode("overlong 2", "\xC0\x80x", 3);
	decode("overlong 3", "\xE0\x80\x80", 3);
	decode("surrogate", "\xED\xA0\x80", 3);
	decode("too big", "\xF4\x90\x80\x80", 4);
	decode("lone cont", "\x80\xBFz", 3);
	decode("truncated", "\xE2\x98", 2);
	decode("bad lead", "\xF8\x88\x80\x80\x80", 5);

	print("fullrune: %d %d %d %d %d\n", fullrune("\xE2\x98\xBA", 3), fullrune("\xE2\x98", 2),
		fullrune("a", 1), fullrune("\xF0\x9D\x84", 3), fullrune("", 0));
	print("utflen: %d %d %d\n", utflen(""), utflen("abc"), utflen("aé☺𝄞"));
	print("utfnlen: %d %d %d\n", utfnlen("aé☺", 3), utfnlen("aé☺", 4), utfnlen("aé☺", 100));
	rr[0] = 'a'; rr[1] = 0xE9; rr[2] = 0x263A; rr[3] = 0x1D11E; rr[4] = 0;
	print("runenlen: %d runestrlen: %ld\n", runenlen(rr, 4), runestrlen(rr));
	p = "x☺y☺z";
	print("utfrune: %s | %s | %d\n", utfrune(p, 0x263A), utfrrune(p, 0x263A), utfrune(p, 0xE9) == nil);
	print("utfrune ascii: %s | %s\n", utfrune(p, 'y'), utfrrune("a/b/c", '/'));
	p = utfecpy(s, s+5, "ab☺cd");
	print("utfecpy cut: %s %d\n", s, (int)(p - s));
	p = utfecpy(s, s+6, "ab☺cd");
	print("utfecpy fits: %s %d\n", s, (int)(p - s));
	p = utfecpy(s, s+sizeof s, "whole");
	print("utfecpy whole: %s %d\n", s, (int)(p - s));

	print("alpha: %d %d %d %d %d %d\n", isalpharune('a'), isalpharune('1'), isalpharune(0xE9),
		isalpharune(0x3B1), isalpharune(0x4E16), isalpharune(0x263A));
	print("digit: %d %d %d\n", isdigitrune('7'), isdigitrune('a'), isdigitrune(0x0663));
	print("space: %d %d %d %d\n", isspacerune(' '), isspacerune('\n'), isspacerune(0x3000), isspacerune('x'));
	print("lower: %C %C %C %C %C %C\n", tolowerrune('A'), tolowerrune(0xC9), tolowerrune(0x391),
		tolowerrune(0x416), tolowerrune(0x100), tolowerrune('z'));
	print("upper: %C %C %C %C %C %C\n", toupperrune('a'), toupperrune(0xE9), toupperrune(0x3B1),
		toupperrune(0x436), toupperrune(0x101), toupperrune(0xFF));
	return 0;
}
