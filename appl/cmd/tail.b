# tail -- print the last part of a file

implement Tail;

include "sys.m";
	sys: Sys;
include "draw.m";

Tail: module
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
	n := 10;
	fromstart := 0;	# +n: start at line (or byte) n
	bytes := 0;
	for(; argv != nil; argv = tl argv){
		a := hd argv;
		if(a == "-c" || a == "-n"){
			if(a == "-c")
				bytes = 1;
			if(tl argv == nil || !count(hd tl argv)){
				if(a == "-c")
					continue;
				usage();
			}
			argv = tl argv;
			a = hd argv;
			if(a[0] == '+')
				fromstart = 1;
			if(a[0] == '+' || a[0] == '-')
				a = a[1:];
			n = int a;
			continue;
		}
		if(len a > 1 && (a[0] == '-' || a[0] == '+') && isnum(a[1:])){
			fromstart = a[0] == '+';
			n = int a[1:];
			continue;
		}
		if(len a > 1 && a[0] == '-')
			usage();
		break;
	}
	fd: ref Sys->FD;
	name := "standard input";
	case len argv {
	0 =>
		fd = sys->fildes(0);
	1 =>
		name = hd argv;
		fd = sys->open(name, Sys->OREAD);
		if(fd == nil){
			sys->fprint(stderr, "tail: cannot open %s: %r\n", name);
			raise "fail:open";
		}
	* =>
		usage();
	}
	data := readall(fd, name);
	start := 0;
	if(bytes){
		if(fromstart)
			start = n - 1;
		else
			start = len data - n;
	}else if(fromstart){
		# skip n-1 lines
		for(k := n - 1; k > 0 && start < len data; start++)
			if(data[start] == byte '\n')
				k--;
	}else if(n == 0)
		start = len data;
	else{
		start = len data;
		if(start > 0 && data[start-1] == byte '\n')
			start--;
		for(k := n; start > 0; start--)
			if(data[start-1] == byte '\n' && --k == 0)
				break;
	}
	if(start < 0)
		start = 0;
	if(start > len data)
		start = len data;
	if(sys->write(sys->fildes(1), data[start:], len data - start) != len data - start){
		sys->fprint(stderr, "tail: write error: %r\n");
		raise "fail:write error";
	}
}

# count says whether s is a count: n, +n or -n.
count(s: string): int
{
	if(s != "" && (s[0] == '+' || s[0] == '-'))
		s = s[1:];
	return isnum(s);
}

isnum(s: string): int
{
	if(s == "")
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

readall(fd: ref Sys->FD, name: string): array of byte
{
	data := array[Sys->ATOMICIO] of byte;
	n := 0;
	for(;;){
		if(n == len data){
			nd := array[2*len data] of byte;
			nd[0:] = data;
			data = nd;
		}
		m := sys->read(fd, data[n:], len data - n);
		if(m < 0){
			sys->fprint(stderr, "tail: error reading %s: %r\n", name);
			raise "fail:read error";
		}
		if(m == 0)
			break;
		n += m;
	}
	return data[0:n];
}

usage()
{
	sys->fprint(stderr, "usage: tail [-c [[+]n]] [-n [+]n | -n | +n] [file]\n");
	raise "fail:usage";
}
