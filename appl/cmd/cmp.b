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

Bsize: con 16*1024;

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
		sys->seek(f1, big hd argv, Sys->SEEKSTART);
		argv = tl argv;
	}
	if(argv != nil)
		sys->seek(f2, big hd argv, Sys->SEEKSTART);
	out := bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	b1 := array[Bsize] of byte;
	b2 := array[Bsize] of byte;
	differ := 0;
	off := big 1;
	line := big 1;
	for(;;){
		n1 := fill(f1, b1, name1);
		n2 := fill(f2, b2, name2);
		n := n1;
		if(n2 < n)
			n = n2;
		for(i := 0; i < n; i++){
			c := b1[i];
			if(c == b2[i]){
				if(c == byte '\n')
					line++;
				continue;
			}
			differ = 1;
			if(sflag)
				break;
			if(!lflag){
				out.puts(sys->sprint("%s %s differ: char %bd line %bd\n", name1, name2, off+big i, line));
				break;
			}
			out.puts(sys->sprint("%6bd 0x%.2x 0x%.2x\n", off+big i, int c, int b2[i]));
		}
		if(differ && (sflag || !lflag))
			break;
		off += big n;
		if(n1 != n2){
			if(!sflag){
				out.flush();
				eof := name1;
				if(n2 < n1)
					eof = name2;
				sys->fprint(stderr, "cmp: EOF on %s\n", eof);
			}
			differ = 1;
			break;
		}
		if(n1 < len b1)
			break;	# both ended
	}
	out.flush();
	if(differ)
		raise "fail:differ";
}

# fill reads fd until b is full or the file ends: the count read
fill(fd: ref Sys->FD, b: array of byte, name: string): int
{
	n := 0;
	while(n < len b){
		r := sys->read(fd, b[n:], len b - n);
		if(r < 0){
			sys->fprint(stderr, "cmp: read %s: %r\n", name);
			raise "fail:read";
		}
		if(r == 0)
			break;
		n += r;
	}
	return n;
}

open(name: string): ref Sys->FD
{
	f := sys->open(name, Sys->OREAD);
	if(f == nil){
		sys->fprint(stderr, "cmp: cannot open %s: %r\n", name);
		raise "fail:open";
	}
	return f;
}
