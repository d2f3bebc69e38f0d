# String -- operations on strings, character classes, numbers and quoting
String: module
{
	PATH:		con	"/dis/lib/string.dis";

	# A character class cl lists characters; x-y between two of
	# them is the range x to y, and ^ first complements the class:
	# "a-zA-Z", "^ \t\n".
	# splitl cuts s before its first character in cl, (s, "") if none;
	# splitr cuts after its last character in cl, ("", s) if none.
	# take is the longest prefix of s in cl, drop is s without it.

	splitl:		fn(s, cl: string): (string, string);
	splitr:		fn(s, cl: string): (string, string);
	drop:		fn(s, cl: string): string;
	take:		fn(s, cl: string): string;
	in:		fn(c: int, cl: string): int;

	# t here is a string to find, not a class
	splitstrl:	fn(s, t: string): (string, string);
	splitstrr:	fn(s, t: string): (string, string);

	# does s begin with pre?
	prefix:		fn(pre, s: string): int;

	tolower:	fn(s: string): string;
	toupper:	fn(s: string): string;

	# the number at the start of s, and the text after it
	toint:		fn(s: string, base: int): (int, string);
	tobig:		fn(s: string, base: int): (big, string);

	# l with s added at its end
	append:		fn(s: string, l: list of string): list of string;
	quoted:		fn(argv: list of string): string;
	quotedc:		fn(argv: list of string, cl: string): string;
	unquoted:		fn(args: string): list of string;
};
