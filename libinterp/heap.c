/*
 * The Dis heap: a size-class allocator for blocks with a Heap header,
 * type descriptors, and reference counting.
 *
 * Small blocks (up to Maxsmall bytes with their header) are carved from
 * Chunks, one size per chunk, and recycled through per-size free lists;
 * the collector sweeps chunks block by block.  Larger blocks come from
 * malloc with a Big link in front of the header, on one list.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"
#include "gc.h"

#ifndef GCSTEP
#define	GCSTEP	(256*1024)
#endif

enum
{
	Align		= 8,
	Maxsmall	= 1024,
	Nclass		= Maxsmall/Align+1,
	Chunksize	= 64*1024,
	Nbhash		= 1024,
	Nthash		= 256,
	Gcstep		= GCSTEP,	/* bytes allocated between collector slices */
};

typedef struct Freeb Freeb;
struct Freeb
{
	int	color;
	ulong	ref;
	Freeb*	next;
	ulong	size;
};

Chunk*	chunks;
Big	bigs = { &bigs, &bigs };
static Chunk**	ctab;		/* the chunks by address, for heapblock */
static int	nctab;
static int	maxctab;
Chunk*	ccache[Nccache];
static Big*	bhash[Nbhash];	/* big blocks by address */
static Type*	thash[Nthash];	/* types made by newtype, by address */
static Freeb*	freel[Nclass];
static ulong	gcdebt;
Heap*	recent[Nrecent];	/* the last blocks allocated: see gcfull */
void	(*heapmon)(Heap*, ulong);	/* the host's profiler (interp.h) */
ulong	nrecent;
ulong	heaplimit = 32*1024*1024;
Gcstat	gcstat;

/*
 * Chunks and big blocks come from the host's allocator: in the kernel
 * its "heap" pool, so that /dev/memory shows the Dis heap apart.
 */
#ifdef KERNEL
typedef struct Pool Pool;
extern	Pool*	heapmem;
void*	poolalloc(Pool*, ulong);
void	poolfree(Pool*, void*);
#define	hmalloc(n)	poolalloc(heapmem, n)
#define	hmfree(v)	poolfree(heapmem, v)
#else
#define	hmalloc(n)	malloc(n)
#define	hmfree(v)	free(v)
#endif

/*
 * stack segments, from the heap's pool too: the VM lets an indirect
 * operand reach only that pool's memory in the kernel (xec.c)
 */
void*
stkalloc(ulong n)
{
	return hmalloc(n);
}

void
stkfree(void *v)
{
	if(v != nil)
		hmfree(v);
}

static int	ptrmap[] = { 0 };
static uchar	ptrbits[] = { 0x80 };

Type	Tbyte = { 1, Tkstruct, 1, 0, 0, nil, nil, nil };
Type	Tword = { 1, Tkstruct, sizeof(WORD), 0, 0, nil, nil, nil };
Type	Tlong = { 1, Tkstruct, sizeof(LONG), 0, 0, nil, nil, nil };
Type	Treal = { 1, Tkstruct, sizeof(REAL), 0, 0, nil, nil, nil };
Type	Tptr = { 1, Tkstruct, sizeof(void*), 1, 1, ptrmap, nil, ptrbits };
Type	Tarray = { 1, Tkarray, sizeof(Array), 0, 0, nil, nil, nil };
Type	Tstring = { 1, Tkstring, sizeof(String), 0, 0, nil, nil, nil };
Type	Tlist = { 1, Tklist, sizeof(List), 0, 0, nil, nil, nil };
Type	Tchannel = { 1, Tkchannel, sizeof(Channel), 0, 0, nil, nil, nil };
Type	Tmodlink = { 1, Tkmodlink, sizeof(Modlink), 0, 0, nil, nil, nil };

/* enter k in ctab, which is sorted by address */
static int
addchunk(Chunk *k)
{
	Chunk **t;
	int i;

	if(nctab >= maxctab){
		t = realloc(ctab, (maxctab*2+64)*sizeof(Chunk*));
		if(t == nil)
			return 0;
		ctab = t;
		maxctab = maxctab*2+64;
	}
	for(i = nctab; i > 0 && ctab[i-1]->base > k->base; i--)
		ctab[i] = ctab[i-1];
	ctab[i] = k;
	nctab++;
	return 1;
}

static Chunk*
findchunk(uchar *a)
{
	Chunk *k;
	int lo, hi, mid;

	k = ccache[((uintptr)a>>Ccshift) & (Nccache-1)];
	if(k != nil && a >= k->base && a < k->end)
		return k;
	lo = 0;
	hi = nctab;
	while(lo < hi){
		mid = (lo+hi)/2;
		k = ctab[mid];
		if(a < k->base)
			hi = mid;
		else if(a >= k->end)
			lo = mid+1;
		else{
			ccache[((uintptr)a>>Ccshift) & (Nccache-1)] = k;
			return k;
		}
	}
	return nil;
}

static Big**
bigslot(Big *b)
{
	return &bhash[((uintptr)b>>4) & (Nbhash-1)];
}

static void
newchunk(int c)
{
	Chunk *k;
	ulong bs, n, i;
	uchar *p;
	Freeb *f;

	bs = c*Align;
	n = (Chunksize-sizeof(Chunk))/bs;
	k = hmalloc(sizeof(Chunk)+n*bs);
	if(k == nil)
		error(exHeap);
	k->bsize = bs;
	k->recip = (ulong)((0x100000000ULL + bs - 1)/bs);
	k->nblock = n;
	k->base = (uchar*)(k+1);
	k->end = k->base+n*bs;
	k->dead = 0;
	if(!addchunk(k)){
		hmfree(k);
		error(exHeap);
		return;
	}
	k->held = sizeof(Chunk)+n*bs;
	gcstat.heapsys += k->held;
	k->next = chunks;
	chunks = k;
	p = k->base+(n-1)*bs;
	for(i = 0; i < n; i++){
		f = (Freeb*)p;
		f->color = Cfree;
		f->ref = 0;
		f->size = bs;
		f->next = freel[c];
		freel[c] = f;
		p -= bs;
	}
}

/* k is on its way out: forget it in ctab and ccache */
static void
dropchunk(Chunk *k)
{
	int i;

	for(i = 0; i < nctab; i++)
		if(ctab[i] == k){
			memmove(ctab+i, ctab+i+1, (nctab-i-1)*sizeof(Chunk*));
			nctab--;
			break;
		}
	for(i = 0; i < Nccache; i++)
		if(ccache[i] == k)
			ccache[i] = nil;
}

static int
chunkempty(Chunk *k)
{
	ulong i;

	for(i = 0; i < k->nblock; i++)
		if(((Heap*)(k->base+i*k->bsize))->color != Cfree)
			return 0;
	return 1;
}

/*
 * give chunks whose blocks are all free back to the host, so that the
 * heap shrinks after a program that allocated much has gone, until it
 * holds no more than keep bytes (0: every empty chunk).  Called by the
 * collector with no sweep under way: their blocks leave the free
 * lists, and recent[] forgets them.
 */
void
reclaimchunks(ulong keep)
{
	Chunk *k, **l, *dead;
	Freeb *f, **fl;
	int c, i, any;
	ulong sys, n;

	sys = gcstat.heapsys;
	n = 0;
	if(sys <= keep)
		return;
	dead = nil;
	any = 0;
	for(l = &chunks; (k = *l) != nil;){
		if(sys <= keep || !chunkempty(k)){
			k->dead = 0;
			l = &k->next;
			continue;
		}
		*l = k->next;
		sys -= k->held;
		k->dead = 1;
		k->next = dead;
		dead = k;
		any = 1;
	}
	if(!any)
		return;
	for(c = 0; c < Nclass; c++)
		for(fl = &freel[c]; (f = *fl) != nil;){
			k = findchunk((uchar*)f);
			if(k != nil && k->dead)
				*fl = f->next;
			else
				fl = &f->next;
			if((++n & (Gcstepwork-1)) == 0)
				gcstep();
		}
	for(i = 0; i < Nrecent; i++)
		if(recent[i] != nil && (k = findchunk((uchar*)recent[i])) != nil && k->dead)
			recent[i] = nil;
	while((k = dead) != nil){
		dead = k->next;
		dropchunk(k);
		gcstat.chunksfreed++;
		gcstat.returned += k->held;
		gcstat.heapsys -= k->held;
		hmfree(k);
	}
}

/* zero the n-sizeof(Heap) bytes of data of small block h */
static inline void
hclear(Heap *h, ulong n)
{
	ulong *w;

	/*
	 * most blocks are a few words: stores cost less than a call
	 * of memset (which a compiler makes of a loop)
	 */
	w = (ulong*)(h+1);
	switch((n-sizeof(Heap))/sizeof(ulong)){
	default:
		memset(w, 0, n-sizeof(Heap));
		break;
	case 8:	w[7] = 0;
	case 7:	w[6] = 0;
	case 6:	w[5] = 0;
	case 5:	w[4] = 0;
	case 4:	w[3] = 0;
	case 3:	w[2] = 0;
	case 2:	w[1] = 0;
	case 1:	w[0] = 0;
	case 0:	break;
	}
}

/* a block's header and the accounts, as halloc leaves them */
static inline void
hinit(Heap *h, ulong n, Type *t)
{
	h->color = mutator;
	h->ref = 1;
	h->t = t;
	h->size = n;
	recent[nrecent++ & (Nrecent-1)] = h;
	gcstat.allocated += n;
	gcstat.heapinuse += n;
	if(gcstat.heapinuse > gcstat.heapmax)
		gcstat.heapmax = gcstat.heapinuse;
}

static Heap*	hallocslow(ulong, Type*);

/*
 * halloc's common case, inline where it matters (heap): a small block
 * from its free list with neither the limit nor a collector slice due
 */
static inline __attribute__((always_inline)) Heap*
hquick(ulong n, Type *t)
{
	Heap *h;
	Freeb *f;
	ulong r;

	if(n > Maxsmall)
		return hallocslow(n, t);
	r = (n+Align-1)&~(Align-1);
	f = freel[r/Align];
	if(f == nil || gcstat.heapinuse+r > heaplimit || gcdebt+r >= Gcstep || heapmon != nil)
		return hallocslow(n, t);	/* heapmon wants n as asked */
	n = r;
	freel[n/Align] = f->next;
	h = (Heap*)f;
	hclear(h, n);
	hinit(h, n, t);
	gcdebt += n;
	return h;
}

/*
 * allocate a block of n bytes including the header, colored for the
 * current epoch, ref 1, data zeroed.
 */
Heap*
halloc(ulong n, Type *t)
{
	return hquick(n, t);
}

/* halloc's every case */
static Heap* __attribute__((noinline))
hallocslow(ulong n, Type *t)
{
	Heap *h;
	Freeb *f;
	Big *b;
	ulong n0;
	int c;

	if(n > 0x7fffffff)
		error(exHeap);
	n0 = n;
	n = (n+Align-1)&~(Align-1);
	if(gcstat.heapinuse+n > heaplimit){
		gcfull(n);
		if(gcstat.heapinuse+n > heaplimit)
			error(exHeap);
	}
	if(n <= Maxsmall){
		c = n/Align;
		f = freel[c];
		if(f == nil){
			newchunk(c);
			f = freel[c];
		}
		freel[c] = f->next;
		h = (Heap*)f;
		hclear(h, n);
	}else{
		b = hmalloc(sizeof(Big)+n);
		if(b == nil)
			error(exHeap);
		gcstat.heapsys += sizeof(Big)+n;
		b->next = bigs.next;
		b->prev = &bigs;
		bigs.next->prev = b;
		bigs.next = b;
		b->hnext = *bigslot(b);
		*bigslot(b) = b;
		h = (Heap*)(b+1);
		memset(h+1, 0, n-sizeof(Heap));
	}
	hinit(h, n, t);
	if(heapmon != nil)
		heapmon(h, n0);
	gcdebt += n;
	if(gcdebt >= Gcstep){
		gcdebt = 0;
		gcalloc();
	}
	return h;
}

/* return a block to the allocator */
void
hfree(Heap *h)
{
	Freeb *f;
	Big *b, **l;
	ulong n;

	n = h->size;
	gcstat.heapinuse -= n;
	if(n <= Maxsmall){
		f = (Freeb*)h;
		f->color = Cfree;
		f->next = freel[n/Align];
		freel[n/Align] = f;
		return;
	}
	b = (Big*)h - 1;
	gcstat.heapsys -= sizeof(Big)+n;
	gcbigfree(b);
	b->prev->next = b->next;
	b->next->prev = b->prev;
	for(l = bigslot(b); *l != nil; l = &(*l)->hnext)
		if(*l == b){
			*l = b->hnext;
			break;
		}
	hmfree(b);
}

void
initmem(Type *t, void *v)
{
	int i;

	for(i = 0; i < t->nptr; i++)
		*(void**)((uchar*)v+t->ptrs[i]) = H;
}

void
freeptrs(void *v, Type *t)
{
	int i;
	void *p;
	Heap *h;

	for(i = 0; i < t->nptr; i++){
		p = *(void**)((uchar*)v+t->ptrs[i]);
		if(p != H){
			h = D2H(p);
			if(--h->ref == 0)
				freeheap(h, 0);
		}
	}
}

void
incmem(void *v, Type *t)
{
	int i;
	void *p;
	Heap *h;

	for(i = 0; i < t->nptr; i++){
		p = *(void**)((uchar*)v+t->ptrs[i]);
		if(p != H){
			h = D2H(p);
			h->ref++;
			Setmark(h);
		}
	}
}

/* copy a value of type t from s to d, taking references and dropping d's */
void
movptrs(void *d, void *s, Type *t)
{
	if(t->nptr == 0){
		memmove(d, s, t->size);
		return;
	}
	incmem(s, t);
	freeptrs(d, t);
	memmove(d, s, t->size);
}

void
destroy(void *v)
{
	Heap *h;

	if(v == H || v == nil)
		return;
	h = D2H(v);
	if(--h->ref == 0)
		freeheap(h, 0);
}

static void
freearray(Heap *h, int swept)
{
	Array *a;
	Type *t;
	int i;
	uchar *p;

	a = H2D(Array*, h);
	if(a->root != H){
		if(!swept)
			destroy(a->root);
		return;
	}
	t = a->t;
	if(swept || t == nil || t->nptr == 0)
		return;
	p = a->data;
	for(i = 0; i < a->len; i++){
		freeptrs(p, t);
		p += t->size;
	}
}

/*
 * Freeing a long list or chain recursively would overflow the C stack,
 * so blocks met deeper than Maxfreedepth wait on a stack of their own
 * and the outermost freeheap frees them in a loop.
 */
enum
{
	Maxfreedepth	= 64,
};

static int	freedepth;
static Heap**	pend;
static int	npend;
static int	maxpend;

static int
defer(Heap *h)
{
	Heap **p;

	if(npend >= maxpend){
		p = realloc(pend, (maxpend*2+256)*sizeof(Heap*));
		if(p == nil)
			return 0;
		pend = p;
		maxpend = maxpend*2+256;
	}
	pend[npend++] = h;
	return 1;
}

static void	freeblock(Heap*, int);

/*
 * free a block whose count reached zero (swept == 0) or that the
 * collector found unreachable (swept: its pointers are left alone,
 * their targets are garbage too or live and counted conservatively).
 */
/*
 * may h be freed?  Dis code is not type checked, so a malformed module
 * can count a pointer twice or keep one the collector did not see: a
 * block freed already (on a free list, or a big one given back to the
 * host) is left alone.
 */
static int
liveblock(Heap *h)
{
	if(h->color == Cfree)
		return 0;
	if(h->size <= Maxsmall)
		return 1;
	return heapblock(H2D(void*, h));
}

void
freeheap(Heap *h, int swept)
{
	if(!swept && !liveblock(h))
		return;
	if(freedepth >= Maxfreedepth && !swept && defer(h))
		return;
	freedepth++;
	freeblock(h, swept);
	freedepth--;
	if(freedepth == 0)
		while(npend > 0){
			freedepth++;
			freeblock(pend[--npend], 0);
			freedepth--;
		}
}

static void
freeblock(Heap *h, int swept)
{
	Type *t;
	List *l;
	Heap *c;
	void *p;
	Freeb *f;
	ulong n;
	int i;

	if(heapmon != nil)
		heapmon(h, 0);
	t = h->t;
	if(!swept && t != nil && t->kind == Tkstruct && t->destroy == nil && h->size <= Maxsmall){
		/* the common case of reference counting (an adt's block), inline */
		for(i = 0; i < t->nptr; i++){
			p = *(void**)(H2D(uchar*, h)+t->ptrs[i]);
			if(p != H){
				c = D2H(p);
				if(--c->ref != 0)
					continue;
				/* freeheap's way when it would recurse (freedepth is 1 or more here) */
				if(c->color != Cfree && c->size <= Maxsmall && freedepth < Maxfreedepth){
					freedepth++;
					freeblock(c, 0);
					freedepth--;
				}else
					freeheap(c, 0);
			}
		}
		n = h->size;
		gcstat.rcfreed += n;
		gcstat.heapinuse -= n;
		f = (Freeb*)h;		/* as hfree */
		f->color = Cfree;
		f->next = freel[n/Align];
		freel[n/Align] = f;
		return;
	}
	if(t != nil){
		if(t->destroy != nil)
			t->destroy(h, swept);
		switch(t->kind){
		case Tkstruct:
			if(!swept && t->nptr)
				freeptrs(H2D(void*, h), t);
			break;
		case Tkarray:
			freearray(h, swept);
			break;
		case Tklist:
			l = H2D(List*, h);
			if(!swept){
				if(l->t != nil && l->t->nptr)
					freeptrs(l->data, l->t);
				destroy(l->tail);
			}
			break;
		case Tkstring:
			freestring(h, swept);
			break;
		case Tkchannel:
			freechan(h);
			if(!swept)
				destroy(H2D(Channel*, h)->buf);
			break;
		case Tkmodlink:
			freemodlink(h);
			if(!swept)
				destroy(H2D(Modlink*, h)->MP);
			break;
		}
	}
	if(swept)
		gcstat.gcfreed += h->size;
	else
		gcstat.rcfreed += h->size;
	hfree(h);
}

static Type**
typeslot(Type *t)
{
	return &thash[((uintptr)t>>4) & (Nthash-1)];
}

/* a type descriptor from a pointer map; nil if the map does not fit size */
Type*
newtype(int kind, int size, uchar *map, int np)
{
	Type *t;
	int i, n, *p;

	if(size < 0 || np < 0)
		return nil;
	n = 0;
	for(i = 0; i < np*8; i++)
		if(map[i>>3] & (0x80>>(i&7))){
			if(i*IBY2WD+IBY2WD > size)
				return nil;
			n++;
		}
	t = mallocz(sizeof(Type)+((np+3)&~3)+n*sizeof(int), 1);
	if(t == nil)
		return nil;
	t->ref = 1;
	t->kind = kind;
	t->size = size;
	t->np = np;
	t->map = (uchar*)(t+1);
	memmove(t->map, map, np);
	t->ptrs = (int*)(t->map+((np+3)&~3));
	p = t->ptrs;
	for(i = 0; i < np*8; i++)
		if(map[i>>3] & (0x80>>(i&7)))
			*p++ = i*IBY2WD;
	t->nptr = n;
	t->hnext = *typeslot(t);
	*typeslot(t) = t;
	return t;
}

Type*
dtype(void (*destroyfn)(Heap*, int), int size, uchar *map, int mapsize)
{
	Type *t;

	t = newtype(Tkstruct, size, map, mapsize);
	if(t == nil)
		error(exNomem);
	t->destroy = destroyfn;
	return t;
}

void
freetype(Type *t)
{
	Type **l;

	if(t == nil || --t->ref > 0)
		return;
	for(l = typeslot(t); *l != nil; l = &(*l)->hnext)
		if(*l == t){
			*l = t->hnext;
			break;
		}
	free(t);
}

/*
 * was t made by newtype, and not freed?  The type word of a frame a
 * malformed module wrote over may be anything.
 */
int
istype(Type *t)
{
	Type *x;

	for(x = *typeslot(t); x != nil; x = x->hnext)
		if(x == t)
			return 1;
	return 0;
}

Heap*
heap(Type *t)
{
	Heap *h;
	int i;

	h = hquick(sizeof(Heap)+t->size, t);
	for(i = 0; i < t->nptr; i++)	/* initmem */
		*(void**)(H2D(uchar*, h)+t->ptrs[i]) = H;
	return h;
}

Heap*
heapz(Type *t)
{
	return heap(t);
}

Heap*
nheap(int n)
{
	if(n < 0)
		error(exNegsize);
	return halloc(sizeof(Heap)+n, nil);
}

/*
 * The header type of arrays of elements laid out as et: one for each
 * layout (size and pointer map), kind Tkarray.  So an instruction that
 * indexes arrays checks with one comparison that a block is an array
 * and that its elements are what its code takes them to be
 * (xec.c: Cind).  Never freed, as the module types they stand for.
 */
static Type*	atypes[64];

Type*
arrtype(Type *et)
{
	Type *a, **l;
	uint h;
	int i;

	h = et->size;
	for(i = 0; i < et->np; i++)
		h = h*31+et->map[i];
	l = &atypes[h % nelem(atypes)];
	for(a = *l; a != nil; a = a->atype)
		if(a->elem->size == et->size && a->elem->np == et->np && memcmp(a->elem->map, et->map, et->np) == 0)
			break;
	if(a == nil){
		a = newtype(Tkarray, sizeof(Array), nil, 0);
		if(a == nil)
			error(exNomem);
		a->elem = newtype(Tkstruct, et->size, et->map, et->np);
		if(a->elem == nil)
			error(exNomem);
		a->atype = *l;	/* the chain of the hash slot */
		*l = a;
	}
	et->atype = a;
	return a;
}

Heap*
heaparray(Type *t, int n)
{
	Heap *h;
	Array *a;
	uchar *p;
	int i;
	uvlong sz;

	if(n < 0)
		error(exNegsize);
	sz = (uvlong)t->size*n + sizeof(Heap)+sizeof(Array);
	if(sz > 0x7fffffff)
		error(exHeap);
	h = halloc(sz, t->atype != nil ? t->atype : arrtype(t));
	a = H2D(Array*, h);
	a->len = n;
	a->t = t;
	a->root = H;
	a->data = (uchar*)(a+1);
	if(t->nptr){
		p = a->data;
		for(i = 0; i < n; i++){
			initmem(t, p);
			p += t->size;
		}
	}
	return h;
}

Array*
mem2array(void *v, int n)
{
	Heap *h;
	Array *a;

	h = heaparray(&Tbyte, n);
	a = H2D(Array*, h);
	if(n > 0)
		memmove(a->data, v, n);
	return a;
}

Heap*
newmodlinkheap(int nlinks)
{
	Heap *h;
	Modlink *ml;

	if(nlinks < 0)
		nlinks = 0;
	h = halloc(sizeof(Heap)+sizeof(Modlink)+nlinks*sizeof(Modl), &Tmodlink);
	ml = H2D(Modlink*, h);
	ml->MP = H;
	ml->nlinks = nlinks;
	return h;
}

Modlink*
mklinkmod(Module *m, int n)
{
	Modlink *ml;

	ml = H2D(Modlink*, newmodlinkheap(n));
	ml->m = m;
	m->ref++;
	ml->prog = m->prog;
	ml->type = m->type;
	return ml;
}

/*
 * is v the data of a block the heap has handed out (not free)?  Dis
 * code is not type checked: what a malformed module leaves in a
 * pointer slot may be anything, and the collector and the VM's
 * recovery paths ask before they follow it.
 */
int
heapblock(void *v)
{
	Chunk *k;
	Big *b;
	uchar *h;

	if(v == H || v == nil || ((uintptr)v & (Align-1)) != 0)
		return 0;
	h = (uchar*)D2H(v);
	k = findchunk(h);
	if(k != nil)
		return CHUNKBLOCK(k, h) && ((Heap*)h)->color != Cfree;
	for(b = *bigslot((Big*)h-1); b != nil; b = b->hnext)
		if((uchar*)(b+1) == h)
			return 1;
	return 0;
}

/*
 * the live block whose data holds address p, or nil: for the places the
 * verifier proves but whose type only the block knows (verify.c)
 */
Heap*
heapfind(void *p)
{
	Chunk *k;
	Big *b;
	Heap *h;
	uchar *a;
	ulong i;

	a = p;
	k = findchunk(a);
	if(k != nil){
		i = (ulong)(((uvlong)(a-k->base)*k->recip)>>32);
		h = (Heap*)(k->base+i*k->bsize);
		if((uchar*)h > a || (uchar*)h+k->bsize <= a)
			h = (Heap*)((uchar*)h-k->bsize);	/* the multiply rounded up */
		if((uchar*)h < k->base || h->color == Cfree || a < H2D(uchar*, h) || a >= (uchar*)h+h->size)
			return nil;
		return h;
	}
	for(b = bigs.next; b != &bigs; b = b->next){
		h = (Heap*)(b+1);
		if(a >= H2D(uchar*, h) && a < (uchar*)h+h->size)
			return h;
	}
	return nil;
}

void
heapinit(void)
{
	gcinit();
}
