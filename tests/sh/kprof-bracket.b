implement Kprofbracket;

# kprof-bracket: a loop between Bench->profon and profoff, with a busy
# function (SHA-1 of a buffer: the kernel's sha1block) run before and
# after it.  kprof-bracket bracket: only the loop is profiled;
# kprof-bracket whole: the paper's startclr and stop written to kpctl
# around everything.  Prints only what does not depend on timing.

include "sys.m";
	sys: Sys;
include "draw.m";
include "keyring.m";
	keyring: Keyring;
include "bench.m";
	bench: Bench;

Kprofbracket: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	keyring = load Keyring Keyring->PATH;
	bench = load Bench Bench->PATH;
	if(keyring == nil || bench == nil){
		sys->print("load: %r\n");
		raise "fail:load";
	}
	whole := len argv > 1 && hd tl argv == "whole";
	if(whole)
		ctl("startclr");
	busy();
	if(!whole && bench->profon(1) < 0)
		sys->print("profon: %r\n");
	for(i := 0; i < 20000; i++)
		sys->pctl(0, nil);
	if(!whole && bench->profoff() < 0)
		sys->print("profoff: %r\n");
	busy();
	if(whole)
		ctl("stop");
	sys->print("%s done\n", (array[] of {"bracket", "whole"})[whole]);
}

busy()
{
	b := array[65536] of byte;
	d := array[Keyring->SHA1dlen] of byte;
	for(i := 0; i < 20; i++)
		keyring->sha1(b, len b, d, nil);
}

ctl(s: string)
{
	fd := sys->open("/dev/kpctl", Sys->OWRITE);
	if(fd == nil || sys->fprint(fd, "%s", s) < 0)
		sys->print("kpctl %s: %r\n", s);
}
