# mkdir -- make directories

implement Mkdir;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Mkdir: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
pflag := 0;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	arg := load Arg Arg->PATH;
	if(arg == nil){
		sys->fprint(stderr, "mkdir: cannot load %s: %r\n", Arg->PATH);
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("mkdir [-p] dir ...");
	while((c := arg->opt()) != 0)
		case c {
		'p' =>
			pflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(argv == nil)
		arg->usage();
	arg = nil;
	status := "";
	for(; argv != nil; argv = tl argv)
		if(!mkdir(hd argv))
			status = "error";
	if(status != "")
		raise "fail:" + status;
}

mkdir(dir: string): int
{
	(ok, d) := sys->stat(dir);
	if(ok >= 0){
		if(pflag && (d.mode & Sys->DMDIR))
			return 1;
		sys->fprint(stderr, "mkdir: %s already exists\n", dir);
		return 0;
	}
	if(pflag){
		parent := dirname(dir);
		if(parent != nil && !mkdir(parent))
			return 0;
	}
	fd := sys->create(dir, Sys->OREAD, Sys->DMDIR|8r777);
	if(fd == nil){
		sys->fprint(stderr, "mkdir: cannot make directory %s: %r\n", dir);
		return 0;
	}
	return 1;
}

# dirname returns the parent of path, nil for none worth making.
dirname(path: string): string
{
	for(i := len path - 1; i > 0; i--)
		if(path[i] == '/'){
			while(i > 0 && path[i-1] == '/')
				i--;
			if(i == 0)
				return nil;
			return path[0:i];
		}
	return nil;
}
