#include "u.h"
#include "../port/lib.h"
#include <mp.h>
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * genrandom: random bytes for the kernel's keys and IPint.random
 * (lib9.h).  A pool, 32 bytes, takes in what entropy the machine has:
 * the time of day (the RTC at boot and the time-stamp counter since),
 * at each request, and 32 bits of RDRAND where the processor has it
 * (cpuid leaf 1, ecx bit 30: QEMU's emulated processors do not).  Under
 * -c real the counter's low bits vary from run to run; under -c icount
 * nothing does, and a boot draws the same bytes each time.  Bytes are
 * SHA-256(pool, request, block), and the pool is then hashed forward
 * (SHA-256(pool, "next")), so that what was drawn cannot be worked
 * back from the pool.
 */
static struct
{
	Lock;
	uchar	pool[32];
	uvlong	nreq;
	int	rdrand;		/* -1 unknown, 0 no, 1 yes */
} rnd = { .rdrand = -1 };

/* RDRAND's 32 bits into *v; 0 if it gave none */
static int
rdrand(ulong *v)
{
	uchar ok;

	__asm__ volatile("rdrand %0; setc %1" : "=r"(*v), "=qm"(ok));
	return ok;
}

static int
hasrdrand(void)
{
	ulong r[4];

	cpuid(0, r);
	if(r[0] < 1)
		return 0;
	cpuid(1, r);
	return (r[2]>>30) & 1;
}

/* the pool = SHA-256(pool, n bytes at p) */
static void
mix(void *p, int n)
{
	Digest d;

	diginit(&d, Dsha256);
	digupdate(&d, rnd.pool, sizeof rnd.pool);
	digupdate(&d, p, n);
	digfinal(&d, rnd.pool);
}

void
genrandom(uchar *p, int n)
{
	struct {
		vlong	usec;
		uvlong	tsc;
		ulong	hw[4];
	} e;
	uchar blk[32];
	Digest d;
	ulong i, k;

	lock(&rnd);
	if(rnd.rdrand < 0)
		rnd.rdrand = hasrdrand();
	memset(&e, 0, sizeof e);
	e.usec = osusectime();
	e.tsc = fastticks(nil);
	if(rnd.rdrand)
		for(i = 0; i < nelem(e.hw); i++)
			rdrand(&e.hw[i]);
	mix(&e, sizeof e);
	rnd.nreq++;
	for(k = 0; n > 0; k++){
		diginit(&d, Dsha256);
		digupdate(&d, rnd.pool, sizeof rnd.pool);
		digupdate(&d, (uchar*)&rnd.nreq, sizeof rnd.nreq);
		digupdate(&d, (uchar*)&k, sizeof k);
		digfinal(&d, blk);
		i = n < sizeof blk ? n : sizeof blk;
		memmove(p, blk, i);
		p += i;
		n -= i;
	}
	mix("next", 4);
	unlock(&rnd);
	memset(blk, 0, sizeof blk);
}
