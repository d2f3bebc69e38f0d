/*
 * styx -- libFuzzer harness for the Styx message codec (port/styx.c),
 * the decoder that mount (dev/devmnt.c) and export (port/exportfs.c)
 * run on whatever the other end sends.
 *
 * Each input is one message as a peer might send it.  convM2S must
 * accept it (using exactly its size) or refuse it (0), and never read
 * outside it or crash.  A message accepted must hold together: its
 * strings lie inside the buffer and end there, its counts fit; packed
 * again by convS2M it has the same size, and unpacked again it gives
 * the same Fcall.  A stat it carries (Rstat, Twstat), and the input
 * itself, go through statcheck and convM2D as a stat from a server
 * would.  Any crash, sanitizer report or failed check (abort) is a bug.
 *
 * Built -m32 by clang with -fsanitize=fuzzer,address over port/styx.c,
 * convM2D.c, convD2M.c and lib9 (fuzz/mkfile: o/fuzz/styx); run by
 * fuzz/run styx.  Given files instead of a corpus it runs each once;
 * with STYX_VERBOSE set it prints what the decoder made of them.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

#include <stdio.h>

static int	styxverbose = -1;

#define	check(c)	if(!(c)){ fprint(2, "styx: check failed: %s\n", #c); abort(); }

/* s must be a C string inside [b, e) */
static void
instring(char *s, uchar *b, uchar *e)
{
	check((uchar*)s >= b && (uchar*)s < e);
	check(memchr(s, 0, e-(uchar*)s) != nil);
}

static int
streq(char *a, char *b)
{
	return strcmp(a, b) == 0;
}

static int
qideq(Qid *a, Qid *b)
{
	return a->type == b->type && a->vers == b->vers && a->path == b->path;
}

/* the fields of a that the message type uses lie in [b, e) */
static void
sane(Fcall *f, uchar *b, uchar *e)
{
	int i;

	switch(f->type){
	case Tversion:
	case Rversion:
		instring(f->version, b, e);
		break;
	case Tauth:
	case Tattach:
		instring(f->uname, b, e);
		instring(f->aname, b, e);
		break;
	case Rerror:
		instring(f->ename, b, e);
		break;
	case Twalk:
		check(f->nwname <= MAXWELEM);
		for(i = 0; i < f->nwname; i++)
			instring(f->wname[i], b, e);
		break;
	case Rwalk:
		check(f->nwqid <= MAXWELEM);
		break;
	case Tcreate:
		instring(f->name, b, e);
		break;
	case Twrite:
	case Rread:
		check((uchar*)f->data >= b && f->count <= e-(uchar*)f->data);
		break;
	case Twstat:
	case Rstat:
		check(f->stat >= b && f->nstat <= e-f->stat);
		break;
	}
}

static int
fcalleq(Fcall *a, Fcall *b)
{
	int i;

	if(a->type != b->type || a->tag != b->tag)
		return 0;
	switch(a->type){
	case Tversion:
	case Rversion:
		return a->msize == b->msize && streq(a->version, b->version);
	case Tauth:
		return a->afid == b->afid && streq(a->uname, b->uname) && streq(a->aname, b->aname);
	case Tattach:
		return a->fid == b->fid && a->afid == b->afid && streq(a->uname, b->uname) && streq(a->aname, b->aname);
	case Rauth:
		return qideq(&a->aqid, &b->aqid);
	case Rattach:
		return qideq(&a->qid, &b->qid);
	case Rerror:
		return streq(a->ename, b->ename);
	case Tflush:
		return a->oldtag == b->oldtag;
	case Twalk:
		if(a->fid != b->fid || a->newfid != b->newfid || a->nwname != b->nwname)
			return 0;
		for(i = 0; i < a->nwname; i++)
			if(!streq(a->wname[i], b->wname[i]))
				return 0;
		return 1;
	case Rwalk:
		if(a->nwqid != b->nwqid)
			return 0;
		for(i = 0; i < a->nwqid; i++)
			if(!qideq(&a->wqid[i], &b->wqid[i]))
				return 0;
		return 1;
	case Topen:
		return a->fid == b->fid && a->mode == b->mode;
	case Ropen:
	case Rcreate:
		return qideq(&a->qid, &b->qid) && a->iounit == b->iounit;
	case Tcreate:
		return a->fid == b->fid && streq(a->name, b->name) && a->perm == b->perm && a->mode == b->mode;
	case Tread:
		return a->fid == b->fid && a->offset == b->offset && a->count == b->count;
	case Twrite:
		return a->fid == b->fid && a->offset == b->offset && a->count == b->count && memcmp(a->data, b->data, a->count) == 0;
	case Rread:
		return a->count == b->count && memcmp(a->data, b->data, a->count) == 0;
	case Rwrite:
		return a->count == b->count;
	case Tclunk:
	case Tremove:
	case Tstat:
		return a->fid == b->fid;
	case Twstat:
		if(a->fid != b->fid)
			return 0;
		/* fall through */
	case Rstat:
		return a->nstat == b->nstat && memcmp(a->stat, b->stat, a->nstat) == 0;
	}
	return 1;
}

/* a stat entry as a server sends one: checked, then unpacked */
static void
stat1(uchar *s, uint n)
{
	Dir d;
	char *strs;

	if(statcheck(s, n) < 0)
		return;
	strs = malloc(n);
	check(strs != nil);
	check(convM2D(s, n, &d, strs) == n);
	check(sizeD2M(&d) == n);
	free(strs);
}

int
LLVMFuzzerTestOneInput(const uchar *data, size_t size)
{
	Fcall f, g;
	uchar *b, *c;
	uint n, m;

	if(styxverbose < 0){
		styxverbose = getenv("STYX_VERBOSE") != nil;
		fmtinstall('F', fcallfmt);
	}
	if(size > MAXMSG)
		return 0;
	/* a private, exactly sized copy: reading one byte too far is caught */
	b = malloc(size > 0 ? size : 1);
	check(b != nil);
	memmove(b, data, size);
	stat1(b, size);
	n = convM2S(b, size, &f);
	if(n == 0){
		if(styxverbose)
			fprint(2, "styx: refused\n");
		free(b);
		return 0;
	}
	check(n == size);
	sane(&f, b, b+size);
	if(styxverbose)
		fprint(2, "styx: %F\n", &f);
	if(f.type == Rstat || f.type == Twstat)
		stat1(f.stat, f.nstat);
	m = sizeS2M(&f);
	check(m == n);
	c = malloc(m);
	check(c != nil);
	check(convS2M(&f, c, m) == m);
	check(memcmp(c, data, m) == 0);	/* one way to write a message */
	check(convS2M(&f, c, m-1) == 0);
	check(convM2S(c, m, &g) == m);
	check(fcalleq(&f, &g));
	free(c);
	free(b);
	return 0;
}
