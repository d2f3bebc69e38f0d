# excmain -- catch declared exceptions raised in another module (exc-modules.sh)
implement Excmain;

include "sys.m";
	sys: Sys;
include "draw.m";
include "excmod.m";
	lib: Excmod;

Excmain: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Gone: import lib;

try(n: int)
{
	{
		sys->print("check(%d) = %d\n", n, lib->check(n));
	} exception e {
	Excmod->Bad =>
		(s, i) := e;
		sys->print("check(%d): Bad(%s, %d)\n", n, s, i);
	Gone =>
		sys->print("check(%d): Gone\n", n);
	"excmod:*" =>
		sys->print("check(%d): string %s\n", n, e);
	}
}

trydeep(n: int)
{
	{
		sys->print("deep(%d) = %d\n", n, lib->deep(n));
	} exception e {
	Excmod->Bad =>
		sys->print("deep(%d): typed (wrong)\n", n);
	"Excmod.*" =>
		sys->print("deep(%d): as string %s\n", n, e);
	"*" =>
		sys->print("deep(%d): string %s\n", n, e);
	}
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	lib = load Excmod hd tl argv;
	if(lib == nil){
		sys->print("cannot load %s: %r\n", hd tl argv);
		raise "fail:load";
	}
	for(n := -1; n <= 2; n++)
		try(n);
	for(n = -1; n <= 2; n++)
		trydeep(n);
	lib->check(-3);
}
