implement Bufiofill;

# lib-bufio-fill -- an Iobuf fed by a BufioFill module: this one,
# through "$self".  Its interface hands out the BufioFill handle, so its
# load of BufioFill links every function in Inferno's order, as bufio's
# calls through the handle expect.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

Bufiofill: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	fill:	fn(b: ref Bufio->Iobuf): int;
	filler:	fn(): BufioFill;
};

chunks := array[] of {"first ", "sec", "ond\nthird", "\n", "no newline"};
next := 0;

# fill appends the next chunk, as Inferno's fill modules do
fill(b: ref Iobuf): int
{
	if(next >= len chunks)
		return Bufio->EOF;
	a := array of byte chunks[next++];
	b.buffer[b.size:] = a;
	b.size += len a;
	return len a;
}

filler(): BufioFill
{
	return load BufioFill "$self";
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	bufio = load Bufio Bufio->PATH;
	if(bufio == nil){
		sys->print("cannot load %s: %r\n", Bufio->PATH);
		raise "fail:load";
	}
	# sopen's string is the buffer: room for the largest chunk
	b := bufio->sopen("0123456789abcdef");
	sys->print("start %q\n", b.gets('\n'));
	b.setfill(filler());
	while((s := b.gets('\n')) != nil)
		sys->print("line %q offset %bd\n", s, b.offset());
	sys->print("eof %d\n", b.getc());
	b.setfill(nil);
	b.close();
}
