implement Statssequence;

# The fixed sequence of stats(2) (compare's prim) on constructed data
# with known answers, computed by an independent program (Welch's t
# over all 252 arrangements of 5 boots a side, single p and minP, in
# Python): a primary that differs opens the second family, where one
# statistic differs and one does not; a primary that does not differ
# closes it, and a second statistic with p 2/252 may not be called.
# Then separation, the label-blind choice of the primary.

include "sys.m";
	sys: Sys;
include "draw.m";
include "stats.m";
	stats: Stats;
	Rand, Unit, Cmp, Diff: import stats;

Statssequence: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	stats = load Stats Stats->PATH;
	if(stats == nil){
		sys->print("cannot load stats: %r\n");
		raise "fail:load";
	}
	a := array[] of {1.0, 2.0, 3.0, 4.0, 5.0};
	sep := array[] of {11.0, 12.0, 13.0, 14.0, 15.0};	# separated: p 2/252
	mix := array[] of {1.5, 2.5, 3.5, 4.5, 5.5};	# interleaved: p 174/252
	far := array[] of {21.0, 22.0, 23.0, 24.0, 25.0};	# separated: p 2/252
	# primary separated: p 0.0079 alone; the second family {mix, far}
	# by minP: mix 0.6905 (adjusted 0.8889), far 0.0079 (adjusted
	# 0.0159: its pair of extreme arrangements and mix's)
	show("primary differs", a, array[] of {sep, mix, far}, 0);
	# primary interleaved: p 0.6905; far alone in the second family,
	# p 0.0079 adjusted 0.0079, yet not called: the gate is shut
	show("primary does not", a, array[] of {mix, far}, 0);
	# the same three as one family (no primary): minP over all,
	# sep and far 0.0159 (two pairs of extreme arrangements)
	show("one family", a, array[] of {sep, mix, far}, -1);

	# separation: the ka greatest against the rest, Welch's t; values
	# 1..5 against 11..15: d 10, se 1, t 10; 1..5 and 1.5..5.5: t 5;
	# 1..10, 4 against 6: d 5, se 1, t 5
	sys->print("separation: separated %.4f interleaved %.4f 4v6 %.4f\n",
		stats->separation(cat(a, sep), 5, 0.0), stats->separation(cat(a, mix), 5, 0.0),
		stats->separation(array[] of {1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0}, 4, 0.0));
	# counts (shares of n = 1): one event in half the boots, on
	# log(1+count) with Poisson's least spread: d log 2, se sqrt(0.25/5),
	# t 3.0998; gc.idle's counts of a busy host's pcold and pc (13 56 14
	# 15 27 against 0 0 0 0 1): 9.4275; gc.quantum's, which host
	# stalls inflate on both (113 154 64 174 156 against 34 41 251 196
	# 75): 4.8338: the idle collector's delays are the primary
	sys->print("separation of counts: rare %.4f idle %.4f quantum %.4f\n",
		stats->separation(array[] of {1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0}, 5, 1.0),
		stats->separation(array[] of {13.0, 56.0, 14.0, 15.0, 27.0, 0.0, 0.0, 0.0, 0.0, 1.0}, 5, 1.0),
		stats->separation(array[] of {113.0, 154.0, 64.0, 174.0, 156.0, 34.0, 41.0, 251.0, 196.0, 75.0}, 5, 1.0));
	sys->print("separation of one side: %.4f\n", stats->separation(a, 5, 0.0));
}

# show compares side a's values against each of b's, a Given statistic
# each (a boot holds one value), statistic prim first.
show(what: string, a: array of real, b: array of array of real, prim: int)
{
	J := len b;
	sel := array[J] of {* => Stats->Given};
	xa := array[J] of array of ref Unit;
	xb := array[J] of array of ref Unit;
	for(j := 0; j < J; j++){
		xa[j] = units(a);
		xb[j] = units(b[j]);
	}
	c := stats->compare(units(a), units(b[0]), sel, nil, xa, xb, 0, prim, 0.95, 10000, Rand.new(big 1));
	sys->print("%s: prim %d gate %d pmin %.4f pfloor %.4f\n", what, c.prim, c.gate, c.pmin, c.pfloor);
	for(j = 0; j < J; j++){
		x := c.d[j];
		sys->print("  %d: d %.4f p %.4f padj %.4f differs %d\n", j, x.d, x.p, x.padj, c.differs(j));
	}
}

units(v: array of real): array of ref Unit
{
	u := array[len v] of ref Unit;
	for(i := 0; i < len v; i++)
		u[i] = Unit.group(array[] of {Unit.leaf(array[] of {v[i]})});
	return u;
}

cat(a, b: array of real): array of real
{
	c := array[len a + len b] of real;
	c[0:] = a;
	c[len a:] = b;
	return c;
}
