# compat-bigmid -- constants outside -32768..32767 as the middle operand of
# comparisons and arithmetic (a middle operand has 16 bits in the object
# file: they go through a temporary, as Inferno's limbo does, so the
# module computes the same on Inferno's VM)
implement Compatbigmid;
include "sys.m";
sys: Sys;
include "draw.m";
Compatbigmid: module { init: fn(nil: ref Draw->Context, nil: list of string); };
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	x := 70000;
	y := 16rFFFF;
	b := byte 200;
	l := big 100000;
	n := 0;
	if(x > 16rFFFF) n |= 1;
	if(y >= 65535) n |= 2;
	if(y < -40000) n |= 4;
	z := 100000 - x;
	w := x * 40000;
	if(l > big 99999) n |= 8;
	sys->print("%d %d %d %d\n", n, z, w, int (b+byte 100));
}
