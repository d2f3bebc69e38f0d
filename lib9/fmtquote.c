/*
 * %q and %Q: print a string so that rc (and Inferno's sh) read it back
 * as one word.  A string needs quotes if it is empty, if the # flag is
 * given, or if it holds a space or control character, a quote, or a
 * rune for which doquote (nil unless the program sets it, typically
 * to needsrcquote) says yes.  Quoted, it is wrapped in '...' with each
 * ' inside doubled.  Precision limits the bytes (%Q: Runes) taken from
 * the string, as %s's does; width pads the result.  Into a fixed buffer (no flush) only as much
 * of the string is taken as fits with both quotes.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

int	(*doquote)(int);

int
needsrcquote(int c)
{
	if(c <= ' ' || c == '\'')
		return 1;
	if(c < Runeself && strchr("`^#*[]=|\\?${}()'<>&;", c) != nil)
		return 1;
	return 0;
}

static int
needsquote(Rune c)
{
	return c <= ' ' || c == '\'' || (doquote != nil && (*doquote)(c));
}

/* a rune at a time from either a UTF-8 or a Rune string */
typedef struct Qsrc Qsrc;
struct Qsrc
{
	char	*s;
	Rune	*r;
	int	n;		/* bytes (or Runes) left to take; < 0 for all */
};

static Rune
qnext(Qsrc *q)
{
	Rune c;
	int k;

	if(q->n == 0)
		return 0;
	k = 1;
	if(q->r != nil)
		c = *q->r;
	else{
		c = *(uchar*)q->s;
		if(c >= Runeself)
			k = chartorune(&c, q->s);
	}
	if(c == 0 || q->n > 0 && k > q->n)
		return 0;
	if(q->r != nil)
		q->r++;
	else
		q->s += k;
	if(q->n > 0)
		q->n -= k;
	return c;
}

/* units of output c takes in f's buffer */
static int
qunits(Fmt *f, Rune c)
{
	if(f->runes || c < Runeself)
		return 1;
	return runelen(c);
}

static int
qfmt(Fmt *f, char *s, Rune *r)
{
	Qsrc q, q0;
	Rune c;
	long room, used;
	int nin, nout, quoted, w, k;

	if(s == nil && r == nil)
		return fmtstrcpy(f, "<nil>");
	room = 0x7FFFFFFF;
	if(f->flush == nil){
		if(f->runes)
			room = (Rune*)f->stop - (Rune*)f->to;
		else
			room = (char*)f->stop - (char*)f->to;
	}
	q.s = s;
	q.r = r;
	q.n = -1;
	if(f->flags & FmtPrec)
		q.n = f->prec;
	q0 = q;

	/* first pass: how many runes to take, whether to quote, output length */
	quoted = (f->flags & FmtSharp) != 0 || qnext(&q) == 0;
	q = q0;
	nin = 0;
	nout = 0;
	used = quoted ? 2 : 0;
	while((c = qnext(&q)) != 0){
		k = qunits(f, c);
		if(!quoted && needsquote(c)){
			quoted = 1;
			used += 2;
		}
		if(c == '\'')
			k *= 2;
		if(used + k > room)
			break;
		used += k;
		nin++;
		nout += c == '\'' ? 2 : 1;
	}
	if(quoted)
		nout += 2;

	w = 0;
	if(f->flags & FmtWidth)
		w = f->width - nout;
	if(!(f->flags & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	q = q0;
	if(quoted && _fmtputr(f, '\'') < 0)
		return -1;
	for(; nin > 0; nin--){
		c = qnext(&q);
		if(_fmtputr(f, c) < 0)
			return -1;
		if(c == '\'' && _fmtputr(f, c) < 0)
			return -1;
	}
	if(quoted && _fmtputr(f, '\'') < 0)
		return -1;
	if((f->flags & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	return 0;
}

int
quotestrfmt(Fmt *f)
{
	return qfmt(f, va_arg(f->args, char*), nil);
}

int
quoterunestrfmt(Fmt *f)
{
	return qfmt(f, nil, va_arg(f->args, Rune*));
}

/* the builtin %q and %Q */
int
_quotefmt(Fmt *f)
{
	if(f->r == 'Q')
		return quoterunestrfmt(f);
	return quotestrfmt(f);
}

/* %q and %Q are built in; this puts them back if they were replaced */
void
quotefmtinstall(void)
{
	fmtinstall('q', quotestrfmt);
	fmtinstall('Q', quoterunestrfmt);
}

/* s, quoted if it needs to be, in new memory */
char*
quotestrdup(char *s)
{
	return smprint("%q", s);
}
