#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/* is buf a well-formed stat entry of exactly nbuf bytes?  0 if so */
int
statcheck(uchar *buf, uint nbuf)
{
	uchar *p, *e;
	uint n;
	int i;

	if(nbuf < STATFIXLEN || nbuf != BIT16SZ+GBIT16(buf))
		return -1;
	p = buf + STATFIXLEN - 4*BIT16SZ;
	e = buf + nbuf;
	for(i = 0; i < 4; i++){
		if(p+BIT16SZ > e)
			return -1;
		n = GBIT16(p);
		p += BIT16SZ;
		if(n > e-p || memchr(p, 0, n) != nil)	/* no name holds a NUL */
			return -1;
		p += n;
	}
	return p == e ? 0 : -1;
}

/*
 * unpack a stat entry into d; the strings are copied to strs
 * (at least the entry's size) with NULs, or, when strs is nil,
 * left nil.  Returns the bytes used, 0 if malformed.
 */
uint
convM2D(uchar *buf, uint nbuf, Dir *d, char *strs)
{
	uchar *p;
	char **sp[4];
	uint n;
	int i;

	if(statcheck(buf, nbuf) < 0)
		return 0;
	p = buf + BIT16SZ;
	d->type = GBIT16(p);
	p += BIT16SZ;
	d->dev = GBIT32(p);
	p += BIT32SZ;
	d->qid.type = GBIT8(p);
	p += BIT8SZ;
	d->qid.vers = GBIT32(p);
	p += BIT32SZ;
	d->qid.path = GBIT64(p);
	p += BIT64SZ;
	d->mode = GBIT32(p);
	p += BIT32SZ;
	d->atime = GBIT32(p);
	p += BIT32SZ;
	d->mtime = GBIT32(p);
	p += BIT32SZ;
	d->length = GBIT64(p);
	p += BIT64SZ;
	sp[0] = &d->name;
	sp[1] = &d->uid;
	sp[2] = &d->gid;
	sp[3] = &d->muid;
	for(i = 0; i < 4; i++){
		n = GBIT16(p);
		p += BIT16SZ;
		if(strs != nil){
			memmove(strs, p, n);
			strs[n] = 0;
			*sp[i] = strs;
			strs += n+1;
		}else
			*sp[i] = nil;
		p += n;
	}
	return p - buf;
}
