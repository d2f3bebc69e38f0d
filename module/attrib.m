# Attrib -- the attribution of bench(1)'s observations to their
# causes, as the comment lines of a result file carry it:
#	# attribution NAME floor F
#	# cause NAME CAUSE i:t i:t ...
# Include sys.m before this file.

Attrib: module
{
	PATH:	con "/dis/lib/attrib.dis";

	# One result's attribution: what each cause took of its observations.
	Attribution: adt
	{
		name:	string;	# the result's
		floor:	real;	# the test's floor, in its unit
		causes:	array of string;	# the causes, as the file gives them
		shares:	array of array of (int, real);	# of each: (observation from 1, time), increasing

		new:	fn(line: string): (ref Attribution, string);
		add:	fn(a: self ref Attribution, line: string): string;
		took:	fn(a: self ref Attribution, cause: string, n: int): array of real;
		main:	fn(a: self ref Attribution, n: int): array of int;
		subset:	fn(a: self ref Attribution, cause: string, idx: array of int): (array of real, array of int);
		text:	fn(a: self ref Attribution, renum: array of int): string;
	};

	kind:	fn(line: string): (string, string);
	checkcause:	fn(cause: string): string;
	incause:	fn(cause, name: string): int;
};
