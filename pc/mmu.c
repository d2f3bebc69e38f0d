#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * Paging to catch nil and wild writes: memory is identity mapped with 4MB
 * pages, except the first 4MB, mapped with 4K pages so that page 0 can
 * be left out and the kernel's text and read-only data (KTZERO to etext)
 * mapped read-only; CR0.WP makes that hold for the kernel itself, so
 * a stray store there (from the kernel, or through a Dis address the VM
 * did not catch) faults instead of changing code.
 */
extern char etext[];
static ulong pdb[1024] __attribute__((aligned(4096)));
static ulong pt0[1024] __attribute__((aligned(4096)));

void
mmuinit(void)
{
	ulong a, top;
	int i;

	top = conf.topofmem;
	if(top < 8*MiB)
		top = 8*MiB;
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
	m->pdb = pdb;
	putcr4(getcr4() | CR4PSE);
	putcr3((ulong)pdb);
	putcr0(getcr0() | CR0PG | CR0WP);
}
