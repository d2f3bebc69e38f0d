#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * Paging only to catch nil: memory is identity mapped with 4MB pages,
 * except the first 4MB, mapped with 4K pages so page 0 can be left out.
 */
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
	for(i = 1; i < 1024; i++)
		pt0[i] = (i*BY2PG) | PTEWRITE | PTEVALID;
	pt0[0] = 0;
	pdb[0] = (ulong)pt0 | PTEWRITE | PTEVALID;
	for(a = BY2XPG; a < top && a != 0; a += BY2XPG)
		pdb[a/BY2XPG] = a | PTESIZE | PTEWRITE | PTEVALID;
	m->pdb = pdb;
	putcr4(getcr4() | CR4PSE);
	putcr3((ulong)pdb);
	putcr0(getcr0() | CR0PG | CR0WP);
}
