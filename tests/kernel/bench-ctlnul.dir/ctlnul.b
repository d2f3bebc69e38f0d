# ctlnul -- a bctl write holding a NUL byte is refused whole (it used to
# run what came before the NUL)
implement Ctlnul;

include "sys.m";
	sys: Sys;
include "draw.m";

Ctlnul: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	fd := sys->open("/dev/bctl", Sys->ORDWR);
	if(fd == nil){
		sys->print("open: %r\n");
		return;
	}
	s := array[11] of byte;
	s[0:] = array of byte "stats";
	s[5] = byte 0;
	s[6:] = array of byte "reset";
	sys->print("with NUL: %d %r\n", sys->write(fd, s, len s));
	nul := array[] of {byte 0};
	sys->print("a lone NUL: %d %r\n", sys->write(fd, nul, 1));
	b := array of byte "bogus";
	sys->print("after: %d %r\n", sys->write(fd, b, len b));
}
