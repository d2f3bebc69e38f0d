/*
 * $Bench for emu: the host's monotonic clock in microseconds and in
 * nanoseconds (osfastticks counts nanoseconds), a read
 * with nothing between Dis and the host call, and the collector switch.
 * Emu keeps no tail attribution: no causes, and attribution says so.
 */
#include "emu.h"
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "benchmod.h"
#undef	Runtab

static uvlong	benchbase;

void
benchmodinit(void)
{
	builtinmod("$Bench", Benchmodtab, Benchmodlen);
	benchbase = osfastticks(nil);
}

void
Bench_microsec(void *fp)
{
	F_Bench_microsec *f;

	f = fp;
	*f->ret = (osfastticks(nil) - benchbase)/1000;
}

/* microsec is this divided by 1000: one base, one clock */
void
Bench_nanosec(void *fp)
{
	F_Bench_nanosec *f;

	f = fp;
	*f->ret = osfastticks(nil) - benchbase;
}

void
Bench_reset(void *fp)
{
	USED(fp);
	benchbase = osfastticks(nil);
}

/*
 * read without releasing the VM: nothing else runs meanwhile, which is
 * the point.  As sys->read: nil buf or n < 0 reads nothing and gives
 * 0; a failure gives -1 with the error string set.
 */
void
Bench_read(void *fp)
{
	F_Bench_read *f;
	int n;

	f = fp;
	*f->ret = 0;
	if(f->buf == H || f->n < 0)
		return;
	*f->ret = -1;
	if(f->fd == H)
		kwerrstr("fd out of range or not open");
	else{
		n = f->n;
		if(n > f->buf->len)
			n = f->buf->len;
		*f->ret = kread(f->fd->fd, f->buf->data, n);
	}
	if(*f->ret < 0)
		kerrstr(currun()->errstr, sizeof currun()->errstr);
}

void
Bench_disablegc(void *fp)
{
	USED(fp);
	gclock();
}

void
Bench_enablegc(void *fp)
{
	USED(fp);
	if(gchalt > 0)
		gcunlock();
}

/* no attribution: -1, as for a thread that has not read the clock twice */
void
Bench_attribution(void *fp)
{
	F_Bench_attribution *f;

	f = fp;
	*f->ret = -1;
}

/* no causes: an empty array */
void
Bench_causes(void *fp)
{
	F_Bench_causes *f;

	f = fp;
	destroy(*f->ret);
	*f->ret = H2D(Array*, heaparray(&Tptr, 0));
}
