# kprof -- the kernel profile of #T, by function or by source line;
# a profile saved as text; two profiles side by side

implement Kprof;

include "sys.m";
	sys: Sys;
include "draw.m";
include "arg.m";

Kprof: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# kpdata's header words
Total, Outside, Uspertick, Nwords, Wordsize, Lres, Nhdr: con iota;

# the first line of a saved profile (kprof -r)
Magic: con "kprof profile";

# a profile: kpdata's header and its buckets with samples, each
# resolved with the symbols of the kernel that made it
Profile: adt
{
	name:	string;		# as named on the command line
	total:	int;
	outside:	int;
	us:	int;		# microseconds a sample
	ktzero:	int;
	text:	int;		# bytes of kernel text
	symhash:	int;	# of kpsym: two kernels' tables differ if these do
	b:	array of ref Bucket;
};

Bucket: adt
{
	pc:	int;
	n:	int;
	sym:	string;
	line:	string;	# file:line, "?" if unknown; nil if not read
};

Count: adt
{
	key:	string;		# symbol, or file:line
	sym:	string;		# with -l, the function of its first sample
	pc:	int;		# its first sample's bucket
	n:	int;		# samples
	m:	int;		# -d: samples in the second profile
	diff:	real;		# -d: its share less the first's, in points
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
	arg->setusage("kprof [-l] [-r] [kpdata [kpsym [kpline]]] | kprof [-l] -d old new");
	lines := raw := diff := 0;
	while((c := arg->opt()) != 0)
		case c {
		'l' =>	lines = 1;
		'r' =>	raw = 1;
		'd' =>	diff = 1;
		* =>	arg->usage();
		}
	argv = arg->argv();
	if(diff){
		if(raw || len argv != 2)
			arg->usage();
		a := readprof(hd argv, nil, nil, lines);
		b := readprof(hd tl argv, nil, nil, lines);
		compare(a, b, lines);
		return;
	}
	files := array[] of {"/dev/kpdata", string nil, string nil};
	for(i := 0; argv != nil; argv = tl argv){
		if(i >= len files)
			arg->usage();
		files[i++] = hd argv;
	}
	p := readprof(files[0], files[1], files[2], lines || raw);
	if(raw)
		save(p);
	else
		show(p, lines);
}

fatal(s: string)
{
	sys->fprint(stderr, "kprof: %s\n", s);
	raise "fail:error";
}

# Inferno's table: total, KTZERO, then the functions (or lines) most first
show(p: ref Profile, lines: int)
{
	intext := p.total - p.outside;
	sys->print("total: %ud\tin kernel text: %ud\toutside kernel text: %ud\n", p.total, intext, p.outside);
	if(p.total == 0)
		return;
	sys->print("KTZERO %.8ux\n", p.ktzero);
	if(intext == 0)
		return;
	counts := tally(p, lines);
	if(lines)
		sys->print("ms\t  %%\tline\tsym\n");
	else
		sys->print("ms\t  %%\tsym\n");
	for(i := 0; i < len counts; i++){
		c := counts[i];
		if(lines)
			sys->print("%bd\t%s\t%s\t%s\n", ms(c.n, p.us), pct(c.n, intext), c.key, c.sym);
		else
			sys->print("%bd\t%s\t%s\n", ms(c.n, p.us), pct(c.n, intext), c.key);
	}
}

ms(n, us: int): big
{
	return big n*big us/big 1000;
}

# the share of n in t, to a tenth, truncated
pct(n, t: int): string
{
	return sys->sprint("%3bd.%bd", big 100*big n/big t, (big 1000*big n/big t)%big 10);
}

# the profile as text, with every bucket's function and line, to be
# read back by kprof on any system: the header, then a line a bucket
save(p: ref Profile)
{
	sys->print("%s us %d samples %d outside %d ktzero %.8ux text %d symhash %.8ux\n",
		Magic, p.us, p.total, p.outside, p.ktzero, p.text, p.symhash);
	for(i := 0; i < len p.b; i++){
		b := p.b[i];
		sys->print("%.8ux %d %s %s\n", b.pc, b.n, b.sym, b.line);
	}
}

# the rows of a and b by function (or line), with the change of each
# share, largest change first either way
compare(a, b: ref Profile, lines: int)
{
	if(a.us != b.us)
		fatal(sys->sprint("%s and %s were sampled at different rates (%d and %d us a sample): their shares are not comparable; profile both at one rate",
			a.name, b.name, a.us, b.us));
	ta := a.total - a.outside;
	tb := b.total - b.outside;
	if(ta == 0)
		fatal(a.name + ": no samples in the kernel text");
	if(tb == 0)
		fatal(b.name + ": no samples in the kernel text");
	ca := tally(a, lines);
	cb := tally(b, lines);
	all := array[len ca + len cb] of ref Count;
	n := 0;
	for(i := 0; i < len ca; i++)
		all[n++] = ref Count(ca[i].key, ca[i].sym, ca[i].pc, ca[i].n, 0, 0.0);
	for(i = 0; i < len cb; i++)
		all[n++] = ref Count(cb[i].key, cb[i].sym, cb[i].pc, 0, cb[i].n, 0.0);
	sort(all, bykey);
	k := 0;
	for(i = 0; i < n; i++){
		if(k > 0 && all[k-1].key == all[i].key){
			all[k-1].n += all[i].n;
			all[k-1].m += all[i].m;
		}else
			all[k++] = all[i];
	}
	all = all[0:k];
	for(i = 0; i < k; i++){
		c := all[i];
		c.diff = 100.0*real c.m/real tb - 100.0*real c.n/real ta;
	}
	sort(all, bydiff);
	sys->print("old: %s\ttotal: %ud\tin kernel text: %ud\toutside kernel text: %ud\n", a.name, a.total, ta, a.outside);
	sys->print("new: %s\ttotal: %ud\tin kernel text: %ud\toutside kernel text: %ud\n", b.name, b.total, tb, b.outside);
	if(a.symhash != b.symhash || a.text != b.text)
		sys->print("kernels differ: rows matched by %s\n", (array[] of {"function", "line"})[lines]);
	if(lines)
		sys->print("ms\t  %%\tms\t  %%\t  diff\tline\tsym\n");
	else
		sys->print("ms\t  %%\tms\t  %%\t  diff\tsym\n");
	for(i = 0; i < k; i++){
		c := all[i];
		s := sys->sprint("%bd\t%s\t%bd\t%s\t%+6.1f\t%s", ms(c.n, a.us), pct(c.n, ta), ms(c.m, b.us), pct(c.m, tb), c.diff, c.key);
		if(lines)
			s += "\t" + c.sym;
		sys->print("%s\n", s);
	}
}

#
# Reading profiles
#

# a profile from a directory holding kpdata, kpsym and kpline (as
# #T, or a copy), a saved profile (kprof -r), or kpdata with the
# symbols of the kernel that made it; lines: resolve the lines too
readprof(f, sym, line: string, lines: int): ref Profile
{
	(ok, d) := sys->stat(f);
	if(ok < 0)
		fatal(sys->sprint("cannot open %s: %r", f));
	if(d.qid.qtype & Sys->QTDIR){
		if(sym != nil)
			fatal(f + ": a directory: name no symbol files with it");
		return parse(f, f + "/kpdata", f + "/kpsym", f + "/kpline", lines);
	}
	b := readall(f);
	if(len b >= len Magic && string b[0:len Magic] == Magic)
		return saved(f, b);
	if(sym == nil)
		sym = "/dev/kpsym";
	if(line == nil)
		line = "/dev/kpline";
	return parse(f, f, sym, line, lines);
}

parse(name, data, sym, line: string, lines: int): ref Profile
{
	w := words(data, readall(data));
	(addr, names, hash) := symbols(sym, readall(sym));
	p := ref Profile(name, w[Total], w[Outside], w[Uspertick], addr[0] & ~16rFFF, 0, hash, nil);
	etext := addr[len addr-1];
	p.text = etext - p.ktzero;
	res := 1<<w[Lres];
	# kpdata covers the text and the read-only data after it, where no sample falls
	mismatch := sys->sprint("%s and %s are of different kernels", data, sym);
	if(w[Nwords] < (p.text+res-1)/res)
		fatal(sys->sprint("%s: %d buckets of %d bytes, %d bytes of text", mismatch, w[Nwords], res, p.text));
	ltab: array of byte;
	if(lines)
		ltab = readall(line);
	l: list of ref Bucket;
	nb := 0;
	for(j := Nhdr; j < len w; j++){
		if(w[j] == 0)
			continue;
		pc := p.ktzero + j*res;
		if(pc >= etext)
			fatal(sys->sprint("%s: samples at %.8ux, after the text", mismatch, pc));
		s := find(addr, pc);
		if(s < 0)
			continue;
		b := ref Bucket(pc, w[j], names[s], nil);
		if(ltab != nil){
			b.line = lineof(ltab, pc);
			if(b.line == nil)
				b.line = "?";
		}
		l = b :: l;
		nb++;
	}
	p.b = array[nb] of ref Bucket;
	for(; l != nil; l = tl l)
		p.b[--nb] = hd l;
	return p;
}

# a profile written by kprof -r
saved(f: string, b: array of byte): ref Profile
{
	bad := f + ": not a saved kernel profile";
	(nil, ls) := sys->tokenize(string b, "\n");
	(n, h) := sys->tokenize(hd ls, " ");
	if(n != 14)
		fatal(bad);
	v := array[6] of int;
	keys := array[] of {"us", "samples", "outside", "ktzero", "text", "symhash"};
	h = tl tl h;
	for(i := 0; i < 6; i++){
		if(hd h != keys[i])
			fatal(bad);
		ok: int;
		if(i == 3 || i == 5)
			(v[i], ok) = hex(hd tl h);
		else
			(v[i], ok) = dec(hd tl h);
		if(!ok)
			fatal(bad);
		h = tl tl h;
	}
	p := ref Profile(f, v[1], v[2], v[0], v[3], v[4], v[5], nil);
	if(p.us <= 0 || p.outside > p.total)
		fatal(bad);
	p.b = array[len ls - 1] of ref Bucket;
	intext := 0;
	i = 0;
	for(ls = tl ls; ls != nil; ls = tl ls){
		(nf, fl) := sys->tokenize(hd ls, " ");
		if(nf != 4)
			fatal(bad);
		(pc, ok1) := hex(hd fl);
		(cnt, ok2) := dec(hd tl fl);
		if(!ok1 || !ok2 || cnt <= 0)
			fatal(bad);
		intext += cnt;
		p.b[i++] = ref Bucket(pc, cnt, hd tl tl fl, hd tl tl tl fl);
	}
	if(intext > p.total - p.outside)
		fatal(bad + ": more samples in its buckets than in its header");
	return p;
}

dec(s: string): (int, int)
{
	if(s == nil || len s > 10)
		return (0, 0);
	v := big 0;
	for(i := 0; i < len s; i++){
		if(s[i] < '0' || s[i] > '9')
			return (0, 0);
		v = v*big 10 + big (s[i]-'0');
	}
	if(v > big 16r7FFFFFFF)
		return (0, 0);
	return (int v, 1);
}

hex(s: string): (int, int)
{
	if(len s != 8)
		return (0, 0);
	b := array of byte s;
	v := hexval(b, 0);
	return (v, v != -1 || s == "ffffffff");
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

# the big-endian words of kpdata, checked against its header
words(f: string, b: array of byte): array of int
{
	if(len b < 4*Nhdr || len b % 4 != 0)
		fatal(f + ": not kernel profile data");
	w := array[len b/4] of int;
	for(i := 0; i < len w; i++)
		w[i] = int b[4*i]<<24 | int b[4*i+1]<<16 | int b[4*i+2]<<8 | int b[4*i+3];
	if(w[Nwords] != len w || w[Wordsize] != 4 || w[Lres] < 0 || w[Lres] > 16 || w[Uspertick] <= 0)
		fatal(f + ": not kernel profile data");
	return w;
}

hexval(b: array of byte, i: int): int
{
	v := 0;
	for(k := 0; k < 8; k++){
		if(i+k >= len b)
			return -1;
		c := int b[i+k];
		case c {
		'0' to '9' =>	c -= '0';
		'a' to 'f' =>	c -= 'a'-10;
		* =>	return -1;
		}
		v = v<<4 | c;
	}
	return v;
}

# kpsym's addresses and names, in address order, ending with etext,
# and an FNV-1a hash of the table
symbols(f: string, b: array of byte): (array of int, array of string, int)
{
	n := 0;
	h := int 16r811C9DC5;
	for(i := 0; i < len b; i++){
		if(b[i] == byte '\n')
			n++;
		h = (h ^ int b[i]) * 16r01000193;
	}
	addr := array[n] of int;
	name := array[n] of string;
	n = 0;
	for(i = 0; i < len b; ){
		e := i;
		while(e < len b && b[e] != byte '\n')
			e++;
		a := hexval(b, i);
		if(a == -1 || e-i < 10 || b[i+8] != byte ' ' || n > 0 && a < addr[n-1])
			fatal(f + ": not a symbol table");
		addr[n] = a;
		name[n++] = string b[i+9:e];
		i = e+1;
	}
	if(n < 2)
		fatal(f + ": no symbols");
	return (addr[0:n], name[0:n], h);
}

# the index of the last address in a at or below pc, -1 if none
find(a: array of int, pc: int): int
{
	lo := 0;
	hi := len a;
	while(lo < hi){
		m := (lo+hi)/2;
		if(a[m] <= pc)
			lo = m+1;
		else
			hi = m;
	}
	return lo-1;
}

linestart(b: array of byte, i: int): int
{
	while(i > 0 && b[i-1] != byte '\n')
		i--;
	return i;
}

# the text of the kpline entry covering pc, nil if none; a binary
# search over the lines, as the table is large
lineof(b: array of byte, pc: int): string
{
	lo := 0;
	hi := len b;
	while(lo < hi){
		s := linestart(b, lo + (hi-lo)/2);
		if(s < lo)
			s = lo;
		a := hexval(b, s);
		if(a == -1)
			return nil;
		if(a <= pc){
			while(s < len b && b[s] != byte '\n')
				s++;
			lo = s+1;
		}else
			hi = s;
	}
	if(lo == 0)
		return nil;
	s := linestart(b, lo-1);
	e := s;
	while(e < len b && b[e] != byte '\n')
		e++;
	if(e-s < 10)
		return nil;
	return string b[s+9:e];
}

# the samples by symbol, or by line, most first
tally(p: ref Profile, lines: int): array of ref Count
{
	all: list of ref Count;
	last: ref Count;
	for(j := 0; j < len p.b; j++){
		b := p.b[j];
		key := b.sym;
		if(lines)
			key = b.line;
		if(last != nil && last.key == key)
			last.n += b.n;
		else{
			last = ref Count(key, b.sym, b.pc, b.n, 0, 0.0);
			all = last :: all;
		}
	}
	a := array[len all] of ref Count;
	for(i := len a-1; all != nil; all = tl all)
		a[i--] = hd all;
	# one row per key: sort by key, merge, then sort by count
	sort(a, bykey);
	n := 0;
	for(i = 0; i < len a; i++){
		if(n > 0 && a[n-1].key == a[i].key)
			a[n-1].n += a[i].n;
		else
			a[n++] = a[i];
	}
	a = a[0:n];
	sort(a, bycount);
	return a;
}

bykey(a, b: ref Count): int
{
	if(a.key != b.key)
		return a.key > b.key;
	return a.pc > b.pc;
}

# most samples first, then by key
bycount(a, b: ref Count): int
{
	if(a.n != b.n)
		return a.n < b.n;
	return a.key > b.key;
}

# the largest change first, gains before losses of the same size, then by key
bydiff(a, b: ref Count): int
{
	da := a.diff;
	if(da < 0.0)
		da = -da;
	db := b.diff;
	if(db < 0.0)
		db = -db;
	if(da != db)
		return da < db;
	if(a.diff != b.diff)
		return a.diff < b.diff;
	return a.key > b.key;
}

# shell sort: gt(x, y) says x goes after y
sort(a: array of ref Count, gt: ref fn(a, b: ref Count): int)
{
	for(gap := len a/2; gap > 0; gap /= 2)
		for(i := gap; i < len a; i++)
			for(j := i-gap; j >= 0 && gt(a[j], a[j+gap]); j -= gap){
				t := a[j];
				a[j] = a[j+gap];
				a[j+gap] = t;
			}
}
