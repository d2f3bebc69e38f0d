#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"

/*
 * Kernel objects made and freed, by kind: /dev/alloc's obj lines
 * (alloc(3)).  chan.c, pgrp.c, qio.c and proc.c count with kobjalloc
 * and kobjfree, self.c the allocs and frees a process's own caches
 * serve; emu links this too, as it runs those files.
 */
Kobjstat	kobjstat[Nkobj] = {
	[Kchan]	{"Chan", 1},
	[Kpath]	{"Path", 1},
	[Kmhead]	{"Mhead"},
	[Kmount]	{"Mount"},
	[Kpgrp]	{"Pgrp"},
	[Kfgrp]	{"Fgrp"},
	[Kegrp]	{"Egrp"},
	[Kblock]	{"Block", 1},
	[Kqueue]	{"Queue"},
	[Kproc]	{"Proc"},
};

/* /dev/alloc's object lines */
char*
kobjsummary(char *s, char *e)
{
	Kobjstat *k;

	for(k = kobjstat; k < kobjstat+Nkobj; k++){
		s = seprint(s, e, "obj %s inuse %lud allocs %lud frees %lud",
			k->name, k->nalloc-k->nfree, k->nalloc, k->nfree);
		if(k->self)
			s = seprint(s, e, " selfallocs %lud selffrees %lud", k->nself, k->nselffree);
		s = seprint(s, e, "\n");
	}
	return s;
}
