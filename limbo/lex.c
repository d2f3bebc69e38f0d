#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * The lexer reads whole files into memory; include pushes a new input.
 * The parser sees one current token (tok) and may peek ahead.
 */
typedef struct Input Input;
struct Input
{
	char*	buf;
	char*	p;
	char*	end;
	int	file;
	int	line;
	char*	linestart;
};

char*	files[256];
int	nfiles;
char*	incdirs[32];
int	nincdirs;
int	nerrors;
int	errlimit = MaxErr;
int	dowarn;
Tok	tok;
Src	lastsrc;		/* the last token consumed */

static	Input	inputs[MaxInc];
static	int	ninputs;
static	Tok	peekbuf[Npeek];	/* tokens looked ahead, a ring from phead */
static	int	phead;
static	int	npeek;
static	Sym*	symtab[1024];

static	void	lex(Tok*);

static struct
{
	char*	name;
	int	tok;
} keywords[] = {
	"adt", Ladt, "alt", Lalt, "array", Larray, "big", Lbig, "break", Lbreak,
	"byte", Lbyte, "case", Lcase, "chan", Lchan, "con", Lcon, "continue", Lcontinue,
	"cyclic", Lcyclic, "do", Ldo, "dynamic", Ldynamic, "else", Lelse,
	"exception", Lexception, "exit", Lexit, "fixed", Lfixed, "fn", Lfn, "for", Lfor,
	"hd", Lhd, "if", Lif, "implement", Limplement, "import", Limport,
	"include", Linclude, "int", Lint, "len", Llen, "list", Llist, "load", Lload,
	"module", Lmodule, "nil", Lnil, "of", Lof, "or", Lor, "pick", Lpick,
	"raise", Lraise, "raises", Lraises, "real", Lreal, "ref", Lref, "return", Lreturn, "self", Lself,
	"spawn", Lspawn, "string", Lstring, "tagof", Ltagof, "tl", Ltl, "to", Lto,
	"type", Ltype, "while", Lwhile,
	nil, 0
};

void*
emalloc(ulong n)
{
	void *p;

	p = mallocz(n, 1);
	if(p == nil){
		fprint(2, "limbo: out of memory\n");
		exits("memory");
	}
	return p;
}

char*
estrdup(char *s)
{
	char *t;

	t = emalloc(strlen(s)+1);
	strcpy(t, s);
	return t;
}

void
exits(char *s)
{
	exit(s == nil || *s == 0 ? 0 : 1);
}

Sym*
enter(char *name, int len)
{
	Sym *s;
	ulong h;
	int i;

	if(len <= 0)
		len = strlen(name);
	h = 0;
	for(i = 0; i < len; i++)
		h = h*31 + (uchar)name[i];
	h %= nelem(symtab);
	for(s = symtab[h]; s != nil; s = s->hash)
		if(s->len == len && memcmp(s->name, name, len) == 0)
			return s;
	s = emalloc(sizeof *s);
	s->name = emalloc(len+1);
	memmove(s->name, name, len);
	s->len = len;
	s->hash = symtab[h];
	symtab[h] = s;
	return s;
}

void
lexinit(void)
{
	int i;

	for(i = 0; keywords[i].name != nil; i++)
		enter(keywords[i].name, 0)->tok = keywords[i].tok;
}

static char*
readfile(char *name, long *np)
{
	int fd;
	long n, m;
	char *buf;

	fd = open(name, O_RDONLY);
	if(fd < 0){
		werrstr("%s", strerror(errno));
		return nil;
	}
	n = lseek(fd, 0, 2);
	lseek(fd, 0, 0);
	if(n < 0)
		n = 0;
	buf = emalloc(n+1);
	m = 0;
	while(m < n){
		long r = read(fd, buf+m, n-m);
		if(r <= 0)
			break;
		m += r;
	}
	close(fd);
	buf[m] = 0;
	*np = m;
	return buf;
}

static int
pushfile(char *name, char *buf, long n)
{
	Input *in;

	if(ninputs >= MaxInc)
		return -1;
	in = &inputs[ninputs++];
	in->buf = buf;
	in->p = buf;
	in->end = buf+n;
	in->line = 1;
	in->linestart = buf;
	if(nfiles >= nelem(files))
		nfiles = nelem(files)-1;
	files[nfiles] = estrdup(name);
	in->file = nfiles++;
	return 0;
}

/* start lexing the main source file */
int
lexstart(char *name)
{
	char *buf;
	long n;

	buf = readfile(name, &n);
	if(buf == nil)
		return -1;
	pushfile(name, buf, n);
	npeek = 0;
	return 0;
}

/*
 * include "file": as Inferno's limbo, a relative name is looked for in
 * the directory of the source file being compiled, then in each -I
 * directory; an absolute name only as written.
 */
static void
pushinclude(Src *src, char *name)
{
	char path[StrSize], *buf, *s;
	long n;
	int i;

	buf = nil;
	if(name[0] == '/')
		buf = readfile(name, &n);
	else{
		s = strrchr(files[0], '/');
		if(s != nil)
			snprint(path, sizeof path, "%.*s/%s", (int)(s-files[0]), files[0], name);
		else
			snprint(path, sizeof path, "%s", name);
		buf = readfile(path, &n);
		for(i = 0; buf == nil && i < nincdirs; i++){
			snprint(path, sizeof path, "%s/%s", incdirs[i], name);
			buf = readfile(path, &n);
		}
		name = path;
	}
	if(buf == nil){
		error(src, "can't include %s: %r", name);
		return;
	}
	if(pushfile(name, buf, n) < 0)
		error(src, "include files nested too deeply");
}

static void
srcat(Input *in, Src *s)
{
	s->file = in->file;
	s->line = in->line;
	s->pos = in->p - in->linestart;
}

static void
lexerr(Input *in, char *fmt, char *arg)
{
	Src s;

	srcat(in, &s);
	error(&s, fmt, arg);
}

static void
newline(Input *in)
{
	in->line++;
	in->linestart = in->p;
}

/*
 * the character at in->p, which starts a UTF-8 sequence (>= Runeself):
 * advance over it; invalid UTF-8 is an error (0, in->p past one byte)
 */
static int
utfrune1(Input *in, Rune *r, char *what)
{
	char b[UTFmax+1];
	int n;

	n = in->end - in->p;
	if(n > UTFmax)
		n = UTFmax;
	memmove(b, in->p, n);
	b[n] = 0;
	n = chartorune(r, b);
	if(*r == Runeerror && n == 1){
		if(what != nil)
			lexerr(in, "invalid UTF-8 in %s", what);
		in->p++;
		return 0;
	}
	in->p += n;
	return 1;
}

/* read one escape after a backslash in a string or character constant */
static long
escchar(Input *in)
{
	int c, i, n;
	long v;

	c = 0;
	if(in->p < in->end)	/* a backslash at the end of the file escapes nothing */
		c = *in->p++;
	switch(c){
	case 'n':	return '\n';
	case 't':	return '\t';
	case 'r':	return '\r';
	case 'b':	return '\b';
	case 'a':	return '\a';
	case 'f':	return '\f';
	case 'v':	return '\v';
	case '0':	return 0;
	case '\\':	return '\\';
	case '\'':	return '\'';
	case '"':	return '"';
	case 'u':
		n = 4;
		goto hex;
	case 'U':
		n = 6;
	hex:
		v = 0;
		for(i = 0; i < n; i++){
			c = *in->p;
			if(c >= '0' && c <= '9')
				v = v*16 + c-'0';
			else if(c >= 'a' && c <= 'f')
				v = v*16 + c-'a'+10;
			else if(c >= 'A' && c <= 'F')
				v = v*16 + c-'A'+10;
			else{
				lexerr(in, "bad hex escape in constant", nil);
				return v;
			}
			in->p++;
		}
		return v;
	}
	lexerr(in, "unrecognized escape \\%s", "?");
	return c;
}

static int
isident(int c)
{
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80 || c >= '0' && c <= '9';
}

static void
number(Input *in, Tok *t)
{
	char *s, *e, buf[128];
	vlong v;
	int base, d, c;

	s = in->p;
	while(*in->p >= '0' && *in->p <= '9')
		in->p++;
	if(*in->p == 'r' || *in->p == 'R'){
		base = strtol(s, nil, 10);
		if(base < 2 || base > 36)
			lexerr(in, "bad base in radix constant", nil);
		in->p++;
		v = 0;
		for(;;){
			c = *in->p;
			if(c >= '0' && c <= '9')
				d = c-'0';
			else if(c >= 'a' && c <= 'z')
				d = c-'a'+10;
			else if(c >= 'A' && c <= 'Z')
				d = c-'A'+10;
			else
				break;
			if(d >= base)
				break;
			v = v*base + d;
			in->p++;
		}
		t->t = Lconst;
		t->ival = v;
		return;
	}
	if(*in->p == '.' || *in->p == 'e' || *in->p == 'E'){
		if(*in->p == '.'){
			in->p++;
			while(*in->p >= '0' && *in->p <= '9')
				in->p++;
		}
		if(*in->p == 'e' || *in->p == 'E'){
			e = in->p++;
			if(*in->p == '+' || *in->p == '-')
				in->p++;
			if(*in->p < '0' || *in->p > '9')
				in->p = e;
			while(*in->p >= '0' && *in->p <= '9')
				in->p++;
		}
		if(in->p - s >= sizeof buf)
			lexerr(in, "real constant too long", nil);
		snprint(buf, sizeof buf, "%.*s", (int)(in->p-s), s);
		t->t = Lrconst;
		t->rval = strtod(buf, nil);
		return;
	}
	t->t = Lconst;
	v = 0;
	for(e = s; e < in->p; e++)
		v = v*10 + *e-'0';
	t->ival = v;
}

static void
strconst(Input *in, Tok *t, int q)
{
	char *buf;
	int n, max;
	long c;
	Rune r;

	max = 64;
	buf = emalloc(max);
	n = 0;
	for(;;){
		if(in->p >= in->end || q == '"' && *in->p == '\n'){
			lexerr(in, "unterminated string literal", nil);
			break;
		}
		c = (uchar)*in->p++;
		if(c == q)
			break;
		if(c == '\n')
			newline(in);
		if(n+UTFmax+1 >= max){
			max *= 2;
			buf = realloc(buf, max);
		}
		if(c == '\\' && q == '"'){
			r = escchar(in);
			n += runetochar(buf+n, &r);
		}else if(c >= Runeself){
			in->p--;
			if(!utfrune1(in, &r, "string constant"))
				continue;
			n += runetochar(buf+n, &r);
		}else
			buf[n++] = c;
	}
	buf[n] = 0;
	t->t = Lsconst;
	t->str = buf;
	t->slen = n;
}

/*
 * 'c': as in Inferno, any character, the quote itself too ('''), or an
 * escape, then the closing quote
 */
static void
charconst(Input *in, Tok *t)
{
	Rune r;
	long c;

	c = 0;
	if(in->p >= in->end)
		lexerr(in, "end of file in character constant", nil);
	else if(*in->p == '\\'){
		in->p++;
		c = escchar(in);
	}else if((uchar)*in->p >= Runeself){
		if(utfrune1(in, &r, "character constant"))
			c = r;
		else
			while(in->p < in->end && *in->p != '\'' && *in->p != '\n')
				in->p++;
	}else{
		c = (uchar)*in->p++;
		if(c == '\n')
			newline(in);
	}
	if(in->p >= in->end || *in->p != '\'')
		lexerr(in, "missing closing '", nil);
	else
		in->p++;
	t->t = Lconst;
	t->ival = c;
	t->byte = 1;
}

/*
 * include "file"; -- handled here, so it may appear wherever a
 * declaration may (at the top level and in function bodies): the
 * included file's tokens follow in place of the statement
 */
static void
include(Input *in, Src *s)
{
	Tok t;

	lex(&t);
	if(t.t != Lsconst){
		error(&t.src, "syntax error near %s: expected string constant", toktext(&t));
		return;
	}
	while(in->p < in->end && (*in->p == ' ' || *in->p == '\t' || *in->p == '\r' || *in->p == '\n' || *in->p == '#')){
		if(*in->p == '#')
			while(in->p < in->end && *in->p != '\n')
				in->p++;
		else if(*in->p++ == '\n')
			newline(in);
	}
	if(in->p < in->end && *in->p == ';')
		in->p++;
	else
		error(&t.src, "syntax error after include \"%s\": expected ;", t.str);
	pushinclude(s, t.str);
}

/* scan the next token from the inputs */
static void
lex(Tok *t)
{
	Input *in;
	int c, bad;
	char *s;
	Sym *sym;
	Rune r;

	memset(t, 0, sizeof *t);
again:
	if(ninputs == 0){
		t->t = Leof;
		return;
	}
	in = &inputs[ninputs-1];
	for(;;){
		if(in->p >= in->end){
			if(ninputs > 1){
				ninputs--;
				goto again;
			}
			srcat(in, &t->src);
			t->src.eline = t->src.line;
			t->src.epos = t->src.pos;
			t->t = Leof;
			return;
		}
		c = *in->p;
		if(c == '\n'){
			in->p++;
			newline(in);
			continue;
		}
		if(c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'){
			in->p++;
			continue;
		}
		if(c == '#'){
			while(in->p < in->end && *in->p != '\n')
				in->p++;
			continue;
		}
		break;
	}
	srcat(in, &t->src);
	s = in->p;
	c = (uchar)*in->p++;
	if(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= Runeself){
		in->p--;
		bad = 0;
		while(in->p < in->end && isident((uchar)*in->p)){
			if((uchar)*in->p < Runeself)
				in->p++;
			else if(!utfrune1(in, &r, bad++ ? nil : "identifier"))
				;
		}
		sym = enter(s, in->p - s);
		t->sym = sym;
		t->t = sym->tok ? sym->tok : Lid;
		if(t->t == Linclude){
			include(in, &t->src);
			goto again;
		}
	}else if(c >= '0' && c <= '9' || c == '.' && *in->p >= '0' && *in->p <= '9'){
		in->p--;
		if(c == '.'){
			/* .5 */
			char buf[128];
			char *q = in->p+1;
			while(*q >= '0' && *q <= '9' || *q == 'e' || *q == 'E' || (*q == '-' || *q == '+') && (q[-1] == 'e' || q[-1] == 'E'))
				q++;
			snprint(buf, sizeof buf, "%.*s", (int)(q-in->p), in->p);
			in->p = q;
			t->t = Lrconst;
			t->rval = strtod(buf, nil);
		}else
			number(in, t);
	}else switch(c){
	case '"':
	case '`':
		strconst(in, t, c);
		break;
	case '\'':
		charconst(in, t);
		break;
	case '=':
		if(*in->p == '='){ in->p++; t->t = Leq; }
		else if(*in->p == '>'){ in->p++; t->t = Larrow; }
		else t->t = '=';
		break;
	case ':':
		if(*in->p == '='){ in->p++; t->t = Ldeclas; }
		else if(*in->p == ':'){ in->p++; t->t = Lcons; }
		else t->t = ':';
		break;
	case '|':
		if(*in->p == '|'){ in->p++; t->t = Loror; }
		else if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Ooras; }
		else t->t = '|';
		break;
	case '&':
		if(*in->p == '&'){ in->p++; t->t = Landand; }
		else if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Oandas; }
		else t->t = '&';
		break;
	case '!':
		if(*in->p == '='){ in->p++; t->t = Lneq; }
		else t->t = '!';
		break;
	case '<':
		if(*in->p == '-'){ in->p++; t->t = Lcomm; }
		else if(*in->p == '<'){
			in->p++;
			if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Olshas; }
			else t->t = Llsh;
		}else if(*in->p == '='){ in->p++; t->t = Lleq; }
		else t->t = '<';
		break;
	case '>':
		if(*in->p == '>'){
			in->p++;
			if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Orshas; }
			else t->t = Lrsh;
		}else if(*in->p == '='){ in->p++; t->t = Lgeq; }
		else t->t = '>';
		break;
	case '+':
		if(*in->p == '+'){ in->p++; t->t = Linc; }
		else if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Oaddas; }
		else t->t = '+';
		break;
	case '-':
		if(*in->p == '-'){ in->p++; t->t = Ldec; }
		else if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Osubas; }
		else if(*in->p == '>'){ in->p++; t->t = Lmdot; }
		else t->t = '-';
		break;
	case '*':
		if(*in->p == '*'){
			in->p++;
			if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Oexpas; }
			else t->t = Lexp;
		}else if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Omulas; }
		else t->t = '*';
		break;
	case '/':
		if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Odivas; }
		else t->t = '/';
		break;
	case '%':
		if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Omodas; }
		else t->t = '%';
		break;
	case '^':
		if(*in->p == '='){ in->p++; t->t = Lasop; t->ival = Oxoras; }
		else t->t = '^';
		break;
	case '(': case ')': case '[': case ']': case '{': case '}':
	case ',': case ';': case '.': case '~':
		t->t = c;
		break;
	default:
		t->t = c;
		{
			char b[8];
			snprint(b, sizeof b, "%c", c);
			lexerr(in, "illegal character %s", b);
		}
		goto again;
	}
	t->src.eline = in->line;
	t->src.epos = in->p - in->linestart;
}

/* advance to the next token */
void
next(void)
{
	lastsrc = tok.src;
	if(npeek > 0){
		tok = peekbuf[phead];
		phead = (phead+1) % Npeek;
		npeek--;
		return;
	}
	lex(&tok);
}

/* the token n places after the current one (1 <= n <= Npeek) */
Tok*
peek(int n)
{
	if(n > Npeek)
		n = Npeek;
	while(npeek < n){
		lex(&peekbuf[(phead+npeek) % Npeek]);
		npeek++;
	}
	return &peekbuf[(phead+n-1) % Npeek];
}

char*
tokname(int t)
{
	static char buf[16];
	int i;

	if(t == Leof)
		return "end of file";
	if(t < 256){
		snprint(buf, sizeof buf, "%c", t);
		return buf;
	}
	for(i = 0; keywords[i].name != nil; i++)
		if(keywords[i].tok == t)
			return keywords[i].name;
	switch(t){
	case Lid:	return "identifier";
	case Lconst:	return "constant";
	case Lrconst:	return "real constant";
	case Lsconst:	return "string constant";
	case Lasop:	return "assignment operator";
	case Ldeclas:	return ":=";
	case Lcons:	return "::";
	case Loror:	return "||";
	case Landand:	return "&&";
	case Leq:	return "==";
	case Lneq:	return "!=";
	case Lleq:	return "<=";
	case Lgeq:	return ">=";
	case Llsh:	return "<<";
	case Lrsh:	return ">>";
	case Lexp:	return "**";
	case Lcomm:	return "<-";
	case Linc:	return "++";
	case Ldec:	return "--";
	case Lmdot:	return "->";
	case Larrow:	return "=>";
	}
	return "token";
}

/* the text of the current token, for syntax errors */
char*
toktext(Tok *t)
{
	static char buf[64];

	switch(t->t){
	case Lid:
		return t->sym->name;
	case Lconst:
		snprint(buf, sizeof buf, "%lld", t->ival);
		return buf;
	case Lsconst:
		snprint(buf, sizeof buf, "\"%.40s\"", t->str);
		return buf;
	}
	if(t->t >= Ladt && t->sym != nil)
		return t->sym->name;
	return tokname(t->t);
}

/* file:line: what (limbo: what without a place) */
static void
report(Src *src, char *what)
{
	if(src != nil && src->file < nfiles && files[src->file] != nil)
		fprint(2, "%s:%d: %s\n", files[src->file], src->line, what);
	else
		fprint(2, "limbo: %s\n", what);
}

void
error(Src *src, char *fmt, ...)
{
	char buf[StrSize];
	va_list arg;

	va_start(arg, fmt);
	vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	report(src, buf);
	nerrors++;
	if(errlimit > 0 && nerrors >= errlimit){
		fprint(2, "too many errors, stopping\n");
		exits("errors");
	}
}

/* a warning (limbo -w): the place and the message, not an error */
void
warn(Src *src, char *fmt, ...)
{
	char buf[StrSize], *p;
	va_list arg;

	if(!dowarn)
		return;
	p = seprint(buf, buf+sizeof buf, "warning: ");
	va_start(arg, fmt);
	vseprint(p, buf+sizeof buf, fmt, arg);
	va_end(arg);
	report(src, buf);
}

void
fatal(char *fmt, ...)
{
	char buf[StrSize];
	va_list arg;

	va_start(arg, fmt);
	vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	if(cursrc.line > 0 && cursrc.file < nfiles && files[cursrc.file] != nil)
		fprint(2, "%s:%d: limbo: fatal error: %s\n", files[cursrc.file], cursrc.line, buf);
	else
		fprint(2, "limbo: fatal error: %s\n", buf);
	exits("fatal");
}
