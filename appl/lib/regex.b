# regex -- regular expressions, matched by simulating all threads of
# a compiled program in step (Thompson/Pike), so matching time is
# linear in the subject whatever the expression.
#
# Syntax: c . [class] [^class] ^ $ e* e+ e? e1e2 e1|e2 (e) \c

implement Regex;

include "regex.m";

# instructions
Ochar, Oany, Oclass, Obol, Oeol, Osplit, Ojmp, Osave, Omatch: con iota;

# parse tree nodes
Nlit, Nany, Ncls, Nbol, Neol, Ncat, Nalt, Nstar, Nplus, Nquest, Ngroup, Nempty: con iota;

Node: adt
{
	kind:	int;
	c:	int;
	l, r:	cyclic ref Node;
	cls:	array of int;
	neg:	int;
};

Parser: adt
{
	s:	string;
	i:	int;
	nsub:	int;
};

Gen: adt
{
	prog:	array of ref Inst;
	n:	int;
};

# a list of threads, each a pc and its capture slots
Tlist: adt
{
	n:	int;
	pc:	array of int;
	caps:	array of array of int;
	mark:	array of int;	# mark[pc] == gen: pc is on the list
	gen:	int;
};

compile(e: string, nil: int): (Re, string)
{
	p := ref Parser(e, 0, 0);
	n: ref Node;
	{
		n = parsealt(p);
		if(p.i < len p.s)
			raise "re:unmatched )";
	} exception x {
	"re:*" =>
		return (nil, x[3:]);
	}
	g := ref Gen(array[16] of ref Inst, 0);
	emit(g, Osave, 0);
	gen(g, n);
	emit(g, Osave, 1);
	emit(g, Omatch, 0);
	x := ref Arena(g.prog[0:g.n], p.nsub, nil);
	x.start = start(x);
	return (x, nil);
}

# alt = cat ('|' cat)*
parsealt(p: ref Parser): ref Node
{
	l := cat(p);
	while(p.i < len p.s && p.s[p.i] == '|'){
		p.i++;
		r := cat(p);
		l = ref Node(Nalt, 0, l, r, nil, 0);
	}
	return l;
}

# cat = rep*
cat(p: ref Parser): ref Node
{
	l: ref Node;
	while(p.i < len p.s){
		c := p.s[p.i];
		if(c == '|' || c == ')')
			break;
		r := rep(p);
		if(l == nil)
			l = r;
		else
			l = ref Node(Ncat, 0, l, r, nil, 0);
	}
	if(l == nil)
		l = ref Node(Nempty, 0, nil, nil, nil, 0);
	return l;
}

# rep = atom ('*' | '+' | '?')*
rep(p: ref Parser): ref Node
{
	n := atom(p);
	while(p.i < len p.s){
		k: int;
		case p.s[p.i] {
		'*' =>
			k = Nstar;
		'+' =>
			k = Nplus;
		'?' =>
			k = Nquest;
		* =>
			return n;
		}
		p.i++;
		n = ref Node(k, 0, n, nil, nil, 0);
	}
	return n;
}

# atom = c | '.' | '^' | '$' | '(' alt ')' | '[' class ']' | '\' c
atom(p: ref Parser): ref Node
{
	c := p.s[p.i++];
	case c {
	'.' =>
		return ref Node(Nany, 0, nil, nil, nil, 0);
	'^' =>
		return ref Node(Nbol, 0, nil, nil, nil, 0);
	'$' =>
		return ref Node(Neol, 0, nil, nil, nil, 0);
	'(' =>
		p.nsub++;
		idx := p.nsub;
		n := parsealt(p);
		if(p.i >= len p.s || p.s[p.i] != ')')
			raise "re:missing )";
		p.i++;
		return ref Node(Ngroup, idx, n, nil, nil, 0);
	'[' =>
		return class(p);
	'*' or '+' or '?' =>
		raise "re:missing operand for " + p.s[p.i-1:p.i];
	'\\' =>
		c = escape(p);
	}
	return ref Node(Nlit, c, nil, nil, nil, 0);
}

# escape returns the character after a backslash.
escape(p: ref Parser): int
{
	if(p.i >= len p.s)
		raise "re:trailing \\";
	c := p.s[p.i++];
	case c {
	'n' =>
		c = '\n';
	't' =>
		c = '\t';
	}
	return c;
}

# class = '^'? ']'? (c | c '-' c)* ']', after the '['
class(p: ref Parser): ref Node
{
	neg := 0;
	if(p.i < len p.s && p.s[p.i] == '^'){
		neg = 1;
		p.i++;
	}
	r := array[8] of int;
	nr := 0;
	first := 1;
	for(;;){
		if(p.i >= len p.s)
			raise "re:missing ]";
		c := p.s[p.i++];
		if(c == ']' && !first)
			break;
		first = 0;
		if(c == '\\')
			c = escape(p);
		lo := c;
		hi := c;
		if(p.i+1 < len p.s && p.s[p.i] == '-' && p.s[p.i+1] != ']'){
			p.i++;
			hi = p.s[p.i++];
			if(hi == '\\')
				hi = escape(p);
			if(hi < lo)
				raise "re:bad range in class";
		}
		if(nr+2 > len r){
			nrr := array[2*len r] of int;
			nrr[0:] = r[0:nr];
			r = nrr;
		}
		r[nr++] = lo;
		r[nr++] = hi;
	}
	return ref Node(Ncls, 0, nil, nil, r[0:nr], neg);
}

emit(g: ref Gen, op, c: int): int
{
	if(g.n >= len g.prog){
		np := array[2*len g.prog] of ref Inst;
		np[0:] = g.prog[0:g.n];
		g.prog = np;
	}
	g.prog[g.n] = ref Inst(op, c, 0, 0, nil, 0);
	return g.n++;
}

gen(g: ref Gen, n: ref Node)
{
	i, j: int;
	case n.kind {
	Nlit =>
		emit(g, Ochar, n.c);
	Nany =>
		emit(g, Oany, 0);
	Ncls =>
		i = emit(g, Oclass, 0);
		g.prog[i].cls = n.cls;
		g.prog[i].neg = n.neg;
	Nbol =>
		emit(g, Obol, 0);
	Neol =>
		emit(g, Oeol, 0);
	Nempty =>
		;
	Ncat =>
		gen(g, n.l);
		gen(g, n.r);
	Nalt =>
		i = emit(g, Osplit, 0);
		g.prog[i].x = i+1;
		gen(g, n.l);
		j = emit(g, Ojmp, 0);
		g.prog[i].y = g.n;
		gen(g, n.r);
		g.prog[j].x = g.n;
	Nstar =>
		i = emit(g, Osplit, 0);
		g.prog[i].x = i+1;
		gen(g, n.l);
		j = emit(g, Ojmp, 0);
		g.prog[j].x = i;
		g.prog[i].y = g.n;
	Nplus =>
		i = g.n;
		gen(g, n.l);
		j = emit(g, Osplit, 0);
		g.prog[j].x = i;
		g.prog[j].y = j+1;
	Nquest =>
		i = emit(g, Osplit, 0);
		g.prog[i].x = i+1;
		gen(g, n.l);
		g.prog[i].y = g.n;
	Ngroup =>
		emit(g, Osave, 2*n.c);
		gen(g, n.l);
		emit(g, Osave, 2*n.c+1);
	}
}

newlist(n: int): ref Tlist
{
	return ref Tlist(0, array[n] of int, array[n] of array of int, array[n] of {* => 0}, 1);
}

inclass(i: ref Inst, c: int): int
{
	r := i.cls;
	for(k := 0; k < len r; k += 2)
		if(c >= r[k] && c <= r[k+1])
			return !i.neg;
	return i.neg;
}

# add puts the thread (pc, caps) on l, following jumps, splits,
# saves and assertions at position i of s[beg:end].
add(x: Re, l: ref Tlist, pc: int, caps: array of int, s: string, i, beg, end, bol, eol: int)
{
	if(l.mark[pc] == l.gen)
		return;
	l.mark[pc] = l.gen;
	inst := x.prog[pc];
	case inst.op {
	Ojmp =>
		add(x, l, inst.x, caps, s, i, beg, end, bol, eol);
	Osplit =>
		add(x, l, inst.x, caps, s, i, beg, end, bol, eol);
		add(x, l, inst.y, caps, s, i, beg, end, bol, eol);
	Osave =>
		nc := array[len caps] of int;
		nc[0:] = caps;
		nc[inst.c] = i;
		add(x, l, pc+1, nc, s, i, beg, end, bol, eol);
	Obol =>
		if((i == beg && bol) || (i > beg && s[i-1] == '\n'))
			add(x, l, pc+1, caps, s, i, beg, end, bol, eol);
	Oeol =>
		if((i == end && eol) || (i < end && s[i] == '\n'))
			add(x, l, pc+1, caps, s, i, beg, end, bol, eol);
	* =>
		l.pc[l.n] = pc;
		l.caps[l.n] = caps;
		l.n++;
	}
}

# start finds where a match of x may begin: with a rune of chars, of a
# class of cls, any rune but newline (any), or at the start of a line
# (bol); all when it may begin anywhere (it can match empty, or a $
# comes before any rune).
start(x: Re): ref Start
{
	st := ref Start(0, 0, 0, nil, nil, array[16r80] of {* => byte 0});
	seen := array[len x.prog] of {* => 0};
	startpc(x, 0, st, seen);
	for(r := 0; r < 16r80; r++)
		if(startsrune(st, r))
			st.ascii[r] = byte 1;
	return st;
}

startpc(x: Re, pc: int, st: ref Start, seen: array of int)
{
	if(seen[pc])
		return;
	seen[pc] = 1;
	inst := x.prog[pc];
	case inst.op {
	Ojmp =>
		startpc(x, inst.x, st, seen);
	Osplit =>
		startpc(x, inst.x, st, seen);
		startpc(x, inst.y, st, seen);
	Osave =>
		startpc(x, pc+1, st, seen);
	Ochar =>
		st.chars = inst.c :: st.chars;
	Oany =>
		st.any = 1;
	Oclass =>
		st.cls = inst :: st.cls;
	Obol =>
		st.bol = 1;
	* =>	# Oeol, Omatch
		st.all = 1;
	}
}

startsrune(st: ref Start, c: int): int
{
	if(st.any && c != '\n')
		return 1;
	for(l := st.chars; l != nil; l = tl l)
		if(hd l == c)
			return 1;
	for(k := st.cls; k != nil; k = tl k)
		if(inclass(hd k, c))
			return 1;
	return 0;
}

# skip gives the first position from i on in s[beg:end] where a thread
# could live past its start, or -1.  A line's start (after a newline,
# or beg if bol) always could.
skip(st: ref Start, s: string, i, beg, end, bol: int): int
{
	if(st.bol && ((i == beg && bol) || (i > beg && s[i-1] == '\n')))
		return i;
	asc := st.ascii;
	for(; i < end; i++){
		c := s[i];
		if(c < 16r80){
			if(asc[c] != byte 0)
				return i;
			if(c == '\n' && st.bol)
				return i+1;
		}else if(startsrune(st, c))
			return i;
	}
	return -1;
}

execute(x: Re, s: string): array of (int, int)
{
	return executese(x, s, (0, len s), 1, 1);
}

executese(x: Re, s: string, se: (int, int), bol: int, eol: int): array of (int, int)
{
	if(x == nil)
		return nil;
	(beg, end) := se;
	if(beg < 0)
		beg = 0;
	if(end > len s || end < 0)
		end = len s;
	st := x.start;
	if(st == nil)
		st = x.start = start(x);
	i := beg;
	if(!st.all && (i = skip(st, s, i, beg, end, bol)) < 0)
		return nil;	# no position where a match could start
	ncap := 2*(x.nsub+1);
	np := len x.prog;
	cl := newlist(np);
	nl := newlist(np);
	best: array of int;
	for(; ; i++){
		if(cl.n == 0 && best == nil && !st.all){
			# no thread alive: go on to where one could start
			if((i = skip(st, s, i, beg, end, bol)) < 0)
				break;
		}
		if(best == nil){
			ic := array[ncap] of {* => -1};
			add(x, cl, 0, ic, s, i, beg, end, bol, eol);
		}
		if(cl.n == 0 && best != nil)
			break;
		c := -1;
		if(i < end)
			c = s[i];
		nl.n = 0;
		nl.gen++;
		for(j := 0; j < cl.n; j++){
			pc := cl.pc[j];
			caps := cl.caps[j];
			if(best != nil && caps[0] > best[0])
				continue;
			inst := x.prog[pc];
			case inst.op {
			Omatch =>
				if(best == nil || caps[0] < best[0] || (caps[0] == best[0] && caps[1] > best[1]))
					best = caps;
			Ochar =>
				if(c == inst.c)
					add(x, nl, pc+1, caps, s, i+1, beg, end, bol, eol);
			Oany =>
				if(c >= 0 && c != '\n')
					add(x, nl, pc+1, caps, s, i+1, beg, end, bol, eol);
			Oclass =>
				if(c >= 0 && inclass(inst, c))
					add(x, nl, pc+1, caps, s, i+1, beg, end, bol, eol);
			}
		}
		if(i >= end)
			break;
		(cl, nl) = (nl, cl);
	}
	if(best == nil)
		return nil;
	m := array[x.nsub+1] of (int, int);
	for(k := 0; k <= x.nsub; k++){
		if(best[2*k] < 0 || best[2*k+1] < 0)
			m[k] = (-1, -1);
		else
			m[k] = (best[2*k], best[2*k+1]);
	}
	return m;
}
