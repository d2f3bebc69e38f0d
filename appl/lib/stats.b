implement Stats;

# stats -- the statistics of a comparison: bootstrap intervals of the
# median, the Mann-Whitney U test, and the split of the variance
# between boots and within them.
#
# Timings are not normal: they have a floor, a long right tail and
# outliers, so everything here rests on ranks and order statistics.
# Boots matter too: memory layout changes from boot to boot and moves
# every observation of a boot together, so the bootstrap resamples
# boots first and observations within each chosen boot second.  With
# one boot it is the ordinary bootstrap.

include "sys.m";
	sys: Sys;
include "math.m";
	math: Math;
include "stats.m";

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

pool(g: array of array of real): array of real
{
	n := 0;
	for(i := 0; i < len g; i++)
		n += len g[i];
	a := array[n] of real;
	n = 0;
	for(i = 0; i < len g; i++){
		a[n:] = g[i];
		n += len g[i];
	}
	return a;
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

# percentile of sorted a: the least observation not below p percent of
# them (nearest rank), as sample(2) defines it.
percentile(a: array of real, p: real): real
{
	setup();
	n := len a;
	if(n == 0)
		return 0.0;
	k := int math->ceil(p * real n / 100.0);
	if(k < 1)
		k = 1;
	if(k > n)
		k = n;
	return a[k-1];
}

# bootmedians gives nboot medians of resamples of g, in the order drawn.
# Each resample draws len g boots with replacement and, from each boot
# drawn, as many observations as it has, with replacement.  Rather
# than sorting every resample, each observation is replaced by its
# position in the pooled sorted sample, a resample is a count per
# position, and its median is found by walking the counts.
bootmedians(g: array of array of real, nboot: int, r: ref Rand): array of real
{
	p := pool(g);
	sort(p);
	n := len p;
	if(n == 0 || len g == 0)
		return array[0] of real;
	pos := array[len g] of array of int;
	for(i := 0; i < len g; i++){
		pos[i] = array[len g[i]] of int;
		for(j := 0; j < len g[i]; j++)
			pos[i][j] = first(p, g[i][j]);
	}
	count := array[n] of {* => 0};
	m := array[nboot] of real;
	for(b := 0; b < nboot; b++){
		tot := 0;
		for(k := 0; k < len g; k++){
			gp := pos[r.rand(len g)];
			ng := len gp;
			for(j := 0; j < ng; j++)
				count[gp[r.rand(ng)]]++;
			tot += ng;
		}
		m[b] = countmedian(p, count, tot);
	}
	return m;
}

# first returns the index of the first element of sorted p equal to v.
first(p: array of real, v: real): int
{
	lo := 0;
	hi := len p;
	while(lo < hi){
		mid := (lo+hi)/2;
		if(p[mid] < v)
			lo = mid+1;
		else
			hi = mid;
	}
	return lo;
}

# countmedian gives the median of the resample count[] of sorted p
# (tot elements in all), clearing count as it goes.
countmedian(p: array of real, count: array of int, tot: int): real
{
	lo := (tot-1)/2;	# the two middle ranks (equal when tot is odd)
	hi := tot/2;
	vlo := 0.0;
	vhi := 0.0;
	c := 0;
	for(i := 0; i < len p; i++){
		k := count[i];
		if(k == 0)
			continue;
		count[i] = 0;
		if(c <= lo && lo < c+k)
			vlo = p[i];
		if(c <= hi && hi < c+k)
			vhi = p[i];
		c += k;
	}
	return (vlo + vhi) / 2.0;
}

# interval gives the percentile interval holding conf of the bootstrap
# distribution m (which is left unchanged).
interval(m: array of real, conf: real): (real, real)
{
	setup();
	n := len m;
	if(n == 0)
		return (0.0, 0.0);
	s := array[n] of real;
	s[0:] = m;
	sort(s);
	a := (1.0 - conf) / 2.0;
	lo := int math->floor(a * real n);
	hi := int math->ceil((1.0 - a) * real n) - 1;
	if(lo < 0)
		lo = 0;
	if(hi > n-1)
		hi = n-1;
	if(hi < lo)
		hi = lo;
	return (s[lo], s[hi]);
}

# diffs pairs independent bootstrap medians of two samples: the
# bootstrap distribution of the difference mb - ma.
diffs(ma, mb: array of real): array of real
{
	n := len ma;
	if(len mb < n)
		n = len mb;
	d := array[n] of real;
	for(i := 0; i < n; i++)
		d[i] = mb[i] - ma[i];
	return d;
}

# mannwhitney gives U of a (the number of pairs in which a's observation
# is the greater, ties counting half), its normal deviate z (with the
# correction for ties and for continuity), and the two-sided p-value.
mannwhitney(a, b: array of real): (real, real, real)
{
	setup();
	n1 := len a;
	n2 := len b;
	n := n1 + n2;
	if(n1 == 0 || n2 == 0)
		return (0.0, 0.0, 1.0);
	x := array[n] of real;
	x[0:] = a;
	x[n1:] = b;
	sort(x);
	# rank the pooled sample; a's share of each run of ties is counted
	# by merging sorted a against the pooled order.
	sa := array[n1] of real;
	sa[0:] = a;
	sort(sa);
	ra := 0.0;	# sum of a's ranks
	tie := 0.0;	# sum of t^3 - t over runs of t ties
	j := 0;
	for(i := 0; i < n; ){
		k := i;
		while(k < n && x[k] == x[i])
			k++;
		t := k - i;
		na := 0;
		while(j < n1 && sa[j] == x[i]){
			na++;
			j++;
		}
		ra += real na * (real (i+1) + real k) / 2.0;
		tie += real t * real t * real t - real t;
		i = k;
	}
	u := ra - real n1 * real (n1+1) / 2.0;
	mu := real n1 * real n2 / 2.0;
	var := real n1 * real n2 / 12.0 * (real (n+1) - tie / (real n * real (n-1)));
	if(var <= 0.0)
		return (u, 0.0, 1.0);
	d := u - mu;
	if(d > 0.5)
		d -= 0.5;
	else if(d < -0.5)
		d += 0.5;
	else
		d = 0.0;
	z := d / math->sqrt(var);
	p := math->erfc(math->fabs(z) / math->sqrt(2.0));
	if(p > 1.0)
		p = 1.0;
	return (u, z, p);
}

# varcomp splits the variance of the observations into a part between
# groups (boots) and a part within them, as one-way analysis of variance
# with random effects estimates them: within is the mean square within
# groups, between is (MSB - MSW)/n0, n0 the effective group size, and
# 0 when the groups differ no more than their observations do.  Both
# are returned as standard deviations.
varcomp(g: array of array of real): (real, real)
{
	setup();
	k := 0;
	n := 0;
	for(i := 0; i < len g; i++)
		if(len g[i] > 0){
			k++;
			n += len g[i];
		}
	if(n == 0)
		return (0.0, 0.0);
	means := array[len g] of {* => 0.0};
	same := 1;
	gm := 0.0;
	ssw := 0.0;
	prev := -1;
	for(i = 0; i < len g; i++){
		if(len g[i] == 0)
			continue;
		means[i] = mean(g[i]);
		if(prev >= 0 && means[i] != means[prev])
			same = 0;
		prev = i;
		gm += means[i] * real len g[i];
		for(j := 0; j < len g[i]; j++){
			d := g[i][j] - means[i];
			ssw += d*d;
		}
	}
	gm /= real n;
	msw := 0.0;
	if(n > k)
		msw = ssw / real (n-k);
	if(k < 2 || same)
		return (0.0, math->sqrt(msw));
	ssb := 0.0;
	sn2 := 0.0;
	for(i = 0; i < len g; i++){
		if(len g[i] == 0)
			continue;
		d := means[i] - gm;
		ssb += real len g[i] * d*d;
		sn2 += real len g[i] * real len g[i];
	}
	msb := ssb / real (k-1);
	n0 := (real n - sn2 / real n) / real (k-1);
	vb := (msb - msw) / n0;
	if(vb < 0.0)
		vb = 0.0;
	return (math->sqrt(vb), math->sqrt(msw));
}

mean(a: array of real): real
{
	s := 0.0;
	for(i := 0; i < len a; i++)
		s += a[i];
	return s / real len a;
}

# histogram counts a and b in nbin equal bins spanning the least
# observation of either to the greater of their 99th percentiles, and
# in an extra last bin everything above that.  Whole numbers spanning
# fewer than nbin values get a bin each.  It returns the bin edges
# (the last is the top of the range; above it is the extra bin) and
# the nbin+1 counts of each sample.
histogram(a, b: array of real, nbin: int): (array of real, array of int, array of int)
{
	setup();
	if(nbin < 1)
		nbin = 1;
	sa := array[len a] of real;
	sa[0:] = a;
	sort(sa);
	sb := array[len b] of real;
	sb[0:] = b;
	sort(sb);
	lo, hi: real;
	if(len sa > 0 && (len sb == 0 || sa[0] <= sb[0]))
		lo = sa[0];
	else if(len sb > 0)
		lo = sb[0];
	hi = lo;
	if(len sa > 0 && percentile(sa, 99.0) > hi)
		hi = percentile(sa, 99.0);
	if(len sb > 0 && percentile(sb, 99.0) > hi)
		hi = percentile(sb, 99.0);
	w := (hi - lo) / real nbin;
	if(whole(sa) && whole(sb) && hi - lo < real nbin){
		nbin = int (hi - lo) + 1;
		w = 1.0;
	}else if(hi == lo){
		nbin = 1;
		w = 1.0;
	}
	edge := array[nbin+1] of real;
	for(i := 0; i < nbin; i++)
		edge[i] = lo + w * real i;
	edge[nbin] = hi;
	return (edge, bin(sa, lo, w, hi, nbin), bin(sb, lo, w, hi, nbin));
}

whole(a: array of real): int
{
	for(i := 0; i < len a; i++)
		if(math->floor(a[i]) != a[i])
			return 0;
	return 1;
}

# bin counts a in nbin bins of width w from lo, and above top in one more.
bin(a: array of real, lo, w, top: real, nbin: int): array of int
{
	c := array[nbin+1] of {* => 0};
	for(i := 0; i < len a; i++){
		v := a[i];
		k := nbin;
		if(v <= top){
			k = int math->floor((v - lo) / w);
			if(k > nbin-1)
				k = nbin-1;
			if(k < 0)
				k = 0;
		}
		c[k]++;
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
