implement Stringnum;

# string-num -- appl/lib/string.b: toint and tobig (bases, radix
# prefixes, signs, blanks, what is left over, bad input), quoted,
# quotedc and unquoted (round trips, empty words, unbalanced quotes)

include "sys.m";
	sys: Sys;
include "draw.m";
include "string.m";
	str: String;

Stringnum: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	str = load String String->PATH;

	ints := array[] of {
		("123", 10), ("  -42xyz", 10), ("\t\n+7", 10), ("ff", 16), ("FFz", 16),
		("777", 8), ("789", 8), ("101012", 2), ("zz", 36), ("16rff", 0),
		("-16rFF!", 0), ("8r17", 0), ("2r", 0), ("0r5", 0), ("37r1", 0),
		("100r5", 0), ("36rzz", 0), ("12", 0), ("r5", 0), ("", 10), ("   ", 10),
		("-", 10), ("x", 10), ("12", 1), ("12", 37), ("12", -1), ("4294967297", 10),
		("2147483648", 10), ("1r0", 0),
	};
	for(i := 0; i < len ints; i++){
		(s, base) := ints[i];
		(n, rest) := str->toint(s, base);
		(b, brest) := str->tobig(s, base);
		sys->print("toint(%q, %d) = %d [%s]; tobig %bd [%s]\n", s, base, n, rest, b, brest);
	}
	(b, r) := str->tobig("9223372036854775807 max", 10);
	sys->print("tobig max %bd [%s]\n", b, r);
	(b, r) = str->tobig("-16r8000000000000000", 0);
	sys->print("tobig min %bd [%s]\n", b, r);
	(b, r) = str->tobig(nil, 10);
	sys->print("tobig nil %bd [%s]\n", b, r);

	words := array[] of {
		nil,
		"a" :: nil,
		"a" :: "b c" :: "" :: "it's" :: nil,
		"tab\there" :: "new\nline" :: "'" :: "''" :: nil,
		"☺" :: "x☺ y" :: "plain" :: nil,
		"" :: nil,
		"" :: "" :: nil,
	};
	for(i = 0; i < len words; i++){
		q := str->quoted(words[i]);
		sys->print("quoted %s -> %s\n", show(words[i]), show(q :: nil));
		back := str->unquoted(q);
		if(same(back, words[i]))
			sys->print("\tround trip ok\n");
		else
			sys->print("\tround trip BAD: %s\n", show(back));
	}
	sys->print("quotedc %s\n", str->quotedc("a=b" :: "c" :: "d=" :: nil, "="));
	sys->print("quotedc nil class %s\n", str->quotedc("a b" :: "c" :: nil, nil));
	sys->print("quotedc class ^ %s\n", str->quotedc("ab" :: nil, "^a-z"));

	unq := array[] of {
		"", "   ", "a b\tc\nd", "  lead trail  ", "a''b", "'a b'c", "x'it''s'y",
		"'unclosed word", "'", "''", "'' ''", "a'", "it''s", "'a''", "'''", "''''",
		"'x'''y'", "'☺ ☺'",
	};
	for(i = 0; i < len unq; i++)
		sys->print("unquoted %q -> %s\n", unq[i], show(str->unquoted(unq[i])));
}

show(l: list of string): string
{
	s := "(";
	for(; l != nil; l = tl l){
		s += "<" + hd l + ">";
		if(tl l != nil)
			s += " ";
	}
	return s + ")";
}

same(a, b: list of string): int
{
	for(; a != nil && b != nil; (a, b) = (tl a, tl b))
		if(hd a != hd b)
			return 0;
	return a == nil && b == nil;
}
