# Filepat -- file name patterns with * ? [...]
Filepat: module
{
	PATH:	con "/dis/lib/filepat.dis";

	# the existing files whose names match pat, one path element
	# at a time (a / in pat only matches a / in a name)
	expand:	fn(pat: string): list of string;

	# does name match pat? / is an ordinary character here
	match:	fn(pat, name: string): int;
};
