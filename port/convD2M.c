#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/* the stat format is described in lib.h */

static uint
slen(char *s)
{
	return s == nil ? 0 : strlen(s);
}

uint
sizeD2M(Dir *d)
{
	return STATFIXLEN + slen(d->name) + slen(d->uid) + slen(d->gid) + slen(d->muid);
}

static uchar*
pstr(uchar *p, char *s)
{
	uint n;

	n = slen(s);
	PBIT16(p, n);
	p += BIT16SZ;
	if(n > 0)
		memmove(p, s, n);
	return p+n;
}

/* pack d into buf; 0 if it does not fit */
uint
convD2M(Dir *d, uchar *buf, uint nbuf)
{
	uchar *p;
	uint n;

	n = sizeD2M(d);
	if(n > nbuf || n > 0xFFFF+BIT16SZ)
		return 0;
	p = buf;
	PBIT16(p, n-BIT16SZ);
	p += BIT16SZ;
	PBIT16(p, d->type);
	p += BIT16SZ;
	PBIT32(p, d->dev);
	p += BIT32SZ;
	PBIT8(p, d->qid.type);
	p += BIT8SZ;
	PBIT32(p, d->qid.vers);
	p += BIT32SZ;
	PBIT64(p, d->qid.path);
	p += BIT64SZ;
	PBIT32(p, d->mode);
	p += BIT32SZ;
	PBIT32(p, d->atime);
	p += BIT32SZ;
	PBIT32(p, d->mtime);
	p += BIT32SZ;
	PBIT64(p, d->length);
	p += BIT64SZ;
	p = pstr(p, d->name);
	p = pstr(p, d->uid);
	p = pstr(p, d->gid);
	p = pstr(p, d->muid);
	return p - buf;
}
