implement Bcut;

# bcut -- select ranges of words from each line, however long it is.
#
# Words are separated by blanks (spaces and tabs); the first word, a
# result line's label, is word 1.  `bcut 1-201` keeps a label and the
# first 200 observations.  Comment lines (# first) are the results'
# metadata, and are copied whole.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;

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

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	if(bufio == nil){
		sys->fprint(stderr, "bcut: cannot load library: %r\n");
		raise "fail:load";
	}
	# no options: a list such as -5 is not one; -- is allowed before it
	argv = tl argv;
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
	sys->fprint(stderr, "usage: bcut list [file ...]\n");
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
		if(n > 0 && l[0] == byte '#')
			out.write(l, n);
		w := 0;	# words seen
		k := 0;	# current range
		sep := 0;
		for(i := 0; i < n && k < len ranges && l[0] != byte '#'; ){
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
			if(k < len ranges && w >= ranges[k].t0){
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
	return "";
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
