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

/* split a control message (at most 64K) into fields; the result is one allocation */
Cmdbuf*
parsecmd(char *p, int n)
{
	Cmdbuf *cb;
	int nf;
	char *sp;

	if(n < 0 || n > 64*1024)
		error(Etoobig);
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

/* raise an error naming the offending message */
void
cmderror(Cmdbuf *cb, char *s)
{
	char buf[ERRMAX], *p, *e;
	int i;

	p = buf;
	e = buf+sizeof buf;
	p = seprint(p, e, "%s \"", s);
	for(i = 0; i < cb->nf; i++)
		p = seprint(p, e, i ? " %q" : "%q", cb->f[i]);
	seprint(p, e, "\"");
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
