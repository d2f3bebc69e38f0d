implement Statstail;

# Stats' fixed thresholds (stats(2)) on data with known answers: the
# count at or above a value, the Tail statistic beside Exceed, a run's
# delays by cause (delays: counts and times, worked by hand), time
# units and thresholds read in them, the default ladder, the least p a
# design allows, and the ladder finding a tail like pcold's (issue 24:
# 34 to 63 observations of 5 ms or more in every pcold boot, 0 to 16 in
# every pc boot) at 5 boots a side, its answers computed by an
# independent program (Welch's t over all 252 arrangements, single p and
# Westfall-Young minP, in Python).

include "sys.m";
	sys: Sys;
include "draw.m";
include "stats.m";
	stats: Stats;
	Rand, Unit, Cmp, Diff: import stats;

Statstail: module
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
	counts();
	causes();
	units();
	designs();
	pcold();
}

counts()
{
	# 1 3 3 5 7 9: at or above 3 five, above 3 three; at or above 10 none
	a := array[] of {1.0, 3.0, 3.0, 5.0, 7.0, 9.0};
	sys->print("atleast 3: %d; above 3: %d; atleast 10: %d; atleast 0: %d\n",
		stats->atleast(a, 3.0), stats->above(a, 3.0), stats->atleast(a, 10.0), stats->atleast(a, 0.0));
	# of 1..1000, 990 and above: 11; above 990: 10
	k := array[1000] of real;
	for(i := 0; i < 1000; i++)
		k[i] = real (i+1);
	sys->print("tail at 990 %g exceed above 990 %g; sampvar of the tail %g\n",
		stats->leafstat(k, Stats->Tail, 990.0), stats->leafstat(k, Stats->Exceed, 990.0),
		stats->sampvar(k, Stats->Tail, 990.0));
	sys->print("statname %s\n", stats->statname(Stats->Tail));
}

# delays: a run of five observations, delays (1000 or more) the 2nd, 4th and
# 5th.  Cause 1 took the most of the 2nd and 4th, cause 2 of the 5th;
# cause 1 took 1900, 100 and 300 of the delays (and 4 of the 1st, not
# one): two delays, 2300 of their time.  Cause 2: one, and what took[]
# says.  At 10000 no delay; a cause that took none, none.
causes()
{
	x := array[] of {5.0, 2000.0, 30.0, 1500.0, 9000.0};
	main := array[] of {1, 1, 0, 1, 2};
	took := array[] of {4.0, 1900.0, 0.0, 100.0, 300.0};
	(n, t) := stats->delays(x, main, took, 1, 1000.0);
	sys->print("delays by 1: %d, %g\n", n, t);
	(n, t) = stats->delays(x, main, array[] of {0.0, 0.0, 0.0, 0.0, 8600.0}, 2, 1000.0);
	sys->print("delays by 2: %d, %g\n", n, t);
	(n, t) = stats->delays(x, main, took, 1, 10000.0);
	sys->print("delays at 10000: %d, %g\n", n, t);
	(n, t) = stats->delays(x, main, array[5] of {* => 0.0}, 3, 1000.0);
	sys->print("delays by 3: %d, %g\n", n, t);
}

units()
{
	sys->print("ns per unit: ns %g us %g ms %g s %g n %g\n", stats->timeunit("ns"), stats->timeunit("us"),
		stats->timeunit("ms"), stats->timeunit("s"), stats->timeunit("n"));
	t := array[] of {
		("1ms", "us"), ("500us", "ns"), ("2us", "ms"), ("5", "us"), ("5", "n"), ("2.5s", "ms"),
		("1e3us", "ms"), ("-3ns", "ns"), ("7%", "%"),
		("5min", "us"), ("1ms", "n"), ("1ms", ""), ("x", "us"), ("", "us"), ("1e", "us"), ("ms", "us"),
	};
	for(i := 0; i < len t; i++){
		(s, u) := t[i];
		(v, err) := stats->threshold(s, u);
		if(err != nil)
			sys->print("threshold %q in %q: %s\n", s, u, err);
		else
			sys->print("threshold %q in %q: %g\n", s, u, v);
	}
	l := array[] of {"us", "ns", "ms", "s", "n"};
	for(i = 0; i < len l; i++){
		r := stats->ladder(l[i]);
		s := "ladder " + l[i] + ":";
		if(r == nil)
			s += " none";
		for(j := 0; j < len r; j++)
			s += sys->sprint(" %g", r[j]);
		sys->print("%s\n", s);
	}
}

# the least p of k against k is 2/choose(2k, k): 0.1 at 3, 2/70 at 4,
# 2/252 at 5; of 4 against 5, 1/126.  A design can reach 5% at all from
# 4 a side (mink of one pair); whatever the data, over 10 statistics,
# from 6 (20/924; 20/252 is above 5%).
designs()
{
	sys->print("leastp: 3v3 %.4f 4v4 %.4f 5v5 %.4f 4v5 %.4f 1v1 %g\n", stats->leastp(3, 3),
		stats->leastp(4, 4), stats->leastp(5, 5), stats->leastp(4, 5), stats->leastp(1, 1));
	sys->print("mink: 1 pair %d, 6 pairs %d, 7 pairs %d, 10 pairs %d\n", stats->mink(1, 0.05),
		stats->mink(6, 0.05), stats->mink(7, 0.05), stats->mink(10, 0.05));
}

# boot makes a boot of 20000 observations: a body c + 3 frac(7919 j /
# 1000) us, 6 to 9 us, with h delays of the host (1.5 ms, 1.6 ms, ...)
# and d of the guest (at hi) written over it at every 37th position.
boot(c: real, d, h: int, hi: real): ref Unit
{
	n := 20000;
	x := array[n] of real;
	for(j := 0; j < n; j++)
		x[j] = c + 3.0 * real ((j*7919) % 1000) / 1000.0;
	for(i := 0; i < h+d; i++){
		p := (7 + 37*i) % n;
		if(i < h)
			x[p] = 1500.0 + 100.0 * real i;
		else
			x[p] = hi;
	}
	return Unit.group(array[] of {Unit.leaf(x)});
}

# pcold's boots have 34 41 50 57 63 delays of 9.9 ms, pc's 0 4 9 12 16
# of 6 ms; both have 18 to 30 of the host's between 1.5 and 4.4 ms, and
# their bodies move with the boot (centres 5.7 to 6.3 us).  Median, p90
# and p99 see the bodies: no difference, and one pair of most extreme
# arrangements for the three; p99.9, max and the four rungs see the
# delays, separated: the observed arrangement and its mirror, p 2/252.
# Two pairs with the least p: adjusted, 4/252 = 0.0159.  At 5 ms or
# more pcold has 49 a boot (0.00245 of 20000), pc 8.2.
pcold()
{
	ca := array[] of {6.0, 6.3, 5.8, 6.1, 5.9};
	da := array[] of {34, 41, 50, 57, 63};
	ha := array[] of {20, 25, 18, 30, 22};
	cb := array[] of {6.2, 5.7, 6.05, 5.95, 6.15};
	db := array[] of {0, 4, 9, 12, 16};
	hb := array[] of {24, 19, 27, 21, 26};
	a := array[5] of ref Unit;
	b := array[5] of ref Unit;
	for(i := 0; i < 5; i++){
		a[i] = boot(ca[i], da[i], ha[i], 9900.0);
		b[i] = boot(cb[i], db[i], hb[i], 6000.0);
	}
	r := stats->ladder("us");
	sel := array[] of {Stats->Median, Stats->P90, Stats->P99, Stats->P999, Stats->Max,
		Stats->Tail, Stats->Tail, Stats->Tail, Stats->Tail};
	th := array[len sel] of {* => 0.0};
	th[5:] = r;
	c := stats->compare(a, b, sel, th, nil, nil, 0, -1, 0.95, 10000, Rand.new(big 1));
	sys->print("pcold: %d arrangements pmin %.4f pdata %.4f pfloor %.4f\n", c.narr, c.pmin, c.pdata, c.pfloor);
	for(i = 0; i < len c.d; i++){
		x := c.d[i];
		s := stats->statname(x.stat);
		if(x.stat == Stats->Tail)
			s += sys->sprint(" %g", x.thresh);
		sys->print("  %s: a %.4f b %.4f p %.4f padj %.4f\n", s, x.a, x.b, x.p, x.padj);
	}
}
