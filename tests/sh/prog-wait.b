# prog-wait: reads its own /prog/n/wait while two spawned threads exit,
# one normally and one of an exception (see prog(3)).
implement Progwait;
include "sys.m";
	sys: Sys;
include "draw.m";
Progwait: module { init: fn(nil: ref Draw->Context, argv: list of string); };
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	pid := sys->pctl(0, nil);
	fd := sys->open("/prog/"+string pid+"/wait", Sys->OREAD);
	if(fd == nil){ sys->print("open: %r\n"); return; }
	spawn ok();
	spawn bad();
	buf := array[128] of byte;
	for(i := 0; i < 2; i++){
		n := sys->read(fd, buf, len buf);
		sys->print("%s\n", string buf[0:n]);
	}
}
ok() { }
bad() { a: array of int; a[3] = 1; }
