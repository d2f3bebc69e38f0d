/*
 * $Bench for the loader's harness (fuzz/disload.c): its table, that
 * modules importing $Bench link as they do in emu and the kernel (where
 * dev/devbench.c provides it).  The harness runs no Dis code, so the
 * functions are never called; each fails as kstub's host calls do.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "benchmod.h"
#undef	Runtab

void
benchmodinit(void)
{
	builtinmod("$Bench", Benchmodtab, Benchmodlen);
}

static void
notin(void)
{
	error("not in the fuzzer");
}

void	Bench_microsec(void *f) { USED(f); notin(); }
void	Bench_nanosec(void *f) { USED(f); notin(); }
void	Bench_reset(void *f) { USED(f); notin(); }
void	Bench_read(void *f) { USED(f); notin(); }
void	Bench_disablegc(void *f) { USED(f); notin(); }
void	Bench_enablegc(void *f) { USED(f); notin(); }
void	Bench_profon(void *f) { USED(f); notin(); }
void	Bench_profoff(void *f) { USED(f); notin(); }
void	Bench_attribution(void *f) { USED(f); notin(); }
void	Bench_causes(void *f) { USED(f); notin(); }
