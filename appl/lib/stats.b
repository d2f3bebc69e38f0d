implement Stats;

# stats -- the statistics of a comparison of timings taken over several
# boots: order statistics, the permutation test over boot labels with
# its family-wise adjustment, Anderson-Darling, the variance split and
# the planning of Kalibera and Jones.
#
# Timings are not normal: they have a floor, a long right tail and
# outliers, so the statistics compared are order statistics and rates.
# Boots matter too: memory layout changes from boot to boot and moves
# every observation of a boot together, so the units of every test are
# whole boots (the top level of a sample), never observations.

include "sys.m";
	sys: Sys;
include "math.m";
	math: Math;
include "stats.m";

Big:	con 1e300;	# a studentized difference with no spread to divide by
Eps:	con 1e-9;	# relative tolerance of ties between permutation statistics
Gmax:	con 2000;	# at most this many distinct values: Anderson-Darling is exact
Qmax:	con 1000;	# at most this many units: a2bins by its quadratic form

setup()
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	if(math == nil)
		math = load Math Math->PATH;
}

Rand.new(seed: big): ref Rand
{
	r := ref Rand(seed);
	r.rand(2);
	return r;
}

# rand uses the high bits of the state: the low bits of a power-of-two
# congruential generator have short periods.
Rand.rand(r: self ref Rand, n: int): int
{
	r.s = r.s * big 6364136223846793005 + big 1442695040888963407;
	x := int ((r.s >> 33) & big 16r7FFFFFFF);
	if(n <= 1)
		return 0;
	return x % n;
}

Unit.leaf(x: array of real): ref Unit
{
	sort(x);
	return ref Unit(nil, x);
}

Unit.group(sub: array of ref Unit): ref Unit
{
	return ref Unit(sub, nil);
}

Unit.nobs(u: self ref Unit): int
{
	if(u.sub == nil)
		return len u.x;
	n := 0;
	for(i := 0; i < len u.sub; i++)
		n += u.sub[i].nobs();
	return n;
}

Unit.leaves(u: self ref Unit): array of ref Unit
{
	if(u.sub == nil)
		return array[] of {u};
	l: list of array of ref Unit;
	n := 0;
	for(i := 0; i < len u.sub; i++){
		s := u.sub[i].leaves();
		l = s :: l;
		n += len s;
	}
	a := array[n] of ref Unit;
	for(; l != nil; l = tl l){
		n -= len hd l;
		a[n:] = hd l;
	}
	return a;
}

# value gives statistic s of a unit: at a leaf, of its observations (t
# is the exceedance threshold); above, the mean of its units' values,
# so that each unit of a level counts once, whatever its size.
Unit.value(u: self ref Unit, s: int, t: real): real
{
	if(u.sub == nil)
		return leafstat(u.x, s, t);
	v := array[len u.sub] of real;
	for(i := 0; i < len u.sub; i++)
		v[i] = u.sub[i].value(s, t);
	return mean(v);
}

# same: the two units hold the same observations in the same shape.
Unit.same(u: self ref Unit, v: ref Unit): int
{
	if((u.sub == nil) != (v.sub == nil))
		return 0;
	if(u.sub == nil){
		if(len u.x != len v.x)
			return 0;
		for(i := 0; i < len u.x; i++)
			if(u.x[i] != v.x[i])
				return 0;
		return 1;
	}
	if(len u.sub != len v.sub)
		return 0;
	for(i := 0; i < len u.sub; i++)
		if(!u.sub[i].same(v.sub[i]))
			return 0;
	return 1;
}

# canon gives what a unit amounts to: a group whose units all amount
# to the same is that one unit, so a layout of two identical boots is
# the same as a layout of one such boot.
Unit.canon(u: self ref Unit): ref Unit
{
	if(u.sub == nil)
		return u;
	c := u.sub[0].canon();
	for(i := 1; i < len u.sub; i++)
		if(!u.sub[i].canon().same(c))
			return u;
	return c;
}

# merge gives the sorted union of sorted arrays, merging pairs in turn.
merge(g: array of array of real): array of real
{
	if(len g == 0)
		return array[0] of real;
	while(len g > 1){
		h := array[(len g + 1)/2] of array of real;
		for(i := 0; i < len g/2; i++)
			h[i] = merge2(g[2*i], g[2*i+1]);
		if(len g & 1)
			h[len h - 1] = g[len g - 1];
		g = h;
	}
	return g[0];
}

merge2(a, b: array of real): array of real
{
	c := array[len a + len b] of real;
	i := 0;
	j := 0;
	k := 0;
	while(i < len a && j < len b)
		if(a[i] <= b[j])
			c[k++] = a[i++];
		else
			c[k++] = b[j++];
	while(i < len a)
		c[k++] = a[i++];
	while(j < len b)
		c[k++] = b[j++];
	return c;
}

median(a: array of real): real
{
	n := len a;
	if(n == 0)
		return 0.0;
	if(n & 1)
		return a[n/2];
	return (a[n/2-1] + a[n/2]) / 2.0;
}

# rank gives the nearest rank (1 to n) of percentile p of n observations;
# the tolerance keeps 99.9% of 1000 at rank 999, not 1000.
rank(n: int, p: real): int
{
	setup();
	x := p * real n / 100.0;
	k := int math->ceil(x - Eps*x);
	if(k < 1)
		k = 1;
	if(k > n)
		k = n;
	return k;
}

# percentile of sorted a: the least observation not below p percent of
# them (nearest rank), as sample(2) defines it.
percentile(a: array of real, p: real): real
{
	if(len a == 0)
		return 0.0;
	return a[rank(len a, p) - 1];
}

# above counts the observations of sorted a greater than t.
above(a: array of real, t: real): int
{
	lo := 0;
	hi := len a;
	while(lo < hi){
		m := (lo+hi)/2;
		if(a[m] <= t)
			lo = m+1;
		else
			hi = m;
	}
	return len a - lo;
}

# atleast counts the observations of sorted a not below t.
atleast(a: array of real, t: real): int
{
	return len a - below(a, t);
}

# mad gives the median absolute deviation from the median of sorted a.
# The deviations below and above the median are each sorted already,
# so one merge orders them.
mad(a: array of real): real
{
	n := len a;
	if(n == 0)
		return 0.0;
	m := median(a);
	d := array[n] of real;
	i := above(a, m);	# a[n-i:] lie above m
	lo := n - i - 1;
	hi := n - i;
	for(k := 0; k < n; k++)
		if(hi >= n || (lo >= 0 && m - a[lo] <= a[hi] - m))
			d[k] = m - a[lo--];
		else
			d[k] = a[hi++] - m;
	return median(d);
}

# mean, taken about the first value, so that equal values give exactly
# that value and no rounding residue.
mean(a: array of real): real
{
	n := len a;
	if(n == 0)
		return 0.0;
	s := 0.0;
	for(i := 1; i < n; i++)
		s += a[i] - a[0];
	return a[0] + s / real n;
}

# var: the sample variance (divisor n-1); 0 for fewer than two values.
var(a: array of real): real
{
	n := len a;
	if(n < 2)
		return 0.0;
	m := mean(a);
	s := 0.0;
	for(i := 0; i < n; i++)
		s += (a[i] - m) * (a[i] - m);
	return s / real (n-1);
}

statname(s: int): string
{
	case s {
	Median =>	return "median";
	P90 =>	return "p90";
	P99 =>	return "p99";
	P999 =>	return "p99.9";
	Max =>	return "max";
	Exceed =>	return "exceedance";
	Dist =>	return "distribution";
	Mean =>	return "mean";
	Tail =>	return "tail";
	Given =>	return "given";
	}
	return "?";
}

quantile(s: int): real
{
	case s {
	Median =>	return 50.0;
	P90 =>	return 90.0;
	P99 =>	return 99.0;
	P999 =>	return 99.9;
	}
	return 100.0;
}

# leafstat gives statistic s of the sorted observations x of one run;
# Exceed is the share of them above t, Tail the share at or above t.
leafstat(x: array of real, s: int, t: real): real
{
	n := len x;
	if(n == 0)
		return 0.0;
	case s {
	Median =>	return median(x);
	P90 or P99 or P999 =>	return percentile(x, quantile(s));
	Max =>	return x[n-1];
	Exceed =>	return real above(x, t) / real n;
	Tail =>	return real atleast(x, t) / real n;
	Mean =>	return mean(x);
	}
	return 0.0;
}

# sampvar estimates the variance of leafstat(x, s, t) over resamples of
# the run's observations, as if they were independent: for a quantile,
# the square of half the distance between the order statistics one
# binomial standard deviation of rank either side of it; for the
# greatest, the exact bootstrap variance (the resample's maximum is x[j]
# with probability (j/n)^n - ((j-1)/n)^n); for a rate, p(1-p)/n.
sampvar(x: array of real, s: int, t: real): real
{
	setup();
	n := len x;
	if(n < 2)
		return 0.0;
	case s {
	Median or P90 or P99 or P999 =>
		q := quantile(s) / 100.0;
		k := rank(n, 100.0*q);
		h := int math->ceil(math->sqrt(real n * q * (1.0-q)));
		lo := k - h;
		if(lo < 1)
			lo = 1;
		hi := k + h;
		if(hi > n)
			hi = n;
		se := (x[hi-1] - x[lo-1]) / 2.0;
		return se*se;
	Max =>
		m := 0.0;
		m2 := 0.0;
		prev := 1.0;
		for(j := n-1; j >= 1 && prev > 1e-12; j--){
			f := math->exp(real n * math->log(real j / real n));
			w := prev - f;
			m += w * x[j];
			m2 += w * x[j] * x[j];
			prev = f;
		}
		m += prev * x[0];
		m2 += prev * x[0] * x[0];
		v := m2 - m*m;
		if(v < 0.0)
			v = 0.0;
		return v;
	Exceed or Tail =>
		p := leafstat(x, s, t);
		return p * (1.0-p) / real n;
	Mean =>
		return var(x) / real n;
	}
	return 0.0;
}

# choose gives the binomial coefficient as a real.
choose(n, k: int): real
{
	if(k < 0 || k > n)
		return 0.0;
	if(k > n-k)
		k = n-k;
	c := 1.0;
	for(i := 1; i <= k; i++)
		c = c * real (n-k+i) / real i;
	return c;
}

#
# Distributions
#

# betainc gives the regularized incomplete beta function I_x(a, b), by
# its continued fraction (evaluated by the modified Lentz method), on the
# side of (a+1)/(a+b+2) where it converges fast.
betainc(x, a, b: real): real
{
	setup();
	if(x <= 0.0)
		return 0.0;
	if(x >= 1.0)
		return 1.0;
	if(x > (a+1.0)/(a+b+2.0))
		return 1.0 - betainc(1.0-x, b, a);
	(nil, la) := math->lgamma(a);
	(nil, lb) := math->lgamma(b);
	(nil, lab) := math->lgamma(a+b);
	front := math->exp(a*math->log(x) + b*math->log(1.0-x) - (la+lb-lab)) / a;
	tiny := 1e-300;
	f := 1.0;
	c := 1.0;
	d := 0.0;
	for(i := 0; i <= 400; i++){
		m := real (i/2);
		num: real;
		if(i == 0)
			num = 1.0;
		else if(i & 1)
			num = -((a+m)*(a+b+m)*x) / ((a+2.0*m)*(a+2.0*m+1.0));
		else
			num = (m*(b-m)*x) / ((a+2.0*m-1.0)*(a+2.0*m));
		d = 1.0 + num*d;
		if(math->fabs(d) < tiny)
			d = tiny;
		d = 1.0/d;
		c = 1.0 + num/c;
		if(math->fabs(c) < tiny)
			c = tiny;
		cd := c*d;
		f *= cd;
		if(math->fabs(1.0-cd) < 1e-15)
			break;
	}
	return front * (f - 1.0);
}

# tcdf gives P(T <= t) for Student's t with df degrees of freedom.
tcdf(t, df: real): real
{
	p := 0.5 * betainc(df/(df+t*t), df/2.0, 0.5);
	if(t > 0.0)
		return 1.0 - p;
	return p;
}

# tquantile inverts tcdf by bisection.
tquantile(p, df: real): real
{
	if(p == 0.5)
		return 0.0;
	if(p < 0.5)
		return -tquantile(1.0-p, df);
	lo := 0.0;
	hi := 1.0;
	while(tcdf(hi, df) < p && hi < 1e12)
		hi *= 2.0;
	for(i := 0; i < 200 && hi-lo > 1e-12*hi; i++){
		m := (lo+hi)/2.0;
		if(tcdf(m, df) < p)
			lo = m;
		else
			hi = m;
	}
	return (lo+hi)/2.0;
}

#
# Anderson-Darling k-sample test: F. W. Scholz and M. A. Stephens,
# "K-sample Anderson-Darling tests", JASA 82 (1987) 918-924.
#

# adk gives, for samples g (unsorted), the statistic A2akN of Scholz and
# Stephens (their eq. 7, for samples with ties, midranks), its
# standardized form T = (A2 - (k-1)) / sigma (their eq. 4), and the
# asymptotic p-value of T interpolated in their table (adp).
adk(g: array of array of real): (real, real, real)
{
	setup();
	k := len g;
	s := array[k] of array of real;
	for(i := 0; i < k; i++){
		s[i] = array[len g[i]] of real;
		s[i][0:] = g[i];
		sort(s[i]);
	}
	z := merge(s);
	N := len z;
	if(k < 2 || N < 4)
		return (0.0, 0.0, 1.0);
	# distinct values and the count of each sample at each
	nd := 0;
	for(j := 0; j < N; j++)
		if(j == 0 || z[j] != z[j-1])
			nd++;
	zd := array[nd] of real;
	nd = 0;
	for(j = 0; j < N; j++)
		if(j == 0 || z[j] != z[j-1])
			zd[nd++] = z[j];
	f := array[k] of array of int;
	for(i = 0; i < k; i++){
		f[i] = array[nd] of {* => 0};
		j = 0;
		for(m := 0; m < len s[i]; m++){
			while(zd[j] < s[i][m])
				j++;
			f[i][j]++;
		}
	}
	a2 := 0.0;
	for(i = 0; i < k; i++){
		ni := real len s[i];
		if(ni == 0.0)
			continue;
		sum := 0.0;
		b := 0.0;
		mi := 0.0;
		for(j = 0; j < nd; j++){
			l := 0.0;
			for(m := 0; m < k; m++)
				l += real f[m][j];
			ba := b + l/2.0;
			ma := mi + real f[i][j]/2.0;
			den := ba*(real N - ba) - real N*l/4.0;
			if(den > 0.0){
				x := real N*ma - ni*ba;
				sum += l * x*x / den;
			}
			b += l;
			mi += real f[i][j];
		}
		a2 += sum / ni;
	}
	a2 *= real (N-1) / (real N * real N);
	sigma := math->sqrt(advar(s, N));
	t := (a2 - real (k-1)) / sigma;
	return (a2, t, adp(k-1, t));
}

# advar is the variance of A2kN under the null, Scholz and Stephens' (4).
advar(s: array of array of real, N: int): real
{
	k := real len s;
	H := 0.0;
	for(i := 0; i < len s; i++)
		if(len s[i] > 0)
			H += 1.0 / real len s[i];
	# h = sum 1/i, i < N; g = sum over i < j < N of 1/((N-i) j)
	h := 0.0;
	for(i = 1; i < N; i++)
		h += 1.0 / real i;
	g := 0.0;
	hi := 0.0;	# sum 1/j, j <= i
	for(i = 1; i <= N-2; i++){
		hi += 1.0 / real i;
		g += (h - hi) / real (N-i);
	}
	a := (4.0*g - 6.0)*(k - 1.0) + (10.0 - 6.0*g)*H;
	b := (2.0*g - 4.0)*k*k + 8.0*h*k + (2.0*g - 14.0*h - 4.0)*H - 8.0*h + 4.0*g - 6.0;
	c := (6.0*h + 2.0*g - 2.0)*k*k + (4.0*h - 4.0*g + 6.0)*k + (2.0*h - 6.0)*H + 4.0*h;
	d := (2.0*h + 6.0)*k*k - 4.0*h*k;
	n := real N;
	return (a*n*n*n + b*n*n + c*n + d) / ((n-1.0)*(n-2.0)*(n-3.0));
}

# The critical values of T at levels 0.25, 0.10, 0.05, 0.025 and 0.01,
# as b0 + b1/sqrt(m) + b2/m with m = k-1 (Scholz and Stephens, Table 1
# and the interpolation they give beneath it).
adlev := array[] of {0.25, 0.10, 0.05, 0.025, 0.01};
adb0 := array[] of {0.675, 1.281, 1.645, 1.960, 2.326};
adb1 := array[] of {-0.245, 0.250, 0.678, 1.149, 1.822};
adb2 := array[] of {-0.105, -0.305, -0.362, -0.391, -0.396};

adcrit(m: int, alpha: real): real
{
	setup();
	for(i := 0; i < len adlev; i++)
		if(math->fabs(adlev[i] - alpha) < 1e-9)
			return adb0[i] + adb1[i]/math->sqrt(real m) + adb2[i]/real m;
	return -1.0;
}

# adp interpolates log(alpha) linearly in the critical values of T,
# extrapolating from the nearest pair outside 0.25..0.01.
adp(m: int, t: real): real
{
	setup();
	n := len adlev;
	i := 0;
	while(i < n-2 && t > adcrit(m, adlev[i+1]))
		i++;
	c0 := adcrit(m, adlev[i]);
	c1 := adcrit(m, adlev[i+1]);
	l0 := math->log(adlev[i]);
	l1 := math->log(adlev[i+1]);
	p := math->exp(l0 + (t - c0) * (l1 - l0) / (c1 - c0));
	if(p > 1.0)
		p = 1.0;
	return p;
}

#
# The comparison
#

# compare compares the statistics sel of sides a and b, whose units are
# the top level of their samples (boots).  Each statistic of a side is
# the mean of its units' values; the difference b - a is studentized
# with Welch's standard error over units.  Its null distribution comes
# from the arrangements of the unit labels: every one of the
# choose(ka+kb, ka) when there are no more than maxarr, else the
# observed one and maxarr-1 drawn at random.  Under the null hypothesis
# that the side a unit came from does not matter, every arrangement is
# as likely as the observed one (and exactly so when the order of the
# boots was randomized), so the test holds its level whatever the
# dependence within a unit.  The studentized form keeps it honest when
# the sides differ in spread only (Janssen 1997; Chung and Romano 2013).
#
# Exceed is the share of each unit's observations above the mean p99 of
# the units labelled a, recomputed in each arrangement so that the
# threshold follows the labels; Tail is the share at or above th[j], a
# fixed threshold (a rung of the ladder of fixed thresholds).  Dist is
# the two-sample Anderson-Darling A2akN of all observations of each
# side, on exact values or, beyond Gmax distinct values, on bins finer
# in the tails; only its permutation p-value is used.
#
# Several statistics per comparison would each be wrong 5% of the time;
# the p-values are adjusted by the single-step minP method of Westfall
# and Young (1993, Algorithm 2.8) over the same arrangements: the
# adjusted p of a statistic is the share of arrangements whose least
# p-value over all the statistics is no greater than its own, so the
# chance that any of them is called different when none is stays below
# 1-conf.  The interval of each difference is d +- c*se, with c the
# studentized value at which that statistic's p reaches the family's
# critical level: the intervals hold together, and one excludes zero
# exactly when its adjusted p is below 1-conf.
#
# When at least two units on each side and all units of each side hold
# identical observations (as under a deterministic clock; units that
# differ only in how many identical units they hold count as identical)
# the sample has no variation to test against: the comparison is exact,
# if det says that such units are one deterministic observation repeated
# (the boots of one layout under icount).  Units that are draws of
# something that varies (layouts) and happen to agree are evidence like
# any other: the test goes on, and its design bounds what they show.
#
# A Given statistic j is the mean of other units, xa[j] and xb[j],
# parallel to a and b (the same number of top-level units, in the same
# order), such as a run's count of delays of one cause.
#
# With prim >= 0 the statistics are tested in a fixed sequence
# (hierarchical, or serial gatekeeping: Maurer, Hothorn and Lehmacher
# 1995; Westfall and Krishen 2001): statistic prim, the primary, alone
# at the full level 1-conf, with its own permutation p; the others, a
# second family adjusted together by minP, only when the primary
# differs (c.gate).  The family-wise error stays below 1-conf: while
# the primary's hypothesis holds, any false claim needs the primary's
# false one, whose chance is 1-conf; once it is false, only the second
# family can err, and minP holds that family to 1-conf.  Nothing is
# spent on the others before the primary speaks, so a design whose
# least p is 2/252 (five boots a side) can answer however many
# statistics follow, which minP over all of them (twenty: a floor near
# 0.07) never could.  When the primary does not differ the others' p
# are exploratory and nothing may be claimed of them.
compare(a, b: array of ref Unit, sel: array of int, th: array of real,
	xa, xb: array of array of ref Unit, det: int, prim: int,
	conf: real, maxarr: int, r: ref Rand): ref Cmp
{
	setup();
	ka := len a;
	kb := len b;
	K := ka + kb;
	J := len sel;
	u := array[K] of ref Unit;
	u[0:] = a;
	u[ka:] = b;
	if(prim < 0 || prim >= J || J == 1 || sel[prim] == Dist)
		prim = -1;
	c := ref Cmp(0, 0, 1.0, 1.0, 1.0, 0, conf, prim, 1, array[J] of ref Diff);
	val := array[J] of array of real;
	for(j := 0; j < J; j++)
		case sel[j] {
		Exceed or Dist =>
			;
		Tail =>
			val[j] = values(u, Tail, th[j]);
		Given =>
			x := array[K] of ref Unit;
			x[0:] = xa[j];
			x[ka:] = xb[j];
			val[j] = values(x, Mean, 0.0);
		* =>
			val[j] = values(u, sel[j], 0.0);
		}
	p99 := values(u, P99, 0.0);
	dist: ref Bins;
	for(j = 0; j < J; j++)
		if(sel[j] == Dist)
			dist = bins(u);
	c.exact = det && ka >= 2 && kb >= 2;
	(ca, cb) := (u[0].canon(), u[ka].canon());
	for(i := 1; c.exact && i < ka; i++)
		if(!u[i].canon().same(ca))
			c.exact = 0;
	for(i = ka+1; c.exact && i < K; i++)
		if(!u[i].canon().same(cb))
			c.exact = 0;

	(arr, all) := arrangements(ka, kb, maxarr, r);
	R := len arr;
	c.narr = R;
	c.all = all;
	tv := array[J] of array of real;
	for(j = 0; j < J; j++)
		tv[j] = array[R] of real;
	ex := array[K] of real;
	for(k := 0; k < R; k++){
		lab := arr[k];
		t := sidemean(p99, lab, 0);
		for(j = 0; j < J; j++){
			s := sel[j];
			ma, mb, se, ts: real;
			case s {
			Exceed =>
				for(i = 0; i < K; i++)
					ex[i] = u[i].value(Exceed, t);
				(ma, mb, se, ts) = welch(ex, lab);
			Dist =>
				ts = a2bins(dist, lab);
				(ma, mb, se) = (0.0, 0.0, 0.0);
			* =>
				(ma, mb, se, ts) = welch(val[j], lab);
			}
			tv[j][k] = math->fabs(ts);
			if(k == 0){
				d := mb - ma;
				if(s == Dist)
					d = ts;
				c.d[j] = ref Diff(s, ma, mb, d, se, 1.0, 0.0, ts, 1.0, 1.0, 0.0);
				if(s == Exceed)
					c.d[j].thresh = t;
				else if(s == Tail)
					c.d[j].thresh = th[j];
			}
		}
	}
	if(c.exact){
		for(j = 0; j < J; j++){
			x := c.d[j];
			if(x.d != 0.0)
				(x.p, x.padj) = (0.0, 0.0);
			(x.lo, x.hi) = (x.d, x.d);
			if(x.stat == Dist)
				(x.lo, x.hi) = (1.0, 0.0);
		}
		c.pmin = 0.0;
		c.pdata = 0.0;
		c.pfloor = 0.0;
		return c;
	}
	if(prim < 0)
		minpadjust(c, tv, nil, R);
	else{
		# the primary alone, then the others as one family
		(t1, t2) := (array[1] of array of real, array[J-1] of array of real);
		(d1, d2) := (array[1] of ref Diff, array[J-1] of ref Diff);
		k := 0;
		for(j = 0; j < J; j++)
			if(j == prim)
				(t1[0], d1[0]) = (tv[j], c.d[j]);
			else
				(t2[k], d2[k++]) = (tv[j], c.d[j]);
		minpadjust(c, t2, d2, R);
		minpadjust(c, t1, d1, R);	# the primary's floor is the design's
		c.gate = c.d[prim].p <= 1.0 - conf;
	}
	# a two-sided test cannot tell the observed arrangement from its
	# mirror: the least p it can give is 2/choose(K, ka) when ka == kb
	c.pmin = 1.0 / real R;
	if(c.all)
		c.pmin = leastp(ka, kb);
	if(c.pmin > c.pdata)
		c.pdata = c.pmin;
	if(c.pdata > c.pfloor)
		c.pfloor = c.pdata;
	return c;
}

# differs says whether statistic j of c is found different at c.conf:
# an exact difference that is not zero; else an adjusted p at or below
# 1-conf, in a design whose least p allows it, and in a fixed sequence
# the primary, or another once the primary differs.
Cmp.differs(c: self ref Cmp, j: int): int
{
	x := c.d[j];
	alpha := 1.0 - c.conf;
	if(c.exact)
		return x.padj <= alpha;
	if(c.pmin > alpha || (!c.gate && j != c.prim))
		return 0;
	return x.padj <= alpha && x.padj < 1.0;
}

# minpadjust sets the p-values, adjusted p-values and intervals of the
# differences dd (all of c's when nil), one family, from tv, their
# absolute studentized statistics in each arrangement (arrangement 0
# the observed one), and c's floors from them.
minpadjust(c: ref Cmp, tv: array of array of real, dd: array of ref Diff, R: int)
{
	if(dd == nil)
		dd = c.d;
	J := len tv;
	pm := array[J] of array of real;
	minp := array[R] of {* => 1.0};
	for(j := 0; j < J; j++){
		st := array[R] of real;
		st[0:] = tv[j];
		sort(st);
		pm[j] = array[R] of real;
		for(k := 0; k < R; k++){
			pm[j][k] = real tolatleast(st, tv[j][k]) / real R;
			if(pm[j][k] < minp[k])
				minp[k] = pm[j][k];
		}
	}
	sm := array[R] of real;
	sm[0:] = minp;
	sort(sm);
	c.pdata = sm[0];
	c.pfloor = real tolnotabove(sm, sm[0]) / real R;
	alpha := 1.0 - c.conf;
	pstar := -1.0;	# the family's critical level of single p-values
	for(k := 0; k < R; k++){
		if(real tolnotabove(sm, sm[k]) / real R > alpha)
			break;
		pstar = sm[k];
	}
	for(j = 0; j < J; j++){
		x := dd[j];
		x.p = pm[j][0];
		x.padj = real tolnotabove(sm, x.p) / real R;
		(x.lo, x.hi) = (1.0, 0.0);
		if(pstar < 0.0 || x.stat == Dist)
			continue;
		# the greatest |t| that falls short of the critical level: a
		# difference is declared when |t| exceeds it
		crit := 0.0;
		for(k = 0; k < R; k++)
			if(pm[j][k] > pstar*(1.0+Eps) && tv[j][k] > crit)
				crit = tv[j][k];
		if(x.se > 0.0 && crit > 0.0 && crit < Big)
			(x.lo, x.hi) = (x.d - crit*x.se, x.d + crit*x.se);
		else if(x.padj <= alpha)
			(x.lo, x.hi) = (x.d, x.d);	# every unit of a side agrees
		else if(x.d < 0.0)
			(x.lo, x.hi) = (x.d, 0.0);
		else
			(x.lo, x.hi) = (0.0, x.d);
	}
}

# tolatleast counts the values of sorted a not below v, ties within Eps.
tolatleast(a: array of real, v: real): int
{
	return len a - below(a, v - Eps*v);
}

# tolnotabove counts the values of sorted a not above v, ties within Eps.
tolnotabove(a: array of real, v: real): int
{
	return len a - above(a, v + Eps*v);
}

# below counts the values of sorted a less than v.
below(a: array of real, v: real): int
{
	lo := 0;
	hi := len a;
	while(lo < hi){
		m := (lo+hi)/2;
		if(a[m] < v)
			lo = m+1;
		else
			hi = m;
	}
	return lo;
}

values(u: array of ref Unit, s: int, t: real): array of real
{
	v := array[len u] of real;
	for(i := 0; i < len u; i++)
		v[i] = u[i].value(s, t);
	return v;
}

# sidemean: the mean of the values of the units labelled side.
sidemean(v: array of real, lab: array of int, side: int): real
{
	n := 0;
	for(i := 0; i < len v; i++)
		if(lab[i] == side)
			n++;
	w := array[n] of real;
	n = 0;
	for(i = 0; i < len v; i++)
		if(lab[i] == side)
			w[n++] = v[i];
	return mean(w);
}

# welch gives the means of the two sides' values, the standard error of
# their difference, and the studentized difference (0 when the two are
# equal with no spread, +-Big when they differ with none).
welch(v: array of real, lab: array of int): (real, real, real, real)
{
	setup();
	na := 0;
	for(i := 0; i < len v; i++)
		if(lab[i] == 0)
			na++;
	va := array[na] of real;
	vb := array[len v - na] of real;
	ia := 0;
	ib := 0;
	for(i = 0; i < len v; i++)
		if(lab[i] == 0)
			va[ia++] = v[i];
		else
			vb[ib++] = v[i];
	ma := mean(va);
	mb := mean(vb);
	se := math->sqrt(var(va)/real len va + var(vb)/real len vb);
	d := mb - ma;
	if(se > 0.0)
		return (ma, mb, se, d/se);
	if(d > 0.0)
		return (ma, mb, se, Big);
	if(d < 0.0)
		return (ma, mb, se, -Big);
	return (ma, mb, se, 0.0);
}

# arrangements gives the labellings of ka+kb units, a unit's label 0
# for side a and 1 for b, the observed one (the first ka labelled a)
# first: all of them when there are at most max, else max-1 more drawn
# at random (with replacement, as a Monte Carlo permutation test does).
arrangements(ka, kb, max: int, r: ref Rand): (array of array of int, int)
{
	K := ka + kb;
	if(choose(K, ka) <= real max){
		n := int choose(K, ka);
		arr := array[n] of array of int;
		idx := array[ka] of int;
		for(i := 0; i < ka; i++)
			idx[i] = i;
		for(k := 0; k < n; k++){
			lab := array[K] of {* => 1};
			for(i = 0; i < ka; i++)
				lab[idx[i]] = 0;
			arr[k] = lab;
			# next combination in lexicographic order
			i = ka - 1;
			while(i >= 0 && idx[i] == K - ka + i)
				i--;
			if(i < 0)
				break;
			idx[i]++;
			for(j := i+1; j < ka; j++)
				idx[j] = idx[j-1] + 1;
		}
		return (arr, 1);
	}
	arr := array[max] of array of int;
	perm := array[K] of int;
	for(k := 0; k < max; k++){
		lab := array[K] of {* => 1};
		if(k == 0){
			for(i := 0; i < ka; i++)
				lab[i] = 0;
		}else{
			for(i := 0; i < K; i++)
				perm[i] = i;
			for(i = 0; i < ka; i++){
				j := i + r.rand(K - i);
				(perm[i], perm[j]) = (perm[j], perm[i]);
				lab[perm[i]] = 0;
			}
		}
		arr[k] = lab;
	}
	return (arr, 0);
}

# Bins holds what the Anderson-Darling statistic needs of every
# arrangement: the count of each unit's observations in each bin, and
# the arrangement-free weights of the bins; with fewer units than bins,
# also the statistic's quadratic form in the units (a2bins).
Bins: adt
{
	cnt:	array of array of int;	# [unit][bin]
	n:	array of int;	# observations of each unit
	N:	int;
	ba:	array of real;	# B_aj: observations below bin j, and half of those in it
	w:	array of real;	# l_j / (B_aj (N - B_aj) - N l_j / 4), 0 where that is not positive
	q:	array of array of real;	# [unit][unit]: sum over bins of w_j y_ij y_kj, or nil
};

# bins makes the bins of the observations of all units: each distinct
# value when there are no more than Gmax, else bounds at pooled ranks:
# every 1/1000 of them, and in each tail 50 steps a decade of
# 1/(1-q), so the tails keep their resolution.  Beyond 100000
# observations the ranks are those of every s-th observation of each
# run, with the greatest, which keeps the bins fine enough and the
# memory small; any bins fixed before the labels are arranged give a
# valid test.
bins(u: array of ref Unit): ref Bins
{
	setup();
	lv := allleaves(u);
	N := nall(lv);
	bound := distinct(lv);
	if(bound == nil){
		step := (N + 99999) / 100000;
		g := array[len lv] of array of real;
		for(i := 0; i < len lv; i++){
			x := lv[i].x;
			t := array[(len x + step - 1) / step + 1] of real;
			k := 0;
			for(j := step/2; j < len x; j += step)
				t[k++] = x[j];
			if(len x > 0)
				t[k++] = x[len x - 1];
			g[i] = t[0:k];
		}
		z := merge(g);
		q: list of real;
		for(i = 1; i <= 1000; i++)
			q = real i / 1000.0 :: q;
		top := math->log10(real N);
		for(e := 2.0; e <= top; e += 0.02){
			q = 1.0 - math->pow(10.0, -e) :: q;
			q = math->pow(10.0, -e) :: q;
		}
		b := array[len q + 1] of real;
		for(i = 0; q != nil; q = tl q){
			k := int math->ceil(hd q * real len z);
			if(k < 1)
				k = 1;
			if(k > len z)
				k = len z;
			b[i++] = z[k-1];
		}
		b[i] = z[len z - 1];
		sort(b);
		nd := 0;
		for(i = 0; i < len b; i++)
			if(i == 0 || b[i] != b[i-1])
				b[nd++] = b[i];
		bound = b[0:nd];
	}
	G := len bound;
	B := ref Bins(array[len u] of array of int, array[len u] of int, N, array[G] of real, array[G] of real, nil);
	tot := array[G] of {* => 0};
	for(i := 0; i < len u; i++){
		B.cnt[i] = array[G] of {* => 0};
		ul := u[i].leaves();
		for(j := 0; j < len ul; j++){
			x := ul[j].x;
			k := 0;
			for(m := 0; m < len x; m++){
				while(x[m] > bound[k])
					k++;
				B.cnt[i][k]++;
			}
		}
		B.n[i] = u[i].nobs();
		for(k := 0; k < G; k++)
			tot[k] += B.cnt[i][k];
	}
	cum := 0.0;
	for(k := 0; k < G; k++){
		lk := real tot[k];
		B.ba[k] = cum + lk/2.0;
		den := B.ba[k]*(real N - B.ba[k]) - real N*lk/4.0;
		B.w[k] = 0.0;
		if(den > 0.0)
			B.w[k] = lk / den;
		cum += lk;
	}
	if(len u < G && len u <= Qmax)
		B.q = quadform(B);
	return B;
}

# quadform gives the matrix q of a2bins: y_ij is unit i's term at bin
# j, N (its observations below j and half of those in it) - n_i B_aj,
# so that side a's term there, N M_aj - n_a B_aj, is the sum of its
# units' y_ij, and the sum over bins of w_j times its square is the
# sum of q_ik over pairs of units of side a.  K^2 G / 2 products once,
# against K G for every arrangement.
quadform(B: ref Bins): array of array of real
{
	K := len B.n;
	G := len B.w;
	N := real B.N;
	q := array[K] of array of real;
	for(i := 0; i < K; i++)
		q[i] = array[K] of {* => 0.0};
	cum := array[K] of {* => 0.0};
	y := array[K] of real;
	for(j := 0; j < G; j++){
		for(i = 0; i < K; i++){
			c := real B.cnt[i][j];
			y[i] = N*(cum[i] + c/2.0) - real B.n[i]*B.ba[j];
			cum[i] += c;
		}
		w := B.w[j];
		if(w == 0.0)
			continue;
		for(i = 0; i < K; i++){
			wy := w*y[i];
			if(wy == 0.0)
				continue;
			qi := q[i];
			for(k := i; k < K; k++)
				qi[k] += wy*y[k];
		}
	}
	for(i = 0; i < K; i++)
		for(k := i+1; k < K; k++)
			q[k][i] = q[i][k];
	return q;
}

# distinct gives the distinct values of the leaves l, sorted, or nil if
# there are more than Gmax.
distinct(l: array of ref Unit): array of real
{
	g := array[len l] of array of real;
	for(i := 0; i < len l; i++){
		x := l[i].x;
		d := array[Gmax] of real;
		n := 0;
		for(j := 0; j < len x; j++)
			if(j == 0 || x[j] != x[j-1]){
				if(n == Gmax)
					return nil;
				d[n++] = x[j];
			}
		g[i] = d[0:n];
	}
	z := merge(g);
	n := 0;
	for(i = 0; i < len z; i++)
		if(i == 0 || z[i] != z[i-1])
			z[n++] = z[i];
	if(n > Gmax)
		return nil;
	return z[0:n];
}

# a2bins is A2akN of the two sides of an arrangement: with two samples
# the terms of both are equal, N Ma_bj - n_b Ba_j being minus that of a.
a2bins(B: ref Bins, lab: array of int): real
{
	if(B.q != nil)
		return a2quad(B, lab);
	G := len B.w;
	f := array[G] of {* => 0};
	na := 0;
	for(i := 0; i < len lab; i++){
		if(lab[i] != 0)
			continue;
		na += B.n[i];
		c := B.cnt[i];
		for(k := 0; k < G; k++)
			f[k] += c[k];
	}
	N := real B.N;
	nb := B.N - na;
	if(na == 0 || nb == 0)
		return 0.0;
	s := 0.0;
	m := 0.0;
	for(k := 0; k < G; k++){
		ma := m + real f[k]/2.0;
		x := N*ma - real na*B.ba[k];
		s += B.w[k] * x*x;
		m += real f[k];
	}
	return (N-1.0)/(N*N) * (1.0/real na + 1.0/real nb) * s;
}

# a2quad is a2bins from the quadratic form: ka^2 terms, not ka G.
a2quad(B: ref Bins, lab: array of int): real
{
	ia := array[len lab] of int;
	ka := 0;
	na := 0;
	for(i := 0; i < len lab; i++)
		if(lab[i] == 0){
			ia[ka++] = i;
			na += B.n[i];
		}
	N := real B.N;
	nb := B.N - na;
	if(na == 0 || nb == 0)
		return 0.0;
	s := 0.0;
	for(i = 0; i < ka; i++){
		qi := B.q[ia[i]];
		for(k := 0; k < ka; k++)
			s += qi[ia[k]];
	}
	if(s < 0.0)
		s = 0.0;	# rounding: a sum of squares
	return (N-1.0)/(N*N) * (1.0/real na + 1.0/real nb) * s;
}

#
# Variance
#

# split gives, for each level of a sample (the top first, then each
# level below, the observations last), the standard deviation of the
# median there, its share of the variance of one observation, and the
# standard deviation of the p99s of the level's units about their
# parent's (Kalibera and Jones's S2, sampling noise and all: a p99's
# noise within a run is large, and T2 would hide the spread of the
# tail).  For the median of the levels of units it is the
# square root of Kalibera and Jones's T2 of the median (levels below),
# so that a level is not charged with the sampling noise of the one
# under it; for the observations, the robust spread within a run, the
# mean over leaves of the median absolute deviation times 1.4826 (which
# estimates the standard deviation of normal data).  The variance of
# one observation is taken as the sum of the levels' T2 and the square
# of that spread.  Where a level cannot be told from the one above (it
# has a single unit at the top, or its units never have siblings), the
# standard deviation is -1 and the share 0.  For the observations the
# p99 entry is -1.
split(u: array of ref Unit): (array of real, array of real, array of real)
{
	setup();
	(s2, t2, nil) := levels(u, Median, 0.0);
	(p2, nil, nil) := levels(u, P99, 0.0);
	L := len t2;
	w := 0.0;
	lv := allleaves(u);
	for(i := 0; i < len lv; i++)
		w += 1.4826 * mad(lv[i].x);
	if(len lv > 0)
		w /= real len lv;
	sd := array[L] of {* => -1.0};
	share := array[L] of {* => 0.0};
	p99 := array[L] of {* => -1.0};
	tot := w*w;
	for(i = 0; i < L-1; i++)
		if(s2[i] >= 0.0){
			sd[i] = math->sqrt(t2[i]);
			tot += t2[i];
		}
	sd[L-1] = w;
	for(i = 0; i < L-1; i++)
		if(p2[i] >= 0.0)
			p99[i] = math->sqrt(p2[i]);
	if(tot > 0.0){
		for(i = 0; i < L-1; i++)
			if(sd[i] > 0.0)
				share[i] = t2[i] / tot;
		share[L-1] = w*w / tot;
	}
	return (sd, share, p99);
}

# interval gives the mean of values v (of units at the top of a sample)
# and Student's t interval for it at confidence conf, with len v - 1
# degrees of freedom; with fewer than two values, lo > hi: none.
interval(v: array of real, conf: real): (real, real, real)
{
	setup();
	m := mean(v);
	k := len v;
	if(k < 2)
		return (m, 1.0, 0.0);
	h := tquantile(1.0 - (1.0-conf)/2.0, real (k-1)) * math->sqrt(var(v) / real k);
	return (m, m-h, m+h);
}

# levels estimates the variance of statistic s at each level of a
# sample, after T. Kalibera and R. Jones, "Rigorous benchmarking in
# reasonable time", ISMM 2013 (section 3; the estimators of their
# Appendix, as corrected by the authors).  Level 0 is the top (units,
# such as boots), then each level of units below, then the
# observations.  S2[i] is the mean, over the units of level i-1, of the
# variance of the values of their units at level i (at the top, the
# variance of the units' values); for the observations it is the
# sampling variance of a leaf's statistic times the leaf's size, as the
# within-run variance of the observations is for the mean.  The
# unbiased T2[i] = S2[i] - S2[i+1]/n[i+1] (T2 of the observations is
# S2), n[i] being the mean number of units of level i in one of level
# i-1 (at the top, the number of units; for the observations, the mean
# leaf size).  A level whose units never have a sibling cannot be told
# from the level above it: its S2 is -1 and its T2 0, and the level
# above takes over the one below.  T2 below zero is set to zero.
levels(u: array of ref Unit, s: int, t: real): (array of real, array of real, array of real)
{
	# the units of each level, and the index of each one's parent
	lev: list of array of ref Unit;
	par: list of array of int;
	cur := u;
	pcur := array[len u] of {* => 0};
	depth := 0;
	for(;;){
		lev = cur :: lev;
		par = pcur :: par;
		depth++;
		if(cur[0].sub == nil)
			break;
		n := 0;
		for(i := 0; i < len cur; i++)
			n += len cur[i].sub;
		next := array[n] of ref Unit;
		pn := array[n] of int;
		n = 0;
		for(i = 0; i < len cur; i++)
			for(j := 0; j < len cur[i].sub; j++){
				next[n] = cur[i].sub[j];
				pn[n++] = i;
			}
		cur = next;
		pcur = pn;
	}
	L := depth + 1;
	s2 := array[L] of {* => -1.0};
	t2 := array[L] of {* => 0.0};
	cnt := array[L] of {* => 1.0};
	# observations
	leaves := hd lev;
	so := 0.0;
	no := 0.0;
	for(i := 0; i < len leaves; i++){
		so += real len leaves[i].x * sampvar(leaves[i].x, s, t);
		no += real len leaves[i].x;
	}
	s2[L-1] = so / real len leaves;
	cnt[L-1] = no / real len leaves;
	# the levels of units, from the leaves up
	for(d := depth-1; d >= 0; d--){
		units := hd lev;
		pu := hd par;
		lev = tl lev;
		par = tl par;
		v := values(units, s, t);
		if(d == 0){
			cnt[0] = real len units;
			if(len units > 1)
				s2[0] = var(v);
			continue;
		}
		np := pu[len pu - 1] + 1;
		cnt[d] = real len units / real np;
		sum := 0.0;
		ng := 0;
		for(i = 0; i < len units; ){
			j := i;
			while(j < len units && pu[j] == pu[i])
				j++;
			if(j - i > 1){
				sum += var(v[i:j]);
				ng++;
			}
			i = j;
		}
		if(ng > 0)
			s2[d] = sum / real ng;
	}
	# unbiased estimates, each level less its share of the one below
	below := L-1;
	t2[L-1] = s2[L-1];
	for(d = L-2; d >= 0; d--){
		if(s2[d] < 0.0)
			continue;
		x := s2[d] - s2[below] / cnt[below];
		if(x < 0.0)
			x = 0.0;
		t2[d] = x;
		below = d;
	}
	return (s2, t2, cnt);
}

# optreps gives the number of repetitions at a level that minimizes the
# cost of a given precision (Kalibera and Jones, section 3.3): with T2
# and cost of one repetition at the level above (hi) and at this one
# (lo), ceil(sqrt(chi T2lo / (clo T2hi))).  When the level above shows
# no variance it gives -1 (repeat here as much as it is worth).
optreps(t2hi, t2lo, chi, clo: real): int
{
	setup();
	if(t2lo <= 0.0)
		return 1;
	if(t2hi <= 0.0 || clo <= 0.0)
		return -1;
	r := int math->ceil(math->sqrt(chi * t2lo / (clo * t2hi)) - Eps);
	if(r < 1)
		r = 1;
	return r;
}

# plan gives the number of top-level units a side needs for the
# interval of a difference of two sides, each measured alike, to have
# half-width h at confidence conf, when the value of one unit varies
# with variance v: the difference of the means of k units a side has
# variance 2v/k, and the half-width is Student's t with 2k-2 degrees of
# freedom times its square root.  It gives at least kmin, and -1 beyond
# 100000 units.  The half-width falls as k grows, so a doubling search
# and a bisection find the least k.
plan(v, conf, h: real, kmin: int): int
{
	if(kmin < 2)
		kmin = 2;
	if(v <= 0.0 || halfwidth(v, conf, kmin) <= h)
		return kmin;
	lo := kmin;	# too few
	hi := 2*kmin;
	while(halfwidth(v, conf, hi) > h){
		if(hi >= 100000)
			return -1;
		lo = hi;
		hi *= 2;
		if(hi > 100000)
			hi = 100000;
	}
	while(hi - lo > 1){
		m := (lo+hi)/2;
		if(halfwidth(v, conf, m) > h)
			lo = m;
		else
			hi = m;
	}
	return hi;
}

halfwidth(v, conf: real, k: int): real
{
	setup();
	return tquantile(1.0 - (1.0-conf)/2.0, real (2*k-2)) * math->sqrt(2.0*v/real k);
}

# mink gives the least number of units a side for which the permutation
# test over nstat statistics can reach level alpha whatever the data:
# the observed arrangement and its mirror are the two most extreme of
# choose(2k, k), and in the worst case each statistic has its own pair
# (minP counts every arrangement where some statistic is at its most
# extreme).  With nstat 1 it is the least design that can reach alpha at
# all, when the statistics' most extreme arrangements coincide; with the
# number of pairs a comparison's data showed, the least that those data
# would have needed.
mink(nstat: int, alpha: real): int
{
	if(nstat < 1)
		nstat = 1;
	for(k := 2; k < 50; k++)
		if(2.0 * real nstat / choose(2*k, k) <= alpha)
			return k;
	return 50;
}

# delays gives, of the observations x of a run (in the order taken)
# that are delays, at or above t: how many cause c took the most of
# (main[i] == c), and the time c took of them all (took[i], c's share of
# observation i, in x's unit).  A run's counts and times of delays by
# cause are statistics of the run like its p99, for compare's Given.
delays(x: array of real, main: array of int, took: array of real, c: int, t: real): (int, real)
{
	n := 0;
	s := 0.0;
	for(i := 0; i < len x; i++)
		if(x[i] >= t){
			if(main[i] == c)
				n++;
			s += took[i];
		}
	return (n, s);
}

# separation says how well the values v of ka+kb units (ka of one
# side) could split into two sides, blind to which unit is which: the
# studentized difference (Welch) between the ka greatest and the kb
# least, or the kb greatest and the ka least, whichever is larger.
# Values that are shares of n observations a unit (a count of delays
# divided by n; n 0: not shares) are taken as counts on the scale
# log(1+count), which steadies their spread (boots of one kernel differ
# in their counts by a factor more than by a difference), with at least
# the spread a Poisson count has there at its mean m, m/(1+m)^2, so
# that a rare event (one delay in half the boots, none in the others)
# does not split perfectly.
#
# A statistic chosen by a function of the pooled units alone is as good
# as one declared beforehand: the permutation test conditions on the
# pooled units, and under the null every arrangement of their labels
# stays as likely as the one observed, whatever was chosen from the
# pool (the same argument that lets a filter on pooled variance precede
# a test: Bourgon, Gentleman and Huber 2010).  bcmp takes as primary the
# candidate with the greatest separation.
separation(v: array of real, ka: int, n: real): real
{
	setup();
	K := len v;
	if(ka < 1 || ka >= K)
		return 0.0;
	w := array[K] of real;
	for(i := 0; i < K; i++){
		w[i] = v[i];
		if(n > 0.0)
			w[i] = math->log1p(v[i]*n);
	}
	sort(w);
	s := split2(w[0:K-ka], w[K-ka:], n > 0.0);
	t := split2(w[0:ka], w[ka:], n > 0.0);
	if(t > s)
		return t;
	return s;
}

# split2: Welch's t between sorted lo and hi, on log(1+count) with
# Poisson's least spread when counts
split2(lo, hi: array of real, counts: int): real
{
	(ml, mh) := (mean(lo), mean(hi));
	(vl, vh) := (var(lo), var(hi));
	if(counts){
		vl = math->fmax(vl, poisvar(lo));
		vh = math->fmax(vh, poisvar(hi));
	}
	se := math->sqrt(vl/real len lo + vh/real len hi);
	d := mh - ml;
	if(se > 0.0)
		return d/se;
	if(d > 0.0)
		return Big;
	return 0.0;
}

# poisvar: the variance of log(1+X), X Poisson at the mean count of w
# (on that scale), by the delta method: m/(1+m)^2
poisvar(w: array of real): real
{
	m := 0.0;
	for(i := 0; i < len w; i++)
		m += math->expm1(w[i]);
	m /= real len w;
	return m / ((1.0+m)*(1.0+m));
}

# leastp gives the least p-value the arrangements of ka and kb unit
# labels allow: one in choose(ka+kb, ka), or two when ka = kb, since a
# two-sided test cannot tell an arrangement from its mirror.
leastp(ka, kb: int): real
{
	p := 1.0 / choose(ka+kb, ka);
	if(ka == kb)
		p *= 2.0;
	if(p > 1.0)
		p = 1.0;
	return p;
}

# timeunit gives the nanoseconds in a time unit, 0 for anything else.
timeunit(s: string): real
{
	case s {
	"ns" =>	return 1.0;
	"us" =>	return 1e3;
	"ms" =>	return 1e6;
	"s" =>	return 1e9;
	}
	return 0.0;
}

# threshold reads a threshold such as 1ms, 500us or 2.5 (a bare number
# is in the test's own unit) and gives it in unit, the test's unit, or
# an error: not a number, a unit not known, or a time for a test that
# does not measure time.
threshold(s, unit: string): (real, string)
{
	n := numprefix(s);
	if(n == 0)
		return (0.0, "bad threshold " + s + ": want a number and a unit, such as 1ms");
	v := real s[0:n];
	u := s[n:];
	if(u == nil || u == unit)
		return (v, nil);
	f := timeunit(u);
	if(f == 0.0)
		return (0.0, "bad threshold " + s + ": unknown unit " + u + " (want ns, us, ms or s)");
	g := timeunit(unit);
	if(g == 0.0){
		if(unit == nil)
			return (0.0, "threshold " + s + " is a time, but the test gives no unit");
		return (0.0, "threshold " + s + " is a time, but the test measures in " + unit);
	}
	return (v * f / g, nil);
}

# numprefix gives the length of the number that starts s:
# [+-]digits[.digits][e[+-]digits], or with digits only after the point.
numprefix(s: string): int
{
	i := 0;
	n := len s;
	if(i < n && (s[i] == '+' || s[i] == '-'))
		i++;
	d := 0;
	for(; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		d++;
	if(i < n && s[i] == '.')
		for(i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			d++;
	if(d == 0)
		return 0;
	if(i+1 < n && (s[i] == 'e' || s[i] == 'E')){
		j := i+1;
		if(j < n && (s[j] == '+' || s[j] == '-'))
			j++;
		e := 0;
		for(; j < n && s[j] >= '0' && s[j] <= '9'; j++)
			e++;
		if(e > 0)
			i = j;
	}
	return i;
}

# ladder gives the default Tail thresholds of a test measured in a time
# unit, in that unit: 10 us, 100 us, 1 ms and 5 ms, whatever the unit,
# since what they catch (host jitter, a preemption, a clock tick of 10
# ms waited out) takes its time whatever the test measures; nil for a
# unit that is not a time.
ladder(unit: string): array of real
{
	g := timeunit(unit);
	if(g == 0.0)
		return nil;
	ns := array[] of {1e4, 1e5, 1e6, 5e6};
	r := array[len ns] of real;
	for(i := 0; i < len ns; i++)
		r[i] = ns[i] / g;
	return r;
}

# histogram counts the observations of two samples in nbin equal bins
# spanning the least observation of either to the greater of their 99th
# percentiles, and in an extra last bin everything above that.  Whole
# numbers spanning fewer than nbin values get a bin each.  It returns
# the bin edges (the last is the top of the range; above it is the
# extra bin) and the nbin+1 counts of each sample.
histogram(a, b: array of ref Unit, nbin: int): (array of real, array of int, array of int)
{
	if(nbin < 1)
		nbin = 1;
	la := allleaves(a);
	lb := allleaves(b);
	lo := Big;
	for(i := 0; i < len la; i++)
		if(len la[i].x > 0 && la[i].x[0] < lo)
			lo = la[i].x[0];
	for(i = 0; i < len lb; i++)
		if(len lb[i].x > 0 && lb[i].x[0] < lo)
			lo = lb[i].x[0];
	hi := lo;
	na := nall(la);
	nb := nall(lb);
	if(na > 0 && order(la, rank(na, 99.0)) > hi)
		hi = order(la, rank(na, 99.0));
	if(nb > 0 && order(lb, rank(nb, 99.0)) > hi)
		hi = order(lb, rank(nb, 99.0));
	w := (hi - lo) / real nbin;
	if(whole(la) && whole(lb) && hi - lo < real nbin){
		nbin = int (hi - lo) + 1;
		w = 1.0;
	}else if(hi == lo){
		nbin = 1;
		w = 1.0;
	}
	edge := array[nbin+1] of real;
	for(i = 0; i < nbin; i++)
		edge[i] = lo + w * real i;
	edge[nbin] = hi;
	return (edge, bin(la, edge), bin(lb, edge));
}

allleaves(u: array of ref Unit): array of ref Unit
{
	return Unit.group(u).leaves();
}

nall(l: array of ref Unit): int
{
	n := 0;
	for(i := 0; i < len l; i++)
		n += len l[i].x;
	return n;
}

# order gives the k-th least (from 1) of all the observations of the
# leaves l: for each leaf, the least of its observations that has k
# of all at or below it, and of those the least.
order(l: array of ref Unit, k: int): real
{
	v := Big;
	for(i := 0; i < len l; i++){
		x := l[i].x;
		lo := 0;
		hi := len x;
		while(lo < hi){
			m := (lo+hi)/2;
			if(notabove1(l, x[m]) >= k)
				hi = m;
			else
				lo = m+1;
		}
		if(lo < len x && x[lo] < v)
			v = x[lo];
	}
	return v;
}

notabove1(l: array of ref Unit, v: real): int
{
	n := 0;
	for(i := 0; i < len l; i++)
		n += len l[i].x - above(l[i].x, v);
	return n;
}

whole(l: array of ref Unit): int
{
	setup();
	for(i := 0; i < len l; i++){
		x := l[i].x;
		for(j := 0; j < len x; j++)
			if(math->floor(x[j]) != x[j])
				return 0;
	}
	return 1;
}

# bin counts the observations of the leaves l in the bins of edge: from
# each edge to the next, the last regular bin up to and with the top
# edge, and above that one more.
bin(l: array of ref Unit, edge: array of real): array of int
{
	nbin := len edge - 1;
	c := array[nbin+1] of {* => 0};
	for(i := 0; i < len l; i++){
		x := l[i].x;
		prev := 0;
		for(k := 1; k < nbin; k++){
			b := below(x, edge[k]);
			c[k-1] += b - prev;
			prev = b;
		}
		top := len x - above(x, edge[nbin]);
		c[nbin-1] += top - prev;
		c[nbin] += len x - top;
	}
	return c;
}

# sort sorts a in place: quicksort with a median-of-three pivot and a
# three-way partition (timings repeat values), recursing on the smaller
# part, and insertion sort for short runs.
sort(a: array of real)
{
	qsort(a, 0, len a);
}

qsort(a: array of real, lo, hi: int)
{
	while(hi - lo > 12){
		x := a[lo];
		y := a[lo + (hi-lo)/2];
		z := a[hi-1];
		p := y;
		if(x < y){
			if(z < x)
				p = x;
			else if(z < y)
				p = z;
		}else{
			if(z > x)
				p = x;
			else if(z > y)
				p = z;
		}
		lt := lo;
		gt := hi;
		i := lo;
		while(i < gt){
			v := a[i];
			if(v < p){
				a[i++] = a[lt];
				a[lt++] = v;
			}else if(v > p){
				a[i] = a[--gt];
				a[gt] = v;
			}else
				i++;
		}
		if(lt - lo < hi - gt){
			qsort(a, lo, lt);
			lo = gt;
		}else{
			qsort(a, gt, hi);
			hi = lt;
		}
	}
	for(i := lo+1; i < hi; i++){
		v := a[i];
		for(j := i; j > lo && a[j-1] > v; j--)
			a[j] = a[j-1];
		a[j] = v;
	}
}

# pearson is Pearson's product-moment correlation of the pairs
# (x[i], y[i]), the first min(len x, len y) of them; ok is 0 when it is
# undefined: fewer than two pairs, or either side constant.  The sums
# are of deviations from the means, so large offsets lose no digits.
pearson(x, y: array of real): (real, int)
{
	setup();
	n := len x;
	if(len y < n)
		n = len y;
	if(n < 2)
		return (0.0, 0);
	mx := mean(x[0:n]);
	my := mean(y[0:n]);
	sxy := 0.0;
	sxx := 0.0;
	syy := 0.0;
	for(i := 0; i < n; i++){
		dx := x[i] - mx;
		dy := y[i] - my;
		sxy += dx * dy;
		sxx += dx * dx;
		syy += dy * dy;
	}
	if(sxx == 0.0 || syy == 0.0)
		return (0.0, 0);
	r := sxy / math->sqrt(sxx * syy);
	if(r > 1.0)
		r = 1.0;
	if(r < -1.0)
		r = -1.0;
	return (r, 1);
}

# spearman is Spearman's rank correlation: Pearson's of the ranks, tied
# values sharing their mean rank.
spearman(x, y: array of real): (real, int)
{
	n := len x;
	if(len y < n)
		n = len y;
	return pearson(ranks(x[0:n]), ranks(y[0:n]));
}

# ranks gives each value of a its rank, 1 to len a, ties their mean rank.
ranks(a: array of real): array of real
{
	n := len a;
	s := array[n] of real;
	s[0:] = a;
	sort(s);
	r := array[n] of real;
	for(i := 0; i < n; i++){
		lo := 0;
		hi := n;
		while(lo < hi){		# first of s not below a[i]
			m := (lo + hi) / 2;
			if(s[m] < a[i])
				lo = m + 1;
			else
				hi = m;
		}
		j := lo;
		while(j < n && s[j] == a[i])
			j++;
		r[i] = real (lo + 1 + j) / 2.0;	# mean of ranks lo+1 .. j
	}
	return r;
}
