implement Srvforge;

# verify-srvok -- a file2chan server's reply, as limbo compiles it.
# verify-srvreply.dis is this file compiled, with the server's
#	movp 40(fp), 64(fp)	(data into the reply tuple)
# patched into movp 36(fp), 64(fp) (s: one byte): the verifier cannot
# tell a string from an array (both are pointers), and #s took the
# string for the array its reader gets, copying from the address its
# first four bytes make (on emu: fault read addr=0x41414141; in the
# kernel, any kernel byte).  #s now checks the block is an array of
# bytes.

include "sys.m";
	sys: Sys;
include "draw.m";

Srvforge: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->pctl(Sys->FORKNS, nil);
	sys->bind("#s", "/chan", Sys->MREPL);
	io := sys->file2chan("/chan", "forge");
	spawn server(io);
	fd := sys->open("/chan/forge", Sys->OREAD);
	buf := array[16] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		sys->print("read: %r\n");
	else
		sys->print("read %d\n", n);
}

server(io: ref Sys->FileIO)
{
	s := "AAAABBBBCCCC";
	data := array[4] of byte;
	(nil, nil, nil, rc) := <-io.read;
	if(s != nil)
		rc <-= (data, nil);
}
