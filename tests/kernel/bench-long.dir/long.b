implement Long;

# The Dis timer files an instruction of 300 ms (2^28 ticks and more:
# the timer's 64-bit way, with a double sum of squares) and one of 5 s
# (over 2^32 ticks) as it files any: each sleep's mcall shows n 1 and
# its whole time as mean, min and max alike.

include "sys.m";
	sys: Sys;
include "draw.m";

Long: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

ctl(fd: ref Sys->FD, s: string)
{
	b := array of byte s;
	if(sys->write(fd, b, len b) != len b)
		sys->print("%s: %r\n", s);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	fd := sys->open("/dev/bctl", Sys->OWRITE);
	if(fd == nil){
		sys->print("bctl: %r\n");
		return;
	}
	ctl(fd, "dis timer startclr");
	sys->sleep(300);
	sys->sleep(5000);
	ctl(fd, "dis timer stop");
	ctl(fd, "dis timer report");
	d := sys->open("/dev/bdata", Sys->OREAD);
	s := "";
	buf := array[8192] of byte;
	while((n := sys->read(d, buf, len buf)) > 0)
		s += string buf[0:n];
	(nil, lines) := sys->tokenize(s, "\n");
	want := array[] of {300, 5000};
	k := 0;
	for(; lines != nil; lines = tl lines){
		(nf, f) := sys->tokenize(hd lines, " ");
		if(nf != 8 || hd f != "/n/local/long.dis" || hd tl tl f != "mcall")
			continue;
		f = tl tl tl f;
		(cnt, mean, min, max) := (hd f, hd tl f, hd tl tl f, hd tl tl tl f);
		if(real mean < 1e8)
			continue;	# the bctl writes
		if(k >= len want){
			sys->print("more long mcalls than sleeps\n");
			break;
		}
		ms := int (real min / 1e6);
		sys->print("sleep %d: n %s", want[k], cnt);
		if(mean == min && min == max)
			sys->print(", mean = min = max");
		if(ms >= want[k] && ms < want[k]+1000)
			sys->print(", at least %d ms", want[k]);
		else
			sys->print(", took %d ms", ms);	# a failure says which way
		sys->print("\n");
		k++;
	}
}
