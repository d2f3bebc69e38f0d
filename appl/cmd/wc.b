# wc -- count lines, words, runes and bytes

implement Wc;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Wc: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Counts: adt
{
	lines:	big;
	words:	big;
	runes:	big;
	bytes:	big;
};

stderr: ref Sys->FD;
lflag, wflag, rflag, cflag: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	arg := load Arg Arg->PATH;
	if(arg == nil){
		sys->fprint(stderr, "wc: cannot load %s: %r\n", Arg->PATH);
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("wc [-lwrc] [file ...]");
	while((c := arg->opt()) != 0)
		case c {
		'l' =>
			lflag = 1;
		'w' =>
			wflag = 1;
		'r' =>
			rflag = 1;
		'c' =>
			cflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	if(!lflag && !wflag && !rflag && !cflag)
		lflag = wflag = cflag = 1;
	status := "";
	if(argv == nil){
		(ok, cnt) := count(sys->fildes(0), "standard input");
		if(!ok)
			status = "read error";
		print(cnt, nil);
	}else{
		total := ref Counts(big 0, big 0, big 0, big 0);
		n := 0;
		for(; argv != nil; argv = tl argv){
			fd := sys->open(hd argv, Sys->OREAD);
			if(fd == nil){
				sys->fprint(stderr, "wc: cannot open %s: %r\n", hd argv);
				status = "open error";
				continue;
			}
			(ok, cnt) := count(fd, hd argv);
			if(!ok)
				status = "read error";
			print(cnt, hd argv);
			total.lines += cnt.lines;
			total.words += cnt.words;
			total.runes += cnt.runes;
			total.bytes += cnt.bytes;
			n++;
		}
		if(n > 1)
			print(total, "total");
	}
	if(status != "")
		raise "fail:" + status;
}

count(fd: ref Sys->FD, name: string): (int, ref Counts)
{
	c := ref Counts(big 0, big 0, big 0, big 0);
	buf := array[Sys->ATOMICIO] of byte;
	inword := 0;
	for(;;){
		n := sys->read(fd, buf, len buf);
		if(n < 0){
			sys->fprint(stderr, "wc: error reading %s: %r\n", name);
			return (0, c);
		}
		if(n == 0)
			break;
		c.bytes += big n;
		if(!lflag && !wflag && !rflag)
			continue;	# only bytes: nothing to scan
		nl := 0;
		nw := 0;
		nr := 0;
		for(i := 0; i < n; i++){
			b := int buf[i];
			if((b & 16rC0) != 16r80)
				nr++;
			case b {
			'\n' =>
				nl++;
				inword = 0;
			' ' or '\t' or '\r' or 16r0B or 16r0C =>
				inword = 0;
			* =>
				if(!inword){
					inword = 1;
					nw++;
				}
			}
		}
		c.lines += big nl;
		c.words += big nw;
		c.runes += big nr;
	}
	return (1, c);
}

print(c: ref Counts, name: string)
{
	s := "";
	if(lflag)
		s += sys->sprint(" %7bd", c.lines);
	if(wflag)
		s += sys->sprint(" %7bd", c.words);
	if(rflag)
		s += sys->sprint(" %7bd", c.runes);
	if(cflag)
		s += sys->sprint(" %7bd", c.bytes);
	s = s[1:];
	if(name != nil)
		s += " " + name;
	sys->print("%s\n", s);
}
