# man -- print manual pages, formatting troff -man as plain text

implement Man;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";
	bufio: Bufio;
	Iobuf: import bufio;
include "string.m";
	str: String;
include "readdir.m";
	readdir: Readdir;

Man: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Width:	con 76;		# the output line
Base:	con 7;		# the indent of a section's text
Nbsp:	con 16r00A0;	# an unpaddable space until output

stderr: ref Sys->FD;
out: ref Iobuf;
mandir := "/man";

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	bufio = load Bufio Bufio->PATH;
	str = load String String->PATH;
	readdir = load Readdir Readdir->PATH;
	if(bufio == nil || str == nil || readdir == nil){
		sys->fprint(stderr, "man: cannot load library: %r\n");
		raise "fail:load";
	}
	if(argv != nil)
		argv = tl argv;
	kflag := wflag := 0;
opts:
	for(; argv != nil && len hd argv > 1 && (hd argv)[0] == '-'; argv = tl argv){
		case hd argv {
		"-k" =>	kflag = 1;
		"-w" =>	wflag = 1;
		"-M" =>
			if(tl argv == nil)
				usage();
			argv = tl argv;
			mandir = hd argv;
		"--" =>
			argv = tl argv;
			break opts;
		* =>	usage();
		}
	}
	if(argv == nil)
		usage();
	out = bufio->fopen(sys->fildes(1), Bufio->OWRITE);
	secs := sections();
	if(kflag){
		for(; argv != nil; argv = tl argv)
			if(!index(secs, hd argv)){
				done();
				raise "fail:not found";
			}
		done();
		return;
	}
	if(len argv > 1 && isnum(hd argv)){
		secs = hd argv :: nil;
		argv = tl argv;
	}
	status := "";
	for(; argv != nil; argv = tl argv){
		found := 0;
		for(s := secs; s != nil; s = tl s){
			path := mandir + "/" + hd s + "/" + hd argv + "." + hd s;
			(ok, nil) := sys->stat(path);
			if(ok < 0)
				continue;
			found = 1;
			if(wflag)
				out.puts(path + "\n");
			else
				page(path);
		}
		if(!found){
			done();
			if(tl secs == nil)
				sys->fprint(stderr, "man: no entry for %s in section %s\n", hd argv, hd secs);
			else
				sys->fprint(stderr, "man: no manual entry for %s\n", hd argv);
			status = "not found";
		}
	}
	done();
	if(status != nil)
		raise "fail:" + status;
}

usage()
{
	sys->fprint(stderr, "usage: man [-w] [-M dir] [section] name ...\n       man -k [-M dir] word ...\n");
	raise "fail:usage";
}

done()
{
	if(out.flush() < 0){
		sys->fprint(stderr, "man: write error: %r\n");
		raise "fail:write error";
	}
}

isnum(s: string): int
{
	if(s == nil)
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

# sections lists the numbered directories of mandir, in order.
sections(): list of string
{
	(d, n) := readdir->init(mandir, Readdir->NAME);
	if(n < 0){
		sys->fprint(stderr, "man: cannot read %s: %r\n", mandir);
		raise "fail:no manual";
	}
	l: list of string;
	for(i := n - 1; i >= 0; i--)
		if(isnum(d[i].name) && (d[i].mode & Sys->DMDIR))
			l = d[i].name :: l;
	return l;
}

# pages lists the pages of a section: name.section, in order.
pages(sec: string): list of string
{
	(d, n) := readdir->init(mandir + "/" + sec, Readdir->NAME);
	l: list of string;
	for(i := n - 1; i >= 0; i--){
		s := d[i].name;
		if(len s > len sec + 1 && s[len s - len sec - 1:] == "." + sec)
			l = s[0:len s - len sec - 1] :: l;
	}
	return l;
}

readfile(path: string): string
{
	fd := sys->open(path, Sys->OREAD);
	if(fd == nil){
		sys->fprint(stderr, "man: cannot open %s: %r\n", path);
		raise "fail:open";
	}
	buf := array[8192] of byte;
	s := "";
	b := array[0] of byte;
	for(;;){
		n := sys->read(fd, buf, len buf);
		if(n < 0){
			sys->fprint(stderr, "man: error reading %s: %r\n", path);
			raise "fail:read error";
		}
		if(n == 0)
			break;
		nb := array[len b + n] of byte;
		nb[0:] = b;
		nb[len b:] = buf[0:n];
		b = nb;
	}
	s = string b;
	return s;
}

# index prints the NAME line of every page in which word appears (any
# case), as name(section) - description; 0 if none does.
index(secs: list of string, word: string): int
{
	word = str->tolower(word);
	found := 0;
	for(; secs != nil; secs = tl secs){
		for(p := pages(hd secs); p != nil; p = tl p){
			line := nameline(readfile(mandir + "/" + hd secs + "/" + hd p + "." + hd secs));
			if(line == nil)
				line = hd p;
			(names, desc) := str->splitstrl(line, " - ");
			if(desc != nil)
				desc = desc[3:];
			if(!contains(str->tolower(line), word) && !contains(hd p, word))
				continue;
			out.puts(hd p + "(" + hd secs + ")");
			if(names != hd p)
				out.puts(" " + names);
			out.puts(" - " + desc + "\n");
			found = 1;
		}
	}
	if(!found)
		sys->fprint(stderr, "man: nothing appropriate for %s\n", word);
	return found;
}

contains(s, t: string): int
{
	for(i := 0; i + len t <= len s; i++)
		if(s[i:i+len t] == t)
			return 1;
	return 0;
}

# nameline is the text of a page's NAME section, escapes resolved.
nameline(text: string): string
{
	(nil, lines) := sys->tokenize(text, "\n");
	on := 0;
	s := "";
	for(; lines != nil; lines = tl lines){
		l := hd lines;
		if(len l >= 3 && l[0:3] == ".SH"){
			if(on)
				break;
			on = str->prefix("NAME", str->drop(l[3:], " \t\""));
			continue;
		}
		if(!on || l == "" || l[0] == '.')
			continue;
		if(s != nil)
			s += " ";
		s += l;
	}
	if(s == nil)
		return nil;
	return unsp(esc(s));
}

#
# The formatter.  Text is filled into lines of Width; the indent of
# the paragraph (pind) moves with .RS/.RE, that of the text (ind) with
# .TP/.IP, whose tag hangs at pind.
#
cur: string;		# the output line being filled
glued: int;		# the next word joins cur without a space
ind, pind, tpw: int;
rs: list of (int, int);
fill: int;
blank: int;		# the last line written was blank (or nothing yet)
tagnext: int;		# the next text line is a .TP tag
parsep: int;		# blank lines between paragraphs (.PD)
joinnext: int;		# the last text line ended with \c

page(path: string)
{
	text := readfile(path);
	cur = nil;
	glued = 0;
	ind = pind = Base;
	tpw = 7;
	rs = nil;
	fill = 1;
	blank = 1;
	tagnext = 0;
	parsep = 1;
	joinnext = 0;
	lines := splitlines(text);
	for(; lines != nil; lines = tl lines)
		line(hd lines);
	brk();
}

splitlines(s: string): list of string
{
	l: list of string;
	start := 0;
	for(i := 0; i < len s; i++)
		if(s[i] == '\n'){
			l = s[start:i] :: l;
			start = i + 1;
		}
	if(start < len s)
		l = s[start:] :: l;
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

line(l: string)
{
	if(l != nil && (l[0] == '.' || l[0] == '\''))
		request(l);
	else
		textline(esc(l));
}

request(l: string)
{
	l = uncomment(l[1:]);
	l = str->drop(l, " \t");
	(name, rest) := str->splitl(l, " \t");
	args := parseargs(rest);
	case name {
	"TH" =>
		if(args != nil){
			h := hd args;
			if(tl args != nil)
				h += "(" + hd tl args + ")";
			sp := Width - 2 * len h;
			if(sp < 1)
				sp = 1;
			emit(h + spaces(sp) + h);
			emit("");
		}
	"SH" or "SS" =>
		brk();
		space(1);
		ind = pind = Base;
		rs = nil;
		tpw = 7;
		fill = 1;
		tagnext = 0;
		h := unsp(esc(join(args, " ")));
		if(name == "SH")
			emit(h);
		else
			emit("   " + h);
	"PP" or "LP" or "P" =>
		brk();
		space(parsep);
		ind = pind;
		tagnext = 0;
	"TP" or "IP" or "HP" =>
		brk();
		space(parsep);
		w := tpw;
		if(name == "IP" && args != nil && tl args != nil)
			w = width(hd tl args, w);
		else if(name != "IP" && args != nil)
			w = width(hd args, w);
		tpw = w;
		ind = pind + w;
		if(name == "TP")
			tagnext = 1;
		else if(name == "IP" && args != nil)
			tag(esc(hd args));
		else if(name == "HP")
			cur = spaces(pind);
	"TQ" =>
		brk();
		tagnext = 1;
	"TF" =>
		if(args != nil)
			tpw = len esc(hd args) + 2;
	"PD" =>
		parsep = 1;
		if(args != nil)
			parsep = int hd args;
	"RS" =>
		brk();
		rs = (pind, tpw) :: rs;
		pind += width(hd2(args), tpw);
		ind = pind;
	"RE" =>
		brk();
		if(rs != nil){
			(pind, tpw) = hd rs;
			rs = tl rs;
		}
		ind = pind;
	"nf" or "EX" =>
		brk();
		fill = 0;
	"fi" or "EE" =>
		brk();
		fill = 1;
	"br" =>
		brk();
	"sp" =>
		brk();
		n := 1;
		if(args != nil)
			n = int hd args;
		for(; n > 0; n--)
			emit("");
	"if" =>
		if(args != nil && hd args == "n"){
			(nil, r) := str->splitl(str->drop(l[2:], " \t"), " \t");
			line(str->drop(r, " \t"));
		}
	"B" or "I" or "R" or "L" or "SM" =>
		if(args != nil)
			textline(esc(join(args, " ")));
	"BR" or "RB" or "BI" or "IB" or "IR" or "RI" or "LR" or "RL" =>
		textline(esc(join(args, "")));
	}
}

hd2(l: list of string): string
{
	if(l == nil)
		return nil;
	return hd l;
}

# width of an indent argument: n, or nn (ens), else dflt
width(s: string, dflt: int): int
{
	(n, r) := str->toint(s, 10);
	if(s == nil || (r != nil && r != "n" && r != "m"))
		return dflt;
	return n;
}

# parseargs splits a request's arguments, "quoted" ones with "" for ".
parseargs(s: string): list of string
{
	l: list of string;
	for(;;){
		s = str->drop(s, " \t");
		if(s == nil)
			break;
		a := "";
		if(s[0] == '"'){
			i := 1;
			for(; i < len s; i++){
				if(s[i] == '"'){
					if(i + 1 < len s && s[i+1] == '"'){
						a[len a] = '"';
						i++;
						continue;
					}
					break;
				}
				a[len a] = s[i];
			}
			# the closing quote of the last argument may be left out
			if(i < len s)
				i++;
			s = s[i:];
		}else
			(a, s) = str->splitl(s, " \t");
		l = a :: l;
	}
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

join(l: list of string, sep: string): string
{
	s := "";
	for(; l != nil; l = tl l){
		s += hd l;
		if(tl l != nil)
			s += sep;
	}
	return s;
}

# uncomment drops a \" comment
uncomment(s: string): string
{
	for(i := 0; i + 1 < len s; i++)
		if(s[i] == '\\'){
			if(s[i+1] == '"')
				return s[0:i];
			i++;
		}
	return s;
}

textline(s: string)
{
	join := joinnext;
	joinnext = 0;
	if(len s >= 2 && s[len s - 2:] == "\\c"){
		s = s[0:len s - 2];
		joinnext = 1;
	}
	if(tagnext){
		tagnext = 0;
		tag(s);
		return;
	}
	if(!fill){
		brk();
		emit(unsp(spaces(ind) + s));
		return;
	}
	if(s == nil){
		brk();
		emit("");
		return;
	}
	if(s[0] == ' ')
		brk();
	(nil, words) := sys->tokenize(s, " \t");
	for(; words != nil; words = tl words){
		word(hd words, join);
		join = 0;
	}
}

# tag starts a hanging paragraph with t at pind; the text follows
# on the same line if t leaves room.
tag(t: string)
{
	brk();
	if(pind + len t < ind){
		cur = spaces(pind) + t + spaces(ind - pind - len t);
		glued = 1;
	}else
		emit(unsp(spaces(pind) + t));
}

word(w: string, join: int)
{
	if(cur == nil){
		cur = spaces(ind) + w;
	}else if(glued || join)
		cur += w;
	else if(len cur + 1 + len w > Width){
		brk();
		cur = spaces(ind) + w;
	}else
		cur += " " + w;
	glued = 0;
}

brk()
{
	if(cur != nil)
		emit(unsp(cur));
	cur = nil;
	glued = 0;
}

space(n: int)
{
	if(n > 0 && !blank)
		emit("");
}

emit(s: string)
{
	if(s == nil){
		if(blank)
			return;
		blank = 1;
	}else
		blank = 0;
	out.puts(s + "\n");
}

spaces(n: int): string
{
	s := "";
	for(; n > 0; n--)
		s[len s] = ' ';
	return s;
}

unsp(s: string): string
{
	for(i := 0; i < len s; i++)
		if(s[i] == Nbsp)
			s[i] = ' ';
	return s;
}

# esc resolves troff's escapes as nroff would for a plain terminal
# (fonts and sizes dropped, \u...\d as ^, \d...\u as _).
esc(s: string): string
{
	s = uncomment(s);
	r := "";
	raised := 0;
	for(i := 0; i < len s; i++){
		c := s[i];
		if(c != '\\' || i + 1 == len s){
			r[len r] = c;
			continue;
		}
		c = s[++i];
		case c {
		'f' =>
			if(i + 1 < len s && s[i+1] == '(')
				i += 3;
			else
				i++;
		's' =>
			if(i + 1 < len s && (s[i+1] == '+' || s[i+1] == '-'))
				i++;
			while(i + 1 < len s && s[i+1] >= '0' && s[i+1] <= '9')
				i++;
		'(' =>
			if(i + 2 < len s){
				r += special(s[i+1:i+3]);
				i += 2;
			}
		'*' =>
			if(i + 1 < len s && s[i+1] == '(')
				i += 3;
			else
				i++;
		'e' or '\\' =>
			r[len r] = '\\';
		'-' =>
			r[len r] = '-';
		' ' or '0' or '~' =>
			r[len r] = Nbsp;
		'&' or '|' or '^' or '%' or 'c' =>
			if(c == 'c' && i + 1 == len s)
				r += "\\c";
		't' =>
			r[len r] = '\t';
		'u' =>
			if(raised < 0)
				raised = 0;
			else{
				r[len r] = '^';
				raised = 1;
			}
		'd' =>
			if(raised > 0)
				raised = 0;
			else{
				r[len r] = '_';
				raised = -1;
			}
		* =>
			r[len r] = c;
		}
	}
	return r;
}

special(n: string): string
{
	case n {
	"em" =>	return "--";
	"en" or "hy" or "mi" =>	return "-";
	"dq" or "lq" or "rq" =>	return "\"";
	"aq" or "fm" =>	return "'";
	"oq" or "ga" =>	return "`";
	"mu" =>	return "x";
	"bu" =>	return "*";
	"+-" =>	return "+-";
	"<=" =>	return "<=";
	">=" =>	return ">=";
	"!=" =>	return "!=";
	"->" =>	return "->";
	"<-" =>	return "<-";
	"lc" or "lf" =>	return "[";
	"rc" or "rf" =>	return "]";
	"*s" =>	return "sigma";
	"*p" =>	return "pi";
	"*m" =>	return "mu";
	"*G" =>	return "Gamma";
	"de" =>	return " degrees";
	"sq" =>	return "[]";
	}
	return n;
}
