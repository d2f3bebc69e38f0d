implement Samples;

# sample -- keep observations and compute their summary statistics.
#
# Every observation is kept, so the statistics are computed from the
# data themselves rather than from running sums: the mean from an exact
# integer sum while the observations are whole numbers (as timings in
# microseconds are), else from a compensated sum; the standard deviation
# by a second pass over the deviations from that mean.  Neither loses
# precision when a million observations share a large common offset,
# which is where running sums of squares fail.

include "sys.m";
	sys: Sys;
include "math.m";
	math: Math;
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "sample.m";

Bigmax:	con big 16r7FFFFFFFFFFFFFFF;
Exact:	con 9007199254740992.0;	# 2^53: whole reals below this are exact
Piece:	con 128;	# words obs writes at once

# setup loads the modules the functions use; the library has no init,
# so the entry points call it.
setup()
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	if(math == nil)
		math = load Math Math->PATH;
}

# bufio is needed only to write through the caller's Iobuf.  This
# instance of it has opened nothing, and it loads Sys only in open and
# fopen: the fopen of nil makes it load Sys so that flush can write.
loadbufio(): int
{
	if(bufio == nil){
		bufio = load Bufio Bufio->PATH;
		if(bufio != nil)
			bufio->fopen(nil, Bufio->OREAD);
	}
	return bufio != nil;
}

Sample.new(n: int): ref Sample
{
	setup();
	if(n < 16)
		n = 16;
	return ref Sample(array[n] of real, 0, 0.0, 0.0, 1, big 0, 0.0, 0.0, nil);
}

# add records an observation given as a big: the usual case, a
# difference of two microsecond clock readings.
Sample.add(s: self ref Sample, v: big)
{
	if(s.whole){
		if(v > big 0 && s.isum > Bigmax - v || v < big 0 && s.isum < -Bigmax - big 1 - v)
			s.whole = 0;
		else
			s.isum += v;
	}
	put(s, real v);
}

# (A whole real below 2^53 converts to big and back unchanged, and no
# other real does: no call of Math's floor for each observation.)
Sample.addreal(s: self ref Sample, v: real)
{
	if(s.whole && v < Exact && v > -Exact && real big v == v){
		s.add(big v);
		return;
	}
	s.whole = 0;
	put(s, v);
}

# addall adds the values of a in turn, as addreal would one by one,
# with the same arithmetic in the same order (so the same sums), but
# in locals and with no call an observation.
Sample.addall(s: self ref Sample, a: array of real)
{
	n := s.n;
	if(n + len a > len s.x){
		m := 2*len s.x;
		if(m < n + len a)
			m = n + len a;
		nx := array[m] of real;
		nx[0:] = s.x[0:n];
		s.x = nx;
	}
	x := s.x;
	(lo, hi, sum, comp) := (s.lo, s.hi, s.sum, s.comp);
	(whole, isum) := (s.whole, s.isum);
	for(i := 0; i < len a; i++){
		v := a[i];
		if(whole){
			whole = 0;
			if(v < Exact && v > -Exact){
				b := big v;
				if(real b == v){
					whole = 1;
					if(b > big 0 && isum > Bigmax - b || b < big 0 && isum < -Bigmax - big 1 - b)
						whole = 0;
					else
						isum += b;
				}
			}
		}
		if(n == 0 || v < lo)
			lo = v;
		if(n == 0 || v > hi)
			hi = v;
		x[n++] = v;
		t := sum + v;
		as := sum;
		if(as < 0.0)
			as = -as;
		av := v;
		if(av < 0.0)
			av = -av;
		if(as >= av)
			comp += (sum - t) + v;
		else
			comp += (v - t) + sum;
		sum = t;
	}
	(s.n, s.lo, s.hi, s.sum, s.comp) = (n, lo, hi, sum, comp);
	(s.whole, s.isum) = (whole, isum);
	s.sorted = nil;
}

# put stores v and keeps the extremes and the compensated sum
# (Neumaier's: the low-order bits lost by each addition are summed
# separately, whichever operand is the larger).  Called for every
# observation: the magnitudes are compared here, not through Math.
put(s: ref Sample, v: real)
{
	if(s.n >= len s.x){
		nx := array[2*len s.x] of real;
		nx[0:] = s.x[0:s.n];
		s.x = nx;
	}
	s.x[s.n++] = v;
	if(s.n == 1 || v < s.lo)
		s.lo = v;
	if(s.n == 1 || v > s.hi)
		s.hi = v;
	t := s.sum + v;
	if(abs(s.sum) >= abs(v))
		s.comp += (s.sum - t) + v;
	else
		s.comp += (v - t) + s.sum;
	s.sum = t;
	s.sorted = nil;
}

abs(v: real): real
{
	if(v < 0.0)
		return -v;
	return v;
}

Sample.mean(s: self ref Sample): real
{
	if(s.n == 0)
		return 0.0;
	if(s.whole)
		return real s.isum / real s.n;
	return (s.sum + s.comp) / real s.n;
}

# stat returns the count, mean, least, greatest and standard deviation
# (of a sample: the sum of squared deviations over n-1).  The deviations
# are summed too, correcting for what rounding left in the mean.
Sample.stat(s: self ref Sample): (int, real, real, real, real)
{
	setup();
	n := s.n;
	if(n == 0)
		return (0, 0.0, 0.0, 0.0, 0.0);
	m := s.mean();
	if(n == 1)
		return (1, m, s.lo, s.hi, 0.0);
	d1 := 0.0;
	d2 := 0.0;
	c2 := 0.0;
	x := s.x;
	for(i := 0; i < n; i++){
		d := x[i] - m;
		d1 += d;
		sq := d*d;
		t := d2 + sq;
		if(d2 >= sq)
			c2 += (d2 - t) + sq;
		else
			c2 += (sq - t) + d2;
		d2 = t;
	}
	v := ((d2 + c2) - d1*d1/real n) / real (n-1);
	if(v < 0.0)
		v = 0.0;
	return (n, m, s.lo, s.hi, math->sqrt(v));
}

Sample.median(s: self ref Sample): real
{
	if(s.n == 0)
		return 0.0;
	return mid(sorted(s), s.n);
}

median(a: array of real, n: int): real
{
	if(n > len a)
		n = len a;
	if(n <= 0)
		return 0.0;
	qsort(a, 0, n);
	return mid(a, n);
}

# mid: the median of n sorted values
mid(a: array of real, n: int): real
{
	if(n & 1)
		return a[n/2];
	return (a[n/2-1] + a[n/2]) / 2.0;
}

# percentile returns the least observation that is not below p percent
# of them (the nearest-rank definition); p is taken into [0, 100].
Sample.percentile(s: self ref Sample, p: real): real
{
	setup();
	n := s.n;
	if(n == 0)
		return 0.0;
	if(p < 0.0 || p != p)
		p = 0.0;
	if(p > 100.0)
		p = 100.0;
	k := int math->ceil(p * real n / 100.0);
	if(k < 1)
		k = 1;
	if(k > n)
		k = n;
	return sorted(s)[k-1];
}

# obs writes the observations, in order, separated by single spaces;
# 0 on success, -1 if a write failed.
Sample.obs(s: self ref Sample, iob: ref Iobuf): int
{
	if(!loadbufio())
		return -1;
	x := s.x;
	for(i := 0; i < s.n; ){
		# a line's words a piece at a time, each as fmt writes it (a
		# whole number under 1e15 converted in line), so that bufio is
		# called a piece, not a word
		t := "";
		for(e := i + Piece; i < s.n && i < e; i++){
			if(i > 0)
				t[len t] = ' ';
			v := x[i];
			if(v < 1e15 && v > -1e15 && real (b := big v) == v)
				t += string b;
			else
				t += fmt(v);
		}
		if(iob.puts(t) < 0)
			return -1;
	}
	return 0;
}

# str gives the summary: n mean min max std median p99.
Sample.str(s: self ref Sample): string
{
	(n, m, lo, hi, sd) := s.stat();
	return string n + " " + fmt(m) + " " + fmt(lo) + " " + fmt(hi) + " " + fmt(sd) +
		" " + fmt(s.median()) + " " + fmt(s.percentile(99.0));
}

fmt(v: real): string
{
	setup();
	if(math->fabs(v) < 1e15 && math->floor(v) == v)
		return string big v;
	return sys->sprint("%.15g", v);
}

# numbers: whole numbers of up to 9 digits, most observations, are
# converted as they are scanned, exactly; any other word goes through
# isnum and Limbo's conversion.
numbers(s: string, k: int): (array of real, int)
{
	v := array[64] of real;
	n := 0;
	ns := len s;
	c := 0;
	for(;;){
		while(k < ns && ((c = s[k]) == ' ' || c == '\t' || c == '\r' || c == '\n'))
			k++;
		if(k >= ns)
			break;
		i := k;
		x := 0;
		while(k < ns && (c = s[k]) >= '0' && c <= '9' && k - i < 9){
			x = 10*x + c - '0';
			k++;
		}
		y: real;
		if(k > i && (k >= ns || (c = s[k]) == ' ' || c == '\t' || c == '\r' || c == '\n'))
			y = real x;
		else{
			while(k < ns && (c = s[k]) != ' ' && c != '\t' && c != '\r' && c != '\n')
				k++;
			w := s[i:k];
			if(!isnum(w))
				return (v[0:n], i);
			y = real w;
			if(y - y != 0.0)	# too large for a real: infinite
				return (v[0:n], i);
		}
		if(n == len v){
			a := array[2*n] of real;
			a[0:] = v;
			v = a;
		}
		v[n++] = y;
	}
	return (v[0:n], -1);
}

# isnum: [+-] digits [. digits] [e [+-] digits], a digit at least
# before the exponent.
isnum(s: string): int
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
	if(i < n && (s[i] == 'e' || s[i] == 'E')){
		i++;
		if(i < n && (s[i] == '+' || s[i] == '-'))
			i++;
		e := 0;
		for(; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			e++;
		if(e == 0)
			return 0;
	}
	return i == n;
}

# sorted returns the observations in increasing order, sorting a copy
# the first time after a change.
sorted(s: ref Sample): array of real
{
	if(s.sorted == nil){
		a := array[s.n] of real;
		a[0:] = s.x[0:s.n];
		qsort(a, 0, s.n);
		s.sorted = a;
	}
	return s.sorted;
}

# qsort sorts a[lo:hi]: quicksort, median-of-three pivot, three-way
# partition (timings repeat values a lot), recursion on the smaller
# part only so the depth stays logarithmic.
qsort(a: array of real, lo, hi: int)
{
	while(hi - lo > 12){
		mid := lo + (hi-lo)/2;
		p := med3(a[lo], a[mid], a[hi-1]);
		# a[lo:lt] < p, a[lt:i] == p, a[gt:hi] > p
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

med3(x, y, z: real): real
{
	if(x < y){
		if(y < z)
			return y;
		if(x < z)
			return z;
		return x;
	}
	if(x < z)
		return x;
	if(y < z)
		return z;
	return y;
}
