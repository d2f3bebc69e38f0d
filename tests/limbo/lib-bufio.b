implement Libbufio;

# lib-bufio -- appl/lib/bufio.b: reading lines and runes, writing,
# seeking, mixing reads and writes on one Iobuf

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

Libbufio: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

File: con "/tmp/lib-bufio.txt";

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	if(bufio == nil){
		sys->print("cannot load %s: %r\n", Bufio->PATH);
		raise "fail:load";
	}
	w := bufio->create(File, Bufio->OWRITE, 8r644);
	if(w == nil){
		sys->print("create: %r\n");
		raise "fail:create";
	}
	# more than one buffer full, so lines cross buffer boundaries
	for(i := 0; i < 2000; i++)
		w.puts(sys->sprint("line %d\n", i));
	w.putc('é');
	w.putb(byte 'x');
	w.puts("☺ no newline");
	if(w.flush() < 0)
		sys->print("flush: %r\n");
	sys->print("offset %bd\n", w.offset());
	w.close();

	r := bufio->open(File, Bufio->OREAD);
	n := 0;
	last: string;
	while((s := r.gets('\n')) != nil){
		n++;
		last = s;
	}
	sys->print("%d lines, last [%s]\n", n, last);

	r.seek(big 0, Sys->SEEKSTART);
	sys->print("getc %c%c ", r.getc(), r.getc());
	r.ungetc();
	sys->print("again %c getb %c\n", r.getc(), r.getb());
	r.seek(big -17, Sys->SEEKEND);
	c := r.getc();
	sys->print("rune %c %d offset %bd\n", c, c, r.offset());
	r.ungetc();
	sys->print("offset %bd\n", r.offset());
	sys->print("gets ☺ [%s]\n", r.gets('☺'));
	sys->print("rest [%s]\n", r.gets('\n'));
	sys->print("eof %d %d\n", r.getc(), r.getb());

	r.seek(big 5, Sys->SEEKSTART);
	buf := array[20000] of byte;
	m := r.read(buf, 3);
	sys->print("read %d [%s]\n", m, string buf[0:m]);
	m = r.read(buf, len buf);
	sys->print("read %d\n", m);
	r.close();

	# read and write on one buffer
	rw := bufio->open(File, Bufio->ORDWR);
	sys->print("first [%s]", rw.gets('\n'));
	rw.puts("LINE");
	rw.seek(big 0, Sys->SEEKSTART);
	rw.gets('\n');
	sys->print("changed [%s]", rw.gets('\n'));
	rw.close();
	sys->remove(File);

	if(bufio->open("/nonexistent/x", Bufio->OREAD) == nil)
		sys->print("open nil: %r\n");
}
