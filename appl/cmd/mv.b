# mv -- move or rename files

implement Mv;

include "sys.m";
	sys: Sys;
include "draw.m";

Mv: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	if(argv != nil)
		argv = tl argv;
	if(len argv < 2){
		sys->fprint(stderr, "usage: mv from to | mv from ... dir\n");
		raise "fail:usage";
	}
	srcs: list of string;
	for(; tl argv != nil; argv = tl argv)
		srcs = hd argv :: srcs;
	dst := hd argv;
	(ok, d) := sys->stat(dst);
	todir := ok >= 0 && (d.mode & Sys->DMDIR);
	if(len srcs > 1 && !todir){
		sys->fprint(stderr, "mv: %s is not a directory\n", dst);
		raise "fail:usage";
	}
	status := "";
	for(; srcs != nil; srcs = tl srcs){
		src := hd srcs;
		target := dst;
		if(todir)
			target = dst + "/" + basename(src);
		if(!move(src, target))
			status = "error";
	}
	if(status != "")
		raise "fail:" + status;
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

dirname(s: string): string
{
	while(len s > 1 && s[len s-1] == '/')
		s = s[0:len s-1];
	for(i := len s - 1; i >= 0; i--)
		if(s[i] == '/'){
			if(i == 0)
				return "/";
			d := s[0:i];
			if(d == ".")
				return ".";
			return d;
		}
	return ".";
}

# move renames src to dst in place when they share a directory,
# else copies the file and removes the original.
move(src, dst: string): int
{
	(ok, d) := sys->stat(src);
	if(ok < 0){
		sys->fprint(stderr, "mv: %s: %r\n", src);
		return 0;
	}
	(dok, dd) := sys->stat(dst);
	if(dok >= 0){
		if(dd.qid.path == d.qid.path && dd.dtype == d.dtype && dd.dev == d.dev){
			sys->fprint(stderr, "mv: %s and %s are the same file\n", src, dst);
			return 0;
		}
		if(dd.mode & Sys->DMDIR){
			sys->fprint(stderr, "mv: %s is a directory\n", dst);
			return 0;
		}
	}
	if(dirname(src) == dirname(dst)){
		if(dok >= 0 && sys->remove(dst) < 0){
			sys->fprint(stderr, "mv: cannot remove %s: %r\n", dst);
			return 0;
		}
		nd := sys->nulldir;
		nd.name = basename(dst);
		if(sys->wstat(src, nd) < 0){
			sys->fprint(stderr, "mv: cannot rename %s to %s: %r\n", src, dst);
			return 0;
		}
		return 1;
	}
	if(d.mode & Sys->DMDIR){
		sys->fprint(stderr, "mv: cannot move directory %s to another directory\n", src);
		return 0;
	}
	if(!copy(src, dst, d.mode))
		return 0;
	if(sys->remove(src) < 0){
		sys->fprint(stderr, "mv: cannot remove %s: %r\n", src);
		return 0;
	}
	return 1;
}

copy(src, dst: string, mode: int): int
{
	in := sys->open(src, Sys->OREAD);
	if(in == nil){
		sys->fprint(stderr, "mv: cannot open %s: %r\n", src);
		return 0;
	}
	out := sys->create(dst, Sys->OWRITE, mode & 8r777);
	if(out == nil){
		sys->fprint(stderr, "mv: cannot create %s: %r\n", dst);
		return 0;
	}
	buf := array[Sys->ATOMICIO] of byte;
	for(;;){
		n := sys->read(in, buf, len buf);
		if(n == 0)
			return 1;
		if(n < 0){
			sys->fprint(stderr, "mv: error reading %s: %r\n", src);
			return 0;
		}
		if(sys->write(out, buf, n) != n){
			sys->fprint(stderr, "mv: error writing %s: %r\n", dst);
			return 0;
		}
	}
}
