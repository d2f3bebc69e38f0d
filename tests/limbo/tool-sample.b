implement Toolsample;

# Sample (sample(2)): statistics of known data, and precision with
# 200000 observations (where plain sums already drift).

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "sample.m";
	samples: Samples;
	Sample: import samples;

Toolsample: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

out: ref Iobuf;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	samples = load Samples Samples->PATH;
	if(samples == nil){
		sys->print("cannot load sample: %r\n");
		raise "fail:load";
	}
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);


	# the textbook example: mean 5, sample std sqrt(32/7)
	s := Sample.new(0);
	a := array[] of {2, 4, 4, 4, 5, 5, 7, 9};
	for(i := 0; i < len a; i++)
		s.add(big a[i]);
	show("known", s);
	ps := array[] of {0.0, 12.5, 13.0, 50.0, 87.5, 99.0, 100.0, -5.0, 300.0};
	for(i = 0; i < len ps; i++)
		out.puts(sys->sprint("p%s %s\n", samples->fmt(ps[i]), samples->fmt(s.percentile(ps[i]))));
	out.puts("obs ");
	s.obs(out);
	out.puts("\n");

	# reals, in order, with odd values
	s = Sample.new(2);
	r := array[] of {1.5, -3.0, 0.1, 1e20, 2.5, 1.0/3.0};
	for(i = 0; i < len r; i++)
		s.addreal(r[i]);
	show("reals", s);
	out.puts("obs ");
	s.obs(out);
	out.puts("\n");

	show("empty", Sample.new(10));
	s = Sample.new(1);
	s.add(big 42);
	show("one", s);
	s = Sample.new(4);
	for(i = 0; i < 4; i++)
		s.add(big 7);
	show("same", s);

	# a large common offset: naive sums of squares lose everything here
	s = Sample.new(200000);
	for(i = 0; i < 200000; i++)
		s.add(big 1000000000 + big (i&1));
	show("offset", s);

	# 0.1 is not a binary fraction: a plain sum drifts, the mean must not
	s = Sample.new(200000);
	for(i = 0; i < 200000; i++)
		s.addreal(0.1);
	show("tenth", s);

	# reals with an offset, ten values repeated
	s = Sample.new(200000);
	for(i = 0; i < 200000; i++)
		s.addreal(1e9 + real (i%10) / 10.0);
	show("realoffset", s);

	# obs writing more than a buffer's worth through a caller's Iobuf
	nul := bufio->open("/dev/null", Bufio->OWRITE);
	s = Sample.new(0);
	for(i = 0; i < 20000; i++)
		s.add(big i);
	out.puts(sys->sprint("obs to /dev/null: %d\n", s.obs(nul)));
	out.puts(sys->sprint("flush: %d\n", nul.flush()));

	# obs converts whole numbers itself, a piece of words at a time: as
	# fmt does, at the edges of that too, and across pieces
	s = Sample.new(4);
	z := 0.0;
	ev := array[] of {-z, 999999999999999.0, -999999999999999.0, 1e15, -1e15, 0.5, -2.5, 1.0/z, -1.0/z};
	for(i = 0; i < 300; i++)
		s.addreal(ev[i % len ev] + real (i / len ev));
	q := "";
	for(i = 0; i < s.n; i++){
		if(i > 0)
			q += " ";
		q += samples->fmt(s.x[i]);
	}
	f := "/tmp/tool-sample." + string sys->pctl(0, nil);
	t := bufio->create(f, Bufio->OWRITE, 8r600);
	s.obs(t);
	t.close();
	t = bufio->open(f, Bufio->OREAD);
	w := t.gets('\n');
	sys->remove(f);
	out.puts(sys->sprint("obs as fmt: %d words, same %d, ends %s\n", s.n, w == q, w[len w - 16:]));

	# median of an array: Sample.median's, sorting it in place
	ma := array[] of {5.0, 1.0, 4.0, 2.0, 3.0, 9.0};
	out.puts(sys->sprint("median %s of 6, %s of 5, %s of 1, %s of 0, %s of 7 (6 there); sorted %s %s\n",
		samples->fmt(samples->median(ma, 6)), samples->fmt(samples->median(array[] of {3.0, 1.0, 2.0, 5.0, 4.0}, 5)),
		samples->fmt(samples->median(array[] of {7.5}, 1)), samples->fmt(samples->median(nil, 0)),
		samples->fmt(samples->median(array[] of {2.0, 1.0, 4.0, 3.0, 6.0, 5.0}, 7)),
		samples->fmt(ma[0]), samples->fmt(ma[5])));

	# near the limits of big: the exact sum must not wrap
	s = Sample.new(4);
	s.add(big 16r7FFFFFFFFFFFFFF0);
	s.add(big 16r7FFFFFFFFFFFFFF0);
	show("huge", s);

	# addall: the same sums as addreal one by one, whole or not, and
	# past 2^62 (1500 of 4.5e15) and past the exact sum's range (3000
	# pass 2^63)
	tenth := array[1000] of {* => 0.1};
	wholes := array[3000] of {* => 4.5e15};
	mixed := array[] of {3.0, 5.0, -2.0, 7.5, 1e20, -1e-3};
	tests := array[] of {("tenth", tenth), ("wholes", wholes[0:1500]), ("overflow", wholes), ("mixed", mixed), ("none", array[0] of real)};
	for(k := 0; k < len tests; k++){
		(name, v) := tests[k];
		s = Sample.new(0);
		for(i = 0; i < len v; i++)
			s.addreal(v[i]);
		t := Sample.new(0);
		t.addall(v[0:len v/2]);
		t.addall(v[len v/2:]);
		out.puts(sys->sprint("addall %s: %s; whole %d %d; sums %s\n", name, t.str(), s.whole, t.whole,
			samey(s.sum == t.sum && s.comp == t.comp && s.isum == t.isum && s.str() == t.str())));
	}

	# numbers: whole numbers, other numbers, and where the first word
	# that is not a finite number starts
	lines := array[] of {
		"  1 22\t333 4.5 -6 1e3 +2 0123456789 007 999999999 1234567890\r\n",
		"1 2 x 3",
		"5 1e400 6",
		"7 1.5e",
		"",
		" \t\n",
		"12ab 3",
	};
	for(k = 0; k < len lines; k++){
		(v, e) := samples->numbers(lines[k], 0);
		l := "";
		for(i = 0; i < len v; i++)
			l += " " + samples->fmt(v[i]);
		out.puts(sys->sprint("numbers %d:%s; bad at %d\n", k, l, e));
	}
	(v, e) := samples->numbers("LABEL 4 5", 5);
	out.puts(sys->sprint("numbers from 5: %d values, %s %s, bad at %d\n", len v, samples->fmt(v[0]), samples->fmt(v[1]), e));
	out.flush();
}

samey(b: int): string
{
	if(b)
		return "the same";
	return "DIFFER";
}

show(name: string, s: ref Sample)
{

	(n, mean, lo, hi, sd) := s.stat();
	out.puts(sys->sprint("%s: n %d mean %s min %s max %s std %s median %s whole %d\n",
		name, n, samples->fmt(mean), samples->fmt(lo), samples->fmt(hi), samples->fmt(sd), samples->fmt(s.median()), s.whole));
	out.puts(name + ": " + s.str() + "\n");
}
