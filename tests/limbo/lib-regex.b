implement Libregex;

# lib-regex -- appl/lib/regex.b: compile errors, matches, submatches

include "sys.m";
	sys: Sys;
include "draw.m";
include "regex.m";
	regex: Regex;

Libregex: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	regex = load Regex Regex->PATH;
	if(regex == nil){
		sys->print("cannot load %s: %r\n", Regex->PATH);
		raise "fail:load";
	}
	t("abc", "xxabcxx");
	t("a.c", "abc adc");
	t("^abc", "xabc");
	t("^abc$", "abc");
	t("ab*c", "ac abc abbbc");
	t("ab+c", "ac abbc");
	t("ab?c", "abbc abc");
	t("a|b|c", "zzc");
	t("(a|ab)(c|bcd)", "abcd");
	t("x*", "aaa");
	t("[a-c]+", "xxbcaxx");
	t("[^a-c]+", "abcxyzabc");
	t("[]x]+", "a]x]b");
	t("(a*)*b", "aaab");
	t("(a(b)?)+", "aba");
	t("\\.\\*", "a.*b");
	t("a\\|b", "a|b");
	t("(((((((((((x)))))))))))", "yx");
	t("a{", "a{");
	t("é+", "xééy");
	# where a match may start (regex.b's skip): ^ after a newline,
	# empty matches at either end, one of several first runes, a class
	t("^y", "a\ny");
	t("x|^y", "ay");
	t("^a*", "b");
	t("a*$", "bb");
	t("q|[0-9]+|é", "abc é 42");
	t("[^a-z]", "abc.");
	t("(a", "");
	t("a)", "");
	t("*a", "");
	t("[a", "");
	t("[z-a]", "");
	t("a\\", "");
	# long subject: linear time
	s := "";
	for(i := 0; i < 2000; i++)
		s[len s] = 'a';
	t("(a*)*(b)", s);
	t("(a|aa)*$", s);
}

t(pat, s: string)
{
	(re, err) := regex->compile(pat, 1);
	if(re == nil){
		sys->print("%s: error: %s\n", pat, err);
		return;
	}
	m := regex->execute(re, s);
	if(m == nil){
		sys->print("%s: no match\n", pat);
		return;
	}
	r := pat + ":";
	for(i := 0; i < len m; i++){
		(b, e) := m[i];
		r += sys->sprint(" (%d,%d)", b, e);
	}
	sys->print("%s\n", r);
}
