# cmp -- compare two files byte by byte

implement Cmp;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "arg.m";

Cmp: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || arg == nil){
		sys->fprint(stderr, "cmp: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("cmp [-ls] file1 file2 [offset1 [offset2]]");
	lflag := 0;
	sflag := 0;
	while((c := arg->opt()) != 0)
		case c {
		'l' =>
			lflag = 1;
		's' =>
			sflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(len argv < 2 || len argv > 4)
		arg->usage();
	arg = nil;
	name1 := hd argv;
	name2 := hd tl argv;
	f1 := open(name1);
	f2 := open(name2);
	argv = tl tl argv;
	if(argv != nil){
		f1.seek(big hd argv, Sys->SEEKSTART);
		argv = tl argv;
	}
	if(argv != nil)
		f2.seek(big hd argv, Sys->SEEKSTART);
	out := bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	differ := 0;
	off := big 1;
	line := big 1;
	for(;; off++){
		c1 := f1.getb();
		c2 := f2.getb();
		if(c1 == c2){
			if(c1 < 0)
				break;
			if(c1 == '\n')
				line++;
			continue;
		}
		if(c1 < 0 || c2 < 0){
			if(!sflag){
				out.flush();
				eof := name1;
				if(c2 < 0)
					eof = name2;
				sys->fprint(stderr, "cmp: EOF on %s\n", eof);
			}
			differ = 1;
			break;
		}
		differ = 1;
		if(sflag)
			break;
		if(!lflag){
			out.puts(sys->sprint("%s %s differ: char %bd line %bd\n", name1, name2, off, line));
			break;
		}
		out.puts(sys->sprint("%6bd 0x%.2x 0x%.2x\n", off, c1, c2));
	}
	out.flush();
	if(differ)
		raise "fail:differ";
}

open(name: string): ref Iobuf
{
	f := bufio->open(name, Bufio->OREAD);
	if(f == nil){
		sys->fprint(stderr, "cmp: cannot open %s: %r\n", name);
		raise "fail:open";
	}
	return f;
}
