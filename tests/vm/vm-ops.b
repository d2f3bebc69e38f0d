# vm-ops -- instruction groups: byte, word, big and real arithmetic, shifts,
# conversions, strings, lists, arrays and slices, case on ints, strings and bigs
implement Vmops;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmops: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

kind(s: string): string
{
	case s {
	"apple" or "pear" =>	return "fruit";
	"b" to "m" =>	return "early";
	* =>	return "late";
	}
}

bigcase(b: big): int
{
	case b {
	big 0 =>	return 0;
	big 1 to big 10 =>	return 1;
	big 1<<40 =>	return 2;
	* =>	return 3;
	}
}

intcase(i: int): string
{
	case i {
	0 or 2 or 4 =>	return "even";
	1 or 3 =>	return "odd";
	10 to 20 =>	return "teen";
	* =>	return "other";
	}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;

	# bytes wrap at 8 bits
	b := byte 250;
	b += byte 10;
	c := byte 3;
	sys->print("byte %d %d %d %d\n", int b, int (b - c), int (byte 200 * byte 2), int (byte 7 / c));

	# words
	i := 16r7fffffff;
	i++;
	j := -7;
	sys->print("word %d %d %d %d %d\n", i, j / 2, j % 2, j >> 1, 1 << 31);
	sys->print("bits %d %d %d %d %x\n", 12 & 10, 12 | 3, 12 ^ 5, ~0, 255);

	# bigs
	x := big 1 << 62;
	y := x + x;
	sys->print("big %bd %bd %bd %bd\n", x, y, big -7 / big 2, big -7 % big 2);
	sys->print("bigbits %bx %bd %bd\n", big 16rff00ff00ff << 4, big -1 >> 63, (big 1 << 40) | big 5);
	sys->print("bigconv %d %bd %bd\n", int (big 1 << 33 | big 9), big -5, big 16r7fffffff + big 1);

	# reals
	r := 1.5;
	sys->print("real %g %g %g %g\n", r * 2.0, r / 4.0, -r, r - 3.25);
	sys->print("realconv %d %d %d %d %bd\n", int 2.5, int -2.5, int 3.49, int -0.6, big 1e12);
	sys->print("realcmp %d %d %d\n", r < 2.0, r == 1.5, r >= 1.6);
	sys->print("pow %d %bd %g %g\n", 2**10, big 3**30, 2.0**-2, 10.0**3);

	# strings
	s := "hello";
	s += ", world";
	t := s[0:5];
	u := s;
	u[0] = 'J';
	sys->print("str %s %s %s %d %c\n", s, t, u, len s, s[4]);
	v := "";
	for(k := 0; k < 10; k++)
		v[len v] = 'a'+k;
	sys->print("build %s\n", v);
	w := "αβγ";
	w[1] = 'b';
	w += "δ";
	sys->print("runes %s %d %d %s\n", w, len w, w[3], w[1:3]);
	e := "";
	e[len e] = 16r263A;
	e2 := "";
	e2[0] = 'q';
	e2[1] = 16rFFFD;
	sys->print("empty %d %d %s %d\n", len e, e[0], e2, e2[1]);
	sys->print("cmp %d %d %d %d\n", "abc" < "abd", "b" > "abc", "x" == "x", "" == nil);
	sys->print("conv %d %g %bd %s %s %s\n", int "  42xyz", real "1e3", big "-99", string 17, string 2.5, string big 1234567890123);
	a := array of byte "héllo";
	sys->print("bytes %d %s\n", len a, string a[0:3]);

	# case
	sys->print("case %s %s %s %s\n", kind("pear"), kind("dog"), kind("zebra"), kind("apple"));
	sys->print("intcase %s %s %s %s\n", intcase(4), intcase(3), intcase(15), intcase(-1));
	sys->print("bigcase %d %d %d %d\n", bigcase(big 0), bigcase(big 5), bigcase(big 1<<40), bigcase(big -1));

	# lists
	l: list of string;
	for(k = 0; k < 5; k++)
		l = string k :: l;
	m := l;
	n := 0;
	for(; m != nil; m = tl m)
		n++;
	sys->print("list %s %s %d %d\n", hd l, hd tl l, n, len l);
	rl: list of real;
	rl = 1.5 :: 2.5 :: rl;
	bl := big 7 :: nil;
	sys->print("lists %g %g %bd\n", hd rl, hd tl rl, hd bl);

	# arrays and slices
	ar := array[10] of int;
	for(k = 0; k < len ar; k++)
		ar[k] = k*k;
	sl := ar[2:5];
	sl[0] = 100;
	ar2 := array[4] of int;
	ar2[1:] = ar[7:];
	sys->print("array %d %d %d %d %d %d\n", ar[2], len sl, sl[2], ar2[0], ar2[1], ar2[3]);
	sa := array[3] of string;
	sa[0] = "x";
	sa[1:] = array[] of {"y", "z"};
	sys->print("strarray %s%s%s\n", sa[0], sa[1], sa[2]);
	ss := sa[1:];
	sa = nil;
	sys->print("slice alive %s %d\n", ss[1], len ss);

	# lists of tuples and adts (consm/consmp, headm/headmp)
	tl0: list of (int, string);
	tl0 = (1, "one") :: (2, "two") :: tl0;
	(tn, ts) := hd tl0;
	(tn2, ts2) := hd tl tl0;
	sys->print("tuplelist %d %s %d %s\n", tn, ts, tn2, ts2);
	pl: list of (int, int);
	pl = (3, 4) :: pl;
	(px, py) := hd pl;
	sys->print("pairlist %d %d\n", px, py);
	ta := array[3] of (string, real);
	ta[1] = ("x", 1.25);
	(tsx, trx) := ta[1];
	sys->print("tuplearray %s %g %d\n", tsx, trx, ta[0].t0 == nil);
}
