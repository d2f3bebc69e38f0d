# sort -- sort lines

implement Sort;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "arg.m";

Sort: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
nflag, rflag, uflag: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || arg == nil){
		sys->fprint(stderr, "sort: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("sort [-nru] [file ...]");
	while((c := arg->opt()) != 0)
		case c {
		'n' =>
			nflag = 1;
		'r' =>
			rflag = 1;
		'u' =>
			uflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	lines := array[64] of string;
	n := 0;
	if(argv == nil)
		argv = "-" :: nil;
	for(; argv != nil; argv = tl argv){
		f: ref Iobuf;
		if(hd argv == "-")
			f = bufio->fopen(sys->fildes(0), Bufio->OREAD);
		else
			f = bufio->open(hd argv, Bufio->OREAD);
		if(f == nil){
			sys->fprint(stderr, "sort: cannot open %s: %r\n", hd argv);
			raise "fail:open";
		}
		while((s := f.gets('\n')) != nil){
			if(s[len s-1] == '\n')
				s = s[0:len s-1];
			if(n == len lines){
				nl := array[2*n] of string;
				nl[0:] = lines;
				lines = nl;
			}
			lines[n++] = s;
		}
	}
	lines = msort(lines[0:n]);
	out := bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	for(i := 0; i < n; i++){
		if(uflag && i > 0 && compare(lines[i-1], lines[i]) == 0)
			continue;
		out.puts(lines[i]);
		out.putc('\n');
	}
	if(out.flush() < 0){
		sys->fprint(stderr, "sort: write error: %r\n");
		raise "fail:write error";
	}
}

# msort sorts a stably: merges of runs of 1, 2, 4, ... between a and
# a second array, index ranges rather than slices (a slice is a block
# to make), so that each pass moves every line once.
msort(a: array of string): array of string
{
	n := len a;
	src := a;
	dst := array[n] of string;
	for(w := 1; w < n; w *= 2){
		for(lo := 0; lo < n; lo += 2*w){
			m := lo + w;
			if(m > n)
				m = n;
			hi := m + w;
			if(hi > n)
				hi = n;
			merge(src, dst, lo, m, hi);
		}
		(src, dst) = (dst, src);
	}
	return src;
}

# merge merges src[lo:m] and src[m:hi] into dst[lo:hi], the first's
# lines first among equals
merge(src, dst: array of string, lo, m, hi: int)
{
	i := lo;
	j := m;
	k := lo;
	if(!nflag && !rflag){
		while(i < m && j < hi){
			if(src[j] < src[i])
				dst[k++] = src[j++];
			else
				dst[k++] = src[i++];
		}
	}else{
		while(i < m && j < hi){
			if(compare(src[j], src[i]) < 0)
				dst[k++] = src[j++];
			else
				dst[k++] = src[i++];
		}
	}
	while(i < m)
		dst[k++] = src[i++];
	while(j < hi)
		dst[k++] = src[j++];
}

compare(a, b: string): int
{
	c := 0;
	if(nflag)
		c = numcmp(a, b);
	if(c == 0 && !(nflag && uflag)){
		if(a < b)
			c = -1;
		else if(a > b)
			c = 1;
	}
	if(rflag)
		c = -c;
	return c;
}

# numcmp compares the numbers at the start of a and b (after blanks).
numcmp(a, b: string): int
{
	x := number(a);
	y := number(b);
	if(x < y)
		return -1;
	if(x > y)
		return 1;
	return 0;
}

number(s: string): real
{
	i := 0;
	while(i < len s && (s[i] == ' ' || s[i] == '\t'))
		i++;
	j := i;
	if(j < len s && (s[j] == '-' || s[j] == '+'))
		j++;
	while(j < len s && (s[j] >= '0' && s[j] <= '9' || s[j] == '.'))
		j++;
	if(j == i)
		return 0.0;
	return real s[i:j];
}
