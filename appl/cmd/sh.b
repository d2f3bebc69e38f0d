# sh -- command interpreter: pipelines, redirection, variables, blocks
#
# Every command runs in its own thread.  The thread forks the shell's
# file descriptor group, moves its pipe ends and redirected files into
# place, keeps only the descriptors the command is to see, and calls the
# command's init inside an exception handler.  So sh learns a command's
# fate the same way on emu and in the kernel: a normal return is
# success (status ""), "fail:why" gives status "why", and any other
# exception (a runtime fault, "killed") is reported and becomes the
# status.  The thread closes its descriptors before it reports, so the
# reader of a pipe sees end of file when its writer is done.

implement Sh;

include "sys.m";
	sys: Sys;
include "draw.m";
include "sh.m";

# tokens
Teof, Tnl, Tsemi, Tamp, Tpipe, Tword, Tquoted, Tdollar, Tcount, Tsquash,
Tcaret, Tlparen, Trparen, Tlbrace, Trbrace, Tbq, Tsq, Teq, Tlocal, Tredir: con iota;

# redirections
Rin, Rout, Rapp, Rrdwr, Rdup: con iota;

# parse tree nodes
Nword, Nvar, Ncount, Nsquash, Ncat, Nlist, Nblock, Nbq, Nsq,
Nargs, Nsimple, Nredir, Nseq, Nasync, Npipe, Nassign: con iota;

Node: adt
{
	kind:	int;
	l, r:	cyclic ref Node;
	s:	string;	# Nword: text; Nblock: source text
	q:	int;	# Nword: quoted; Nredir: kind; Nassign: local
	fd0, fd1:	int;	# Nredir: fds; Npipe: left and right fds
};

Lex: adt
{
	s:	string;
	i:	int;
	tok:	int;
	word:	string;
	sp:	int;	# blank space came before tok
	start:	int;	# where tok starts in s
	rtype:	int;	# Tredir: its kind
	fd0, fd1:	int;	# Tredir, Tpipe: file descriptors
	varname:	int;	# the last token was $, $# or $"
};

Var: adt
{
	name:	string;
	val:	list of string;
};

Scope: adt
{
	vars:	list of ref Var;
};

Ctx: adt
{
	scopes:	list of ref Scope;	# innermost first
};

# What a command thread runs: a Dis module, a braced block, or a builtin.
Job: adt
{
	mod:	Command;
	argv:	list of string;
	blk:	ref Node;
	ctx:	ref Ctx;
};

# A descriptor to set up in a command thread: fd becomes a copy of f,
# or of the thread's descriptor from when f is nil.
Io: adt
{
	fd:	int;
	f:	ref Sys->FD;
	from:	int;
};

# a background command
Bg: adt
{
	pid:	int;
	c:	chan of string;
};

drawctxt: ref Draw->Context;
bgs: list of ref Bg;

Incomplete: con "sh:incomplete";
Unset: con "\0unset";	# no status: nothing received (receive)
Specials: con " \t\r\n#;&|^$`'{}()<>\"=";

init(ctxt: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	drawctxt = ctxt;
	ctx := ref Ctx(ref Scope(nil) :: nil);
	if(argv != nil)
		argv = tl argv;
	interactive := 0;
	cmd: string;
	havecmd := 0;
	while(argv != nil && len hd argv > 1 && (hd argv)[0] == '-'){
		a := hd argv;
		argv = tl argv;
		if(a == "--")
			break;
		for(i := 1; i < len a; i++){
			case a[i] {
			'c' =>
				if(argv == nil)
					usage();
				cmd = hd argv;
				argv = tl argv;
				havecmd = 1;
			'i' =>
				interactive = 1;
			* =>
				usage();
			}
		}
	}
	setvar(ctx, "ifs", " \t\n" :: nil, 1);
	status := "";
	{
		if(havecmd){
			setvar(ctx, "*", argv, 1);
			status = runtext(ctx, cmd);
		}else if(argv != nil){
			file := hd argv;
			setvar(ctx, "0", file :: nil, 1);
			setvar(ctx, "*", tl argv, 1);
			status = runfile(ctx, file);
		}else
			status = interact(ctx, interactive);
	} exception e {
	"exit:*" =>
		status = e[5:];
	}
	if(status != "")
		raise "fail:" + status;
}

usage()
{
	sys->fprint(sys->fildes(2), "usage: sh [-i] [-c command] [file [arg ...]]\n");
	raise "fail:usage";
}

# diag prints a diagnostic on the current thread's standard error.
diag(s: string)
{
	sys->fprint(sys->fildes(2), "sh: %s\n", s);
}

# runtext parses and runs text; it returns the status of the last command.
runtext(ctx: ref Ctx, text: string): string
{
	(n, err) := parsed(text);
	if(err != nil){
		diag(err);
		setstatus(ctx, "syntax error");
		return "syntax error";
	}
	if(n == nil)
		return "";
	return run(ctx, n);
}

# check parses text without running it: nil if it is well formed,
# else the diagnostic.  Sh's own entry for others (sh.m).
check(text: string): string
{
	(nil, err) := parsed(text);
	return err;
}

# parsed returns the tree for a whole text, or the diagnostic.
parsed(text: string): (ref Node, string)
{
	(n, err) := tryparse(text);
	if(err == Incomplete)
		err = "sh:syntax error: unexpected end of input";
	if(err != nil)
		return (nil, err[3:]);
	return (n, nil);
}

# tryparse returns the tree for text or a diagnostic.
tryparse(text: string): (ref Node, string)
{
	{
		return (parse(text), nil);
	} exception e {
	"sh:*" =>
		return (nil, e);
	}
}

runfile(ctx: ref Ctx, file: string): string
{
	fd := sys->open(file, Sys->OREAD);
	if(fd == nil){
		diag(sys->sprint("%s: %r", file));
		return "open failed";
	}
	text := "";
	buf := array[Sys->ATOMICIO] of byte;
	acc := array[0] of byte;
	for(;;){
		n := sys->read(fd, buf, len buf);
		if(n <= 0)
			break;
		nacc := array[len acc + n] of byte;
		nacc[0:] = acc;
		nacc[len acc:] = buf[0:n];
		acc = nacc;
	}
	text = string acc;
	return runtext(ctx, text);
}

# interact reads commands from standard input, a line at a time.
# With prompt (sh -i) an interrupt from the console (cons(3)), which
# the shell and its foreground commands all receive, ends the command
# line, and the shell prompts again.
interact(ctx: ref Ctx, prompt: int): string
{
	status := "";
	stdin := sys->fildes(0);
	top := ctx.scopes;
	intr := 0;
	for(;;){
		# the handler only notes the interrupt; the rest is done
		# here, where another interrupt (DEL held down) is caught too
		{
			if(intr){
				ctx.scopes = top;
				sys->fprint(sys->fildes(1), "\n");
				status = "interrupted";
				setstatus(ctx, status);
				intr = 0;
			}
			if(prompt)
				sys->fprint(sys->fildes(1), "; ");
			(st, eof) := interactline(ctx, stdin, prompt);
			if(eof)
				break;
			status = st;
		} exception e {
		"interrupted" =>
			if(!prompt)
				raise e;
			intr = 1;
		}
	}
	return status;
}

# interactline reads and runs a command line, reading more lines while
# it is incomplete; it returns the status, or eof at end of file.
interactline(ctx: ref Ctx, stdin: ref Sys->FD, prompt: int): (string, int)
{
	text := readline(stdin);
	if(text == nil)
		return (nil, 1);
	for(;;){
		(n, err) := tryparse(text);
		if(err == Incomplete){
			if(prompt)
				sys->fprint(sys->fildes(1), "\t");
			more := readline(stdin);
			if(more != nil){
				text += more;
				continue;
			}
			err = "sh:syntax error: unexpected end of input";
		}
		if(err != nil){
			diag(err[3:]);
			setstatus(ctx, "syntax error");
			return ("syntax error", 0);
		}
		if(n == nil)
			return ("", 0);
		return (run(ctx, n), 0);
	}
}

# readline reads a line a byte at a time, so that commands see the
# rest of the input; nil at end of file.
readline(fd: ref Sys->FD): string
{
	buf := array[1] of byte;
	acc := array[128] of byte;
	n := 0;
	for(;;){
		if(sys->read(fd, buf, 1) != 1)
			break;
		if(n == len acc){
			nacc := array[2*len acc] of byte;
			nacc[0:] = acc;
			acc = nacc;
		}
		acc[n++] = buf[0];
		if(buf[0] == byte '\n')
			break;
	}
	if(n == 0)
		return nil;
	return string acc[0:n];
}

#
# lexical analysis
#

newlex(s: string): ref Lex
{
	l := ref Lex(s, 0, Teof, nil, 0, 0, 0, 0, 0, 0);
	next(l);
	return l;
}

special(c: int): int
{
	for(i := 0; i < len Specials; i++)
		if(Specials[i] == c)
			return 1;
	return 0;
}

namechar(c: int): int
{
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '*' || c >= 16r80;
}

# next reads the next token into l.
next(l: ref Lex)
{
	s := l.s;
	l.sp = 0;
	for(;;){
		if(l.i >= len s)
			break;
		c := s[l.i];
		if(c == ' ' || c == '\t' || c == '\r'){
			l.i++;
			l.sp = 1;
		}else if(c == '\\' && l.i+1 < len s && s[l.i+1] == '\n'){
			l.i += 2;
			l.sp = 1;
		}else if(c == '#'){
			while(l.i < len s && s[l.i] != '\n')
				l.i++;
		}else
			break;
	}
	l.start = l.i;
	l.word = nil;
	wasvar := l.varname;
	l.varname = 0;
	if(l.i >= len s){
		l.tok = Teof;
		return;
	}
	c := s[l.i++];
	a, b: int;
	case c {
	'\n' =>
		l.tok = Tnl;
	';' =>
		l.tok = Tsemi;
	'&' =>
		l.tok = Tamp;
	'^' =>
		l.tok = Tcaret;
	'(' =>
		l.tok = Tlparen;
	')' =>
		l.tok = Trparen;
	'{' =>
		l.tok = Tlbrace;
	'}' =>
		l.tok = Trbrace;
	'=' =>
		l.tok = Teq;
	'|' =>
		l.tok = Tpipe;
		l.fd0 = 1;
		l.fd1 = 0;
		if(l.i < len s && s[l.i] == '['){
			# |[a] writes a; |[a=b] writes b and reads a
			(a, b) = fdspec(l);
			l.fd0 = a;
			if(b >= 0){
				l.fd0 = b;
				l.fd1 = a;
			}
		}
	'$' =>
		l.tok = Tdollar;
		if(l.i < len s && s[l.i] == '#'){
			l.i++;
			l.tok = Tcount;
		}else if(l.i < len s && s[l.i] == '"'){
			l.i++;
			l.tok = Tsquash;
		}
		l.varname = 1;
	'`' =>
		if(l.i >= len s || s[l.i] != '{')
			raise "sh:syntax error: ` must be followed by {";
		l.i++;
		l.tok = Tbq;
	'"' =>
		if(l.i < len s && s[l.i] == '{'){
			l.i++;
			l.tok = Tsq;
		}else{
			l.i--;
			l.word = quoted(l, '"');
			l.tok = Tquoted;
		}
	'<' or '>' =>
		l.tok = Tredir;
		if(c == '<'){
			l.rtype = Rin;
			l.fd0 = 0;
			if(l.i < len s && s[l.i] == '>'){
				l.i++;
				l.rtype = Rrdwr;
			}
		}else{
			l.rtype = Rout;
			l.fd0 = 1;
			if(l.i < len s && s[l.i] == '>'){
				l.i++;
				l.rtype = Rapp;
			}
		}
		if(l.i < len s && s[l.i] == '['){
			(a, b) = fdspec(l);
			l.fd0 = a;
			if(b >= 0){
				l.fd1 = b;
				l.rtype = Rdup;
			}
		}
	'\'' =>
		l.i--;
		l.word = quoted(l, '\'');
		l.tok = Tquoted;
	':' =>
		if(l.i < len s && s[l.i] == '='){
			l.i++;
			l.tok = Tlocal;
		}else{
			l.i--;
			lexword(l, wasvar);
		}
	* =>
		l.i--;
		lexword(l, wasvar);
	}
}

# quoted reads a word quoted with q at l.i: '...' as in Inferno's sh, and,
# as a convenience for users of other shells, "..." the same way (no
# substitution inside). A doubled quote inside stands for one quote.
quoted(l: ref Lex, q: int): string
{
	s := l.s;
	w := "";
	start := ++l.i;
	for(;;){
		if(l.i >= len s)
			raise Incomplete;
		if(s[l.i++] != q)
			continue;
		w += s[start:l.i-1];
		if(l.i < len s && s[l.i] == q){
			start = l.i;
			l.i++;
		}else
			break;
	}
	return w;
}

# lexword reads an unquoted word; after a $ only a variable name.
lexword(l: ref Lex, varname: int)
{
	s := l.s;
	start := l.i;
	while(l.i < len s){
		c := s[l.i];
		if(varname){
			if(!namechar(c))
				break;
		}else{
			if(special(c))
				break;
			if(c == ':' && l.i+1 < len s && s[l.i+1] == '=')
				break;
		}
		l.i++;
	}
	if(l.i == start)
		raise "sh:syntax error: bad variable name";
	l.tok = Tword;
	l.word = s[start:l.i];
}

# fdspec reads [n] or [n=m] after a redirection or pipe;
# m is -1 when absent.
fdspec(l: ref Lex): (int, int)
{
	s := l.s;
	l.i++;
	a := number(l);
	b := -1;
	if(l.i < len s && s[l.i] == '='){
		l.i++;
		b = number(l);
	}
	if(l.i >= len s || s[l.i] != ']')
		raise "sh:syntax error: bad file descriptor in []";
	l.i++;
	return (a, b);
}

number(l: ref Lex): int
{
	s := l.s;
	n := 0;
	start := l.i;
	while(l.i < len s && s[l.i] >= '0' && s[l.i] <= '9')
		n = 10*n + s[l.i++] - '0';
	if(l.i == start)
		raise "sh:syntax error: bad file descriptor in []";
	return n;
}

#
# parsing
#

mk(kind: int, l, r: ref Node): ref Node
{
	return ref Node(kind, l, r, nil, 0, 0, 0);
}

# parse returns the tree for text, nil for an empty command.
parse(text: string): ref Node
{
	l := newlex(text);
	n := cmdseq(l, Teof);
	if(l.tok != Teof)
		syntax(l);
	return n;
}

syntax(l: ref Lex)
{
	if(l.tok == Teof)
		raise Incomplete;
	t := "newline";
	if(l.tok != Tnl)
		t = l.s[l.start:l.i];
	raise "sh:syntax error near " + t;
}

# cmdseq = [pipeline] (( ';' | '&' | '\n') [pipeline])*, up to term
cmdseq(l: ref Lex, term: int): ref Node
{
	n: ref Node;
	for(;;){
		while(l.tok == Tnl || l.tok == Tsemi)
			next(l);
		if(l.tok == term || l.tok == Teof)
			break;
		c := pipeline(l);
		if(l.tok == Tamp){
			c = mk(Nasync, c, nil);
			next(l);
		}else if(l.tok == Tsemi || l.tok == Tnl)
			next(l);
		else if(l.tok != term)
			syntax(l);
		if(n == nil)
			n = c;
		else
			n = mk(Nseq, n, c);
	}
	return n;
}

# pipeline = simple ('|' simple)*
pipeline(l: ref Lex): ref Node
{
	c := simple(l);
	while(l.tok == Tpipe){
		(a, b) := (l.fd0, l.fd1);
		next(l);
		while(l.tok == Tnl)
			next(l);
		c = mk(Npipe, c, simple(l));
		c.fd0 = a;
		c.fd1 = b;
	}
	return c;
}

argstart(tok: int): int
{
	case tok {
	Tword or Tquoted or Tdollar or Tcount or Tsquash or Tlparen or Tlbrace or Tbq or Tsq or Teq =>
		return 1;
	}
	return 0;
}

# simple = (arg | redir)+ | arg ('=' | ':=') arg*
simple(l: ref Lex): ref Node
{
	args, redirs: list of ref Node;
	nargs := 0;
	for(;;){
		if(l.tok == Tredir){
			r := mk(Nredir, nil, nil);
			r.q = l.rtype;
			r.fd0 = l.fd0;
			r.fd1 = l.fd1;
			next(l);
			if(r.q != Rdup){
				if(!argstart(l.tok))
					syntax(l);
				r.l = arg(l, 1);
			}
			redirs = r :: redirs;
		}else if(argstart(l.tok)){
			# the first word stops at = so it can be assigned to
			args = arg(l, nargs > 0 || redirs != nil) :: args;
			nargs++;
		}else
			break;
		if(nargs == 1 && redirs == nil && (l.tok == Teq || l.tok == Tlocal)){
			n := mk(Nassign, hd args, nil);
			n.q = l.tok == Tlocal;
			next(l);
			vals: list of ref Node;
			while(argstart(l.tok))
				vals = arg(l, 1) :: vals;
			n.r = chain(Nargs, vals);
			return n;
		}
	}
	if(args == nil && redirs == nil)
		syntax(l);
	n := mk(Nsimple, chain(Nargs, args), nil);
	for(; redirs != nil; redirs = tl redirs){
		r := hd redirs;
		r.r = n.r;
		n.r = r;
	}
	return n;
}

# chain makes a list of nodes, given in reverse order, into a chain
# of kind nodes.
chain(kind: int, rl: list of ref Node): ref Node
{
	c: ref Node;
	for(; rl != nil; rl = tl rl)
		c = mk(kind, hd rl, c);
	return c;
}

# arg = term ('^' term)*; the caret is implied between adjacent terms.
# An = joins the word only if eqok.
arg(l: ref Lex, eqok: int): ref Node
{
	a := term(l);
	for(;;){
		if(l.tok == Tcaret){
			next(l);
			a = mk(Ncat, a, term(l));
		}else if(!l.sp && argstart(l.tok) && l.tok != Tlparen && l.tok != Tlbrace && (eqok || l.tok != Teq))
			a = mk(Ncat, a, term(l));
		else
			break;
	}
	return a;
}

term(l: ref Lex): ref Node
{
	n: ref Node;
	k: int;
	case l.tok {
	Tword or Tquoted or Teq =>
		n = mk(Nword, nil, nil);
		n.s = l.word;
		if(l.tok == Teq)
			n.s = "=";
		n.q = l.tok == Tquoted;
		next(l);
	Tdollar or Tcount or Tsquash =>
		k = Nvar;
		if(l.tok == Tcount)
			k = Ncount;
		else if(l.tok == Tsquash)
			k = Nsquash;
		next(l);
		if(l.tok != Tword && l.tok != Tquoted && l.tok != Tdollar)
			syntax(l);
		n = mk(k, term(l), nil);
	Tlparen =>
		next(l);
		args: list of ref Node;
		for(;;){
			while(l.tok == Tnl)
				next(l);
			if(l.tok == Trparen)
				break;
			if(!argstart(l.tok))
				syntax(l);
			args = arg(l, 1) :: args;
		}
		next(l);
		n = mk(Nlist, chain(Nargs, args), nil);
	Tlbrace or Tbq or Tsq =>
		k = Nblock;
		if(l.tok == Tbq)
			k = Nbq;
		else if(l.tok == Tsq)
			k = Nsq;
		start := l.start;
		next(l);
		body := cmdseq(l, Trbrace);
		if(l.tok != Trbrace)
			syntax(l);
		n = mk(k, body, nil);
		n.s = l.s[start:l.i];
		next(l);
	* =>
		syntax(l);
	}
	return n;
}

#
# variables
#

lookup(ctx: ref Ctx, name: string): list of string
{
	if(name != nil && name != "0" && name[0] >= '0' && name[0] <= '9' && isnum(name)){
		n := int name;
		for(a := lookup(ctx, "*"); a != nil; a = tl a)
			if(--n == 0)
				return hd a :: nil;
		return nil;
	}
	for(sl := ctx.scopes; sl != nil; sl = tl sl)
		for(vl := (hd sl).vars; vl != nil; vl = tl vl)
			if((hd vl).name == name)
				return (hd vl).val;
	return nil;
}

isnum(s: string): int
{
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

# setvar sets name in the innermost scope if local, else in the
# innermost scope that has it, else in the outermost scope.
setvar(ctx: ref Ctx, name: string, val: list of string, local: int)
{
	sc: ref Scope;
	if(local)
		sc = hd ctx.scopes;
	else{
		for(sl := ctx.scopes; sl != nil; sl = tl sl){
			sc = hd sl;
			for(vl := sc.vars; vl != nil; vl = tl vl)
				if((hd vl).name == name){
					(hd vl).val = val;
					return;
				}
		}
	}
	for(vl := sc.vars; vl != nil; vl = tl vl)
		if((hd vl).name == name){
			(hd vl).val = val;
			return;
		}
	sc.vars = ref Var(name, val) :: sc.vars;
}

setstatus(ctx: ref Ctx, s: string)
{
	setvar(ctx, "status", s :: nil, 0);
}

# copyctx gives a command thread its own copy of the variables.
copyctx(ctx: ref Ctx): ref Ctx
{
	vars: list of ref Var;
	for(sl := ctx.scopes; sl != nil; sl = tl sl)
		for(vl := (hd sl).vars; vl != nil; vl = tl vl){
			v := hd vl;
			for(l := vars; l != nil; l = tl l)
				if((hd l).name == v.name)
					break;
			if(l == nil)
				vars = ref Var(v.name, v.val) :: vars;
		}
	return ref Ctx(ref Scope(vars) :: nil);
}

#
# evaluation of arguments
#

eval(ctx: ref Ctx, n: ref Node): list of string
{
	r, names: list of string;
	case n.kind {
	Nword or Nblock =>
		return n.s :: nil;
	Nvar =>
		for(names = rev(eval(ctx, n.l)); names != nil; names = tl names)
			r = append(lookup(ctx, hd names), r);
		return r;
	Ncount =>
		c := 0;
		for(names = eval(ctx, n.l); names != nil; names = tl names)
			c += len lookup(ctx, hd names);
		return string c :: nil;
	Nsquash =>
		for(names = rev(eval(ctx, n.l)); names != nil; names = tl names)
			r = append(lookup(ctx, hd names), r);
		return join(r) :: nil;
	Ncat =>
		return concat(eval(ctx, n.l), eval(ctx, n.r));
	Nlist =>
		return evalargs(ctx, n.l);
	Nbq or Nsq =>
		out := capture(ctx, n.l);
		if(n.kind == Nsq)
			return out :: nil;
		ifs := join(lookup(ctx, "ifs"));
		(nil, l) := sys->tokenize(out, ifs);
		return l;
	}
	raise "sh:internal error: bad argument node";
}

# evalargs evaluates a chain of Nargs, expanding file name patterns.
evalargs(ctx: ref Ctx, c: ref Node): list of string
{
	r: list of string;
	for(; c != nil; c = c.r){
		v := eval(ctx, c.l);
		if(globbable(c.l)){
			g: list of string;
			for(; v != nil; v = tl v)
				g = append(g, glob(hd v));
			v = g;
		}
		for(; v != nil; v = tl v)
			r = hd v :: r;
	}
	return rev(r);
}

# concat joins two lists pairwise, or distributes a single element.
concat(a, b: list of string): list of string
{
	if(a == nil && b == nil)
		return nil;
	if(a == nil || b == nil)
		raise "sh:null list in concatenation";
	r: list of string;
	if(len a == len b){
		for(; a != nil; (a, b) = (tl a, tl b))
			r = hd a + hd b :: r;
	}else if(len a == 1){
		for(; b != nil; b = tl b)
			r = hd a + hd b :: r;
	}else if(len b == 1){
		for(; a != nil; a = tl a)
			r = hd a + hd b :: r;
	}else
		raise "sh:bad concatenation";
	return rev(r);
}

rev(l: list of string): list of string
{
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

# append returns a's elements followed by b's.
append(a, b: list of string): list of string
{
	if(b == nil)
		return a;
	for(a = rev(a); a != nil; a = tl a)
		b = hd a :: b;
	return b;
}

join(l: list of string): string
{
	s := "";
	for(; l != nil; l = tl l){
		s += hd l;
		if(tl l != nil)
			s += " ";
	}
	return s;
}

#
# file name patterns
#

hasmeta(s: string): int
{
	for(i := 0; i < len s; i++)
		case s[i] {
		'*' or '?' or '[' =>
			return 1;
		}
	return 0;
}

# globbable says whether an argument has an unquoted pattern character.
globbable(n: ref Node): int
{
	case n.kind {
	Nword =>
		return !n.q && hasmeta(n.s);
	Ncat =>
		return globbable(n.l) || globbable(n.r);
	}
	return 0;
}

# glob returns the sorted names matching pattern p, or p itself
# when none do.
glob(p: string): list of string
{
	if(!hasmeta(p))
		return p :: nil;
	(nil, comps) := sys->tokenize(p, "/");
	prefixes := "" :: nil;
	if(p[0] == '/')
		prefixes = "/" :: nil;
	for(; comps != nil; comps = tl comps){
		c := hd comps;
		np: list of string;
		for(pl := prefixes; pl != nil; pl = tl pl){
			pre := hd pl;
			if(!hasmeta(c)){
				np = pathcat(pre, c) :: np;
				continue;
			}
			dir := pre;
			if(dir == "")
				dir = ".";
			for(names := readdir(dir); names != nil; names = tl names)
				if(match(c, 0, hd names, 0))
					np = pathcat(pre, hd names) :: np;
		}
		prefixes = np;
		if(prefixes == nil)
			return p :: nil;
	}
	# drop names whose trailing literal components don't exist
	r: list of string;
	for(; prefixes != nil; prefixes = tl prefixes){
		(ok, nil) := sys->stat(hd prefixes);
		if(ok >= 0)
			r = hd prefixes :: r;
	}
	if(r == nil)
		return p :: nil;
	return sort(r);
}

pathcat(pre, name: string): string
{
	if(pre == "")
		return name;
	if(pre[len pre-1] == '/')
		return pre + name;
	return pre + "/" + name;
}

readdir(dir: string): list of string
{
	fd := sys->open(dir, Sys->OREAD);
	if(fd == nil)
		return nil;
	r: list of string;
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			r = d[i].name :: r;
	}
	return r;
}

# match reports whether name[j:] matches pattern p[i:].
match(p: string, i: int, name: string, j: int): int
{
	while(i < len p){
		c := p[i++];
		case c {
		'*' =>
			for(k := len name; k >= j; k--)
				if(match(p, i, name, k))
					return 1;
			return 0;
		'?' =>
			if(j >= len name)
				return 0;
			j++;
		'[' =>
			if(j >= len name)
				return 0;
			nc := name[j++];
			neg := 0;
			if(i < len p && p[i] == '^'){
				neg = 1;
				i++;
			}
			ok := 0;
			first := 1;
			for(;;){
				if(i >= len p)
					return 0;
				lo := p[i++];
				if(lo == ']' && !first)
					break;
				first = 0;
				hi := lo;
				if(i+1 < len p && p[i] == '-' && p[i+1] != ']'){
					hi = p[i+1];
					i += 2;
				}
				if(nc >= lo && nc <= hi)
					ok = 1;
			}
			if(ok == neg)
				return 0;
		* =>
			if(j >= len name || name[j] != c)
				return 0;
			j++;
		}
	}
	return j == len name;
}

sort(l: list of string): list of string
{
	a := array[len l] of string;
	for(i := 0; l != nil; l = tl l)
		a[i++] = hd l;
	for(i = 1; i < len a; i++){
		s := a[i];
		for(j := i; j > 0 && a[j-1] > s; j--)
			a[j] = a[j-1];
		a[j] = s;
	}
	r: list of string;
	for(i = len a - 1; i >= 0; i--)
		r = a[i] :: r;
	return r;
}

#
# execution
#

# run runs the tree n and returns its status.
run(ctx: ref Ctx, n: ref Node): string
{
	st: string;
	case n.kind {
	Nseq =>
		run(ctx, n.l);
		return run(ctx, n.r);
	Nasync =>
		background(ctx, n.l);
		return "";
	Npipe =>
		st = runpipe(ctx, n);
		setstatus(ctx, st);
		return st;
	Nassign =>
		{
			names := eval(ctx, n.l);
			val := evalargs(ctx, n.r);
			if(len names != 1)
				raise "sh:bad variable name in assignment";
			setvar(ctx, hd names, val, n.q);
		} exception e {
		"sh:*" =>
			diag(e[3:]);
			setstatus(ctx, e[3:]);
			return e[3:];
		}
		setstatus(ctx, "");
		return "";
	Nsimple =>
		st = runsimple(ctx, n);
		setstatus(ctx, st);
		return st;
	}
	return "";
}

builtin(name: string): int
{
	case name {
	"cd" or "exit" or "wait" or "run" or "if" or "while" or "for" or
	"and" or "or" or "!" or "~" or "status" or "fn" =>
		return 1;
	}
	return 0;
}

runbuiltin(ctx: ref Ctx, argv: list of string): string
{
	st := "";
	args: list of string;
	case hd argv {
	"cd" =>
		dir := "/";
		if(tl argv != nil)
			dir = hd tl argv;
		else if((h := lookup(ctx, "home")) != nil)
			dir = hd h;
		if(len argv > 2){
			diag("usage: cd [dir]");
			return "usage";
		}
		if(sys->chdir(dir) < 0){
			diag(sys->sprint("cd: %s: %r", dir));
			return "cd failed";
		}
	"exit" =>
		if(tl argv != nil)
			st = hd tl argv;
		else if((s := lookup(ctx, "status")) != nil)
			st = hd s;
		raise "exit:" + st;
	"wait" =>
		for(; bgs != nil; bgs = tl bgs)
			st = <-(hd bgs).c;
		return st;
	"if" =>
		# if cond body [cond body]... [else]
		for(args = tl argv; args != nil; args = tl tl args){
			if(tl args == nil)
				return runarg(ctx, hd args);
			if(runarg(ctx, hd args) == "")
				return runarg(ctx, hd tl args);
		}
		return "";
	"while" =>
		if(len argv != 3){
			diag("usage: while cond body");
			return "usage";
		}
		while(runarg(ctx, hd tl argv) == "")
			st = runarg(ctx, hd tl tl argv);
		return st;
	"for" =>
		# for var in item... body
		if(len argv < 4 || hd tl tl argv != "in"){
			diag("usage: for var in [item ...] body");
			return "usage";
		}
		name := hd tl argv;
		items := rev(tl tl tl argv);
		body := hd items;
		for(items = rev(tl items); items != nil; items = tl items){
			setvar(ctx, name, hd items :: nil, 0);
			st = runarg(ctx, body);
		}
		return st;
	"and" =>
		for(args = tl argv; args != nil; args = tl args)
			if((st = runarg(ctx, hd args)) != "")
				return st;
		return "";
	"or" =>
		st = "false";
		for(args = tl argv; args != nil; args = tl args)
			if((st = runarg(ctx, hd args)) == "")
				return "";
		return st;
	"!" =>
		if(tl argv == nil)
			return "false";
		if(runargv(ctx, tl argv) == "")
			return "false";
		return "";
	"~" =>
		# ~ value pattern...: does value match a pattern?
		if(tl argv == nil){
			diag("usage: ~ value [pattern ...]");
			return "usage";
		}
		v := hd tl argv;
		for(pl := tl tl argv; pl != nil; pl = tl pl)
			if(match(hd pl, 0, v, 0))
				return "";
		return "no match";
	"status" =>
		return join(tl argv);
	"fn" =>
		# fn name body: define; fn name: forget
		if(tl argv == nil || len argv > 3 || len argv == 3 && !isblock(hd tl tl argv)){
			diag("usage: fn name [{body}]");
			return "usage";
		}
		body: list of string;
		if(len argv == 3)
			body = hd tl tl argv :: nil;
		setvar(ctx, "fn-" + hd tl argv, body, 0);
	"run" =>
		if(tl argv == nil){
			diag("usage: run file [arg ...]");
			return "usage";
		}
		sc := ref Scope(nil);
		ctx.scopes = sc :: ctx.scopes;
		setvar(ctx, "*", tl tl argv, 1);
		st = runfile(ctx, hd tl argv);
		ctx.scopes = tl ctx.scopes;
		return st;
	}
	return "";
}

# runarg runs a command given as one argument: a braced block or a
# command name.
runarg(ctx: ref Ctx, a: string): string
{
	return runargv(ctx, a :: nil);
}

# runargv runs argv in the shell: a builtin or block directly, else
# in a thread of its own.
runargv(ctx: ref Ctx, argv: list of string): string
{
	name := hd argv;
	if(builtin(name))
		return runbuiltin(ctx, argv);
	if((f := lookup(ctx, "fn-" + name)) != nil)
		return runblock(ctx, parseblock(hd f), hd f, tl argv);
	if(isblock(name))
		return runblock(ctx, parseblock(name), name, tl argv);
	return fgstatus(start(ctx, argv, nil, nil));
}

# runblock runs the braced block text with $* set to args, in a new scope.
runblock(ctx: ref Ctx, blk: ref Node, text: string, args: list of string): string
{
	ctx.scopes = ref Scope(nil) :: ctx.scopes;
	setvar(ctx, "*", args, 1);
	setvar(ctx, "0", text :: nil, 1);
	st := "";
	{
		if(blk != nil)
			st = run(ctx, blk);
	} exception e {
	"*" =>
		ctx.scopes = tl ctx.scopes;
		raise e;
	}
	ctx.scopes = tl ctx.scopes;
	return st;
}

isblock(s: string): int
{
	return s != nil && s[0] == '{';
}

# parseblock parses the text of a braced block.
parseblock(text: string): ref Node
{
	if(len text < 2 || text[len text-1] != '}')
		raise "sh:syntax error in block";
	return parse(text[1:len text-1]);
}

runsimple(ctx: ref Ctx, n: ref Node): string
{
	argv: list of string;
	c: chan of string;
	{
		argv = evalargs(ctx, n.l);
		if(argv == nil){
			# redirections only: create and truncate files
			redirect(ctx, n.r);
			return "";
		}
		if(n.r == nil)
			return runargv(ctx, argv);
		c = start(ctx, argv, n.r, nil);
	} exception e {
	"sh:*" =>
		diag(e[3:]);
		return e[3:];
	}
	return fgstatus(c);
}

# receive waits for a foreground command's status on c.  An interrupt
# from the console (cons(3)) reaches the command as well as the shell,
# so the shell waits on until the command is done; it returns the
# status and whether an interrupt came meanwhile.
receive(c: chan of string): (string, int)
{
	intr := 0;
	for(;;){
		s := Unset;
		{
			s = <-c;
		} exception {
		"interrupted" =>
			intr = 1;
			# it came after the value did, while this thread
			# waited to run again: the command had ended, and the
			# interrupt is the shell's, as if it had ended the command
			if(s != Unset)
				s = "interrupted";
		}
		if(s != Unset)
			return (s, intr);
	}
}

# fgstatus returns the status of the command reporting on c; if an
# interrupt ended it, the shell gives up the rest of the command line
# too (a command that caught the interrupt, such as sh -i, does not).
fgstatus(c: chan of string): string
{
	(st, intr) := receive(c);
	if(intr && st == "interrupted")
		raise "interrupted";
	return st;
}

# start starts argv in a new thread with redirections redir (and
# pipe ends in, out, already as Io) and returns the channel that
# will carry its status.  The descriptors live only in this frame
# and the new thread's, so they close when the command is done.
start(ctx: ref Ctx, argv: list of string, redir: ref Node, pipes: list of ref Io): chan of string
{
	job := mkjob(ctx, argv);
	ios := rev2(redirect(ctx, redir), pipes);
	c := chan[2] of string;
	{
		spawn child(job, ios, c);
	} exception e {
	"interrupted" =>
		raise e;
	"*" =>
		raise "sh:" + e;	# too many threads, out of memory: not run
	}
	return c;
}

# rev2 returns the pipes followed by the redirections, which are
# given in reverse.
rev2(r, pipes: list of ref Io): list of ref Io
{
	# reversed result: the redirections as given, then the pipes reversed
	rl := revio(pipes);
	for(r = revio(r); r != nil; r = tl r)
		rl = hd r :: rl;
	return revio(rl);
}

revio(l: list of ref Io): list of ref Io
{
	r: list of ref Io;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

# redirect opens the files of a chain of redirections and returns
# the Io list in reverse order.
redirect(ctx: ref Ctx, r: ref Node): list of ref Io
{
	ios: list of ref Io;
	for(; r != nil; r = r.r){
		if(r.q == Rdup){
			ios = ref Io(r.fd0, nil, r.fd1) :: ios;
			continue;
		}
		names := eval(ctx, r.l);
		if(len names != 1)
			raise "sh:redirection needs one file name";
		name := hd names;
		f: ref Sys->FD;
		case r.q {
		Rin =>
			f = sys->open(name, Sys->OREAD);
		Rrdwr =>
			f = sys->open(name, Sys->ORDWR);
		Rout =>
			f = sys->create(name, Sys->OWRITE, 8r666);
		Rapp =>
			f = sys->open(name, Sys->OWRITE);
			if(f == nil)
				f = sys->create(name, Sys->OWRITE, 8r666);
			else
				sys->seek(f, big 0, Sys->SEEKEND);
		}
		if(f == nil)
			raise sys->sprint("sh:%s: %r", name);
		ios = ref Io(r.fd0, f, -1) :: ios;
	}
	return ios;
}

# mkjob finds what argv names: a builtin, a block or a Dis module.
mkjob(ctx: ref Ctx, argv: list of string): ref Job
{
	name := hd argv;
	if(builtin(name))
		return ref Job(nil, argv, nil, copyctx(ctx));
	if((f := lookup(ctx, "fn-" + name)) != nil)
		return ref Job(nil, hd f :: tl argv, parseblock(hd f), copyctx(ctx));
	if(isblock(name))
		return ref Job(nil, argv, parseblock(name), copyctx(ctx));
	mod := loadcmd(name);
	return ref Job(mod, argv, nil, nil);
}

# loadcmd loads the Command module name: /dis/name.dis, then
# ./name.dis; a name starting with / or ./ is used as it is.
loadcmd(name: string): Command
{
	if(name == "")
		raise "sh:empty command name";
	file := name;
	if(len file < 4 || file[len file-4:] != ".dis")
		file += ".dis";
	paths := file :: nil;
	if(file[0] != '/' && !prefix("./", file) && !prefix("../", file))
		paths = "/dis/" + file :: "./" + file :: nil;
	for(; paths != nil; paths = tl paths){
		(ok, nil) := sys->stat(hd paths);
		if(ok < 0)
			continue;
		mod := load Command hd paths;
		if(mod == nil)
			raise sys->sprint("sh:%s: %r", name);
		return mod;
	}
	raise "sh:" + name + ": not found";
}

prefix(p, s: string): int
{
	return len s >= len p && s[0:len p] == p;
}

# child is the body of a command thread.  An interrupt from the
# console reaches it too, wherever it is, even before its first
# instruction (the VM looks the handler up there, which is in the
# block): then the status is "interrupted", or, if the command's was
# sent just before, a second copy that nobody reads (c has room).
child(job: ref Job, ios: list of ref Io, c: chan of string)
{
	{
		a := ref Args(job, ios);
		job = nil;
		ios = nil;
		runchild(a, c);
	} exception {
	"interrupted" =>
		c <-= "interrupted";
	}
}

Args: adt
{
	job:	ref Job;
	ios:	list of ref Io;
};

# runchild runs the command of a and sends its status on c; it drops
# a's references, so that the descriptors close as the command ends
runchild(a: ref Args, c: chan of string)
{
	(job, ios) := (a.job, a.ios);
	a.job = nil;
	a.ios = nil;
	sys->pctl(Sys->FORKFD, nil);
	(keep, err) := setfds(ios);
	ios = nil;
	sys->pctl(Sys->NEWFD, keep);
	st: string;
	if(err != nil){
		diag(err);
		st = "bad redirection";
	}else if(job.mod != nil)
		st = runmod(job);
	else
		st = runjob(job);
	job = nil;
	sys->pctl(Sys->NEWFD, nil);
	c <-= st;
}

# runmod runs a module's init in a thread of its own and returns its
# status.  The thread is waited for on /prog/N/wait, as a command may
# end it with exit, which returns nowhere: then the status is the
# thread's exit status.  It is this thread's only child, so the first
# wait message is its.  This thread waits for it to start on a channel
# first, so that the command runs next, in this interpreter (see
# tests/sh/self-alloc).  An interrupt from the console reaches this
# thread too, wherever it is: it waits on for the command, as receive
# does.
runmod(job: ref Job): string
{
	wfd := sys->open("#p/" + string sys->pctl(0, nil) + "/wait", Sys->OREAD);
	if(wfd == nil)
		return runjob(job);
	started := chan[1] of int;
	done := chan[1] of string;
	spawned := 0;
	{
		spawn modthread(job, started, done);
		spawned = 1;
	} exception e {
	"interrupted" =>
		# before the spawn, or just after it (the new thread, in
		# the group, is killed before it runs the command): no
		# command to wait for; else wait for it
		if(!spawned)
			return "interrupted";
	"*" =>
		diag(e);
		return e;
	}
	job = nil;
	{
		<-started;
	} exception {
	"interrupted" =>
		;	# its wait message comes all the same
	}
	buf := array[Sys->WAITLEN] of byte;
	for(;;){
		n := -1;
		{
			n = sys->read(wfd, buf, len buf);
		} exception {
		"interrupted" =>
			if(n < 0){
				# the command ended just before: the interrupt
				# came too late to stop it, but stops the line
				alt{
				<-done =>
					return "interrupted";
				* =>
					continue;
				}
			}
		}
		if(n <= 0)
			break;
		(nil, st) := waitmsg(string buf[0:n]);
		alt{
		s := <-done =>
			return s;
		* =>
			return st;
		}
	}
	return sys->sprint("wait: %r");
}

# modthread runs the command; it says it started even if interrupted
# before its first instruction (see child)
modthread(job: ref Job, started: chan of int, done: chan of string)
{
	{
		started <-= 1;
		done <-= runjob(job);
	} exception {
	"interrupted" =>
		alt{
		started <-= 1 =>
			;
		* =>
			;	# it was sent
		}
		alt{
		done <-= "interrupted" =>
			;
		* =>
			;	# the command's status was sent
		}
	}
}

# waitmsg splits a wait message, pid "Module":status, into pid and status.
waitmsg(m: string): (int, string)
{
	for(i := 0; i < len m; i++)
		if(m[i] == ':' && i > 0 && m[i-1] == '"')
			return (int m, m[i+1:]);
	return (int m, m);
}

# setfds moves the descriptors of ios into place and returns the
# list of descriptors the command keeps, or a diagnostic.
setfds(ios: list of ref Io): (list of int, string)
{
	keep := 0 :: 1 :: 2 :: nil;
	for(; ios != nil; ios = tl ios){
		io := hd ios;
		from := io.from;
		if(io.f != nil)
			from = io.f.fd;
		if(sys->dup(from, io.fd) < 0)
			return (keep, sys->sprint("bad redirection [%d=%d]: %r", io.fd, from));
		if(io.fd > 2)
			keep = io.fd :: keep;
	}
	return (keep, nil);
}

# runjob runs a job in the current thread and returns its status.
runjob(job: ref Job): string
{
	name := hd job.argv;
	{
		if(job.mod != nil){
			mod := job.mod;
			mod->init(drawctxt, job.argv);
			return "";
		}
		if(job.blk != nil)
			return runblock(job.ctx, job.blk, name, tl job.argv);
		return runbuiltin(job.ctx, job.argv);
	} exception e {
	"*" =>
		if(prefix("fail:", e)){
			if(e == "fail:")
				return "failed";
			return e[5:];
		}
		if(prefix("exit:", e))
			return e[5:];
		if(prefix("sh:", e)){
			diag(e[3:]);
			return e[3:];
		}
		# a command killed by kill(1) or interrupted from the console,
		# or stopped by writing to a pipe nobody reads any more (the
		# reader is done), goes quietly
		if(e != "killed" && e != "interrupted" && e != "write on closed pipe")
			diag(name + ": " + e);
		return e;
	}
}

# runpipe runs a pipeline and returns the statuses of its commands,
# joined by | if any failed.
runpipe(ctx: ref Ctx, n: ref Node): string
{
	sts: list of string;
	bad := 0;
	intr := 0;
	for(cl := startpipe(ctx, n); cl != nil; cl = tl cl){
		(s, i) := receive(hd cl);
		if(s != "")
			bad = 1;
		if(i && s == "interrupted")
			intr = 1;
		sts = s :: sts;
	}
	if(intr)
		raise "interrupted";
	if(!bad)
		return "";
	st := "";
	for(; sts != nil; sts = tl sts){
		st += hd sts;
		if(tl sts != nil)
			st += "|";
	}
	return st;
}

# startpipe starts the commands of pipeline n, left to right, and
# returns their status channels, rightmost first.
startpipe(ctx: ref Ctx, n: ref Node): list of chan of string
{
	cmds: list of ref Node;
	for(; n.kind == Npipe; n = n.l)
		cmds = n :: cmds;
	cmds = n :: cmds;
	cl: list of chan of string;
	in: ref Sys->FD;
	infd := 0;
	for(; cmds != nil; cmds = tl cmds){
		cmd := hd cmds;
		pipes: list of ref Io;
		if(in != nil)
			pipes = ref Io(infd, in, -1) :: pipes;
		in = nil;
		if(tl cmds != nil){
			p := (hd tl cmds);
			fds := array[2] of ref Sys->FD;
			if(sys->pipe(fds) < 0){
				diag(sys->sprint("pipe: %r"));
				break;
			}
			pipes = ref Io(p.fd0, fds[0], -1) :: pipes;
			in = fds[1];
			infd = p.fd1;
			fds = nil;
		}
		if(cmd.kind == Npipe)
			cmd = cmd.r;
		c: chan of string;
		{
			argv := evalargs(ctx, cmd.l);
			if(argv == nil)
				raise "sh:empty command in pipeline";
			c = start(ctx, argv, cmd.r, pipes);
		} exception e {
		"sh:*" =>
			diag(e[3:]);
			c = chan[1] of string;
			c <-= e[3:];
		}
		pipes = nil;
		cl = c :: cl;
	}
	in = nil;
	return cl;
}

# background starts n in a new thread and records it for wait.
background(ctx: ref Ctx, n: ref Node)
{
	pidc := chan[1] of int;	# bgrun never waits on it, interrupted here or not
	bg := ref Bg(0, chan[1] of string);
	{
		spawn bgrun(copyctx(ctx), n, pidc, bg.c);
	} exception e {
	"*" =>
		diag(e);	# too many threads, out of memory: not run
		return;
	}
	bg.pid = <-pidc;
	bgs = bg :: bgs;
	setvar(ctx, "apid", string bg.pid :: nil, 0);
}

# bgrun runs a background command in a process group of its own,
# so that kill -g $apid stops all of it.
bgrun(ctx: ref Ctx, n: ref Node, pidc: chan of int, c: chan of string)
{
	pidc <-= sys->pctl(Sys->NEWPGRP, nil);
	st := "";
	{
		st = run(ctx, n);
	} exception e {
	"*" =>
		st = e;
		if(prefix("exit:", e))
			st = e[5:];
	}
	c <-= st;
}

# capture runs n with its standard output on a pipe and returns
# what it writes there.
capture(ctx: ref Ctx, n: ref Node): string
{
	(rd, c) := startcapture(ctx, n);
	acc := array[0] of byte;
	buf := array[Sys->ATOMICIO] of byte;
	intr := 0;
	for(;;){
		m := -1;
		{
			m = sys->read(rd, buf, len buf);
		} exception {
		"interrupted" =>
			intr = 1;
			if(m < 0)
				continue;
		}
		if(m <= 0)
			break;
		nacc := array[len acc + m] of byte;
		nacc[0:] = acc;
		nacc[len acc:] = buf[0:m];
		acc = nacc;
	}
	rd = nil;
	(st, i) := receive(c);
	if((intr || i) && st == "interrupted")
		raise "interrupted";
	return string acc;
}

startcapture(ctx: ref Ctx, n: ref Node): (ref Sys->FD, chan of string)
{
	fds := array[2] of ref Sys->FD;
	if(sys->pipe(fds) < 0)
		raise sys->sprint("sh:pipe: %r");
	job := ref Job(nil, "{}" :: nil, n, copyctx(ctx));
	c := chan[2] of string;
	{
		spawn child(job, ref Io(1, fds[0], -1) :: nil, c);
	} exception e {
	"interrupted" =>
		raise e;
	"*" =>
		raise "sh:" + e;
	}
	return (fds[1], c);
}
