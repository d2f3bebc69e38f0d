implement Bgrep;

# bgrep -- print lines matching a regular expression, however long they are.
#
# Result lines from bench hold every observation, so a line may run to
# megabytes.  Lines are read and written as bytes, never through a
# formatted print, and pass through unchanged.  Comment lines (# first)
# are the results' metadata: they are not matched but kept with the
# lines selected, each written before the next selected line (or at the
# end, if any was selected), so that a search that selects nothing
# writes nothing.  A comment about one result (`# warmup NAME N': its
# third word is the result's name) goes when that result is not
# selected.  Under -m comments are lines like the others.  Under -c
# only the count of lines selected is written, as grep -c writes it.
# Under -a a result line is selected only if the cause named took part
# in one of its observations, by its attribution (bench(1), attrib(2)),
# which the comments held give.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "regex.m";
	regex: Regex;
include "arg.m";
include "attrib.m";
	attrib: Attrib;
	Attribution: import attrib;

Bgrep: module
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

stderr: ref Sys->FD;
out: ref Iobuf;
re: Regex->Re;
vflag, mflag, cflag, aflag: int;
cause: string;	# -a's
nsel := 0;	# lines selected in the current file, for -c
held: list of array of byte;	# comment lines not yet written, newest first
matched := 0;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	regex = load Regex Regex->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || regex == nil || arg == nil){
		sys->fprint(stderr, "bgrep: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("bgrep [-cmv] [-a cause] pattern [file ...]");
	while((c := arg->opt()) != 0)
		case c {
		'a' =>
			aflag = 1;
			cause = arg->earg();
			attrib = load Attrib Attrib->PATH;
			if(attrib == nil){
				sys->fprint(stderr, "bgrep: cannot load %s: %r\n", Attrib->PATH);
				raise "fail:load";
			}
			if((err := attrib->checkcause(cause)) != nil){
				sys->fprint(stderr, "bgrep: %s\n", err);
				raise "fail:usage";
			}
		'v' =>
			vflag = 1;
		'c' =>
			cflag = 1;
		'm' =>
			mflag = 1;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(argv == nil)
		arg->usage();
	arg = nil;
	err: string;
	(re, err) = regex->compile(hd argv, 0);
	if(re == nil){
		sys->fprint(stderr, "bgrep: %s: %s\n", hd argv, err);
		raise "fail:bad regular expression";
	}
	argv = tl argv;
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	status := "";
	if(argv == nil){
		status = bgrep(sys->fildes(0), "stdin");
		count(nil);
	}
	many := argv != nil && tl argv != nil;
	for(; argv != nil; argv = tl argv){
		fd := sys->open(hd argv, Sys->OREAD);
		if(fd == nil){
			sys->fprint(stderr, "bgrep: cannot open %s: %r\n", hd argv);
			status = "open error";
			continue;
		}
		if((st := bgrep(fd, hd argv)) != "")
			status = st;
		if(many)
			count(hd argv);
		else
			count(nil);
	}
	if(matched && !cflag)
		flushheld();
	if(out.flush() < 0){
		sys->fprint(stderr, "bgrep: write error: %r\n");
		raise "fail:write error";
	}
	if(status != "")
		raise "fail:" + status;
	if(!matched)
		raise "fail:no matches";
}

# bgrep copies the selected lines of fd, noting in matched that one
# was; it returns an error status.
bgrep(fd: ref Sys->FD, name: string): string
{
	r := ref Reader(fd, array[Sys->ATOMICIO] of byte, 0, 0, 0, 0);
	st := "";
	for(;;){
		l: array of byte;
		{
			l = r.line();
		} exception e {
		"read:*" =>
			sys->fprint(stderr, "bgrep: read error on %s: %s\n", name, e[5:]);
			return "read error";
		}
		if(l == nil)
			break;
		n := len l;
		nl := n > 0 && l[n-1] == byte '\n';
		if(nl)
			n--;
		if(!mflag && n > 0 && l[0] == byte '#'){
			if(!cflag || aflag){
				c := array[len l] of byte;
				c[0:] = l;
				held = c :: held;
			}
			continue;
		}
		if((regex->execute(re, string l[0:n]) != nil) == vflag){
			drop(l[0:n]);
			continue;
		}
		if(aflag && !caused(l[0:n], name)){
			drop(l[0:n]);
			if(causeerr != nil)
				st = causeerr;
			continue;
		}
		matched = 1;
		nsel++;
		if(cflag){
			drop(l[0:n]);
			continue;
		}
		flushheld();
		put(l);
	}
	return st;
}

causeerr: string;	# set by caused on an error

# caused says whether the cause of -a took part in one of the
# observations on result line l, by the attribution in the comments
# held; a result without one, or with a malformed one, is an error
caused(l: array of byte, file: string): int
{
	causeerr = nil;
	name := string word(l, 0);
	for(i := 0; i < len name; i++)
		if(name[i] == ':'){
			name = name[0:i];
			break;
		}
	a: ref Attribution;
	err: string;
	# the comments held are newest first: the attribution line is the last of them
	for(h := held; h != nil; h = tl h){
		(k, rn) := attrib->kind(string hd h);
		if(k == "attribution" && rn == name){
			(a, err) = Attribution.new(string hd h);
			break;
		}
	}
	if(a != nil)
		for(c := rev(held); c != nil && err == nil; c = tl c){
			(k, rn) := attrib->kind(string hd c);
			if(k == "cause" && rn == name)
				err = a.add(string hd c);
		}
	if(a == nil && err == nil)
		err = name + ": no attribution (made by bench -A, an older bench, or the kernel)";
	if(err != nil){
		sys->fprint(stderr, "bgrep: %s: %s\n", file, err);
		causeerr = "no attribution";
		return 0;
	}
	n := 0;
	if(cause == "none"){
		for(i = 0; i < len l; i++)
			if(l[i] == byte ' ' || l[i] == byte '\t')
				if(i+1 < len l && l[i+1] != byte ' ' && l[i+1] != byte '\t' && l[i+1] != byte '\n')
					n++;
	}else
		for(i = 0; i < len a.shares; i++)
			for(j := 0; j < len a.shares[i]; j++)
				if(a.shares[i][j].t0 > n)
					n = a.shares[i][j].t0;
	t := a.took(cause, n);
	for(i = 0; i < n; i++)
		if(t[i] > 0.0)
			return 1;
	return 0;
}

rev(l: list of array of byte): list of array of byte
{
	r: list of array of byte;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

# count writes, under -c, the lines selected in the file just read,
# after its name when there are several files
count(name: string)
{
	if(!cflag)
		return;
	s := string nsel + "\n";
	if(name != nil)
		s = name + ":" + s;
	if(out.puts(s) < 0){
		sys->fprint(stderr, "bgrep: write error: %r\n");
		raise "fail:write error";
	}
	nsel = 0;
}

# put writes a line, adding the newline it may lack
put(l: array of byte)
{
	nl := len l > 0 && l[len l - 1] == byte '\n';
	if(out.write(l, len l) != len l || !nl && out.putb(byte '\n') != 1){
		sys->fprint(stderr, "bgrep: write error: %r\n");
		raise "fail:write error";
	}
}

# drop forgets the comments held about the result on line l, which
# is not selected
drop(l: array of byte)
{
	name := word(l, 0);
	if(name == nil)
		return;
	for(i := 0; i < len name; i++)
		if(name[i] == byte ':'){
			name = name[0:i];
			break;
		}
	keep: list of array of byte;
	for(h := held; h != nil; h = tl h)
		if(string word(hd h, 2) != string name)
			keep = hd h :: keep;
	held = nil;
	for(; keep != nil; keep = tl keep)
		held = hd keep :: held;
}

# word is word k (from 0) of l, blank-separated; nil if there are fewer
word(l: array of byte, k: int): array of byte
{
	i := 0;
	for(;;){
		while(i < len l && (l[i] == byte ' ' || l[i] == byte '\t'))
			i++;
		j := i;
		while(j < len l && l[j] != byte ' ' && l[j] != byte '\t' && l[j] != byte '\n')
			j++;
		if(i == j)
			return nil;
		if(k-- == 0)
			return l[i:j];
		i = j;
	}
}

# flushheld writes the comment lines held, oldest first
flushheld()
{
	l: list of array of byte;
	for(; held != nil; held = tl held)
		l = hd held :: l;
	for(; l != nil; l = tl l)
		put(hd l);
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
