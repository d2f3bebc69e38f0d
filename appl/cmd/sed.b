# sed -- stream editor
#
# The commands of Plan 9's sed, with the regular expressions of grep(1)
# (regex(2)).  The script is compiled into an array of commands: a {
# that is not selected jumps past its }, and b and t jump to the index
# of their label.  Each cycle reads a line into the pattern space, runs
# the script over it and, unless -n, writes it.  Lines may be of any
# length, and substitution takes time linear in it.

implement Sed;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "regex.m";
	regex: Regex;
include "arg.m";

Sed: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# addresses
Aline, Alast, Are: con iota;

Addr: adt
{
	kind:	int;
	line:	int;
	re:	Regex->Re;	# Are: nil for the last expression used
};

# a piece of a replacement: text, or the text of group g (0: the match)
Rep: adt
{
	text:	string;
	g:	int;		# -1 for text
};

# a file named by w or s///w, created before any input is read
Wfile: adt
{
	name:	string;
	b:	ref Iobuf;
};

Cmd: adt
{
	a1, a2:	ref Addr;	# nil if absent
	neg:	int;		# !: run where the addresses do not select
	op:	int;		# the command's letter
	active:	int;		# a range that has begun
	text:	string;		# a c i: text; b t ':': label; r: file
	re:	Regex->Re;	# s: nil for the last expression used
	rep:	array of ref Rep;	# s
	nth:	int;		# s: the match to replace, from 1
	gfl:	int;		# s: and every one after it
	pfl:	int;		# s: print if replaced
	wf:	ref Wfile;	# s///w, w
	yfrom, yto:	string;	# y
	jmp:	int;		# { b t: where to go
};

# The script being compiled.
Script: adt
{
	s:	string;
	i:	int;
	line:	int;

	peek:	fn(p: self ref Script): int;
	get:	fn(p: self ref Script): int;
	blanks:	fn(p: self ref Script);
};

# cycle endings
Next, Delete, Restart, Quit: con iota;

stderr: ref Sys->FD;
out: ref Iobuf;
nflag, gflag: int;
prog: array of ref Cmd;
wfiles: list of ref Wfile;

# input: the files in turn, a line of lookahead so that $ is known
files: list of string;
in: ref Iobuf;
ahead: string;
last: int;		# there is no line ahead
lineno: int;
status := "";

ps: string;		# the pattern space
hs: string;		# the hold space
tflag: int;		# a substitution since the last line read or t
lastre: Regex->Re;	# the last expression used
appends: list of ref Cmd;	# a and r output due at the cycle's end, reversed

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	regex = load Regex Regex->PATH;
	arg := load Arg Arg->PATH;
	if(bufio == nil || regex == nil || arg == nil){
		sys->fprint(stderr, "sed: cannot load library: %r\n");
		raise "fail:load";
	}
	arg->init(argv);
	arg->setusage("sed [-gn] [-e script] ... [-f file] ... [script] [file ...]");
	script := "";
	nscript := 0;
	while((c := arg->opt()) != 0)
		case c {
		'n' =>
			nflag = 1;
		'g' =>
			gflag = 1;
		'e' =>
			script = addscript(script, arg->earg());
			nscript++;
		'f' =>
			script = addscript(script, readfile(arg->earg()));
			nscript++;
		* =>
			arg->usage();
		}
	argv = arg->argv();
	if(nscript == 0){
		if(argv == nil)
			arg->usage();
		script = hd argv;
		argv = tl argv;
	}
	arg = nil;
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	{
		prog = compile(script);
	} exception e {
	"sed:*" =>
		sys->fprint(stderr, "sed: %s\n", e[4:]);
		raise "fail:bad script";
	}
	files = argv;
	if(files == nil)
		files = "-" :: nil;
	(ahead, last) = readline();
	{
		run();
	} exception e {
	"sed:*" =>
		flush();
		sys->fprint(stderr, "sed: %s\n", e[4:]);
		raise "fail:error";
	}
	flush();
	if(status != "")
		raise "fail:" + status;
}

# addscript joins the pieces of the script given by -e and -f, a line each.
addscript(script, s: string): string
{
	if(script != "")
		script += "\n";
	return script + s;
}

readfile(name: string): string
{
	b := bufio->open(name, Bufio->OREAD);
	if(b == nil){
		sys->fprint(stderr, "sed: cannot open %s: %r\n", name);
		raise "fail:open error";
	}
	s := "";
	while((l := b.gets('\n')) != nil)
		s += l;
	if(s != nil && s[len s-1] == '\n')
		s = s[0:len s-1];
	return s;
}

flush()
{
	if(out.flush() < 0){
		sys->fprint(stderr, "sed: write error: %r\n");
		raise "fail:write error";
	}
	for(l := wfiles; l != nil; l = tl l)
		if((hd l).b.flush() < 0){
			sys->fprint(stderr, "sed: write error on %s: %r\n", (hd l).name);
			raise "fail:write error";
		}
}

#
# compilation
#

Script.peek(p: self ref Script): int
{
	if(p.i >= len p.s)
		return -1;
	return p.s[p.i];
}

Script.get(p: self ref Script): int
{
	if(p.i >= len p.s)
		return -1;
	c := p.s[p.i++];
	if(c == '\n')
		p.line++;
	return c;
}

# blanks skips spaces and tabs
Script.blanks(p: self ref Script)
{
	while((c := p.peek()) == ' ' || c == '\t')
		p.i++;
}

# bad raises a diagnostic naming the script's line.
bad(p: ref Script, msg: string)
{
	raise sys->sprint("sed:line %d: %s", p.line, msg);
}

# compile translates the script into commands; diagnostics are
# raised as "sed:...".
compile(s: string): array of ref Cmd
{
	p := ref Script(s, 0, 1);
	if(len s >= 2 && s[0:2] == "#n" && (len s == 2 || s[2] == '\n'))
		nflag = 1;
	cmds: list of ref Cmd;
	n := 0;
	open: list of int;	# indices of the {s not yet closed
	for(;;){
		while((c := p.peek()) == ' ' || c == '\t' || c == '\n' || c == ';')
			p.get();
		if(c == -1)
			break;
		if(c == '#'){
			while((c = p.get()) != '\n' && c != -1)
				;
			continue;
		}
		cmd := ref Cmd;
		cmd.a1 = address(p);
		if(cmd.a1 != nil && p.peek() == ','){
			p.get();
			p.blanks();
			cmd.a2 = address(p);
			if(cmd.a2 == nil)
				bad(p, "missing second address");
		}
		p.blanks();
		while(p.peek() == '!'){
			p.get();
			cmd.neg = 1;
			p.blanks();
		}
		cmd.op = p.get();
		case cmd.op {
		'{' =>
			open = n :: open;
		'}' =>
			if(cmd.a1 != nil || cmd.neg)
				bad(p, "} takes no address");
			if(open == nil)
				bad(p, "unexpected }");
			nth(cmds, n - 1 - hd open).jmp = n + 1;
			open = tl open;
			endcmd(p);
		'=' or 'd' or 'D' or 'g' or 'G' or 'h' or 'H' or 'l' or 'n' or 'N' or
		'p' or 'P' or 'q' or 'x' =>
			endcmd(p);
		'a' or 'i' or 'c' =>
			cmd.text = text(p);
		':' =>
			if(cmd.a1 != nil || cmd.neg)
				bad(p, ": takes no address");
			cmd.text = label(p);
			if(cmd.text == "")
				bad(p, "missing label");
		'b' or 't' =>
			cmd.text = label(p);
		'r' =>
			cmd.text = filename(p);
		'w' =>
			cmd.wf = wfile(p, filename(p));
		's' =>
			subst(p, cmd);
		'y' =>
			translit(p, cmd);
		-1 or '\n' or ';' =>
			bad(p, "missing command");
		* =>
			bad(p, sys->sprint("unknown command %c", cmd.op));
		}
		case cmd.op {
		'a' or 'i' or 'q' or 'r' or '=' =>
			if(cmd.a2 != nil)
				bad(p, sys->sprint("%c takes one address", cmd.op));
		}
		cmds = cmd :: cmds;
		n++;
	}
	if(open != nil)
		bad(p, "unmatched {");
	a := array[n] of ref Cmd;
	for(; cmds != nil; cmds = tl cmds)
		a[--n] = hd cmds;
	for(i := 0; i < len a; i++)
		if(a[i].op == 'b' || a[i].op == 't')
			a[i].jmp = findlabel(a, a[i].text);
	return a;
}

# nth returns element i of l.
nth(l: list of ref Cmd, i: int): ref Cmd
{
	for(; i > 0; i--)
		l = tl l;
	return hd l;
}

findlabel(a: array of ref Cmd, l: string): int
{
	if(l == "")
		return len a;
	for(i := 0; i < len a; i++)
		if(a[i].op == ':' && a[i].text == l)
			return i;
	raise "sed:undefined label " + l;
}

# endcmd: a command ends at the end of the line or script, at ;, }
# (left for the next command) or a comment.
endcmd(p: ref Script)
{
	p.blanks();
	case p.peek() {
	-1 or '\n' or ';' or '}' or '#' =>
		return;
	}
	bad(p, "extra characters after command");
}

# address: a line number, $, /re/ or \cREc; nil if there is none.
address(p: ref Script): ref Addr
{
	c := p.peek();
	if(c >= '0' && c <= '9'){
		n := 0;
		while((c = p.peek()) >= '0' && c <= '9'){
			n = 10*n + c - '0';
			p.get();
		}
		if(n == 0)
			bad(p, "line number 0");
		return ref Addr(Aline, n, nil);
	}
	if(c == '$'){
		p.get();
		return ref Addr(Alast, 0, nil);
	}
	if(c == '\\'){
		p.get();
		c = p.get();
		if(c == -1 || c == '\n' || c == '\\')
			bad(p, "bad delimiter");
	}else if(c == '/')
		p.get();
	else
		return nil;
	return ref Addr(Are, 0, regexp(p, c));
}

# regexp compiles the expression up to the delimiter d; nil if it is
# empty (the last one used).  \d stands for d; \n, like other escapes,
# is left to regex(2), for which \c is c and \n a newline.
regexp(p: ref Script, d: int): Regex->Re
{
	s := "";
	for(;;){
		c := p.get();
		if(c == -1 || c == '\n')
			bad(p, "unterminated regular expression");
		if(c == d)
			break;
		if(c == '\\'){
			c = p.get();
			if(c == -1 || c == '\n')
				bad(p, "unterminated regular expression");
			s[len s] = '\\';
		}
		s[len s] = c;
	}
	if(s == "")
		return nil;
	(re, err) := regex->compile(s, 0);
	if(re == nil)
		bad(p, "bad regular expression " + s + ": " + err);
	return re;
}

# text: the text of a, i or c: after a\ and a newline, or on the same
# line; a backslash takes the next character as it is, so a line ending
# in one continues the text.
text(p: ref Script): string
{
	p.blanks();
	if(p.peek() == '\\'){
		p.get();
		p.blanks();
		if(p.peek() == '\n')
			p.get();
	}
	s := "";
	for(;;){
		c := p.get();
		if(c == -1 || c == '\n')
			break;
		if(c == '\\' && (c = p.get()) == -1)
			break;
		s[len s] = c;
	}
	return s;
}

# label: up to the end of the line or a ;, without blanks around it
label(p: ref Script): string
{
	p.blanks();
	s := "";
	while((c := p.peek()) != -1 && c != '\n' && c != ';')
		s[len s] = p.get();
	while(s != "" && (s[len s-1] == ' ' || s[len s-1] == '\t'))
		s = s[0:len s-1];
	return s;
}

# filename: the rest of the line
filename(p: ref Script): string
{
	p.blanks();
	s := "";
	while((c := p.peek()) != -1 && c != '\n')
		s[len s] = p.get();
	if(s == "")
		bad(p, "missing file name");
	return s;
}

# wfile: the file name, created now, once however often it is named
wfile(p: ref Script, name: string): ref Wfile
{
	for(l := wfiles; l != nil; l = tl l)
		if((hd l).name == name)
			return hd l;
	b: ref Iobuf;
	if(name == "/dev/stdout")
		b = out;
	else if((b = bufio->create(name, Bufio->OWRITE, 8r666)) == nil)
		bad(p, sys->sprint("cannot create %s: %r", name));
	w := ref Wfile(name, b);
	wfiles = w :: wfiles;
	return w;
}

# subst: s/re/replacement/flags
subst(p: ref Script, cmd: ref Cmd)
{
	d := p.get();
	if(d == -1 || d == '\n' || d == '\\')
		bad(p, "bad delimiter in s");
	cmd.re = regexp(p, d);
	cmd.rep = replacement(p, d);
	for(;;){
		c := p.peek();
		case c {
		'g' =>
			cmd.gfl = 1;
		'p' =>
			cmd.pfl = 1;
		'0' to '9' =>
			n := 0;
			while((c = p.peek()) >= '0' && c <= '9'){
				n = 10*n + c - '0';
				p.get();
			}
			if(n == 0)
				bad(p, "s matches are counted from 1");
			cmd.nth = n;
			continue;
		'w' =>
			p.get();
			cmd.wf = wfile(p, filename(p));
			return;
		* =>
			endcmd(p);
			if(cmd.nth == 0)
				cmd.nth = 1;
			if(gflag)
				cmd.gfl = 1;
			return;
		}
		p.get();
	}
}

# replacement: the pieces of an s replacement up to the delimiter d:
# & is the match, \1 to \9 its groups, \n and a backslash before a
# newline a newline, and \c any other c.
replacement(p: ref Script, d: int): array of ref Rep
{
	reps: list of ref Rep;
	s := "";
	for(;;){
		c := p.get();
		if(c == -1 || c == '\n')
			bad(p, "unterminated s command");
		if(c == d)
			break;
		g := -1;
		if(c == '&')
			g = 0;
		else if(c == '\\'){
			c = p.get();
			if(c == -1)
				bad(p, "unterminated s command");
			if(c >= '1' && c <= '9')
				g = c - '0';
			else if(c == 'n')
				c = '\n';
		}
		if(g < 0){
			s[len s] = c;
			continue;
		}
		if(s != "")
			reps = ref Rep(s, -1) :: reps;
		s = "";
		reps = ref Rep(nil, g) :: reps;
	}
	if(s != "")
		reps = ref Rep(s, -1) :: reps;
	a := array[len reps] of ref Rep;
	for(i := len a - 1; i >= 0; i--){
		a[i] = hd reps;
		reps = tl reps;
	}
	return a;
}

# translit: y/from/to/, with \d, \n and \\ as escapes
translit(p: ref Script, cmd: ref Cmd)
{
	d := p.get();
	if(d == -1 || d == '\n' || d == '\\')
		bad(p, "bad delimiter in y");
	cmd.yfrom = ystring(p, d);
	cmd.yto = ystring(p, d);
	if(len cmd.yfrom != len cmd.yto)
		bad(p, "y strings differ in length");
	endcmd(p);
}

ystring(p: ref Script, d: int): string
{
	s := "";
	for(;;){
		c := p.get();
		if(c == -1 || c == '\n')
			bad(p, "unterminated y command");
		if(c == d)
			return s;
		if(c == '\\'){
			c = p.get();
			case c {
			'n' =>
				c = '\n';
			'\\' =>
				;
			* =>
				if(c != d)
					bad(p, "bad escape in y");
			}
		}
		s[len s] = c;
	}
}

#
# execution
#

# readline returns the next line of input without its newline, and
# whether the input had ended instead.
readline(): (string, int)
{
	for(;;){
		if(in == nil){
			if(files == nil)
				return (nil, 1);
			name := hd files;
			files = tl files;
			if(name == "-")
				in = bufio->fopen(sys->fildes(0), Bufio->OREAD);
			else
				in = bufio->open(name, Bufio->OREAD);
			if(in == nil){
				sys->fprint(stderr, "sed: cannot open %s: %r\n", name);
				status = "open error";
				continue;
			}
		}
		l := in.gets('\n');
		if(l != nil){
			if(l[len l-1] == '\n')
				l = l[0:len l-1];
			return (l, 0);
		}
		in = nil;
	}
}

# next reads the next line into the pattern space; 0 at the end.
next(): int
{
	if(last)
		return 0;
	ps = ahead;
	(ahead, last) = readline();
	lineno++;
	return 1;
}

run()
{
	end := Next;
	while(end != Quit){
		if(end != Restart){
			if(!next())
				break;
			tflag = 0;
		}
		end = cycle();
		if(end == Next || end == Quit)
			if(!nflag)
				putline(out, ps);
		flushappends();
	}
}

# cycle runs the script over the pattern space and says how it ended.
cycle(): int
{
	pc := 0;
	while(pc < len prog){
		c := prog[pc++];
		if(!selected(c)){
			if(c.op == '{')
				pc = c.jmp;
			continue;
		}
		case c.op {
		'a' or 'r' =>
			appends = c :: appends;
		'b' =>
			pc = c.jmp;
		'c' =>
			if(c.a2 == nil || !c.active)
				putline(out, c.text);
			return Delete;
		'd' =>
			return Delete;
		'D' =>
			for(i := 0; i < len ps; i++)
				if(ps[i] == '\n'){
					ps = ps[i+1:];
					return Restart;
				}
			return Delete;
		'g' =>
			ps = hs;
		'G' =>
			ps += "\n" + hs;
		'h' =>
			hs = ps;
		'H' =>
			hs += "\n" + ps;
		'i' =>
			putline(out, c.text);
		'l' =>
			listps(ps);
		'n' =>
			if(last)
				return Quit;
			if(!nflag)
				putline(out, ps);
			flushappends();
			next();
		'N' =>
			if(last)
				return Quit;
			flushappends();
			s := ps;
			next();
			ps = s + "\n" + ps;
		'p' =>
			putline(out, ps);
		'P' =>
			for(i := 0; i < len ps && ps[i] != '\n'; i++)
				;
			putline(out, ps[0:i]);
		'q' =>
			return Quit;
		's' =>
			if(substitute(c)){
				tflag = 1;
				if(c.pfl)
					putline(out, ps);
				if(c.wf != nil)
					putline(c.wf.b, ps);
			}
		't' =>
			if(tflag){
				tflag = 0;
				pc = c.jmp;
			}
		'w' =>
			putline(c.wf.b, ps);
		'x' =>
			(ps, hs) = (hs, ps);
		'y' =>
			ps = transliterate(ps, c.yfrom, c.yto);
		'=' =>
			out.puts(string lineno + "\n");
		}
	}
	return Next;
}

# selected says whether c applies to this line, and moves its range on.
selected(c: ref Cmd): int
{
	m: int;
	if(c.a1 == nil)
		m = 1;
	else if(c.a2 == nil)
		m = addrmatch(c.a1);
	else if(c.active){
		m = 1;
		if(c.a2.kind == Aline && lineno >= c.a2.line || c.a2.kind != Aline && addrmatch(c.a2))
			c.active = 0;
	}else{
		# the second address is looked for from the next line, but a
		# line number already reached ends the range at once
		m = addrmatch(c.a1);
		c.active = m;
		if(m && (c.a2.kind == Aline && lineno >= c.a2.line || c.a2.kind == Alast && last))
			c.active = 0;
	}
	return m != c.neg;
}

addrmatch(a: ref Addr): int
{
	case a.kind {
	Aline =>
		return lineno == a.line;
	Alast =>
		return last;
	* =>
		return regex->execute(getre(a.re), ps) != nil;
	}
}

# getre: re, or the last expression used for nil
getre(re: Regex->Re): Regex->Re
{
	if(re == nil)
		re = lastre;
	if(re == nil)
		raise "sed:no previous regular expression";
	lastre = re;
	return re;
}

# substitute does c's s on the pattern space; it returns whether it replaced.
substitute(c: ref Cmd): int
{
	re := getre(c.re);
	b := ref Buf(array[0] of byte, 0);
	copied := 0;	# ps[0:copied] is in b
	made := 0;
	count := 0;
	prev := -1;	# where the last nonempty match ended
	for(pos := 0; pos <= len ps; ){
		m := regex->executese(re, ps, (pos, len ps), pos == 0, 1);
		if(m == nil)
			break;
		(s, e) := m[0];
		# an empty match just after a match is not another
		if(s == e && s == prev){
			pos = s + 1;
			continue;
		}
		count++;
		if(count >= c.nth){
			b.add(ps[copied:s]);
			for(i := 0; i < len c.rep; i++){
				r := c.rep[i];
				if(r.g < 0){
					b.add(r.text);
					continue;
				}
				if(r.g >= len m)
					continue;
				(gs, ge) := m[r.g];
				if(gs >= 0)
					b.add(ps[gs:ge]);
			}
			copied = e;
			made = 1;
			if(!c.gfl)
				break;
		}
		prev = e;
		if(s == e)
			pos = e + 1;
		else
			pos = e;
	}
	if(!made)
		return 0;
	b.add(ps[copied:]);
	ps = string b.a[0:b.n];
	return 1;
}

# Buf gathers text, so that many pieces cost time linear in their length.
Buf: adt
{
	a:	array of byte;
	n:	int;

	add:	fn(b: self ref Buf, s: string);
};

Buf.add(b: self ref Buf, s: string)
{
	t := array of byte s;
	if(b.n + len t > len b.a){
		na := array[2*len b.a + len t] of byte;
		na[0:] = b.a[0:b.n];
		b.a = na;
	}
	b.a[b.n:] = t;
	b.n += len t;
}

transliterate(s, from, into: string): string
{
	for(i := 0; i < len s; i++)
		for(j := 0; j < len from; j++)
			if(s[i] == from[j]){
				s[i] = into[j];
				break;
			}
	return s;
}

# listps writes s unambiguously: \\, \a \b \f \n \r \t \v for those, \ooo
# (octal) for other control characters, long lines folded with \, and
# a $ at the end.
listps(s: string)
{
	l := "";
	w := 0;
	for(i := 0; i < len s; i++){
		c := s[i];
		t: string;
		case c {
		'\\' =>	t = "\\\\";
		'\a' =>	t = "\\a";
		'\b' =>	t = "\\b";
		'\f' =>	t = "\\f";
		'\n' =>	t = "\\n";
		'\r' =>	t = "\\r";
		'\t' =>	t = "\\t";
		'\v' =>	t = "\\v";
		* =>
			if(c < 16r20 || c == 16r7F)
				t = sys->sprint("\\%.3o", c);
			else{
				t = "";
				t[0] = c;
			}
		}
		if(w + len t > 69){
			out.puts(l + "\\\n");
			l = "";
			w = 0;
		}
		l += t;
		w += len t;
	}
	out.puts(l + "$\n");
}

# flushappends writes the text of a and the files of r due at the cycle's end.
flushappends()
{
	l: list of ref Cmd;
	for(; appends != nil; appends = tl appends)
		l = hd appends :: l;
	for(; l != nil; l = tl l){
		c := hd l;
		if(c.op == 'a'){
			putline(out, c.text);
			continue;
		}
		fd := sys->open(c.text, Sys->OREAD);
		if(fd == nil)
			continue;
		buf := array[Sys->ATOMICIO] of byte;
		while((n := sys->read(fd, buf, len buf)) > 0)
			if(out.write(buf, n) != n)
				break;
	}
}

putline(b: ref Iobuf, s: string)
{
	b.puts(s);
	b.putb(byte '\n');
}
