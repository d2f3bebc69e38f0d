implement Memhog;

# memhog -- take memory from the Dis heap at a set rate, hold it, and
# give it back at the same rate, as the hog of Walfield's experiment:
# the memory is the kernel's, held through #g/gchog (gc(3)), so what the
# heap may use falls as the hog grows.

include "sys.m";
	sys: Sys;
include "draw.m";

Memhog: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Maxsize:	con 16r7fffffff;

stderr: ref Sys->FD;
verbose := 0;

usage()
{
	sys->fprint(stderr, "usage: memhog [-v] [-d delay] [-r rate] [-t step] [-h hold] size\n");
	raise "fail:usage";
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	delay := 0;		# ms before it starts
	rate := 1024*1024;	# bytes a second
	step := 100;		# ms between steps
	hold := 1000;		# ms held at the top
	if(argv != nil)
		argv = tl argv;
	for(; argv != nil && len hd argv > 1 && (hd argv)[0] == '-'; argv = tl argv){
		o := hd argv;
		if(o == "-v"){
			verbose = 1;
			continue;
		}
		argv = tl argv;
		if(argv == nil)
			usage();
		case o {
		"-d" =>
			delay = ms(hd argv, "delay");
		"-t" =>
			step = ms(hd argv, "step");
			if(step == 0)
				fail("step must be at least 1 ms");
		"-h" =>
			hold = ms(hd argv, "hold");
		"-r" =>
			rate = size(hd argv, "rate");
			if(rate == 0)
				fail("rate must be at least 1 byte a second");
		* =>
			usage();
		}
	}
	if(argv == nil || tl argv != nil)
		usage();
	top := size(hd argv, "size");
	fd := sys->open("#g/gchog", Sys->ORDWR);
	if(fd == nil)
		fail(sys->sprint("cannot open #g/gchog: %r"));
	lim := limit();
	if(lim >= 0 && top > lim)
		fail(sys->sprint("%d bytes is more than the heap's limit (%d bytes)", top, lim));
	if(delay > 0)
		sys->sleep(delay);
	per := int (big rate*big step/big 1000);
	if(per < 1)
		per = 1;
	for(n := 0; n < top; ){
		n += per;
		if(n > top || n < 0)
			n = top;
		set(fd, n);
		sys->sleep(step);
	}
	sys->sleep(hold);
	for(n = top; n > 0; ){
		n -= per;
		if(n < 0)
			n = 0;
		set(fd, n);
		if(n > 0)
			sys->sleep(step);
	}
}

set(fd: ref Sys->FD, n: int)
{
	if(sys->fprint(fd, "%d", n) < 0)
		fail(sys->sprint("%r"));
	if(verbose)
		sys->print("%d\n", n);
}

# the heap's limit, from #g/gcctl; -1 if unknown
limit(): int
{
	fd := sys->open("#g/gcctl", Sys->OREAD);
	if(fd == nil)
		return -1;
	buf := array[256] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return -1;
	(nil, l) := sys->tokenize(string buf[0:n], " \n");
	for(; l != nil && tl l != nil; l = tl l)
		if(hd l == "limit"){
			(v, nil) := number(hd tl l);
			return v;
		}
	return -1;
}

fail(s: string)
{
	sys->fprint(stderr, "memhog: %s\n", s);
	raise "fail:memhog";
}

# a count of ms, 0 to an hour
ms(s: string, what: string): int
{
	(v, rest) := number(s);
	if(rest != nil || v < 0 || v > 3600000)
		fail(what+" must be 0 to 3600000 ms");
	return v;
}

# a byte count, with k or m
size(s: string, what: string): int
{
	(v, rest) := number(s);
	m := big 1;
	case rest {
	"" =>	;
	"k" or "K" =>	m = big 1024;
	"m" or "M" =>	m = big (1024*1024);
	* =>	v = -1;
	}
	if(v < 0 || big v*m > big Maxsize)
		fail(what+" must be a byte count (k, m) up to 2147483647");
	return int (big v*m);
}

# the decimal number at the start of s, and what follows; -1 if none
number(s: string): (int, string)
{
	v := big 0;
	for(i := 0; i < len s && s[i] >= '0' && s[i] <= '9'; i++){
		v = v*big 10 + big (s[i]-'0');
		if(v > big Maxsize)
			return (-1, nil);
	}
	if(i == 0)
		return (-1, nil);
	return (int v, s[i:]);
}
