# head -- print the first lines of files

implement Head;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

Head: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	if(bufio == nil){
		sys->fprint(stderr, "head: cannot load library: %r\n");
		raise "fail:load";
	}
	if(argv != nil)
		argv = tl argv;
	n := 10;
	if(argv != nil){
		a := hd argv;
		if(a == "-n"){
			if(tl argv == nil || !isnum(hd tl argv))
				usage();
			n = int hd tl argv;
			argv = tl tl argv;
		}else if(len a > 1 && a[0] == '-'){
			if(!isnum(a[1:]))
				usage();
			n = int a[1:];
			argv = tl argv;
		}
	}
	out := bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	status := "";
	if(argv == nil)
		head(bufio->fopen(sys->fildes(0), Bufio->OREAD), n, out, "standard input");
	for(; argv != nil; argv = tl argv){
		b := bufio->open(hd argv, Bufio->OREAD);
		if(b == nil){
			sys->fprint(stderr, "head: cannot open %s: %r\n", hd argv);
			status = "open";
			continue;
		}
		head(b, n, out, hd argv);
	}
	if(out.flush() < 0){
		sys->fprint(stderr, "head: write error: %r\n");
		raise "fail:write error";
	}
	if(status != nil)
		raise "fail:" + status;
}

# head copies the first n lines of b to out.
head(b: ref Iobuf, n: int, out: ref Iobuf, name: string)
{
	for(; n > 0; n--){
		l := b.gets('\n');
		if(l == nil)
			break;
		if(out.puts(l) < 0){
			sys->fprint(stderr, "head: write error: %r\n");
			raise "fail:write error";
		}
	}
	if(n > 0 && b.getc() == Bufio->ERROR){
		sys->fprint(stderr, "head: error reading %s: %r\n", name);
		raise "fail:read error";
	}
}

isnum(s: string): int
{
	if(s == nil)
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

usage()
{
	sys->fprint(stderr, "usage: head [-n n | -n] [file ...]\n");
	raise "fail:usage";
}
