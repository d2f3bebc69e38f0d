implement Plot;

# plot -- draw benchmark result lines in a window, as text for a terminal or as grap(1) input

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
};

# Text layout: an 80-column terminal.  Every line is at most 78 wide.
Lw:	con 10;	# width of the value labels left of the axis
Pw:	con 64;	# columns of the plotting area
Ph:	con 15;	# rows of the plotting area
Bw:	con 48;	# longest histogram bar
Autobins:	con 20;	# histogram bins unless -b says
Maxunit:	con 40;	# whole-number data spanning at most this many values get a bin each

stderr: ref Sys->FD;
out: ref Iobuf;
gflag, tflag, wflag, zflag, oflag, nbins: int;
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
	arg->setusage("plot [-gtwz] [-o...] [-p 1l|1d|1h] [-b bins] [file ...]");
	while((c := arg->opt()) != 0)
		case c {
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
		'o' =>
			oflag++;
		'p' =>
			pshape = arg->earg();
			if(pshape != "1l" && pshape != "1d" && pshape != "1h"){
				sys->fprint(stderr, "plot: unknown plot type %s\n", pshape);
				arg->usage();
			}
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

# readall adds the results in f to rs (newest first).
readall(f: ref Iobuf, name: string, rs: list of ref Result): list of ref Result
{
	lineno := 0;
	while((line := f.gets('\n')) != nil){
		lineno++;
		r := parse(line, name + ":" + string lineno);
		if(r != nil)
			rs = r :: rs;
	}
	return rs;
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
	r := ref Result(f[0], f[1], f[2], f[3], f[4], f[5], Sample.new(16), 0, nil);
	if(r.shape != "1l" && r.shape != "1d" && r.shape != "summary")
		fatal(where + ": unknown shape " + r.shape + " in " + label);
	for(;;){
		(i, j) = word(s, j);
		if(i == j)
			break;
		w := s[i:j];
		if(!isnum(w))
			fatal(where + ": " + r.name + ": bad value " + w);
		v := real w;
		if(!math->finite(v))
			fatal(where + ": " + r.name + ": value out of range " + w);
		r.s.addreal(v);
	}
	r.n = r.s.n;
	r.v = r.s.x;
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

# isnum: [+-] digits [. digits] [e [+-] digits], at least one digit before the exponent.
isnum(s: string): int
{
	i := 0;
	if(i < len s && (s[i] == '+' || s[i] == '-'))
		i++;
	nd := 0;
	while(i < len s && s[i] >= '0' && s[i] <= '9'){
		i++;
		nd++;
	}
	if(i < len s && s[i] == '.'){
		i++;
		while(i < len s && s[i] >= '0' && s[i] <= '9'){
			i++;
			nd++;
		}
	}
	if(nd == 0)
		return 0;
	if(i < len s && (s[i] == 'e' || s[i] == 'E')){
		i++;
		if(i < len s && (s[i] == '+' || s[i] == '-'))
			i++;
		ne := 0;
		while(i < len s && s[i] >= '0' && s[i] <= '9'){
			i++;
			ne++;
		}
		if(ne == 0)
			return 0;
	}
	return i == len s;
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

# observations plots one line of observations against their order,
# or as a histogram, after the outlier layers are removed.
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
	if(shape == "1h"){
		(start, w, counts, whole) := bins(s);
		if(wflag)
			whist(r, s, start, w, counts, whole);
		else if(gflag)
			ghist(r, s, start, w, counts);
		else
			thist(r, s, start, w, counts, whole);
	}else{
		if(wflag)
			wobs(r, s, idx, shape);
		else if(gflag)
			gobs(r, s, idx, shape);
		else
			tobs(r, s, idx, shape);
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
		start = math->floor(lo / w) * w;
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

# heading writes the title and the statistics of what is plotted,
# wrapped to the width of the chart.
heading(r: ref Result, s: ref Sample)
{
	out.puts(r.name + "\n");
	(n, mean, lo, hi, sd) := s.stat();
	items := array[] of {
		"n " + string n, "mean " + num(mean), "min " + num(lo), "max " + num(hi),
		"std " + num(sd), "median " + num(s.median()), "",
	};
	s.sorted = nil;	# the median's sorted copy: a million observations fill the heap
	if(n < r.n)
		items[len items - 1] = sys->sprint("(%d outliers removed)", r.n - n);
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

# tobs draws observations against their order on a Ph by Pw grid.
tobs(r: ref Result, s: ref Sample, idx: array of int, shape: string)
{
	heading(r, s);
	if(s.n == 0){
		out.puts("no observations left\n");
		return;
	}
	(ylo, yhi) := yrange(s.lo, s.hi);
	grid := array[Ph] of array of byte;
	for(i := 0; i < Ph; i++)
		grid[i] = array[Pw] of {* => byte ' '};
	pc := -1;
	pr := -1;
	for(i = 0; i < s.n; i++){
		c := scale(place(idx, i), 1.0, real r.n, Pw);
		rr := scale(s.x[i], ylo, yhi, Ph);
		if(shape == "1l" && pc >= 0)
			line(grid, pc, pr, c, rr);
		else
			grid[rr][c] = byte '*';
		pc = c;
		pr = rr;
	}
	out.puts(axis(r.ylabel, r.yunit) + "\n");
	for(i = Ph-1; i >= 0; i--){
		l := "";
		if(i == Ph-1 || i == 0 || i == (Ph-1)/2)
			l = num(ylo + real i * (yhi - ylo) / real (Ph-1));
		out.puts(rpad(l, Lw) + " |");
		out.write(trim(grid[i]), len trim(grid[i]));
		out.puts("\n");
	}
	out.puts(pad("", Lw) + " +" + dashes(Pw) + "\n");
	l := num(1.0);
	h := num(real r.n);
	out.puts(pad("", Lw+2) + l + rpad(h, Pw - len l) + "\n");
	out.puts(centre(axis(r.xlabel, r.xunit)) + "\n");
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

# thist draws a histogram lying on its side: a row per bin.
thist(r: ref Result, s: ref Sample, start, w: real, counts: array of int, whole: int)
{
	heading(r, s);
	maxc := 0;
	for(i := 0; i < len counts; i++)
		if(counts[i] > maxc)
			maxc = counts[i];
	out.puts(pad(axis(r.ylabel, r.yunit), 2*Lw+2) + "Count\n");
	for(i = 0; i < len counts; i++){
		lo := start + real i * w;
		l := rpad(num(lo), Lw);
		if(whole)
			l = pad(l, 2*Lw+1);
		else
			l += " " + rpad(num(lo + w), Lw);
		n := 0;
		if(maxc > 0)
			n = counts[i] * Bw / maxc;
		if(n == 0 && counts[i] > 0)
			n = 1;
		bar := "";
		for(k := 0; k < n; k++)
			bar[k] = '#';
		out.puts(l + " |" + bar + " " + string counts[i] + "\n");
	}
}

# tsummary draws a chart of summaries: each test's range, mean and
# one standard deviation either side, on one scale.
tsummary(a: array of ref Result)
{
	r := a[0];
	out.puts(axis(r.ylabel, r.yunit) + "\n");
	out.puts(sys->sprint("%-10s %8s %10s %10s %10s %10s\n", "", "n", "mean", "min", "max", "std"));
	lo := r.v[2];
	hi := r.v[3];
	for(i := 0; i < len a; i++){
		v := a[i].v;
		out.puts(sys->sprint("%-10s %8s %10s %10s %10s %10s\n", a[i].name,
			num(v[0]), num(v[1]), num(v[2]), num(v[3]), num(v[4])));
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
		c0 := scale(v[2], lo, hi, Pw);
		c1 := scale(v[3], lo, hi, Pw);
		for(c := c0; c <= c1; c++)
			row[c] = byte '-';
		s0 := v[1] - v[4];
		if(s0 < v[2])
			s0 = v[2];
		s1 := v[1] + v[4];
		if(s1 > v[3])
			s1 = v[3];
		for(c = scale(s0, lo, hi, Pw); c <= scale(s1, lo, hi, Pw); c++)
			row[c] = byte '=';
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
	out.puts(centre("- min to max, = mean +- std, * mean") + "\n");
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

gstart(title, xl, yl: string)
{
	out.puts(".G1\nframe ht 2.5 wid 4\n");
	out.puts("label top " + quote(title) + "\n");
	if(yl != "")
		out.puts("label left " + quote(yl) + " left .2\n");
	if(xl != "")
		out.puts("label bot " + quote(xl) + "\n");
}

gobs(r: ref Result, s: ref Sample, idx: array of int, shape: string)
{
	gstart(r.name, axis(r.xlabel, r.xunit), axis(r.ylabel, r.yunit));
	(lo, hi) := yrange(s.lo, s.hi);
	xhi := real r.n;
	if(r.n == 1)
		xhi = 2.0;
	out.puts("coord x 1, " + samples->fmt(xhi) + " y " + samples->fmt(lo) + ", " + samples->fmt(hi) + "\n");
	if(shape == "1l")
		out.puts("draw solid\n");
	for(i := 0; i < s.n; i++){
		p := samples->fmt(place(idx, i)) + ", " + samples->fmt(s.x[i]) + "\n";
		if(shape == "1l")
			out.puts("next at " + p);
		else
			out.puts("bullet at " + p);
	}
	out.puts(".G2\n");
}

ghist(r: ref Result, s: ref Sample, start, w: real, counts: array of int)
{
	gstart(r.name, axis(r.ylabel, r.yunit), "Count");
	maxc := 0;
	for(i := 0; i < len counts; i++)
		if(counts[i] > maxc)
			maxc = counts[i];
	if(maxc == 0)
		maxc = 1;
	out.puts("coord x " + samples->fmt(start) + ", " + samples->fmt(start + real len counts * w) +
		" y 0, " + string maxc + "\n");
	for(i = 0; i < len counts; i++){
		if(counts[i] == 0)
			continue;
		l := samples->fmt(start + real i * w);
		h := samples->fmt(start + real (i+1) * w);
		c := string counts[i];
		out.puts("line from " + l + ",0 to " + l + "," + c + "\n");
		out.puts("line from " + l + "," + c + " to " + h + "," + c + "\n");
		out.puts("line from " + h + "," + c + " to " + h + ",0\n");
	}
	out.puts(".G2\n");
}

gsummary(a: array of ref Result)
{
	title := a[0].name;
	if(len a > 1)
		title = "Summary";
	gstart(title, "", axis(a[0].ylabel, a[0].yunit));
	lo := a[0].v[2];
	hi := a[0].v[3];
	for(i := 0; i < len a; i++){
		if(a[i].v[2] < lo)
			lo = a[i].v[2];
		if(a[i].v[3] > hi)
			hi = a[i].v[3];
	}
	(lo, hi) = yrange(lo, hi);
	out.puts("coord x 0, " + string (len a + 1) + " y " + samples->fmt(lo) + ", " + samples->fmt(hi) + "\n");
	t := "ticks bot out at";
	for(i = 0; i < len a; i++){
		if(i > 0)
			t += ",";
		t += " " + string (i+1) + " " + quote(a[i].name);
	}
	out.puts(t + "\n");
	for(i = 0; i < len a; i++){
		v := a[i].v;
		x := string (i+1);
		s0 := v[1] - v[4];
		if(s0 < v[2])
			s0 = v[2];
		s1 := v[1] + v[4];
		if(s1 > v[3])
			s1 = v[3];
		l := samples->fmt(real (i+1) - 0.2);
		h := samples->fmt(real (i+1) + 0.2);
		out.puts("line from " + x + "," + samples->fmt(v[2]) + " to " + x + "," + samples->fmt(v[3]) + "\n");
		for(k := 0; k < 2; k++){
			e := samples->fmt(s0);
			if(k)
				e = samples->fmt(s1);
			out.puts("line from " + l + "," + e + " to " + h + "," + e + "\n");
		}
		out.puts("line from " + l + "," + samples->fmt(s0) + " to " + l + "," + samples->fmt(s1) + "\n");
		out.puts("line from " + h + "," + samples->fmt(s0) + " to " + h + "," + samples->fmt(s1) + "\n");
		out.puts("bullet at " + x + ", " + samples->fmt(v[1]) + "\n");
	}
	out.puts(".G2\n");
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
Cgrid:	con 16rE4E4E4;
Ctext:	con 16r000000;
Cdim:	con 16r505050;

# A chart maps data (x, y) into its window's plotting area.
Chart: adt
{
	w:	ref Win;
	area:	Draw->Rect;
	xlo, xhi, ylo, yhi:	real;

	px:	fn(c: self ref Chart, x: real): int;
	py:	fn(c: self ref Chart, y: real): int;
};

Chart.px(c: self ref Chart, x: real): int
{
	return c.area.min.x + int math->floor((x - c.xlo) / (c.xhi - c.xlo) * real (c.area.max.x - c.area.min.x) + 0.5);
}

Chart.py(c: self ref Chart, y: real): int
{
	return c.area.max.y - int math->floor((y - c.ylo) / (c.yhi - c.ylo) * real (c.area.max.y - c.area.min.y) + 0.5);
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
		fatal("no screen: " + e);
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
		a[i] = (t0 + real i) * step;
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

# wstart makes the window of a chart: title, statistics, grid, ticks and
# their labels, and the axis labels.  xt are the x ticks, xn their labels.
wstart(title, stats, xl, yl: string, xlo, xhi, ylo, yhi: real, xt: array of real, xn: array of string, yt: array of real): ref Chart
{
	(w, e) := drawlib->window(title, Ww, Wh);
	if(w == nil)
		fatal(e);
	c := ref Chart(w, ((Ml, Mt), (w.r.max.x - Mr, w.r.max.y - Mb)), xlo, xhi, ylo, yhi);
	a := c.area;
	w.fill(w.r, Drawlib->White);
	tw := drawlib->textwidth(title, 2);
	w.text(((w.r.max.x - tw)/2, 8), Ctext, 2, title);
	if(stats != nil)
		w.text(((w.r.max.x - drawlib->textwidth(stats, 1))/2, 34), Cdim, 1, stats);
	for(i := 0; i < len yt; i++){
		y := c.py(yt[i]);
		w.line((a.min.x, y), (a.max.x, y), Cgrid, 1);
		w.line((a.min.x - 6, y), (a.min.x - 1, y), Ctext, 1);
		l := num(yt[i]);
		w.text((a.min.x - 9 - drawlib->textwidth(l, 1), y - Drawlib->Fonth/2), Ctext, 1, l);
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
	(n, mean, lo, hi, sd) := s.stat();
	l := sys->sprint("n %d  mean %s  min %s  max %s  std %s  median %s",
		n, num(mean), num(lo), num(hi), num(sd), num(s.median()));
	s.sorted = nil;
	if(n < r.n)
		l += sys->sprint("  (%d outliers removed)", r.n - n);
	return l;
}

# wobs draws observations against their order, as a line or as points
wobs(r: ref Result, s: ref Sample, idx: array of int, shape: string)
{
	if(s.n == 0)
		fatal(r.name + ": no observations left");
	stats := wstats(r, s);
	xhi := real r.n;
	if(xhi <= 1.0)
		xhi = 2.0;
	(ylo, yhi, ystep) := outward(s.lo, s.hi);
	xt := ticks(1.0, xhi, 8, 1);
	c := wstart(r.name, stats, axis(r.xlabel, r.xunit), axis(r.ylabel, r.yunit),
		1.0, xhi, ylo, yhi, xt, tlabels(xt), stepticks(ylo, yhi, ystep));
	w := c.w;
	if(shape == "1l" && s.n > 2*(c.area.max.x - c.area.min.x)){
		wdense(c, s, idx);
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
	wfinish(c);
}

# wdense draws a line of more observations than there are pixels across:
# in each column of pixels, one stroke from the least to the greatest
# value that falls there, joined to the next column's first value.
wdense(c: ref Chart, s: ref Sample, idx: array of int)
{
	col := -1;
	ymin, ymax, ylast: int;
	for(i := 0; i < s.n; i++){
		p := Draw->Point(c.px(place(idx, i)), c.py(s.x[i]));
		if(p.x != col){
			if(col >= 0){
				c.w.line((col, ymin), (col, ymax), Cdata, 2);
				c.w.line((col, ylast), p, Cdata, 2);
			}
			col = p.x;
			ymin = ymax = p.y;
		}else if(p.y < ymin)
			ymin = p.y;
		else if(p.y > ymax)
			ymax = p.y;
		ylast = p.y;
	}
	c.w.line((col, ymin), (col, ymax), Cdata, 2);
}

# whist draws a histogram: a bar per bin, as high as its count.  Bins of
# whole numbers are centred on their value.
whist(r: ref Result, s: ref Sample, start, bw: real, counts: array of int, whole: int)
{
	maxc := 0;
	for(i := 0; i < len counts; i++)
		if(counts[i] > maxc)
			maxc = counts[i];
	if(maxc == 0)
		maxc = 1;
	(nil, yhi, ystep) := outward(0.0, real maxc);
	if(ystep < 1.0){
		ystep = 1.0;
		yhi = real maxc;
	}
	xlo := start;
	xhi := start + real len counts * bw;
	if(whole){
		xlo -= 0.5;
		xhi -= 0.5;
	}
	xt := ticks(xlo, xhi, 10, whole);
	c := wstart(r.name, wstats(r, s), axis(r.ylabel, r.yunit), "Count",
		xlo, xhi, 0.0, yhi, xt, tlabels(xt), stepticks(0.0, yhi, ystep));
	w := c.w;
	for(i = 0; i < len counts; i++){
		if(counts[i] == 0)
			continue;
		b0 := xlo + real i * bw;
		x0 := c.px(b0);
		x1 := c.px(b0 + bw);
		y := c.py(real counts[i]);
		y1 := c.area.max.y + 1;
		w.fill(((x0, y), (x1, y1)), Cbar);
		w.line((x0, y), (x0, y1 - 1), Cedge, 1);
		w.line((x0, y), (x1, y), Cedge, 1);
		w.line((x1, y), (x1, y1 - 1), Cedge, 1);
	}
	wfinish(c);
}

# wsummary draws summaries side by side: the range, the mean and a
# standard deviation either side
wsummary(a: array of ref Result)
{
	title := a[0].name;
	if(len a > 1)
		title = "Summary";
	lo := a[0].v[2];
	hi := a[0].v[3];
	for(i := 0; i < len a; i++){
		if(a[i].v[2] < lo)
			lo = a[i].v[2];
		if(a[i].v[3] > hi)
			hi = a[i].v[3];
	}
	ystep: real;
	(lo, hi, ystep) = outward(lo, hi);
	xt := array[len a] of real;
	xn := array[len a] of string;
	for(i = 0; i < len a; i++){
		xt[i] = real (i+1);
		xn[i] = a[i].name;
	}
	c := wstart(title, nil, "", axis(a[0].ylabel, a[0].yunit),
		0.0, real (len a + 1), lo, hi, xt, xn, stepticks(lo, hi, ystep));
	w := c.w;
	hw := (c.px(1.0) - c.px(0.0)) / 4;
	if(hw > 30)
		hw = 30;
	for(i = 0; i < len a; i++){
		v := a[i].v;
		x := c.px(real (i+1));
		s0 := v[1] - v[4];
		if(s0 < v[2])
			s0 = v[2];
		s1 := v[1] + v[4];
		if(s1 > v[3])
			s1 = v[3];
		w.line((x, c.py(v[2])), (x, c.py(v[3])), Ctext, 1);
		w.line((x - hw/2, c.py(v[2])), (x + hw/2, c.py(v[2])), Ctext, 1);
		w.line((x - hw/2, c.py(v[3])), (x + hw/2, c.py(v[3])), Ctext, 1);
		w.fill(((x - hw, c.py(s1)), (x + hw + 1, c.py(s0) + 1)), Cbar);
		w.line((x - hw, c.py(v[1])), (x + hw, c.py(v[1])), Cedge, 3);
	}
	wfinish(c);
}
