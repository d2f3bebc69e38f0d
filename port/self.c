#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"

/*
 * Nix's selfish allocation (the seed's /dev/alloc: "56/63 block
 * 13891/14440 self allocs"): a process keeps up to selfish (the kernel
 * config's misc setting, 0 to Nself; 0 in pc) of the Chans, Paths and
 * Blocks it frees, and takes one of those first when it makes one, not
 * going to the shared free list or pool.  A process is a kernel process
 * here: an interpreter kproc and the Dis threads it runs share its
 * caches.  What a process keeps is still counted freed (inuse is what
 * is in use) and goes back when the process exits (selfflush).
 *
 * Only the process touches its own caches, and only in process context
 * with interrupts on (islo): an interrupt handler's allocb or freeb,
 * which runs with them off, goes to the pool, and never finds a cache
 * half-changed.  With one processor, a process switched out in the
 * middle of a change leaves it to no one else.
 */

static int
selfok(void)
{
	return selfish > 0 && up != nil && islo();
}

/* the last of the n objects of kind k in a, counted a self alloc */
static void*
take(void **a, int *n, int k)
{
	if(*n == 0)
		return nil;
	__atomic_add_fetch(&kobjstat[k].nself, 1, __ATOMIC_RELAXED);
	return a[--*n];
}

/* keep v among the n in a, counted a self free; 0 if there is no room */
static int
keep(void **a, int *n, void *v, int k)
{
	if(*n >= selfish)
		return 0;
	a[(*n)++] = v;
	__atomic_add_fetch(&kobjstat[k].nselffree, 1, __ATOMIC_RELAXED);
	return 1;
}

/* a Chan up freed, or nil */
Chan*
selfchan(void)
{
	if(!selfok())
		return nil;
	return take((void**)up->self.chan, &up->self.nchan, Kchan);
}

/* keep c, freed and closed, for up's next newchan; 0 if there is no room */
int
keepchan(Chan *c)
{
	return selfok() && keep((void**)up->self.chan, &up->self.nchan, c, Kchan);
}

/* a Path up freed, cleared but for its string's buffer, or nil */
Path*
selfpath(void)
{
	Path *p;
	char *s;
	int alen;

	if(!selfok() || (p = take((void**)up->self.path, &up->self.npath, Kpath)) == nil)
		return nil;
	s = p->s;
	alen = p->alen;
	memset(p, 0, sizeof *p);
	p->s = s;
	p->alen = alen;
	return p;
}

int
keeppath(Path *p)
{
	return selfok() && keep((void**)up->self.path, &up->self.npath, p, Kpath);
}

/* a Block up freed with room for size bytes, header cleared, or nil */
Block*
selfblock(int size)
{
	Self *s;
	Block *b;
	uchar *lim;
	int i;

	if(!selfok())
		return nil;
	s = &up->self;
	for(i = s->nblock-1; i >= 0; i--){
		b = s->block[i];
		if(b->lim - (uchar*)(b+1) >= size){
			s->block[i] = s->block[--s->nblock];
			lim = b->lim;
			memset(b, 0, sizeof *b);
			b->base = (uchar*)(b+1);
			b->rp = b->base;
			b->wp = b->base;
			b->lim = lim;
			__atomic_add_fetch(&kobjstat[Kblock].nself, 1, __ATOMIC_RELAXED);
			return b;
		}
	}
	return nil;
}

/* keep b, freed, unless its buffer is larger than Selfblock: a cache holds little memory */
int
keepblock(Block *b)
{
	return selfok() && b->lim - (uchar*)(b+1) <= Selfblock &&
		keep((void**)up->self.block, &up->self.nblock, b, Kblock);
}

/* up exits: what it kept goes back to the pools */
void
selfflush(void)
{
	Self *s;
	Path *p;

	if(up == nil)
		return;
	s = &up->self;
	while(s->nchan > 0)
		chanrelease(s->chan[--s->nchan]);
	while(s->npath > 0){
		p = s->path[--s->npath];
		free(p->s);
		free(p);
	}
	while(s->nblock > 0)
		free(s->block[--s->nblock]);
}
