# cp -- copy files

implement Cp;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Cp: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
rflag: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	arg := load Arg Arg->PATH;
	if(arg == nil){
		sys->fprint(stderr, "cp: cannot load %s: %r\n", Arg->PATH);
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("cp [-r] from to | cp [-r] from ... dir");
	while((c := arg->opt()) != 0)
		case c {
		'r' =>
			rflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(len argv < 2)
		arg->usage();
	arg = nil;
	# split off the destination
	srcs: list of string;
	for(; tl argv != nil; argv = tl argv)
		srcs = hd argv :: srcs;
	dst := hd argv;
	(ok, d) := sys->stat(dst);
	todir := ok >= 0 && (d.mode & Sys->DMDIR);
	if(len srcs > 1 && !todir){
		sys->fprint(stderr, "cp: %s is not a directory\n", dst);
		raise "fail:usage";
	}
	status := "";
	for(srcs = rev(srcs); srcs != nil; srcs = tl srcs){
		src := hd srcs;
		target := dst;
		if(todir)
			target = dst + "/" + basename(src);
		if(!copy(src, target))
			status = "error";
	}
	if(status != "")
		raise "fail:" + status;
}

rev(l: list of string): list of string
{
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

basename(s: string): string
{
	while(len s > 1 && s[len s-1] == '/')
		s = s[0:len s-1];
	for(i := len s - 1; i >= 0; i--)
		if(s[i] == '/')
			return s[i+1:];
	return s;
}

# copy copies file src to dst, directories too with -r.
copy(src, dst: string): int
{
	(ok, d) := sys->stat(src);
	if(ok < 0){
		sys->fprint(stderr, "cp: %s: %r\n", src);
		return 0;
	}
	if(d.mode & Sys->DMDIR){
		if(!rflag){
			sys->fprint(stderr, "cp: %s is a directory\n", src);
			return 0;
		}
		return copydir(src, dst, d.mode);
	}
	(dok, dd) := sys->stat(dst);
	if(dok >= 0 && dd.qid.path == d.qid.path && dd.dtype == d.dtype && dd.dev == d.dev){
		sys->fprint(stderr, "cp: %s and %s are the same file\n", src, dst);
		return 0;
	}
	in := sys->open(src, Sys->OREAD);
	if(in == nil){
		sys->fprint(stderr, "cp: cannot open %s: %r\n", src);
		return 0;
	}
	out := sys->create(dst, Sys->OWRITE, d.mode & 8r777);
	if(out == nil){
		sys->fprint(stderr, "cp: cannot create %s: %r\n", dst);
		return 0;
	}
	buf := array[Sys->ATOMICIO] of byte;
	for(;;){
		n := sys->read(in, buf, len buf);
		if(n == 0)
			break;
		if(n < 0){
			sys->fprint(stderr, "cp: error reading %s: %r\n", src);
			return 0;
		}
		if(sys->write(out, buf, n) != n){
			sys->fprint(stderr, "cp: error writing %s: %r\n", dst);
			return 0;
		}
	}
	return 1;
}

copydir(src, dst: string, mode: int): int
{
	(ok, nil) := sys->stat(dst);
	if(ok < 0){
		fd := sys->create(dst, Sys->OREAD, Sys->DMDIR | (mode & 8r777));
		if(fd == nil){
			sys->fprint(stderr, "cp: cannot make directory %s: %r\n", dst);
			return 0;
		}
	}
	fd := sys->open(src, Sys->OREAD);
	if(fd == nil){
		sys->fprint(stderr, "cp: cannot open %s: %r\n", src);
		return 0;
	}
	r := 1;
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			if(!copy(src + "/" + d[i].name, dst + "/" + d[i].name))
				r = 0;
	}
	return r;
}
