#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/* copy the part of string str at offset off into buf */
long
readstr(ulong off, char *buf, ulong n, char *str)
{
	ulong size;

	size = strlen(str);
	if(off >= size)
		return 0;
	if(off+n > size)
		n = size-off;
	memmove(buf, str+off, n);
	return n;
}

/* a number as a right-justified field of size characters and a blank */
long
readnum(ulong off, char *buf, ulong n, ulong val, int size)
{
	char tmp[64];

	snprint(tmp, sizeof tmp, "%*lud", size-1, val);
	tmp[size-1] = ' ';
	tmp[size] = 0;
	return readstr(off, buf, n, tmp);
}

long
readnum64(ulong off, char *buf, ulong n, uvlong val, int size)
{
	char tmp[64];

	snprint(tmp, sizeof tmp, "%*llud", size-1, val);
	tmp[size-1] = ' ';
	tmp[size] = 0;
	return readstr(off, buf, n, tmp);
}

/*
 * split a control message (at most 64K) into fields; the result is one
 * allocation.  A NUL in the message is an error (Ebadctl): the fields
 * would end at it, and what came after it would be dropped unseen.
 */
Cmdbuf*
parsecmd(char *p, int n)
{
	Cmdbuf *cb;
	int nf;
	char *sp;

	if(n < 0 || n > 64*1024)
		error(Etoobig);
	if(memchr(p, 0, n) != nil)
		error(Ebadctl);
	nf = n/2 + 2;
	cb = smalloc(sizeof(*cb) + nf*sizeof(char*) + n + 1);
	cb->f = (char**)(cb+1);
	sp = (char*)(cb->f + nf);
	cb->buf = sp;
	memmove(sp, p, n);
	sp[n] = 0;
	if(n > 0 && sp[n-1] == '\n')
		sp[n-1] = 0;
	cb->nf = tokenize(sp, cb->f, nf-1);
	cb->f[cb->nf] = nil;
	return cb;
}

/*
 * append to p (up to e) at most max bytes of s as well-formed text:
 * malformed UTF-8 and control characters become '?'
 */
static char*
seprinttext(char *p, char *e, char *s, int max)
{
	Rune r;
	int n;
	char *s0;

	for(s0 = s; *s != 0 && s-s0 < max && p < e-UTFmax-1; s += n){
		n = chartorune(&r, s);
		if(r == Runeerror || r < ' ' || r == 0x7F)
			r = '?';
		p += runetochar(p, &r);
	}
	*p = 0;
	if(*s != 0)
		p = seprint(p, e, "...");
	return p;
}

/* raise an error naming the offending message (the start of it) */
void
cmderror(Cmdbuf *cb, char *s)
{
	char buf[ERRMAX], text[64], *p, *e, *t;
	int i;

	t = text;
	for(i = 0; i < cb->nf && t < text+sizeof text-8; i++){
		if(i > 0)
			*t++ = ' ';
		t = seprinttext(t, text+sizeof text, cb->f[i], text+sizeof text-4-t);
	}
	if(i < cb->nf && strcmp(t-3, "...") != 0)
		t = seprint(t, text+sizeof text, " ...");
	*t = 0;
	p = buf;
	e = buf+sizeof buf;
	seprint(p, e, "%s \"%s\"", s, text);
	error(buf);
}

/* look up the command of cb in a table; errors if absent or misused */
Cmdtab*
lookupcmd(Cmdbuf *cb, Cmdtab *ctab, int nctab)
{
	int i;
	Cmdtab *ct;

	if(cb->nf == 0)
		error("empty control message");
	for(ct = ctab, i = 0; i < nctab; i++, ct++){
		if(strcmp(ct->cmd, "*") != 0 && strcmp(ct->cmd, cb->f[0]) != 0)
			continue;
		if(ct->narg != 0 && ct->narg != cb->nf)
			cmderror(cb, Ecmdargs);
		return ct;
	}
	cmderror(cb, "unknown control message");
	return nil;
}

/* replace *p with a copy of s */
char*
kstrdup(char **p, char *s)
{
	char *t, *o;
	int n;

	n = strlen(s)+1;
	t = smalloc(n);
	memmove(t, s, n);
	o = *p;
	*p = t;
	free(o);
	return t;
}

/*
 * the line of /prog/N/fd (and #d's Nctl) for fd n, open on c: fd,
 * mode, device, instance, qid (its version w digits wide), iounit,
 * offset, name
 */
int
fdline(char *buf, int nbuf, int n, Chan *c, int w)
{
	return snprint(buf, nbuf, "%3d %.2s %C %4ld (%.16llux %*lud %.2ux) %5ld %8lld %s\n",
		n, &"r w rw"[(c->mode&3)<<1], devtab[c->type]->dc, c->dev,
		c->qid.path, w, c->qid.vers, c->qid.type, c->iounit, c->offset,
		c->path != nil ? c->path->s : "?");
}

/*
 * Snapshots.  A file whose text is made when it is read at offset 0
 * (or first read at all), and whose later offsets read on in that
 * text, so that a reader sees one consistent text however small its
 * reads, keeps the text in a Snap, one per open Chan.  Threads that
 * read through one fd share the Chan, so the Snap is shared: its
 * QLock guards s and n.  make(arg, &n) returns a new text of n bytes
 * in memory from malloc; it is called with no lock held, so it may
 * sleep, take other locks or the VM, or raise an error (and must free
 * what it made then).  The new text is swapped in and read under the
 * lock, and the old one freed after the lock is let go: a reader
 * never sees a text freed or half made.  The Snap is zero (no text)
 * when the Chan is opened; snapfree frees its text at close, when no
 * reader is left.
 */
static void
snapswap(Snap *sn, char *s, long n)
{
	char *o;

	qlock(sn);
	o = sn->s;
	sn->s = s;
	sn->n = n;
	qunlock(sn);
	free(o);
}

/* make a new text for sn now (at open, say) */
void
snaptake(Snap *sn, Snapfn *make, void *arg)
{
	char *s;
	long n;

	s = make(arg, &n);
	snapswap(sn, s, n);
}

/* read sn's text at off, making a new one at offset 0 or if there is none */
long
snapread(Snap *sn, void *a, long n, vlong off, Snapfn *make, void *arg)
{
	if(off < 0)
		error(Eoffset);
	if(n < 0)
		error(Ecount);
	qlock(sn);
	if(off == 0 || sn->s == nil){
		qunlock(sn);
		snaptake(sn, make, arg);
		qlock(sn);
	}
	if(off >= sn->n)
		n = 0;
	else if(n > sn->n - off)
		n = sn->n - off;
	if(n > 0)
		memmove(a, sn->s + off, n);
	qunlock(sn);
	return n;
}

/* free sn's text: the Chan is closing */
void
snapfree(Snap *sn)
{
	free(sn->s);
	sn->s = nil;
	sn->n = 0;
}
