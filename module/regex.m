# Regex -- regular expressions: compile once, match many times
Regex: module
{
	PATH:	con "/dis/lib/regex.dis";

	# A compiled expression: a program for a Pike-style matching machine.
	Inst: adt
	{
		op:	int;
		c:	int;		# Ochar: the rune; Osave: the slot
		x, y:	int;		# Ojmp, Osplit: targets
		cls:	array of int;	# Oclass: lo, hi pairs
		neg:	int;		# Oclass: complemented
	};
	Arena: adt
	{
		prog:	array of ref Inst;
		nsub:	int;		# parenthesized subexpressions
	};
	Re:	type ref Arena;

	# compile returns the compiled expression, or nil and a diagnostic.
	compile:	fn(e: string, flag: int): (Re, string);
	# execute finds the leftmost-longest match of x in s:
	# element 0 is the whole match (start, end), element i the
	# i'th parenthesized subexpression, (-1, -1) if it took no part;
	# nil if there is no match.
	execute:	fn(x: Re, s: string): array of (int, int);
	# executese is execute on s[se.t0:se.t1]; bol and eol say whether
	# ^ and $ may match at its ends.  Offsets are into s.
	executese:	fn(x: Re, s: string, se: (int, int), bol: int, eol: int): array of (int, int);
};
