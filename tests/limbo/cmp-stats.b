implement Cmpstats;

# Stats (stats(2)) on fixed data with known answers.  Each answer is
# worked out in the comment beside it, by hand or from a published
# table; the permutation counts were also checked by enumerating the
# 70 arrangements in an independent program.

include "sys.m";
	sys: Sys;
include "draw.m";
include "stats.m";
	stats: Stats;
	Rand, Unit, Cmp, Diff: import stats;

Cmpstats: module
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
	order();
	distributions();
	anderson();
	permutation();
	variance();
	planning();
	layouts();
}

order()
{
	# the generator is the same everywhere
	r := Rand.new(big 1);
	s := "rand:";
	for(i := 0; i < 8; i++)
		s += " " + string r.rand(1000);
	sys->print("%s\n", s);

	a := array[] of {5.0, 3.0, 9.0, 1.0, 7.0, 3.0};
	stats->sort(a);
	sys->print("sorted: %s\n", arr(a));
	# median of 1 3 3 5 7 9: (3+5)/2; nearest rank p50 of 6: the 3rd
	sys->print("median %g p50 %g p99 %g p0 %g above3 %d above9 %d\n", stats->median(a),
		stats->percentile(a, 50.0), stats->percentile(a, 99.0), stats->percentile(a, 0.0),
		stats->above(a, 3.0), stats->above(a, 9.0));
	# p99.9 of 1..1000 is the 999th, not the 1000th (99.9*1000/100 in
	# floating point is a hair above 999)
	k := array[1000] of real;
	for(i = 0; i < 1000; i++)
		k[i] = real (i+1);
	sys->print("p99.9 of 1..1000: %g; p99 %g; p90 %g\n", stats->percentile(k, 99.9),
		stats->percentile(k, 99.0), stats->percentile(k, 90.0));
	# deviations of 1 2 3 4 100 from 3: 2 1 0 1 97, their median 1
	sys->print("mad %g\n", stats->mad(array[] of {1.0, 2.0, 3.0, 4.0, 100.0}));
	sys->print("mad of one value %g; of 1 1 5 5: %g\n", stats->mad(array[] of {7.0}),
		stats->mad(array[] of {1.0, 1.0, 5.0, 5.0}));
	# equal values give themselves exactly, with no rounding residue
	t := array[] of {0.1, 0.1, 0.1};
	sys->print("mean of three 0.1: exact %d; var %g\n", stats->mean(t) == 0.1, stats->var(t));
	sys->print("var of 1 2 3 4: %g\n", stats->var(array[] of {1.0, 2.0, 3.0, 4.0}));
	m := stats->merge(array[] of {array[] of {1.0, 4.0}, array[] of {2.0, 3.0, 5.0}, array[] of {0.5}});
	sys->print("merge: %s\n", arr(m));

	# statistics of one run: 1..1000 and above 990: 10 of 1000
	s = "leaf:";
	for(i = Stats->Median; i <= Stats->Mean; i++)
		if(i != Stats->Dist)
			s += sys->sprint(" %s %g", stats->statname(i), stats->leafstat(k, i, 990.0));
	sys->print("%s\n", s);
	# the bootstrap's maximum of 1 3 is 3 with probability 3/4: mean 2.5,
	# E[x^2] = 7, variance 0.75.  The median of 1..1000: rank 500, one
	# binomial sd of rank (sqrt(250) = 15.8, so 16) either side: 484 and
	# 516, half their distance 16, variance 256.  The rate above 990:
	# 0.01 * 0.99 / 1000.
	sys->print("sampvar: max %g median %g exceed %g mean %g\n",
		stats->sampvar(array[] of {1.0, 3.0}, Stats->Max, 0.0),
		stats->sampvar(k, Stats->Median, 0.0), stats->sampvar(k, Stats->Exceed, 990.0),
		stats->sampvar(array[] of {1.0, 2.0, 3.0}, Stats->Mean, 0.0));
}

distributions()
{
	sys->print("choose(6,3) %g choose(10,5) %g choose(20,10) %g\n",
		stats->choose(6, 3), stats->choose(10, 5), stats->choose(20, 10));
	# I_x(a, 1) = x^a; I_x(1, 1) = x; I_.5(2, 2) = .5 by symmetry
	sys->print("betainc: %.6f %.6f %.6f\n", stats->betainc(0.5, 3.0, 1.0),
		stats->betainc(0.3, 1.0, 1.0), stats->betainc(0.5, 2.0, 2.0));
	# Student's t, 97.5%: 4.3027 (2 df), 2.7764 (4), 2.2622 (9), and the
	# normal's 1.9600 for many
	sys->print("t.975: %.4f %.4f %.4f %.4f; tcdf(0) %g tcdf(-2.7764, 4) %.4f\n",
		stats->tquantile(0.975, 2.0), stats->tquantile(0.975, 4.0),
		stats->tquantile(0.975, 9.0), stats->tquantile(0.975, 1e9),
		stats->tcdf(0.0, 5.0), stats->tcdf(-2.776445, 4.0));
}

# The example of Scholz and Stephens (1987, section 5): smoothness of
# paper measured by four laboratories, eight each.  They give, for the
# version with midranks, A2akN = 8.3926 and its standardized form
# T = 4.480 (asymptotic p 0.0022); the critical values of T at 25, 10, 5, 2.5 and 1%
# for m = 1 (two samples) are 0.326, 1.225, 1.960, 2.719, 3.752 in their
# Table 1 (0.325, 1.226, 1.961, 2.718, 3.752 by the interpolation formula
# they give), and for m = 3 the 1% value is 3.246, below T: the four
# laboratories differ at 1%.
anderson()
{
	x1 := array[] of {38.7, 41.5, 43.8, 44.5, 45.5, 46.0, 47.7, 58.0};
	x2 := array[] of {39.2, 39.3, 39.7, 41.4, 41.8, 42.9, 43.3, 45.8};
	x3 := array[] of {34.0, 35.0, 39.0, 40.0, 43.0, 43.0, 44.0, 45.0};
	x4 := array[] of {34.0, 34.8, 34.8, 35.4, 37.2, 37.8, 41.2, 42.8};
	(a2, t, p) := stats->adk(array[] of {x1, x2, x3, x4});
	sys->print("AD 4 labs: A2akN %.4f T %.4f p %.4f; 1%% critical %.4f\n", a2, t, p, stats->adcrit(3, 0.01));
	s := "AD critical values m=1:";
	lev := array[] of {0.25, 0.10, 0.05, 0.025, 0.01};
	for(i := 0; i < len lev; i++)
		s += sys->sprint(" %.3f", stats->adcrit(1, lev[i]));
	sys->print("%s\n", s);
	# two of them: T = 1.718, p between 10% and 5%
	(a2, t, p) = stats->adk(array[] of {x1, x2});
	sys->print("AD 2 labs: T %.4f p %.3f\n", t, p);
	# identical samples: every term is zero
	(a2, t, p) = stats->adk(array[] of {x1, x1});
	sys->print("AD identical: A2 %g\n", a2);
	# compare's Anderson-Darling (Dist, the observed arrangement) on
	# bins of exact values is the same A2akN: by its quadratic form in
	# the units (4 units, 16 values) and summed over the bins (6 units,
	# 2 values)
	dist := array[] of {Stats->Dist};
	(a2, t, p) = stats->adk(array[] of {x1, x2});
	c := stats->compare(runs(array[] of {x1[0:4], x1[4:]}), runs(array[] of {x2[0:4], x2[4:]}),
		dist, nil, nil, nil, 0, -1, 0.95, 10000, Rand.new(big 1));
	sys->print("AD 2 labs: adk A2akN %.6f, compare's %.6f\n", a2, c.d[0].d);
	y1 := array[] of {1.0, 1.0, 2.0};
	y2 := array[] of {1.0, 2.0, 2.0};
	(a2, t, p) = stats->adk(array[] of {array[] of {1.0, 1.0, 2.0, 1.0, 1.0, 2.0, 1.0, 2.0, 2.0},
		array[] of {1.0, 2.0, 2.0, 1.0, 2.0, 2.0, 1.0, 2.0, 2.0}});
	c = stats->compare(runs(array[] of {y1, y1, y2}), runs(array[] of {y2, y2, y2}),
		dist, nil, nil, nil, 0, -1, 0.95, 10000, Rand.new(big 1));
	sys->print("AD two values: adk A2akN %.6f, compare's %.6f\n", a2, c.d[0].d);
}

# runs makes a side of units, one sorted run each
runs(x: array of array of real): array of ref Unit
{
	u := array[len x] of ref Unit;
	for(i := 0; i < len x; i++)
		u[i] = Unit.group(array[] of {Unit.leaf(x[i])});
	return u;
}

# boots makes a side of units, one run of 50 observations each: the
# boot's centre plus 0.001 j, j = 0..49 (so its median is centre+0.0245).
boots(centre: array of real): array of ref Unit
{
	u := array[len centre] of ref Unit;
	for(i := 0; i < len centre; i++){
		x := array[50] of real;
		for(j := 0; j < 50; j++)
			x[j] = centre[i] + 0.001 * real j;
		u[i] = Unit.group(array[] of {Unit.leaf(x)});
	}
	return u;
}

permutation()
{
	med := array[] of {Stats->Median};
	r := Rand.new(big 1);
	# separated: every boot of b above every boot of a, so the observed
	# arrangement and its mirror are the two most extreme of 70: p = 2/70
	c := stats->compare(boots(array[] of {1.0, 2.0, 3.0, 4.0}), boots(array[] of {11.0, 12.0, 13.0, 14.0}),
		med, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("separated", c);
	# clustered: each b boot 1 above an a boot, but boots spread over 6:
	# 48 of the 70 arrangements give a |t| at least the observed
	a := array[] of {10.0, 12.0, 14.0, 16.0};
	b := array[] of {11.0, 13.0, 15.0, 17.0};
	c = stats->compare(boots(a), boots(b), med, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("clustered", c);
	# the intervals are d +- c se, c the greatest |t| of the arrangements
	# that fall short of the critical level (regression values).
	# The same observations pooled, each its own unit, as if independent:
	# no one of 1000 arrangements drawn comes near (t = 4.5): wrongly
	# "different"
	pa := pooled(boots(a));
	pb := pooled(boots(b));
	c = stats->compare(pa, pb, med, nil, nil, nil, 1, -1, 0.95, 1000, r);
	show("pooled", c);
	# 3 boots against 3: 20 arrangements, two-sided p at least 2/20
	c = stats->compare(boots(array[] of {1.0, 2.0, 3.0}), boots(array[] of {11.0, 12.0, 13.0}),
		med, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("3v3", c);
	# identical boots on both sides (as under icount): exact, no difference
	same := array[] of {5.0, 5.0, 5.0};
	all := array[] of {Stats->Median, Stats->P90, Stats->P99, Stats->Max, Stats->Exceed, Stats->Dist};
	c = stats->compare(boots(same), boots(same), all, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("identical", c);
	# identical within each side, different between: exact differences
	c = stats->compare(boots(same), boots(array[] of {6.0, 6.0, 6.0}), all, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("exact", c);
	# the family: separated boots seen by six statistics; median, p90,
	# p99 and max move together, so the adjustment costs little.  The
	# exceedance threshold is a's mean p99 (centre + 0.049: 2.549), and
	# Anderson-Darling sees the same extreme arrangement.
	c = stats->compare(boots(array[] of {1.0, 2.0, 3.0, 4.0, 5.0}), boots(array[] of {11.0, 12.0, 13.0, 14.0, 15.0}),
		all, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("family", c);
	# a fixed threshold, 11.0245: 50% of a side's observations in
	# 11..11.049 reach it; shares a's 0 and b's 0.5, 1, 1, 1, 1
	c = stats->compare(boots(array[] of {1.0, 2.0, 3.0, 4.0, 5.0}), boots(array[] of {11.0, 12.0, 13.0, 14.0, 15.0}),
		array[] of {Stats->Tail}, array[] of {11.0245}, nil, nil, 1, -1, 0.95, 10000, r);
	show("threshold", c);
}

pooled(u: array of ref Unit): array of ref Unit
{
	x := u[0].leaves();
	n := 0;
	for(i := 0; i < len u; i++)
		n += u[i].nobs();
	p := array[n] of ref Unit;
	n = 0;
	for(i = 0; i < len u; i++){
		x = u[i].leaves();
		for(j := 0; j < len x[0].x; j++)
			p[n++] = Unit.leaf(array[] of {x[0].x[j]});
	}
	return p;
}

show(what: string, c: ref Cmp)
{
	sys->print("%s: %d arrangements (all %d) pmin %.4f pdata %.4f pfloor %.4f exact %d\n",
		what, c.narr, c.all, c.pmin, c.pdata, c.pfloor, c.exact);
	for(i := 0; i < len c.d; i++){
		x := c.d[i];
		ci := "none";
		if(x.lo <= x.hi)
			ci = sys->sprint("[%.4f, %.4f]", x.lo, x.hi);
		th := "";
		if(x.stat == Stats->Exceed || x.stat == Stats->Tail)
			th = sys->sprint(" at %g", x.thresh);
		sys->print("  %s%s: a %.4f b %.4f d %.4f %s p %.4f padj %.4f\n",
			stats->statname(x.stat), th, x.a, x.b, x.d, ci, x.p, x.padj);
	}
}

# Three levels, by hand: layouts A and B of two boots each, one run a
# boot of the observations c-1, c, c+1 (median c, MAD 1; the median's
# sampling variance over 3 observations, half the distance between the
# 1st and 3rd squared, is 1, so S2 of the observations is 3).
#	boots' medians 10 12 | 20 22: S2 of boots mean(var{10,12},
#	var{20,22}) = 2, T2 = 2 - 3/3 = 1; layouts' values 11, 21: S2 = 50,
#	T2 = 50 - 2/2 = 49.  The runs never have a sibling: -1.
# sd: layout 7, boot 1, observation 1.4826; the variance of an
# observation 49 + 1 + 1.4826^2 = 52.19810276, so the shares are
# 0.93873, 0.019158 and 0.042111.  p99s (c+1): boots 11 13 | 21 23,
# S2 2 (sd 1.4142); layouts 12, 22, S2 50 (sd 7.0711).
variance()
{
	u := array[2] of ref Unit;
	c := array[] of {10.0, 12.0, 20.0, 22.0};
	for(i := 0; i < 2; i++){
		b := array[2] of ref Unit;
		for(j := 0; j < 2; j++){
			x := c[2*i+j];
			b[j] = Unit.group(array[] of {Unit.leaf(array[] of {x-1.0, x, x+1.0})});
		}
		u[i] = Unit.group(b);
	}
	(sd, share, p99) := stats->split(u);
	sys->print("split: sd %s\n       share %s\n       p99 %s\n", arr(sd), arr(share), arr(p99));
	# one layout: the top level has one unit and cannot be told apart
	(sd, share, p99) = stats->split(u[0:1]);
	sys->print("split of one layout: sd %s share %s\n", arr(sd), arr(share));
	# interval of 1..5: mean 3, sd sqrt(2.5), t(.975, 4) 2.7764:
	# 3 +- 2.7764 sqrt(2.5/5) = 3 +- 1.9632
	(m, lo, hi) := stats->interval(array[] of {1.0, 2.0, 3.0, 4.0, 5.0}, 0.95);
	sys->print("interval: %g [%.4f, %.4f]\n", m, lo, hi);
	(m, lo, hi) = stats->interval(array[] of {7.0}, 0.95);
	sys->print("interval of one: %g none %d\n", m, lo > hi);
}

# A worked example of Kalibera and Jones's method, by hand: two boots of
# two runs of three observations.
#	boot 1: run {1 2 3} mean 2, run {3 4 5} mean 4: boot mean 3
#	boot 2: run {5 6 7} mean 6, run {9 10 11} mean 10: boot mean 8
# Observations: S2 = the mean within-run variance = 1 (n 3).
# Runs: variances of {2, 4} and {6, 10} are 2 and 8: S2 = 5 (n 2),
# T2 = 5 - 1/3 = 4.6667.  Boots: variance of {3, 8} is 12.5,
# T2 = 12.5 - 5/2 = 10.  With a boot costing 10 s and a run 1 s, the
# runs a boot that cost least for a given precision are
# ceil(sqrt(10 * 4.6667 / (1 * 10))) = ceil(2.16) = 3.  With 3 runs a
# boot, a boot's mean varies as T2boot + S2run/3 = 11.6667; the
# difference of two sides of k boots has the 95% half-width
# t(.975, 2k-2) sqrt(2 * 11.6667 / k): 14.70, 7.74, 5.91, 4.98 for
# k = 2..5, so a half-width of 5 needs 5 boots a side, and 6 for the
# permutation test to reach 5% over 7 statistics (14/924; 14/252 > 5%).
planning()
{
	run := array[] of {
		array[] of {1.0, 2.0, 3.0}, array[] of {3.0, 4.0, 5.0},
		array[] of {5.0, 6.0, 7.0}, array[] of {9.0, 10.0, 11.0},
	};
	u := array[] of {
		Unit.group(array[] of {Unit.leaf(run[0]), Unit.leaf(run[1])}),
		Unit.group(array[] of {Unit.leaf(run[2]), Unit.leaf(run[3])}),
	};
	(s2, t2, n) := stats->levels(u, Stats->Mean, 0.0);
	sys->print("KJ S2 %s T2 %s n %s\n", arr(s2), arr(t2), arr(n));
	r := stats->optreps(t2[0], t2[1], 10.0, 1.0);
	v := t2[0] + s2[1] / real r;
	sys->print("KJ runs a boot %d; boot variance %.4f; boots a side for +-5: %d; +-100: %d\n",
		r, v, stats->plan(v, 0.95, 5.0, 2), stats->plan(v, 0.95, 100.0, 2));
	sys->print("mink: 7 statistics %d, 6 %d, 1 %d\n", stats->mink(7, 0.05), stats->mink(6, 0.05), stats->mink(1, 0.05));
	# one run a boot: the run level cannot be told from the boot's
	u = array[] of {
		Unit.group(array[] of {Unit.leaf(run[0])}),
		Unit.group(array[] of {Unit.leaf(run[3])}),
	};
	(s2, t2, n) = stats->levels(u, Stats->Mean, 0.0);
	sys->print("KJ one run: S2 %s T2 %s\n", arr(s2), arr(t2));
}

# Layouts are the units when there are several: boots of one layout
# share its placement and are not independent.  Three layouts a side,
# at 1 2 3 (a) and 2 3 4 (b), of ten boots each at the layout's value
# plus 0.001 k: a difference of 1 with layouts spread by 1.  Over the
# 20 arrangements of the layout labels (values 1 2 3 2 3 4), Welch's
# |t| is 0.3536 in ten, 1.2247 (the observed) in eight and 3.5355 in
# two: p 10/20 = 0.5, no difference (checked by enumeration in an
# independent program).  The 60 boots taken as units, pooling the
# layouts away, reach p 0.001, the least 1000 arrangements allow:
# wrongly different.
layouts()
{
	med := array[] of {Stats->Median};
	r := Rand.new(big 1);
	la := array[3] of ref Unit;
	lb := array[3] of ref Unit;
	for(i := 0; i < 3; i++){
		ca := array[10] of real;
		cb := array[10] of real;
		for(k := 0; k < 10; k++){
			ca[k] = real (i+1) + 0.001 * real k;
			cb[k] = real (i+2) + 0.001 * real k;
		}
		la[i] = Unit.group(boots(ca));
		lb[i] = Unit.group(boots(cb));
	}
	c := stats->compare(la, lb, med, nil, nil, nil, 0, -1, 0.95, 10000, r);
	show("layouts", c);
	c = stats->compare(flat(la), flat(lb), med, nil, nil, nil, 1, -1, 0.95, 1000, r);
	show("boots pooled over layouts", c);
	# under a deterministic clock every boot of a kernel in one layout is
	# the same, and so is a layout of two such boots and one of one: as
	# units that repeat one observation (det), exact; as layouts, which
	# are draws and agree by chance or because layout does not matter,
	# the permutation test: two a side, the observed arrangement and its
	# mirror the most extreme of 6, p 2/6
	b := boots(array[] of {5.0, 5.0, 5.0});
	d := boots(array[] of {6.0, 6.0, 6.0});
	sa := array[] of {Unit.group(b[0:2]), Unit.group(b[2:3])};
	sb := array[] of {Unit.group(d[0:1]), Unit.group(d[1:3])};
	c = stats->compare(sa, sb, med, nil, nil, nil, 1, -1, 0.95, 10000, r);
	show("icount layouts", c);
	c = stats->compare(sa, sb, med, nil, nil, nil, 0, -1, 0.95, 10000, r);
	show("icount layouts, not det", c);
	sys->print("canon: %d %d\n", sa[0].canon().same(sa[1].canon()), sa[0].same(sa[1]));
}

# flat gives the units of the level below the top
flat(u: array of ref Unit): array of ref Unit
{
	n := 0;
	for(i := 0; i < len u; i++)
		n += len u[i].sub;
	f := array[n] of ref Unit;
	n = 0;
	for(i = 0; i < len u; i++)
		for(j := 0; j < len u[i].sub; j++)
			f[n++] = u[i].sub[j];
	return f;
}

arr(a: array of real): string
{
	s := "";
	for(i := 0; i < len a; i++){
		if(i > 0)
			s += " ";
		s += sys->sprint("%.4g", a[i]);
	}
	return s;
}
