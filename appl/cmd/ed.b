# ed -- the line editor

implement Ed;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "regex.m";
	regex: Regex;
	Re: import regex;

Ed: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
in, out: ref Iobuf;
buf: array of string;	# buf[1:nline+1] are the lines, without newlines
nline: int;
dot: int;
fname: string;
dirty: int;
warned: int;		# q or e refused once for unsaved changes
lastre: Re;
sflag: int;

# the command line being parsed
cmd: string;
pos: int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	regex = load Regex Regex->PATH;
	if(bufio == nil || regex == nil){
		sys->fprint(stderr, "ed: cannot load library: %r\n");
		raise "fail:load";
	}
	if(argv != nil)
		argv = tl argv;
	if(argv != nil && hd argv == "-s"){
		sflag = 1;
		argv = tl argv;
	}
	if(argv != nil && len hd argv > 1 && (hd argv)[0] == '-' || len argv > 1){
		sys->fprint(stderr, "usage: ed [-s] [file]\n");
		raise "fail:usage";
	}
	in = bufio->fopen(sys->fildes(0), Bufio->OREAD);
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	buf = array[64] of string;
	if(argv != nil){
		fname = hd argv;
		{
			readin(fname, 0);
		} exception e {
		"ed:*" =>
			out.puts("?" + e[3:] + "\n");
		}
		dirty = 0;
	}
	for(;;){
		out.flush();
		l := in.gets('\n');
		if(l == nil)
			break;
		if(l[len l - 1] == '\n')
			l = l[0:len l - 1];
		{
			if(command(l))
				break;
		} exception e {
		"ed:*" =>
			out.puts("?" + e[3:] + "\n");
		}
	}
	out.flush();
}

err(s: string)
{
	raise "ed:" + s;
}

# command runs one command line; 1 to quit.
command(l: string): int
{
	cmd = l;
	pos = 0;
	(a1, a2, n) := addresses();
	c := next();
	if(c != 'q' && c != 'Q' && c != 'e')
		warned = 0;
	case c {
	-1 =>
		# a bare address prints that line; nothing prints the next
		if(n == 0)
			a2 = dot + 1;
		if(a2 < 1 || a2 > nline)
			err("address out of range");
		dot = a2;
		out.puts(buf[dot] + "\n");
	'a' or 'i' or 'c' =>
		end();
		if(n == 0)
			a1 = a2 = dot;
		if(c == 'i' && a2 > 0)
			a2--;
		if(c == 'c'){
			range(a1, a2);
			delete(a1, a2);
			a2 = a1 - 1;
		}
		text := input();
		insert(a2, text);
		dot = a2 + len text;
		if(text == nil && c != 'c')
			dot = a2;
	'd' =>
		end();
		if(n == 0)
			a1 = a2 = dot;
		range(a1, a2);
		delete(a1, a2);
		dot = a1;
		if(dot > nline)
			dot = nline;
	'p' or 'n' =>
		end();
		if(n == 0)
			a1 = a2 = dot;
		range(a1, a2);
		for(i := a1; i <= a2; i++)
			show(i, c == 'n');
		dot = a2;
	'=' =>
		end();
		if(n == 0)
			a2 = nline;
		out.puts(string a2 + "\n");
	's' =>
		if(n == 0)
			a1 = a2 = dot;
		range(a1, a2);
		subst(a1, a2);
	'w' or 'W' =>
		f := filename();
		if(n == 0){
			a1 = 1;
			a2 = nline;
		}
		if(nline > 0 || n != 0)
			range(a1, a2);
		writeout(f, a1, a2, c == 'W');
		if(n == 0 || a1 == 1 && a2 == nline)
			dirty = 0;
	'r' =>
		f := filename();
		if(n == 0)
			a2 = nline;
		readin(f, a2);
	'e' =>
		f := filename();
		if(dirty && !warned){
			warned = 1;
			err("unsaved changes: e again to discard them");
		}
		nline = dot = 0;
		readin(f, 0);
		dirty = 0;
	'f' =>
		if(pos < len cmd)
			fname = filename();
		out.puts(fname + "\n");
	'q' or 'Q' =>
		end();
		if(n != 0)
			err("q takes no address");
		if(c == 'q' && dirty && !warned){
			warned = 1;
			err("unsaved changes: q again to quit");
		}
		return 1;
	* =>
		err("unknown command " + cmd[pos-1:pos]);
	}
	return 0;
}

next(): int
{
	if(pos >= len cmd)
		return -1;
	return cmd[pos++];
}

peek(): int
{
	if(pos >= len cmd)
		return -1;
	return cmd[pos];
}

end()
{
	if(pos < len cmd)
		err("unexpected " + cmd[pos:]);
}

range(a1, a2: int)
{
	if(a1 > a2 || a1 < 1 || a2 > nline)
		err("address out of range");
}

# addresses parses [addr][,|;][addr]: (first, second, how many given).
addresses(): (int, int, int)
{
	a1 := address();
	c := peek();
	if(c != ',' && c != ';'){
		if(a1 < 0)
			return (0, 0, 0);
		return (a1, a1, 1);
	}
	pos++;
	if(a1 < 0){
		if(c == ',')
			a1 = 1;
		else
			a1 = dot;
		a2 := address();
		if(a2 < 0)
			a2 = nline;
		return (a1, a2, 2);
	}
	if(c == ';'){
		if(a1 < 0 || a1 > nline)
			err("address out of range");
		dot = a1;
	}
	a2 := address();
	if(a2 < 0)
		a2 = a1;
	return (a1, a2, 2);
}

# address parses one address: . $ N /re/ ?re? 'x, then +N -N; -1 if none.
address(): int
{
	a := -1;
	case peek() {
	'.' =>
		pos++;
		a = dot;
	'$' =>
		pos++;
		a = nline;
	'0' to '9' =>
		a = number();
	'/' or '?' =>
		a = search(next());
	}
	for(;;){
		c := peek();
		if(c != '+' && c != '-')
			break;
		pos++;
		if(a < 0)
			a = dot;
		d := 1;
		if(peek() >= '0' && peek() <= '9')
			d = number();
		if(c == '+')
			a += d;
		else
			a -= d;
	}
	if(a > nline || a < 0 && a != -1)
		err("address out of range");
	return a;
}

number(): int
{
	n := 0;
	while(peek() >= '0' && peek() <= '9')
		n = 10 * n + next() - '0';
	return n;
}

# search finds the next line after dot (/) or before it (?) matching
# the expression up to the closing delimiter, wrapping around.
search(delim: int): int
{
	re := regexp(delim);
	if(nline == 0)
		err("no match");
	l := dot;
	for(i := 0; i < nline; i++){
		if(delim == '/')
			l = l % nline + 1;
		else if(--l < 1)
			l = nline;
		if(regex->execute(re, buf[l]) != nil)
			return l;
	}
	err("no match");
	return -1;
}

# regexp reads an expression up to delim; empty means the last one.
regexp(delim: int): Re
{
	s := delimited(delim);
	if(s == nil){
		if(lastre == nil)
			err("no previous regular expression");
		return lastre;
	}
	(re, e) := regex->compile(s, 1);
	if(re == nil)
		err("bad regular expression: " + e);
	lastre = re;
	return re;
}

# delimited reads up to delim (or the end of the line); \delim is delim.
delimited(delim: int): string
{
	s := "";
	for(;;){
		c := next();
		if(c == -1 || c == delim)
			break;
		if(c == '\\' && peek() == delim){
			c = next();
		}else if(c == '\\' && peek() != -1){
			s[len s] = c;
			c = next();
		}
		s[len s] = c;
	}
	return s;
}

# subst: s/re/replacement/[g][p] over lines a1 to a2.
subst(a1, a2: int)
{
	delim := next();
	if(delim == -1 || delim == ' ' || delim == '\n')
		err("bad delimiter");
	re := regexp(delim);
	rep := delimited(delim);
	gflag := pflag := 0;
	while(pos < len cmd){
		case next() {
		'g' =>	gflag = 1;
		'p' =>	pflag = 1;
		* =>	err("unexpected " + cmd[pos-1:]);
		}
	}
	found := 0;
	for(l := a1; l <= a2; l++){
		s := buf[l];
		r := "";
		at := 0;
		n := 0;
		while(at <= len s){
			m := regex->executese(re, s, (at, len s), at == 0, 1);
			if(m == nil)
				break;
			(b, e) := m[0];
			r += s[at:b] + replace(rep, s, m);
			n++;
			if(e == b){
				if(b < len s)
					r[len r] = s[b];
				at = b + 1;
			}else
				at = e;
			if(!gflag)
				break;
		}
		if(n == 0)
			continue;
		if(at < len s)
			r += s[at:];
		buf[l] = r;
		dot = l;
		found = 1;
		dirty = 1;
	}
	if(!found)
		err("no match");
	if(pflag)
		show(dot, 0);
}

# replace expands & and \1 to \9 in rep from match m of s.
replace(rep, s: string, m: array of (int, int)): string
{
	r := "";
	for(i := 0; i < len rep; i++){
		c := rep[i];
		if(c == '&'){
			(b, e) := m[0];
			r += s[b:e];
		}else if(c == '\\' && i + 1 < len rep){
			c = rep[++i];
			if(c >= '1' && c <= '9'){
				k := c - '0';
				if(k < len m){
					(b, e) := m[k];
					if(b >= 0)
						r += s[b:e];
				}
			}else
				r[len r] = c;
		}else
			r[len r] = c;
	}
	return r;
}

show(l: int, num: int)
{
	if(num)
		out.puts(string l + "\t");
	out.puts(buf[l] + "\n");
}

# input reads text lines up to a line holding only a dot.
input(): array of string
{
	t := array[16] of string;
	n := 0;
	for(;;){
		l := in.gets('\n');
		if(l == nil)
			break;
		if(l[len l - 1] == '\n')
			l = l[0:len l - 1];
		if(l == ".")
			break;
		if(n == len t)
			t = grow(t, 2 * n);
		t[n++] = l;
	}
	return t[0:n];
}

grow(a: array of string, n: int): array of string
{
	b := array[n] of string;
	b[0:] = a;
	return b;
}

# insert puts lines after line a.
insert(a: int, lines: array of string)
{
	if(len lines == 0)
		return;
	if(nline + len lines + 1 > len buf)
		buf = grow(buf, 2 * (nline + len lines + 1));
	buf[a + 1 + len lines:] = buf[a + 1:nline + 1];
	buf[a + 1:] = lines;
	nline += len lines;
	dirty = 1;
}

delete(a1, a2: int)
{
	buf[a1:] = buf[a2 + 1:nline + 1];
	nline -= a2 - a1 + 1;
	for(i := nline + 1; i <= nline + a2 - a1 + 1; i++)
		buf[i] = nil;
	dirty = 1;
}

# filename: the argument of w, r, e or f, else the remembered one.
filename(): string
{
	while(peek() == ' ')
		pos++;
	f := cmd[pos:];
	pos = len cmd;
	if(f == nil){
		if(fname == nil)
			err("no file name");
		return fname;
	}
	if(fname == nil)
		fname = f;
	return f;
}

# readin reads file f in after line a and prints its size in bytes.
readin(f: string, a: int)
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		err(sys->sprint("cannot open %s: %r", f));
	b := bufio->fopen(fd, Bufio->OREAD);
	t := array[64] of string;
	n := nbytes := 0;
	for(;;){
		l := b.gets('\n');
		if(l == nil)
			break;
		nbytes += len array of byte l;
		if(l[len l - 1] == '\n')
			l = l[0:len l - 1];
		if(n == len t)
			t = grow(t, 2 * n);
		t[n++] = l;
	}
	insert(a, t[0:n]);
	dot = a + n;
	if(!sflag)
		out.puts(string nbytes + "\n");
}

# writeout writes lines a1 to a2 to f (appended with W), printing the size.
writeout(f: string, a1, a2: int, app: int)
{
	fd: ref Sys->FD;
	if(app){
		fd = sys->open(f, Sys->OWRITE);
		if(fd != nil)
			sys->seek(fd, big 0, Sys->SEEKEND);
	}
	if(fd == nil)
		fd = sys->create(f, Sys->OWRITE, 8r664);
	if(fd == nil)
		err(sys->sprint("cannot create %s: %r", f));
	b := bufio->fopen(fd, Bufio->OWRITE);
	nbytes := 0;
	for(i := a1; i >= 1 && i <= a2; i++){
		d := array of byte (buf[i] + "\n");
		nbytes += len d;
		b.write(d, len d);
	}
	if(b.flush() < 0)
		err(sys->sprint("write error on %s: %r", f));
	if(!sflag)
		out.puts(string nbytes + "\n");
}
