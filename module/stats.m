# Stats -- statistics for comparing two sets of timings measured over
# several boots.  Include sys.m before this file.
#
#	stats := load Stats Stats->PATH;
#	Rand, Unit, Cmp, Diff: import stats;
#
# A sample is a tree of Units, one level for each source of variation:
# kernel layouts at the top when there are several (layout(8)), boots
# (within a layout), runs within a boot, and at the leaves the
# observations of one run, sorted.  Observations of one boot are not
# independent, nor are the boots of one layout: every interval and test
# here permutes or resamples whole top-level units.  See stats(2).

Stats: module
{
	PATH:	con "/dis/lib/stats.dis";

	# Rand is a deterministic generator (64-bit linear congruential,
	# Knuth's MMIX constants): the same seed gives the same stream
	# everywhere, so reports can be reproduced exactly.
	Rand: adt
	{
		s:	big;

		new:	fn(seed: big): ref Rand;
		rand:	fn(r: self ref Rand, n: int): int;	# uniform in [0, n)
	};

	# the statistics of a run's observations, compared between sides;
	# Exceed is the share above a threshold that follows the labels (a's
	# p99), Tail the share at or above a fixed one; Given is the mean of
	# other units, given beside the observations' (compare)
	Median, P90, P99, P999, Max, Exceed, Dist, Mean, Tail, Given: con iota;
	Nstat:	con Given+1;

	Unit: adt
	{
		sub:	array of ref Unit;	# the units of the level below; nil at a leaf
		x:	array of real;	# a leaf's observations, sorted

		leaf:	fn(x: array of real): ref Unit;	# sorts x in place
		group:	fn(sub: array of ref Unit): ref Unit;
		nobs:	fn(u: self ref Unit): int;
		leaves:	fn(u: self ref Unit): array of ref Unit;
		value:	fn(u: self ref Unit, s: int, t: real): real;
		same:	fn(u: self ref Unit, v: ref Unit): int;
		canon:	fn(u: self ref Unit): ref Unit;
	};

	# one statistic compared: b - a with its interval and p-values
	Diff: adt
	{
		stat:	int;
		a, b:	real;	# the statistic of each side
		d:	real;	# b - a (for Dist: the Anderson-Darling A2)
		se:	real;	# standard error of d over units
		lo, hi:	real;	# simultaneous interval of d; lo > hi: none
		t:	real;	# studentized difference (Dist: A2)
		p:	real;	# permutation p-value of this statistic alone
		padj:	real;	# adjusted over the family (Westfall-Young minP)
		thresh:	real;	# Exceed's (of the observed arrangement) or Tail's threshold
	};

	Cmp: adt
	{
		narr:	int;	# arrangements of the unit labels used
		all:	int;	# 1: every arrangement, 0: a random sample of them
		pmin:	real;	# smallest p one statistic can reach in this design
		pdata:	real;	# smallest p one statistic reaches on these data, over the arrangements
		pfloor:	real;	# smallest adjusted p these data can reach
		exact:	int;	# every unit of each side identical: d is exact
		conf:	real;
		prim:	int;	# the primary's index in d, tested first and alone; -1: one family
		gate:	int;	# the primary differs (or there is none): the others are tested
		d:	array of ref Diff;

		differs:	fn(c: self ref Cmp, j: int): int;	# d[j] is found different
	};

	# ordering and order statistics; a is sorted
	sort:	fn(a: array of real);
	merge:	fn(g: array of array of real): array of real;
	median:	fn(a: array of real): real;
	percentile:	fn(a: array of real, p: real): real;
	above:	fn(a: array of real, t: real): int;
	atleast:	fn(a: array of real, t: real): int;
	mad:	fn(a: array of real): real;
	mean:	fn(a: array of real): real;
	var:	fn(a: array of real): real;
	statname:	fn(s: int): string;
	leafstat:	fn(x: array of real, s: int, t: real): real;
	sampvar:	fn(x: array of real, s: int, t: real): real;

	# distributions
	choose:	fn(n, k: int): real;
	betainc:	fn(x, a, b: real): real;
	tcdf:	fn(t, df: real): real;
	tquantile:	fn(p, df: real): real;

	# Anderson-Darling k-sample test (Scholz and Stephens 1987)
	adk:	fn(g: array of array of real): (real, real, real);
	adcrit:	fn(m: int, alpha: real): real;
	adp:	fn(m: int, t: real): real;

	# the comparison: permutations of the top-level units' labels
	compare:	fn(a, b: array of ref Unit, sel: array of int, th: array of real,
			xa, xb: array of array of ref Unit, det: int, prim: int,
			conf: real, maxarr: int, r: ref Rand): ref Cmp;
	# how well the units' values split into sides, blind to the labels:
	# to choose a primary statistic without spending the test's level
	separation:	fn(v: array of real, ka: int, n: real): real;

	# variance split, a level each (the top first, observations last):
	# sd of the median, its share of an observation's variance, sd of the p99
	split:	fn(u: array of ref Unit): (array of real, array of real, array of real);
	# mean of top-level values with Student's t interval
	interval:	fn(v: array of real, conf: real): (real, real, real);

	# Kalibera and Jones: variance at each level, and repetitions needed
	levels:	fn(u: array of ref Unit, s: int, t: real): (array of real, array of real, array of real);
	optreps:	fn(t2hi, t2lo, chi, clo: real): int;
	plan:	fn(v, conf, h: real, kmin: int): int;
	mink:	fn(nstat: int, alpha: real): int;
	leastp:	fn(ka, kb: int): real;

	# time units: seconds per unit (0 if s is none), a threshold such as
	# "1ms" in a unit, and the default ladder of Tail thresholds
	timeunit:	fn(s: string): real;
	threshold:	fn(s, unit: string): (real, string);
	ladder:	fn(unit: string): array of real;

	# a run's delays at or above t that cause c took most of, and c's time in all its delays
	delays:	fn(x: array of real, main: array of int, took: array of real, c: int, t: real): (int, real);

	histogram:	fn(a, b: array of ref Unit, nbin: int): (array of real, array of int, array of int);
	order:	fn(l: array of ref Unit, k: int): real;

	# correlation of pairs (x[i], y[i]): (r, ok), ok 0 if undefined
	pearson:	fn(x, y: array of real): (real, int);
	spearman:	fn(x, y: array of real): (real, int);
};
