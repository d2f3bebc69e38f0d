# grep -- print lines matching a regular expression

implement Grep;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "regex.m";
	regex: Regex;
include "arg.m";

Grep: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
out: ref Iobuf;
re: Regex->Re;
cflag, hflag, iflag, lflag, nflag, sflag, vflag: int;
multi: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	regex = load Regex Regex->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || regex == nil || arg == nil){
		sys->fprint(stderr, "grep: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("grep [-chilnsv] pattern [file ...]");
	while((c := arg->opt()) != 0)
		case c {
		'c' =>
			cflag = 1;
		'h' =>
			hflag = 1;
		'i' =>
			iflag = 1;
		'l' =>
			lflag = 1;
		'n' =>
			nflag = 1;
		's' =>
			sflag = 1;
		'v' =>
			vflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(argv == nil)
		arg->usage();
	arg = nil;
	pat := hd argv;
	argv = tl argv;
	if(iflag)
		pat = lower(pat);
	err: string;
	(re, err) = regex->compile(pat, 0);
	if(re == nil){
		sys->fprint(stderr, "grep: %s: %s\n", pat, err);
		raise "fail:bad regular expression";
	}
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	multi = len argv > 1 && !hflag;
	matched := 0;
	status := "";
	if(argv == nil)
		matched = grep(bufio->fopen(sys->fildes(0), Bufio->OREAD), "<stdin>");
	for(; argv != nil; argv = tl argv){
		f := bufio->open(hd argv, Bufio->OREAD);
		if(f == nil){
			if(!sflag)
				sys->fprint(stderr, "grep: cannot open %s: %r\n", hd argv);
			status = "open error";
			continue;
		}
		if(grep(f, hd argv))
			matched = 1;
	}
	if(out.flush() < 0){
		sys->fprint(stderr, "grep: write error: %r\n");
		raise "fail:write error";
	}
	if(status != "")
		raise "fail:" + status;
	if(!matched)
		raise "fail:no matches";
}

# grep searches f, reporting as the options say; it returns whether
# any line was selected.
grep(f: ref Iobuf, name: string): int
{
	count := 0;
	lineno := 0;
	while((line := f.gets('\n')) != nil){
		lineno++;
		if(line[len line-1] == '\n')
			line = line[0:len line-1];
		s := line;
		if(iflag)
			s = lower(s);
		if((regex->execute(re, s) != nil) == vflag)
			continue;
		count++;
		if(lflag){
			out.puts(name + "\n");
			return 1;
		}
		if(cflag)
			continue;
		if(multi)
			out.puts(name + ":");
		if(nflag)
			out.puts(string lineno + ":");
		out.puts(line + "\n");
	}
	if(cflag){
		if(multi)
			out.puts(name + ":");
		out.puts(string count + "\n");
	}
	return count > 0;
}

lower(s: string): string
{
	for(i := 0; i < len s; i++){
		c := s[i];
		if(c >= 'A' && c <= 'Z')
			s[i] = c + 'a' - 'A';
	}
	return s;
}
