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
	sites := parse(file, readall(file), typ);
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

# the sites of a waitstat file, those of type typ if it is not nil
parse(f: string, b: array of byte, typ: string): array of ref Site
{
	(nil, lines) := sys->tokenize(string b, "\n");
	a := array[len lines] of ref Site;
	n := 0;
	for(; lines != nil; lines = tl lines){
		(nw, w) := sys->tokenize(hd lines, " ");
		if(nw != 7+Nbucket)
			fatal(f + ": not a waitstat file");
		s := ref Site;
		s.typ = hd w; w = tl w;
		w = tl w;	# pc
		s.sym = hd w; w = tl w;
		s.line = hd w; w = tl w;
		s.n = big hd w; w = tl w;
		s.total = big hd w; w = tl w;
		s.max = big hd w; w = tl w;
		s.hist = array[Nbucket] of big;
		for(k := 0; k < Nbucket; k++){
			s.hist[k] = big hd w;
			w = tl w;
		}
		if(s.n <= big 0)
			fatal(f + ": not a waitstat file");
		if(typ == nil || s.typ == typ)
			a[n++] = s;
	}
	return a[0:n];
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
