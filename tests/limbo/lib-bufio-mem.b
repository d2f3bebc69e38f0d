implement Bufiomem;

# lib-bufio-mem -- the rest of Bufio's interface: sopen and aopen,
# gett, ungetc over multi-byte runes, seek within an array, flush of
# input.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

Bufiomem: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	if(bufio == nil){
		sys->print("cannot load %s: %r\n", Bufio->PATH);
		raise "fail:load";
	}

	b := bufio->sopen("key=value; αβγ:end");
	sys->print("gett %q\n", b.gett("=;"));
	sys->print("gett %q\n", b.gett("=;"));
	sys->print("gett %q\n", b.gett(":"));
	sys->print("getc %c\n", b.getc());
	sys->print("rest %q\n", b.gett("x"));
	sys->print("eof %d %d\n", b.getc(), b.gett("x") == nil);

	b = bufio->sopen("αβ");
	c1 := b.getc();
	b.ungetc();
	c2 := b.getc();
	sys->print("unget %c %c offset %bd\n", c1, c2, b.offset());
	b.ungetc();
	b.ungetb();
	sys->print("ungetb %d\n", b.ungetb());
	b.seek(big 2, Bufio->SEEKSTART);
	sys->print("seek %c offset %bd\n", b.getc(), b.offset());
	sys->print("seek past end %bd\n", b.seek(big 10, Bufio->SEEKSTART));
	sys->print("seek from end %bd %c\n", b.seek(big -2, Bufio->SEEKEND), b.getc());
	sys->print("write %d putc %d\n", b.write(array[1] of byte, 1), b.putc('x'));

	a := array of byte "line one\nline two\n";
	b = bufio->aopen(a);
	sys->print("aopen %q", b.gets('\n'));
	sys->print("aopen %q", b.gets('\n'));
	sys->print("aopen nil %d\n", b.gets('\n') == nil);
	b = bufio->aopen(nil);
	sys->print("empty %d\n", b.getb());

	# flush drops input: the next read comes from the file
	f := "/tmp/lib-bufio-mem.txt";
	w := bufio->create(f, Bufio->OWRITE, 8r644);
	w.puts("abcdef\n");
	w.close();
	r := bufio->open(f, Bufio->ORDWR);
	sys->print("getb %c\n", r.getb());
	r.flush();
	sys->print("after flush %q offset %bd\n", r.gets('\n'), r.offset());
	r.seek(big 1, Bufio->SEEKSTART);
	r.puts("XY");
	r.seek(big 0, Bufio->SEEKSTART);
	sys->print("rewritten %q\n", r.gets('\n'));
	r.close();
	sys->remove(f);
}
