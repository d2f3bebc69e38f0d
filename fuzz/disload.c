/*
 * disload -- libFuzzer harness for the Dis loader (libinterp/load.c).
 *
 * Each input is a whole .dis file.  parsemod decodes and checks it from
 * memory, as load() does after reading the file; a bad file must come
 * back nil with "PATH: why" in the error string.  A file it accepts is
 * then instantiated as vmstart would (linkmod: module data copied from
 * the loader's image, pointers counted), each of its import tables is
 * linked against every module there is (the builtins $Sys, $Math,
 * $Keyring, $Crypt, $Bench and the module itself: names and signatures
 * checked), and everything is freed again.  Any crash, sanitizer report, leak or hang
 * is a loader bug.
 *
 * The VM is 32-bit, so this is built -m32 by clang (AFL++ has no 32-bit
 * runtime here) with -fsanitize=fuzzer,address, over the same libinterp,
 * lib9 sources as o/bin/emu, and emu's bench.c; fuzz/kstub.c is its
 * host (emu's own needs -fplan9-extensions, which clang lacks).
 * Build: cd fuzz && ROOT=/work/main mk  (o/fuzz/disload);  run: fuzz/run.
 * Given files instead of a corpus directory, it runs each once and,
 * with DISLOAD_VERBOSE set, prints what the loader said.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
#include <setjmp.h>
#include "../libinterp/fns.h"

/* fuzz/kstub.c */
jmp_buf*	kstubpush(void);
void	kstubpop(void);
char*	kstuberr(void);
void	benchmodinit(void);
void	sysmodinit(void);
void	mathmodinit(void);
void	keyringmodinit(void);

static int	verbose = -1;

static void
init(void)
{
	char *v;

	quotefmtinstall();
	vminit();
	sysmodinit();
	mathmodinit();
	keyringmodinit();
	benchmodinit();
	v = getenv("DISLOAD_VERBOSE");
	verbose = v != nil && *v != 0;
}

/*
 * instantiate m, and link each of its import tables against every
 * module there is (the builtins and m itself), then drop it all
 */
static void
exercise(Module *m)
{
	Modlink *ml;
	Module *t;
	int i;

	if(setjmp(*kstubpush())){
		if(verbose)
			fprint(2, "disload: error: %s\n", kstuberr());
		return;
	}
	ml = linkmod(m, nil, 1);
	if(ml != nil)
		destroy(ml);
	for(i = 0; i < m->nldt; i++)
		for(t = modules; t != nil; t = t->link){
			ml = linkmod(t, m->ldt[i], 0);
			if(ml != nil){
				if(verbose)
					fprint(2, "disload: import table %d links to %s\n", i, t->name);
				destroy(ml);
			}
		}
	kstubpop();
}

static void
unload(Module *m)
{
	Module **l;

	for(l = &modules; *l != nil; l = &(*l)->link)
		if(*l == m){
			*l = m->link;
			break;
		}
	destroy(m->shared);
	destroy(m->origmp);
	freemod(m);
}

int
LLVMFuzzerTestOneInput(const uchar *data, size_t size)
{
	Module *m;
	uchar *code;

	if(verbose < 0)
		init();
	/* a private, exactly sized copy: reading one byte too far is caught */
	code = malloc(size > 0 ? size : 1);
	if(code == nil)
		return 0;
	memmove(code, data, size);
	m = parsemod("fuzz.dis", code, size);
	free(code);
	if(m == nil){
		if(verbose)
			fprint(2, "disload: rejected: %r\n");
		return 0;
	}
	if(verbose)
		fprint(2, "disload: accepted %s\n", m->name);
	exercise(m);
	unload(m);
	return 0;
}
