/*
 * fmt.c -- the core of Plan 9 formatted print: dofmt walks the format,
 * collects flags, width and precision, and calls the verb's function.
 * Output goes into a Fmt buffer of chars (UTF-8) or Runes; when the
 * buffer fills, its flush function is called to empty or grow it.
 * Invariant: f->nfmt counts every unit put into the buffer so far.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

enum
{
	Maxinstall	= 64,
	Maxwidth	= 1<<20,	/* larger widths and precisions are cut to this */
};

typedef struct Verb Verb;
struct Verb
{
	Rune	c;
	Fmtfn	f;
};

static int	intfmt(Fmt*);
static int	charfmt(Fmt*);
static int	runefmt(Fmt*);
static int	strfmt(Fmt*);
static int	runesfmt(Fmt*);
static int	percentfmt(Fmt*);
static int	errfmt(Fmt*);
static int	countfmt(Fmt*);
static int	badfmt(Fmt*);

static Verb builtin[] = {
	'd',	intfmt,
	'i',	intfmt,
	'o',	intfmt,
	'x',	intfmt,
	'X',	intfmt,
	'b',	intfmt,
	'u',	intfmt,
	'p',	intfmt,
	'c',	charfmt,
	'C',	runefmt,
	's',	strfmt,
	'S',	runesfmt,
	'q',	_quotefmt,
	'Q',	_quotefmt,
	'e',	_efgfmt,
	'f',	_efgfmt,
	'g',	_efgfmt,
	'E',	_efgfmt,
	'G',	_efgfmt,
	0xC9,	_efgfmt,	/* É: %E for Inferno's %E-is-ether-address world */
	'r',	errfmt,
	'n',	countfmt,
	'%',	percentfmt,
};

static Verb installed[Maxinstall];
static int ninstalled;

/*
 * Install f as the function for verb c, replacing any earlier one
 * (builtin verbs included).  Meant to be called at initialisation.
 */
int
fmtinstall(int c, int (*f)(Fmt*))
{
	int i;

	if(c <= 0 || c > Runemax || f == nil)
		return -1;
	for(i = 0; i < ninstalled; i++)
		if(installed[i].c == c){
			installed[i].f = f;
			return 0;
		}
	if(ninstalled >= Maxinstall)
		return -1;
	installed[ninstalled].f = f;
	installed[ninstalled].c = c;
	ninstalled++;
	return 0;
}

Fmtfn
_fmtlookup(Rune c)
{
	int i;

	for(i = 0; i < ninstalled; i++)
		if(installed[i].c == c)
			return installed[i].f;
	for(i = 0; i < nelem(builtin); i++)
		if(builtin[i].c == c)
			return builtin[i].f;
	return nil;
}

/* returns 1 if the buffer has (perhaps new) room, 0 if it cannot be flushed */
int
_fmtflush(Fmt *f)
{
	if(f->flush == nil)
		return 0;
	return (*f->flush)(f) != 0;
}

/* put one rune, encoded if the buffer holds chars; never splits a rune */
int
_fmtputr(Fmt *f, Rune r)
{
	Rune *rt;
	char *t;
	int n;

	if(f->runes){
		if((Rune*)f->to >= (Rune*)f->stop)
		if(!_fmtflush(f) || (Rune*)f->to >= (Rune*)f->stop)
			return -1;
		rt = f->to;
		*rt++ = r;
		f->to = rt;
		f->nfmt++;
		return 0;
	}
	n = 1;
	if(r >= Runeself)
		n = runelen(r);
	if((char*)f->to + n > (char*)f->stop)
	if(!_fmtflush(f) || (char*)f->to + n > (char*)f->stop)
		return -1;
	t = f->to;
	if(n == 1)
		*t = r;
	else
		runetochar(t, &r);
	f->to = t + n;
	f->nfmt += n;
	return 0;
}

/*
 * Put n bytes of UTF-8 text.  Into a char buffer the bytes are copied
 * as they are, in pieces that end on rune boundaries; into a Rune
 * buffer they are decoded.
 */
int
_fmtputs(Fmt *f, char *s, long n)
{
	char *e;
	long k, room;
	Rune r;

	e = s + n;
	if(f->runes){
		while(s < e){
			r = *(uchar*)s;
			if(r < Runeself)
				s++;
			else
				s += chartorune(&r, s);
			if(_fmtputr(f, r) < 0)
				return -1;
		}
		return 0;
	}
	while(s < e){
		room = (char*)f->stop - (char*)f->to;
		k = e - s;
		if(k > room){
			k = room;
			while(k > 0 && (s[k] & 0xC0) == 0x80)
				k--;
		}
		if(k == 0){
			if(!_fmtflush(f))
				return -1;
			if((char*)f->stop - (char*)f->to < UTFmax && (char*)f->stop - (char*)f->to < e - s){
				/* tiny buffer: go a rune at a time */
				s += chartorune(&r, s);
				if(_fmtputr(f, r) < 0)
					return -1;
			}
			continue;
		}
		memmove(f->to, s, k);
		f->to = (char*)f->to + k;
		f->nfmt += k;
		s += k;
	}
	return 0;
}

/* n spaces: padding is always spaces, zeros are the integer verbs' business */
int
_fmtpad(Fmt *f, int n)
{
	for(; n > 0; n--)
		if(_fmtputr(f, ' ') < 0)
			return -1;
	return 0;
}

/*
 * Copy at most nr runes (nr < 0: all) of the sz bytes of UTF-8 at s,
 * padded to f->width runes on the side FmtLeft says.
 */
int
_fmtcpy(Fmt *f, char *s, int nr, long sz)
{
	char *p, *e;
	long nb;
	int n, w;
	Rune r;

	e = s + sz;
	nb = sz;
	n = 0;
	if(nr >= 0 || (f->flags & FmtWidth)){
		/* count runes, and bytes in the first nr of them */
		for(p = s; p < e && (nr < 0 || n < nr); n++){
			if(*(uchar*)p < Runeself)
				p++;
			else
				p += chartorune(&r, p);
		}
		if(p > e)
			p = e;
		nb = p - s;
	}
	w = 0;
	if(f->flags & FmtWidth)
		w = f->width - n;
	if(!(f->flags & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	if(_fmtputs(f, s, nb) < 0)
		return -1;
	if((f->flags & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	return 0;
}

/* like _fmtcpy for n runes at r (n < 0: up to a zero rune) */
int
_fmtrcpy(Fmt *f, Rune *r, int n)
{
	Rune *e;
	int w;

	if(n < 0)
		for(n = 0; r[n] != 0; n++)
			;
	e = r + n;
	w = 0;
	if(f->flags & FmtWidth)
		w = f->width - n;
	if(!(f->flags & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	for(; r < e; r++)
		if(_fmtputr(f, *r) < 0)
			return -1;
	if((f->flags & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	return 0;
}

int
fmtrune(Fmt *f, int r)
{
	return _fmtputr(f, r);
}

/*
 * Copy a string, padded to the width (in runes).  As in Inferno, the
 * precision counts bytes, and a rune it would cut is left out.
 */
int
fmtstrcpy(Fmt *f, char *s)
{
	long n, i;

	if(s == nil)
		s = "<nil>";
	if(!(f->flags & FmtPrec))
		return _fmtcpy(f, s, -1, strlen(s));
	for(n = 0; n < f->prec && s[n] != 0; n++)
		;
	if(n > 0 && (uchar)s[n-1] >= Runeself){
		/* drop a partial rune at the end */
		for(i = n-1; i > 0 && (s[i] & 0xC0) == 0x80; i--)
			;
		if(!fullrune(s+i, n-i))
			n = i;
	}
	return _fmtcpy(f, s, -1, n);
}

int
fmtrunestrcpy(Fmt *f, Rune *r)
{
	int n;

	if(r == nil)
		return fmtstrcpy(f, "<nil>");
	for(n = 0; r[n] != 0; n++)
		if((f->flags & FmtPrec) && n >= f->prec)
			break;
	return _fmtrcpy(f, r, n);
}

/*
 * The verb loop.  Returns the number of units this call produced, or
 * -1 if the output could not be flushed or a verb failed.
 */
int
dofmt(Fmt *f, char *fmt)
{
	char *p;
	int n, nfmt, inprec;
	Fmtfn fn;
	Rune r;

	nfmt = f->nfmt;
	for(;;){
		for(p = fmt; *p != 0 && *p != '%'; p++)
			;
		if(p > fmt && _fmtputs(f, fmt, p - fmt) < 0)
			return -1;
		if(*p == 0)
			return f->nfmt - nfmt;
		fmt = p + 1;
		f->flags = 0;
		f->width = 0;
		f->prec = 0;
		inprec = 0;
		for(;;){
			r = *(uchar*)fmt;
			if(r >= Runeself)
				fmt += chartorune(&r, fmt);
			else if(r != 0)
				fmt++;
			f->r = r;
			switch(r){
			case 0:
				/* a % ending the format prints as itself */
				if(_fmtputr(f, '%') < 0)
					return -1;
				return f->nfmt - nfmt;
			case '.':
				inprec = 1;
				f->flags |= FmtPrec;
				continue;
			case '0':
				if(!inprec && !(f->flags & FmtWidth)){
					f->flags |= FmtZero;
					continue;
				}
				/* fall through */
			case '1': case '2': case '3': case '4':
			case '5': case '6': case '7': case '8': case '9':
				n = r - '0';
				while(*fmt >= '0' && *fmt <= '9'){
					n = n*10 + *fmt++ - '0';
					if(n > Maxwidth)
						n = Maxwidth;
				}
				if(inprec)
					f->prec = n;
				else{
					f->width = n;
					f->flags |= FmtWidth;
				}
				continue;
			case '*':
				n = va_arg(f->args, int);
				if(n > Maxwidth)
					n = Maxwidth;
				if(n < -Maxwidth)
					n = -Maxwidth;
				if(inprec){
					if(n < 0)
						f->flags &= ~FmtPrec;
					else
						f->prec = n;
				}else{
					if(n < 0){
						f->flags |= FmtLeft;
						n = -n;
					}
					f->width = n;
					f->flags |= FmtWidth;
				}
				continue;
			case '-':
				f->flags |= FmtLeft;
				continue;
			case '+':
				f->flags |= FmtSign;
				continue;
			case ' ':
				f->flags |= FmtSpace;
				continue;
			case '#':
				f->flags |= FmtSharp;
				continue;
			case ',':
				f->flags |= FmtComma;
				continue;
			case '\'':
				f->flags |= FmtApost;
				continue;
			case 'h':
				if(f->flags & FmtShort)
					f->flags |= FmtByte;
				f->flags |= FmtShort;
				continue;
			case 'l':
				if(f->flags & FmtLong)
					f->flags |= FmtVLong;
				f->flags |= FmtLong;
				continue;
			case 'z':
				if(sizeof(uintptr) == sizeof(uvlong))
					f->flags |= FmtVLong;
				f->flags |= FmtLong;
				continue;
			case 'u':
				/* Plan 9's %ud, %ulld ...: u is a flag before an integer verb or a size */
				if(*fmt != 0 && strchr("dioxXbcChlz", *fmt) != nil){
					f->flags |= FmtUnsigned;
					continue;
				}
				break;
			}
			fn = _fmtlookup(r);
			if(fn == nil)
				fn = badfmt;
			n = (*fn)(f);
			if(n < 0)
				return -1;
			if(n == 0)
				break;
			/* a positive return: the verb was a user-installed flag */
		}
	}
}

/* dofmt with a Rune format: converted to UTF-8, then formatted */
int
dorfmt(Fmt *f, Rune *fmt)
{
	char *s, *p;
	int n, i;

	for(n = 0; fmt[n] != 0; n++)
		;
	s = malloc(n*UTFmax + 1);
	if(s == nil)
		return -1;
	p = s;
	for(i = 0; i < n; i++)
		p += runetochar(p, &fmt[i]);
	*p = 0;
	n = dofmt(f, s);
	free(s);
	return n;
}

/*
 * Format into f from within a verb: f's state is saved and restored.
 * Returns 0, or -1 on error, so a verb may return its value.
 */
int
fmtvprint(Fmt *f, char *fmt, va_list args)
{
	va_list save;
	ulong flags;
	int width, prec, n;
	Rune r;

	va_copy(save, f->args);
	flags = f->flags;
	width = f->width;
	prec = f->prec;
	r = f->r;
	va_end(f->args);
	va_copy(f->args, args);
	n = dofmt(f, fmt);
	va_end(f->args);
	va_copy(f->args, save);
	va_end(save);
	f->flags = flags;
	f->width = width;
	f->prec = prec;
	f->r = r;
	return n < 0 ? -1 : 0;
}

int
fmtprint(Fmt *f, char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = fmtvprint(f, fmt, args);
	va_end(args);
	return n;
}

/*
 * Integers: %d %i %u signed or unsigned decimal, %o %x %X %b octal,
 * hex, binary, %p a pointer in hex.  # adds 0 or 0x, comma groups by 3.
 */
static int
intfmt(Fmt *f)
{
	char buf[100], pbuf[4], *p, *e, *pre, *pp;
	uvlong u;
	vlong v;
	int base, neg, n, digits, w, fl, zeros;
	char *conv;

	fl = f->flags;
	neg = 0;
	conv = "0123456789abcdef";
	switch(f->r){
	case 'o':
		base = 8;
		break;
	case 'x':
		base = 16;
		break;
	case 'X':
		base = 16;
		conv = "0123456789ABCDEF";
		break;
	case 'b':
		base = 2;
		break;
	case 'u':
		fl |= FmtUnsigned;
		/* fall through */
	default:
		base = 10;
		break;
	}
	if(f->r == 'p'){
		u = (uintptr)va_arg(f->args, void*);
		base = 16;
		fl |= FmtUnsigned;
	}else if(fl & FmtVLong){
		if(fl & FmtUnsigned)
			u = va_arg(f->args, uvlong);
		else{
			v = va_arg(f->args, vlong);
			u = v;
			if(v < 0){
				neg = 1;
				u = -(uvlong)v;
			}
		}
	}else if(fl & FmtLong){
		if(fl & FmtUnsigned)
			u = va_arg(f->args, ulong);
		else{
			v = va_arg(f->args, long);
			u = (ulong)v;
			if(v < 0){
				neg = 1;
				u = -(uvlong)v;
			}
		}
	}else{
		v = va_arg(f->args, int);
		if(fl & FmtByte)
			v = (fl & FmtUnsigned) ? (uchar)v : (schar)v;
		else if(fl & FmtShort)
			v = (fl & FmtUnsigned) ? (ushort)v : (short)v;
		if(fl & FmtUnsigned)
			u = (uint)v;
		else{
			u = (uint)v;
			if(v < 0){
				neg = 1;
				u = -(uvlong)v;
			}
		}
	}

	/* digits, right to left */
	e = buf + sizeof buf;
	p = e;
	digits = 0;
	do{
		if((fl & (FmtComma|FmtApost)) && digits > 0 && digits % 3 == 0)
			*--p = ',';
		*--p = conv[u % base];
		u /= base;
		digits++;
	}while(u != 0);

	/* prefix: sign, then 0 or 0x */
	pre = pp = pbuf;
	if(neg)
		*pp++ = '-';
	else if(fl & FmtSign)
		*pp++ = '+';
	else if(fl & FmtSpace)
		*pp++ = ' ';
	if(fl & FmtSharp){
		if(base == 16){
			*pp++ = '0';
			*pp++ = f->r == 'X' ? 'X' : 'x';
		}else if(base == 8 && *p != '0' && !((fl & FmtPrec) && f->prec > digits))
			*pp++ = '0';
	}

	/* zeros: to the precision, or (0 flag) to the width */
	zeros = 0;
	if(fl & FmtPrec){
		if(f->prec > digits)
			zeros = f->prec - digits;
	}
	if((fl & (FmtZero|FmtWidth|FmtLeft)) == (FmtZero|FmtWidth)
	&& f->width - (pp - pre) - (e - p) > zeros)
		zeros = f->width - (pp - pre) - (e - p);
	if(zeros < 0)
		zeros = 0;
	n = (pp - pre) + zeros + (e - p);
	w = 0;
	if(fl & FmtWidth)
		w = f->width - n;
	if(!(fl & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	if(_fmtputs(f, pre, pp - pre) < 0)
		return -1;
	for(; zeros > 0; zeros--)
		if(_fmtputr(f, '0') < 0)
			return -1;
	if(_fmtputs(f, p, e - p) < 0)
		return -1;
	if((fl & FmtLeft) && _fmtpad(f, w) < 0)
		return -1;
	return 0;
}

static int
charfmt(Fmt *f)
{
	Rune r;

	r = va_arg(f->args, int);
	if(f->flags & FmtByte)
		r &= 0xFF;
	return _fmtrcpy(f, &r, 1);
}

static int
runefmt(Fmt *f)
{
	Rune r;

	r = va_arg(f->args, Rune);
	return _fmtrcpy(f, &r, 1);
}

static int
strfmt(Fmt *f)
{
	char *s;

	s = va_arg(f->args, char*);
	return fmtstrcpy(f, s);
}

static int
runesfmt(Fmt *f)
{
	Rune *r;

	r = va_arg(f->args, Rune*);
	return fmtrunestrcpy(f, r);
}

static int
percentfmt(Fmt *f)
{
	Rune r;

	r = '%';
	return _fmtrcpy(f, &r, 1);
}

/* %r: the error string; takes no argument */
static int
errfmt(Fmt *f)
{
	char buf[ERRMAX];

	rerrstr(buf, sizeof buf);
	return fmtstrcpy(f, buf);
}

/* %n: store the count so far */
static int
countfmt(Fmt *f)
{
	void *p;

	p = va_arg(f->args, void*);
	if(f->flags & FmtVLong)
		*(vlong*)p = f->nfmt;
	else if(f->flags & FmtLong)
		*(long*)p = f->nfmt;
	else if(f->flags & FmtByte)
		*(char*)p = f->nfmt;
	else if(f->flags & FmtShort)
		*(short*)p = f->nfmt;
	else
		*(int*)p = f->nfmt;
	return 0;
}

/* an unknown verb prints as %verb% so the mistake shows */
static int
badfmt(Fmt *f)
{
	char x[2+UTFmax];
	int n;

	x[0] = '%';
	n = 1 + runetochar(x+1, &f->r);
	x[n++] = '%';
	f->flags &= FmtWidth|FmtLeft;
	return _fmtcpy(f, x, n, n);
}
