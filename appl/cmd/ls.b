# ls -- list files and directories

implement Ls;

include "sys.m";
	sys: Sys;
include "draw.m";
include "daytime.m";
	daytime: Daytime;
include "arg.m";

Ls: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# an entry to print: the name to show and its Dir
Ent: adt
{
	name:	string;
	d:	Sys->Dir;
};

stderr: ref Sys->FD;
lflag, dflag, pflag, nflag, rflag, tflag, Fflag: int;
now: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	arg := load Arg Arg->PATH;
	if(arg == nil){
		sys->fprint(stderr, "ls: cannot load %s: %r\n", Arg->PATH);
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("ls [-ldpnrtF] [file ...]");
	while((c := arg->opt()) != 0)
		case c {
		'l' =>
			lflag = 1;
		'd' =>
			dflag = 1;
		'p' =>
			pflag = 1;
		'n' =>
			nflag = 1;
		'r' =>
			rflag = 1;
		't' =>
			tflag = 1;
		'F' =>
			Fflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	arg = nil;
	if(lflag){
		daytime = load Daytime Daytime->PATH;
		if(daytime == nil){
			sys->fprint(stderr, "ls: cannot load %s: %r\n", Daytime->PATH);
			raise "fail:load";
		}
		now = daytime->now();
	}
	if(argv == nil)
		argv = "." :: nil;
	status := "";
	files: list of ref Ent;
	dirs: list of ref Ent;
	for(; argv != nil; argv = tl argv){
		(ok, d) := sys->stat(hd argv);
		if(ok < 0){
			sys->fprint(stderr, "ls: %s: %r\n", hd argv);
			status = "error";
			continue;
		}
		e := ref Ent(hd argv, d);
		if(!dflag && (d.mode & Sys->DMDIR))
			dirs = e :: dirs;
		else
			files = e :: files;
	}
	if(files != nil)
		print(sort(rev(files)));
	for(dirs = rev(dirs); dirs != nil; dirs = tl dirs){
		if(!readdir(hd dirs))
			status = "error";
	}
	if(status != "")
		raise "fail:" + status;
}

rev(l: list of ref Ent): list of ref Ent
{
	r: list of ref Ent;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

# readdir lists the contents of directory e.
readdir(e: ref Ent): int
{
	fd := sys->open(e.name, Sys->OREAD);
	if(fd == nil){
		sys->fprint(stderr, "ls: %s: %r\n", e.name);
		return 0;
	}
	l: list of ref Ent;
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n < 0){
			sys->fprint(stderr, "ls: reading %s: %r\n", e.name);
			return 0;
		}
		if(n == 0)
			break;
		for(i := 0; i < n; i++){
			name := d[i].name;
			if(e.name != ".")
				name = pathcat(e.name, name);
			l = ref Ent(name, d[i]) :: l;
		}
	}
	print(sort(rev(l)));
	return 1;
}

pathcat(dir, name: string): string
{
	if(dir != "" && dir[len dir-1] == '/')
		return dir + name;
	return dir + "/" + name;
}

# sort returns the entries of l in order: by name, or by time with -t,
# reversed with -r, as they came with -n.
sort(l: list of ref Ent): array of ref Ent
{
	a := array[len l] of ref Ent;
	for(i := 0; l != nil; l = tl l)
		a[i++] = hd l;
	if(!nflag){
		for(i = 1; i < len a; i++){
			e := a[i];
			for(j := i; j > 0 && less(e, a[j-1]); j--)
				a[j] = a[j-1];
			a[j] = e;
		}
	}
	if(rflag){
		for(i = 0; i < len a/2; i++){
			t := a[i];
			a[i] = a[len a-1-i];
			a[len a-1-i] = t;
		}
	}
	return a;
}

less(a, b: ref Ent): int
{
	if(tflag && a.d.mtime != b.d.mtime)
		return a.d.mtime > b.d.mtime;
	return a.name < b.name;
}

print(a: array of ref Ent)
{
	wuid := 0;
	wgid := 0;
	wlen := 0;
	if(lflag){
		for(i := 0; i < len a; i++){
			if(len a[i].d.uid > wuid)
				wuid = len a[i].d.uid;
			if(len a[i].d.gid > wgid)
				wgid = len a[i].d.gid;
			n := len string a[i].d.length;
			if(n > wlen)
				wlen = n;
		}
	}
	out := "";
	for(i := 0; i < len a; i++){
		e := a[i];
		name := e.name;
		if(pflag)
			name = basename(name);
		if(Fflag && (e.d.mode & Sys->DMDIR))
			name += "/";
		if(lflag)
			out += sys->sprint("%s %c %d %-*s %-*s %*bd %s %s\n",
				modes(e.d.mode), e.d.dtype, e.d.dev,
				wuid, e.d.uid, wgid, e.d.gid, wlen, e.d.length,
				daytime->filet(now, e.d.mtime), name);
		else
			out += name + "\n";
		if(len out > Sys->ATOMICIO){
			write(out);
			out = "";
		}
	}
	write(out);
}

write(s: string)
{
	b := array of byte s;
	if(sys->write(sys->fildes(1), b, len b) != len b){
		sys->fprint(stderr, "ls: write error: %r\n");
		raise "fail:write error";
	}
}

basename(s: string): string
{
	for(i := len s - 1; i >= 0; i--)
		if(s[i] == '/' && i < len s - 1)
			return s[i+1:];
	return s;
}

# modes gives the mode in ls -l form, such as d-rwxr-xr-x.
modes(m: int): string
{
	s := "-";
	if(m & Sys->DMDIR)
		s = "d";
	else if(m & Sys->DMAPPEND)
		s = "a";
	else if(m & Sys->DMAUTH)
		s = "A";
	if(m & Sys->DMEXCL)
		s += "l";
	else
		s += "-";
	rwx := "rwx";
	for(shift := 6; shift >= 0; shift -= 3)
		for(i := 0; i < 3; i++){
			if(m & (1 << (shift + 2 - i)))
				s[len s] = rwx[i];
			else
				s += "-";
		}
	return s;
}
