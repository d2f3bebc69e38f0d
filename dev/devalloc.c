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
 * (man/3/alloc).  The text is made at open, so a read at any offset
 * sees one consistent snapshot.
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
	char *s, *e;

	c = devopen(c, omode, allocdir, nelem(allocdir), devgen);
	if((ulong)c->qid.path == Qalloc){
		s = malloc(Maxtext);
		if(s == nil){
			c->flag &= ~COPEN;
			error(Enomem);
		}
		e = poolsummary(s, s+Maxtext);
		kobjsummary(e, s+Maxtext);
		c->aux = s;
	}
	return c;
}

static void
allocclose(Chan *c)
{
	if((c->flag & COPEN) && (ulong)c->qid.path == Qalloc){
		free(c->aux);
		c->aux = nil;
	}
}

static long
allocread(Chan *c, void *a, long n, vlong off)
{
	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, allocdir, nelem(allocdir), devgen);
	if(off < 0)
		error(Eoffset);
	if(off > Maxtext)
		return 0;
	return readstr(off, a, n, c->aux);
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
