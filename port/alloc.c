#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Memory.  xalloc hands out the physical memory the loader reported,
 * first fit from a list of holes, and takes it back, merging neighbours.
 * The pools (malloc, the Dis heap, images) share it, so memory one pool
 * gives back another can use.
 *
 * Every pool block lies in a span: Spansize bytes (or a multiple, for a
 * block larger than Maxsmall) aligned on Spansize, found from any
 * address in it through spantab.  A small span is cut into blocks of
 * one size class; blocks carry no header, so a request of a class's
 * size (devtmp's 8K file blocks) takes just that.  A pool keeps its
 * spans with free blocks on a list per class; a span whose blocks are
 * all free goes back to xalloc, unless it is its class's only one with
 * room and the class is small (then a block freed and allocated again
 * does not cost a span each time).  A large block is a span of its own.
 *
 * dismap marks the spans of the Dis heap's pool, which holds every Dis
 * block and stack in the kernel: the VM lets an indirect operand reach
 * only there (libinterp/xec.c).
 *
 * Each pool counts what /dev/alloc reports (man/3/alloc).
 */

typedef struct Hole Hole;
typedef struct Span Span;
typedef struct Fblk Fblk;

struct Hole
{
	ulong	addr;
	ulong	size;
	Hole*	next;
};

struct Fblk
{
	Fblk*	next;
};

struct Span
{
	uchar*	base;
	ulong	bsize;		/* bytes per block; a large block's size, rounded to Spansize */
	ushort	nblk;
	ushort	ninuse;
	uchar	pool;
	uchar	class;		/* Bigclass: one large block */
	Fblk*	free;		/* its free blocks */
	Span*	next;		/* the pool's spans of this class with room */
	Span*	prev;
};

enum
{
	Nhole	= 4096,
	Magic	= 0xB10CB10C,
	Spanshift	= 16,
	Spansize	= 1<<Spanshift,
	Maxsmall	= 32*1024,
	Nspantab	= 1<<(32-Spanshift),
	Spanbatch	= 128,		/* span descriptors allocated at once */
	Keepsize	= 512,		/* classes up to this keep an empty span */
	Bigclass	= 0xFF,
};

/* sizes of the classes: 16 bytes apart up to 128, then four steps a doubling */
static ulong classsize[Nsizeclass];
static int nclass;

static struct {
	Hole	hole[Nhole];
	Hole*	free;		/* unused Hole structures */
	Hole*	list;		/* holes by address */
	ulong	total;
	ulong	lost;		/* bytes dropped for want of a Hole */
} xlists;

static Span*	spantab[Nspantab];	/* by address>>Spanshift: the span there */
uchar	dismap[Nspantab];		/* by address>>Spanshift: the heap pool's */
static Span*	freespans;		/* unused descriptors */

Pool	pools[Npool] = {
	{.name = "main", .maxsize = 512*MiB},
	{.name = "heap", .maxsize = 512*MiB},
	{.name = "image", .maxsize = 16*MiB},
};
Pool*	mainmem = &pools[Mainmem];
Pool*	heapmem = &pools[Heapmem];
static Lock xlock;

/* give [addr, addr+size) back to the holes; called with xlock held */
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
		xlists.lost += size;
		return;
	}
	xlists.free = p->next;
	p->addr = addr;
	p->size = size;
	p->next = *l;
	*l = p;
}

static void
mkclasses(void)
{
	ulong s, base;
	int i;

	nclass = 0;
	for(s = 16; s <= 128; s += 16)
		classsize[nclass++] = s;
	for(base = 128; base < Maxsmall; base *= 2)
		for(i = 1; i <= 4; i++)
			classsize[nclass++] = base + i*base/4;
}

void
xinit(void)
{
	int i;

	mkclasses();
	for(i = 0; i < Nhole; i++){
		xlists.hole[i].next = xlists.free;
		xlists.free = &xlists.hole[i];
	}
	for(i = 0; i < conf.nmem; i++){
		xhole(conf.mem[i].base, conf.mem[i].size);
		xlists.total += conf.mem[i].size;
	}
}

/*
 * n bytes aligned on align (a power of two), no header; nil if there is
 * no hole for them.  What the alignment skips stays a hole.
 */
static void*
xget(ulong n, ulong align)
{
	Hole *h, **l;
	ulong a, e;

	lock(&xlock);
	for(l = &xlists.list; (h = *l) != nil; l = &h->next){
		a = (h->addr + align-1) & ~(align-1);
		e = h->addr + h->size;
		if(a < h->addr || a > e || e-a < n)
			continue;
		if(a == h->addr){
			h->addr += n;
			h->size -= n;
			if(h->size == 0){
				*l = h->next;
				h->next = xlists.free;
				xlists.free = h;
			}
		}else{
			h->size = a - h->addr;
			xhole(a+n, e-(a+n));
		}
		unlock(&xlock);
		return (void*)a;
	}
	unlock(&xlock);
	return nil;
}

static void
xput(void *v, ulong n)
{
	lock(&xlock);
	xhole((ulong)v, n);
	unlock(&xlock);
}

/* n bytes of memory, 8-aligned, preceded by its size; nil if none */
static void*
xalloc0(ulong n)
{
	ulong *p;

	if(n > 0x7FFFFFFF)
		return nil;
	n = ROUND(n, 8) + 8;
	p = xget(n, 8);
	if(p == nil)
		return nil;
	p[0] = n;
	p[1] = Magic;
	return p+2;
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

/*
 * n bytes aligned on align (a power of two), no header: for memory
 * the caller keeps for good (compiled code's pages, pc/codemem.c)
 */
void*
xallocalign(ulong n, ulong align)
{
	return xget(n, align);
}

void
xfree(void *v)
{
	ulong *p;

	p = (ulong*)v - 2;
	if(p[1] != Magic)
		panic("xfree: bad magic %#lux at %#p, pc %#lux", p[1], v, getcallerpc(&v));
	p[1] = 0;
	xput(p, p[0]);
}

ulong
xfreebytes(void)
{
	Hole *h;
	ulong n;

	n = 0;
	lock(&xlock);
	for(h = xlists.list; h != nil; h = h->next)
		n += h->size;
	unlock(&xlock);
	return n;
}

static ulong
xlargest(void)
{
	Hole *h;
	ulong n;

	n = 0;
	lock(&xlock);
	for(h = xlists.list; h != nil; h = h->next)
		if(h->size > n)
			n = h->size;
	unlock(&xlock);
	return n;
}

static int
sizeclass(ulong n)
{
	int lo, hi, mid;

	lo = 0;
	hi = nclass-1;
	while(lo < hi){
		mid = (lo+hi)/2;
		if(classsize[mid] < n)
			lo = mid+1;
		else
			hi = mid;
	}
	return lo;
}

/* a span descriptor; called with the pool locked */
static Span*
newspan(void)
{
	Span *s;
	int i;

	if(freespans == nil){
		s = xalloc0(Spanbatch*sizeof(Span));
		if(s == nil)
			return nil;
		for(i = 0; i < Spanbatch; i++){
			s[i].next = freespans;
			freespans = &s[i];
		}
	}
	s = freespans;
	freespans = s->next;
	return s;
}

static void
spanlink(Pool *p, Span *s)
{
	Span **l;

	l = (Span**)&p->spans[s->class];
	s->prev = nil;
	s->next = *l;
	if(*l != nil)
		(*l)->prev = s;
	*l = s;
}

static void
spanunlink(Pool *p, Span *s)
{
	if(s->prev != nil)
		s->prev->next = s->next;
	else
		p->spans[s->class] = s->next;
	if(s->next != nil)
		s->next->prev = s->prev;
}

/* enter s, n bytes at s->base, in spantab (and dismap if the heap's) */
static void
spanmap(Span *s, ulong n)
{
	ulong i;

	for(i = 0; i < n; i += Spansize){
		spantab[((ulong)s->base+i)>>Spanshift] = s;
		dismap[((ulong)s->base+i)>>Spanshift] = &pools[s->pool] == heapmem;
	}
}

static void
spanunmap(Span *s, ulong n)
{
	ulong i;

	for(i = 0; i < n; i += Spansize){
		spantab[((ulong)s->base+i)>>Spanshift] = nil;
		dismap[((ulong)s->base+i)>>Spanshift] = 0;
	}
}

/* a span descriptor and n bytes for it, within p's limit; called with p locked */
static Span*
spanget(Pool *p, ulong n)
{
	Span *s;

	if(p->arenasize + n > p->maxsize)
		return nil;
	s = newspan();
	if(s == nil)
		return nil;
	s->base = xget(n, Spansize);
	if(s->base == nil){
		s->next = freespans;
		freespans = s;
		return nil;
	}
	return s;
}

/* a new span of class c for p, on its list; called with p locked */
static Span*
poolgrow(Pool *p, int c)
{
	Span *s;
	uchar *a;
	ulong i, bs;
	Fblk *f;

	s = spanget(p, Spansize);
	if(s == nil)
		return nil;
	a = s->base;
	bs = classsize[c];
	s->bsize = bs;
	s->nblk = Spansize/bs;
	s->ninuse = 0;
	s->pool = p - pools;
	s->class = c;
	s->free = nil;
	for(i = s->nblk; i-- > 0;){
		f = (Fblk*)(a + i*bs);
		f->next = s->free;
		s->free = f;
	}
	spanmap(s, Spansize);
	spanlink(p, s);
	p->arenasize += Spansize;
	p->nbrk++;
	return s;
}

/* s has no block in use: give it back; called with p locked */
static void
spanrelease(Pool *p, Span *s)
{
	spanunlink(p, s);
	spanunmap(s, Spansize);
	xput(s->base, Spansize);
	p->arenasize -= Spansize;
	p->nrelease++;
	s->next = freespans;
	freespans = s;
}

static void*
smallalloc(Pool *p, ulong n)
{
	Span *s;
	Fblk *f;
	int c;

	c = sizeclass(n);
	s = p->spans[c];
	if(s == nil && (s = poolgrow(p, c)) == nil)
		return nil;
	f = s->free;
	s->free = f->next;
	s->ninuse++;
	if(s->free == nil)
		spanunlink(p, s);
	p->cursize += s->bsize;
	return f;
}

/* a large block: a span of its own; called with p locked */
static void*
bigalloc(Pool *p, ulong n)
{
	Span *s;
	uchar *a;

	n = ROUND(n, Spansize);
	if(n == 0)
		return nil;
	s = spanget(p, n);
	if(s == nil)
		return nil;
	a = s->base;
	s->bsize = n;
	s->nblk = 1;
	s->ninuse = 1;
	s->pool = p - pools;
	s->class = Bigclass;
	s->free = nil;
	s->next = s->prev = nil;
	spanmap(s, n);
	p->arenasize += n;
	p->cursize += n;
	return a;
}

void*
poolalloc(Pool *p, ulong n)
{
	void *v;

	if(n > p->maxsize || n > 0x7FFFFFFF){
		lock(p);
		p->nfail++;
		unlock(p);
		return nil;
	}
	lock(p);
	if(n <= Maxsmall)
		v = smallalloc(p, n);
	else
		v = bigalloc(p, n);
	if(v == nil){
		p->nfail++;
		unlock(p);
		return nil;
	}
	if(p->cursize > p->hw)
		p->hw = p->cursize;
	p->nalloc++;
	unlock(p);
	return v;
}

/* the span of block v */
static Span*
spanof(void *v)
{
	Span *s;

	s = spantab[(ulong)v>>Spanshift];
	if(s == nil)
		panic("free: %#p is no pool's, pc %#lux", v, getcallerpc(&v));
	if(((uchar*)v - s->base) % s->bsize != 0)
		panic("free: %#p is inside a block of %lud, pc %#lux", v, s->bsize, getcallerpc(&v));
	return s;
}

void
poolfree(Pool *p, void *v)
{
	Span *s;
	Fblk *f;

	s = spanof(v);
	lock(p);
	if(s->pool != p-pools)
		panic("poolfree: %#p of pool %s freed to %s", v, pools[s->pool].name, p->name);
	p->nfree++;
	p->cursize -= s->bsize;
	if(s->class == Bigclass){
		spanunmap(s, s->bsize);
		xput(s->base, s->bsize);
		p->arenasize -= s->bsize;
		s->next = freespans;
		freespans = s;
		unlock(p);
		return;
	}
	f = v;
	f->next = s->free;
	if(s->free == nil)
		spanlink(p, s);
	s->free = f;
	if(--s->ninuse == 0 && (s->prev != nil || s->next != nil || s->bsize > Keepsize))
		spanrelease(p, s);
	unlock(p);
}

static ulong
blocksize(void *v)
{
	return spanof(v)->bsize;
}

ulong
poolmsize(Pool*, void *v)
{
	return blocksize(v);
}

/* the largest block p can hand out without taking memory from xalloc */
static ulong
poollargest(Pool *p)
{
	int c;

	for(c = nclass-1; c >= 0; c--)
		if(p->spans[c] != nil)
			return classsize[c];
	return 0;
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
		s = memoryline(s, e, p->name, p->cursize, p->maxsize, p->hw, p->nalloc, p->nfree, p->nbrk, p->arenasize);
	return readstr(off, buf, n, tmp);
}

/* /dev/alloc's pool lines (man/3/alloc); returns the end of what it wrote */
char*
poolsummary(char *s, char *e)
{
	Pool *p;
	ulong c[9];

	for(p = pools; p < pools+Npool; p++){
		lock(p);
		c[0] = p->cursize;
		c[1] = p->arenasize;
		c[2] = p->maxsize;
		c[3] = p->hw;
		c[4] = p->nalloc;
		c[5] = p->nfree;
		c[6] = p->nfail;
		c[7] = p->nrelease;
		c[8] = poollargest(p);
		unlock(p);
		s = seprint(s, e, "pool %s inuse %lud total %lud limit %lud hw %lud allocs %lud frees %lud fails %lud released %lud largest %lud\n",
			p->name, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]);
	}
	return seprint(s, e, "xalloc free %lud largest %lud total %lud lost %lud\n",
		xfreebytes(), xlargest(), xlists.total, xlists.lost);
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

/*
 * malloc for what the kernel cannot do without: out of memory raises
 * Enomem in the process asking, which must be able to take an error
 */
void*
smalloc(ulong n)
{
	void *v;

	v = malloc(n);
	if(v == nil)
		error(Enomem);
	return v;
}

void
free(void *v)
{
	if(v == nil)
		return;
	poolfree(&pools[spanof(v)->pool], v);
}

ulong
msize(void *v)
{
	return blocksize(v);
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
	nv = poolalloc(&pools[spanof(v)->pool], n);
	if(nv == nil)
		return nil;
	memmove(nv, v, o);
	memset((uchar*)nv+o, 0, n-o);
	free(v);
	return nv;
}
