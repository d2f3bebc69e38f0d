implement Devexportend;

# dev-exportend -- an export's end while its workers are busy: a client
# pipelines requests and hangs up at once, many times over, so the
# reader (sys->export) tears down as its last workers leave.  Each
# export returns 0; nothing is freed under a worker still leaving.

include "sys.m";
	sys: Sys;
include "draw.m";

Devexportend: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Tversion: con 100;
Tattach: con 104;
Twalk: con 110;
Tstat: con 124;
NOTAG: con 16rFFFF;
Rounds: con 50;
Pipelined: con 24;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	done := chan of int;
	bad := 0;
	for(i := 0; i < Rounds; i++){
		p := array[2] of ref Sys->FD;
		sys->pipe(p);
		spawn exporter(p[0], done);
		p[0] = nil;
		m := msg(Tversion, NOTAG, p32(8216) :: str("9P2000") :: nil);
		m = cat(m, msg(Tattach, 1, p32(1) :: p32(-1) :: str("me") :: str("") :: nil));
		for(t := 0; t < Pipelined; t++)
			m = cat(m, msg(Tstat, 2+t, p32(1) :: nil));
		sys->write(p[1], m, len m);
		p[1] = nil;
		if(<-done != 0)
			bad++;
	}
	sys->print("%d exports ended, %d with an error\n", Rounds, bad);
}

exporter(fd: ref Sys->FD, done: chan of int)
{
	r := sys->export(fd, "/", Sys->EXPWAIT);
	fd = nil;
	done <-= r;
}

p32(v: int): array of byte
{
	b := array[4] of byte;
	b[0] = byte v;
	b[1] = byte (v>>8);
	b[2] = byte (v>>16);
	b[3] = byte (v>>24);
	return b;
}

str(s: string): array of byte
{
	a := array of byte s;
	b := array[2+len a] of byte;
	b[0] = byte len a;
	b[1] = byte (len a>>8);
	b[2:] = a;
	return b;
}

cat(a, b: array of byte): array of byte
{
	c := array[len a+len b] of byte;
	c[0:] = a;
	c[len a:] = b;
	return c;
}

# a message of type t and tag from its fields
msg(t, tag: int, fields: list of array of byte): array of byte
{
	b := array[7] of byte;
	b[4] = byte t;
	b[5] = byte tag;
	b[6] = byte (tag>>8);
	for(; fields != nil; fields = tl fields)
		b = cat(b, hd fields);
	b[0:] = p32(len b);
	return b;
}
