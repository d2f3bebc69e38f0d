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
	lines = lines[0:n];
	msort(lines, array[n] of string);
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

# msort sorts a stably, using tmp (as long as a) for merging.
msort(a, tmp: array of string)
{
	n := len a;
	if(n < 2)
		return;
	m := n / 2;
	msort(a[0:m], tmp[0:m]);
	msort(a[m:], tmp[m:]);
	i := 0;
	j := m;
	k := 0;
	while(i < m && j < n){
		if(compare(a[j], a[i]) < 0)
			tmp[k++] = a[j++];
		else
			tmp[k++] = a[i++];
	}
	while(i < m)
		tmp[k++] = a[i++];
	while(j < n)
		tmp[k++] = a[j++];
	a[0:] = tmp[0:n];
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
