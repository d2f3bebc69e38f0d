# Stats -- statistics for comparing two sets of timings.
# Include sys.m before this file.
#
#	stats := load Stats Stats->PATH;
#	Rand: import stats;
#
# A sample is given as boots: an array of groups, one group of
# observations (array of real) per boot of the kernel.  A sample of
# one boot is an array of one group.  See stats(2).

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

	sort:	fn(a: array of real);
	pool:	fn(g: array of array of real): array of real;
	median:	fn(a: array of real): real;
	percentile:	fn(a: array of real, p: real): real;

	bootmedians:	fn(g: array of array of real, nboot: int, r: ref Rand): array of real;
	interval:	fn(m: array of real, conf: real): (real, real);
	diffs:	fn(ma, mb: array of real): array of real;
	mannwhitney:	fn(a, b: array of real): (real, real, real);
	varcomp:	fn(g: array of array of real): (real, real);
	histogram:	fn(a, b: array of real, nbin: int): (array of real, array of int, array of int);

	# correlation of pairs (x[i], y[i]): (r, ok), ok 0 if undefined
	pearson:	fn(x, y: array of real): (real, int);
	spearman:	fn(x, y: array of real): (real, int);
};
