# kprof -- the kernel profile of #T, by function or by source line

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

Count: adt
{
	key:	string;		# symbol, or file:line
	sym:	string;		# with -l, the function of its first sample
	pc:	int;		# its first sample's bucket
	n:	int;		# samples
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
	arg->setusage("kprof [-l] [kpdata [kpsym [kpline]]]");
	lines := 0;
	while((c := arg->opt()) != 0)
		case c {
		'l' =>	lines = 1;
		* =>	arg->usage();
		}
	argv = arg->argv();
	files := array[] of {"/dev/kpdata", "/dev/kpsym", "/dev/kpline"};
	for(i := 0; argv != nil; argv = tl argv){
		if(i >= len files)
			arg->usage();
		files[i++] = hd argv;
	}

	data := words(files[0], readall(files[0]));
	total := data[Total];
	outside := data[Outside];
	intext := total - outside;
	sys->print("total: %ud\tin kernel text: %ud\toutside kernel text: %ud\n", total, intext, outside);
	if(total == 0)
		return;
	(addr, name) := symbols(files[1], readall(files[1]));
	ktzero := addr[0] & ~16rFFF;
	sys->print("KTZERO %.8ux\n", ktzero);
	if(intext == 0)
		return;
	ltab: array of byte;
	if(lines)
		ltab = readall(files[2]);
	counts := tally(data, addr, name, ktzero, ltab);
	if(lines)
		sys->print("ms\t  %%\tline\tsym\n");
	else
		sys->print("ms\t  %%\tsym\n");
	us := big data[Uspertick];
	for(i = 0; i < len counts; i++){
		c := counts[i];
		n := big c.n;
		pct := sys->sprint("%3bd.%bd", 100*n/big intext, (1000*n/big intext)%big 10);
		if(lines)
			sys->print("%bd\t%s\t%s\t%s\n", n*us/big 1000, pct, c.key, c.sym);
		else
			sys->print("%bd\t%s\t%s\n", n*us/big 1000, pct, c.key);
	}
}

fatal(s: string)
{
	sys->fprint(stderr, "kprof: %s\n", s);
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

# the big-endian words of kpdata, checked against its header
words(f: string, b: array of byte): array of int
{
	if(len b < 4*Nhdr || len b % 4 != 0)
		fatal(f + ": not kernel profile data");
	w := array[len b/4] of int;
	for(i := 0; i < len w; i++)
		w[i] = int b[4*i]<<24 | int b[4*i+1]<<16 | int b[4*i+2]<<8 | int b[4*i+3];
	if(w[Nwords] != len w || w[Wordsize] != 4 || w[Lres] < 0 || w[Lres] > 16)
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

# kpsym's addresses and names, in address order, ending with etext
symbols(f: string, b: array of byte): (array of int, array of string)
{
	n := 0;
	for(i := 0; i < len b; i++)
		if(b[i] == byte '\n')
			n++;
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
	return (addr[0:n], name[0:n]);
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

# the samples by symbol, or by line if ltab is given, most first
tally(data: array of int, addr: array of int, name: array of string, ktzero: int, ltab: array of byte): array of ref Count
{
	res := 1<<data[Lres];
	all: list of ref Count;
	last: ref Count;
	etext := addr[len addr-1];
	for(j := Nhdr; j < len data; j++){
		if(data[j] == 0)
			continue;
		pc := ktzero + j*res;
		s := find(addr, pc);
		if(s < 0 || pc >= etext)
			continue;
		key := name[s];
		if(ltab != nil){
			key = lineof(ltab, pc);
			if(key == nil)
				key = "?";
		}
		if(last != nil && last.key == key)
			last.n += data[j];
		else{
			last = ref Count(key, name[s], pc, data[j]);
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
