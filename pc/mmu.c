#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * Paging, to catch nil and wild references and to keep code and data
 * apart.  Memory is identity mapped; page 0 is left out, and the
 * kernel's text and read-only data (KTZERO to etext) are mapped
 * read-only, with CR0.WP so that this holds for the kernel itself: a
 * stray store there (from the kernel, or through a Dis address the VM
 * did not catch) faults instead of changing code.
 *
 * Where the processor has PAE and NX (cpuid 0x80000001, edx bit 20;
 * QEMU's qemu32 has them with +nx, which minos passes), the tables are
 * PAE's, with 2MB pages but for the kernel image's first megabytes (4K
 * pages), and every page but the text (KTZERO to ksym: kernel.ld and
 * mklayout put the symbol table right after it) is marked no-execute:
 * the Dis heap, the stacks, the kernel's data and read-only data.  A
 * jump into them faults (fault exec), which in Dis code or a builtin
 * is an error for the thread (trap.c).  Compiled Dis code has pages of
 * its own (codemem.c): large pages split into 4K ones (mmusplit), each
 * writable and not executable, or executable and read-only (mmucode).
 * Elsewhere the tables are 32-bit ones with 4MB pages, and data are
 * executable: only the loader's verifier keeps a module from running
 * bytes of its own (dis(6)), and nothing is compiled.
 */
extern char ksym[];

enum
{
	Efer	= 0xC0000080,	/* extended feature enable register */
	Efernxe	= 1<<11,
	Nkpt	= 8,		/* 4K page tables for the kernel image: 16MB */
};

#define	PTENX	(1ULL<<63)
#define	BY2PPG	(2*MiB)		/* PAE's large page */

int	mmunx;

static ulong pdb[1024] __attribute__((aligned(4096)));
static ulong pt0[1024] __attribute__((aligned(4096)));

static uvlong pdpt[4] __attribute__((aligned(32)));
static uvlong *appd[MAXMACH];	/* the application processors' copies of m's pd */
static uvlong pd[4][512] __attribute__((aligned(4096)));
static uvlong kpt[Nkpt][512] __attribute__((aligned(4096)));

/* does the processor have PAE and the NX bit? */
static int
hasnx(void)
{
	ulong r[4];

	cpuid(0, r);
	if(r[0] < 1)
		return 0;
	cpuid(1, r);
	if((r[3] & (1<<6)) == 0)
		return 0;
	cpuid(0x80000000, r);
	if(r[0] < 0x80000001)
		return 0;
	cpuid(0x80000001, r);
	return (r[3] >> 20) & 1;
}

static uvlong*
pdentry(ulong a)
{
	return &pd[a>>30][(a>>21) & 511];
}

/* PAE tables for [0, top): see above */
static void
paeinit(ulong top)
{
	ulong a, ktop;
	uvlong *pte, v;
	int i;

	ktop = ROUND((ulong)etext, BY2PPG);
	if(ktop/BY2PPG > Nkpt)
		panic("mmuinit: kernel image ends at %#lux, beyond its page tables", (ulong)etext);
	for(i = 0; i < 4; i++)
		pdpt[i] = (ulong)pd[i] | PTEVALID;
	for(a = 0; a < ktop; a += BY2PG){
		pte = &kpt[a/BY2PPG][(a/BY2PG) & 511];
		if(a == 0)
			v = 0;
		else if(a >= KTZERO && a < (ulong)ksym)
			v = a | PTEVALID;
		else if(a >= KTZERO && a < (ulong)etext)
			v = a | PTEVALID | PTENX;
		else
			v = a | PTEWRITE | PTEVALID | PTENX;
		*pte = v;
	}
	for(a = 0; a < ktop; a += BY2PPG)
		*pdentry(a) = (ulong)kpt[a/BY2PPG] | PTEWRITE | PTEVALID;
	for(; a < top && a != 0; a += BY2PPG)
		*pdentry(a) = a | PTESIZE | PTEWRITE | PTEVALID | PTENX;
	rdmsr(Efer, &v);
	wrmsr(Efer, v | Efernxe);
	putcr4(getcr4() | CR4PAE);
	putcr3((ulong)pdpt);
	putcr0(getcr0() | CR0PG | CR0WP);
	mmunx = 1;
}

/* 32-bit tables for [0, top): 4MB pages, but for the first 4MB */
static void
pginit(ulong top)
{
	ulong a;
	int i;

	for(i = 1; i < 1024; i++){
		a = i*BY2PG;
		if(a >= KTZERO && a < (ulong)etext)
			pt0[i] = a | PTEVALID;
		else
			pt0[i] = a | PTEWRITE | PTEVALID;
	}
	pt0[0] = 0;
	pdb[0] = (ulong)pt0 | PTEWRITE | PTEVALID;
	for(a = BY2XPG; a < top && a != 0; a += BY2XPG)
		pdb[a/BY2XPG] = a | PTESIZE | PTEWRITE | PTEVALID;
	putcr4(getcr4() | CR4PSE);
	putcr3((ulong)pdb);
	putcr0(getcr0() | CR0PG | CR0WP);
}

void
mmuinit(void)
{
	ulong top;

	top = conf.topofmem;
	if(top < 8*MiB)
		top = 8*MiB;
	if(hasnx())
		paeinit(top);
	else
		pginit(top);
}

/*
 * Map [pa, pa+len) at the same address, writable and not executable,
 * in large pages, uncached for a device's registers (the local APIC),
 * else cached (a frame buffer).  Only above the kernel image, and in
 * every processor's tables.
 */
void
mmumap(ulong pa, ulong len, int uncached)
{
	ulong a;
	uvlong v;
	int i;

	if(mmunx){
		for(a = pa & ~(BY2PPG-1); a < pa+len && a != 0; a += BY2PPG){
			v = a | PTESIZE | PTEWRITE | PTEVALID | PTENX;
			if(uncached)
				v |= PTEUNCACHED | PTEWT;
			*pdentry(a) = v;
			for(i = 1; i < conf.nmach; i++)
				if(appd[i] != nil && a>>30 == (ulong)&m>>30)
					appd[i][(a>>21) & 511] = v;
		}
	}else{
		for(a = pa & ~(BY2XPG-1); a < pa+len && a != 0; a += BY2XPG)
			pdb[a/BY2XPG] = a | PTESIZE | PTEWRITE | PTEVALID;
	}
	putcr3(getcr3());
}

/* set the PAE entry at e to v, halves in an order that never grants both write and execute */
static void
setpte(uvlong *e, uvlong v)
{
	ulong *w;

	w = (ulong*)e;
	if(v & PTENX){
		__atomic_store_n(&w[1], (ulong)(v>>32), __ATOMIC_RELEASE);
		__atomic_store_n(&w[0], (ulong)v, __ATOMIC_RELEASE);
	}else{
		__atomic_store_n(&w[0], (ulong)v, __ATOMIC_RELEASE);
		__atomic_store_n(&w[1], (ulong)(v>>32), __ATOMIC_RELEASE);
	}
}

/*
 * For compiled code's pages (codemem.c), PAE's tables only: map the
 * large page at a (BY2PPG-aligned, above the kernel image) as 512 4K
 * pages with its rights, through the page table pt (a page of its
 * own), in every processor's tables.  The rights stay the same, so a
 * large page's translation left in a TLB gives the same until a page's
 * rights change (mmucode), which flushes.
 */
void
mmusplit(ulong a, void *pt)
{
	uvlong e, *t;
	int i;

	t = pt;
	e = *pdentry(a);
	for(i = 0; i < 512; i++)
		t[i] = (a + i*BY2PG) | (e & (PTEWRITE|PTEVALID|PTENX));
	e = (ulong)pt | PTEWRITE | PTEVALID;
	setpte(pdentry(a), e);
	for(i = 1; i < conf.nmach; i++)
		if(appd[i] != nil && a>>30 == (ulong)&m>>30)
			setpte(&appd[i][(a>>21) & 511], e);
}

/*
 * Set the rights of the 4K pages of [a, a+n) (mmusplit's): read and
 * execute if exec, else read, write and no execute; flush them from
 * this processor's TLB (codemem.c does the others')
 */
void
mmucode(ulong a, ulong n, int exec)
{
	uvlong *t, v;
	ulong e;

	for(e = a+n; a < e; a += BY2PG){
		t = (uvlong*)(ulong)(*pdentry(a) & ~(uvlong)(BY2PG-1) & 0xFFFFFFFFULL);
		v = a | PTEVALID;
		if(!exec)
			v |= PTEWRITE | PTENX;
		setpte(&t[(a>>12) & 511], v);
		invlpg(a);
	}
}

/*
 * An application processor's tables are the first's but for the page
 * holding m (l.S), which maps a page of the processor's own whose
 * first word points to mp: m is mp there.  mmuapinit, on the first
 * processor, makes them: a copy of the page directory pointer table,
 * of the page directory holding m's, and a page table for m's 2MB
 * (the first's, or its large page's 4K pages); 0 if there is no
 * memory, or the tables are the 32-bit ones (no PAE: one processor).
 * The directory copy shares the first's page tables but for m's, so
 * all but mmumap's later large pages are seen by all; mmumap updates
 * the copies.
 */
int
mmuapinit(Mach *mp)
{
	uchar *a, *mpg;
	uvlong *np, *nd, *nt, e;
	ulong ma;
	int i;

	if(!mmunx || mp->machno <= 0 || mp->machno >= MAXMACH)
		return 0;
	a = xalloc(4*BY2PG);
	if(a == nil)
		return 0;
	a = (uchar*)PGROUND((ulong)a);
	nd = (uvlong*)a;
	nt = (uvlong*)(a+BY2PG);
	mpg = a+2*BY2PG;	/* the page of m: mp, then at 32 the pdpt */
	np = (uvlong*)(mpg+32);
	ma = (ulong)&m;
	memmove(nd, pd[ma>>30], BY2PG);
	e = pd[ma>>30][(ma>>21) & 511];
	if(e & PTESIZE){
		for(i = 0; i < 512; i++)
			nt[i] = ((e & ~(uvlong)(PTESIZE | (BY2PPG-1))) + i*BY2PG) | (e & (PTEWRITE|PTEVALID|PTENX));
	}else
		memmove(nt, (void*)(ulong)(e & ~(uvlong)(BY2PG-1) & 0xFFFFFFFFULL), BY2PG);
	nt[(ma>>12) & 511] = (ulong)mpg | PTEWRITE | PTEVALID | PTENX;
	nd[(ma>>21) & 511] = (ulong)nt | PTEWRITE | PTEVALID;
	*(Mach**)mpg = mp;
	memmove(np, pdpt, sizeof pdpt);
	np[ma>>30] = (ulong)nd | PTEVALID;
	mp->pdpt = (ulong)np;
	appd[mp->machno] = nd;
	return 1;
}

/* on an application processor, paging off: turn it on with mp's tables */
void
mmuapon(Mach *mp)
{
	uvlong v;

	rdmsr(Efer, &v);
	wrmsr(Efer, v | Efernxe);
	putcr4(getcr4() | CR4PAE);
	putcr3(mp->pdpt);
	putcr0(getcr0() | CR0PG | CR0WP);
}
