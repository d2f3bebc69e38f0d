implement Plot;

# plot -- draw benchmark result lines in a window, as text for a terminal or as grap(1) input
#
# Tails are the point of most benchmark plots: histograms may count on a
# log axis (-l), a percentile plot draws value against percentile on a
# log scale of 1/(1-q), as HdrHistogram does, and an ordered plot of
# more observations than there are columns draws each column's range
# and median, not an ink block.

include "sys.m";
	sys: Sys;
include "draw.m";
include "math.m";
	math: Math;
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "sample.m";
	samples: Samples;
	Sample: import samples;
include "arg.m";
include "drawlib.m";
	drawlib: Drawlib;
	Win: import drawlib;
include "attrib.m";
	attrib: Attrib;
	Attribution: import attrib;

Plot: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# One result line: NAME:shape:xlabel:xunit:ylabel:yunit v1 v2 ...
Result: adt
{
	name, shape, xlabel, xunit, ylabel, yunit: string;
	s:	ref Sample;	# the values in order
	n:	int;	# how many
	v:	array of real;	# s.x: the values of a summary
	warmup:	int;	# iterations run before the observations (# warmup), -1 if unknown
	attr:	ref Attribution;	# its attribution (bench(1)), or nil
	cls:	array of int;	# under -a: each observation's class (see classes), in order
	classes:	array of string;	# under -a: class 0 is none, the others causes
};

# A value axis: linear, or logarithmic over [lo, hi], lo > 0.
Axis: adt
{
	lo, hi:	real;
	log:	int;

	frac:	fn(a: self ref Axis, v: real): real;	# where v lies, 0 at lo, 1 at hi
	cell:	fn(a: self ref Axis, v: real, n: int): int;	# the cell of n, 0 to n-1
};

# Text layout: an 80-column terminal.  Every line is at most 78 wide.
Lw:	con 10;	# width of the value labels left of the axis
Pw:	con 64;	# columns of the plotting area
Ph:	con 15;	# rows of the plotting area
Bw:	con 48;	# longest histogram bar
Autobins:	con 20;	# histogram bins unless -b says
Maxunit:	con 40;	# whole-number data spanning at most this many values get a bin each
Gcols:	con 400;	# grap: columns of a long ordered plot, and points of a percentile plot
Gstagger:	con 10;	# grap: summaries beyond this many have their names on two rows

stderr: ref Sys->FD;
out: ref Iobuf;
gflag, tflag, wflag, zflag, oflag, lflag, aflag, nbins: int;
mflag, sflag, yflag: int;	# -m overlays, -s summarises, -y sets the value axis
ylo, yhi: real;	# -y's range
pshape: string;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	math = load Math Math->PATH;
	bufio = load Bufio Bufio->PATH;
	samples = load Samples Samples->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || samples == nil || arg == nil){
		sys->fprint(stderr, "plot: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("plot [-aglmstwz] [-o...] [-p 1l|1d|1h|1p] [-b bins] [-y lo,hi] [file ...]");
	while((c := arg->opt()) != 0)
		case c {
		'a' =>
			aflag = 1;
			attrib = load Attrib Attrib->PATH;
			if(attrib == nil){
				sys->fprint(stderr, "plot: cannot load %s: %r\n", Attrib->PATH);
				raise "fail:load";
			}
		'g' =>
			gflag = 1;
			tflag = wflag = 0;
		't' =>
			tflag = 1;
			gflag = wflag = 0;
		'w' =>
			wflag = 1;
			gflag = tflag = 0;
		'z' =>
			zflag = 1;
		'l' =>
			lflag = 1;
		'o' =>
			oflag++;
		'p' =>
			pshape = arg->earg();
			if(pshape != "1l" && pshape != "1d" && pshape != "1h" && pshape != "1p"){
				sys->fprint(stderr, "plot: unknown plot type %s\n", pshape);
				arg->usage();
			}
		'm' =>
			mflag = 1;
		's' =>
			sflag = 1;
		'y' =>
			yarg(arg->earg());
			if(!yflag)
				arg->usage();
		'b' =>
			s := arg->earg();
			if(!isint(s) || len s > 4 || (nbins = int s) < 1 || nbins > 1000){
				sys->fprint(stderr, "plot: bad bin count %s\n", s);
				arg->usage();
			}
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	if(yflag && lflag && ylo <= 0.0)
		fatal("-y: a log axis starts above 0");
	if(mflag && !gflag)
		fatal("-m: overlays are drawn as grap only (-g)");
	if(mflag && pshape != "1h" && pshape != "1p")
		fatal("-m: overlays are of histograms or percentile plots (-p 1h or -p 1p)");
	if(!gflag && !tflag)
		screen();
	{
		plot(argv);
	} exception e {
	"fail:*" =>
		raise e;
	"*" =>
		sys->fprint(stderr, "plot: %s\n", e);
		raise "fail:" + e;
	}
}

plot(files: list of string)
{
	rs: list of ref Result;
	if(files == nil)
		rs = readall(bufio->fopen(sys->fildes(0), Bufio->OREAD), "stdin", nil);
	for(; files != nil; files = tl files){
		f := bufio->open(hd files, Bufio->OREAD);
		if(f == nil)
			fatal(sys->sprint("cannot open %s: %r", hd files));
		rs = readall(f, hd files, rs);
	}
	if(rs == nil)
		fatal("no results");
	a := array[len rs] of ref Result;
	for(i := len a - 1; i >= 0; i--){
		a[i] = hd rs;
		rs = tl rs;
	}
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	if(sflag)
		for(i = 0; i < len a; i++)
			if(a[i].shape != "summary")
				a[i] = summarise(a[i]);
	if(mflag){
		overlay(a);
		a = nil;
	}
	for(i = 0; i < len a; ){
		if(i > 0 && gflag)
			out.puts(".sp .5i\n");
		else if(i > 0 && !wflag)
			out.puts("\n");
		if(a[i].shape != "summary"){
			observations(a[i]);
			a[i++] = nil;
			continue;
		}
		# a run of summaries on the same axis makes one chart
		j := i+1;
		while(j < len a && a[j].shape == "summary" &&
		    a[j].ylabel == a[i].ylabel && a[j].yunit == a[i].yunit)
			j++;
		summaries(a[i:j]);
		i = j;
	}
	if(out.flush() < 0)
		fatal(sys->sprint("write error: %r"));
}

fatal(s: string)
{
	sys->fprint(stderr, "plot: %s\n", s);
	raise "fail:error";
}

#
# Input
#

# readall adds the results in f to rs (newest first).  Comment lines
# (# first) are skipped, but a `# warmup NAME N' is kept for NAME's
# next line, and under -a its attribution's lines (attrib(2)).
readall(f: ref Iobuf, name: string, rs: list of ref Result): list of ref Result
{
	lineno := 0;
	warm: list of (string, int);
	held: list of string;	# attribution lines, newest first
	while((line := f.gets('\n')) != nil){
		lineno++;
		if(line[0] == '#'){
			(n, w) := sys->tokenize(line[1:], " \t\r\n");
			if(n == 3 && hd w == "warmup" && isint(hd tl tl w) && len hd tl tl w < 10)
				warm = (hd tl w, int hd tl tl w) :: warm;
			if(aflag && (n >= 2 && (hd w == "attribution" || hd w == "cause")))
				held = line :: held;
			continue;
		}
		where := name + ":" + string lineno;
		r := parse(line, where);
		if(r == nil)
			continue;
		for(l := warm; l != nil; l = tl l)
			if((hd l).t0 == r.name){
				r.warmup = (hd l).t1;
				break;
			}
		if(aflag && r.shape != "summary")
			(r.attr, held) = attribution(r.name, held, where);
		rs = r :: rs;
	}
	return rs;
}

# attribution makes the attribution of result name from the lines held
# (newest first), and returns it with the lines of other results
attribution(name: string, held: list of string, where: string): (ref Attribution, list of string)
{
	mine, rest: list of string;
	for(; held != nil; held = tl held){
		(nil, rn) := attrib->kind(hd held);
		if(rn == name)
			mine = hd held :: mine;
		else
			rest = hd held :: rest;
	}
	if(mine == nil)
		fatal(where + ": " + name + ": no attribution (made by bench -A, an older bench, or the kernel)");
	(a, err) := Attribution.new(hd mine);
	for(mine = tl mine; a != nil && mine != nil; mine = tl mine)
		err = a.add(hd mine);
	if(err != nil)
		fatal(where + ": " + err);
	r: list of string;
	for(; rest != nil; rest = tl rest)
		r = hd rest :: r;
	return (a, r);
}

# parse returns the result on one line, nil for a blank line; where
# names the line in diagnostics.
parse(s: string, where: string): ref Result
{
	(i, j) := word(s, 0);
	if(i == j)
		return nil;
	label := s[i:j];
	f := fields(label);
	if(len f != 6 || f[0] == "")
		fatal(where + ": malformed label " + label);
	r := ref Result(f[0], f[1], f[2], f[3], f[4], f[5], Sample.new(16), 0, nil, -1, nil, nil, nil);
	if(r.shape != "1l" && r.shape != "1d" && r.shape != "summary")
		fatal(where + ": unknown shape " + r.shape + " in " + label);
	(v, e) := samples->numbers(s, j);
	if(e >= 0){
		(i, j) = word(s, e);
		w := s[i:j];
		if(!samples->isnum(w))
			fatal(where + ": " + r.name + ": bad value " + w);
		fatal(where + ": " + r.name + ": value out of range " + w);
	}
	r.s.addall(v);
	r.n = r.s.n;
	r.v = r.s.x[0:r.n];
	if(r.shape == "summary"){
		if(r.n != 5 && r.n != 7)
			fatal(where + ": " + r.name + ": a summary has 5 or 7 values, not " + string r.n);
		if(r.v[0] < 1.0 || r.v[2] > r.v[3])
			fatal(where + ": " + r.name + ": inconsistent summary");
	}else if(r.n == 0)
		fatal(where + ": " + r.name + ": no observations");
	return r;
}

# word finds the next word of s at or after i: (start, end), equal at the end.
word(s: string, i: int): (int, int)
{
	while(i < len s && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
		i++;
	j := i;
	while(j < len s && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r')
		j++;
	return (i, j);
}

# fields splits a label at its colons.
fields(s: string): array of string
{
	n := 1;
	for(i := 0; i < len s; i++)
		if(s[i] == ':')
			n++;
	a := array[n] of string;
	k := 0;
	j := 0;
	for(i = 0; i <= len s; i++)
		if(i == len s || s[i] == ':'){
			a[k++] = s[j:i];
			j = i+1;
		}
	return a;
}

isint(s: string): int
{
	if(s == nil)
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

#
# Observations
#

# observations plots one line of observations against their order, as
# a histogram or as a percentile plot, after the outlier layers are
# removed.
observations(r: ref Result)
{
	# idx holds each kept observation's place in the original order;
	# nil while that is its index plus one
	s := r.s;
	r.s = nil;
	idx: array of int;
	for(k := 0; k < oflag; k++){
		(nil, mean, nil, nil, sd) := s.stat();
		if(idx == nil){
			idx = array[s.n] of int;
			for(i := 0; i < s.n; i++)
				idx[i] = i+1;
		}
		ns := Sample.new(s.n);
		for(i := 0; i < s.n; i++)
			if(math->fabs(s.x[i] - mean) <= 2.0*sd){
				idx[ns.n] = idx[i];
				ns.addreal(s.x[i]);
			}
		s = ns;
	}
	shape := r.shape;
	if(pshape != nil)
		shape = pshape;
	if(aflag)
		classify(r);
	if(shape == "1h" && yflag)
		fatal("-y: a histogram's values are on its x axis");
	if(shape != "1h" && lflag && s.n > 0 && s.hi <= 0.0)
		fatal(r.name + ": -l: no value above 0 to draw on a log axis");
	case shape {
	"1h" =>
		(start, w, counts, whole) := bins(s);
		if(wflag)
			whist(r, s, idx, start, w, counts, whole);
		else if(gflag)
			ghist(r, s, idx, start, w, counts, whole);
		else
			thist(r, s, idx, start, w, counts, whole);
	"1p" =>
		if(wflag)
			wpct(r, s, idx);
		else if(gflag)
			gpct(r, s, idx);
		else
			tpct(r, s, idx);
	* =>
		if(wflag)
			wobs(r, s, idx, shape);
		else if(gflag)
			gobs(r, s, idx, shape);
		else
			tobs(r, s, idx, shape);
	}
}

#
# Causes (-a): each observation is drawn as the cause that took most of
# it, by its attribution (bench(1), attrib(2)).
#

Nclass:	con 7;	# classes: none, the five causes that took most, the rest

# classify gives each observation of r its class: 0 if no cause took
# any of it, else that of the cause that took most of it; causes are
# ranked by the time they took of the observations they are the main
# cause of, and those past the fifth make one class
classify(r: ref Result)
{
	m := r.attr.main(r.n);
	nc := len r.attr.causes;
	tot := array[nc] of {* => 0.0};
	for(c := 0; c < nc; c++){
		sh := r.attr.shares[c];
		for(j := 0; j < len sh; j++){
			(i, t) := sh[j];
			if(i <= r.n && m[i-1] == c)
				tot[c] += t;
		}
	}
	ord := array[nc] of int;
	for(c = 0; c < nc; c++)
		ord[c] = c;
	j: int;
	for(c = 1; c < nc; c++)
		for(j = c; j > 0 && tot[ord[j-1]] < tot[ord[j]]; j--)
			(ord[j-1], ord[j]) = (ord[j], ord[j-1]);
	rank := array[nc] of {* => 0};
	names := array[Nclass] of string;
	names[0] = "none";
	k := 1;
	for(j = 0; j < nc; j++){
		c = ord[j];
		if(tot[c] == 0.0)
			continue;
		if(k < Nclass-1){
			names[k] = r.attr.causes[c];
			rank[c] = k++;
		}else{
			names[Nclass-1] = "other causes";
			rank[c] = Nclass-1;
			k = Nclass;
		}
	}
	r.classes = names[0:k];
	r.cls = array[r.n] of int;
	for(i := 0; i < r.n; i++)
		if(m[i] >= 0)
			r.cls[i] = rank[m[i]];
}

# class of kept observation i
class(r: ref Result, idx: array of int, i: int): int
{
	if(idx == nil)
		return r.cls[i];
	return r.cls[idx[i]-1];
}

# mark is a class's character in text and grap: * none, a, b ... the
# causes, + the rest
mark(k: int): int
{
	if(k == 0)
		return '*';
	if(k == Nclass-1)
		return '+';
	return 'a' + k - 1;
}

# legendtext says what the marks are
legendtext(r: ref Result, none: int): string
{
	l := "(the cause that took most of each: ";
	for(k := 1; k < len r.classes; k++){
		m := "";
		m[0] = mark(k);
		l += m + " " + r.classes[k] + ", ";
	}
	m := "";
	m[0] = none;
	return l + m + " none)";
}

# colmax gives, for each of ncol columns over places 1 to nplace, the
# greatest kept observation that falls there and its class (-1: none falls)
colmax(r: ref Result, s: ref Sample, idx: array of int, nplace, ncol: int): (array of real, array of int)
{
	top := array[ncol] of real;
	tc := array[ncol] of {* => -1};
	for(i := 0; i < s.n; i++){
		c := scale(place(idx, i), 1.0, real nplace, ncol);
		if(tc[c] < 0 || s.x[i] > top[c]){
			top[c] = s.x[i];
			tc[c] = class(r, idx, i);
		}
	}
	return (top, tc);
}

# stack makes a text bar of n characters out of a bin's counts by class,
# none first (#), each class a run as long as its share and at least
# one character while there is room
stack(cc: array of int, total, n: int): string
{
	bar := "";
	if(total == 0 || n == 0)
		return bar;
	l := array[len cc] of int;
	sum := 0;
	most := 0;	# the class with most
	for(k := 0; k < len cc; k++){
		l[k] = cc[k] * n / total;
		if(cc[k] > 0 && l[k] == 0)
			l[k] = 1;
		sum += l[k];
		if(cc[k] > cc[most])
			most = k;
	}
	while(sum > n){
		m := 0;
		for(k = 1; k < len l; k++)
			if(l[k] > l[m])
				m = k;
		l[m]--;
		sum--;
	}
	l[most] += n - sum;
	for(k = 0; k < len cc; k++){
		ch := mark(k);
		if(k == 0)
			ch = '#';
		for(j := 0; j < l[k]; j++)
			bar[len bar] = ch;
	}
	return bar;
}

# classcounts counts the kept observations of each class in each bin
classcounts(r: ref Result, s: ref Sample, idx: array of int, start, w: real, nb: int): array of array of int
{
	cc := array[nb] of array of int;
	for(k := 0; k < nb; k++)
		cc[k] = array[len r.classes] of {* => 0};
	for(i := 0; i < s.n; i++){
		k = int math->floor((s.x[i] - start) / w);
		if(k >= nb)
			k = nb-1;
		if(k < 0)
			k = 0;
		cc[k][class(r, idx, i)]++;
	}
	return cc;
}

# sortedclasses gives the class of each kept observation in the order
# of s.sorted (equal values: in any order)
sortedclasses(r: ref Result, s: ref Sample, idx: array of int): array of int
{
	a := array[s.n] of (real, int);
	for(i := 0; i < s.n; i++)
		a[i] = (s.x[i], class(r, idx, i));
	pairsort(a, 0, s.n);
	c := array[s.n] of int;
	for(i = 0; i < s.n; i++)
		c[i] = a[i].t1;
	return c;
}

# pairsort sorts a[lo:hi] by value: quicksort, recursing on the smaller part
pairsort(a: array of (real, int), lo, hi: int)
{
	while(hi - lo > 1){
		p := a[lo + (hi-lo)/2].t0;
		i := lo;
		j := hi - 1;
		while(i <= j){
			while(a[i].t0 < p)
				i++;
			while(a[j].t0 > p)
				j--;
			if(i <= j){
				(a[i], a[j]) = (a[j], a[i]);
				i++;
				j--;
			}
		}
		if(j - lo < hi - i){
			pairsort(a, lo, j+1);
			lo = i;
		}else{
			pairsort(a, i, hi);
			hi = j+1;
		}
	}
}

# place is the place in the original order of observation i of those kept.
place(idx: array of int, i: int): real
{
	if(idx == nil)
		return real (i+1);
	return real idx[i];
}

# yrange gives the value axis: the data's extent, with zero in it
# under -z, and never empty.
yrange(lo, hi: real): (real, real)
{
	if(yflag)
		return (ylo, yhi);
	if(zflag){
		if(lo > 0.0)
			lo = 0.0;
		if(hi < 0.0)
			hi = 0.0;
	}
	if(lo == hi){
		if(zflag && lo == 0.0)
			return (0.0, 1.0);
		if(zflag && lo > 0.0)
			return (0.0, hi);
		if(zflag)
			return (lo, 0.0);
		return (lo - 1.0, hi + 1.0);
	}
	return (lo, hi);
}

# valueaxis is the axis of the values of s: linear over yrange, or
# under -l logarithmic from the least value above zero to the greatest
# (values at or below zero are drawn at its foot)
valueaxis(s: ref Sample): ref Axis
{
	if(!lflag){
		(lo, hi) := yrange(s.lo, s.hi);
		return ref Axis(lo, hi, 0);
	}
	if(yflag)
		return ref Axis(ylo, yhi, 1);
	lo := s.hi;
	for(i := 0; i < s.n; i++)
		if(s.x[i] > 0.0 && s.x[i] < lo)
			lo = s.x[i];
	hi := s.hi;
	if(hi <= lo)
		(lo, hi) = (lo/2.0, hi*2.0);
	return ref Axis(lo, hi, 1);
}

Axis.frac(a: self ref Axis, v: real): real
{
	if(yflag && v > a.hi)	# -y may cut the data: drawn at the edge
		v = a.hi;
	if(yflag && v < a.lo)
		v = a.lo;
	if(a.log){
		if(v <= a.lo)
			return 0.0;
		return (math->log10(v) - math->log10(a.lo)) / (math->log10(a.hi) - math->log10(a.lo));
	}
	if(a.hi <= a.lo)
		return 0.0;
	return (v - a.lo) / (a.hi - a.lo);
}

# cell rounds to the nearest of n cells, as scale does
Axis.cell(a: self ref Axis, v: real, n: int): int
{
	c := int math->floor(a.frac(v) * real (n-1) + 0.5);
	if(c < 0)
		c = 0;
	if(c >= n)
		c = n-1;
	return c;
}

# the value at fraction f of the axis
axisval(a: ref Axis, f: real): real
{
	if(a.log)
		return math->pow(10.0, math->log10(a.lo) + f*(math->log10(a.hi) - math->log10(a.lo)));
	return a.lo + f*(a.hi - a.lo);
}

# bins chooses the histogram's bins: one per value for whole numbers
# spanning at most Maxunit values, else about nbins of a round width.
# Bin k holds values in [start+k*w, start+(k+1)*w); the last one also
# holds the greatest value.
bins(s: ref Sample): (real, real, array of int, int)
{
	lo := s.lo;
	hi := s.hi;
	if(zflag && lo > 0.0)
		lo = 0.0;
	if(zflag && hi < 0.0)
		hi = 0.0;
	start, w: real;
	whole := nbins == 0 && s.whole && hi - lo < real Maxunit;
	if(whole){
		start = lo;
		w = 1.0;
	}else{
		nb := nbins;
		if(nb == 0)
			nb = Autobins;
		span := hi - lo;
		if(span == 0.0)
			span = math->fabs(hi);
		if(span == 0.0)
			span = 1.0;
		w = binwidth(span, nb);
		start = round(math->floor(lo / w) * w, w);
	}
	n := int math->floor((hi - start) / w) + 1;
	if(n < 1)
		n = 1;
	counts := array[n] of {* => 0};
	for(i := 0; i < s.n; i++){
		k := int math->floor((s.x[i] - start) / w);
		if(k >= n)
			k = n-1;
		if(k < 0)
			k = 0;
		counts[k]++;
	}
	return (start, w, counts, whole);
}

# edge is the lower bound of bin k: a multiple of w, rounded to w's
# digits so that no bound shows a trace of binary arithmetic
edge(start, w: real, k: int): real
{
	return round(start + real k * w, w);
}

# round gives v to the precision of the round step w (1, 2 or 5 times
# a power of ten)
round(v, w: real): real
{
	if(w >= 1.0)
		return v;
	p := math->pow10(-int math->floor(math->log10(w)));
	return math->floor(v * p + 0.5) / p;
}

# binwidth returns the width, 1, 2 or 5 times a power of ten, that
# divides span into the number of bins nearest to nb.
binwidth(span: real, nb: int): real
{
	v := span / real nb;
	p := math->pow10(int math->floor(math->log10(v)));
	while(p > v)
		p /= 10.0;
	while(p*10.0 <= v)
		p *= 10.0;
	best := p;
	mult := array[] of {2.0, 5.0, 10.0};
	for(m := 0; m < len mult; m++){
		w := p * mult[m];
		if(math->fabs(span/w - real nb) < math->fabs(span/best - real nb))
			best = w;
	}
	return best;
}

# maxcount is the tallest bar, at least 1
maxcount(counts: array of int): int
{
	maxc := 1;
	for(i := 0; i < len counts; i++)
		if(counts[i] > maxc)
			maxc = counts[i];
	return maxc;
}

# countaxis is the axis of a histogram's counts: from 0 to a round value
# at least 5% above the tallest bar, so that its top stays inside the
# frame; under -l, from 0.5 (a bar of 1 still shows) to a power of ten
# at least twice the tallest.  The step of its ticks comes too (on a
# log axis, 10).
countaxis(maxc: int): (ref Axis, real)
{
	if(lflag){
		hi := 10.0;
		while(hi < 2.0 * real maxc)
			hi *= 10.0;
		return (ref Axis(0.5, hi, 1), 10.0);
	}
	step := binwidth(real maxc, 5);
	if(step < 1.0)
		step = 1.0;
	hi := math->ceil(1.05 * real maxc / step) * step;
	return (ref Axis(0.0, hi, 0), step);
}

#
# Columns: a long ordered plot draws, for each column of its width, the
# least, the greatest and the median value that falls there.
#

Col: adt
{
	n:	int;
	lo, hi, med:	real;
};

# columns gathers the kept observations of s into ncol columns over
# the places 1 to nplace
columns(s: ref Sample, idx: array of int, nplace, ncol: int): array of Col
{
	cs := array[ncol] of ref Sample;
	for(i := 0; i < s.n; i++){
		c := scale(place(idx, i), 1.0, real nplace, ncol);
		if(cs[c] == nil)
			cs[c] = Sample.new(16);
		cs[c].addreal(s.x[i]);
	}
	a := array[ncol] of Col;
	for(c := 0; c < ncol; c++)
		if(cs[c] != nil){
			a[c] = (cs[c].n, cs[c].lo, cs[c].hi, cs[c].median());
			cs[c] = nil;
		}else
			a[c].n = 0;
	return a;
}

# The percentile plot: observation i of n sorted ones is at the
# percentile 100i/n, drawn at x = log10(1/(1-i/n)) = log10(n/(n-i)), so
# that 90%, 99%, 99.9% ... are equally spaced (1, 2, 3 ...) and the
# greatest is at log10(n).

# pctx is the x of sorted observation i of n
pctx(i, n: int): real
{
	return math->log10(real n / real (n-i));
}

# pctxmax is the end of the x axis: a whole number of nines, at least one
pctxmax(n: int): real
{
	x := math->ceil(math->log10(real n) - 1e-9);
	if(x < 1.0)
		x = 1.0;
	return x;
}

# pctlabel names the percentile at x = k: 0%, 90%, 99%, 99.9% ...
pctlabel(k: int): string
{
	case k {
	0 =>	return "0%";
	1 =>	return "90%";
	}
	s := "99";
	if(k > 2)
		s += ".";
	for(i := 2; i < k; i++)
		s += "9";
	return s + "%";
}

# pctcols gives, for each of ncol columns across x from 0 to xmax, the
# greatest sorted observation that falls in it (-1: none); a line
# through them is the percentile plot at that resolution
pctcols(a: array of real, ncol: int, xmax: real): array of int
{
	n := len a;
	c := array[ncol] of {* => -1};
	# an observation's column never decreases with its index (pctx and
	# scale are monotone): each column's last is found by bisection,
	# some ncol*log2(n) evaluations rather than n
	for(i := 0; i < n; ){
		col := scale(pctx(i, n), 0.0, xmax, ncol);
		(lo, hi) := (i, n-1);
		while(lo < hi){
			mid := lo + (hi - lo + 1)/2;
			if(scale(pctx(mid, n), 0.0, xmax, ncol) <= col)
				lo = mid;
			else
				hi = mid - 1;
		}
		c[col] = lo;
		i = lo + 1;
	}
	return c;
}

# the percentiles a percentile plot reports, as labels and values
pctsummary(s: ref Sample): string
{
	ps := array[] of {(50.0, "p50"), (90.0, "p90"), (99.0, "p99"), (99.9, "p99.9"), (99.99, "p99.99")};
	l := "";
	for(i := 0; i < len ps; i++){
		(p, name) := ps[i];
		# a percentile is shown once the sample reaches past it
		if(real s.n * (1.0 - p/100.0) < 1.0)
			break;
		l += name + " " + num(s.percentile(p)) + "  ";
	}
	return l + "max " + num(s.hi);
}
#
# Text
#

# num formats a value for a label: whole numbers in full, others to
# four significant digits.
num(v: real): string
{
	if(math->fabs(v) < 1e9 && math->floor(v) == v)
		return string big v;
	return sys->sprint("%.4g", v);
}

axis(label, unit: string): string
{
	if(unit == "")
		return label;
	if(label == "")
		return "(" + unit + ")";
	return label + " (" + unit + ")";
}

pad(s: string, n: int): string
{
	while(len s < n)
		s += " ";
	return s;
}

rpad(s: string, n: int): string
{
	while(len s < n)
		s = " " + s;
	return s;
}

# centre returns s centred under the plotting area.
centre(s: string): string
{
	i := Lw + 2 + (Pw - len s)/2;
	if(i < 0)
		i = 0;
	return pad("", i) + s;
}

# stats gives the statistics of what is plotted, as items: the count,
# mean, extremes, spread, median, the 99th percentile once there are a
# hundred observations, the outliers removed and the warm-up.
stats(r: ref Result, s: ref Sample): array of string
{
	(n, mean, lo, hi, sd) := s.stat();
	items := array[] of {
		"n " + string n, "mean " + num(mean), "min " + num(lo), "max " + num(hi),
		"std " + num(sd), "median " + num(s.median()), "", "", "",
	};
	if(n >= 100)
		items[6] = "p99 " + num(s.percentile(99.0));
	s.sorted = nil;	# the sorted copy: a million observations fill the heap
	if(n < r.n)
		items[7] = sys->sprint("(%d outliers removed)", r.n - n);
	if(r.warmup >= 0)
		items[8] = sys->sprint("(warm-up %d not recorded)", r.warmup);
	return items;
}

# heading writes the title and the statistics, wrapped to the width of
# the chart, and any more items
heading(r: ref Result, s: ref Sample, more: array of string)
{
	out.puts(r.name + "\n");
	items := stats(r, s);
	if(more != nil){
		a := array[len items + len more] of string;
		a[0:] = items;
		a[len items:] = more;
		items = a;
	}
	l := "";
	for(i := 0; i < len items; i++){
		if(items[i] == "")
			continue;
		if(l != "" && len l + 2 + len items[i] > Lw + 2 + Pw){
			out.puts(l + "\n");
			l = "";
		}
		if(l != "")
			l += "  ";
		l += items[i];
	}
	out.puts(l + "\n");
}

# grid is an empty plotting area
grid(): array of array of byte
{
	g := array[Ph] of array of byte;
	for(i := 0; i < Ph; i++)
		g[i] = array[Pw] of {* => byte ' '};
	return g;
}

# putgrid writes the plotting area with the value axis on its left:
# the greatest, middle and least value marked
putgrid(g: array of array of byte, a: ref Axis, label: string)
{
	out.puts(label + "\n");
	for(i := Ph-1; i >= 0; i--){
		l := "";
		if(i == Ph-1 || i == 0 || i == (Ph-1)/2)
			l = num(axisval(a, real i / real (Ph-1)));
		out.puts(rpad(l, Lw) + " |");
		out.write(trim(g[i]), len trim(g[i]));
		out.puts("\n");
	}
	out.puts(pad("", Lw) + " +" + dashes(Pw) + "\n");
}

# tobs draws observations against their order on a Ph by Pw grid; with
# more than four a column, each column's range (:) and median (*)
tobs(r: ref Result, s: ref Sample, idx: array of int, shape: string)
{
	if(s.n == 0){
		heading(r, s, nil);
		out.puts("no observations left\n");
		return;
	}
	a := valueaxis(s);
	g := grid();
	more: array of string;
	if(s.n > 4*Pw){
		cols := columns(s, idx, r.n, Pw);
		for(c := 0; c < Pw; c++){
			if(cols[c].n == 0)
				continue;
			for(k := a.cell(cols[c].lo, Ph); k <= a.cell(cols[c].hi, Ph); k++)
				g[k][c] = byte ':';
			g[a.cell(cols[c].med, Ph)][c] = byte '*';
		}
		more = array[] of {"(in each column : its range, * its median)"};
		if(aflag){
			# the cause of each column's greatest, if any
			(top, tc) := colmax(r, s, idx, r.n, Pw);
			for(c = 0; c < Pw; c++)
				if(tc[c] > 0)
					g[a.cell(top[c], Ph)][c] = byte mark(tc[c]);
			more = array[] of {more[0], legendtext(r, ':')};
		}
	}else{
		pc := -1;
		pr := -1;
		for(i := 0; i < s.n; i++){
			c := scale(place(idx, i), 1.0, real r.n, Pw);
			rr := a.cell(s.x[i], Ph);
			if(shape == "1l" && pc >= 0)
				line(g, pc, pr, c, rr);
			else
				g[rr][c] = byte '*';
			pc = c;
			pr = rr;
		}
		if(aflag){
			for(i = 0; i < s.n; i++)
				if((k := class(r, idx, i)) > 0)
					g[a.cell(s.x[i], Ph)][scale(place(idx, i), 1.0, real r.n, Pw)] = byte mark(k);
			more = array[] of {legendtext(r, '*')};
		}
	}
	heading(r, s, more);
	putgrid(g, a, axis(r.ylabel, r.yunit) + logword(a));
	l := num(1.0);
	h := num(real r.n);
	out.puts(pad("", Lw+2) + l + rpad(h, Pw - len l) + "\n");
	out.puts(centre(axis(r.xlabel, r.xunit)) + "\n");
}

# logword marks a log axis's label
logword(a: ref Axis): string
{
	if(a.log)
		return ", log scale";
	return "";
}

# scale maps v in [lo, hi] to a cell 0..n-1, rounding to the nearest.
scale(v, lo, hi: real, n: int): int
{
	if(hi <= lo)
		return 0;
	c := int math->floor((v - lo) / (hi - lo) * real (n-1) + 0.5);
	if(c < 0)
		c = 0;
	if(c >= n)
		c = n-1;
	return c;
}

# line joins (c0, r0) to (c1, r1) with a vertical run in each column
# it crosses, so spikes show however many observations share a column.
line(grid: array of array of byte, c0, r0, c1, r1: int)
{
	prev := r0;
	for(c := c0; c <= c1; c++){
		r := r1;
		if(c1 > c0)
			r = r0 + (r1 - r0) * (c - c0) / (c1 - c0);
		# the run starts next to the previous column's cell
		(a, b) := (prev, r);
		if(c > c0 && r > prev)
			a++;
		else if(c > c0 && r < prev)
			a--;
		if(a > b)
			(a, b) = (b, a);
		for(k := a; k <= b; k++)
			grid[k][c] = byte '*';
		prev = r;
	}
}

dashes(n: int): string
{
	s := "";
	for(i := 0; i < n; i++)
		s += "-";
	return s;
}

# trim drops the trailing blanks of a grid row.
trim(a: array of byte): array of byte
{
	n := len a;
	while(n > 0 && a[n-1] == byte ' ')
		n--;
	return a[0:n];
}

# thist draws a histogram lying on its side: a row per bin, a bar as
# long as its count (under -l, its logarithm: a count of 1 gets one #)
thist(r: ref Result, s: ref Sample, idx: array of int, start, w: real, counts: array of int, whole: int)
{
	cc: array of array of int;
	if(aflag){
		cc = classcounts(r, s, idx, start, w, len counts);
		heading(r, s, array[] of {legendtext(r, '#')});
	}else
		heading(r, s, nil);
	maxc := maxcount(counts);
	cl := "Count";
	if(lflag)
		cl = "Count, log scale";
	out.puts(pad(axis(r.ylabel, r.yunit), 2*Lw+2) + cl + "\n");
	for(i := 0; i < len counts; i++){
		l := rpad(num(edge(start, w, i)), Lw);
		if(whole)
			l = pad(l, 2*Lw+1);
		else
			l += " " + rpad(num(edge(start, w, i+1)), Lw);
		n := 0;
		if(counts[i] > 0 && lflag && maxc > 1)
			n = 1 + int ((real (Bw-1)) * math->log10(real counts[i]) / math->log10(real maxc));
		else if(counts[i] > 0 && lflag)
			n = Bw;
		else
			n = counts[i] * Bw / maxc;
		if(n == 0 && counts[i] > 0)
			n = 1;
		bar := "";
		for(k := 0; k < n; k++)
			bar[k] = '#';
		if(cc != nil)
			bar = stack(cc[i], counts[i], n);
		out.puts(l + " |" + bar + " " + string counts[i] + "\n");
	}
}

# tpct draws the percentile plot: value against percentile, the
# percentiles 90, 99, 99.9 ... equally spaced
tpct(r: ref Result, s: ref Sample, idx: array of int)
{
	if(aflag)
		heading(r, s, array[] of {pctsummary(s), legendtext(r, '*')});
	else
		heading(r, s, array[] of {pctsummary(s)});
	a := valueaxis(s);
	s.percentile(0.0);
	v := s.sorted;
	xmax := pctxmax(s.n);
	c := pctcols(v, Pw, xmax);
	g := grid();
	pc := -1;
	pr := -1;
	for(k := 0; k < Pw; k++){
		if(c[k] < 0)
			continue;
		rr := a.cell(v[c[k]], Ph);
		if(pc >= 0)
			line(g, pc, pr, k, rr);
		else
			g[rr][k] = byte '*';
		pc = k;
		pr = rr;
	}
	if(aflag){
		sc := sortedclasses(r, s, idx);
		for(k = 0; k < Pw; k++)
			if(c[k] >= 0 && sc[c[k]] > 0)
				g[a.cell(v[c[k]], Ph)][k] = byte mark(sc[c[k]]);
	}
	s.sorted = nil;
	putgrid(g, a, axis(r.ylabel, r.yunit) + logword(a));
	# the percentile labels under their columns
	lab := array[Lw + 2 + Pw + 8] of {* => byte ' '};
	for(k = 0; k <= int xmax; k++){
		t := array of byte pctlabel(k);
		at := Lw + 2 + scale(real k, 0.0, xmax, Pw) - len t/2;
		if(k == 0)
			at = Lw + 2;
		if(at + len t > len lab)
			at = len lab - len t;
		lab[at:] = t;
	}
	out.write(trim(lab), len trim(lab));
	out.puts("\n" + centre("Percentile") + "\n");
}

# tsummary draws a chart of summaries on one scale: each test's range,
# the box from its median to its 99th percentile (or, for a summary
# without them, the mean and a standard deviation either side within
# the range), its median and its mean
tsummary(a: array of ref Result)
{
	r := a[0];
	out.puts(axis(r.ylabel, r.yunit) + "\n");
	out.puts(sys->sprint("%-10s %8s %10s %10s %10s %10s %10s\n", "", "n", "min", "median", "p99", "max", "mean"));
	lo := r.v[2];
	hi := r.v[3];
	robust := 1;
	for(i := 0; i < len a; i++){
		v := a[i].v;
		(med, p99) := ("-", "-");
		if(len v == 7)
			(med, p99) = (num(v[5]), num(v[6]));
		else
			robust = 0;
		out.puts(sys->sprint("%-10s %8s %10s %10s %10s %10s %10s\n", a[i].name,
			num(v[0]), num(v[2]), med, p99, num(v[3]), num(v[1])));
		if(v[2] < lo)
			lo = v[2];
		if(v[3] > hi)
			hi = v[3];
	}
	(lo, hi) = yrange(lo, hi);
	out.puts("\n");
	for(i = 0; i < len a; i++){
		v := a[i].v;
		row := array[Pw] of {* => byte ' '};
		for(c := scale(v[2], lo, hi, Pw); c <= scale(v[3], lo, hi, Pw); c++)
			row[c] = byte '-';
		(b0, b1) := box(v);
		for(c = scale(b0, lo, hi, Pw); c <= scale(b1, lo, hi, Pw); c++)
			row[c] = byte '=';
		if(len v == 7)
			row[scale(v[5], lo, hi, Pw)] = byte '|';
		row[scale(v[1], lo, hi, Pw)] = byte '*';
		name := a[i].name;
		if(len name > Lw)
			name = name[0:Lw];
		out.puts(pad(name, Lw) + " |");
		out.write(trim(row), len trim(row));
		out.puts("\n");
	}
	out.puts(pad("", Lw) + " +" + dashes(Pw) + "\n");
	l := num(lo);
	out.puts(pad("", Lw+2) + l + rpad(num(hi), Pw - len l) + "\n");
	out.puts(centre(legend(robust, "-", "=", "|", "*")) + "\n");
}

# box is a summary's box: median to p99, or without them the mean and
# a standard deviation either side, kept within the range
box(v: array of real): (real, real)
{
	if(len v == 7)
		return (v[5], v[6]);
	b0 := v[1] - v[4];
	if(b0 < v[2])
		b0 = v[2];
	b1 := v[1] + v[4];
	if(b1 > v[3])
		b1 = v[3];
	return (b0, b1);
}

# legend explains a summary chart's marks
legend(robust: int, rng, bx, med, mean: string): string
{
	if(robust)
		return rng + " min to max, " + bx + " median to p99, " + med + " median, " + mean + " mean";
	return rng + " min to max, " + bx + " median to p99 (mean +- std if none), " + med + " median, " + mean + " mean";
}

summaries(a: array of ref Result)
{
	if(wflag)
		wsummary(a);
	else if(gflag)
		gsummary(a);
	else
		tsummary(a);
}

#
# grap(1)
#

# quote makes s safe inside a grap string.
quote(s: string): string
{
	t := "";
	for(i := 0; i < len s; i++)
		case s[i] {
		'"' =>
			t += "\\(dq";
		'\\' =>
			t += "\\e";
		* =>
			t[len t] = s[i];
		}
	return "\"" + t + "\"";
}

# gstart opens a chart; a note goes under the x axis's label
gstart(title, xl, yl, note: string)
{
	out.puts(".G1\nframe ht 2.5 wid 4\n");
	out.puts("label top " + quote(title) + "\n");
	if(yl != "")
		out.puts("label left " + quote(yl) + " left .2\n");
	if(xl != "" && note != "")
		out.puts("label bot " + quote(xl) + " " + quote(note) + " down .1\n");
	else if(xl != "")
		out.puts("label bot " + quote(xl) + " down .1\n");
}

# gcoord sets the coordinates; a log axis gets its decades as ticks
gcoord(xlo, xhi: real, y: ref Axis)
{

	l := "coord x " + sf(xlo) + ", " + sf(xhi) + " y " + sf(y.lo) + ", " + sf(y.hi);
	if(y.log)
		l += " log y";
	out.puts(l + "\n");
	if(y.log){
		t := decades(y.lo, y.hi);
		if(len t > 0){
			l = "ticks left out at";
			for(i := 0; i < len t; i++){
				if(i > 0)
					l += ",";
				l += " " + sf(t[i]) + " " + quote(sf(t[i]));
			}
			out.puts(l + "\n");
		}
	}
}

# widen stretches a log axis to whole decades
widen(a: ref Axis)
{
	if(yflag)
		return;
	a.lo = math->pow10(int math->floor(math->log10(a.lo) + 1e-9));
	a.hi = math->pow10(int math->ceil(math->log10(a.hi) - 1e-9));
	if(a.hi <= a.lo)
		a.hi = 10.0 * a.lo;
}

# decades are the powers of ten from lo to hi
decades(lo, hi: real): array of real
{
	k0 := int math->ceil(math->log10(lo) - 1e-9);
	k1 := int math->floor(math->log10(hi) + 1e-9);
	if(k1 < k0)
		return array[0] of real;
	a := array[k1 - k0 + 1] of real;
	for(k := k0; k <= k1; k++)
		a[k-k0] = math->pow10(k);
	return a;
}

# gval is a value placed on axis a: at its foot if a log axis cannot show it
gval(a: ref Axis, v: real): string
{
	if(a.log && v < a.lo || yflag && v < a.lo)
		v = a.lo;
	if(yflag && v > a.hi)
		v = a.hi;
	return samples->fmt(v);
}

gobs(r: ref Result, s: ref Sample, idx: array of int, shape: string)
{
	note := "";
	if(s.n > 2*Gcols)
		note = "(each column: a line over its range, its median marked)";
	if(aflag)
		note += legendtext(r, '*');
	gstart(r.name, axis(r.xlabel, r.xunit), axis(r.ylabel, r.yunit), note);
	a := valueaxis(s);
	if(a.log)
		widen(a);
	xhi := real r.n;
	if(r.n == 1)
		xhi = 2.0;
	gcoord(1.0, xhi, a);

	if(s.n > 2*Gcols){
		# each column's range as a line, and its median
		cols := columns(s, idx, r.n, Gcols);
		for(c := 0; c < Gcols; c++){
			if(cols[c].n == 0)
				continue;
			x := sf(1.0 + real c * (real r.n - 1.0) / real (Gcols-1));
			if(cols[c].hi > cols[c].lo)
				out.puts("line from " + x + "," + gval(a, cols[c].lo) + " to " + x + "," + gval(a, cols[c].hi) + "\n");
			if(shape == "1l")
				out.puts("next at " + x + ", " + gval(a, cols[c].med) + "\n");
			else
				out.puts("\"\\(bu\" size -4 at " + x + ", " + gval(a, cols[c].med) + "\n");
		}
		if(aflag){
			(top, tc) := colmax(r, s, idx, r.n, Gcols);
			for(c = 0; c < Gcols; c++)
				if(tc[c] > 0)
					gmark(tc[c], sf(1.0 + real c * (real r.n - 1.0) / real (Gcols-1)), gval(a, top[c]));
		}
		out.puts(".G2\n");
		return;
	}
	if(shape == "1l")
		out.puts("draw solid\n");
	for(i := 0; i < s.n; i++){
		p := sf(place(idx, i)) + ", " + gval(a, s.x[i]) + "\n";
		if(shape == "1l")
			out.puts("next at " + p);
		else
			out.puts("bullet at " + p);
	}
	if(aflag)
		for(i = 0; i < s.n; i++)
			if((k := class(r, idx, i)) > 0)
				gmark(k, sf(place(idx, i)), gval(a, s.x[i]));
	out.puts(".G2\n");
}

# gmark puts a class's mark at x, y
gmark(k: int, x, y: string)
{
	m := "";
	m[0] = mark(k);
	out.puts(quote(m) + " size -2 at " + x + ", " + y + "\n");
}

# ghist draws a bar per bin; bins of whole numbers are centred on their
# value, from v-0.5 to v+0.5, as in a window
ghist(r: ref Result, s: ref Sample, idx: array of int, start, w: real, counts: array of int, whole: int)
{
	cl := "Count";
	if(lflag)
		cl = "Count (log scale)";
	cc: array of array of int;
	if(aflag){
		cc = classcounts(r, s, idx, start, w, len counts);
		gstart(r.name, axis(r.ylabel, r.yunit), cl, legendtext(r, '*'));
	}else
		gstart(r.name, axis(r.ylabel, r.yunit), cl, "");
	(ca, nil) := countaxis(maxcount(counts));
	x0 := start;
	if(whole)
		x0 -= 0.5;
	gcoord(x0, x0 + real len counts * w, ca);
	base := samples->fmt(ca.lo);
	for(i := 0; i < len counts; i++){
		if(counts[i] == 0)
			continue;
		l := samples->fmt(round(x0 + real i * w, w));
		h := samples->fmt(round(x0 + real (i+1) * w, w));
		if(!whole){
			l = samples->fmt(edge(start, w, i));
			h = samples->fmt(edge(start, w, i+1));
		}
		c := string counts[i];
		out.puts("line from " + l + "," + base + " to " + l + "," + c + "\n");
		out.puts("line from " + l + "," + c + " to " + h + "," + c + "\n");
		out.puts("line from " + h + "," + c + " to " + h + "," + base + "\n");
		if(cc == nil)
			continue;
		# the classes stacked from the axis, none first, each with its mark
		cum := 0;
		for(k := 0; k < len cc[i]; k++){
			if(cc[i][k] == 0)
				continue;
			lo := ca.lo;
			if(cum > 0)
				lo = real cum;
			cum += cc[i][k];
			if(cum < counts[i])
				out.puts("line from " + l + "," + string cum + " to " + h + "," + string cum + "\n");
			mid := (lo + real cum) / 2.0;
			if(ca.log)
				mid = math->sqrt(lo * real cum);
			gmark(k, sf((real l + real h) / 2.0), sf(mid));
		}
	}
	out.puts(".G2\n");
}

# gpct draws the percentile plot, at most Gcols points
gpct(r: ref Result, s: ref Sample, idx: array of int)
{
	note := "";
	if(aflag)
		note = legendtext(r, '*');
	gstart(r.name, "Percentile", axis(r.ylabel, r.yunit), note);
	a := valueaxis(s);
	if(a.log)
		widen(a);
	s.percentile(0.0);
	v := s.sorted;
	xmax := pctxmax(s.n);
	gcoord(0.0, xmax, a);
	t := "ticks bot out at";
	for(k := 0; k <= int xmax; k++){
		if(k > 0)
			t += ",";
		t += " " + string k + " " + quote(pctlabel(k));
	}
	out.puts(t + "\n");
	out.puts("draw solid\n");
	c := pctcols(v, Gcols, xmax);
	for(k = 0; k < Gcols; k++)
		if(c[k] >= 0)
			out.puts("next at " + sf(math->floor(pctx(c[k], len v)*1e4 + 0.5)/1e4) + ", " + gval(a, v[c[k]]) + "\n");
	if(aflag){
		sc := sortedclasses(r, s, idx);
		for(k = 0; k < Gcols; k++)
			if(c[k] >= 0 && sc[c[k]] > 0)
				gmark(sc[c[k]], sf(math->floor(pctx(c[k], len v)*1e4 + 0.5)/1e4), gval(a, v[c[k]]));
	}
	s.sorted = nil;
	out.puts(".G2\n");
}

# gsummary draws summaries side by side: the range as a line, the box
# (tsummary's), a bar at the median and a bullet at the mean
gsummary(a: array of ref Result)
{
	title := a[0].name;
	if(len a > 1)
		title = "Summary";
	gstart(title, "", axis(a[0].ylabel, a[0].yunit), "");
	lo := a[0].v[2];
	hi := a[0].v[3];
	robust := 1;
	for(i := 0; i < len a; i++){
		if(a[i].v[2] < lo)
			lo = a[i].v[2];
		if(a[i].v[3] > hi)
			hi = a[i].v[3];
		if(len a[i].v != 7)
			robust = 0;
	}
	(lo, hi) = yrange(lo, hi);

	out.puts("coord x 0, " + string (len a + 1) + " y " + sf(lo) + ", " + sf(hi) + "\n");
	# more than Gstagger names take two rows, every other one lower, in
	# a smaller size
	many := len a > Gstagger;
	for(row := 0; row < 2; row++){
		if(row == 1 && len a <= Gstagger)
			break;
		t := "ticks bot out at";
		if(row == 1)
			t = "ticks bot out .22 at";
		n := 0;
		for(i = row; i < len a; i += 1 + many){
			if(n++ > 0)
				t += ",";
			t += " " + string (i+1) + " " + quote(a[i].name);
			if(many)
				t += " size -3";
		}
		out.puts(t + "\n");
	}
	for(i = 0; i < len a; i++){
		v := a[i].v;
		x := string (i+1);
		(b0, b1) := box(v);
		l := sf(real (i+1) - 0.2);
		h := sf(real (i+1) + 0.2);
		out.puts("line from " + x + "," + sf(v[2]) + " to " + x + "," + sf(v[3]) + "\n");
		out.puts("line from " + l + "," + sf(b0) + " to " + h + "," + sf(b0) + "\n");
		out.puts("line from " + l + "," + sf(b1) + " to " + h + "," + sf(b1) + "\n");
		out.puts("line from " + l + "," + sf(b0) + " to " + l + "," + sf(b1) + "\n");
		out.puts("line from " + h + "," + sf(b0) + " to " + h + "," + sf(b1) + "\n");
		if(len v == 7)
			out.puts("line from " + sf(real (i+1) - 0.25) + "," + sf(v[5]) + " to " + sf(real (i+1) + 0.25) + "," + sf(v[5]) + "\n");
		out.puts("bullet at " + x + ", " + sf(v[1]) + "\n");
	}
	l := "label bot " + quote(legend(robust, "line", "box", "bar", "bullet"));
	if(many)
		l += " down .25";
	out.puts(l + "\n");
	out.puts(".G2\n");
}

#
# -y, -s and -m: a value axis fixed, lines summarised, lines overlaid
#

# yarg parses -y's `lo,hi' into ylo and yhi, setting yflag if it is good
yarg(a: string)
{
	(n, l) := sys->tokenize(a, ",");
	if(n != 2 || !samples->isnum(hd l) || !samples->isnum(hd tl l)){
		sys->fprint(stderr, "plot: -y %s: want lo,hi\n", a);
		return;
	}
	(ylo, yhi) = (real hd l, real hd tl l);
	if(!math->finite(ylo) || !math->finite(yhi) || ylo >= yhi){
		sys->fprint(stderr, "plot: -y %s: want finite lo below hi\n", a);
		return;
	}
	yflag = 1;
}

# summarise makes a line of observations a summary of seven values
# (n mean min max std median p99), drawn with the other summaries
summarise(r: ref Result): ref Result
{
	(n, mean, lo, hi, sd) := r.s.stat();
	v := array[] of {real n, mean, lo, hi, sd, r.s.median(), r.s.percentile(99.0)};
	t := ref *r;
	t.shape = "summary";
	t.s = nil;
	t.n = len v;
	t.v = v;
	return t;
}

# Overlay colours: a strong one for a name's lines together, a pale one
# for each of them alone.
Strong := array[] of {"#c0392b", "#1f5fbf", "#2e8b57", "#8e44ad", "#d35400", "#505050"};
Pale := array[] of {"#f2b8b0", "#b4c9ee", "#b0dcc2", "#dcc3e6", "#f6c9a2", "#c8c8c8"};

# overlay draws all lines of observations (-m) in one chart: lines of
# one name are one group, in a colour of its own.  A percentile plot
# draws each line pale and, when a group has several, the group's
# pooled observations strong; a histogram draws each group's counts in
# the same bins as a stepped outline.
overlay(a: array of ref Result)
{
	names: list of string;
	ng := 0;
	gi := array[len a] of int;
	all := Sample.new(16);
	r0: ref Result;
	for(i := 0; i < len a; i++){
		if(a[i].shape == "summary")
			fatal("-m: " + a[i].name + ": summaries are not overlaid");
		if(r0 == nil)
			r0 = a[i];
		k := 0;
		for(l := names; l != nil && hd l != a[i].name; l = tl l)
			k++;
		if(l == nil){
			names = a[i].name :: names;
			k = ng++;
		}else
			k = ng - 1 - k;
		gi[i] = k;
		all.addall(a[i].s.x[0:a[i].s.n]);
	}
	gname := array[ng] of string;
	for(k := ng-1; names != nil; names = tl names)
		gname[k--] = hd names;
	for(k = 0; k < ng; k++)
		out.puts(sys->sprint(".defcolor plot%ds rgb %s\n.defcolor plot%dp rgb %s\n",
			k, Strong[k % len Strong], k, Pale[k % len Pale]));
	title := "";
	legend := "";
	for(k = 0; k < ng; k++){
		q := quote(gname[k]);
		if(k > 0)
			title += ", ";
		title += gname[k];
		legend += sys->sprint("\\m[plot%ds]\\(em\\(em %s\\m[]   ", k, q[1:len q - 1]);
	}
	if(pshape == "1p")
		opct(a, gi, gname, all, title, legend);
	else
		ohist(a, gi, ng, all, title, legend);
}

# opct overlays percentile plots
opct(a: array of ref Result, gi: array of int, gname: array of string, all: ref Sample, title, legend: string)
{
	ng := len gname;
	r := a[0];
	if(lflag && all.n > 0 && all.hi <= 0.0)
		fatal("-m -l: no value above 0 to draw on a log axis");
	gstart(title, "", axis(r.ylabel, r.yunit), "");
	ax := valueaxis(all);
	if(ax.log)
		widen(ax);
	nmax := 1;
	for(i := 0; i < len a; i++)
		if(a[i].s.n > nmax)
			nmax = a[i].s.n;
	xmax := pctxmax(nmax);
	gcoord(0.0, xmax, ax);
	t := "ticks bot out at";
	for(k := 0; k <= int xmax; k++){
		if(k > 0)
			t += ",";
		t += " " + string k + " " + quote(pctlabel(k));
	}
	out.puts(t + "\n");
	several := 0;
	for(k = 0; k < ng; k++){
		lines := 0;
		pool := Sample.new(16);
		for(i = 0; i < len a; i++)
			if(gi[i] == k){
				lines++;
				pool.addall(a[i].s.x[0:a[i].s.n]);
			}
		if(lines > 1){
			several = 1;
			for(i = 0; i < len a; i++)
				if(gi[i] == k)
					pctline("l" + string i, a[i].s, ax, xmax, sys->sprint("plot%dp", k));
		}
		pctline("g" + string k, pool, ax, xmax, sys->sprint("plot%ds", k));
	}
	if(several)
		legend += "(pale: each line; strong: a name's lines together)";
	out.puts("label bot " + quote("Percentile") + " \"" + legend + "\" down .1\n");
	out.puts(".G2\n");
}

# pctline draws one sample's percentile curve as grap line id
pctline(id: string, s: ref Sample, ax: ref Axis, xmax: real, colour: string)
{
	s.percentile(0.0);
	v := s.sorted;
	out.puts("draw " + id + " solid color \"" + colour + "\"\n");
	c := pctcols(v, Gcols, xmax);
	for(k := 0; k < Gcols; k++)
		if(c[k] >= 0)
			out.puts("next " + id + " at " + sf(math->floor(pctx(c[k], len v)*1e4 + 0.5)/1e4) + ", " + gval(ax, v[c[k]]) + "\n");
	s.sorted = nil;
}

# ohist overlays histograms in the bins of all the observations
ohist(a: array of ref Result, gi: array of int, ng: int, all: ref Sample, title, legend: string)
{
	r := a[0];
	cl := "Count";
	if(lflag)
		cl = "Count (log scale)";
	gstart(title, "", cl, "");
	(start, w, nil, whole) := bins(all);
	nb := int math->floor((all.hi - start) / w) + 1;
	if(nb < 1)
		nb = 1;
	counts := array[ng] of array of int;
	maxc := 1;
	for(k := 0; k < ng; k++){
		counts[k] = array[nb] of {* => 0};
		for(i := 0; i < len a; i++)
			if(gi[i] == k)
				for(j := 0; j < a[i].s.n; j++){
					b := int math->floor((a[i].s.x[j] - start) / w);
					if(b >= nb)
						b = nb-1;
					if(b < 0)
						b = 0;
					counts[k][b]++;
				}
		if((m := maxcount(counts[k])) > maxc)
			maxc = m;
	}
	(ca, nil) := countaxis(maxc);
	x0 := start;
	if(whole)
		x0 -= 0.5;
	gcoord(x0, x0 + real nb * w, ca);
	base := samples->fmt(ca.lo);
	for(k = 0; k < ng; k++){
		id := "h" + string k;
		out.puts("draw " + id + " solid color \"" + sys->sprint("plot%ds", k) + "\"\n");
		out.puts("next " + id + " at " + samples->fmt(x0) + ", " + base + "\n");
		for(b := 0; b < nb; b++){
			c := base;
			if(counts[k][b] > 0)
				c = string counts[k][b];
			l := samples->fmt(round(x0 + real b * w, w));
			h := samples->fmt(round(x0 + real (b+1) * w, w));
			out.puts("next " + id + " at " + l + ", " + c + "\n");
			out.puts("next " + id + " at " + h + ", " + c + "\n");
		}
		out.puts("next " + id + " at " + samples->fmt(round(x0 + real nb * w, w)) + ", " + base + "\n");
	}
	out.puts("label bot " + quote(axis(r.ylabel, r.yunit)) + " \"" + legend + "\" down .1\n");
	out.puts(".G2\n");
}

# sf formats a number for grap: samples->fmt's digits
sf(v: real): string
{
	return samples->fmt(v);
}

#
# Window: a chart per window on the screen of draw(3)
#

Ww:	con 800;	# window content
Wh:	con 560;
Ml:	con 96;	# margins around the plotting area
Mr:	con 32;
Mt:	con 64;
Mb:	con 72;

Cbar:	con 16r5B8BD9;	# histogram bars, summary boxes
Cedge:	con 16r1F3F7F;	# their outlines
Cdata:	con 16rC0392B;	# observations
Crange:	con 16rEDB5AC;	# a column's range in a long ordered plot
Cgrid:	con 16rE4E4E4;
# -a: the classes' colours: none is the data's, then one a cause
ccolour := array[Nclass] of {Cdata, 16r1F77B4, 16rFF7F0E, 16r2CA02C, 16r9467BD, 16r8C564B, 16r7F7F7F};
Ctext:	con 16r000000;
Cdim:	con 16r505050;

# A chart maps data (x, y) into its window's plotting area.
Chart: adt
{
	w:	ref Win;
	area:	Draw->Rect;
	xlo, xhi:	real;
	y:	ref Axis;

	px:	fn(c: self ref Chart, x: real): int;
	py:	fn(c: self ref Chart, y: real): int;
};

Chart.px(c: self ref Chart, x: real): int
{
	return c.area.min.x + int math->floor((x - c.xlo) / (c.xhi - c.xlo) * real (c.area.max.x - c.area.min.x) + 0.5);
}

Chart.py(c: self ref Chart, y: real): int
{
	return c.area.max.y - int math->floor(c.y.frac(y) * real (c.area.max.y - c.area.min.y) + 0.5);
}

# screen chooses window output when there is a screen: under -w it must
# be there, else its absence means text.
screen()
{
	drawlib = load Drawlib Drawlib->PATH;
	e := "cannot load " + Drawlib->PATH;
	if(drawlib != nil)
		e = drawlib->init();
	if(e == nil){
		wflag = 1;
		return;
	}
	if(wflag)
		fatal("-w: " + e);
}

# ticks returns about n round values from lo to hi; whole makes them whole.
ticks(lo, hi: real, n: int, whole: int): array of real
{
	step := binwidth(hi - lo, n);
	if(whole && step < 1.0)
		step = 1.0;
	return stepticks(lo, hi, step);
}

# stepticks returns the multiples of step from lo to hi
stepticks(lo, hi, step: real): array of real
{
	t0 := math->ceil(lo / step - 1e-9);
	t1 := math->floor(hi / step + 1e-9);
	if(t1 < t0)
		return array[0] of real;
	a := array[int (t1 - t0) + 1] of real;
	for(i := 0; i < len a; i++)
		a[i] = round((t0 + real i) * step, step);
	return a;
}

# outward widens [lo, hi] to multiples of a round step, with zero in it
# under -z: (lo, hi, step)
outward(lo, hi: real): (real, real, real)
{
	(lo, hi) = yrange(lo, hi);
	step := binwidth(hi - lo, 5);
	return (math->floor(lo / step + 1e-9) * step, math->ceil(hi / step - 1e-9) * step, step);
}

# waxis is the value axis of a window: valueaxis widened to round
# values, decades on a log axis; and its ticks
waxis(s: ref Sample): (ref Axis, array of real)
{
	a := valueaxis(s);
	if(a.log){
		widen(a);
		return (a, decades(a.lo, a.hi));
	}
	(lo, hi, step) := outward(s.lo, s.hi);
	return (ref Axis(lo, hi, 0), stepticks(lo, hi, step));
}

# wstart makes the window of a chart: title, statistics, grid, ticks and
# their labels, and the axis labels.  xt are the x ticks, xn their labels.
wstart(title, st, xl, yl: string, xlo, xhi: real, y: ref Axis, xt: array of real, xn: array of string, yt: array of real): ref Chart
{
	(w, e) := drawlib->window(title, Ww, Wh);
	if(w == nil)
		fatal(e);
	c := ref Chart(w, ((Ml, Mt), (w.r.max.x - Mr, w.r.max.y - Mb)), xlo, xhi, y);
	a := c.area;
	w.fill(w.r, Drawlib->White);
	tw := drawlib->textwidth(title, 2);
	w.text(((w.r.max.x - tw)/2, 8), Ctext, 2, title);
	if(st != nil)
		w.text(((w.r.max.x - drawlib->textwidth(st, 1))/2, 34), Cdim, 1, st);
	for(i := 0; i < len yt; i++){
		py := c.py(yt[i]);
		w.line((a.min.x, py), (a.max.x, py), Cgrid, 1);
		w.line((a.min.x - 6, py), (a.min.x - 1, py), Ctext, 1);
		l := num(yt[i]);
		w.text((a.min.x - 9 - drawlib->textwidth(l, 1), py - Drawlib->Fonth/2), Ctext, 1, l);
	}
	for(i = 0; i < len xt; i++){
		x := c.px(xt[i]);
		w.line((x, a.max.y + 1), (x, a.max.y + 6), Ctext, 1);
		w.text((x - drawlib->textwidth(xn[i], 1)/2, a.max.y + 9), Ctext, 1, xn[i]);
	}
	w.text(((a.min.x + a.max.x - drawlib->textwidth(xl, 1))/2, a.max.y + 32), Ctext, 1, xl);
	yx := a.min.x - drawlib->textwidth(yl, 1)/2;
	if(yx < 4)
		yx = 4;
	w.text((yx, a.min.y - 22), Ctext, 1, yl);
	return c;
}

# wfinish draws the axes over the data and shows the chart
wfinish(c: ref Chart)
{
	a := c.area;
	c.w.line((a.min.x - 1, a.min.y), (a.min.x - 1, a.max.y + 1), Ctext, 2);
	c.w.line((a.min.x - 1, a.max.y + 1), (a.max.x, a.max.y + 1), Ctext, 2);
	if((e := c.w.flush()) != nil)
		fatal("drawing: " + e);
}

tlabels(t: array of real): array of string
{
	a := array[len t] of string;
	for(i := 0; i < len t; i++)
		a[i] = num(t[i]);
	return a;
}

# wstats: the statistics of the text heading, on one line
wstats(r: ref Result, s: ref Sample): string
{
	items := stats(r, s);
	l := "";
	for(i := 0; i < len items; i++)
		if(items[i] != ""){
			if(l != "")
				l += "  ";
			l += items[i];
		}
	return l;
}

# logaxis marks a log axis's label
logaxis(l: string, a: ref Axis): string
{
	if(a.log)
		return l + ", log scale";
	return l;
}

# wobs draws observations against their order, as a line or as points;
# with more than two a pixel column, each column's range and median
wobs(r: ref Result, s: ref Sample, idx: array of int, shape: string)
{
	if(s.n == 0)
		fatal(r.name + ": no observations left");
	st := wstats(r, s);
	xhi := real r.n;
	if(xhi <= 1.0)
		xhi = 2.0;
	(ya, yt) := waxis(s);
	xt := ticks(1.0, xhi, 8, 1);
	c := wstart(r.name, st, axis(r.xlabel, r.xunit), logaxis(axis(r.ylabel, r.yunit), ya),
		1.0, xhi, ya, xt, tlabels(xt), yt);
	w := c.w;
	if(s.n > 2*(c.area.max.x - c.area.min.x)){
		wdense(c, s, idx, r.n, shape);
		if(aflag)
			wdensecauses(c, r, s, idx);
		wfinish(c);
		return;
	}
	prev: Draw->Point;
	for(i := 0; i < s.n; i++){
		p := Draw->Point(c.px(place(idx, i)), c.py(s.x[i]));
		if(shape == "1l"){
			if(i > 0)
				w.line(prev, p, Cdata, 2);
			else
				w.point(p, Cdata);
		}else
			w.fill(((p.x - 1, p.y - 1), (p.x + 2, p.y + 2)), Cdata);
		prev = p;
	}
	if(aflag){
		for(i = 0; i < s.n; i++)
			if((k := class(r, idx, i)) > 0)
				wmark(c, c.px(place(idx, i)), c.py(s.x[i]), k);
		wlegend(c, r);
	}
	wfinish(c);
}

# wmark marks a point of class k
wmark(c: ref Chart, x, y, k: int)
{
	c.w.fill(((x - 2, y - 2), (x + 3, y + 3)), ccolour[k]);
}

# wlegend writes the classes' colours under the chart
wlegend(c: ref Chart, r: ref Result)
{
	a := c.area;
	x := a.min.x;
	y := a.max.y + 48;
	x = c.w.text((x, y), Cdim, 1, "the cause that took most of each:").x + 8;
	for(k := 0; k < len r.classes; k++){
		c.w.fill(((x, y + 2), (x + 8, y + 10)), ccolour[k]);
		x = c.w.text((x + 11, y), Ctext, 1, r.classes[k]).x + 10;
	}
}

# wdense draws more observations than there are pixels across: in each
# column of pixels a light stroke from the least to the greatest value
# that falls there, and the median in the data's colour (joined from
# column to column for a line)
wdense(c: ref Chart, s: ref Sample, idx: array of int, nplace: int, shape: string)
{
	ncol := c.area.max.x - c.area.min.x + 1;
	cols := columns(s, idx, nplace, ncol);
	prev := Draw->Point(-1, 0);
	for(k := 0; k < ncol; k++){
		if(cols[k].n == 0)
			continue;
		x := c.area.min.x + k;
		c.w.line((x, c.py(cols[k].lo)), (x, c.py(cols[k].hi)), Crange, 1);
	}
	for(k = 0; k < ncol; k++){
		if(cols[k].n == 0)
			continue;
		p := Draw->Point(c.area.min.x + k, c.py(cols[k].med));
		if(shape == "1l" && prev.x >= 0)
			c.w.line(prev, p, Cdata, 1);
		else
			c.w.fill(((p.x, p.y - 1), (p.x + 1, p.y + 1)), Cdata);
		prev = p;
	}
	a := c.area;
	c.w.text((a.max.x - drawlib->textwidth("light: a column's range; dark: its median", 1), a.max.y + 32),
		Cdim, 1, "light: a column's range; dark: its median");
}

# wdensecauses marks each pixel column's greatest observation with its cause
wdensecauses(c: ref Chart, r: ref Result, s: ref Sample, idx: array of int)
{
	ncol := c.area.max.x - c.area.min.x + 1;
	(top, tc) := colmax(r, s, idx, r.n, ncol);
	for(k := 0; k < ncol; k++)
		if(tc[k] > 0)
			wmark(c, c.area.min.x + k, c.py(top[k]), tc[k]);
	wlegend(c, r);
}

# whist draws a histogram: a bar per bin, as high as its count (under
# -l on a log axis of counts); the axis reaches above the tallest bar.
# Bins of whole numbers are centred on their value, as in grap.
whist(r: ref Result, s: ref Sample, idx: array of int, start, bw: real, counts: array of int, whole: int)
{
	cc: array of array of int;
	if(aflag)
		cc = classcounts(r, s, idx, start, bw, len counts);
	(ca, step) := countaxis(maxcount(counts));
	yt: array of real;
	if(ca.log)
		yt = decades(1.0, ca.hi);
	else
		yt = stepticks(0.0, ca.hi, step);
	xlo := start;
	xhi := start + real len counts * bw;
	if(whole){
		xlo -= 0.5;
		xhi -= 0.5;
	}
	xt := ticks(xlo, xhi, 10, whole);
	c := wstart(r.name, wstats(r, s), axis(r.ylabel, r.yunit), logaxis("Count", ca),
		xlo, xhi, ca, xt, tlabels(xt), yt);
	w := c.w;
	for(i := 0; i < len counts; i++){
		if(counts[i] == 0)
			continue;
		b0 := xlo + real i * bw;
		x0 := c.px(b0);
		x1 := c.px(b0 + bw);
		y := c.py(real counts[i]);
		y1 := c.area.max.y + 1;
		w.fill(((x0, y), (x1, y1)), Cbar);
		if(cc != nil){
			# the classes stacked from the axis, none first
			cum := 0;
			yb := y1;
			for(k := 0; k < len cc[i]; k++){
				if(cc[i][k] == 0)
					continue;
				cum += cc[i][k];
				yt := c.py(real cum);
				w.fill(((x0, yt), (x1, yb)), ccolour[k]);
				yb = yt;
			}
		}
		w.line((x0, y), (x0, y1 - 1), Cedge, 1);
		w.line((x0, y), (x1, y), Cedge, 1);
		w.line((x1, y), (x1, y1 - 1), Cedge, 1);
	}
	if(aflag)
		wlegend(c, r);
	wfinish(c);
}

# wpct draws the percentile plot: a point per pixel column, joined
wpct(r: ref Result, s: ref Sample, idx: array of int)
{
	st := pctsummary(s);
	(ya, yt) := waxis(s);
	s.percentile(0.0);
	v := s.sorted;
	xmax := pctxmax(s.n);
	xt := array[int xmax + 1] of real;
	xn := array[len xt] of string;
	for(k := 0; k < len xt; k++){
		xt[k] = real k;
		xn[k] = pctlabel(k);
	}
	c := wstart(r.name, st, "Percentile", logaxis(axis(r.ylabel, r.yunit), ya),
		0.0, xmax, ya, xt, xn, yt);
	ncol := c.area.max.x - c.area.min.x + 1;
	cols := pctcols(v, ncol, xmax);
	prev := Draw->Point(-1, 0);
	for(k = 0; k < ncol; k++){
		if(cols[k] < 0)
			continue;
		p := Draw->Point(c.px(pctx(cols[k], len v)), c.py(v[cols[k]]));
		if(prev.x >= 0)
			c.w.line(prev, p, Cdata, 2);
		else
			c.w.point(p, Cdata);
		prev = p;
	}
	if(aflag){
		sc := sortedclasses(r, s, idx);
		for(k = 0; k < ncol; k++)
			if(cols[k] >= 0 && sc[cols[k]] > 0)
				wmark(c, c.px(pctx(cols[k], len v)), c.py(v[cols[k]]), sc[cols[k]]);
		wlegend(c, r);
	}
	s.sorted = nil;
	wfinish(c);
}

# wsummary draws summaries side by side: the range with its ends, the
# box (tsummary's), a bar at the median and a dot at the mean, and a
# legend under them
wsummary(a: array of ref Result)
{
	title := a[0].name;
	if(len a > 1)
		title = "Summary";
	lo := a[0].v[2];
	hi := a[0].v[3];
	robust := 1;
	for(i := 0; i < len a; i++){
		if(a[i].v[2] < lo)
			lo = a[i].v[2];
		if(a[i].v[3] > hi)
			hi = a[i].v[3];
		if(len a[i].v != 7)
			robust = 0;
	}
	ystep: real;
	(lo, hi, ystep) = outward(lo, hi);
	xt := array[len a] of real;
	xn := array[len a] of string;
	for(i = 0; i < len a; i++){
		xt[i] = real (i+1);
		xn[i] = a[i].name;
	}
	c := wstart(title, nil, legend(robust, "line", "box", "bar", "dot"), axis(a[0].ylabel, a[0].yunit),
		0.0, real (len a + 1), ref Axis(lo, hi, 0), xt, xn, stepticks(lo, hi, ystep));
	w := c.w;
	hw := (c.px(1.0) - c.px(0.0)) / 4;
	if(hw > 30)
		hw = 30;
	for(i = 0; i < len a; i++){
		v := a[i].v;
		x := c.px(real (i+1));
		(b0, b1) := box(v);
		w.line((x, c.py(v[2])), (x, c.py(v[3])), Ctext, 1);
		w.line((x - hw/2, c.py(v[2])), (x + hw/2, c.py(v[2])), Ctext, 1);
		w.line((x - hw/2, c.py(v[3])), (x + hw/2, c.py(v[3])), Ctext, 1);
		w.fill(((x - hw, c.py(b1)), (x + hw + 1, c.py(b0) + 1)), Cbar);
		if(len v == 7)
			w.line((x - hw, c.py(v[5])), (x + hw, c.py(v[5])), Cedge, 3);
		m := c.py(v[1]);
		w.fill(((x - 3, m - 3), (x + 4, m + 4)), Cdata);
	}
	wfinish(c);
}
