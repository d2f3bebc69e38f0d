#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"

/*
 * Kernel objects made and freed, by kind: /dev/alloc's obj lines
 * (alloc(3)).  chan.c, pgrp.c, qio.c and proc.c count with kobjalloc
 * and kobjfree; emu links this too, as it runs those files.
 */
Kobjstat	kobjstat[Nkobj] = {
	[Kchan]	{"Chan"},
	[Kpath]	{"Path"},
	[Kmhead]	{"Mhead"},
	[Kmount]	{"Mount"},
	[Kpgrp]	{"Pgrp"},
	[Kfgrp]	{"Fgrp"},
	[Kegrp]	{"Egrp"},
	[Kblock]	{"Block"},
	[Kqueue]	{"Queue"},
	[Kproc]	{"Proc"},
};

/* /dev/alloc's object lines */
char*
kobjsummary(char *s, char *e)
{
	Kobjstat *k;

	for(k = kobjstat; k < kobjstat+Nkobj; k++)
		s = seprint(s, e, "obj %s inuse %lud allocs %lud frees %lud\n",
			k->name, k->nalloc-k->nfree, k->nalloc, k->nfree);
	return s;
}
