implement Workdircd;

# workdir-cd -- appl/lib/workdir.b: the current directory's name
# follows chdir, through the root, a directory under /tmp and ..

include "sys.m";
	sys: Sys;
include "draw.m";
include "workdir.m";
	workdir: Workdir;

Workdircd: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Dir: string;	# a directory of its own under /tmp, so runs cannot collide

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	workdir = load Workdir Workdir->PATH;
	if(workdir == nil){
		sys->print("cannot load %s: %r\n", Workdir->PATH);
		raise "fail:load";
	}
	Dir = tmpdir("/tmp/minos-workdir-test");
	if(sys->create(Dir+"/sub", Sys->OREAD, Sys->DMDIR|8r755) == nil)
		sys->print("create: %r\n");
	for(l := "/" :: "/tmp" :: Dir :: "sub" :: ".." :: "sub/../sub" :: "/dis/lib" :: nil; l != nil; l = tl l){
		if(sys->chdir(hd l) < 0)
			sys->print("chdir %s: %r\n", hd l);
		sys->print("cd %s: %s\n", hide(hd l), hide(workdir->init()));
	}
	sys->remove(Dir+"/sub");
	sys->remove(Dir);
}

# hide writes the test directory's name without its process number
hide(s: string): string
{
	if(len s >= len Dir && s[0:len Dir] == Dir)
		return "DIR" + s[len Dir:];
	return s;
}

# tmpdir makes a new directory under /tmp whose name no other run is using
tmpdir(base: string): string
{
	n := sys->millisec();
	for(i := 0; i < 100; i++){
		d := base + "." + string (n+i);
		if(sys->create(d, Sys->OREAD|Sys->OEXCL, Sys->DMDIR|8r755) != nil)
			return d;
	}
	sys->print("cannot make a directory %s.N: %r\n", base);
	raise "fail:tmpdir";
}
