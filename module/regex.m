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
	# Where a match may begin, so that the matcher can skip to it.
	Start: adt
	{
		all:	int;		# anywhere: it can match empty, or $ comes first
		any:	int;		# at any rune but newline
		bol:	int;		# at the start of a line
		chars:	list of int;	# at one of these runes
		cls:	list of ref Inst;	# at a rune of one of these classes
		ascii:	array of byte;	# the runes below 16r80 it may begin with
	};
	Arena: adt
	{
		prog:	array of ref Inst;
		nsub:	int;		# parenthesized subexpressions
		start:	ref Start;
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
