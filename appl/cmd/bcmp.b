implement Bcmp;

# bcmp -- compare two sets of benchmark observations, in the manner of
# ministat: medians with bootstrap confidence intervals, the variance
# between and within boots, the difference of medians, a Mann-Whitney
# U test, a verdict, and histograms side by side.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "arg.m";
include "stats.m";
	stats: Stats;
	Rand: import stats;

Bcmp: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# Test holds one test's observations on one side: a group per boot.
Test: adt
{
	name:	string;
	ylabel, yunit:	string;
	g:	array of list of array of real;	# per boot, lines in reverse order
};

Nbin:	con 10;
Bar:	con 24;

stderr: ref Sys->FD;
out: ref Iobuf;
conf := 0.95;
nboot := 1000;
seed := big 1;
hflag := 1;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	stats = load Stats Stats->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || stats == nil || arg == nil){
		sys->fprint(stderr, "bcmp: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("bcmp [-q] [-c conf] [-b nboot] [-s seed] [-l old,new] [-t test]... [old new]");
	labels: list of string;
	sel: list of string;
	while((c := arg->opt()) != 0)
		case c {
		'q' =>
			hflag = 0;
		'c' =>
			s := arg->earg();
			conf = real s;
			if(!isnum(s) || conf <= 0.0 || conf >= 1.0){
				sys->fprint(stderr, "bcmp: bad confidence %s: want a number between 0 and 1\n", s);
				arg->usage();
			}
		'b' =>
			s := arg->earg();
			if(!isint(s) || len s > 7 || (nboot = int s) < 10){
				sys->fprint(stderr, "bcmp: bad resample count %s: want 10 to 9999999\n", s);
				arg->usage();
			}
		's' =>
			s := arg->earg();
			if(!isint(s) || len s > 18){
				sys->fprint(stderr, "bcmp: bad seed %s\n", s);
				arg->usage();
			}
			seed = big s;
		'l' =>
			labels = split(arg->earg(), ',');
			if(len labels != 2){
				sys->fprint(stderr, "bcmp: -l wants two labels: old,new\n");
				arg->usage();
			}
		't' =>
			sel = arg->earg() :: sel;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);

	a, b: array of ref Test;
	la, lb: string;
	case len argv {
	0 or 1 =>
		# two result lines of one file
		f := "-";
		if(argv != nil)
			f = hd argv;
		(t, err) := readfiles(f :: nil, 1);
		if(err != nil)
			fatal(err);
		if(len t < 2)
			fatal(f + ": want two result lines with observations");
		a = t[0:1];
		b = t[1:2];
		(la, lb) = (t[0].name, t[1].name);
		if(la == lb){
			la += ".1";
			lb += ".2";
		}
		pair(a, b);
	2 =>
		# each argument is a file per boot, separated by commas
		fa := split(hd argv, ',');
		fb := split(hd tl argv, ',');
		if(fa == nil || fb == nil)
			arg->usage();
		err: string;
		(a, err) = readfiles(fa, 0);
		if(err != nil)
			fatal(err);
		(b, err) = readfiles(fb, 0);
		if(err != nil)
			fatal(err);
		(la, lb) = (base(hd fa), base(hd fb));
		if(len a == 1 && len b == 1)
			pair(a, b);
	* =>
		sys->fprint(stderr, "usage: bcmp [-q] [-c conf] [-b nboot] [-s seed] [-l old,new] [-t test]... [old new]\n");
		raise "fail:usage";
	}
	if(labels != nil)
		(la, lb) = (hd labels, hd tl labels);

	ncmp := 0;
	for(i := 0; i < len a; i++){
		if(sel != nil && !member(a[i].name, sel))
			continue;
		t := find(b, a[i].name);
		if(t == nil){
			out.puts(a[i].name + ": only in " + la + "\n\n");
			continue;
		}
		compare(a[i], t, la, lb);
		ncmp++;
	}
	for(i = 0; i < len b; i++)
		if((sel == nil || member(b[i].name, sel)) && find(a, b[i].name) == nil)
			out.puts(b[i].name + ": only in " + lb + "\n\n");
	if(out.flush() < 0){
		sys->fprint(stderr, "bcmp: write error: %r\n");
		raise "fail:write error";
	}
	if(ncmp == 0)
		fatal("no test to compare");
}

# pair makes the single tests a[0] and b[0], of different names,
# one test to compare, named for both.
pair(a, b: array of ref Test)
{
	if(a[0].name == b[0].name)
		return;
	name := a[0].name + " vs " + b[0].name;
	a[0] = ref *a[0];
	a[0].name = name;
	b[0] = ref *b[0];
	b[0].name = name;
}

fatal(s: string)
{
	if(out != nil)
		out.flush();
	sys->fprint(stderr, "bcmp: %s\n", s);
	raise "fail:" + s;
}

# compare writes the report of one test.
compare(ta, tb: ref Test, la, lb: string)
{
	ga := groups(ta);
	gb := groups(tb);
	r := Rand.new(seed);
	ma := stats->bootmedians(ga, nboot, r);
	mb := stats->bootmedians(gb, nboot, r);
	pa := stats->pool(ga);
	stats->sort(pa);
	pb := stats->pool(gb);
	stats->sort(pb);

	unit := "";
	if(ta.yunit != nil)
		unit = " (" + ta.yunit + ")";
	out.puts(ta.name + ": " + ta.ylabel + unit + "\n");
	if(ta.ylabel != tb.ylabel || ta.yunit != tb.yunit)
		out.puts("warning: " + la + " measures " + ta.ylabel + " in " + ta.yunit + ", " +
			lb + " " + tb.ylabel + " in " + tb.yunit + "\n");
	w := len la;
	if(len lb > w)
		w = len lb;
	pc := sys->sprint("%g%%", 100.0*conf);
	out.puts(pad("", w) + lpad("boots", 6) + lpad("n", 8) + lpad("min", 10) +
		lpad("median [" + pc + " CI]", 30) + lpad("p99", 10) + lpad("max", 10) + "\n");
	describe(la, w, len ga, pa, ma);
	describe(lb, w, len gb, pb, mb);

	if(len ga > 1 || len gb > 1){
		out.puts("standard deviation between boots, within boots:\n");
		variance(la, w, ga);
		variance(lb, w, gb);
	}

	med0 := stats->median(pa);
	d := stats->median(pb) - med0;
	(dlo, dhi) := stats->interval(stats->diffs(ma, mb), conf);
	rel := "";
	if(med0 != 0.0)
		rel = sys->sprint(" (%s%%)", num(100.0*d/med0, 3));
	out.puts("difference of medians " + lb + " - " + la + ": " + num(d, 4) +
		" [" + num(dlo, 4) + ", " + num(dhi, 4) + "]" + rel + "\n");
	(u, nil, p) := stats->mannwhitney(pa, pb);
	out.puts("Mann-Whitney U = " + num(u, 15) + ", p = " + num(p, 3) + "\n");
	if(p < 1.0 - conf && (dlo > 0.0 || dhi < 0.0))
		out.puts("difference at " + pc + " confidence\n");
	else
		out.puts("no difference proven at " + pc + " confidence\n");
	if(hflag)
		histogram(pa, pb, la, lb);
	out.puts("\n");
}

describe(l: string, w, nb: int, p, m: array of real)
{
	(lo, hi) := stats->interval(m, conf);
	ci := num(stats->median(p), 6) + " [" + num(lo, 6) + ", " + num(hi, 6) + "]";
	out.puts(pad(l, w) + lpad(string nb, 6) + lpad(string len p, 8) +
		lpad(num(p[0], 6), 10) + lpad(ci, 30) +
		lpad(num(stats->percentile(p, 99.0), 6), 10) +
		lpad(num(p[len p - 1], 6), 10) + "\n");
}

# variance gives the two components as standard deviations and the
# share of the variance that lies between boots.
variance(l: string, w: int, g: array of array of real)
{
	(b, wi) := stats->varcomp(g);
	share := 0.0;
	if(b*b + wi*wi > 0.0)
		share = 100.0 * b*b / (b*b + wi*wi);
	out.puts(pad(l, w) + lpad(num(b, 4), 14) + lpad(num(wi, 4), 14) +
		"   " + num(share, 3) + "% of the variance between boots\n");
}

# histogram draws both samples in the same bins, each bar the share of
# its own sample, so samples of different sizes compare.
histogram(pa, pb: array of real, la, lb: string)
{
	(edge, ca, cb) := stats->histogram(pa, pb, Nbin);
	most := 0.0;
	for(i := 0; i < len ca; i++){
		if(real ca[i] / real len pa > most)
			most = real ca[i] / real len pa;
		if(real cb[i] / real len pb > most)
			most = real cb[i] / real len pb;
	}
	out.puts(lpad("from", 10) + "  " + pad(la, Bar+8) + "  " + lb + "\n");
	for(i = 0; i < len ca; i++){
		if(i == len ca - 1 && ca[i] == 0 && cb[i] == 0)
			break;
		e := num(edge[i], 5);
		if(i == len ca - 1)
			e = ">" + num(edge[i], 5);
		out.puts(lpad(e, 10) + "  " + bar(ca[i], len pa, most) + "  " + bar(cb[i], len pb, most) + "\n");
	}
}

bar(c, n: int, most: real): string
{
	k := 0;
	if(most > 0.0)
		k = int (real c / real n / most * real Bar);	# int rounds
	s := "";
	for(i := 0; i < k; i++)
		s[i] = '#';
	return pad(s, Bar) + lpad(string c, 8);
}

# groups gives a test's observations per boot, dropping boots without any.
groups(t: ref Test): array of array of real
{
	n := 0;
	for(i := 0; i < len t.g; i++)
		if(t.g[i] != nil)
			n++;
	g := array[n] of array of real;
	n = 0;
	for(i = 0; i < len t.g; i++){
		if(t.g[i] == nil)
			continue;
		m := 0;
		for(l := t.g[i]; l != nil; l = tl l)
			m += len hd l;
		a := array[m] of real;
		for(l = t.g[i]; l != nil; l = tl l){
			m -= len hd l;
			a[m:] = hd l;
		}
		g[n++] = a;
	}
	return g;
}

# readfiles reads the result lines of the files, one per boot, and
# gathers their observations by test, in the order tests first appear.
# Summary lines carry no observations and are passed over.  With each
# set, every line is a test of its own, whatever its name.
readfiles(files: list of string, each: int): (array of ref Test, string)
{
	nf := len files;
	t := array[0] of ref Test;
	for(fi := 0; files != nil; files = tl files){
		f := hd files;
		iob: ref Iobuf;
		if(f == "-")
			iob = bufio->fopen(sys->fildes(0), Bufio->OREAD);
		else
			iob = bufio->open(f, Bufio->OREAD);
		if(iob == nil)
			return (nil, sys->sprint("cannot open %s: %r", f));
		for(lno := 1; (s := iob.gets('\n')) != nil; lno++){
			(name, yl, yu, v, err) := parse(s);
			if(err != nil)
				return (nil, sys->sprint("%s:%d: %s", f, lno, err));
			if(name == nil || len v == 0)
				continue;
			x: ref Test;
			if(!each)
				x = find(t, name);
			if(x == nil){
				x = ref Test(name, yl, yu, array[nf] of list of array of real);
				nt := array[len t + 1] of ref Test;
				nt[0:] = t;
				nt[len t] = x;
				t = nt;
			}
			x.g[fi] = v :: x.g[fi];
		}
		iob.close();
		fi++;
	}
	return (t, nil);
}

# parse takes a result line NAME:shape:xlabel:xunit:ylabel:yunit v1 v2 ...
# apart; a blank line, or a summary line, gives no name.
parse(s: string): (string, string, string, array of real, string)
{
	(nw, w) := sys->tokenize(s, " \t\r\n");
	if(nw == 0)
		return (nil, nil, nil, nil, nil);
	if(ncolon(hd w) != 5 || (hd w)[0] == ':')
		return (nil, nil, nil, nil, "bad label " + clip(hd w) + ": want NAME:shape:xlabel:xunit:ylabel:yunit");
	(name, shape, ylabel, yunit) := fields(hd w);
	if(shape == "summary")
		return (nil, nil, nil, nil, nil);
	v := array[nw-1] of real;
	i := 0;
	for(w = tl w; w != nil; w = tl w){
		if(!isnum(hd w))
			return (nil, nil, nil, nil, "bad value " + clip(hd w));
		v[i++] = real hd w;
	}
	return (name, ylabel, yunit, v, nil);
}

# fields gives the name, shape, ylabel and yunit of a label, empty fields kept.
fields(l: string): (string, string, string, string)
{
	f := array[6] of {* => ""};
	k := 0;
	j := 0;
	for(i := 0; i < len l; i++)
		if(l[i] == ':'){
			f[k++] = l[j:i];
			j = i+1;
		}
	f[k] = l[j:];
	return (f[0], f[1], f[4], f[5]);
}

ncolon(s: string): int
{
	n := 0;
	for(i := 0; i < len s; i++)
		if(s[i] == ':')
			n++;
	return n;
}

clip(s: string): string
{
	if(len s > 40)
		return s[0:40] + "...";
	return s;
}

find(t: array of ref Test, name: string): ref Test
{
	for(i := 0; i < len t; i++)
		if(t[i].name == name)
			return t[i];
	return nil;
}

member(s: string, l: list of string): int
{
	for(; l != nil; l = tl l)
		if(hd l == s)
			return 1;
	return 0;
}

split(s: string, c: int): list of string
{
	l: list of string;
	j := len s;
	for(i := len s - 1; i >= 0; i--)
		if(s[i] == c){
			if(i+1 < j)
				l = s[i+1:j] :: l;
			j = i;
		}
	if(j > 0)
		l = s[0:j] :: l;
	return l;
}

base(f: string): string
{
	for(i := len f - 1; i >= 0; i--)
		if(f[i] == '/')
			return f[i+1:];
	return f;
}

pad(s: string, w: int): string
{
	while(len s < w)
		s += " ";
	return s;
}

lpad(s: string, w: int): string
{
	s = " " + s;
	while(len s < w)
		s = " " + s;
	return s;
}

# num formats v: a whole number as an integer, any other to d
# significant digits, but never losing the integer part.
num(v: real, d: int): string
{
	if(v == 0.0)
		return "0";
	if(v > -9e15 && v < 9e15 && real big v == v)
		return string big v;
	m := 1.0;
	for(i := 1; i < d; i++)
		m *= 10.0;
	if((v >= m || v <= -m) && v > -9e15 && v < 9e15)
		return sys->sprint("%.1f", v);
	return sys->sprint("%.*g", d, v);
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

# isnum: [+-]digits[.digits][e[+-]digits], or with digits only after the point.
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
