/*
 * $Bench for emu: the host's monotonic clock in microseconds and in
 * nanoseconds (osfastticks counts nanoseconds), a read
 * with nothing between Dis and the host call, and the collector switch.
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

/* read without releasing the VM: nothing else runs meanwhile, which is the point */
void
Bench_read(void *fp)
{
	F_Bench_read *f;
	int n;

	f = fp;
	if(f->fd == H){
		*f->ret = -1;
		return;
	}
	n = f->n;
	if(f->buf == H || n < 0)
		n = 0;
	else if(n > f->buf->len)
		n = f->buf->len;
	*f->ret = kread(f->fd->fd, n ? f->buf->data : nil, n);
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
