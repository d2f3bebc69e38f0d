implement Cost;

# cost -- run a command with the Dis instruction timer on and list the
# times of its instructions under the source lines they came from
#
# The bench device times every instruction the interpreter executes
# while `dis timer' is on (bench(3)).  Its report gives, for each
# (module, pc), the opcode, the count and the mean, min, max and
# standard deviation of the times; cost keeps the command's module,
# maps each pc to its source through the module's .sbl file and takes
# the timer's own cost off every time.

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "math.m";
	math: Math;
include "arg.m";

Cost: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Command: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# the times of one instruction (or one opcode), in ns
Istat: adt
{
	pc:	int;
	op:	string;
	n:	big;
	mean:	real;
	min:	real;
	max:	real;
	std:	real;

	add:	fn(s: self ref Istat, t: ref Istat);
};

# an instruction's source: from (file, line, col) to (efile, eline, ecol)
Src: adt
{
	file:	int;
	line:	int;
	col:	int;
	efile:	int;
	eline:	int;
	ecol:	int;
};

# what cost needs of a .sbl file
Sbl: adt
{
	name:	string;
	files:	array of string;
	src:	array of Src;
	fns:	array of (int, string);	# each function's first pc and name, by pc
};

Timer: con "dis timer ";

# object file magic numbers (isa.h)
XMAGIC: con 819248;
SMAGIC: con 923426;	# signed

stderr: ref Sys->FD;
out: ref Iobuf;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	math = load Math Math->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || math == nil || arg == nil)
		fatal(sys->sprint("cannot load library: %r"));
	arg->init(argv);
	arg->setusage("cost [-f file.b] [-s] [-o] [-r report] command [args ...]");
	file, report: string;
	sflag := 0;
	oflag := 0;
	while((c := arg->opt()) != 0)
		case c {
		'f' =>
			file = arg->earg();
		's' =>
			sflag = 1;
		'o' =>
			oflag = 1;
		'r' =>
			report = arg->earg();
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(argv == nil)
		arg->usage();
	arg = nil;

	path := findcmd(hd argv);
	sbl: ref Sbl;
	fi, ninst: int;
	lines: array of string;
	if(oflag){
		err: string;
		(ninst, err) = codesize(path);
		if(err != nil)
			fatal(err);
	}else{
		serr: string;
		(sbl, serr) = readsbl(path);
		if(sbl == nil)
			fatal(serr);
		ninst = len sbl.src;
		if(file == nil)
			file = findsrc(path, sbl);
		else
			file = locate(file, path);
		fi = srcindex(file, path, sbl);
		lines = readsrc(file);
		if((err := srcmatch(lines, fi, sbl)) != nil)
			fatal(file + " does not match " + path + ": " + err);
	}

	text: string;
	if(report != nil)
		text = readall(report);
	else
		text = run(path, argv);
	(ov, stats, rerr) := parsereport(text, path, ninst);
	if(rerr != nil)
		fatal("bad report: " + rerr);
	for(i := 0; i < len stats; i++)
		if(stats[i] != nil)
			less(stats[i], ov);

	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	if(oflag)
		byop(path, stats);
	else
		listing(file, lines, fi, sbl, stats, sflag);
	if(out.flush() < 0)
		fatal(sys->sprint("write error: %r"));
}

fatal(s: string)
{
	sys->fprint(stderr, "cost: %s\n", s);
	raise "fail:error";
}

#
# Finding the module, its symbols and its source
#

# findcmd names the module a command loads from, as sh(1) finds it:
# name[.dis] in /dis, then in the current directory; a name starting
# with / or ./ or ../ as it is.
findcmd(name: string): string
{
	file := name;
	if(len file < 4 || file[len file-4:] != ".dis")
		file += ".dis";
	paths := file :: nil;
	if(!prefix("/", file) && !prefix("./", file) && !prefix("../", file))
		paths = "/dis/" + file :: "./" + file :: nil;
	for(; paths != nil; paths = tl paths){
		(ok, nil) := sys->stat(hd paths);
		if(ok >= 0)
			return hd paths;
	}
	fatal(name + ": not found");
	return nil;
}

prefix(p, s: string): int
{
	return len s >= len p && s[0:len p] == p;
}

# readsbl reads path's symbol file (the same name, .sbl for .dis): its
# header, source files and the source of each pc; the rest (adts,
# functions, variables) is not needed.  It must describe path's code.
readsbl(path: string): (ref Sbl, string)
{
	sblpath := path[0:len path - 4] + ".sbl";
	b := bufio->open(sblpath, Bufio->OREAD);
	if(b == nil)
		return (nil, sys->sprint("cannot open %s: %r (compile with limbo -g)", sblpath));
	bad := sblpath + ": not a symbol file";
	if(getline(b) != "limbo .sbl 2.1")
		return (nil, bad);
	sbl := ref Sbl;
	sbl.name = getline(b);
	nf := number(getline(b));
	if(sbl.name == nil || nf < 0)
		return (nil, bad);
	sbl.files = array[nf] of string;
	for(i := 0; i < nf; i++)
		if((sbl.files[i] = getline(b)) == nil)
			return (nil, bad);
	ni := number(getline(b));
	if(ni < 0)
		return (nil, bad);
	sbl.src = array[ni] of Src;
	f := l := 0;
	for(pc := 0; pc < ni; pc++){
		s := getline(b);
		ok := 0;
		(sbl.src[pc], ok) = parsesrc(s, f, l, nf);
		if(!ok)
			return (nil, sys->sprint("%s: bad source of pc %d: %s", sblpath, pc, s));
		f = sbl.src[pc].efile;
		l = sbl.src[pc].eline;
	}
	sbl.fns = readfns(b, ni);
	(isize, err) := codesize(path);
	if(err != nil)
		return (nil, err);
	if(isize != ni)
		return (nil, sys->sprint("%s does not match %s: %d instructions, the module has %d",
			sblpath, path, ni, isize));
	return (sbl, nil);
}

# readfns finds the functions in the rest of a symbol file.  Each is a
# line `pc:name' after the types of the one before, which may end its
# return type on the same line (`n26:sq' after a function of no
# value): no other line of the adts, functions and globals has one
# colon and no blank.
readfns(b: ref Iobuf, ni: int): array of (int, string)
{
	l: list of (int, string);
	n := 0;
	while((s := b.gets('\n')) != nil){
		if(s[len s - 1] == '\n')
			s = s[0:len s - 1];
		i := 0;
		while(i < len s && (s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z'))
			i++;
		j := i;
		while(j < len s && s[j] >= '0' && s[j] <= '9')
			j++;
		if(j == i || j == len s || s[j] != ':' || !isname(s[j+1:]))
			continue;
		pc := int s[i:j];
		if(pc < ni){
			l = (pc, s[j+1:]) :: l;
			n++;
		}
	}
	a := array[n] of (int, string);
	for(; l != nil; l = tl l)
		a[--n] = hd l;
	# by pc (insertion: the file lists them in order, or nearly)
	for(i := 1; i < len a; i++)
		for(k := i; k > 0 && a[k-1].t0 > a[k].t0; k--)
			(a[k-1], a[k]) = (a[k], a[k-1]);
	return a;
}

# isname: a function's name, Limbo's identifiers joined by dots
isname(s: string): int
{
	if(s == nil || s[0] >= '0' && s[0] <= '9' || s[0] == '.')
		return 0;
	for(i := 0; i < len s; i++){
		c := s[i];
		if(!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c >= 16r80))
			return 0;
	}
	return 1;
}

# fnof is the function holding pc: the last to start at or before it
fnof(sbl: ref Sbl, pc: int): string
{
	name := "";
	for(i := 0; i < len sbl.fns && sbl.fns[i].t0 <= pc; i++)
		name = sbl.fns[i].t1;
	return name;
}

# parsesrc parses a pc's source, `[f:][l.]c,[f:][l.]c block': a file
# or line left out is the one before (the previous stop, then the start).
parsesrc(s: string, f, l, nf: int): (Src, int)
{
	src: Src;
	for(i := 0; i < len s && s[i] != ' '; i++)
		;
	if(i == len s || number(s[i+1:]) < 0)
		return (src, 0);
	(n, w) := sys->tokenize(s[0:i], ",");
	if(n != 2)
		return (src, 0);
	ok1, ok2: int;
	(src.file, src.line, src.col, ok1) = parsepos(hd w, f, l);
	(src.efile, src.eline, src.ecol, ok2) = parsepos(hd tl w, src.file, src.line);
	if(!ok1 || !ok2 || src.file >= nf || src.efile >= nf)
		return (src, 0);
	return (src, 1);
}

parsepos(s: string, f, l: int): (int, int, int, int)
{
	for(i := 0; i < len s; i++)
		if(s[i] == ':'){
			f = number(s[0:i]);
			s = s[i+1:];
			break;
		}
	for(i = 0; i < len s; i++)
		if(s[i] == '.'){
			l = number(s[0:i]);
			s = s[i+1:];
			break;
		}
	c := number(s);
	return (f, l, c, f >= 0 && l >= 0 && c >= 0);
}

# codesize reads the number of instructions from a .dis file's header
codesize(path: string): (int, string)
{
	fd := sys->open(path, Sys->OREAD);
	if(fd == nil)
		return (0, sys->sprint("cannot open %s: %r", path));
	buf := array[1024] of byte;
	n := sys->read(fd, buf, len buf);
	if(n < 0)
		return (0, sys->sprint("cannot read %s: %r", path));
	bad := path + ": not a Dis object file";
	(magic, o) := operand(buf[0:n], 0);
	if(magic == SMAGIC){
		siglen: int;
		(siglen, o) = operand(buf[0:n], o);
		if(o < 0 || siglen < 0 || siglen > n - o)
			return (0, bad);
		o += siglen;
	}else if(magic != XMAGIC)
		return (0, bad);
	isize := 0;
	for(i := 0; i < 3 && o >= 0; i++)	# runtime flag, stack extent, code size
		(isize, o) = operand(buf[0:n], o);
	if(o < 0 || isize < 0)
		return (0, bad);
	return (isize, nil);
}

# operand decodes a Dis file's variable-length integer at b[o]: the value
# and the offset after it, -1 if b ends first
operand(b: array of byte, o: int): (int, int)
{
	if(o < 0 || o >= len b)
		return (0, -1);
	c := int b[o];
	case c & 16rC0 {
	16r00 =>
		return (c, o+1);
	16r40 =>
		return (c | ~16r7F, o+1);
	16r80 =>
		if(o+2 > len b)
			return (0, -1);
		if(c & 16r20)
			c |= ~16r3F;
		else
			c &= 16r3F;
		return (c<<8 | int b[o+1], o+2);
	}
	if(o+4 > len b)
		return (0, -1);
	if(c & 16r20)
		c |= ~16r3F;
	else
		c &= 16r3F;
	return (c<<24 | int b[o+1]<<16 | int b[o+2]<<8 | int b[o+3], o+4);
}

# findsrc finds the module's source by its .sbl name (srcpath)
findsrc(path: string, sbl: ref Sbl): string
{
	name := mainfile(sbl);
	if(name == nil)
		fatal(path[0:len path - 4] + ".sbl names no .b source");
	f := srcpath(path, name);
	if(f == nil)
		fatal("cannot find " + name + ", the source of " + path + " (name it with -f)");
	return f;
}

# locate finds the file -f names: as named, else, for a name without a
# directory, where findsrc would look (cost -f bench.b bench)
locate(file, path: string): string
{
	(ok, nil) := sys->stat(file);
	(dir, nil) := splitr(file);
	if(ok >= 0 || dir != "")
		return file;
	if((f := srcpath(path, file)) != nil)
		return f;
	return file;
}

# srcpath is where source name of the module at path is, or nil:
# /dis/x.dis comes from /appl/cmd, /dis/lib/x.dis from /appl/lib,
# anything else from the directory of its .dis.
srcpath(path, name: string): string
{
	(dir, nil) := splitr(path);
	l := dir + name :: nil;
	if(dir == "/dis/")
		l = "/appl/cmd/" + name :: l;
	else if(dir == "/dis/lib/")
		l = "/appl/lib/" + name :: l;
	for(; l != nil; l = tl l){
		(ok, nil) := sys->stat(hd l);
		if(ok >= 0)
			return hd l;
	}
	return nil;
}

# mainfile is the first .b file of the module's sources
mainfile(sbl: ref Sbl): string
{
	for(i := 0; i < len sbl.files; i++){
		f := sbl.files[i];
		if(len f > 2 && f[len f - 2:] == ".b")
			return f;
	}
	return nil;
}

# splitr splits a path after its last /
splitr(path: string): (string, string)
{
	for(i := len path - 1; i >= 0; i--)
		if(path[i] == '/')
			return (path[0:i+1], path[i+1:]);
	return ("", path);
}

# srcindex finds file among the module's sources, by its last element
srcindex(file, path: string, sbl: ref Sbl): int
{
	(nil, name) := splitr(file);
	for(i := 0; i < len sbl.files; i++)
		if(sbl.files[i] == name)
			return i;
	s := "";
	for(i = 0; i < len sbl.files; i++)
		s += " " + sbl.files[i];
	fatal(file + " is not a source of " + path + " (its sources:" + s + ")");
	return -1;
}

# readsrc reads a source file as lines, without their newlines
readsrc(file: string): array of string
{
	b := bufio->open(file, Bufio->OREAD);
	if(b == nil)
		fatal(sys->sprint("cannot open %s: %r", file));
	l: list of string;
	n := 0;
	while((s := b.gets('\n')) != nil){
		if(s[len s - 1] == '\n')
			s = s[0:len s - 1];
		l = s :: l;
		n++;
	}
	lines := array[n] of string;
	for(; l != nil; l = tl l)
		lines[--n] = hd l;
	return lines;
}

# srcmatch checks that every position the .sbl gives in file fi lies
# within the source's lines; nil if they do, else the first that doesn't
srcmatch(lines: array of string, fi: int, sbl: ref Sbl): string
{
	for(pc := 0; pc < len sbl.src; pc++){
		s := sbl.src[pc];
		err: string;
		if(s.file == fi)
			err = inside(lines, s.line, s.col);
		if(err == nil && s.efile == fi)
			err = inside(lines, s.eline, s.ecol);
		if(err != nil)
			return sys->sprint("pc %d: %s", pc, err);
	}
	return nil;
}

# a column counts characters from the start of the line, and an end
# may be one past the last (Inferno's limbo); so it is at most the
# line's length in bytes, plus one
inside(lines: array of string, l, c: int): string
{
	if(l < 1 || l > len lines)
		return sys->sprint("line %d, past the end (%d lines)", l, len lines);
	if(c > len array of byte lines[l-1] + 1)
		return sys->sprint("line %d column %d, past the end of the line", l, c);
	return nil;
}

#
# Running the command and reading the report
#

# run runs the command with the timer on and returns the timer's report
run(path: string, argv: list of string): string
{
	mod := load Command path;
	if(mod == nil)
		fatal(sys->sprint("cannot load %s: %r", path));
	# the bench device may need binding: do it in a name space of our own
	sys->pctl(Sys->FORKNS, nil);
	(ok, nil) := sys->stat("/dev/bctl");
	if(ok < 0)
		sys->bind("#x", "/dev", Sys->MAFTER);
	ctl := sys->open("/dev/bctl", Sys->OWRITE);
	if(ctl == nil)
		fatal(sys->sprint("cannot open /dev/bctl: %r"));

	timer(ctl, "startclr");
	done := chan of string;
	spawn command(mod, argv, done);
	mod = nil;
	status := <-done;
	timer(ctl, "stop");
	if(status != nil)
		fatal(hd argv + " failed: " + status);
	timer(ctl, "report");
	return readall("/dev/bdata");
}

timer(ctl: ref Sys->FD, cmd: string)
{
	b := array of byte (Timer + cmd);
	if(sys->write(ctl, b, len b) != len b)
		fatal(sys->sprint("%s%s: %r", Timer, cmd));
}

# command runs the command's init and sends its status: nil if it
# succeeded, else what it raised (less any "fail:")
command(mod: Command, argv: list of string, done: chan of string)
{
	status: string;
	{
		mod->init(nil, argv);
	} exception e {
	"fail:*" =>
		status = e[5:];
		if(status == nil)
			status = "failed";
	"*" =>
		status = e;
	}
	done <-= status;
}

# readall reads file to its end (a report may run to megabytes: the
# pieces are joined once)
readall(file: string): string
{
	fd := sys->open(file, Sys->OREAD);
	if(fd == nil)
		fatal(sys->sprint("cannot open %s: %r", file));
	l: list of array of byte;
	tot := 0;
	for(;;){
		buf := array[Sys->ATOMICIO] of byte;
		n := sys->read(fd, buf, len buf);
		if(n < 0)
			fatal(sys->sprint("cannot read %s: %r", file));
		if(n == 0)
			break;
		l = buf[0:n] :: l;
		tot += n;
	}
	a := array[tot] of byte;
	for(; l != nil; l = tl l){
		tot -= len hd l;
		a[tot:] = hd l;
	}
	return string a;
}

# parsereport reads the timer's report: the overhead line first, then
# `path pc op count mean min max std', times in ns.  It returns the
# overhead and, by pc, the stats of path's instructions (nil for those
# that did not run); a pc that appears twice (a module loaded twice)
# gets the sum of its lines.
parsereport(text, path: string, ninst: int): (real, array of ref Istat, string)
{
	(nil, lines) := sys->tokenize(text, "\n");
	if(lines == nil)
		return (0.0, nil, "empty");
	(nw, w) := sys->tokenize(hd lines, " \t");
	if(nw == 7 && hd w == "overhead" && hd tl w == "nop"){
		w = hd w :: tl tl w;
		nw--;
	}
	if(nw != 6 || hd w != "overhead" || number(hd tl w) < 0 || !isreal(tl tl w))
		return (0.0, nil, "line 1: want overhead nop n mean min max std: " + hd lines);
	ov := real hd tl tl tl w;	# the overhead's minimum
	stats := array[ninst] of ref Istat;
	ln := 1;
	for(lines = tl lines; lines != nil; lines = tl lines){
		ln++;
		(nw, w) = sys->tokenize(hd lines, " \t");
		if(nw < 8 || !isreal(nthtl(w, nw-5)))
			return (0.0, nil, sys->sprint("line %d: want path pc op count mean min max std", ln));
		p := hd w;
		for(w = tl w; nw > 8; nw--){
			p += " " + hd w;
			w = tl w;
		}
		if(p != path)
			continue;
		pc := number(hd w);
		if(pc < 0 || pc >= ninst)
			return (0.0, nil, sys->sprint("line %d: pc %s not in %s (%d instructions)",
				ln, hd w, path, ninst));
		w = tl w;
		s := ref Istat(pc, hd w, big hd tl w, 0.0, 0.0, 0.0, 0.0);
		w = tl tl w;
		s.mean = real hd w;
		s.min = real hd tl w;
		s.max = real hd tl tl w;
		s.std = real hd tl tl tl w;
		if(stats[pc] == nil)
			stats[pc] = s;
		else if(stats[pc].op != s.op)
			return (0.0, nil, sys->sprint("line %d: pc %d is %s, was %s", ln, pc, s.op, stats[pc].op));
		else
			stats[pc].add(s);
	}
	return (ov, stats, nil);
}

nthtl(l: list of string, n: int): list of string
{
	for(; n > 0 && l != nil; n--)
		l = tl l;
	return l;
}

# isreal: every word of l is a count or a time
isreal(l: list of string): int
{
	if(l == nil)
		return 0;
	for(; l != nil; l = tl l){
		s := hd l;
		d := 0;
		for(i := 0; i < len s && s[i] >= '0' && s[i] <= '9'; i++)
			d++;
		if(i < len s && s[i] == '.')
			for(i++; i < len s && s[i] >= '0' && s[i] <= '9'; i++)
				d++;
		if(d == 0 || i != len s)
			return 0;
	}
	return 1;
}

# add merges t's observations into s
Istat.add(s: self ref Istat, t: ref Istat)
{
	n := real (s.n + t.n);
	mean := (s.mean*real s.n + t.mean*real t.n)/n;
	ss := sumsq(s) + sumsq(t);
	v := 0.0;
	if(n > 1.0)
		v = (ss - n*mean*mean)/(n - 1.0);
	s.std = 0.0;
	if(v > 0.0)
		s.std = math->sqrt(v);
	s.mean = mean;
	s.n += t.n;
	if(t.min < s.min)
		s.min = t.min;
	if(t.max > s.max)
		s.max = t.max;
}

# the sum of the squares of s's observations
sumsq(s: ref Istat): real
{
	n := real s.n;
	return s.std*s.std*(n - 1.0) + n*s.mean*s.mean;
}

# less takes the timer's overhead off a measurement
less(s: ref Istat, ov: real)
{
	s.mean = sub(s.mean, ov);
	s.min = sub(s.min, ov);
	s.max = sub(s.max, ov);
}

sub(t, ov: real): real
{
	if(t < ov)
		return 0.0;
	return t - ov;
}

#
# Output
#

# listing prints the source with each executed line followed by its
# instructions in the order of the code.  An instruction belongs to the
# last line of its source; with sflag only the lines with executed
# instructions are printed, all of a statement's lines if it takes more
# than one.
listing(file: string, lines: array of string, fi: int, sbl: ref Sbl, stats: array of ref Istat, sflag: int)
{
	nl := len lines;
	group := array[nl+1] of list of ref Istat;
	first := array[nl+1] of {* => nl+1};
	w := 5;
	for(pc := 0; pc < len sbl.src; pc++){
		s := sbl.src[pc];
		if(s.efile != fi)
			continue;
		l := s.eline;
		if(s.file == fi && s.line < first[l])
			first[l] = s.line;
		if((st := stats[pc]) != nil){
			group[l] = st :: group[l];
			if(len string st.n >= w)
				w = len string st.n + 1;	# a blank after a 6-letter op
		}
	}
	out.puts("\n-- " + file + "\n");
	done := 0;
	curfn := "";
	for(l := 1; l <= nl; l++){
		if(sflag){
			if(group[l] == nil)
				continue;
			# a header where the lines pass into another function
			if((f := fnof(sbl, (hd group[l]).pc)) != curfn && f != ""){
				if(curfn != "")
					out.puts("\n");
				out.puts("-- " + f + "()\n");
				curfn = f;
			}
			for(k := first[l]; k < l; k++)
				if(k > done)
					out.puts(lines[k-1] + "\n");
		}
		out.puts(lines[l-1] + "\n");
		done = l;
		for(g := rev(group[l]); g != nil; g = tl g)
			out.puts(trim("- " + row(hd g, 6, w)) + "\n");
	}
}

rev(l: list of ref Istat): list of ref Istat
{
	r: list of ref Istat;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

# byop prints the module's times by opcode, the most total time first
byop(path: string, stats: array of ref Istat)
{
	ops, l: list of ref Istat;
	for(pc := 0; pc < len stats; pc++){
		if((s := stats[pc]) == nil)
			continue;
		for(l = ops; l != nil; l = tl l)
			if((hd l).op == s.op)
				break;
		if(l != nil)
			(hd l).add(s);
		else
			ops = ref *s :: ops;
	}
	a := array[len ops] of ref Istat;
	for(i := 0; ops != nil; ops = tl ops)
		a[i++] = hd ops;
	sort(a);
	w := 5;
	for(i = 0; i < len a; i++)
		if(len string a[i].n >= w)
			w = len string a[i].n + 1;
	out.puts("\n-- " + path + " by opcode\n");
	out.puts(pad("op", -7) + pad("count", w));
	for(h := "mean" :: "min" :: "max" :: "std" :: "total" :: nil; h != nil; h = tl h)
		out.puts(pad(hd h, 10));
	out.puts("\n");
	for(i = 0; i < len a; i++)
		out.puts(trim(row(a[i], 7, w) + " " + time(total(a[i]))) + "\n");
}

total(s: ref Istat): real
{
	return s.mean*real s.n;
}

# sort by total time, largest first; ties by name
sort(a: array of ref Istat)
{
	for(i := 1; i < len a; i++){
		s := a[i];
		for(j := i; j > 0 && after(a[j-1], s); j--)
			a[j] = a[j-1];
		a[j] = s;
	}
}

after(a, b: ref Istat): int
{
	if(total(a) != total(b))
		return total(a) < total(b);
	return a.op > b.op;
}

# row formats `op count mean min max std', the op in a field of ow
# characters and the count in w
row(s: ref Istat, ow, w: int): string
{
	return pad(s.op, -ow) + pad(string s.n, w) + " " + time(s.mean) + " " +
		time(s.min) + " " + time(s.max) + " " + time(s.std);
}

# time formats ns in 9 characters, in the largest unit that keeps it at
# least 1: `807 ns', `2.13 us', `8.61 ms', `1.20 s'
time(ns: real): string
{
	if(ns < 999.5)
		return sys->sprint("%6.0f ns", ns);
	units := array[] of {" us", " ms", " s "};
	t := ns;
	for(i := 0; i < len units - 1; i++){
		t /= 1000.0;
		if(t < 999.995)
			break;
	}
	if(i == len units - 1)
		t /= 1000.0;
	return sys->sprint("%6.2f", t) + units[i];
}

# pad right-justifies s in w characters, or left-justifies in -w
pad(s: string, w: int): string
{
	if(w < 0){
		for(w = -w; len s < w; )
			s += " ";
		return s;
	}
	while(len s < w)
		s = " " + s;
	return s;
}

# trim drops trailing blanks (from a time in seconds)
trim(s: string): string
{
	for(i := len s; i > 0 && s[i-1] == ' '; i--)
		;
	return s[0:i];
}

getline(b: ref Iobuf): string
{
	s := b.gets('\n');
	if(s != nil && s[len s - 1] == '\n')
		s = s[0:len s - 1];
	return s;
}

# number is s as a non-negative decimal int, -1 if it is not one
number(s: string): int
{
	if(s == nil || len s > 9)
		return -1;
	n := 0;
	for(i := 0; i < len s; i++){
		if(s[i] < '0' || s[i] > '9')
			return -1;
		n = 10*n + s[i] - '0';
	}
	return n;
}
