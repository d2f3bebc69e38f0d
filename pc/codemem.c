#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include <isa.h>
#include <interp.h>

/*
 * Memory for compiled Dis code (libinterp/comp386.c: interp.h's
 * compmem, compexec, compfree), kept apart from data: a page holds
 * code or data, never both, and is never writable and executable at
 * once.  Code lives in chunks of one large page (2MB) taken from
 * xalloc as compilation needs them and never given back, each mapped
 * with 4K pages (mmusplit); compmem hands out runs of whole pages
 * of one chunk, first fit, writable and not executable, as data are;
 * compexec makes them read-only and executable; compfree makes them
 * data again, free for another module.
 *
 * Other processors' TLBs: a processor may hold a page's old
 * translation.  compexec flushes the run from every processor (mpcall)
 * after making it executable, so no processor keeps a writable
 * translation of code (the compiling process may have been moved
 * between processors while it wrote), nor a not-executable one that
 * would fault where the code runs.  compfree flushes this processor's
 * only: another may keep the freed code's read-only, executable
 * translation, which nothing uses (no Dis instruction leads to freed
 * code) but which would fault a write there; so compmem flushes every
 * processor before handing out a run with a page once used (Pfreed).
 * A page never yet handed out was mapped as data all along.
 *
 * Only where the processor has NX (PAE's tables, pc/mmu.c): with
 * 32-bit tables every page is executable, code and data could not be
 * kept apart, and the kernel does not compile (codeinit sets no hooks:
 * modules are interpreted, MUSTCOMPILE's too).
 *
 * Boot options (boot(8), parsed by main.c's options): -c1 compiles
 * every module (but those whose header says DONTCOMPILE); -c0, the
 * default, only those whose header says MUSTCOMPILE; -cv prints a line
 * for each module compiled.
 */
enum
{
	Chunk	= 2*MiB,		/* a large page of PAE's tables */
	Npage	= Chunk/BY2PG,
	Nchunk	= 16,			/* so at most 32MB of code */

	Pfree	= 0,		/* never handed out: data all along */
	Pused,
	Pfreed,			/* handed out once: some TLB may hold it executable */
};

typedef struct Flush Flush;
struct Flush
{
	ulong	a;
	ulong	n;
};

static struct {
	Lock;
	uchar*	base[Nchunk];
	int	nchunk;
	uchar	state[Nchunk][Npage];
	void*	pt;		/* the next chunk's page table, kept if the chunk could not be had */
} code;

/* take one more chunk and map it with 4K pages; 0 if there is no memory.  Holding code */
static int
codegrow(void)
{
	uchar *b;

	if(code.nchunk == Nchunk)
		return 0;
	if(code.pt == nil)
		code.pt = xallocalign(BY2PG, BY2PG);
	if(code.pt == nil)
		return 0;
	b = xallocalign(Chunk, Chunk);
	if(b == nil)
		return 0;
	mmusplit((ulong)b, code.pt);
	code.pt = nil;
	code.base[code.nchunk++] = b;
	return 1;
}

/* in chunk c, the first of np free pages in a row, or -1 */
static int
coderun(int c, int np)
{
	uchar *s;
	int i, j;

	s = code.state[c];
	for(i = 0; i+np <= Npage; i = j+1){
		for(j = i; j < i+np; j++)
			if(s[j] == Pused)
				break;
		if(j == i+np)
			return i;
	}
	return -1;
}

/* on each processor (mpcall): forget the translations of f's pages */
static void
codeflush(void *a)
{
	Flush *f;
	ulong p;

	f = a;
	for(p = f->a; p < f->a+f->n; p += BY2PG)
		invlpg(p);
}

static void
flushall(ulong a, ulong n)
{
	Flush f;

	f.a = a;
	f.n = n;
	if(conf.nmach == 1)
		codeflush(&f);	/* the one TLB */
	else
		mpcall(codeflush, &f);
}

void*
compmem(ulong n)
{
	int c, i, j, np, stale, grew;
	uchar *p, *b;

	np = (n+BY2PG-1)/BY2PG;
	if(!mmunx || np == 0 || np > Npage)
		return nil;
	lock(&code);
	grew = 0;
	for(c = 0;; c++){
		if(c == code.nchunk){
			if(!codegrow()){
				unlock(&code);
				return nil;
			}
			grew = 1;
		}
		i = coderun(c, np);
		if(i >= 0)
			break;
	}
	stale = 0;
	for(j = i; j < i+np; j++){
		stale |= code.state[c][j] == Pfreed;
		code.state[c][j] = Pused;
	}
	b = code.base[c];
	p = b + i*BY2PG;
	unlock(&code);
	/*
	 * a chunk split from a large page into small ones: no processor
	 * may keep the large page's translation beside the small ones'
	 * (Intel SDM 4.10.2.3; the rights are the same, data's)
	 */
	if(grew)
		flushall((ulong)b, Chunk);
	else if(stale)
		flushall((ulong)p, np*BY2PG);
	memset(p, 0xCC, np*BY2PG);	/* int3: no old code past the new */
	return p;
}

int
compexec(void *p, ulong n)
{
	n = PGROUND(n);
	mmucode((ulong)p, n, 1);
	flushall((ulong)p, n);
	return 1;
}

void
compfree(void *p, ulong n)
{
	int c, i;

	n = PGROUND(n);
	lock(&code);
	for(c = 0; c < code.nchunk; c++)
		if((uchar*)p >= code.base[c] && (uchar*)p < code.base[c]+Chunk)
			break;
	if(c == code.nchunk){
		unlock(&code);
		panic("compfree: %#p not code", p);
	}
	mmucode((ulong)p, n, 0);
	for(i = ((uchar*)p-code.base[c])/BY2PG; n > 0; n -= BY2PG)
		code.state[c][i++] = Pfreed;
	unlock(&code);
}

/*
 * the compiler's hooks (interp.h), where code can be kept from data;
 * at boot, after options (pc/main.c) set vmcompall and compdebug
 */
void
codeinit(void)
{
	if(!mmunx){
		vmcompall = 0;
		return;
	}
	vmcompile = comp386;
	vmuncompile = uncomp386;
	xeccomp = comp386run;
}
