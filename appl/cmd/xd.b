# xd -- hex dump

implement Xd;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

Xd: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Perline:	con 16;

stderr: ref Sys->FD;
size := 4;	# bytes per unit
chars := 0;	# -c: units are characters
out: ref Iobuf;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	if(bufio == nil){
		sys->fprint(stderr, "xd: cannot load %s: %r\n", Bufio->PATH);
		raise "fail:load";
	}
	if(argv != nil)
		argv = tl argv;
	for(; argv != nil && len hd argv > 1 && (hd argv)[0] == '-'; argv = tl argv){
		case hd argv {
		"-1x" or "-b" =>
			size = 1;
			chars = 0;
		"-2x" =>
			size = 2;
			chars = 0;
		"-4x" =>
			size = 4;
			chars = 0;
		"-c" =>
			size = 1;
			chars = 1;
		* =>
			sys->fprint(stderr, "usage: xd [-1x|-2x|-4x|-b|-c] [file ...]\n");
			raise "fail:usage";
		}
	}
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	if(argv == nil)
		argv = "-" :: nil;
	status := "";
	for(; argv != nil; argv = tl argv){
		fd: ref Sys->FD;
		if(hd argv == "-")
			fd = sys->fildes(0);
		else
			fd = sys->open(hd argv, Sys->OREAD);
		if(fd == nil){
			sys->fprint(stderr, "xd: cannot open %s: %r\n", hd argv);
			status = "open error";
			continue;
		}
		dump(fd, hd argv);
	}
	if(out.flush() < 0){
		sys->fprint(stderr, "xd: write error: %r\n");
		raise "fail:write error";
	}
	if(status != "")
		raise "fail:" + status;
}

# dump prints the file in lines of Perline bytes, each headed by its
# offset in hex, and a last line with the length.
dump(fd: ref Sys->FD, name: string)
{
	line := array[Perline] of byte;
	off := 0;
	for(;;){
		n := sys->readn(fd, line, Perline);
		if(n < 0){
			sys->fprint(stderr, "xd: error reading %s: %r\n", name);
			break;
		}
		if(n == 0)
			break;
		s := sys->sprint("%.7x ", off);
		for(i := 0; i < n; i += size){
			s += " ";
			if(chars){
				s += charfmt(int line[i]);
				continue;
			}
			for(j := i; j < i + size && j < n; j++)
				s += sys->sprint("%.2x", int line[j]);
		}
		out.puts(s + "\n");
		off += n;
		if(n < Perline)
			break;
	}
	out.puts(sys->sprint("%.7x\n", off));
}

charfmt(c: int): string
{
	case c {
	'\n' =>
		return " \\n";
	'\t' =>
		return " \\t";
	'\r' =>
		return " \\r";
	0 =>
		return " \\0";
	}
	if(c >= 16r20 && c < 16r7F)
		return sys->sprint("%3c", c);
	return sys->sprint("%.3o", c);
}
