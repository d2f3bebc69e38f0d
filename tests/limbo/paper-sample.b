implement Papersample;

# The code of "Reliable Benchmarking with Limbo on Inferno", as printed,
# compiles with the lines sample(2) says to add (marked "added") and
# the two it says to change (marked "paper:").  On emu there is no
# /dev/busec, so tstamp gives 0 and the results are known.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "sample.m";
	samples: Samples;		# added
	Sample: import samples;		# added

Papersample: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

iob: ref Iobuf;
NREP: con 1000;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	samples = load Samples Samples->PATH;	# added
	iob = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	base := nothing();
	sys->print("base %bd\n", base);
	expectation(base);
	measurement();
}

# "Expectation": the cost of sys->sleep(0)
expectation(base: big)
{
	t: big;
s := Sample.new(NREP);
for(i:=0; i<NREP; i++) {
	t = tstamp();
	sys->sleep(0);
	t = tstamp() - t;
	s.add(t-base);
}
	sys->print("sleep %s\n", s.str());
}

# "Expectation": the cost of nothing, to find base
nothing(): big
{
	t, base: big;	# the surrounding program's
s := Sample.new(NREP);
for(i:=0; i<NREP; i++) {
	t = tstamp();
	t = tstamp() - t;
	s.add(t-base);
}
(n, mean, min, max, std) := s.stat();
base = big min;		# paper: base = min;
	sys->print("nothing n %d mean %g max %g std %g\n", n, mean, max, std);
	return base;
}

# "The Measurement Process": bench.b's BASE
measurement()
{
t0, t1, base: big;
NREP: con 1000;

s := Sample.new(NREP);
treset();
for(i:=0; i<NREP; i++) {
	t0 = tstamp();
	t1 = tstamp();
	s.add(t1-t0);
}
(nil, nil, min, nil, nil) := s.stat();	# paper: (nil, nil, base, nil, nil) = s.stat();
base = big min;

iob.puts("BASE:1l:Observation::Time:us ");
s.obs(iob);
iob.puts("\n");
iob.flush();
	sys->print("base %bd\n", base);
}

tsfd: ref Sys->FD;
treset()
{
	tsfd = sys->open("/dev/busec", sys->OWRITE);
	if(tsfd == nil)
		return;
	buf := array[1] of byte;
	n := sys->write(tsfd, buf, len buf);
	tsfd = sys->open("/dev/busec", sys->OREAD);
}

tstamp(): big
{
	buf := array[128] of byte;
	n := sys->read(tsfd, buf, len buf);
	if(n < 0)
		return big 0;

	return big string buf[0:n];
}
