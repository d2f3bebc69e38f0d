/* the allocator's structures, shared by heap.c and gc.c */
typedef struct Chunk Chunk;
typedef struct Big Big;

struct Chunk
{
	Chunk*	next;
	ulong	bsize;		/* bytes per block */
	ulong	nblock;
	uchar*	base;		/* first block */
	uchar*	end;		/* past the last */
	ulong	recip;		/* ceil(2^32/bsize): offset/bsize by a multiply, exact below 2^16 (also keeps base 8-aligned) */
	ulong	dead;		/* being given back (reclaimchunks) */
	ulong	held;		/* bytes taken from the host, header included */
};

/* in front of a big block's header; 16 bytes keep the data 8-aligned */
struct Big
{
	Big*	next;		/* bigs, all of them */
	Big*	prev;
	Big*	hnext;		/* hash chain, for heapblock */
	ulong	pad;
};

enum
{
	Maxsmallblock	= 1024,
	Nrecent		= 16,
	Nccache		= 1024,		/* heapblock's cache: the chunk last found in each */
	Ccshift		= 12,		/* 4K of addresses */
};

extern	Heap*	recent[Nrecent];

extern	Chunk*	chunks;
/* does block header h, inside chunk k, start a block?  (no divide: recip) */
#define	CHUNKBLOCK(k, h)	((ulong)(((uvlong)((uchar*)(h)-(k)->base)*(k)->recip)>>32)*(k)->bsize == (ulong)((uchar*)(h)-(k)->base))

extern	Chunk*	ccache[Nccache];	/* the chunk heapblock found last in each 4K of addresses */
extern	Big	bigs;

/*
 * the collector calls gcstep every Gcstepwork blocks of work, or
 * after one piece of a large block: the host's attribution (vmgcstep)
 * reads the clock there, and a long gap between two calls, which so
 * little work cannot take, was the host's
 */
enum { Gcstepwork = 256 };

void	gcalloc(void);
void	gcstep(void);
void	reclaimchunks(ulong);
void	gcbigfree(Big*);
