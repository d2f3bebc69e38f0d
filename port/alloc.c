#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Memory.  xalloc hands out physical memory from the ranges the
 * loader reported, first fit from a list of holes.  The pools
 * (malloc, the Dis heap) are built on it: blocks up to Maxsmall
 * bytes come from per-size-class free lists refilled from arenas;
 * larger ones come straight from xalloc.  Every block carries a
 * header naming its pool and size, and each pool keeps the counts
 * /dev/memory reports.
 */

typedef struct Hole Hole;
typedef struct Bhdr Bhdr;

struct Hole
{
	ulong	addr;
	ulong	size;
	Hole*	next;
};

enum
{
	Nhole	= 256,
	Magic	= 0xB10C,
	Freemagic	= 0xF4EE,
	Minclass	= 4,		/* 16 bytes */
	Maxclass	= 15,		/* 32K */
	Maxsmall	= 1<<Maxclass,
	Arena	= 64*1024,
};

struct Bhdr
{
	ushort	magic;
	uchar	pool;
	uchar	class;		/* 0: large, from xalloc */
	ulong	size;		/* bytes of the block, header included */
	Bhdr*	next;		/* free list */
	ulong	pad;
};

static struct {
	Hole	hole[Nhole];
	Hole*	free;		/* unused Hole structures */
	Hole*	list;		/* holes by address */
	ulong	total;
} xlists;

Pool	pools[Npool] = {
	{.name = "main", .maxsize = 512*MiB},
	{.name = "heap", .maxsize = 512*MiB},
	{.name = "image", .maxsize = 16*MiB},
};
Pool*	mainmem = &pools[Mainmem];
Pool*	heapmem = &pools[Heapmem];
static Lock xlock;

static void
xhole(ulong addr, ulong size)
{
	Hole *h, *p, **l;

	if(size == 0)
		return;
	for(l = &xlists.list; (h = *l) != nil; l = &h->next){
		if(h->addr+h->size == addr){
			h->size += size;
			p = h->next;
			if(p != nil && h->addr+h->size == p->addr){
				h->size += p->size;
				h->next = p->next;
				p->next = xlists.free;
				xlists.free = p;
			}
			return;
		}
		if(addr+size == h->addr){
			h->addr = addr;
			h->size += size;
			return;
		}
		if(h->addr > addr)
			break;
	}
	p = xlists.free;
	if(p == nil){
		iprint("xfree: no more holes, %lud bytes lost\n", size);
		return;
	}
	xlists.free = p->next;
	p->addr = addr;
	p->size = size;
	p->next = *l;
	*l = p;
}

void
xinit(void)
{
	int i;

	for(i = 0; i < Nhole; i++){
		xlists.hole[i].next = xlists.free;
		xlists.free = &xlists.hole[i];
	}
	for(i = 0; i < conf.nmem; i++){
		xhole(conf.mem[i].base, conf.mem[i].size);
		xlists.total += conf.mem[i].size;
	}
}

/* n bytes of memory, 8-aligned, preceded by its size; nil if none */
static void*
xalloc0(ulong n)
{
	Hole *h, **l;
	ulong *p;

	n = ROUND(n, 8) + 8;
	lock(&xlock);
	for(l = &xlists.list; (h = *l) != nil; l = &h->next){
		if(h->size >= n){
			p = (ulong*)h->addr;
			h->addr += n;
			h->size -= n;
			if(h->size == 0){
				*l = h->next;
				h->next = xlists.free;
				xlists.free = h;
			}
			unlock(&xlock);
			p[0] = n;
			p[1] = Magic;
			return p+2;
		}
	}
	unlock(&xlock);
	return nil;
}

void*
xalloc(ulong n)
{
	void *v;

	v = xalloc0(n);
	if(v != nil)
		memset(v, 0, n);
	return v;
}

void*
xallocz(ulong n, int clr)
{
	void *v;

	v = xalloc0(n);
	if(v != nil && clr)
		memset(v, 0, n);
	return v;
}

void
xfree(void *v)
{
	ulong *p;

	p = (ulong*)v - 2;
	if(p[1] != Magic)
		panic("xfree: bad magic %#lux at %#p, pc %#lux", p[1], v, getcallerpc(&v));
	p[1] = 0;
	lock(&xlock);
	xhole((ulong)p, p[0]);
	unlock(&xlock);
}

ulong
xfreebytes(void)
{
	Hole *h;
	ulong n;

	n = 0;
	for(h = xlists.list; h != nil; h = h->next)
		n += h->size;
	return n;
}

static int
sizeclass(ulong n)
{
	int c;

	for(c = Minclass; (1UL<<c) < n; c++)
		;
	return c;
}

/* carve a new arena into blocks of class c */
static int
poolgrow(Pool *p, int c)
{
	uchar *a;
	Bhdr *b;
	ulong bs, i, n;

	bs = 1UL<<c;
	n = Arena/bs;
	if(n == 0)
		n = 1;
	if(p->arenasize + n*bs > p->maxsize)
		return 0;
	a = xallocz(n*bs, 0);
	if(a == nil)
		return 0;
	for(i = 0; i < n; i++){
		b = (Bhdr*)(a + i*bs);
		b->magic = Freemagic;
		b->class = c;
		b->size = bs;
		b->next = p->freelist[c];
		p->freelist[c] = b;
	}
	p->arenasize += n*bs;
	p->nbrk++;
	return 1;
}

void*
poolalloc(Pool *p, ulong n)
{
	Bhdr *b;
	int c;

	if(n > 512*MiB)
		return nil;
	n += sizeof(Bhdr);
	lock(p);
	if(n <= Maxsmall){
		c = sizeclass(n);
		if(p->freelist[c] == nil && !poolgrow(p, c)){
			unlock(p);
			return nil;
		}
		b = p->freelist[c];
		p->freelist[c] = b->next;
		if(b->magic != Freemagic)
			panic("poolalloc: %s: corrupt free list at %#p", p->name, b);
	}else{
		if(p->cursize + n > p->maxsize){
			unlock(p);
			return nil;
		}
		b = xallocz(n, 0);
		if(b == nil){
			unlock(p);
			return nil;
		}
		b->class = 0;
		b->size = n;
		p->arenasize += n;
	}
	b->magic = Magic;
	b->pool = p - pools;
	b->next = nil;
	p->cursize += b->size;
	if(p->cursize > p->hw)
		p->hw = p->cursize;
	p->nalloc++;
	unlock(p);
	return b+1;
}

static Bhdr*
blockof(void *v)
{
	Bhdr *b;

	b = (Bhdr*)v - 1;
	if(b->magic != Magic)
		panic("free: bad block %#p magic %#ux, pc %#lux", v, b->magic, getcallerpc(&v));
	return b;
}

void
poolfree(Pool *p, void *v)
{
	Bhdr *b;

	b = blockof(v);
	lock(p);
	p->cursize -= b->size;
	p->nfree++;
	if(b->class == 0){
		p->arenasize -= b->size;
		b->magic = 0;
		unlock(p);
		xfree(b);
		return;
	}
	b->magic = Freemagic;
	b->next = p->freelist[b->class];
	p->freelist[b->class] = b;
	unlock(p);
}

ulong
poolmsize(Pool*, void *v)
{
	return blockof(v)->size - sizeof(Bhdr);
}

/* the statistics: one line per pool, as Inferno's /dev/memory */
int
poolread(char *buf, int n, ulong off)
{
	char *s, *e, tmp[Npool*128];
	Pool *p;

	s = tmp;
	e = tmp+sizeof tmp;
	for(p = pools; p < pools+Npool; p++)
		s = seprint(s, e, "%11lud %11lud %11lud %11lud %11lud %11lud %11lud %s\n",
			p->cursize, p->maxsize, p->hw, p->nalloc, p->nfree, p->nbrk, p->arenasize, p->name);
	return readstr(off, buf, n, tmp);
}

void*
malloc(ulong n)
{
	void *v;

	v = poolalloc(mainmem, n);
	if(v != nil)
		memset(v, 0, n);
	return v;
}

void*
mallocz(ulong n, int clr)
{
	void *v;

	v = poolalloc(mainmem, n);
	if(v != nil && clr)
		memset(v, 0, n);
	return v;
}

/* malloc that never fails: waits for memory, then panics */
void*
smalloc(ulong n)
{
	void *v;

	v = malloc(n);
	if(v == nil)
		panic("smalloc: out of memory allocating %lud from %#lux", n, getcallerpc(&n));
	return v;
}

void
free(void *v)
{
	Bhdr *b;

	if(v == nil)
		return;
	b = blockof(v);
	poolfree(&pools[b->pool], v);
}

ulong
msize(void *v)
{
	return blockof(v)->size - sizeof(Bhdr);
}

void*
realloc(void *v, ulong n)
{
	void *nv;
	ulong o;

	if(v == nil)
		return malloc(n);
	o = msize(v);
	if(n <= o)
		return v;
	nv = poolalloc(&pools[blockof(v)->pool], n);
	if(nv == nil)
		return nil;
	memmove(nv, v, o);
	memset((uchar*)nv+o, 0, n-o);
	free(v);
	return nv;
}
