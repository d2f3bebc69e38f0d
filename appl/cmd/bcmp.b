implement Bcmp;

# bcmp -- compare two sets of benchmark observations taken over several
# boots, and over several kernel layouts: the whole distribution
# (median, p90, p99, p99.9, max, the rate above a threshold,
# Anderson-Darling), each difference with an interval and a permutation
# test over boot (or layout) labels adjusted for the family, the
# variance at each level, equivalence, the planning of Kalibera and
# Jones, and histograms side by side.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "arg.m";
include "sample.m";
	samples: Samples;
include "stats.m";
	stats: Stats;
	Rand, Unit, Cmp, Diff: import stats;
include "attrib.m";
	attrib: Attrib;
	Attribution: import attrib;

Bcmp: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# Run is a run's observations, lines in reverse order, in the order
# taken, each with its attribution to causes (bench(1)) or nil.
Run: adt
{
	id:	int;
	l:	list of array of real;
	at:	list of ref Attribution;
	dl:	list of array of int;	# the delays of each line, for threshold dt (delays)
	dt:	real;
};

# Cstat is a statistic by cause, compare's Given: of each run, the
# delays (observations at or above the delay threshold) that cause (a
# cause or a family of them, attrib(2)) took the most of, or the time
# it took of the delays; and of each side its greatest such delay.
Cstat: adt
{
	cause:	string;
	time:	int;
	max:	array of real;	# a's, b's
};

# Test holds one test's observations on one side, and its warm-up.
Test: adt
{
	name:	string;
	ylabel, yunit:	string;
	runs:	array of list of ref Run;	# per file (boot), runs in reverse order
	warm:	array of string;	# per file, the warm-up count bench reported
	badunit:	string;	# the files of the side disagree on the unit
	seen:	int;	# a result line named it (not only a warm-up line)
};

# Side is what was read of one side: its tests and the facts its
# comment lines gave (see the grammar in plot(1)).
Side: adt
{
	label:	string;
	nfile:	int;
	tests:	array of ref Test;
	clocks:	list of string;	# distinct values of "# clock"
	kernels:	list of string;	# distinct "NAME HASH" of "# kernel"
	commands:	list of string;
	files:	array of string;	# the file of each boot
	layout:	array of string;	# per file, its "# layout", or nil
	kern:	array of string;	# per file, its "# kernel", or nil
	wall:	real;	# seconds a boot took, summed over files that say
	span:	real;	# seconds its runs took (from "# time" stamps)
	nruns:	int;	# runs counted in those files
	ntimed:	int;	# files that gave both
	host:	array of string;	# per file, its "# host" (compare -H), or nil
};

# Fam is the family of statistics of a test: sel[j] with its threshold
# th[j] (Tail) or its statistic by cause cs[j] and units xa[j], xb[j]
# (Given); the thresholds left out (flat: none on either side reaches
# them, or all do) and the causes asked for that took no delay (cflat);
# and the host's delays, described, never tested.
Fam: adt
{
	sel:	array of int;
	th:	array of real;
	cs:	array of ref Cstat;
	xa, xb:	array of array of ref Unit;
	flat:	list of real;
	cflat:	list of string;
	host:	array of ref Cstat;	# count and time, or nil
	hu:	array of array of ref Unit;	# their units: a's count, b's, a's time, b's
	prim:	int;	# the primary statistic's index in sel (primary)
};

# Text holds the report while the tests are compared, so that the
# summary, which needs them all, can open it.
Text: adt
{
	l:	list of string;	# in reverse order

	puts:	fn(t: self ref Text, s: string);
	flush:	fn(t: self ref Text): int;
};

# Row is a test's line in the summary: the statistic shown (the primary,
# else the first percentile found different, else the median), each
# side's value, the change, its adjusted p, and the verdict in short.
Row: adt
{
	name, stat, a, b, change, p, verdict:	string;
};

Nbin:	con 10;
Big:	con 1e300;
Bar:	con 24;
Maxarr:	con 10000;

stderr: ref Sys->FD;
stdout: ref Iobuf;
out: ref Text;
rows: list of ref Row;	# the summary, in reverse order
row: ref Row;	# the test being compared
conf := 0.95;
seed := big 1;
hflag := 1;
aflag := 0;
fflag := 0;
margin := -1.0;
tlist: list of string;	# -t's thresholds, as given
width := -1.0;
maxarr := Maxarr;
status := "";
dflag: string;
layered := 0;	# the top level of both sides is the layout
unitname := "layout";	# what the top level is: layout, host, or host/layout
inlayout: string;	# a test's boots all alike, in this one layout: its results hold there only
delay := 0.0;	# a test's delays are its observations at or above this
clist: list of string;	# -a's causes, as given

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	stats = load Stats Stats->PATH;
	attrib = load Attrib Attrib->PATH;
	samples = load Samples Samples->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || stats == nil || attrib == nil || samples == nil || arg == nil){
		sys->fprint(stderr, "bcmp: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("bcmp [-aqf] [-c conf] [-e margin%] [-t threshold]... [-C cause]... [-w halfwidth%] [-p narr] [-s seed] [-l old,new] [-T test]... [old new]\n       bcmp [-c conf] -d k[,unit[,option]]");
	labels: list of string;
	sel: list of string;
	while((c := arg->opt()) != 0)
		case c {
		'q' =>
			hflag = 0;
		'a' =>
			aflag = 1;
		'f' =>
			fflag = 1;
		'c' =>
			s := arg->earg();
			conf = real s;
			if(!samples->isnum(s) || conf <= 0.0 || conf >= 1.0){
				sys->fprint(stderr, "bcmp: bad confidence %s: want a number between 0 and 1\n", s);
				arg->usage();
			}
		'e' =>
			margin = percent(arg->earg(), "equivalence margin");
		'w' =>
			width = percent(arg->earg(), "half-width");
		't' =>
			s := arg->earg();
			(nil, err) := stats->threshold(s, "ns");
			if(err != nil){
				sys->fprint(stderr, "bcmp: %s\n", err);
				arg->usage();
			}
			tlist = s :: tlist;
		'd' =>
			dflag = arg->earg();
		'C' =>
			s := arg->earg();
			err := attrib->checkcause(s);
			if(err == nil && (s == "host" || s == "none"))
				err = "-C " + s + ": not a cause in the kernel: the host's delays, and those of no cause, are described, never tested";
			if(err != nil){
				sys->fprint(stderr, "bcmp: %s\n", err);
				arg->usage();
			}
			clist = s :: clist;
		'p' =>
			s := arg->earg();
			if(!isint(s) || len s > 7 || (maxarr = int s) < 100){
				sys->fprint(stderr, "bcmp: bad arrangement count %s: want 100 to 9999999\n", s);
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
		'T' =>
			sel = arg->earg() :: sel;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	stdout = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	out = ref Text(nil);
	if(dflag != nil){
		if(argv != nil)
			arg->usage();
		plan(dflag);
		return;
	}
	tlist = rev(tlist);
	clist = rev(clist);

	a, b: ref Side;
	case len argv {
	0 or 1 =>
		# two result lines of one file: one run of one boot a side
		f := "-";
		if(argv != nil)
			f = hd argv;
		(s, err) := readside(f :: nil, 1);
		if(err != nil)
			fatal(err);
		t := s.tests;
		if(len t < 2)
			fatal(f + ": want two result lines with observations");
		a = ref *s;
		b = ref *s;
		a.tests = t[0:1];
		b.tests = t[1:2];
		(a.label, b.label) = (t[0].name, t[1].name);
		if(a.label == b.label){
			a.label += ".1";
			b.label += ".2";
		}
		pair(a.tests, b.tests);
	2 =>
		# each argument is a file per boot, separated by commas
		fa := split(hd argv, ',');
		fb := split(hd tl argv, ',');
		if(fa == nil || fb == nil)
			arg->usage();
		err: string;
		(a, err) = readside(fa, 0);
		if(err != nil)
			fatal(err);
		(b, err) = readside(fb, 0);
		if(err != nil)
			fatal(err);
		(a.label, b.label) = (base(hd fa), base(hd fb));
		if(len a.tests == 1 && len b.tests == 1)
			pair(a.tests, b.tests);
	* =>
		arg->usage();
	}
	arg = nil;
	if(labels != nil)
		(a.label, b.label) = (hd labels, hd tl labels);
	if(len a.tests == 0)
		fatal(a.label + ": no observations");
	if(len b.tests == 0)
		fatal(b.label + ": no observations");
	checksides(a, b);
	layered = levelsides(a, b);

	ncmp := 0;
	nverdict := 0;
	for(i := 0; i < len a.tests; i++){
		if(sel != nil && !member(a.tests[i].name, sel))
			continue;
		t := find(b.tests, a.tests[i].name);
		if(t == nil){
			out.puts(a.tests[i].name + ": only in " + a.label + "\n\n");
			rows = ref Row(a.tests[i].name, "", "", "", "", "", "only in " + a.label) :: rows;
			continue;
		}
		ncmp++;
		if(compare(a, b, a.tests[i], t))
			nverdict++;
	}
	for(i = 0; i < len b.tests; i++)
		if((sel == nil || member(b.tests[i].name, sel)) && find(a.tests, b.tests[i].name) == nil){
			out.puts(b.tests[i].name + ": only in " + b.label + "\n\n");
			rows = ref Row(b.tests[i].name, "", "", "", "", "", "only in " + b.label) :: rows;
		}
	if(ncmp > 0)
		summary(a.label, b.label);
	if(out.flush() < 0){
		sys->fprint(stderr, "bcmp: write error: %r\n");
		raise "fail:write error";
	}
	if(ncmp == 0)
		fatal("no test to compare");
	if(status != nil)
		raise "fail:" + status;
	if(nverdict == 0){
		sys->fprint(stderr, "bcmp: no verdict possible\n");
		raise "fail:no verdict";
	}
}

Text.puts(t: self ref Text, s: string)
{
	t.l = s :: t.l;
}

# flush writes what the report holds so far to standard output.
Text.flush(t: self ref Text): int
{
	for(l := rev(t.l); l != nil; l = tl l)
		stdout.puts(hd l);
	t.l = nil;
	return stdout.flush();
}

# summary writes the table that opens the report, a row a test, in
# benchstat's shape; columns are at least two spaces apart (report(8)
# splits them there), so no cell holds two spaces.
summary(la, lb: string)
{
	r := array[len rows + 1] of ref Row;
	r[0] = ref Row("test", "statistic", la, lb, "change", "p", "verdict");
	i := len r;
	for(l := rows; l != nil; l = tl l)
		r[--i] = hd l;
	w := array[6] of {* => 0};
	for(i = 0; i < len r; i++){
		c := cells(r[i]);
		for(j := 0; j < len w; j++)
			if(len c[j] > w[j])
				w[j] = len c[j];
	}
	stdout.puts("summary: " + lb + " against " + la + ", a test a line (the statistic: the primary, tested first, else the first percentile found different, else the median; p adjusted within the test)\n");
	for(i = 0; i < len r; i++){
		c := cells(r[i]);
		s := pad(c[0], w[0]) + "  " + pad(c[1], w[1]);
		for(j := 2; j < len w; j++)
			s += lpad(c[j], w[j]+2);
		stdout.puts(s + "  " + r[i].verdict + "\n");
	}
	stdout.puts("\n");
}

# cells gives a row's cells but the verdict, "-" for those it lacks.
cells(r: ref Row): array of string
{
	c := array[] of {r.name, r.stat, r.a, r.b, r.change, r.p};
	for(i := 0; i < len c; i++)
		if(c[i] == nil)
			c[i] = "-";
	return c;
}

percent(s, what: string): real
{
	if(len s > 0 && s[len s - 1] == '%')
		s = s[0:len s - 1];
	if(!samples->isnum(s) || real s <= 0.0){
		sys->fprint(stderr, "bcmp: bad %s %s: want a percentage above 0, such as 2%%\n", what, s);
		raise "fail:usage";
	}
	return real s;
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

# complain says what of a test is left out, for a reason the exit
# status will carry; the rest of the test is reported.
complain(name, why: string)
{
	sys->fprint(stderr, "bcmp: %s: %s\n", name, why);
	status = "refused";
}

# refuse gives up one test, for a reason the exit status will carry.
refuse(name, why: string)
{
	sys->fprint(stderr, "bcmp: %s: %s\n", name, why);
	status = "refused";
	rows = ref Row(name, "", "", "", "", "", "refused") :: rows;
}

warn(s: string)
{
	out.puts("warning: " + s + "\n");
}

# checksides refuses sides measured on different clocks (unless -f)
# and warns of different commands and of two builds of one kernel.
checksides(a, b: ref Side)
{
	for(l := a :: b :: nil; l != nil; l = tl l){
		s := hd l;
		if(len s.clocks > 1)
			fatal(s.label + ": its boots were measured with different clocks (" + join(s.clocks, ", ") + ")");
		if(len s.kernels > 1 && mixed(s))
			warn(s.label + " mixes builds: " + join(s.kernels, "; "));
	}
	if(a.clocks != nil && b.clocks != nil && hd a.clocks != hd b.clocks){
		why := a.label + " was measured with the " + hd a.clocks + " clock, " + b.label + " with " + hd b.clocks;
		if(!fflag)
			fatal(why + ": refusing to compare (-f forces)");
		warn(why + " (forced)");
	}else if((a.clocks == nil) != (b.clocks == nil))
		warn("only one side says which clock measured it");
	if(a.commands != nil && b.commands != nil && join(a.commands, "") != join(b.commands, ""))
		warn("the sides ran different commands: " + join(a.commands, "; ") + " and " + join(b.commands, "; "));
	if(a.kernels != nil && b.kernels != nil){
		(na, ha) := kernel(hd a.kernels);
		(nb, hb) := kernel(hd b.kernels);
		if(len a.kernels > 1 || len b.kernels > 1)
			out.puts(a.label + ": kernel " + na + describelayouts(a) + "; " + b.label + ": kernel " + nb + describelayouts(b) + "\n");
		else{
			if(na == nb && ha != hb && join(layouts(a), " ") == join(layouts(b), " "))
				warn("both sides are kernel " + na + ", but two builds of it (" + ha + ", " + hb + ")");
			out.puts(a.label + ": kernel " + hd a.kernels + describelayouts(a) + "; " + b.label + ": kernel " + hd b.kernels + describelayouts(b) + "\n");
		}
	}
}

# mixed: the files of a side that name one layout name more than one
# kernel (a layout of each kernel is a build of its own)
mixed(s: ref Side): int
{
	for(i := 0; i < s.nfile; i++)
		for(j := 0; j < i; j++)
			if(s.layout[i] == s.layout[j] && s.kern[i] != s.kern[j])
				return 1;
	return 0;
}

# layouts lists the distinct layouts of a side's files, the last seen
# first (as join wants them)
layouts(s: ref Side): list of string
{
	l: list of string;
	for(i := 0; i < s.nfile; i++)
		if(s.layout[i] != nil && !member(s.layout[i], l))
			l = s.layout[i] :: l;
	return l;
}

describelayouts(s: ref Side): string
{
	l := layouts(s);
	case len l {
	0 =>
		return "";
	1 =>
		if(hd l == "0")
			return "";
		return " in layout " + hd l;
	}
	return " in " + string len l + " layouts (" + join(l, " ") + ")";
}

# levelsides says whether the layouts make a level of their own: when
# each side has several.  When only one does, the layout's share of the
# variance is unknown on the other, and the test would take the layout
# variance of one side only: the boots stay the units, with a warning.
levelsides(a, b: ref Side): int
{
	# under the real clock, boots spread over hosts (compare -H) are
	# not exchangeable between hosts: the host (with the layout, if
	# they vary too) is the top level, as the layout is
	if(member("real", a.clocks) && len distinct(a.host) >= 2 && len distinct(b.host) >= 2){
		unitname = "host";
		if(len layouts(a) >= 2 && len layouts(b) >= 2)
			unitname = "host/layout";
		return 1;
	}
	na := len layouts(a);
	nb := len layouts(b);
	if(na >= 2 && nb >= 2)
		return 1;
	if(na >= 2 || nb >= 2){
		one := a;
		if(nb >= 2)
			one = b;
		warn("only " + one.label + " spans layouts: the boots are the units, and layout is not a level of the comparison");
	}
	return 0;
}

# distinct lists the distinct values of a, nil left out
distinct(a: array of string): list of string
{
	l: list of string;
	for(i := 0; i < len a; i++)
		if(a[i] != nil && !member(a[i], l))
			l = a[i] :: l;
	return l;
}

# unitkey names the top-level unit of file i of a side
unitkey(s: ref Side, i: int): string
{
	case unitname {
	"host" =>
		return s.host[i];
	"host/layout" =>
		return s.host[i] + "/" + s.layout[i];
	}
	return s.layout[i];
}

kernel(s: string): (string, string)
{
	for(i := 0; i < len s; i++)
		if(s[i] == ' ')
			return (s[0:i], s[i+1:]);
	return (s, "");
}

# units gives a test's observations on one side as units, a boot
# (file) each holding its runs, boots without any left out; when the
# sides are layered, a layout each holding its boots, in the order the
# layouts first appear.  With cs, each run's leaf holds instead the one
# value of statistic cs of that run (side k: 0 a, 1 b).
units(s: ref Side, t: ref Test, cs: ref Cstat, k: int): array of ref Unit
{
	n := 0;
	for(i := 0; i < len t.runs; i++)
		if(t.runs[i] != nil)
			n++;
	u := array[n] of ref Unit;
	lay := array[n] of string;
	n = 0;
	for(i = 0; i < len t.runs; i++){
		if(t.runs[i] == nil)
			continue;
		r := array[len t.runs[i]] of ref Unit;
		m := len r;
		for(l := t.runs[i]; l != nil; l = tl l)
			if(cs == nil)
				r[--m] = Unit.leaf(cat((hd l).l));
			else
				r[--m] = Unit.leaf(array[] of {cleaf(hd l, cs, k)});
		lay[n] = unitkey(s, i);
		u[n++] = Unit.group(r);
	}
	if(!layered)
		return u;
	ls: list of ref Unit;
	nl := 0;
	done := array[n] of {* => 0};
	for(i = 0; i < n; i++){
		if(done[i])
			continue;
		m := 0;
		for(j := i; j < n; j++)
			if(lay[j] == lay[i])
				m++;
		b := array[m] of ref Unit;
		m = 0;
		for(j = i; j < n; j++)
			if(lay[j] == lay[i]){
				b[m++] = u[j];
				done[j] = 1;
			}
		ls = Unit.group(b) :: ls;
		nl++;
	}
	v := array[nl] of ref Unit;
	for(; ls != nil; ls = tl ls)
		v[--nl] = hd ls;
	return v;
}

# cleaf gives statistic cs of a run of side k, a share of the run's
# observations (as Tail is) or a time per observation, and notes the
# greatest delay cs.cause took most of.
cleaf(r: ref Run, cs: ref Cstat, k: int): real
{
	n := 0;
	sum := 0.0;
	at := r.at;
	dl := delays(r);
	for(l := r.l; l != nil; l = tl l){
		x := hd l;
		a := hd at;
		at = tl at;
		d := hd dl;
		dl = tl dl;
		n += len x;
		(xd, main, took) := mainof(a, x, d, cs.cause);
		(c, t) := stats->delays(xd, main, took, 1, delay);
		if(cs.time)
			sum += t;
		else
			sum += real c;
		for(i := 0; i < len xd; i++)
			if(main[i] && xd[i] > cs.max[k])
				cs.max[k] = xd[i];
	}
	if(n == 0)
		return 0.0;
	return sum / real n;
}

# delays gives the delays of each line of r, in the order of r.l, as
# delayed does: found once for the threshold, then kept.
delays(r: ref Run): list of array of int
{
	if(r.dl == nil || r.dt != delay){
		l: list of array of int;
		for(x := r.l; x != nil; x = tl x)
			l = delayed(hd x) :: l;
		r.dl = nil;
		for(; l != nil; l = tl l)
			r.dl = hd l :: r.dl;
		r.dt = delay;
	}
	return r.dl;
}

# delayed gives the delays of x, the observations at or above the
# threshold, numbered from 1.
delayed(x: array of real): array of int
{
	n := 0;
	for(i := 0; i < len x; i++)
		if(x[i] >= delay)
			n++;
	d := array[n] of int;
	n = 0;
	for(i = 0; i < len x; i++)
		if(x[i] >= delay)
			d[n++] = i+1;
	return d;
}

# mainof gives the delays d of x, in order: their values, for each 1 if
# the cause that took the most of it is cause or of its family (else
# 0), and the time cause took of it.  Only the delays: those are all
# that stats->delays counts, and a run has few among 100000
# observations.
mainof(a: ref Attribution, x: array of real, d: array of int, cause: string): (array of real, array of int, array of real)
{
	(took, m) := a.subset(cause, d);
	f := array[len a.causes] of int;
	for(c := 0; c < len a.causes; c++)
		f[c] = attrib->incause(cause, a.causes[c]);
	xd := array[len d] of real;
	r := array[len d] of {* => 0};
	for(i := 0; i < len d; i++){
		xd[i] = x[d[i]-1];
		if(m[i] >= 0)
			r[i] = f[m[i]];
	}
	return (xd, r, took);
}

# count gives the number of units d levels below the top of u
count(u: array of ref Unit, d: int): int
{
	if(d == 0)
		return len u;
	n := 0;
	for(i := 0; i < len u; i++)
		if(u[i].sub != nil)
			n += count(u[i].sub, d-1);
	return n;
}

# cat joins the lines of a run (held in reverse order).
cat(l: list of array of real): array of real
{
	m := 0;
	for(k := l; k != nil; k = tl k)
		m += len hd k;
	a := array[m] of real;
	for(; l != nil; l = tl l){
		m -= len hd l;
		a[m:] = hd l;
	}
	return a;
}

# compare writes the report of one test; it says whether a verdict
# was possible.
compare(sa, sb: ref Side, ta, tb: ref Test): int
{
	(la, lb) := (sa.label, sb.label);
	unit := ta.yunit;
	if(ta.badunit != nil){
		refuse(ta.name, la + " " + ta.badunit);
		return 0;
	}
	if(tb.badunit != nil){
		refuse(ta.name, lb + " " + tb.badunit);
		return 0;
	}
	if(ta.yunit != tb.yunit){
		refuse(ta.name, la + " measures " + ta.ylabel + " in " + ta.yunit + ", " + lb +
			" in " + tb.yunit + ": refusing to compare different units");
		return 0;
	}
	ua := units(sa, ta, nil, 0);
	ub := units(sb, tb, nil, 0);
	(rungs, err) := thresholds(unit);
	if(err != nil){
		refuse(ta.name, err);
		return 0;
	}
	row = ref Row(ta.name, nil, nil, nil, nil, nil, nil);
	rows = row :: rows;
	setrow("median", side(ua, Stats->Median, 0.0), side(ub, Stats->Median, 0.0), unit, nil);

	u := "";
	if(unit != nil)
		u = " (" + unit + ")";
	out.puts(ta.name + ": " + ta.ylabel + u + "\n");
	wa := warm(ta);
	wb := warm(tb);
	if(wa != wb)
		warn(ta.name + ": the warm-up differs: " + la + " " + wa + ", " + lb + " " + wb);
	w := len la;
	if(len lb > w)
		w = len lb;
	(fam, cerr) := family(sa, ta, sb, tb, ua, ub, rungs);
	if(cerr != nil)
		complain(ta.name, cerr);
	sel := fam.sel;
	hdr := pad("", w);
	if(layered)
		hdr += lpad(unitname + "s", 8);
	hdr += lpad("boots", 6) + lpad("runs", 6) + lpad("n", 9) + lpad("min", 9);
	for(i := 0; i < len sel; i++)
		if(sel[i] < Stats->Exceed)
			hdr += lpad(stats->statname(sel[i]), 9);
	out.puts(hdr + "\n");
	describe(la, w, ua, sel, unit);
	describe(lb, w, ub, sel, unit);
	variation(la, lb, ua, ub, unit);
	medians(la, lb, ua, ub, unit);
	if(len ua < 2 || len ub < 2){
		one := la;
		if(len ua >= 2)
			one = lb;
		out.puts("design: " + one + " has a single " + top() + ": the spread between " + top() + "s is unknown, and no verdict is possible\n");
		differences(sa, sb, ua, ub, fam, unit, nil);
		out.puts("verdict: none: a comparison needs " + top() + "s on each side (at least " +
			string stats->mink(1, 1.0-conf) + " a side for a statement at " + pc(conf) + ")\n");
		row.verdict = "none: " + one + " has a single " + top();
		if(hflag)
			histogram(ua, ub, la, lb);
		out.puts("\n");
		return 0;
	}
	# boots that repeat one observation are exact in their layout;
	# layouts that agree are a sample like any other
	one := onelayout(sa, sb);
	c := stats->compare(ua, ub, sel, fam.th, fam.xa, fam.xb, !layered && one != nil, fam.prim, conf, maxarr, Rand.new(seed));
	inlayout = nil;
	if(c.exact)
		inlayout = one;
	ok := design(c, len ua, len ub, fam, unit);
	differences(sa, sb, ua, ub, fam, unit, c);
	verdict(c, ok, sa, sb, ua, ub, fam, unit);
	if(aflag)
		aa(c, fam, unit, perrun(ua, ub), per(ua, ub));
	if(width > 0.0)
		planning(sa, sb, ua, ub, fam, unit);
	if(hflag)
		histogram(ua, ub, la, lb);
	out.puts("\n");
	return ok;
}

# setrow sets the summary's statistic stat of the test being compared,
# a on the old side and b on the new, and its adjusted p.
setrow(stat: string, a, b: real, unit, p: string)
{
	(row.stat, row.a, row.b, row.p) = (stat, fmtu(a, unit), fmtu(b, unit), p);
	row.change = nil;
	if(a != 0.0)
		row.change = signed(100.0*(b-a)/abs(a), 3) + "%";
}

# primrow sets the summary's statistic to the primary x, the one the
# verdict rests on, with its values as the report's line gives them
# (counts and times a boot, n observations a run).
primrow(x: ref Diff, cs: ref Cstat, n: real, unit: string)
{
	p := num(x.padj, 2);
	case x.stat {
	Stats->Tail =>
		setrow(rung(x.thresh, unit) + " or more", n*x.a, n*x.b, nil, p);
		row.a += " a boot";
		row.b += " a boot";
	Stats->Exceed =>
		setrow("exceedance", 100.0*x.a, 100.0*x.b, nil, p);
		row.a += "%";
		row.b += "%";
	Stats->Given =>
		if(cs.time){
			setrow(cs.cause + "'s time", n*x.a, n*x.b, unit, p);
			break;
		}
		setrow("delays by " + cs.cause, n*x.a, n*x.b, nil, p);
		row.a += " a boot";
		row.b += " a boot";
	* =>
		setrow(stats->statname(x.stat), x.a, x.b, unit, p);
	}
}

# thresholds gives a test's fixed thresholds, in its unit: those of -t,
# else the default ladder when it measures time (nil otherwise: the
# exceedance above old's p99 stands in), or why they do not apply.
thresholds(unit: string): (array of real, string)
{
	if(tlist == nil)
		return (stats->ladder(unit), nil);
	r := array[len tlist] of real;
	i := 0;
	for(l := tlist; l != nil; l = tl l){
		(v, err) := stats->threshold(hd l, unit);
		if(err != nil)
			return (nil, err);
		r[i++] = v;
	}
	stats->sort(r);
	n := 0;
	for(i = 0; i < len r; i++)
		if(n == 0 || r[i] != r[n-1])
			r[n++] = r[i];
	return (r[0:n], nil);
}

# family gives the statistics compared: p99.9 only when every run has
# 10000 observations (so that ten lie above it); a Tail statistic for
# each threshold that some observation reaches and some does not (the
# others are only described), or, without thresholds, the exceedance
# above old's p99; the statistics by cause (bycause); and the
# distribution.  The error says why statistics by cause were left out.
family(sa: ref Side, ta: ref Test, sb: ref Side, tb: ref Test, ua, ub: array of ref Unit, rungs: array of real): (ref Fam, string)
{
	many := 1;
	n := 0;
	for(s := 0; s < 2; s++){
		u := ua;
		if(s)
			u = ub;
		for(i := 0; i < len u; i++){
			lv := u[i].leaves();
			for(j := 0; j < len lv; j++)
				if(len lv[j].x < 10000)
					many = 0;
			n += u[i].nobs();
		}
	}
	f := ref Fam(nil, nil, nil, nil, nil, nil, nil, nil, nil, -1);
	sel: list of int;
	th: list of real;
	cs: list of ref Cstat;
	for(i := len rungs - 1; i >= 0; i--){
		k := reach(ua, rungs[i]) + reach(ub, rungs[i]);
		if(k == 0 || k == n)
			f.flat = rungs[i] :: f.flat;
	}
	sel = Stats->Dist :: sel;
	th = 0.0 :: th;
	cs = nil :: cs;
	(bc, err) := bycause(f, sa, ta, sb, tb, rungs);
	for(; bc != nil; bc = tl bc){
		sel = Stats->Given :: sel;
		th = 0.0 :: th;
		cs = hd bc :: cs;
	}
	if(rungs == nil){
		sel = Stats->Exceed :: sel;
		th = 0.0 :: th;
		cs = nil :: cs;
	}
	for(i = len rungs - 1; i >= 0; i--){
		if(isflat(f.flat, rungs[i]))
			continue;
		sel = Stats->Tail :: sel;
		th = rungs[i] :: th;
		cs = nil :: cs;
	}
	base := array[] of {Stats->Median, Stats->P90, Stats->P99, Stats->P999, Stats->Max};
	for(i = len base - 1; i >= 0; i--)
		if(base[i] != Stats->P999 || many){
			sel = base[i] :: sel;
			th = 0.0 :: th;
			cs = nil :: cs;
		}
	J := len sel;
	f.sel = array[J] of int;
	f.th = array[J] of real;
	f.cs = array[J] of ref Cstat;
	f.xa = array[J] of array of ref Unit;
	f.xb = array[J] of array of ref Unit;
	for(i = 0; i < J; i++){
		(f.sel[i], f.th[i], f.cs[i]) = (hd sel, hd th, hd cs);
		(sel, th, cs) = (tl sel, tl th, tl cs);
		if(f.cs[i] != nil){
			f.xa[i] = units(sa, ta, f.cs[i], 0);
			f.xb[i] = units(sb, tb, f.cs[i], 1);
		}
	}
	if(f.host != nil){
		f.hu = array[4] of array of ref Unit;
		for(i = 0; i < 2; i++){
			f.hu[2*i] = units(sa, ta, f.host[i], 0);
			f.hu[2*i+1] = units(sb, tb, f.host[i], 1);
		}
	}
	f.prim = primary(f, ua, ub);
	return (f, err);
}

# primary chooses the statistic tested first and alone (stats(2),
# compare: a fixed sequence), by a rule fixed before the data and blind
# to the labels: of the counts of delays by guest cause, when the test
# was attributed (the artifacts a kernel change makes or cures), and
# the fixed thresholds that some observations reach (the tail), the one
# whose units split best into two sides (stats->separation); the median
# when there are neither.  A function of the pooled units only, the
# choice costs the test nothing of its level.  With -C the candidates
# are the causes named: one -C declares the primary outright.
primary(f: ref Fam, ua, ub: array of ref Unit): int
{
	n := real (nobs(ua) + nobs(ub)) / real (len ua + len ub);
	best := -1;
	bs := -1.0;
	j: int;
	for(j = 0; j < len f.sel; j++){
		v := array[len ua + len ub] of real;
		nn := n;
		if(f.sel[j] == Stats->Given && !f.cs[j].time){
			for(i := 0; i < len ua; i++)
				v[i] = f.xa[j][i].value(Stats->Mean, 0.0);
			for(i = 0; i < len ub; i++)
				v[len ua + i] = f.xb[j][i].value(Stats->Mean, 0.0);
		}else if(f.sel[j] == Stats->Median && clist == nil){
			for(i := 0; i < len ua; i++)
				v[i] = ua[i].value(Stats->Median, 0.0);
			for(i = 0; i < len ub; i++)
				v[len ua + i] = ub[i].value(Stats->Median, 0.0);
			nn = 0.0;
		}else if(f.sel[j] == Stats->Tail && (f.host == nil || clist == nil)){
			for(i := 0; i < len ua; i++)
				v[i] = ua[i].value(Stats->Tail, f.th[j]);
			for(i = 0; i < len ub; i++)
				v[len ua + i] = ub[i].value(Stats->Tail, f.th[j]);
		}else
			continue;
		# ties go to a cause: its answer says more than a threshold's
		x := stats->separation(v, len ua, nn);
		if(x > bs || x == bs && f.sel[j] == Stats->Given && f.sel[best] != Stats->Given)
			(best, bs) = (j, x);
	}
	if(best >= 0)
		return best;
	for(j = 0; j < len f.sel; j++)
		if(f.sel[j] == Stats->Median)
			return j;
	return -1;
}

isflat(l: list of real, t: real): int
{
	for(; l != nil; l = tl l)
		if(hd l == t)
			return 1;
	return 0;
}

# bycause gives the statistics by cause of a test whose observations
# were attributed (bench(1)): its delays are its observations at or
# above 1 ms (or the least threshold of -t), and for each guest cause
# that took the most of some delay (or each cause of -a) two
# statistics, how many delays it took the most of, and its time in the
# delays, each a boot.  The host's are noted in f, to describe: what
# the host takes is not the kernel's doing.  None when no boot was
# attributed; an error when some were and some were not.  The list is
# in reverse order, a cause's time before its count, as family wants it.
bycause(f: ref Fam, sa: ref Side, ta: ref Test, sb: ref Side, tb: ref Test, rungs: array of real): (list of ref Cstat, string)
{
	(wa, na) := attributed(sa, ta);
	(wb, nb) := attributed(sb, tb);
	if(na == 0 && nb == 0)
		return (nil, nil);
	if(wa != nil || wb != nil)
		return (nil, "some boots have no attribution (" + join(wa, ", ") + sep(wa, wb) + join(wb, ", ") +
			"), others have: statistics by cause left out");
	err: string;
	delay = 0.0;
	if(tlist == nil)
		(delay, err) = stats->threshold("1ms", ta.yunit);
	else if(rungs != nil)
		delay = rungs[0];
	else
		err = "no threshold";
	if(err != nil)
		return (nil, "no delay threshold (" + err + "): statistics by cause left out");
	names := clist;
	if(names == nil)
		names = guests(sa, ta, sb, tb);
	l: list of ref Cstat;
	for(; names != nil; names = tl names){
		c := ref Cstat(hd names, 0, array[2] of {* => 0.0});
		if(!tookany(sa, ta, c) && !tookany(sb, tb, c)){
			f.cflat = c.cause :: f.cflat;
			continue;
		}
		l = ref Cstat(c.cause, 1, c.max) :: c :: l;
	}
	f.host = array[] of {ref Cstat("host", 0, array[2] of {* => 0.0}), ref Cstat("host", 1, array[2] of {* => 0.0})};
	return (l, nil);
}

sep(a, b: list of string): string
{
	if(a != nil && b != nil)
		return "; ";
	return "";
}

# attributed gives the files of a side with no attribution for a test
# (a file without it when a line of the test lacks it), and how many
# have one
attributed(s: ref Side, t: ref Test): (list of string, int)
{
	without: list of string;
	n := 0;
	for(i := 0; i < len t.runs; i++){
		if(t.runs[i] == nil)
			continue;
		all := 1;
		for(l := t.runs[i]; l != nil; l = tl l)
			for(a := (hd l).at; a != nil; a = tl a)
				if(hd a == nil)
					all = 0;
		if(all)
			n++;
		else
			without = s.label + " " + base(s.files[i]) :: without;
	}
	return (rev(without), n);
}

# guests gives, in byte order, the causes but the host that took the
# most of some delay on either side
guests(sa: ref Side, ta: ref Test, sb: ref Side, tb: ref Test): list of string
{
	names: list of string;
	for(k := 0; k < 2; k++){
		t := ta;
		if(k)
			t = tb;
		for(i := 0; i < len t.runs; i++)
			for(rl := t.runs[i]; rl != nil; rl = tl rl){
				at := (hd rl).at;
				for(dl := delays(hd rl); dl != nil; dl = tl dl){
					a := hd at;
					at = tl at;
					(nil, m) := a.subset("none", hd dl);
					for(j := 0; j < len m; j++)
						if(m[j] >= 0 && a.causes[m[j]] != "host" && !member(a.causes[m[j]], names))
							names = a.causes[m[j]] :: names;
				}
			}
	}
	return sortl(names);
}

# tookany: the cause took the most of some delay of a side
tookany(s: ref Side, t: ref Test, c: ref Cstat): int
{
	for(i := 0; i < len t.runs; i++)
		for(rl := t.runs[i]; rl != nil; rl = tl rl){
			at := (hd rl).at;
			dl := delays(hd rl);
			for(l := (hd rl).l; l != nil; l = tl l){
				(nil, m, nil) := mainof(hd at, hd l, hd dl, c.cause);
				at = tl at;
				dl = tl dl;
				for(j := 0; j < len m; j++)
					if(m[j])
						return 1;
			}
		}
	return 0;
}

# sortl sorts a list of strings in byte order
sortl(l: list of string): list of string
{
	a := array[len l] of string;
	for(i := 0; l != nil; l = tl l)
		a[i++] = hd l;
	for(i = 1; i < len a; i++)
		for(j := i; j > 0 && a[j] < a[j-1]; j--)
			(a[j], a[j-1]) = (a[j-1], a[j]);
	r: list of string;
	for(i = len a - 1; i >= 0; i--)
		r = a[i] :: r;
	return r;
}

# reach counts the observations of a side at or above t.
reach(u: array of ref Unit, t: real): int
{
	n := 0;
	for(i := 0; i < len u; i++){
		lv := u[i].leaves();
		for(j := 0; j < len lv; j++)
			n += stats->atleast(lv[j].x, t);
	}
	return n;
}

# perrun gives the observations a run, on average over both sides: a
# Tail statistic, a share of a run's observations, times it reads as a
# count ("41 a boot"), exactly so when every run holds as many.
perrun(ua, ub: array of ref Unit): real
{
	n := 0;
	m := 0;
	for(s := 0; s < 2; s++){
		u := ua;
		if(s)
			u = ub;
		for(i := 0; i < len u; i++){
			n += u[i].nobs();
			m += len u[i].leaves();
		}
	}
	if(m == 0)
		return 0.0;
	return real n / real m;
}

# per names what a Tail count is counted in: a boot, unless some boot
# of either side made several runs.
per(ua, ub: array of ref Unit): string
{
	if(count(ua, layered+1) > count(ua, layered) || count(ub, layered+1) > count(ub, layered))
		return "a run";
	return "a boot";
}

# span gives the least and the greatest observation of a side, and
# the number of them.
span(u: array of ref Unit): (real, real)
{
	lo := 0.0;
	hi := 0.0;
	first := 1;
	for(i := 0; i < len u; i++){
		lv := u[i].leaves();
		for(j := 0; j < len lv; j++){
			x := lv[j].x;
			if(len x == 0)
				continue;
			if(first || x[0] < lo)
				lo = x[0];
			if(first || x[len x - 1] > hi)
				hi = x[len x - 1];
			first = 0;
		}
	}
	return (lo, hi);
}

nobs(u: array of ref Unit): int
{
	n := 0;
	for(i := 0; i < len u; i++)
		n += u[i].nobs();
	return n;
}

# describe writes a side's row: counts, least, and each statistic as
# the mean over the top units of the mean over the units below.
describe(l: string, w: int, u: array of ref Unit, sel: array of int, unit: string)
{
	s := pad(l, w);
	if(layered)
		s += lpad(string len u, 8);
	(lo, nil) := span(u);
	s += lpad(string count(u, layered), 6) + lpad(string count(u, layered+1), 6) + lpad(string nobs(u), 9) +
		lpad(fmt(lo, unit), 9);
	for(i := 0; i < len sel; i++)
		if(sel[i] < Stats->Exceed)
			s += lpad(fmt(side(u, sel[i], 0.0), unit), 9);
	out.puts(s + "\n");
}

# top names the units of the comparison
top(): string
{
	if(layered)
		return unitname;
	return "boot";
}

side(u: array of ref Unit, s: int, t: real): real
{
	v := array[len u] of real;
	for(i := 0; i < len u; i++)
		v[i] = u[i].value(s, t);
	return stats->mean(v);
}

# variation writes the split of each side's variation over the levels
# of its sample, a row a level: the standard deviation of the median
# there and its share of the variance of one observation (stats->split),
# and the standard deviation of the p99; then which level dominates.
variation(la, lb: string, ua, ub: array of ref Unit, unit: string)
{
	(sda, sha, pa) := stats->split(ua);
	(sdb, shb, pb) := stats->split(ub);
	names := array[] of {"boot", "run", "observation"};
	if(layered)
		names = array[] of {unitname, "boot", "run", "observation"};
	out.puts("variation: sd of the median at each level and its share of an observation's variance; sd of the p99s\n");
	n := len names;
	if(len sda < n)
		n = len sda;
	if(len sdb < n)
		n = len sdb;
	ca := array[n] of string;
	cb := array[n] of string;
	W := len la;
	for(i := 0; i < n; i++){
		ca[i] = level(sda[i], sha[i], pa[i], unit, medianflat(sda), i == n-1, ua);
		cb[i] = level(sdb[i], shb[i], pb[i], unit, medianflat(sdb), i == n-1, ub);
		if(len ca[i] > W)
			W = len ca[i];
	}
	W += 3;
	out.puts(pad("", 12) + pad(la, W) + lb + "\n");
	for(i = 0; i < n; i++){
		if(names[i] == "run" && sda[i] < 0.0 && sdb[i] < 0.0)
			continue;	# a run a boot: the runs are the boots
		out.puts(pad(names[i], 12) + pad(ca[i], W) + cb[i] + "\n");
	}
	out.puts(la + ": " + dominant(sda, sha, pa, names, ua, unit) + "; " + lb + ": " + dominant(sdb, shb, pb, names, ub, unit) + "\n");
}

# medianflat: the median varies at no level (half the observations of
# every run or more are alike, and the runs agree)
medianflat(sd: array of real): int
{
	for(i := 0; i < len sd; i++)
		if(sd[i] > 0.0)
			return 0;
	return 1;
}

# dominant names the level whose share is greatest; the observations
# vary within runs, or within boots when a boot has one run.  When the
# median varies nowhere the tail may still: it says where the p99
# varies, else how far the observations range, and "no variation" only
# when every observation is the same.
dominant(sd, share, p99: array of real, names: array of string, u: array of ref Unit, unit: string): string
{
	best := -1;
	for(i := 0; i < len sd; i++)
		if(sd[i] > 0.0 && (best < 0 || share[i] > share[best]))
			best = i;
	if(best < 0){
		(lo, hi) := span(u);
		if(lo == hi)
			return "no variation: every observation is " + fmtu(lo, unit);
		for(i = 0; i < len p99; i++)
			if(p99[i] > 0.0)
				return "the median does not vary, the p99 does between " + names[i] + "s";
		return "the median and p99 do not vary; the observations range from " + fmtu(lo, unit) + " to " + fmtu(hi, unit);
	}
	if(best < len sd - 1)
		return "between " + names[best] + "s dominates";
	if(len sd >= 2 && sd[len sd - 2] < 0.0)
		return "within boots dominates";
	return "within runs dominates";
}

# level gives a side's cell of a level's row; the share is left out
# when the median varies at no level (a share of nothing), and a
# robust spread of 0 within runs is shown beside the observations'
# range, which it does not mean is 0.
level(sd, share, p99: real, unit: string, flat, obs: int, u: array of ref Unit): string
{
	if(sd < 0.0)
		return "-";
	sh := "-";
	if(!flat)
		sh = num(100.0*share, 2) + "%";
	s := pad(fmtu(sd, unit), 11) + lpad(sh, 6);
	if(p99 >= 0.0)
		s += "  p99 " + fmtu(p99, unit);
	if(obs && sd == 0.0){
		(lo, hi) := span(u);
		if(lo < hi)
			s += "  range " + fmtu(lo, unit) + " to " + fmtu(hi, unit);
	}
	return s;
}

# medians writes each side's median with its interval over the top
# units; with layouts, first on each layout over its boots.  (The
# NetBSD experiment of layout(8) reads its table off these lines.)
medians(la, lb: string, ua, ub: array of ref Unit, unit: string)
{
	out.puts("median, " + pc(conf) + " interval over " + top() + "s:\n");
	w := 11;
	if(len la > w)
		w = len la;
	if(len lb > w)
		w = len lb;
	for(s := 0; s < 2; s++){
		(l, u) := (la, ua);
		if(s)
			(l, u) = (lb, ub);
		if(layered)
			for(i := 0; i < len u; i++)
				out.puts(pad(l, w) + " " + unitname + " " + string (i+1) + ": " + median1(u[i].sub, unit) +
					" over " + plural(len u[i].sub, "boot") + "\n");
		what := "";
		if(layered)
			what = "all " + unitname + "s: ";
		out.puts(pad(l, w) + " " + what + median1(u, unit) + " over " + plural(len u, top()) + "\n");
	}
}

plural(n: int, s: string): string
{
	if(n != 1)
		s += "s";
	return string n + " " + s;
}

median1(u: array of ref Unit, unit: string): string
{
	v := array[len u] of real;
	for(i := 0; i < len u; i++)
		v[i] = u[i].value(Stats->Median, 0.0);
	(m, lo, hi) := stats->interval(v, conf);
	(f, su) := scale(m, lo, hi, unit);
	s := num(m/f, 3) + su;
	if(lo <= hi)
		s += " [" + num(lo/f, 3) + ", " + num(hi/f, 3) + "]";
	return s;
}

# design says what the arrangements of unit labels allow; 0 when they
# cannot support a statement at the confidence asked, whatever the data:
# then it gives the least design that can (mink of one pair: the
# statistics' most extreme arrangements coincide).  Data can fall short
# of a design that can: every statistic is most extreme in a pair of
# arrangements of its own, and minP counts them all, so statistics that
# disagree (as noise does) raise the least adjusted p; and statistics
# that take few distinct values over the units (one boot of each of
# several icount layouts can) tie over many arrangements.  No difference
# can then be shown, which is said, with the design those data would
# have needed when more units would help.  With a primary statistic
# (the fixed sequence of stats(2)) the least p is the primary's alone.
design(c: ref Cmp, ka, kb: int, fam: ref Fam, unit: string): int
{
	nstat := len c.d;
	alpha := 1.0 - conf;
	s := "design: " + string ka + " " + top() + "s against " + string kb + ": ";
	if(c.exact){
		if(inlayout != nil)
			out.puts(s + "every boot of each side gave the same observations (as under -c icount), in " + inlayout +
				": the differences are exact there and say nothing of other layouts (layout(8)); only a comparison over layouts judges the change\n");
		else
			out.puts(s + "every " + top() + " of each side gave the same observations (as under -c icount): the differences are exact\n");
		return 1;
	}
	if(c.all)
		s += "all " + string c.narr + " arrangements of the " + top() + " labels";
	else
		s += sys->sprint("%d of the %s arrangements of the %s labels, drawn at random (seed %bd)",
			c.narr, num(stats->choose(ka+kb, ka), 6), top(), seed);
	s += "; the smallest p-value they allow is " + num(c.pmin, 2);
	if(c.pmin > alpha){
		out.puts(s + ": no statement at " + pc(conf) + " is possible; use " + opt() + " " +
			string stats->mink(1, alpha) + " or more\n");
		return 0;
	}
	if(c.prim >= 0){
		s += "; the primary statistic, " + statlabel(c.d[c.prim], fam.cs[c.prim], unit) +
			", is tested first and alone, the other " + string (nstat-1) + " only if it differs (fixed sequence)";
		if(c.pfloor > alpha)
			s += ": these data can show no difference at " + pc(conf) + ": the primary takes few distinct values over the " +
				top() + "s (no p below " + num(c.pfloor, 2) + ")";
		out.puts(s + "\n");
		return 1;
	}
	s += ", " + num(c.pfloor, 2) + " after adjusting for " + string nstat + " statistics";
	if(c.pfloor > alpha){
		s += ": these data can show no difference at " + pc(conf) + ": ";
		if(c.pdata > c.pmin * (1.0 + 1e-9))
			s += "their statistics take few distinct values over the " + top() + "s (no p below " + num(c.pdata, 2) + ")";
		else{
			pairs := int (c.pfloor * real c.narr / 2.0 + 0.5);
			s += "their statistics are most extreme in " + string pairs + " pairs of arrangements, which " +
				opt() + " " + string stats->mink(pairs, alpha) + " would allow";
		}
	}
	out.puts(s + "\n");
	return 1;
}

# opt names the option that sets the units a side
opt(): string
{
	if(layered && unitname != "layout")
		return "-H";
	if(layered)
		return "-L";
	return "-n";
}

# plan writes the design line of k units a side before any data, for
# compare(8) to refuse, before booting, a design that cannot reach a
# verdict: d is k[,unit[,option]], the units named by unit (boot) and
# set by option (-n).
plan(d: string)
{
	f := split(d, ',');
	if(f == nil || !isint(hd f) || len hd f > 3 || int hd f < 1 || len f > 3)
		fatal("bad design " + d + ": want k[,unit[,option]]");
	k := int hd f;
	(what, o) := ("boot", "-n");
	if(tl f != nil)
		what = hd tl f;
	if(len f == 3)
		o = hd tl tl f;
	alpha := 1.0 - conf;
	n := stats->choose(2*k, k);
	p := stats->leastp(k, k);
	s := "design: " + plural(k, what) + " a side: ";
	if(n <= real maxarr)
		s += "all " + num(n, 6) + " arrangements of the " + what + " labels";
	else{
		s += num(real maxarr, 6) + " of the " + num(n, 6) + " arrangements of the " + what + " labels, drawn at random";
		p = 1.0 / real maxarr;
	}
	s += "; the smallest p-value they allow is " + num(p, 2);
	if(p > alpha){
		out.puts(s + ": no statement at " + pc(conf) + " is possible; use " + o + " " + string stats->mink(1, alpha) + " or more\n");
		out.flush();
		raise "fail:no verdict";
	}
	out.puts(s + "\n");
	out.flush();
}

# statlabel names a statistic in a report's lines
statlabel(x: ref Diff, cs: ref Cstat, unit: string): string
{
	case x.stat {
	Stats->Tail =>
		return rung(x.thresh, unit) + " or more";
	Stats->Exceed =>
		return "exceedance";
	Stats->Given =>
		if(cs.time)
			return cs.cause + "'s time in delays of " + rung(delay, unit) + " or more";
		return "delays of " + rung(delay, unit) + " or more by " + cs.cause;
	}
	return stats->statname(x.stat);
}

# what gives the words for a cause of bench(3)
what(cause: string): string
{
	case cause {
	"gc" =>	return "the collector";
	"gc.idle" =>	return "the idle collector";
	"gc.quantum" =>	return "the collector between quanta";
	"gc.alloc" =>	return "the collector paced by allocation";
	"gc.full" =>	return "a full collection";
	"vm" =>	return "the interpreters between threads";
	"idle" =>	return "the processor halted";
	"intr" =>	return "interrupts";
	"proc" =>	return "kernel processes";
	"dis" =>	return "other Dis threads";
	"other" =>	return "causes beyond the kernel's table";
	}
	for(i := 0; i < len cause; i++)
		if(cause[i] == '.')
			case cause[0:i] {
			"intr" =>	return "the " + cause[i+1:] + " interrupt";
			"proc" =>	return "kernel process " + cause[i+1:];
			"dis" =>	return "Dis thread " + cause[i+1:];
			}
	return cause;
}

# rung gives a threshold (or a time) in its unit, as scale reads it best
rung(t: real, unit: string): string
{
	(f, su) := scale(t, 1.0, 0.0, unit);
	return num(t/f, 3) + su;
}

# differences writes a line per statistic: its verdict, the difference
# b - a with its interval, relative size and adjusted p-value; the
# thresholds no observation of either side reaches, or every one does;
# and the host's delays, which are not tested.
differences(sa, sb: ref Side, ua, ub: array of ref Unit, fam: ref Fam, unit: string, c: ref Cmp)
{
	(la, lb) := (sa.label, sb.label);
	sel := fam.sel;
	flat := fam.flat;
	if(c != nil && inlayout != nil)
		out.puts(lb + " - " + la + " in " + inlayout + ", exact:\n");
	else if(c != nil && c.prim >= 0 && !c.exact)
		out.puts(lb + " - " + la + ", " + pc(conf) + " intervals: the primary's alone, the other " + string (len sel - 1) +
			" simultaneous, their p adjusted over them (Westfall-Young minP) and tested only if the primary differs:\n");
	else if(c != nil)
		out.puts(lb + " - " + la + ", " + pc(conf) + " simultaneous intervals, p adjusted over " +
			string len sel + " statistics (Westfall-Young minP):\n");
	else
		out.puts(lb + " - " + la + ":\n");
	n := perrun(ua, ub);
	each := per(ua, ub);
	hostdone := 0;
	for(i := 0; i < len sel; i++){
		s := sel[i];
		x: ref Diff;
		if(c != nil)
			x = c.d[i];
		else{
			t := fam.th[i];
			a, b: real;
			case s {
			Stats->Exceed =>
				t = side(ua, Stats->P99, 0.0);
				(a, b) = (side(ua, s, t), side(ub, s, t));
			Stats->Given =>
				(a, b) = (side(fam.xa[i], Stats->Mean, 0.0), side(fam.xb[i], Stats->Mean, 0.0));
			* =>
				(a, b) = (side(ua, s, t), side(ub, s, t));
			}
			x = ref Diff(s, a, b, b-a, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, t);
		}
		if(s == Stats->Tail)
			flat = flats(flat, x.thresh, ua, unit);
		else if(s > Stats->Max)
			flat = flats(flat, Big, ua, unit);
		if(s == Stats->Dist && !hostdone){
			host(fam, la, lb, n, each, unit);
			hostdone = 1;
		}
		what := statlabel(x, fam.cs[i], unit);
		if(c != nil && i == c.prim && !c.exact && inlayout == nil)
			what = "primary: " + what;
		v := verdict1(c, x);
		if(c != nil && kind(c, x) == 0)
			(x.lo, x.hi) = (1.0, 0.0);	# an interval would claim too much
		case s {
		Stats->Dist =>
			if(c == nil)
				continue;
			out.puts(what + ": " + v + "Anderson-Darling A2 = " + num(x.d, 3) + pval(c, x) + "\n");
		Stats->Exceed =>
			what = "exceedance above " + fmtu(x.thresh, unit) + " (" + la + "'s p99)";
			out.puts(what + ": " + v + signed(100.0*x.d, 3) + " points" + ci(100.0*x.lo, 100.0*x.hi, 1.0) +
				" (" + num(100.0*x.a, 3) + "% to " + num(100.0*x.b, 3) + "%" + pval(c, x) + ")\n");
		Stats->Tail =>
			out.puts(what + ": " + v + signed(n*x.d, 3) + " " + each + ci(n*x.lo, n*x.hi, 1.0) +
				" (" + num(n*x.a, 3) + " to " + num(n*x.b, 3) + pval(c, x) + ")\n");
		Stats->Given =>
			if(!fam.cs[i].time){
				out.puts(what + ": " + v + signed(n*x.d, 3) + " " + each + ci(n*x.lo, n*x.hi, 1.0) +
					" (" + num(n*x.a, 3) + " to " + num(n*x.b, 3) + pval(c, x) + ")\n");
				continue;
			}
			(f, su) := scale(n*x.d, n*x.lo, n*x.hi, unit);
			if(abs(n*x.a) > abs(n*x.d) || abs(n*x.b) > abs(n*x.d))
				(f, su) = scale(max(abs(n*x.a), abs(n*x.b)), 1.0, 0.0, unit);
			out.puts(what + ": " + v + signed(n*x.d/f, 3) + su + " " + each + ci(n*x.lo, n*x.hi, f) +
				" (" + num(n*x.a/f, 3) + su + " to " + num(n*x.b/f, 3) + su + pval(c, x) + ")\n");
		* =>
			(f, su) := scale(x.d, x.lo, x.hi, unit);
			rel := "";
			if(x.a != 0.0)
				rel = signed(100.0*x.d/x.a, 3) + "%";
			pv := pval(c, x);
			if(rel != nil)
				rel += pv;
			else if(pv != nil)
				rel = pv[2:];	# no "; " before it
			if(rel != nil)
				rel = " (" + rel + ")";
			out.puts(what + ": " + v + signed(x.d/f, 3) + su + ci(x.lo, x.hi, f) + rel + "\n");
		}
	}
	flats(flat, Big, ua, unit);
	if(!hostdone)
		host(fam, la, lb, n, each, unit);
}

# host writes what the host took of the delays of each side, and the
# causes asked for that took none; nothing is tested: the host's delays
# (QEMU descheduled, the host's own preemption) are not the kernel's.
host(fam: ref Fam, la, lb: string, n: real, each, unit: string)
{
	what := "delays of " + rung(delay, unit) + " or more";
	for(l := fam.cflat; l != nil; l = tl l)
		out.puts(what + " by " + hd l + ": none on either side\n");
	if(fam.host == nil)
		return;
	v := array[4] of real;
	for(i := 0; i < 4; i++)
		v[i] = n * side(fam.hu[i], Stats->Mean, 0.0);
	(f, su) := scale(max(v[2], v[3]), 1.0, 0.0, unit);
	out.puts(what + " by the host, not tested (the host's, not the kernel's): " +
		la + " " + howmany(v[0]) + " " + each + ", " + num(v[2]/f, 3) + su + " of them the host's; " +
		lb + " " + howmany(v[1]) + ", " + num(v[3]/f, 3) + su + "\n");
}

max(a, b: real): real
{
	if(a > b)
		return a;
	return b;
}

# flats writes the lines of the thresholds of flat, in rising order,
# below t, and gives those left.
flats(flat: list of real, t: real, ua: array of ref Unit, unit: string): list of real
{
	for(; flat != nil && hd flat < t; flat = tl flat){
		if(reach(ua, hd flat) == 0)
			out.puts(rung(hd flat, unit) + " or more: none on either side\n");
		else
			out.puts(rung(hd flat, unit) + " or more: every observation on both sides\n");
	}
	return flat;
}

pval(c: ref Cmp, x: ref Diff): string
{
	if(c == nil || inlayout != nil)
		return "";
	if(c.exact)
		return "; exact";
	if(kind(c, x) == 'x')
		return "; p " + num(x.padj, 2) + ", exploratory";
	return "; p " + num(x.padj, 2);
}

ci(lo, hi, f: real): string
{
	if(lo > hi)
		return "";
	# d +- c*se can miss zero by a rounding error when c*se = |d|
	w := hi - lo;
	if(lo != 0.0 && lo < 1e-9*w && lo > -1e-9*w)
		lo = 0.0;
	if(hi != 0.0 && hi < 1e-9*w && hi > -1e-9*w)
		hi = 0.0;
	return " [" + signed(lo/f, 3) + ", " + signed(hi/f, 3) + "]";
}

# verdict1 gives the verdict words that open a statistic's line.
verdict1(c: ref Cmp, x: ref Diff): string
{
	if(c == nil || inlayout != nil)
		return "";
	case kind(c, x) {
	'd' =>	return "difference at " + pc(conf) + " confidence: ";
	'e' =>	return "equivalent within +-" + num(margin, 3) + "%: ";
	'n' =>	return "no difference proven: ";
	'x' =>	return "not tested (the primary does not differ): ";
	}
	return "no verdict: ";
}

# kind classifies a statistic: d differs, e equivalent, n no difference
# proven, x not tested (it follows a primary that does not differ), 0
# no verdict possible.
kind(c: ref Cmp, x: ref Diff): int
{
	if(!c.exact && c.pmin > 1.0 - conf)
		return 0;
	for(j := 0; j < len c.d && c.d[j] != x; j++)
		;
	if(c.differs(j))
		return 'd';
	if(!c.exact && !c.gate && j != c.prim)
		return 'x';
	if(margin > 0.0 && x.stat != Stats->Dist && x.lo <= x.hi){
		m := margin/100.0 * abs(x.a);
		if(x.lo >= -m && x.hi <= m)
			return 'e';
	}
	return 'n';
}

# verdict closes a test with the statistics found different and, when
# one is a fixed threshold, the answer: how many observations of the
# highest such threshold or more each side has a boot, and its max.
verdict(c: ref Cmp, ok: int, sa, sb: ref Side, ua, ub: array of ref Unit, fam: ref Fam, unit: string)
{
	if(!ok){
		out.puts("verdict: none: the design is too small\n");
		row.verdict = "none: the design is too small";
		return;
	}
	shown := -1;
	for(i := 0; i < len c.d; i++)
		if(c.d[i].stat == Stats->Median && shown < 0 || c.d[i].stat < Stats->Exceed && kind(c, c.d[i]) == 'd' && (shown < 0 || kind(c, c.d[shown]) != 'd'))
			shown = i;
	if(c.prim >= 0 && !c.exact && inlayout == nil)
		primrow(c.d[c.prim], fam.cs[c.prim], perrun(ua, ub), unit);
	else if(shown >= 0){
		x := c.d[shown];
		p := "exact";
		if(!c.exact)
			p = num(x.padj, 2);
		setrow(stats->statname(x.stat), x.a, x.b, unit, p);
	}
	d := "";
	e := "";
	ne := 0;
	top: ref Diff;
	cause := -1;
	for(i = 0; i < len c.d; i++)
		case kind(c, c.d[i]) {
		'd' =>
			x := c.d[i];
			if(i == c.prim)
				d = ", " + shortlabel(x, fam.cs[i], unit) + d;	# the answer's first
			else
				d += ", " + shortlabel(x, fam.cs[i], unit);
			if(x.stat == Stats->Tail && (top == nil || x.thresh > top.thresh))
				top = x;
			if(x.stat == Stats->Given && !fam.cs[i].time && (cause < 0 || abs(x.d) > abs(c.d[cause].d)))
				cause = i;
		'e' =>
			e += ", " + shortlabel(c.d[i], fam.cs[i], unit);
			ne++;
		}
	ans := "";
	if(c.prim >= 0 && kind(c, c.d[c.prim]) == 'd'){
		# the answer is the primary's
		x := c.d[c.prim];
		case x.stat {
		Stats->Given =>
			(cause, top) = (c.prim, nil);
		Stats->Tail =>
			(cause, top) = (-1, x);
		* =>
			(cause, top) = (-1, nil);
			ans = ": " + statlabel(x, nil, unit) + " " + sa.label + " " + fmtu(x.a, unit) + ", " + sb.label + " " + fmtu(x.b, unit);
		}
	}
	if(cause >= 0){
		x := c.d[cause];
		cs := fam.cs[cause];
		n := perrun(ua, ub);
		(l1, v1, m1, l2, v2, m2) := (sa.label, n*x.a, cs.max[0], sb.label, n*x.b, cs.max[1]);
		if(v2 > v1)
			(l1, v1, m1, l2, v2, m2) = (l2, v2, m2, l1, v1, m1);
		ans = ": " + l1 + ": " + many(v1, "delay") + " of " + rung(delay, unit) + " or more " + per(ua, ub) +
			" caused by " + what(cs.cause) + " (" + cs.cause + maxof(v1, m1, unit) + "); " +
			l2 + ": " + howmany(v2);
		if(v2 != 0.0)
			ans += " (max " + rung(m2, unit) + ")";
	}else if(top != nil){
		n := perrun(ua, ub);
		ans = ": " + sa.label + ": " + many(n*top.a, "observation") + " of " + rung(top.thresh, unit) + " or more " + per(ua, ub) +
			" (max " + rung(side(ua, Stats->Max, 0.0), unit) + "); " + sb.label + ": " + howmany(n*top.b) +
			" (max " + rung(side(ub, Stats->Max, 0.0), unit) + ")";
	}
	v: string;
	if(inlayout != nil){
		if(d != nil){
			v = "in " + inlayout + ", differs in " + d[2:];
			out.puts("verdict: in " + inlayout + ", " + sb.label + " differs from " + sa.label + " in " + d[2:] + ans +
				" (one layout: no confidence over layouts)\n");
		}else{
			v = "in " + inlayout + ", no difference";
			out.puts("verdict: " + v + "\n");
		}
	}else if(d != nil){
		v = "difference in " + d[2:];
		out.puts("verdict: difference at " + pc(conf) + " confidence in " + d[2:] + ans + "\n");
	}else if(!c.gate){
		v = "no difference proven in the primary statistic (" + shortlabel(c.d[c.prim], fam.cs[c.prim], unit) +
			"; p " + num(c.d[c.prim].padj, 2) + "): the other " + string (len c.d - 1) + " are not tested";
		out.puts("verdict: " + v + "\n");
	}else{
		if(ne > 0 && ne == len c.d - 1)
			v = "equivalent within +-" + num(margin, 3) + "%";
		else if(e != nil)
			v = "no difference proven (equivalent within +-" + num(margin, 3) + "% in " + e[2:] + ")";
		else
			v = "no difference proven";
		out.puts("verdict: " + v + "\n");
	}
	row.verdict = v;
}

maxof(n, m: real, unit: string): string
{
	if(n == 0.0)
		return "";
	return "; max " + rung(m, unit);
}

# shortlabel names a statistic in the verdict
shortlabel(x: ref Diff, cs: ref Cstat, unit: string): string
{
	if(x.stat != Stats->Given)
		return statlabel(x, cs, unit);
	if(cs.time)
		return cs.cause + "'s time in delays";
	return "delays by " + cs.cause;
}

# many counts n of s: "no observations", "1 observation", "5.2 observations"
many(n: real, s: string): string
{
	if(n == 0.0)
		return "no " + s + "s";
	if(n == 1.0)
		return "1 " + s;
	return num(n, 3) + " " + s + "s";
}

howmany(n: real): string
{
	if(n == 0.0)
		return "none";
	return num(n, 3);
}

# onelayout names the one layout of a comparison whose boots were all
# alike, or of each side's: the results hold there.
onelayout(sa, sb: ref Side): string
{
	la := layouts(sa);
	lb := layouts(sb);
	if(len la > 1 || len lb > 1)
		return nil;
	if(la == nil && lb == nil)
		return "the one layout measured";
	if(la == nil || lb == nil)
		return "one layout";
	if(hd la == hd lb)
		return "layout " + hd la;
	return "layouts " + hd la + " (" + sa.label + ") and " + hd lb + " (" + sb.label + ")";
}

# aa reports an A/A comparison: the differences found (every one
# false), and the noise floor, the half-width of each interval.
aa(c: ref Cmp, fam: ref Fam, unit: string, n: real, per1: string)
{
	nd := 0;
	fl := "";
	for(i := 0; i < len c.d; i++){
		x := c.d[i];
		if(kind(c, x) == 'd')
			nd++;
		if(x.stat == Stats->Dist || x.lo > x.hi)
			continue;
		h := (x.hi - x.lo) / 2.0;
		case x.stat {
		Stats->Exceed =>
			fl += ", exceedance " + num(100.0*h, 2) + " points";
		Stats->Tail =>
			fl += ", " + statlabel(x, nil, unit) + " " + num(n*h, 2) + " " + per1;
		Stats->Given =>
			if(fam.cs[i].time)
				fl += ", " + shortlabel(x, fam.cs[i], unit) + " " + rung(n*h, unit) + " " + per1;
			else
				fl += ", " + shortlabel(x, fam.cs[i], unit) + " " + num(n*h, 2) + " " + per1;
		* =>
			fl += ", " + stats->statname(x.stat) + " " + fmtu(h, unit);
			if(x.a != 0.0)
				fl += " (" + num(100.0*h/abs(x.a), 2) + "%)";
		}
	}
	out.puts(sys->sprint("A/A: the same kernel on both sides: false differences in %d of %d statistics\n", nd, len c.d));
	if(fl != nil)
		out.puts("noise floor (smaller differences go unseen): " + fl[2:] + "\n");
}

# planning writes, after Kalibera and Jones, the variance of each
# statistic at each level and the boots (and runs a boot) needed for
# intervals of the difference of half-width -w percent of a's value.
planning(sa, sb: ref Side, ua, ub: array of ref Unit, fam: ref Fam, unit: string)
{
	(sel, thr) := (fam.sel, fam.th);
	kmin := stats->mink(len sel, 1.0 - conf);
	cb := -1.0;	# seconds a boot takes, besides its runs
	cr := -1.0;	# seconds a run takes
	if(sa.ntimed + sb.ntimed > 0){
		cr = (sa.span + sb.span) / real (sa.nruns + sb.nruns);
		cb = (sa.wall + sb.wall - sa.span - sb.span) / real (sa.ntimed + sb.ntimed);
		if(cb < 0.0)
			cb = 0.0;
	}
	out.puts("planning (Kalibera and Jones 2013), for " + pc(conf) + " intervals of +-" + num(width, 3) +
		"% of " + sa.label + "'s value; variance at each level (S2: an observation's is per n observations):\n");
	for(i := 0; i < len sel; i++){
		s := sel[i];
		if(s == Stats->Dist || s == Stats->Given)
			continue;
		th := thr[i];
		if(s == Stats->Exceed)
			th = side(ua, Stats->P99, 0.0);
		(s2a, t2a, na) := stats->levels(ua, s, th);
		(s2b, t2b, nb) := stats->levels(ub, s, th);
		L := len t2a;
		s2 := array[L] of real;
		t2 := array[L] of real;
		for(j := 0; j < L; j++){
			s2[j] = (s2a[j] + s2b[j]) / 2.0;
			t2[j] = (t2a[j] + t2b[j]) / 2.0;
		}
		a := side(ua, s, th);
		h := width / 100.0 * abs(a);
		what := stats->statname(s);
		if(s == Stats->Tail)
			what = rung(th, unit) + " or more";
		if(layered){
			planlayouts(what, s2, t2, na, nb, h, kmin, cb, cr);
			continue;
		}
		lv := " boot " + num(s2[0], 3);
		runs := L >= 3 && s2[1] >= 0.0;
		if(runs)
			lv += ", run " + num(s2[1], 3);
		lv += ", observation " + num(s2[L-1], 3) + " (n " + num((na[L-1]+nb[L-1])/2.0, 6) + ")";
		# the runs a boot and the observations a run stay as measured,
		# unless the runs are a level of their own and their cost known
		r := 1;
		v := s2[0];
		rs := "";
		if(runs){
			r = int ((na[1] + nb[1]) / 2.0);	# int rounds
			if(cr > 0.0){
				r = stats->optreps(t2[0], s2[1], cb, cr);
				if(r < 0 || r > 1000)
					r = 1000;
			}
			v = t2[0] + s2[1] / real r;
			rs = " x " + plural(r, "run");
		}
		k := stats->plan(v, conf, h, kmin);
		if(k < 0){
			out.puts(what + ":" + lv + "; more than 100000 boots a side\n");
			continue;
		}
		tm := "";
		if(cr > 0.0)
			tm = ": about " + duration(2.0 * real k * (cb + real r * cr)) + " for both sides";
		out.puts(what + ":" + lv + "; " + plural(k, "boot") + " a side" + rs + tm + "\n");
	}
	out.puts("(at least " + string kmin + " " + top() + "s a side for the permutation test to reach " + pc(conf) +
		" over " + string len sel + " statistics whatever the data; " + string stats->mink(1, 1.0 - conf) + " when their most extreme arrangements agree)\n");
}

# planlayouts plans layouts: the variance of a layout's value as
# measured (its boots as many as they were) gives the layouts a side;
# with one boot a layout it would be T2 of the layouts plus S2 of the
# boots, which, since a layout costs only a link, is the cheaper way to
# the same precision whenever the boots of a layout vary.
planlayouts(what: string, s2, t2, na, nb: array of real, h: real, kmin: int, cb, cr: real)
{
	L := len s2;
	lv := " layout " + num(s2[0], 3);
	if(s2[1] >= 0.0)
		lv += ", boot " + num(s2[1], 3);
	if(L >= 4 && s2[2] >= 0.0)
		lv += ", run " + num(s2[2], 3);
	lv += ", observation " + num(s2[L-1], 3) + " (n " + num((na[L-1]+nb[L-1])/2.0, 6) + ")";
	b := int ((na[1] + nb[1]) / 2.0);
	if(b < 1)
		b = 1;
	k := stats->plan(s2[0], conf, h, kmin);
	if(k < 0){
		out.puts(what + ":" + lv + "; more than 100000 layouts a side\n");
		return;
	}
	r := 1;
	if(L >= 4)
		r = int ((na[2] + nb[2]) / 2.0);
	tm := "";
	if(cr > 0.0)
		tm = " (about " + duration(2.0 * real (k*b) * (cb + real r * cr)) + " of boots)";
	other := "";
	if(b > 1 && s2[1] >= 0.0){
		k1 := stats->plan(t2[0] + s2[1], conf, h, kmin);
		if(k1 > 0)
			other = ", or " + plural(k1, "layout") + " of one boot each";
	}
	out.puts(what + ":" + lv + "; " + plural(k, "layout") + " a side x " + plural(b, "boot") + tm + other + "\n");
}

duration(s: real): string
{
	if(s < 120.0)
		return num(s, 2) + " s";
	if(s < 7200.0)
		return num(s/60.0, 2) + " min";
	return num(s/3600.0, 2) + " h";
}

warm(t: ref Test): string
{
	w: list of string;
	for(i := 0; i < len t.warm; i++)
		if(t.runs[i] != nil){
			s := t.warm[i];
			if(s == nil)
				s = "unstated";
			if(!member(s, w))
				w = s :: w;
		}
	return join(w, "/");
}

# histogram draws both samples in the same bins, each bar the share of
# its own sample, so samples of different sizes compare.
histogram(ua, ub: array of ref Unit, la, lb: string)
{
	(edge, ca, cb) := stats->histogram(ua, ub, Nbin);
	na := nobs(ua);
	nb := nobs(ub);
	most := 0.0;
	for(i := 0; i < len ca; i++){
		if(real ca[i] / real na > most)
			most = real ca[i] / real na;
		if(real cb[i] / real nb > most)
			most = real cb[i] / real nb;
	}
	out.puts(lpad("from", 10) + "  " + pad(la, Bar+8) + "  " + lb + "\n");
	d := 3;	# significant figures enough to tell the edges apart
	for(i = 1; i < len edge && d < 8; i++)
		if(num(edge[i], d) == num(edge[i-1], d)){
			d++;
			i = 0;
		}
	for(i = 0; i < len ca; i++){
		if(i == len ca - 1 && ca[i] == 0 && cb[i] == 0)
			break;
		e := num(edge[i], d);
		if(i == len ca - 1)
			e = ">" + num(edge[i], d);
		out.puts(lpad(e, 10) + "  " + bar(ca[i], na, most) + "  " + bar(cb[i], nb, most) + "\n");
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

# readside reads the files of one side, one per boot, and gathers their
# observations by test, in the order tests first appear, and runs: a
# "# run" comment line starts a run; in a file without them each result
# line is a run of its own.  Summary lines carry no observations and
# are passed over.  With each set, every line is a test of its own,
# whatever its name.
readside(files: list of string, each: int): (ref Side, string)
{
	nf := len files;
	s := ref Side(nil, nf, array[0] of ref Test, nil, nil, nil, array[nf] of string, array[nf] of string, array[nf] of string, 0.0, 0.0, 0, 0, array[nf] of string);
	for(fi := 0; files != nil; files = tl files){
		f := hd files;
		iob: ref Iobuf;
		if(f == "-")
			iob = bufio->fopen(sys->fildes(0), Bufio->OREAD);
		else
			iob = bufio->open(f, Bufio->OREAD);
		if(iob == nil)
			return (nil, sys->sprint("cannot open %s: %r", f));
		s.files[fi] = f;
		run := 0;	# "# run" lines so far
		at: ref Attribution;	# the attribution of the result line to come
		t0 := -1.0;
		t1 := -1.0;
		wall := -1.0;
		for(lno := 1; (l := iob.gets('\n')) != nil; lno++){
			if(l[0] == '#'){
				(key, val) := comment(l);
				case key {
				"attribution" =>
					err: string;
					(at, err) = Attribution.new(l);
					if(err != nil)
						return (nil, sys->sprint("%s:%d: %s", f, lno, err));
				"cause" =>
					if(at == nil)
						return (nil, sys->sprint("%s:%d: a cause line with no attribution line before it", f, lno));
					err := at.add(l);
					if(err != nil)
						return (nil, sys->sprint("%s:%d: %s", f, lno, err));
				"run" =>
					run++;
				"clock" =>
					if(!member(val, s.clocks))
						s.clocks = val :: s.clocks;
				"kernel" =>
					if(!member(val, s.kernels))
						s.kernels = val :: s.kernels;
					s.kern[fi] = val;
				"command" =>
					if(!member(val, s.commands))
						s.commands = val :: s.commands;
				"layout" =>
					s.layout[fi] = val;
				"host" =>
					s.host[fi] = val;
				"time" =>
					if(samples->isnum(val)){
						if(t0 < 0.0)
							t0 = real val;
						t1 = real val;
					}
				"wall" =>
					if(samples->isnum(val))
						wall = real val;
				"warmup" =>
					(nw, w) := sys->tokenize(val, " \t");
					if(nw == 2){
						x := find(s.tests, hd w);
						if(x == nil)
							x = addtest(s, hd w, nil, nil, nf);
						x.warm[fi] = hd tl w;
					}
				}
				continue;
			}
			(name, yl, yu, v, err) := parse(l);
			if(err != nil)
				return (nil, sys->sprint("%s:%d: %s", f, lno, err));
			if(name == nil)
				continue;
			if(at != nil && at.name != name)
				return (nil, sys->sprint("%s:%d: the attribution of %s before a result line of %s", f, lno, at.name, name));
			a := at;
			at = nil;
			if(len v == 0)
				continue;
			x: ref Test;
			if(!each)
				x = find(s.tests, name);
			if(x == nil)
				x = addtest(s, name, yl, yu, nf);
			if(!x.seen)
				(x.ylabel, x.yunit, x.seen) = (yl, yu, 1);
			else if(x.yunit != yu && x.badunit == nil)
				x.badunit = "measures in " + x.yunit + " in one boot and " + yu + " in another";
			id := -lno;
			if(run > 0)
				id = run;
			if(x.runs[fi] != nil && (hd x.runs[fi]).id == id){
				r := hd x.runs[fi];
				(r.l, r.at) = (v :: r.l, a :: r.at);
			}else
				x.runs[fi] = ref Run(id, v :: nil, a :: nil, nil, 0.0) :: x.runs[fi];
		}
		iob.close();
		if(at != nil)
			return (nil, sys->sprint("%s: the attribution of %s with no result line after it", f, at.name));
		if(wall >= 0.0 && t1 > t0){
			s.wall += wall;
			s.span += (t1 - t0) / 1e6;
			s.nruns += run;
			s.ntimed++;
		}
		fi++;
	}
	# tests named only by a warm-up line have no observations
	n := 0;
	for(i := 0; i < len s.tests; i++)
		if(s.tests[i].seen)
			s.tests[n++] = s.tests[i];
	s.tests = s.tests[0:n];
	return (s, nil);
}

addtest(s: ref Side, name, yl, yu: string, nf: int): ref Test
{
	x := ref Test(name, yl, yu, array[nf] of list of ref Run, array[nf] of string, nil, 0);
	t := array[len s.tests + 1] of ref Test;
	t[0:] = s.tests;
	t[len s.tests] = x;
	s.tests = t;
	return x;
}

# comment splits "# key value..." into the key and the rest.
comment(l: string): (string, string)
{
	i := 1;
	while(i < len l && (l[i] == ' ' || l[i] == '\t'))
		i++;
	j := i;
	while(j < len l && l[j] != ' ' && l[j] != '\t' && l[j] != '\n')
		j++;
	k := j;
	while(k < len l && (l[k] == ' ' || l[k] == '\t'))
		k++;
	e := len l;
	while(e > k && (l[e-1] == '\n' || l[e-1] == '\r' || l[e-1] == ' '))
		e--;
	return (l[i:j], l[k:e]);
}

# Maxobs bounds an observation: the statistics square differences of
# observations, and the square of 1e155 is already infinite.
Maxobs: con 1e150;

# parse takes a result line NAME:shape:xlabel:xunit:ylabel:yunit v1 v2 ...
# apart; a blank line, or a summary line, gives no name; an observation
# that is not a finite number of at most Maxobs is an error.
parse(s: string): (string, string, string, array of real, string)
{
	(i, j) := word(s, 0);
	if(i == j)
		return (nil, nil, nil, nil, nil);
	l := s[i:j];
	if(ncolon(l) != 5 || l[0] == ':')
		return (nil, nil, nil, nil, "bad label " + clip(l) + ": want NAME:shape:xlabel:xunit:ylabel:yunit");
	(name, shape, ylabel, yunit) := fields(l);
	if(shape == "summary")
		return (nil, nil, nil, nil, nil);
	(v, e) := samples->numbers(s, j);
	for(k := 0; k < len v; k++)
		if(v[k] > Maxobs || v[k] < -Maxobs){
			(i, j) = word(s, j);
			for(m := 0; m < k; m++)
				(i, j) = word(s, j);
			return (nil, nil, nil, nil, "value " + clip(s[i:j]) + " is out of range (at most 1e150 in magnitude)");
		}
	if(e >= 0){
		(i, j) = word(s, e);
		w := s[i:j];
		if(!samples->isnum(w))
			return (nil, nil, nil, nil, "bad value " + clip(w));
		return (nil, nil, nil, nil, "value " + clip(w) + " is not finite");
	}
	return (name, ylabel, yunit, v, nil);
}

# word gives the bounds of the next word of s from k.
word(s: string, k: int): (int, int)
{
	n := len s;
	while(k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n'))
		k++;
	i := k;
	while(k < n && s[k] != ' ' && s[k] != '\t' && s[k] != '\r' && s[k] != '\n')
		k++;
	return (i, k);
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

join(l: list of string, sep: string): string
{
	s := "";
	for(r := rev(l); r != nil; r = tl r){
		if(s != nil)
			s += sep;
		s += hd r;
	}
	return s;
}

rev(l: list of string): list of string
{
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
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

pc(c: real): string
{
	return num(100.0*c, 4) + "%";
}

abs(x: real): real
{
	if(x < 0.0)
		return -x;
	return x;
}

# scale picks, for time units, the unit in which the largest of the
# values reads best, and gives its factor and name.
scale(d, lo, hi: real, unit: string): (real, string)
{
	m := abs(d);
	if(lo <= hi){
		if(abs(lo) > m)
			m = abs(lo);
		if(abs(hi) > m)
			m = abs(hi);
	}
	units := array[] of {"ns", "us", "ms", "s"};
	for(i := 0; i < len units; i++)
		if(units[i] == unit)
			break;
	if(i == len units)
		return (1.0, " " + unit);
	f := 1.0;
	while(i < len units - 1 && m >= 1000.0*f){
		f *= 1000.0;
		i++;
	}
	return (f, " " + units[i]);
}

# fmt gives a value in its unit, scaled as scale does, without the unit
# when it is the test's own.
fmt(v: real, unit: string): string
{
	(f, su) := scale(v, 1.0, 0.0, unit);
	if(su == " " + unit)
		return num(v, 3);
	return num(v/f, 3) + su;
}

# fmtu is fmt with the unit always named.
fmtu(v: real, unit: string): string
{
	s := fmt(v, unit);
	if(s == num(v, 3) && unit != nil)
		s += " " + unit;
	return s;
}

signed(v: real, d: int): string
{
	s := num(v, d);
	if(v > 0.0)
		s = "+" + s;
	return s;
}

# num formats v: a whole number as an integer, any other to d
# significant digits, but never losing the integer part (rounded to it
# when it has d digits or more).
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
		return sys->sprint("%.0f", v);
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
