implement Loophead;

# load-loophead -- a function nobody calls whose first instruction heads
# its own loop (the jump back to it is from inside it, not from the code
# before) starts a function of its own: the loader must not check it
# against the frame of the function before it (Inferno's sendmail.dis).

include "sys.m";
	sys: Sys;
include "draw.m";

Loophead: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("ok\n");
}

# never called; its frame is larger than init's
unused(l: list of string, a, b, c, d: string, n: int): int
{
	while(l != nil){
		s := hd l;
		t := s + a + b + c + d;
		n += len t;
		l = tl l;
	}
	return n;
}
