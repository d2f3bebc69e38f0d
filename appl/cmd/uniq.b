# uniq -- report or drop repeated adjacent lines

implement Uniq;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "arg.m";

Uniq: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
uflag, dflag, cflag: int;
out: ref Iobuf;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || arg == nil){
		sys->fprint(stderr, "uniq: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("uniq [-udc] [file]");
	while((c := arg->opt()) != 0)
		case c {
		'u' =>
			uflag = 1;
		'd' =>
			dflag = 1;
		'c' =>
			cflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(len argv > 1)
		arg->usage();
	arg = nil;
	f: ref Iobuf;
	if(argv == nil)
		f = bufio->fopen(sys->fildes(0), Bufio->OREAD);
	else{
		f = bufio->open(hd argv, Bufio->OREAD);
		if(f == nil){
			sys->fprint(stderr, "uniq: cannot open %s: %r\n", hd argv);
			raise "fail:open";
		}
	}
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	prev: string;
	n := 0;
	while((s := f.gets('\n')) != nil){
		if(s[len s-1] != '\n')
			s += "\n";
		if(n > 0 && s == prev){
			n++;
			continue;
		}
		if(n > 0)
			put(prev, n);
		prev = s;
		n = 1;
	}
	if(n > 0)
		put(prev, n);
	if(out.flush() < 0){
		sys->fprint(stderr, "uniq: write error: %r\n");
		raise "fail:write error";
	}
}

put(s: string, n: int)
{
	if(uflag && n > 1 || dflag && n == 1)
		return;
	if(cflag)
		out.puts(sys->sprint("%4d ", n));
	out.puts(s);
}
