implement Bcut;

# bcut -- select ranges of words from each line, however long it is.
#
# Words are separated by blanks (spaces and tabs); the first word, a
# result line's label, is word 1.  `bcut 1-201` keeps a label and the
# first 200 observations.  Comment lines (# first) are the results'
# metadata, and are copied whole, but for a result's attribution
# (bench(1), attrib(2)), which is held until its line comes and then
# written with the observations kept renumbered.  Under -a only the
# observations the cause took part in are kept.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "attrib.m";
	attrib: Attrib;
	Attribution: import attrib;

Bcut: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# Reader delivers lines of any length.
Reader: adt
{
	fd:	ref Sys->FD;
	buf:	array of byte;
	i, s, n:	int;	# buf[i:n] is unread; buf[i:s] holds no newline
	eof:	int;

	line:	fn(r: self ref Reader): array of byte;
};

Inf:	con 16r7FFFFFFF;

stderr: ref Sys->FD;
out: ref Iobuf;
ranges: array of (int, int);	# inclusive word numbers, sorted, disjoint
aflag: int;
cause: string;	# -a's

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	attrib = load Attrib Attrib->PATH;
	if(bufio == nil || attrib == nil){
		sys->fprint(stderr, "bcut: cannot load library: %r\n");
		raise "fail:load";
	}
	# one option, -a cause: a list such as -5 is not one; -- is allowed before it
	argv = tl argv;
	if(argv != nil && hd argv == "-a"){
		argv = tl argv;
		if(argv == nil)
			usage();
		aflag = 1;
		cause = hd argv;
		argv = tl argv;
		if((err := attrib->checkcause(cause)) != nil){
			sys->fprint(stderr, "bcut: %s\n", err);
			usage();
		}
	}
	if(argv != nil && hd argv == "--")
		argv = tl argv;
	if(argv == nil)
		usage();
	ranges = parselist(hd argv);
	if(ranges == nil){
		sys->fprint(stderr, "bcut: bad list %s\n", hd argv);
		usage();
	}
	argv = tl argv;
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	status := "";
	if(argv == nil)
		status = bcut(sys->fildes(0), "stdin");
	for(; argv != nil; argv = tl argv){
		fd := sys->open(hd argv, Sys->OREAD);
		if(fd == nil){
			sys->fprint(stderr, "bcut: cannot open %s: %r\n", hd argv);
			status = "open error";
			continue;
		}
		if((st := bcut(fd, hd argv)) != "")
			status = st;
	}
	if(out.flush() < 0){
		sys->fprint(stderr, "bcut: write error: %r\n");
		raise "fail:write error";
	}
	if(status != "")
		raise "fail:" + status;
}

usage()
{
	sys->fprint(stderr, "usage: bcut [-a cause] list [file ...]\n");
	raise "fail:usage";
}

# parselist reads a comma-separated list of ranges N, N-M, N- and -M
# (word numbers from 1) into sorted, merged ranges; nil if it is bad.
parselist(s: string): array of (int, int)
{
	(nil, l) := sys->tokenize(s, ",");
	if(l == nil || s[len s - 1] == ',' || s[0] == ',')
		return nil;
	a := array[len l] of (int, int);
	n := 0;
	for(; l != nil; l = tl l){
		r := hd l;
		lo, hi: int;
		for(i := 0; i < len r && r[i] != '-'; i++)
			;
		if(i == len r){
			lo = hi = number(r);
		}else{
			lo = 1;
			if(i > 0)
				lo = number(r[0:i]);
			hi = Inf;
			if(i+1 < len r)
				hi = number(r[i+1:]);
			if(i == 0 && i+1 == len r)
				return nil;
		}
		if(lo < 1 || hi < lo)
			return nil;
		a[n++] = (lo, hi);
	}
	# sort by start (lists are short) and merge overlaps
	for(i := 1; i < n; i++)
		for(j := i; j > 0 && a[j-1].t0 > a[j].t0; j--)
			(a[j-1], a[j]) = (a[j], a[j-1]);
	m := 0;
	for(i = 0; i < n; i++){
		if(m > 0 && a[i].t0 <= a[m-1].t1 + 1){
			if(a[i].t1 > a[m-1].t1)
				a[m-1].t1 = a[i].t1;
		}else
			a[m++] = a[i];
	}
	return a[0:m];
}

# number converts a decimal word number; -1 if it is not one.
number(s: string): int
{
	if(s == "" || len s > 9)
		return -1;
	v := 0;
	for(i := 0; i < len s; i++){
		if(s[i] < '0' || s[i] > '9')
			return -1;
		v = 10*v + s[i] - '0';
	}
	return v;
}

# bcut writes the selected words of each line of fd, separated by
# single spaces; it returns an error status.
bcut(fd: ref Sys->FD, name: string): string
{
	r := ref Reader(fd, array[Sys->ATOMICIO] of byte, 0, 0, 0, 0);
	st := "";
	held: list of string;	# attribution lines not yet written, newest first
	for(;;){
		l: array of byte;
		{
			l = r.line();
		} exception e {
		"read:*" =>
			sys->fprint(stderr, "bcut: read error on %s: %s\n", name, e[5:]);
			return "read error";
		}
		if(l == nil)
			break;
		n := len l;
		if(n > 0 && l[n-1] == byte '\n')
			n--;
		if(n > 0 && l[0] == byte '#'){
			(k, nil) := attrib->kind(string l[0:n]);
			if(k != "")
				held = string l[0:n] :: held;
			else
				putline(l[0:n]);
			continue;
		}
		# this line's attribution, the others' as they were
		rn := resultname(l[0:n]);
		mine, others: list of string;
		for(; held != nil; held = tl held){
			(nil, hn) := attrib->kind(hd held);
			if(hn == rn)
				mine = hd held :: mine;
			else
				others = hd held :: others;
		}
		for(; others != nil; others = tl others)
			puts(hd others + "\n");
		(a, err) := attribution(mine);
		if(err == nil && a == nil && aflag && n > 0)
			err = rn + ": no attribution (made by bench -A, an older bench, or the kernel)";
		if(err != nil){
			sys->fprint(stderr, "bcut: %s: %s\n", name, err);
			st = "bad attribution";
			if(aflag)
				continue;	# nothing can be selected
			for(; mine != nil; mine = tl mine)
				puts(hd mine + "\n");
			a = nil;
		}
		keep, renum: array of int;
		if(a != nil){
			(keep, renum) = select(a);
			puts(a.text(renum));
		}
		cutline(l[0:n], keep);
	}
	for(held = rev(held); held != nil; held = tl held)
		puts(hd held + "\n");
	return st;
}

# cutline writes the words of l the list selects and, if keep is not
# nil, that keep allows: observation i (word i+1) if keep[i-1], or past
# keep's end if the cause is none
cutline(l: array of byte, keep: array of int)
{
	n := len l;
	w := 0;	# words seen
	k := 0;	# current range
	sep := 0;
	for(i := 0; i < n && k < len ranges; ){
		while(i < n && (l[i] == byte ' ' || l[i] == byte '\t'))
			i++;
		if(i == n)
			break;
		j := i;
		while(j < n && l[j] != byte ' ' && l[j] != byte '\t')
			j++;
		w++;
		while(k < len ranges && w > ranges[k].t1)
			k++;
		if(k < len ranges && w >= ranges[k].t0 && (keep == nil || w == 1 || kept(keep, w-1))){
			if(sep)
				out.putb(byte ' ');
			out.write(l[i:j], j-i);
			sep = 1;
		}
		i = j;
	}
	if(out.putb(byte '\n') != 1){
		sys->fprint(stderr, "bcut: write error: %r\n");
		raise "fail:write error";
	}
}

kept(keep: array of int, i: int): int
{
	if(i <= len keep)
		return keep[i-1];
	return cause == "none";
}

# selected says whether the list selects word w
selected(w: int): int
{
	for(k := 0; k < len ranges; k++)
		if(w >= ranges[k].t0 && w <= ranges[k].t1)
			return 1;
	return 0;
}

# select gives, for the observations a's shares name, which are kept
# (nil: as the list says) and their new numbers (0: dropped)
select(a: ref Attribution): (array of int, array of int)
{
	m := 0;
	for(c := 0; c < len a.shares; c++){
		s := a.shares[c];
		if(len s > 0 && s[len s - 1].t0 > m)
			m = s[len s - 1].t0;
	}
	keep: array of int;
	if(aflag){
		t := a.took(cause, m);
		keep = array[m] of int;
		for(i := 0; i < m; i++)
			keep[i] = t[i] > 0.0;
	}
	renum := array[m] of {* => 0};
	nk := 0;
	for(i := 1; i <= m; i++)
		if(selected(i+1) && (keep == nil || keep[i-1]))
			renum[i-1] = ++nk;
	return (keep, renum);
}

# attribution reads the lines of one result's attribution, oldest
# first; nil if there are none
attribution(l: list of string): (ref Attribution, string)
{
	if(l == nil)
		return (nil, nil);
	(a, err) := Attribution.new(hd l);
	if(a == nil)
		return (nil, err);
	for(l = tl l; l != nil; l = tl l)
		if((err = a.add(hd l)) != nil)
			return (nil, err);
	return (a, nil);
}

# the name in a result line's label
resultname(l: array of byte): string
{
	i := 0;
	while(i < len l && (l[i] == byte ' ' || l[i] == byte '\t'))
		i++;
	j := i;
	while(j < len l && l[j] != byte ':' && l[j] != byte ' ' && l[j] != byte '\t')
		j++;
	return string l[i:j];
}

rev(l: list of string): list of string
{
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

putline(l: array of byte)
{
	if(out.write(l, len l) != len l || out.putb(byte '\n') != 1){
		sys->fprint(stderr, "bcut: write error: %r\n");
		raise "fail:write error";
	}
}

puts(s: string)
{
	if(out.puts(s) < 0){
		sys->fprint(stderr, "bcut: write error: %r\n");
		raise "fail:write error";
	}
}

# line returns the next line, newline included if there is one, or nil
# at the end; the array is only good until the next call.
Reader.line(r: self ref Reader): array of byte
{
	for(;;){
		for(; r.s < r.n; r.s++)
			if(r.buf[r.s] == byte '\n'){
				l := r.buf[r.i:r.s+1];
				r.i = ++r.s;
				return l;
			}
		if(r.eof){
			if(r.i == r.n)
				return nil;
			l := r.buf[r.i:r.n];
			r.i = r.s = r.n;
			return l;
		}
		# keep the partial line at the front of a buffer with room to read
		m := r.n - r.i;
		if(m == 0)
			r.i = r.s = r.n = 0;
		else if(r.i > 0 || m == len r.buf){
			size := len r.buf;
			if(m > size/2)
				size *= 2;
			nb := array[size] of byte;
			nb[0:] = r.buf[r.i:r.n];
			r.buf = nb;
			r.s -= r.i;
			r.i = 0;
			r.n = m;
		}
		k := sys->read(r.fd, r.buf[r.n:], len r.buf - r.n);
		if(k < 0)
			raise sys->sprint("read:%r");
		if(k == 0)
			r.eof = 1;
		r.n += k;
	}
}
