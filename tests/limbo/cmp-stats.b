implement Cmpstats;

# Stats (stats(2)) on fixed data with answers worked out by hand:
# order statistics, Mann-Whitney U with ties, variance components,
# bootstrap intervals of identical and of shifted samples, histogram.

include "sys.m";
	sys: Sys;
include "draw.m";
include "stats.m";
	stats: Stats;
	Rand: import stats;

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

	# the generator is the same everywhere
	r := Rand.new(big 1);
	s := "rand:";
	for(i := 0; i < 8; i++)
		s += " " + string r.rand(1000);
	sys->print("%s\n", s);
	r = Rand.new(big 1);
	sys->print("rand again: %d\n", r.rand(1000));

	a := array[] of {5.0, 3.0, 9.0, 1.0, 7.0, 3.0};
	stats->sort(a);
	sys->print("sorted: %s\n", arr(a));
	sys->print("median %g p50 %g p99 %g p0 %g\n", stats->median(a),
		stats->percentile(a, 50.0), stats->percentile(a, 99.0), stats->percentile(a, 0.0));
	sys->print("median of 5: %g\n", stats->median(a[0:5]));

	# identical samples: U = n1 n2 / 2, p = 1
	(u, z, p) := stats->mannwhitney(a, a);
	sys->print("mw identical: U %g z %g p %g\n", u, z, p);
	# separated samples 1..10 and 11..20: U = 0; z = -49.5/sqrt(175)
	x := array[10] of real;
	y := array[10] of real;
	for(i = 0; i < 10; i++){
		x[i] = real (i+1);
		y[i] = real (i+11);
	}
	(u, z, p) = stats->mannwhitney(x, y);
	sys->print("mw separated: U %g z %.5f p %.5g\n", u, z, p);
	(u, z, p) = stats->mannwhitney(y, x);
	sys->print("mw reversed: U %g z %.5f p %.5g\n", u, z, p);
	# ties: ranks 1 3 3 6 for a; U = 3, var = 16/12 (9 - 48/56), z = -4.5/sqrt(var)
	(u, z, p) = stats->mannwhitney(array[] of {1.0, 2.0, 2.0, 3.0}, array[] of {2.0, 3.0, 3.0, 4.0});
	sys->print("mw ties: U %g z %.5f p %.5f\n", u, z, p);
	(u, z, p) = stats->mannwhitney(array[] of {2.0, 2.0}, array[] of {2.0, 2.0, 2.0});
	sys->print("mw all tied: U %g z %g p %g\n", u, z, p);

	# groups with means 2 5 8: MSW 1, MSB 27, n0 3, between^2 = 26/3
	g := array[] of {
		array[] of {1.0, 2.0, 3.0},
		array[] of {4.0, 5.0, 6.0},
		array[] of {7.0, 8.0, 9.0},
	};
	(b, w) := stats->varcomp(g);
	sys->print("varcomp: between %.6f within %.6f\n", b, w);
	g = array[] of {array[] of {1.0, 2.0, 3.0}, array[] of {3.0, 2.0, 1.0}};
	(b, w) = stats->varcomp(g);
	sys->print("varcomp same means: between %g within %g\n", b, w);
	g = array[] of {array[] of {1.0, 3.0, 5.0}, array[] of {2.0, 4.0, 3.0}};
	(b, w) = stats->varcomp(g);
	sys->print("varcomp below noise: between %g within %.6f\n", b, w);
	(b, w) = stats->varcomp(array[] of {array[] of {7.0}});
	sys->print("varcomp one: between %g within %g\n", b, w);

	# bootstrap: a sample against itself contains 0; shifted by 10 sigma
	# (sd 1, +10) the interval holds 10 and excludes 0.
	n := 400;
	s1 := array[n] of real;
	s2 := array[n] of real;
	r = Rand.new(big 7);
	for(i = 0; i < n; i++){
		# a sum of 12 uniforms less 6: mean 0, sd 1
		v := -6.0;
		for(k := 0; k < 12; k++)
			v += real r.rand(1000000) / 1000000.0;
		s1[i] = 100.0 + v;
		s2[i] = 110.0 + v;
	}
	one := array[] of {s1};
	two := array[] of {s2};
	m1 := stats->bootmedians(one, 1000, Rand.new(big 1));
	m1b := stats->bootmedians(one, 1000, Rand.new(big 2));
	m2 := stats->bootmedians(two, 1000, Rand.new(big 2));
	(lo, hi) := stats->interval(stats->diffs(m1, m1b), 0.95);
	sys->print("identical: 0 in [lo, hi] %d; width below 0.5 %d\n", lo <= 0.0 && hi >= 0.0, hi - lo < 0.5);
	(lo, hi) = stats->interval(stats->diffs(m1, m2), 0.95);
	sys->print("shifted: 10 in [lo, hi] %d; 0 excluded %d; above 9 %d\n", lo <= 10.0 && hi >= 10.0, lo > 0.0, lo > 9.0);
	(lo, hi) = stats->interval(stats->diffs(m2, m1), 0.95);
	sys->print("reversed: -10 in [lo, hi] %d; 0 excluded %d\n", lo <= -10.0 && hi >= -10.0, hi < 0.0);
	(mlo, mhi) := stats->interval(m1, 0.95);
	p1 := stats->pool(one);
	stats->sort(p1);
	med := stats->median(p1);
	sys->print("median in its interval %d\n", mlo <= med && med <= mhi);
	(nil, nil, p) = stats->mannwhitney(s1, s2);
	sys->print("mw shifted: p below 1e-50 %d\n", p < 1e-50);
	m := stats->bootmedians(array[] of {array[] of {4.0, 4.0, 4.0}}, 20, Rand.new(big 1));
	(lo, hi) = stats->interval(m, 0.95);
	sys->print("constant: [%g, %g]\n", lo, hi);
	# boots far apart: the interval spans them, not the noise within
	far := array[] of {array[] of {1.0, 1.1, 0.9}, array[] of {11.0, 11.1, 10.9}};
	(lo, hi) = stats->interval(stats->bootmedians(far, 1000, Rand.new(big 1)), 0.95);
	sys->print("boots apart: [%.2f, %.2f]\n", lo, hi);

	(e, ca, cb) := stats->histogram(array[] of {0.0, 1.0, 2.0, 3.0, 4.0, 100.0},
		array[] of {0.0, 0.5, 9.0}, 3);
	sys->print("histogram edges %s a %s b %s\n", arr(e), iarr(ca), iarr(cb));
	(e, ca, cb) = stats->histogram(array[] of {5.0, 5.0}, array[] of {5.0}, 4);
	sys->print("histogram flat edges %s a %s b %s\n", arr(e), iarr(ca), iarr(cb));
	# whole numbers over fewer values than bins: a bin for each value
	(e, ca, cb) = stats->histogram(array[] of {1.0, 2.0, 2.0, 3.0}, array[] of {3.0, 3.0, 5.0}, 10);
	sys->print("histogram whole edges %s a %s b %s\n", arr(e), iarr(ca), iarr(cb));
}

arr(a: array of real): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += sys->sprint(" %g", a[i]);
	return s;
}

iarr(a: array of int): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += " " + string a[i];
	return s;
}
