# rm -- remove files and directories

implement Rm;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Rm: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
fflag, rflag: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	arg := load Arg Arg->PATH;
	if(arg == nil){
		sys->fprint(stderr, "rm: cannot load %s: %r\n", Arg->PATH);
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("rm [-fr] file ...");
	while((c := arg->opt()) != 0)
		case c {
		'f' =>
			fflag = 1;
		'r' =>
			rflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(argv == nil)
		arg->usage();
	arg = nil;
	status := "";
	for(; argv != nil; argv = tl argv){
		name := hd argv;
		if(sys->remove(name) >= 0)
			continue;
		if(rflag){
			(ok, d) := sys->stat(name);
			if(ok >= 0 && (d.mode & Sys->DMDIR)){
				if(!rmdir(name))
					status = "error";
				continue;
			}
		}
		if(!fflag){
			sys->fprint(stderr, "rm: %s: %r\n", name);
			status = "error";
		}
	}
	if(status != "")
		raise "fail:" + status;
}

# rmdir removes the directory dir and everything in it.
rmdir(dir: string): int
{
	fd := sys->open(dir, Sys->OREAD);
	if(fd == nil){
		if(!fflag)
			sys->fprint(stderr, "rm: cannot open %s: %r\n", dir);
		return 0;
	}
	names: list of (string, int);
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			names = (dir + "/" + d[i].name, d[i].mode & Sys->DMDIR) :: names;
	}
	fd = nil;
	ok := 1;
	for(; names != nil; names = tl names){
		(name, isdir) := hd names;
		if(isdir){
			if(!rmdir(name))
				ok = 0;
		}else if(sys->remove(name) < 0){
			if(!fflag)
				sys->fprint(stderr, "rm: %s: %r\n", name);
			ok = 0;
		}
	}
	if(sys->remove(dir) < 0){
		if(!fflag)
			sys->fprint(stderr, "rm: %s: %r\n", dir);
		return 0;
	}
	return ok;
}
