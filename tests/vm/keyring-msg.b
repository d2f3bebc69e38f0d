implement Msgtest;

# keyring-msg -- $Keyring's messages: sendmsg, getmsg and senderrmsg on
# a stream (a count of four digits and a newline, or ! and three, as
# Inferno writes them: the bytes are shown), putstring, getstring,
# putbytearray, getbytearray and puterror on a connection that keeps
# messages apart (a tag byte, 0 or 16rff), and what each does at a
# hangup, with a message too long, and with bad arguments.

include "sys.m";
	sys: Sys;
include "draw.m";
include "keyring.m";
	kr: Keyring;

Msgtest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

show(a: array of byte): string
{
	s := "";
	for(i := 0; i < len a; i++)
		if(a[i] == byte '\n')
			s += "\\n";
		else if(a[i] < byte 16r20 || a[i] >= byte 16r7f)
			s += sys->sprint("\\x%.2ux", int a[i]);
		else
			s[len s] = int a[i];
	return s;
}

# what was written to p[0], read raw at p[1]
raw(p: array of ref Sys->FD): string
{
	b := array[10000] of byte;
	n := sys->read(p[1], b, len b);
	return show(b[0:n]);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	kr = load Keyring Keyring->PATH;
	p := array[2] of ref Sys->FD;

	sys->pipe(p);
	sys->print("sendmsg %d: %s\n", kr->sendmsg(p[0], array of byte "hello", 5), raw(p));
	sys->print("senderrmsg %d: %s\n", kr->senderrmsg(p[0], "no way"), raw(p));
	sys->print("sendmsg 0 bytes %d: %s\n", kr->sendmsg(p[0], array[0] of byte, 0), raw(p));
	kr->sendmsg(p[0], array of byte "one", 3);
	kr->sendmsg(p[0], array of byte "two!", 4);
	kr->senderrmsg(p[0], "bad thing");
	sys->print("getmsg %s\n", show(kr->getmsg(p[1])));
	sys->print("getmsg %s\n", show(kr->getmsg(p[1])));
	sys->print("getmsg of an error %d: %r\n", kr->getmsg(p[1]) == nil);
	sys->write(p[0], array of byte "0099\nshort", 10);
	p[0] = nil;
	sys->print("getmsg cut short %d: %r\n", kr->getmsg(p[1]) == nil);
	sys->print("getmsg at the end %d: %r\n", kr->getmsg(p[1]) == nil);
	sys->pipe(p);
	sys->write(p[0], array of byte "9999\n", 5);
	sys->print("getmsg too long %d: %r\n", kr->getmsg(p[1]) == nil);
	sys->print("getmsg nil fd %d: %r\n", kr->getmsg(nil) == nil);
	sys->print("sendmsg beyond 9999 %d: %r\n", kr->sendmsg(p[0], array[10000] of byte, 10000));

	sys->pipe(p);
	sys->print("putstring %d: %s\n", kr->putstring(p[0], "héllo"), raw(p));
	sys->print("putbytearray %d: %s\n", kr->putbytearray(p[0], array[] of {byte 1, byte 2, byte 3}, 2), raw(p));
	sys->print("puterror %d: %s\n", kr->puterror(p[0], "oops"), raw(p));
	kr->putstring(p[0], "a string");
	(s, e) := kr->getstring(p[1]);
	sys->print("getstring %q %q\n", s, e);
	kr->putbytearray(p[0], array of byte "bytes", 5);
	(a, e2) := kr->getbytearray(p[1]);
	sys->print("getbytearray %s %q\n", show(a), e2);
	kr->puterror(p[0], "failed");
	(s, e) = kr->getstring(p[1]);
	sys->print("getstring of an error %q %q\n", s, e);
	sys->write(p[0], array of byte "\u0005garbled", 8);
	(s, e) = kr->getstring(p[1]);
	sys->print("getstring of garbage %q %q\n", s, e);
	sys->write(p[0], array[] of {byte 16rff}, 1);
	(a, e2) = kr->getbytearray(p[1]);
	sys->print("getbytearray of an empty error %d %q\n", a == nil, e2);
	long := "";
	for(i := 0; i < 5000; i++)
		long[i] = 'x';
	sys->print("putstring of 5000 bytes %d\n", kr->putstring(p[0], long));
	(s, e) = kr->getstring(p[1]);
	sys->print("its getstring %d %q\n", len s, e);
	p[0] = nil;
	(s, e) = kr->getstring(p[1]);
	sys->print("getstring at the end %q %q\n", s, e);
	{
		kr->putbytearray(p[1], array[4] of byte, 5);
	} exception x {
	"*" =>
		sys->print("putbytearray beyond the array: %s\n", x);
	}
	sys->print("nil fd: %d %d\n", kr->putstring(nil, "x"), kr->sendmsg(nil, array[1] of byte, 1));
}
