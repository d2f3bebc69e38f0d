#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #a -- the allocator's counters, after Nix's /dev/alloc: per pool
 * (main, heap, image) bytes in use and taken from xalloc, allocations,
 * frees, failures, spans given back and the largest free block; then
 * xalloc's free memory; then per kind of kernel object, how many are
 * in use, allocated and freed.  One line each, words and numbers
 * (man/3/alloc).  The text is made at each read at offset 0, and a
 * read at a later offset reads on in it (snapread): one consistent
 * snapshot.
 */

enum
{
	Qdir,
	Qalloc,

	Maxtext	= 4096,
};

static Dirtab allocdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"alloc",	{Qalloc},	0,	0444,
};

static Chan*
allocattach(char *spec)
{
	return devattach('a', spec);
}

static Walkqid*
allocwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, allocdir, nelem(allocdir), devgen);
}

static int
allocstat(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, allocdir, nelem(allocdir), devgen);
}

static Chan*
allocopen(Chan *c, int omode)
{
	c = devopen(c, omode, allocdir, nelem(allocdir), devgen);
	if((ulong)c->qid.path == Qalloc)
		c->aux = smalloc(sizeof(Snap));	/* an error closes c */
	return c;
}

static void
allocclose(Chan *c)
{
	if((c->flag & COPEN) && c->aux != nil){
		snapfree(c->aux);
		free(c->aux);
		c->aux = nil;
	}
}

/* the counters as text, for snapread */
static char*
alloctext(void*, long *n)
{
	char *s, *e;

	s = smalloc(Maxtext);
	e = poolsummary(s, s+Maxtext);
	e = kobjsummary(e, s+Maxtext);
	*n = e - s;
	return s;
}

static long
allocread(Chan *c, void *a, long n, vlong off)
{
	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, allocdir, nelem(allocdir), devgen);
	return snapread(c->aux, a, n, off, alloctext, nil);
}

static long
allocwrite(Chan*, void*, long, vlong)
{
	error(Eperm);
	return 0;
}

Dev allocdevtab = {
	'a',
	"alloc",

	devreset,
	devinit,
	devshutdown,
	allocattach,
	allocwalk,
	allocstat,
	allocopen,
	devcreate,
	allocclose,
	allocread,
	devbread,
	allocwrite,
	devbwrite,
	devremove,
	devwstat,
};
