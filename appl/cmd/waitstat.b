# waitstat -- the kernel's waits by site, from #w: most total wait first

implement Waitstat;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Waitstat: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Nbucket: con 32;
types := array[] of {"qlock", "rlock", "wlock", "sleep", "acquire", "lock"};

Site: adt
{
	typ:	string;
	sym:	string;
	line:	string;
	n:	big;
	total:	big;		# ns
	max:	big;
	hist:	array of big;
};

stderr: ref Sys->FD;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	arg := load Arg Arg->PATH;
	if(arg == nil)
		fatal(sys->sprint("cannot load %s: %r", Arg->PATH));
	arg->init(argv);
	arg->setusage("waitstat [-h] [-t type] [waitstat]");
	hist := 0;
	typ: string;
	while((c := arg->opt()) != 0)
		case c {
		'h' =>	hist = 1;
		't' =>	typ = arg->earg();
		* =>	arg->usage();
		}
	argv = arg->argv();
	file := "/dev/waitstat";
	if(argv != nil){
		if(tl argv != nil)
			arg->usage();
		file = hd argv;
	}
	if(typ != nil && !known(typ))
		fatal("unknown type " + typ + ": want qlock, rlock, wlock, sleep, acquire or lock");
	b := readall(file);
	if(len b == 0 && !device(file))
		fatal(file + ": not wait data (empty)");
	sites := parse(file, b, typ);
	sort(sites);
	sys->print("%-8s %-36s %8s %12s %12s %10s\n", "type", "site", "count", "total us", "max us", "mean us");
	for(i := 0; i < len sites; i++){
		s := sites[i];
		sys->print("%-8s %-36s %8bd %12s %12s %10s\n", s.typ, s.sym+" "+s.line, s.n,
			us(s.total), us(s.max), us(s.total/s.n));
		if(hist)
			histogram(s.hist);
	}
}

fatal(s: string)
{
	sys->fprint(stderr, "waitstat: %s\n", s);
	raise "fail:error";
}

readall(f: string): array of byte
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		fatal(sys->sprint("cannot open %s: %r", f));
	b := array[65536] of byte;
	n := 0;
	for(;;){
		if(n == len b){
			nb := array[2*len b] of byte;
			nb[0:] = b;
			b = nb;
		}
		r := sys->read(fd, b[n:], len b - n);
		if(r < 0)
			fatal(sys->sprint("error reading %s: %r", f));
		if(r == 0)
			break;
		n += r;
	}
	return b[0:n];
}

known(typ: string): int
{
	for(i := 0; i < len types; i++)
		if(types[i] == typ)
			return 1;
	return 0;
}

# is f wait(3)'s own file?  Only there is no text an empty table
device(f: string): int
{
	(ok, d) := sys->stat(f);
	return ok == 0 && d.dtype == 'w';
}

# the sites of a waitstat file, those of type typ if it is not nil.
# Each line must be one of wait(3)'s: a known type, a pc in hex, a
# symbol, a file:line, decimal counts, a total no less than the max
# and a histogram that adds up to the count.
parse(f: string, b: array of byte, typ: string): array of ref Site
{
	if(len b > 0 && b[len b-1] != byte '\n')
		fatal(f + ": not wait data (no newline at the end)");
	(nil, lines) := sys->tokenize(string b, "\n");
	a := array[len lines] of ref Site;
	n := 0;
	for(lno := 1; lines != nil; lines = tl lines){
		(nw, w) := sys->tokenize(hd lines, " ");
		bad := sys->sprint("%s:%d: not wait data", f, lno++);
		if(nw != 7+Nbucket)
			fatal(sys->sprint("%s (%d fields, not %d)", bad, nw, 7+Nbucket));
		s := ref Site;
		s.typ = hd w; w = tl w;
		if(!known(s.typ))
			fatal(bad + " (type " + s.typ + ")");
		if(!ishex(hd w))
			fatal(bad + " (pc " + hd w + ")");
		w = tl w;
		s.sym = hd w; w = tl w;
		s.line = hd w; w = tl w;
		nums := array[3+Nbucket] of big;
		for(k := 0; k < len nums; k++){
			if(!isdec(hd w))
				fatal(bad + " (count " + hd w + ")");
			nums[k] = big hd w;
			w = tl w;
		}
		(s.n, s.total, s.max) = (nums[0], nums[1], nums[2]);
		s.hist = nums[3:];
		sum := big 0;
		for(k = 0; k < Nbucket; k++)
			sum += s.hist[k];
		if(s.n <= big 0 || sum != s.n || s.max > s.total)
			fatal(bad + " (counts do not add up)");
		if(typ == nil || s.typ == typ)
			a[n++] = s;
	}
	return a[0:n];
}

isdec(s: string): int
{
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return len s > 0 && len s <= 19;
}

ishex(s: string): int
{
	for(i := 0; i < len s; i++)
		if(!(s[i] >= '0' && s[i] <= '9' || s[i] >= 'a' && s[i] <= 'f'))
			return 0;
	return len s == 8;
}

# ns as microseconds to the nearest hundredth
us(ns: big): string
{
	ns = (ns+big 5)/big 10;
	return sys->sprint("%bd.%.2bd", ns/big 100, ns%big 100);
}

# most total first, then by type and site
after(a, b: ref Site): int
{
	if(a.total != b.total)
		return a.total < b.total;
	if(a.typ != b.typ)
		return a.typ > b.typ;
	if(a.sym != b.sym)
		return a.sym > b.sym;
	return a.line > b.line;
}

sort(a: array of ref Site)
{
	for(gap := len a/2; gap > 0; gap /= 2)
		for(i := gap; i < len a; i++)
			for(j := i-gap; j >= 0 && after(a[j], a[j+gap]); j -= gap){
				t := a[j];
				a[j] = a[j+gap];
				a[j+gap] = t;
			}
}

# the distribution as DTrace's quantize draws it: a row a power of two
# of microseconds from one below the first used to one above the last
histogram(h: array of big)
{
	lo := -1;
	hi := 0;
	tot := big 0;
	for(k := 0; k < len h; k++)
		if(h[k] != big 0){
			if(lo < 0)
				lo = k;
			hi = k;
			tot += h[k];
		}
	if(lo < 0)
		return;
	if(lo > 0)
		lo--;
	if(hi < len h-1)
		hi++;
	sys->print("%16s  %s %s\n", "us", "------------- Distribution -------------", "count");
	for(k = lo; k <= hi; k++){
		v := "< 1";
		if(k > 0)
			v = string (big 1<<(k-1));
		at := int (big 40*h[k]/tot);
		bar := "";
		for(i := 0; i < 40; i++)
			if(i < at)
				bar[i] = '@';
			else
				bar[i] = ' ';
		sys->print("%16s |%s %bd\n", v, bar, h[k]);
	}
	sys->print("\n");
}
