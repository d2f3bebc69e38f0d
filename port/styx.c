#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * Styx (9P2000) messages: the format is described in lib.h.
 *
 * convM2S unpacks one message from what a peer sent, so it trusts
 * nothing: every count is checked against the bytes there are, and a
 * message must fill exactly its size.  Strings are made C strings in
 * place: each string's bytes move back over its count, with a NUL
 * after them (the count of the next field has been read by then), so
 * the buffer must stay put while the Fcall is used.  A string holding
 * a NUL is malformed, as no name or error can.  Twrite and Rread data
 * and stat entries point into the buffer.
 */

/* where the next string ends up; 0 if malformed or past e */
static uchar*
gstring(uchar *p, uchar *e, char **s)
{
	uint n;

	if(p+BIT16SZ > e)
		return nil;
	n = GBIT16(p);
	if(n > e-(p+BIT16SZ))
		return nil;
	if(memchr(p+BIT16SZ, 0, n) != nil)
		return nil;
	memmove(p, p+BIT16SZ, n);
	p[n] = 0;
	*s = (char*)p;
	return p+BIT16SZ+n;
}

static uchar*
gqid(uchar *p, uchar *e, Qid *q)
{
	if(p+QIDSZ > e)
		return nil;
	q->type = GBIT8(p);
	p += BIT8SZ;
	q->vers = GBIT32(p);
	p += BIT32SZ;
	q->path = GBIT64(p);
	p += BIT64SZ;
	return p;
}

/* the fixed fields each type has after size, type and tag */
static uchar fixlen[Tmax] = {
	[Tversion]	BIT32SZ,
	[Rversion]	BIT32SZ,
	[Tauth]		BIT32SZ,
	[Rauth]		QIDSZ,
	[Tattach]	2*BIT32SZ,
	[Rattach]	QIDSZ,
	[Rerror]	0,
	[Tflush]	BIT16SZ,
	[Rflush]	0,
	[Twalk]		2*BIT32SZ+BIT16SZ,
	[Rwalk]		BIT16SZ,
	[Topen]		BIT32SZ+BIT8SZ,
	[Ropen]		QIDSZ+BIT32SZ,
	[Tcreate]	BIT32SZ,
	[Rcreate]	QIDSZ+BIT32SZ,
	[Tread]		BIT32SZ+BIT64SZ+BIT32SZ,
	[Rread]		BIT32SZ,
	[Twrite]	BIT32SZ+BIT64SZ+BIT32SZ,
	[Rwrite]	BIT32SZ,
	[Tclunk]	BIT32SZ,
	[Rclunk]	0,
	[Tremove]	BIT32SZ,
	[Rremove]	0,
	[Tstat]		BIT32SZ,
	[Rstat]		BIT16SZ,
	[Twstat]	BIT32SZ+BIT16SZ,
	[Rwstat]	0,
};

/*
 * unpack the message of nap bytes at ap into f: the bytes used (the
 * message's size), or 0 if ap does not hold one well-formed message.
 */
uint
convM2S(uchar *ap, uint nap, Fcall *f)
{
	uchar *p, *e;
	uint size, i;

	if(nap < BIT32SZ+BIT8SZ+BIT16SZ)
		return 0;
	size = GBIT32(ap);
	if(size != nap)
		return 0;
	p = ap+BIT32SZ;
	e = ap+size;
	f->type = GBIT8(p);
	p += BIT8SZ;
	f->tag = GBIT16(p);
	p += BIT16SZ;
	if(f->type < Tversion || f->type >= Tmax || f->type == Terror)
		return 0;
	if(p+fixlen[f->type] > e)
		return 0;
	f->fid = NOFID;
	switch(f->type){
	case Tversion:
	case Rversion:
		f->msize = GBIT32(p);
		p = gstring(p+BIT32SZ, e, &f->version);
		break;
	case Tflush:
		f->oldtag = GBIT16(p);
		p += BIT16SZ;
		break;
	case Tauth:
		f->afid = GBIT32(p);
		p = gstring(p+BIT32SZ, e, &f->uname);
		if(p != nil)
			p = gstring(p, e, &f->aname);
		break;
	case Tattach:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		f->afid = GBIT32(p);
		p = gstring(p+BIT32SZ, e, &f->uname);
		if(p != nil)
			p = gstring(p, e, &f->aname);
		break;
	case Twalk:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		f->newfid = GBIT32(p);
		p += BIT32SZ;
		f->nwname = GBIT16(p);
		p += BIT16SZ;
		if(f->nwname > MAXWELEM)
			return 0;
		for(i = 0; i < f->nwname && p != nil; i++)
			p = gstring(p, e, &f->wname[i]);
		break;
	case Topen:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		f->mode = GBIT8(p);
		p += BIT8SZ;
		break;
	case Tcreate:
		f->fid = GBIT32(p);
		p = gstring(p+BIT32SZ, e, &f->name);
		if(p == nil || p+BIT32SZ+BIT8SZ > e)
			return 0;
		f->perm = GBIT32(p);
		p += BIT32SZ;
		f->mode = GBIT8(p);
		p += BIT8SZ;
		break;
	case Tread:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		f->offset = GBIT64(p);
		p += BIT64SZ;
		f->count = GBIT32(p);
		p += BIT32SZ;
		break;
	case Twrite:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		f->offset = GBIT64(p);
		p += BIT64SZ;
		f->count = GBIT32(p);
		p += BIT32SZ;
		if(f->count > e-p)
			return 0;
		f->data = (char*)p;
		p += f->count;
		break;
	case Tclunk:
	case Tremove:
	case Tstat:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		break;
	case Twstat:
		f->fid = GBIT32(p);
		p += BIT32SZ;
		f->nstat = GBIT16(p);
		p += BIT16SZ;
		if(f->nstat > e-p)
			return 0;
		f->stat = p;
		p += f->nstat;
		break;
	case Rerror:
		p = gstring(p, e, &f->ename);
		break;
	case Rflush:
	case Rclunk:
	case Rremove:
	case Rwstat:
		break;
	case Rauth:
		p = gqid(p, e, &f->aqid);
		break;
	case Rattach:
		p = gqid(p, e, &f->qid);
		break;
	case Rwalk:
		f->nwqid = GBIT16(p);
		p += BIT16SZ;
		if(f->nwqid > MAXWELEM)
			return 0;
		for(i = 0; i < f->nwqid && p != nil; i++)
			p = gqid(p, e, &f->wqid[i]);
		break;
	case Ropen:
	case Rcreate:
		p = gqid(p, e, &f->qid);
		if(p == nil || p+BIT32SZ > e)
			return 0;
		f->iounit = GBIT32(p);
		p += BIT32SZ;
		break;
	case Rread:
		f->count = GBIT32(p);
		p += BIT32SZ;
		if(f->count > e-p)
			return 0;
		f->data = (char*)p;
		p += f->count;
		break;
	case Rwrite:
		f->count = GBIT32(p);
		p += BIT32SZ;
		break;
	case Rstat:
		f->nstat = GBIT16(p);
		p += BIT16SZ;
		if(f->nstat > e-p)
			return 0;
		f->stat = p;
		p += f->nstat;
		break;
	}
	if(p != e)
		return 0;
	return size;
}

static uint
slen(char *s)
{
	return s == nil ? 0 : strlen(s);
}

/* the bytes f packs into, or 0 if it cannot be packed */
uint
sizeS2M(Fcall *f)
{
	uint n, i;

	if(f->type < Tversion || f->type >= Tmax || f->type == Terror)
		return 0;
	n = BIT32SZ+BIT8SZ+BIT16SZ+fixlen[f->type];
	switch(f->type){
	case Tversion:
	case Rversion:
		n += BIT16SZ+slen(f->version);
		break;
	case Tauth:
	case Tattach:
		n += BIT16SZ+slen(f->uname)+BIT16SZ+slen(f->aname);
		break;
	case Twalk:
		if(f->nwname > MAXWELEM)
			return 0;
		for(i = 0; i < f->nwname; i++)
			n += BIT16SZ+slen(f->wname[i]);
		break;
	case Tcreate:
		n += BIT16SZ+slen(f->name)+BIT32SZ+BIT8SZ;
		break;
	case Twrite:
	case Rread:
		n += f->count;
		break;
	case Twstat:
	case Rstat:
		n += f->nstat;
		break;
	case Rerror:
		n += BIT16SZ+slen(f->ename);
		break;
	case Rwalk:
		if(f->nwqid > MAXWELEM)
			return 0;
		n += f->nwqid*QIDSZ;
		break;
	}
	return n;
}

static uchar*
pstring(uchar *p, char *s)
{
	uint n;

	n = slen(s);
	PBIT16(p, n);
	p += BIT16SZ;
	memmove(p, s, n);
	return p+n;
}

static uchar*
pqid(uchar *p, Qid *q)
{
	PBIT8(p, q->type);
	p += BIT8SZ;
	PBIT32(p, q->vers);
	p += BIT32SZ;
	PBIT64(p, q->path);
	p += BIT64SZ;
	return p;
}

/* pack f into ap: the size, or 0 if it does not fit in nap bytes (or has a string over 64K) */
uint
convS2M(Fcall *f, uchar *ap, uint nap)
{
	uchar *p;
	uint size, i;

	size = sizeS2M(f);
	if(size == 0 || size > nap)
		return 0;
	p = ap;
	PBIT32(p, size);
	p += BIT32SZ;
	PBIT8(p, f->type);
	p += BIT8SZ;
	PBIT16(p, f->tag);
	p += BIT16SZ;
	switch(f->type){
	case Tversion:
	case Rversion:
		if(slen(f->version) > 0xFFFF)
			return 0;
		PBIT32(p, f->msize);
		p = pstring(p+BIT32SZ, f->version);
		break;
	case Tflush:
		PBIT16(p, f->oldtag);
		p += BIT16SZ;
		break;
	case Tauth:
		PBIT32(p, f->afid);
		p = pstring(p+BIT32SZ, f->uname);
		p = pstring(p, f->aname);
		break;
	case Tattach:
		PBIT32(p, f->fid);
		p += BIT32SZ;
		PBIT32(p, f->afid);
		p = pstring(p+BIT32SZ, f->uname);
		p = pstring(p, f->aname);
		break;
	case Twalk:
		PBIT32(p, f->fid);
		p += BIT32SZ;
		PBIT32(p, f->newfid);
		p += BIT32SZ;
		PBIT16(p, f->nwname);
		p += BIT16SZ;
		for(i = 0; i < f->nwname; i++){
			if(slen(f->wname[i]) > 0xFFFF)
				return 0;
			p = pstring(p, f->wname[i]);
		}
		break;
	case Topen:
		PBIT32(p, f->fid);
		p += BIT32SZ;
		PBIT8(p, f->mode);
		p += BIT8SZ;
		break;
	case Tcreate:
		PBIT32(p, f->fid);
		p = pstring(p+BIT32SZ, f->name);
		PBIT32(p, f->perm);
		p += BIT32SZ;
		PBIT8(p, f->mode);
		p += BIT8SZ;
		break;
	case Tread:
	case Twrite:
		PBIT32(p, f->fid);
		p += BIT32SZ;
		PBIT64(p, f->offset);
		p += BIT64SZ;
		PBIT32(p, f->count);
		p += BIT32SZ;
		if(f->type == Twrite){
			memmove(p, f->data, f->count);
			p += f->count;
		}
		break;
	case Tclunk:
	case Tremove:
	case Tstat:
		PBIT32(p, f->fid);
		p += BIT32SZ;
		break;
	case Twstat:
		PBIT32(p, f->fid);
		p += BIT32SZ;
		/* fall through */
	case Rstat:
		PBIT16(p, f->nstat);
		p += BIT16SZ;
		memmove(p, f->stat, f->nstat);
		p += f->nstat;
		break;
	case Rerror:
		if(slen(f->ename) > 0xFFFF)
			return 0;
		p = pstring(p, f->ename);
		break;
	case Rauth:
		p = pqid(p, &f->aqid);
		break;
	case Rattach:
		p = pqid(p, &f->qid);
		break;
	case Rwalk:
		PBIT16(p, f->nwqid);
		p += BIT16SZ;
		for(i = 0; i < f->nwqid; i++)
			p = pqid(p, &f->wqid[i]);
		break;
	case Ropen:
	case Rcreate:
		p = pqid(p, &f->qid);
		PBIT32(p, f->iounit);
		p += BIT32SZ;
		break;
	case Rread:
		PBIT32(p, f->count);
		p += BIT32SZ;
		memmove(p, f->data, f->count);
		p += f->count;
		break;
	case Rwrite:
		PBIT32(p, f->count);
		p += BIT32SZ;
		break;
	}
	if(p != ap+size)
		return 0;
	return size;
}

static char *tname[Tmax] = {
	[Tversion]	"Tversion",
	[Rversion]	"Rversion",
	[Tauth]		"Tauth",
	[Rauth]		"Rauth",
	[Tattach]	"Tattach",
	[Rattach]	"Rattach",
	[Rerror]	"Rerror",
	[Tflush]	"Tflush",
	[Rflush]	"Rflush",
	[Twalk]		"Twalk",
	[Rwalk]		"Rwalk",
	[Topen]		"Topen",
	[Ropen]		"Ropen",
	[Tcreate]	"Tcreate",
	[Rcreate]	"Rcreate",
	[Tread]		"Tread",
	[Rread]		"Rread",
	[Twrite]	"Twrite",
	[Rwrite]	"Rwrite",
	[Tclunk]	"Tclunk",
	[Rclunk]	"Rclunk",
	[Tremove]	"Tremove",
	[Rremove]	"Rremove",
	[Tstat]		"Tstat",
	[Rstat]		"Rstat",
	[Twstat]	"Twstat",
	[Rwstat]	"Rwstat",
};

/* %F: a one-line summary of an Fcall, for debugging and tests */
int
fcallfmt(Fmt *fmt)
{
	Fcall *f;
	char *t;

	f = va_arg(fmt->args, Fcall*);
	t = f->type < Tmax ? tname[f->type] : nil;
	if(t == nil)
		return fmtprint(fmt, "unknown type %d", f->type);
	switch(f->type){
	case Tversion:
	case Rversion:
		return fmtprint(fmt, "%s tag %ud msize %ud version '%s'", t, f->tag, f->msize, f->version);
	case Tattach:
		return fmtprint(fmt, "%s tag %ud fid %ud afid %d uname %s aname %s", t, f->tag, f->fid, f->afid, f->uname, f->aname);
	case Twalk:
		return fmtprint(fmt, "%s tag %ud fid %ud newfid %ud nwname %d", t, f->tag, f->fid, f->newfid, f->nwname);
	case Rerror:
		return fmtprint(fmt, "%s tag %ud ename %s", t, f->tag, f->ename);
	case Tread:
	case Twrite:
		return fmtprint(fmt, "%s tag %ud fid %ud offset %lld count %ud", t, f->tag, f->fid, f->offset, f->count);
	case Rread:
	case Rwrite:
		return fmtprint(fmt, "%s tag %ud count %ud", t, f->tag, f->count);
	}
	return fmtprint(fmt, "%s tag %ud fid %d", t, f->tag, f->fid);
}
