/*
 * Limbo strings.  A String holds either bytes (len >= 0), all below
 * Runeself, or runes (len < 0).  Byte strings keep one spare byte so
 * string2c can terminate them in place.  max is the capacity, which
 * addstring over-allocates when appending so that s += t is linear.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

enum
{
	Strhdr	= sizeof(String)-STRUCTALIGN,
};

/*
 * Dis code is not type checked: a malformed module can pass any heap
 * object where a string belongs.  What writes to a string, or frees
 * its tmp, checks first that it is one.
 */
#define	CHKSTR(s)	if((s) != H && D2H(s)->t != &Tstring) error(exType)

String*
mkstring(int n, int rune)
{
	Heap *h;
	String *s;

	if(n < 0)
		error(exNegsize);
	if(rune)
		h = halloc(sizeof(Heap)+Strhdr+n*sizeof(Rune)+1, &Tstring);
	else
		h = halloc(sizeof(Heap)+Strhdr+n+1, &Tstring);
	s = H2D(String*, h);
	s->len = rune ? -n : n;
	s->max = n;
	s->tmp = nil;
	return s;
}

String*
newstring(int n)
{
	return mkstring(n, 0);
}

String*
newrunes(int n)
{
	return mkstring(n, 1);
}

/*
 * s->tmp, string2c's UTF copy of a rune string, is an untyped heap
 * block that s holds a reference to (the collector marks it through
 * s).  Dis code can write over it, so it is freed only if it is one.
 */
static void
droptmp(String *s)
{
	void *t;

	t = s->tmp;
	s->tmp = nil;
	if(t != nil && heapblock(t) && D2H(t)->t == nil)
		destroy(t);
}

/* s is being freed; swept, its tmp is garbage too and swept on its own */
void
freestring(Heap *h, int swept)
{
	if(!swept)
		droptmp(H2D(String*, h));
}

int
stringlen(String *s)
{
	if(s == H)
		return 0;
	return s->len < 0 ? -s->len : s->len;
}

Rune
stringrune(String *s, int i)
{
	if(s->len < 0)
		return s->Srune[i];
	return (uchar)s->Sascii[i];
}

/* the string of UTF-8 cs[0:n]; malformed bytes are Runeerror each */
String*
c2string(char *cs, int n)
{
	char *p, *e;
	int nr, ascii;
	Rune r, *rp;
	String *s;

	if(n < 0)
		n = 0;
	ascii = 1;
	for(p = cs; p < cs+n; p++)
		if((uchar)*p >= Runeself){
			ascii = 0;
			break;
		}
	if(ascii){
		s = mkstring(n, 0);
		memmove(s->Sascii, cs, n);
		return s;
	}
	/* as Inferno's: a sequence cut short by the end is left out (a reader's next buffer has it) */
	nr = 0;
	e = cs+n;
	for(p = cs; p < e && fullrune(p, e-p); nr++)
		p += chartorune(&r, p);
	e = p;
	s = mkstring(nr, 1);
	rp = s->Srune;
	for(p = cs; p < e; rp++)
		p += chartorune(rp, p);
	return s;
}

/* a NUL-terminated UTF-8 copy, living as long as the string */
char*
string2c(String *s)
{
	char *p;
	int i, n;

	if(s == H)
		return "";
	CHKSTR(s);
	if(s->len >= 0){
		s->Sascii[s->len] = 0;
		return s->Sascii;
	}
	n = -s->len;
	droptmp(s);
	p = H2D(char*, nheap(n*UTFmax+1));
	s->tmp = p;
	for(i = 0; i < n; i++)
		p += runetochar(p, &s->Srune[i]);
	*p = 0;
	return s->tmp;
}

int
stringblen(String *s)
{
	int i, n;
	char buf[UTFmax];

	if(s == H)
		return 0;
	if(s->len >= 0)
		return s->len;
	n = 0;
	for(i = 0; i < -s->len; i++)
		n += runetochar(buf, &s->Srune[i]);
	return n;
}

String*
stringdup(String *s)
{
	String *ns;
	int n;

	if(s == H)
		return H;
	n = stringlen(s);
	ns = mkstring(n, s->len < 0);
	if(s->len < 0)
		memmove(ns->Srune, s->Srune, n*sizeof(Rune));
	else
		memmove(ns->Sascii, s->Sascii, n);
	return ns;
}

int
stringcmp(String *a, String *b)
{
	int i, na, nb, n;
	Rune ra, rb;

	if(a == b)
		return 0;
	na = stringlen(a);
	nb = stringlen(b);
	n = na < nb ? na : nb;
	if(n > 0 && a->len >= 0 && b->len >= 0){
		i = memcmp(a->Sascii, b->Sascii, n);
		if(i != 0)
			return i < 0 ? -1 : 1;
	}else
		for(i = 0; i < n; i++){
			ra = stringrune(a, i);
			rb = stringrune(b, i);
			if(ra != rb)
				return ra < rb ? -1 : 1;
		}
	if(na == nb)
		return 0;
	return na < nb ? -1 : 1;
}

/* copy n characters of s from i into d at j, d being a rune string if d->len < 0 */
static void
copychars(String *d, int j, String *s, int i, int n)
{
	int k;

	if(n <= 0)
		return;
	if(d->len >= 0){
		memmove(d->Sascii+j, s->Sascii+i, n);
		return;
	}
	if(s->len < 0){
		memmove(d->Srune+j, s->Srune+i, n*sizeof(Rune));
		return;
	}
	for(k = 0; k < n; k++)
		d->Srune[j+k] = (uchar)s->Sascii[i+k];
}

/*
 * a+b; if append, a may be extended in place (the caller owns the only
 * reference) and the result has room to grow.
 */
String*
addstring(String *a, String *b, int append)
{
	int na, nb, rune, cap;
	String *s;

	CHKSTR(a);
	CHKSTR(b);
	na = stringlen(a);
	nb = stringlen(b);
	if(a == H && b == H)
		return mkstring(0, 0);
	rune = (a != H && a->len < 0) || (b != H && b->len < 0);
	if(append && a != H && (a->len < 0) == rune && na+nb <= a->max && D2H(a)->ref == 1){
		copychars(a, na, b, 0, nb);
		a->len = rune ? -(na+nb) : na+nb;
		droptmp(a);
		D2H(a)->ref++;
		return a;
	}
	cap = na+nb;
	if(append)
		cap += cap/2+16;
	s = mkstring(cap, rune);
	s->len = rune ? -(na+nb) : na+nb;
	if(na)
		copychars(s, 0, a, 0, na);
	if(nb)
		copychars(s, na, b, 0, nb);
	return s;
}

String*
slicer(ulong start, ulong end, String *s)
{
	String *ns;
	int n, rune;

	n = stringlen(s);
	if(start > end || end > n)
		error(exBounds);
	if(s == H || start == end)
		return H;
	rune = s->len < 0;
	ns = mkstring(end-start, rune);
	copychars(ns, 0, s, start, end-start);
	return ns;
}

String*
slicec(String *s, int a, int b)
{
	int n;

	n = stringlen(s);
	if(a < 0 || b < a || b > n)
		error(exBounds);
	return slicer(a, b, s);
}

/*
 * s[i] = r, in place when possible; i may be len s (append one).
 * Whether the result holds runes is kept in rune: an empty string's
 * len cannot say.
 */
void
insc(String **sp, WORD i, Rune r)
{
	String *s, *ns;
	int n, rune;

	s = *sp;
	CHKSTR(s);
	n = stringlen(s);
	if(i < 0 || i > n)
		error(exBounds);
	if(r > Runemax || (r >= 0xD800 && r < 0xE000))
		r = Runeerror;
	rune = s != H && s->len < 0 || r >= Runeself;
	if(s == H || D2H(s)->ref > 1 || i == n && n >= s->max || rune && s->len >= 0){
		ns = mkstring(i == n ? n+1+n/2 : n, rune);
		if(s != H)
			copychars(ns, 0, s, 0, n);
		destroy(s);
		*sp = s = ns;
	}
	if(i == n)
		n++;
	if(rune){
		s->Srune[i] = r;
		s->len = -n;
	}else{
		s->Sascii[i] = r;
		s->len = n;
	}
	droptmp(s);
}

void
retnstr(char *s, int n, String **d)
{
	String *old;

	old = *d;
	*d = c2string(s, n);
	destroy(old);
}

void
retstr(char *s, String **d)
{
	retnstr(s, s == nil ? 0 : strlen(s), d);
}

void
cvtwc(WORD w, String **d)
{
	char buf[32];

	snprint(buf, sizeof buf, "%d", w);
	retstr(buf, d);
}

void
cvtlc(LONG l, String **d)
{
	char buf[32];

	snprint(buf, sizeof buf, "%lld", l);
	retstr(buf, d);
}

void
cvtfc(REAL f, String **d)
{
	char buf[G2strmax];

	g2str(f, buf);
	retstr(buf, d);
}

WORD
cvtcw(String *s)
{
	if(s == H)
		return 0;
	return strtol(string2c(s), nil, 10);
}

LONG
cvtcl(String *s)
{
	if(s == H)
		return 0;
	return strtoll(string2c(s), nil, 10);
}

REAL
cvtcf(String *s)
{
	if(s == H)
		return 0;
	return fmtstrtod(string2c(s), nil);
}

/* array of byte s: its UTF, NULs and all */
Array*
cvtca(String *s)
{
	Array *a;
	char *p;
	int i;

	if(s == H)
		return H;
	CHKSTR(s);
	if(s->len >= 0)
		return mem2array(s->Sascii, s->len);
	a = H2D(Array*, heaparray(&Tbyte, stringblen(s)));
	p = (char*)a->data;
	for(i = 0; i < -s->len; i++)
		p += runetochar(p, &s->Srune[i]);
	return a;
}

String*
cvtac(Array *a)
{
	if(a == H)
		return H;
	return c2string((char*)a->data, a->len);
}
