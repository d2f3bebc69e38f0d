/*
 * Incremental mark and sweep collector, for what reference counting
 * cannot free (cycles).
 *
 * Colors: blocks allocated in the current epoch, and blocks found
 * reachable, have color `mutator' (black); Cprop is gray (reachable,
 * children not yet scanned); any other color is white.  A cycle starts
 * by changing `mutator', which makes every block white, and graying the
 * roots (prog stacks, module data, registered roots).  Gray blocks are
 * scanned from a stack; the write barrier (Setmark) grays any block
 * whose pointer is copied while marking, so a black block never points
 * to a white one.  When no gray block is left, white blocks are swept.
 * Between cycles every live block is black and the barrier costs one
 * compare.
 *
 * Work is bounded per rungc() call (a number of blocks visited).  A
 * cycle starts, and marking finishes, only at safe points (gcsafe, from
 * the scheduler between quanta) where every root is in a Prog or a
 * Module.  When a cycle starts and how its work is paced is the
 * policy's (gcpolicy, set through #g, man/3/gc):
 *
 * Gcalloc	paced by allocation: a cycle starts when the heap in use
 *		reaches trigger (twice the last live heap, at least
 *		Mintrigger) or at idle; halloc calls gcalloc every Gcstep
 *		bytes, and each quantum does a slice.
 * Gcavail	Walfield's availability pacing (l4-hurd, 26 June 2008): a
 *		cycle starts only when the memory the heap holds from the
 *		host reaches 15/16 of what is available to it (the limit
 *		less the hogs); after it, and whenever use falls below 2/3
 *		of what is held, empty chunks go back until the heap holds
 *		less than 7/8 of what is available.  Work is paced as
 *		Gcalloc's.
 * Gcidle	Inferno's original: a slice at idle and at every 256th
 *		quantum (every quantum once the heap is past half of what
 *		is available: Inferno's memlow), a cycle starting whenever
 *		the last has ended; no allocation pacing.
 *
 * Small blocks freed while on the gray stack stay in their
 * chunk (the stack entry is skipped by color); big blocks go back to
 * malloc, so they have their own gray list and leave it when freed.
 * If a gray list cannot grow, nprop asks for a heap scan instead.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"
#include "gc.h"

/* tunable for testing: cc -DGCTRIGGER=16384 -DGCBUDGET=50 stresses the collector */
#ifndef GCTRIGGER
#define	GCTRIGGER	(4*1024*1024)
#endif
#ifndef GCBUDGET
#define	GCBUDGET	12000
#endif

enum
{
	Gidle,
	Gmark,
	Gsweep,

	Budget		= GCBUDGET,	/* blocks visited per slice */
	Idlebudget	= 500,		/* per rungc(): the host's idle collector's quantum */
	Arraystep	= 4096,		/* array elements scanned per visit */
	Mintrigger	= GCTRIGGER,	/* heap size that starts the first cycle */
	Maxroots	= 64,
	Idleevery	= 256,		/* Gcidle: a slice every this many quanta (Inferno's gccounter) */
};

int	mutator;
int	nprop;
int	gchalt;

static int	phase;
static Heap**	gray;
static int	ngray;
static int	maxgray;
static int	rescanned;
static Heap*	graybig[256];	/* gray big blocks: gcbigfree removes freed ones */
static int	ngbig;
static Heap*	partial;	/* big array being scanned, from partidx */
static int	partidx;
static Chunk*	swchunk;
static ulong	swidx;
static Big*	swbig;
static ulong	trigger = Mintrigger;
static ulong	lastlive;
static ulong	prevsafe;	/* heap in use at the last safe point */
static ulong	prevsys;	/* heap held at the last safe point */
int	gcpolicy = Gcalloc;
ulong	gchog;		/* bytes taken by hogs (devgc), not available to the heap */
Gctrig	gctrig = { -1 };
char*	gcpolicies[Ngcpolicy] = { "alloc", "avail", "idle" };
char*	gcwhys[Ngcwhy] = { "alloc", "idle", "quantum", "avail", "full", "ctl" };
void	(*vmgcslice)(int);
void	(*vmgcstep)(void);
static void**	roots[Maxroots];
static int	nroots;
static Heap**	pins;		/* gcpin's */
static int	npins;
static int	maxpins;

static void	shade(Heap*);

void
gcinit(void)
{
	mutator = 0;
	phase = Gidle;
}

/* keep *v alive: for builtins holding heap values in C globals */
void
gcroot(void **v)
{
	if(nroots >= Maxroots)
		error("too many gc roots");
	roots[nroots++] = v;
}

/*
 * keep h alive while host code holds it where no root reaches (the
 * buffers of a host wait on a channel, see chostsend), until gcunpin
 */
void
gcpin(Heap *h)
{
	Heap **n;

	if(npins == maxpins){
		n = realloc(pins, (maxpins*2+16)*sizeof(Heap*));
		if(n == nil)
			error(exNomem);
		pins = n;
		maxpins = maxpins*2+16;
	}
	pins[npins++] = h;
	Setmark(h);
}

void
gcunpin(Heap *h)
{
	int i;

	for(i = npins-1; i >= 0; i--)
		if(pins[i] == h){
			pins[i] = pins[--npins];
			return;
		}
}

/*
 * is v the data of a live heap block?  heapblock's question, answered
 * here without a call when v's chunk is the one last found for its 4K
 * of address space, as it nearly always is while marking.
 */
static int
isblock(void *v)
{
	uchar *h;
	Chunk *k;

	if(((uintptr)v & 7) != 0)
		return 0;
	h = (uchar*)D2H(v);
	k = ccache[((uintptr)h>>Ccshift) & (Nccache-1)];
	if(k != nil && h >= k->base && h < k->end)
		return CHUNKBLOCK(k, h) && ((Heap*)h)->color != Cfree;
	return heapblock(v);
}

/*
 * the write barrier's entry (Setmark): what Dis code copies may be a
 * stray pointer, which is not shaded
 */
void
gcgray(Heap *h)
{
	if(isblock(H2D(void*, h)))
		shade(h);
}

/* h, a live block, turns gray */
static void
shade(Heap *h)
{
	Heap **g;

	if(h->color == Cprop || h->color == Cfree || h->color == mutator)
		return;
	if(phase != Gmark){
		/* only a reachable block can be stored: keep it */
		h->color = mutator;
		return;
	}
	h->color = Cprop;
	if(h->size > Maxsmallblock){
		if(ngbig >= nelem(graybig)){
			nprop = 1;
			return;
		}
		graybig[ngbig++] = h;
		return;
	}
	if(ngray >= maxgray){
		g = realloc(gray, (maxgray*2+1024)*sizeof(Heap*));
		if(g == nil){
			nprop = 1;
			return;
		}
		gray = g;
		maxgray = maxgray*2+1024;
	}
	gray[ngray++] = h;
}

/* mark a root the VM holds (checked all the same: see markslot) */
void
gcmark(void *v)
{
	Heap *h;

	if(v == H || v == nil || !isblock(v))
		return;
	h = D2H(v);
	if(h->color != mutator)
		shade(h);
}

/*
 * mark what a slot Dis code can write holds.  Dis code is not type
 * checked: a malformed module can leave anything in a slot its type
 * calls a pointer, so the collector follows only pointers to heap
 * blocks, and makes anything else nil (the module then gets
 * "dereference of nil", not a broken collector).
 */
void
markslot(void **p)
{
	void *v;
	Heap *h;

	v = *p;
	if(v == H || v == nil)
		return;
	if(!isblock(v)){
		*p = H;
		return;
	}
	h = D2H(v);
	if(h->color != mutator)
		shade(h);
}

static void
markptrs(uchar *v, Type *t)
{
	int i;

	for(i = 0; i < t->nptr; i++)
		markslot((void**)(v+t->ptrs[i]));
}

/* blacken h: mark what it points to */
static void
scan(Heap *h)
{
	Type *t;
	Array *a;
	List *l;
	uchar *p;
	int i, n;

	h->color = mutator;
	gcstat.visited++;
	t = h->t;
	if(t == nil)
		return;
	switch(t->kind){
	case Tkstruct:
		if(t->nptr)
			markptrs(H2D(uchar*, h), t);
		break;
	case Tkarray:
		a = H2D(Array*, h);
		if(a->root != H){
			markslot((void**)&a->root);
			break;
		}
		if(a->t == nil || a->t->nptr == 0)
			break;
		/* big arrays a piece at a time, staying gray in between */
		i = h == partial ? partidx : 0;
		n = a->len;
		if(n-i > Arraystep && (partial == nil || partial == h)){
			n = i+Arraystep;
			h->color = Cprop;
			partial = h;
			partidx = n;
		}else if(h == partial)
			partial = nil;
		p = a->data+i*a->t->size;
		for(; i < n; i++){
			markptrs(p, a->t);
			p += a->t->size;
		}
		break;
	case Tklist:
		l = H2D(List*, h);
		markslot((void**)&l->tail);
		if(l->t != nil && l->t->nptr)
			markptrs((uchar*)l->data, l->t);
		break;
	case Tkstring:
		markslot((void**)&H2D(String*, h)->tmp);
		break;
	case Tkchannel:
		markslot((void**)&H2D(Channel*, h)->buf);
		break;
	case Tkmodlink:
		markslot((void**)&H2D(Modlink*, h)->MP);
		break;
	}
}

/* Gcstepwork blocks of work done (gc.h) */
void
gcstep(void)
{
	if(vmgcstep != nil)
		vmgcstep();
}

/* a slice's budget went from b0 down to b: a step if it passed a multiple of Gcstepwork */
static inline void
stepped(int b0, int b)
{
	if((b0 ^ b) & ~(Gcstepwork-1))
		gcstep();
}

static void
markroots(void)
{
	Prog *p;
	Module *m;
	int i;

	for(p = proghead; p != nil; p = p->next){
		markprog(p);
		gcstep();
	}
	for(m = modules; m != nil; m = m->link){
		gcmark(m->origmp);
		gcmark(m->shared);
	}
	gcstep();
	for(i = 0; i < nroots; i++)
		gcmark(*roots[i]);
	for(i = 0; i < npins; i++)
		gcmark(H2D(void*, pins[i]));
}

/* gray blocks the barrier could not push: find them by a heap scan */
static void
rescan(void)
{
	Chunk *k;
	Big *b;
	Heap *h;
	ulong i;

	nprop = 0;
	for(k = chunks; k != nil; k = k->next)
		for(i = 0; i < k->nblock; i++){
			h = (Heap*)(k->base+i*k->bsize);
			if(h->color == Cprop)
				scan(h);
			if((i & (Gcstepwork-1)) == 0)
				gcstep();
		}
	for(b = bigs.next; b != &bigs; b = b->next){
		h = (Heap*)(b+1);
		if(h->color == Cprop)
			scan(h);
		gcstep();
	}
}

static void
startsweep(void)
{
	phase = Gsweep;
	swchunk = chunks;
	swidx = 0;
	swbig = bigs.next;
}

static void
endcycle(void)
{
	ulong live;

	phase = Gidle;
	gcstat.epochs++;
	if(gcpolicy == Gcavail)
		reclaimchunks(gcavail()/8*7);
	else
		reclaimchunks(0);
	live = gcstat.heapinuse;
	lastlive = live;
	trigger = live*2;
	if(trigger < Mintrigger)
		trigger = Mintrigger;
	if(trigger > gcavail() - gcavail()/4 && live < gcavail()/2)
		trigger = gcavail() - gcavail()/4;
}

/* what the heap may use: heaplimit, which devgc keeps at the limit set less what the hogs hold */
ulong
gcavail(void)
{
	return heaplimit;
}

/* count a pause of t microseconds */
static void
addpause(vlong t)
{
	int i;

	gcstat.gcusec += t;
	if(t > gcstat.maxusec)
		gcstat.maxusec = t;
	for(i = 0; i < Npausehist-1 && t >= (1LL<<i); i++)
		;
	gcstat.pausehist[i]++;
	gcstat.npause++;
}

void
gcbigfree(Big *b)
{
	Heap *h;
	int i;

	if(swbig == b)
		swbig = b->next;
	h = (Heap*)(b+1);
	if(h == partial)
		partial = nil;
	if(h->color == Cprop)
		for(i = 0; i < ngbig; i++)
			if(graybig[i] == h)
				graybig[i] = graybig[--ngbig];
}

static int
marking(int budget, int safe)
{
	Heap *h;
	int b0;

	while(budget > 0){
		if(partial != nil){
			scan(partial);
			budget -= Arraystep/16;
			gcstep();
			continue;
		}
		if(ngray > 0){
			h = gray[--ngray];
			if(h->color == Cprop){
				scan(h);
				if((--budget & (Gcstepwork-1)) == 0)
					gcstep();
			}
			continue;
		}
		if(ngbig > 0){
			h = graybig[--ngbig];
			if(h->color == Cprop){
				scan(h);
				b0 = budget;
				budget -= 1+h->size/1024;
				stepped(b0, budget);
			}
			continue;
		}
		if(nprop){
			rescan();
			budget -= 1000;
			continue;
		}
		if(!safe)
			return budget;
		if(!rescanned){
			rescanned = 1;
			markroots();
			continue;
		}
		startsweep();
		break;
	}
	return budget;
}

static int
sweeping(int budget)
{
	Heap *h;
	Big *b;
	int c, n, w;

	w = 0;
	while(swchunk != nil && budget > 0){
		if(swidx >= swchunk->nblock){
			swchunk = swchunk->next;
			swidx = 0;
			continue;
		}
		/* runs of blocks, a step every Gcstepwork (w: since the last) */
		n = swchunk->nblock - swidx;
		if(n > budget)
			n = budget;
		if(n > Gcstepwork-w)
			n = Gcstepwork-w;
		budget -= n;
		w += n;
		for(; n > 0; n--){
			h = (Heap*)(swchunk->base+swidx*swchunk->bsize);
			swidx++;
			c = h->color;
			if(c != Cfree && c != mutator && c != Cprop)
				freeheap(h, 1);
		}
		if(w == Gcstepwork){
			w = 0;
			gcstep();
		}
	}
	while(swchunk == nil && swbig != &bigs && budget > 0){
		b = swbig;
		swbig = b->next;
		h = (Heap*)(b+1);
		c = h->color;
		if(c != mutator && c != Cprop)
			freeheap(h, 1);
		budget--;
		stepped(budget+1, budget);
	}
	if(swchunk == nil && swbig == &bigs)
		endcycle();
	return budget;
}

/*
 * The host's attribution (vmgcslice) is told when collector work
 * starts and ends: slices, a cycle's start (marking the roots) and
 * giving memory back.  gckind is the kind of the entry point under way
 * (each sets it); the work of a whole cycle (gcfull, gccollect) holds
 * the slices it makes, so work is bracketed once, at its outermost.
 */
static int	gckind;
static int	gcdepth;

static void
workbegin(void)
{
	if(gcdepth++ == 0 && vmgcslice != nil)
		vmgcslice(gckind);
}

static void
workend(void)
{
	if(--gcdepth == 0 && vmgcslice != nil)
		vmgcslice(Gcnoslice);
}

static void
slice(int budget, int safe)
{
	vlong t0;

	if(gchalt > 0 || phase == Gidle)
		return;
	workbegin();
	t0 = osusectime();
	if(phase == Gmark)
		budget = marking(budget, safe);
	if(phase == Gsweep)
		sweeping(budget);
	addpause(osusectime()-t0);
	workend();
}

/* start a cycle, for reason why; only at a safe point (or gcfull's) */
static void
flip(int why)
{
	gcstat.why[why]++;
	gctrig.why = why;
	gctrig.inuse = gcstat.heapinuse;
	gctrig.sys = gcstat.heapsys;
	gctrig.avail = gcavail();
	gctrig.trigger = trigger;
	gctrig.previnuse = prevsafe;
	gctrig.prevsys = prevsys;
	gctrig.quantum = gcstat.quanta;
	workbegin();
	mutator = (mutator+1)%3;
	phase = Gmark;
	rescanned = 0;
	ngray = 0;
	ngbig = 0;
	partial = nil;
	nprop = 0;
	markroots();
	workend();
}

/*
 * Gcavail's rule at a safe point: a cycle when the heap holds 15/16 of
 * what is available; else, with use below 2/3 of what is held, give
 * back down to 7/8 of it.  1 if a cycle started.
 */
static int
availrule(void)
{
	ulong avail, sys;

	avail = gcavail();
	sys = gcstat.heapsys;
	if(sys >= avail/16*15){
		flip(Whyavail);
		return 1;
	}
	if(gcstat.heapinuse < sys/3*2){
		workbegin();
		reclaimchunks(avail/8*7);
		workend();
	}
	return 0;
}

/* Gcidle at a safe point: Inferno's rungc every 256th quantum, or each once memory is low */
static void
idlequantum(void)
{
	if(gcstat.quanta%Idleevery != 0 && gcstat.heapinuse <= gcavail()/2)
		return;
	if(phase == Gidle)
		flip(Whyquantum);
	slice(Idlebudget, 1);
}

/* from the scheduler between quanta: start or advance a cycle, as the policy says */
void
gcsafe(void)
{
	if(gchalt > 0)
		return;
	gcstat.quanta++;
	gckind = Gcquantumslice;
	if(gcpolicy == Gcidle){
		idlequantum();
		return;
	}
	if(phase == Gidle){
		if(gcpolicy == Gcalloc && gcstat.heapinuse >= trigger)
			flip(Whyalloc);
		else if(gcpolicy != Gcavail || !availrule()){
			prevsafe = gcstat.heapinuse;
			prevsys = gcstat.heapsys;
			return;
		}
	}
	prevsafe = gcstat.heapinuse;
	prevsys = gcstat.heapsys;
	slice(Budget/4, 1);
}

/* from the allocator every Gcstep bytes */
void
gcalloc(void)
{
	if(phase != Gidle && gcpolicy != Gcidle){
		gckind = Gcallocslice;
		slice(Budget, 0);
	}
}

/*
 * a slice of collector work; with no prog running it is a safe point
 * and starts a cycle if none is under way (Inferno's idle collector;
 * not under Gcavail, which starts cycles only by its rule).
 * The slice is small (the paper's visited 50 blocks): the kernel's
 * patched idle collector lets ready processes run after each one, so
 * its length bounds how long they wait.
 */
void
rungc(void)
{
	int safe;

	if(gchalt > 0)
		return;
	gckind = Gcidleslice;
	safe = curprog == nil;
	if(safe && phase == Gidle){
		if(gcpolicy == Gcavail){
			availrule();
			return;
		}
		flip(Whyidle);
	}
	slice(Idlebudget, safe);
}

int
gcbusy(void)
{
	return phase != Gidle;
}

/* end the cycle under way, whatever it costs */
static void
finish(int safe)
{
	while(phase == Gmark){
		marking(1<<30, safe);
		if(!safe && ngray == 0 && ngbig == 0 && nprop == 0 && partial == nil && phase == Gmark)
			startsweep();
	}
	while(phase == Gsweep)
		sweeping(1<<30);
}

/*
 * the heap cannot hold need more bytes: finish the cycle under way,
 * whatever it costs, and if that is not enough run a whole new one.
 * A new cycle starts here although this is not a safe point, but only
 * when the allocation comes from Dis code the VM is running: the VM's
 * own code holds at most a few new blocks in C variables, and the last
 * Nrecent allocated are kept alive (a module being loaded is on the
 * module list already).  Not from a builtin that is running, nor from
 * the host holding the VM with no prog (devsrv's replies): their C
 * code may hold new blocks no root reaches.  Progs blocked in builtins
 * (released) do not stop it: while released a builtin holds no block
 * but through its frame or a pin (sysmod.c), as at any safe point.
 */
static int
canstart(void)
{
	return curprog != nil && (curprog->flags & Pbuiltin) == 0;
}

void
gcfull(ulong need)
{
	int i, round, kind;
	Heap *h;
	vlong t0;

	if(gchalt > 0 || phase == Gidle && !canstart())
		return;
	kind = gckind;
	gckind = Gcfullslice;
	workbegin();
	t0 = osusectime();
	for(round = 0; round < 2; round++){
		if(phase == Gidle){
			if(!canstart())
				break;
			flip(Whyfull);
			for(i = 0; i < Nrecent; i++){
				h = recent[i];
				if(h != nil && h->color != Cfree)
					gcgray(h);
			}
		}
		finish(0);
		if(gcstat.heapinuse+need <= gcavail())
			break;
	}
	addpause(osusectime()-t0);
	workend();
	gckind = kind;
}

/*
 * a whole cycle now, from a host holding the VM with no prog current
 * (a safe point: devgc's collect, limit and hog): the cycle under way
 * is finished first.
 */
void
gccollect(void)
{
	vlong t0;

	if(gchalt > 0)
		return;
	gckind = Gcfullslice;
	workbegin();
	t0 = osusectime();
	finish(1);
	flip(Whyctl);
	finish(1);
	addpause(osusectime()-t0);
	workend();
}

/* set the policy by name; nil if there is none such */
char*
gcsetpolicy(char *name)
{
	int i;

	for(i = 0; i < Ngcpolicy; i++)
		if(strcmp(name, gcpolicies[i]) == 0){
			gcpolicy = i;
			return gcpolicies[i];
		}
	return nil;
}

/* zero the counters that accumulate (not the heap's sizes) */
void
gcresetstat(void)
{
	gcstat.epochs = 0;
	gcstat.visited = 0;
	gcstat.gcusec = 0;
	gcstat.maxusec = 0;
	gcstat.returned = 0;
	gcstat.npause = 0;
	memset(gcstat.pausehist, 0, sizeof gcstat.pausehist);
	memset(gcstat.why, 0, sizeof gcstat.why);
	gcstat.heapmax = gcstat.heapinuse;
}

/* vmidle: collector work when nothing is ready to run; 1 if more is pending */
int
vmidle(void)
{
	if(gchalt > 0)
		return 0;
	gckind = Gcidleslice;
	if(phase == Gidle){
		if(gcpolicy == Gcavail){
			availrule();
			if(phase == Gidle)
				return 0;
		}else if(gcstat.heapinuse > lastlive+Mintrigger/4)
			flip(Whyidle);
	}
	slice(Budget, 1);
	return phase != Gidle;
}

void
vmstats(int fd)
{
	fprint(fd, "gc: epochs %lud visited %llud rcfreed %llud gcfreed %llud\n",
		gcstat.epochs, gcstat.visited, gcstat.rcfreed, gcstat.gcfreed);
	fprint(fd, "gc: time %lludus maxslice %ludus allocated %llud inuse %lud max %lud limit %lud chunksfreed %lud\n",
		gcstat.gcusec, gcstat.maxusec, gcstat.allocated, gcstat.heapinuse,
		gcstat.heapmax, heaplimit, gcstat.chunksfreed);
}
