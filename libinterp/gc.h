/* the allocator's structures, shared by heap.c and gc.c */
typedef struct Chunk Chunk;
typedef struct Big Big;

struct Chunk
{
	Chunk*	next;
	ulong	bsize;		/* bytes per block */
	ulong	nblock;
	uchar*	base;		/* first block */
};

struct Big
{
	Big*	next;
	Big*	prev;
};

enum
{
	Maxsmallblock	= 1024,
	Nrecent		= 16,
};

extern	Heap*	recent[Nrecent];

extern	Chunk*	chunks;
extern	Big	bigs;

void	gcalloc(void);
void	gcbigfree(Big*);
