# Samples -- a sample of observations and its summary statistics.
# Include sys.m and bufio.m before this file.
#
#	samples := load Samples Samples->PATH;
#	Sample: import samples;
#	s := Sample.new(1000);

Samples: module
{
	PATH:	con "/dis/lib/sample.dis";

	Sample: adt
	{
		x:	array of real;	# the observations in order: x[0:n]
		n:	int;
		lo, hi:	real;	# least and greatest observation
		whole:	int;	# every observation is a whole number, and isum is exact
		isum:	big;	# the exact sum while whole
		sum, comp:	real;	# Neumaier's compensated sum of x[0:n]
		sorted:	array of real;	# x[0:n] sorted, made on demand; nil after add

		new:	fn(n: int): ref Sample;
		add:	fn(s: self ref Sample, v: big);
		addreal:	fn(s: self ref Sample, v: real);
		addall:	fn(s: self ref Sample, a: array of real);
		stat:	fn(s: self ref Sample): (int, real, real, real, real);
		mean:	fn(s: self ref Sample): real;
		median:	fn(s: self ref Sample): real;
		percentile:	fn(s: self ref Sample, p: real): real;
		obs:	fn(s: self ref Sample, iob: ref Bufio->Iobuf): int;
		str:	fn(s: self ref Sample): string;
	};

	# fmt formats a value as obs and str do: a whole number below
	# 10^15 as an integer, any other to 15 significant digits (so
	# a decimal of up to 15 digits comes back as it was read).
	fmt:	fn(v: real): string;

	# median is the median of a[0:n], as Sample.median's of those
	# values; it sorts a[0:n] in place (no copy, no sums: for a sample
	# made only to take its median)
	median:	fn(a: array of real, n: int): real;

	# numbers reads the words of s from offset k on, separated by
	# blanks, tabs, carriage returns and newlines, as numbers
	# ([+-] digits [. digits] [e [+-] digits]): the values, and -1, or
	# the offset of the first word that is not a finite number (the
	# values are then those before it).
	numbers:	fn(s: string, k: int): (array of real, int);

	# isnum says whether s is a number as numbers reads one
	isnum:	fn(s: string): int;
};
