implement Stringclass;

# string-class -- appl/lib/string.b: character classes (ranges, ^,
# a leading or trailing -), splitl, splitr, take, drop, splitstrl,
# splitstrr, prefix, tolower, toupper, append

include "sys.m";
	sys: Sys;
include "draw.m";
include "string.m";
	str: String;

Stringclass: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	str = load String String->PATH;
	if(str == nil){
		sys->print("cannot load %s: %r\n", String->PATH);
		raise "fail:load";
	}

	# membership: each class against a set of characters
	chars := "a-z^09 Aé";
	classes := array[] of {
		"", "^", "a", "a-z", "^a-z", "a-z0-9", "-a", "a-", "^-", "z-a",
		"a--", "a-c-e", "^^", "^ \t\n", "é", "^é", "A-Za-z",
	};
	for(i := 0; i < len classes; i++){
		sys->print("in [%s]:", classes[i]);
		for(j := 0; j < len chars; j++)
			sys->print(" %c=%d", chars[j], str->in(chars[j], classes[i]));
		sys->print("\n");
	}
	sys->print("in d a-c-e %d\n", str->in('d', "a-c-e"));
	sys->print("in x nil %d\n", str->in('x', nil));

	pr2("splitl", str->splitl("hello, world", ", "));
	pr2("splitl none", str->splitl("hello", "0-9"));
	pr2("splitl empty", str->splitl("", "a-z"));
	pr2("splitl first", str->splitl("abc", "a"));
	pr2("splitl neg", str->splitl("abc123def", "^a-z"));
	pr2("splitr", str->splitr("/usr/lib/x.b", "/"));
	pr2("splitr none", str->splitr("x.b", "/"));
	pr2("splitr last", str->splitr("abc/", "/"));
	pr2("splitr empty", str->splitr("", "/"));
	sys->print("take [%s] [%s] [%s]\n", str->take("  \tx y", " \t"),
		str->take("abc", "a-z"), str->take("", "a"));
	sys->print("drop [%s] [%s] [%s]\n", str->drop("  \tx y", " \t"),
		str->drop("abc", "a-z"), str->drop("123abc", "^a-z"));

	pr2("splitstrl", str->splitstrl("a::b::c", "::"));
	pr2("splitstrl none", str->splitstrl("abc", "x"));
	pr2("splitstrl empty t", str->splitstrl("abc", ""));
	pr2("splitstrl long t", str->splitstrl("ab", "abc"));
	pr2("splitstrl whole", str->splitstrl("abc", "abc"));
	pr2("splitstrl overlap", str->splitstrl("aaab", "aab"));
	pr2("splitstrr", str->splitstrr("a::b::c", "::"));
	pr2("splitstrr none", str->splitstrr("abc", "x"));
	pr2("splitstrr empty t", str->splitstrr("abc", ""));
	pr2("splitstrr end", str->splitstrr("abcab", "ab"));
	pr2("splitstrr empty s", str->splitstrr("", "ab"));

	sys->print("prefix %d %d %d %d %d\n", str->prefix("ab", "abc"), str->prefix("abc", "ab"),
		str->prefix("", "x"), str->prefix("", ""), str->prefix("b", "abc"));
	sys->print("case [%s] [%s] [%s]\n", str->tolower("Hello, WORLD É"),
		str->toupper("Hello, world é"), str->toupper(""));

	l := str->append("c", "a" :: "b" :: nil);
	sys->print("append");
	for(; l != nil; l = tl l)
		sys->print(" %s", hd l);
	l = str->append("only", nil);
	sys->print(" | %s %d\n", hd l, len l);
}

pr2(what: string, t: (string, string))
{
	(a, b) := t;
	sys->print("%s [%s] [%s]\n", what, a, b);
}
