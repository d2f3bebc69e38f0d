#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * Console output through a virtio console (QEMU's virtio-serial-pci
 * with a virtconsole on port 0), legacy interface, when there is one.
 * The 16550 costs QEMU a port access and a write(2) a byte, some
 * 4 us of host time: a boot running bench -o BASE XBASE (600 KB) took
 * 12.5 s under icount through it, 10.2 s through this, as with no
 * output at all.  Here a buffer of up to Nbuf bytes goes out in one
 * notify, which QEMU handles before the outs returns: the write is
 * synchronous, and no interrupt follows it.  That needs the device's
 * ioeventfd=off (./minos sets it): with an ioeventfd, QEMU's main loop
 * would take the notify at a time of the host's choosing, and the
 * polls of the used ring would make icount's virtual time depend on it.
 * Input stays on the uart.
 *
 * One transmit descriptor, reused: vconsput copies, notifies and
 * waits for the used ring to catch up.  Callers hold the uart's lock
 * (putstrn) or, panicking, splhi.
 */
enum
{
	Vid	= 0x1AF4,
	Did	= 0x1003,	/* transitional console */

	/* legacy registers, from BAR0 (I/O) */
	Rhostf	= 0x00,
	Rguestf	= 0x04,
	Rqaddr	= 0x08,
	Rqsize	= 0x0C,
	Rqsel	= 0x0E,
	Rnotify	= 0x10,
	Rstatus	= 0x12,

	Sack	= 1,
	Sdriver	= 2,
	Sok	= 4,

	Ioport	= 0xC000,	/* BAR0 where the firmware left it unset */

	Txq	= 1,		/* port 0's transmit queue */
	Maxq	= 256,
	Nbuf	= 4096,
	Spin	= 1000000,	/* polls of the used ring before giving up */
};

typedef struct Vdesc Vdesc;
struct Vdesc
{
	uvlong	addr;
	ulong	len;
	ushort	flags;
	ushort	next;
};

static struct {
	int	on;
	int	port;
	int	nq;
	Vdesc	*desc;
	ushort	*avail;		/* flags, idx, ring[nq] */
	ushort	*used;		/* flags, idx, then the elements */
	ushort	idx;
} vc;

/* the ring (legacy layout, 4096-aligned parts) and the buffer */
static uchar ring[3*BY2PG] __attribute__((aligned(BY2PG)));
static uchar buf[Nbuf] __attribute__((aligned(64)));

/* find the device on bus 0; 0 if absent */
static int
vconsfind(int *dev)
{
	ulong id;
	int d;

	for(d = 0; d < 32; d++){
		id = pcicfgr32(0, d, 0, 0x00);
		if((id & 0xFFFF) == Vid && id>>16 == Did){
			*dev = d;
			return 1;
		}
	}
	return 0;
}

/*
 * Set the device up if QEMU has one, and say whether it did; the uart
 * keeps the console otherwise.  After uartinit: what the uart queued
 * goes out first (putstrn).
 */
int
vconsinit(void)
{
	ulong bar, cmd, avsz;
	int d, n;

	if(!vconsfind(&d))
		return 0;
	/* qboot assigns no BARs: put the registers at Ioport if need be */
	bar = pcicfgr32(0, d, 0, 0x10);
	if((bar & 1) == 0)
		return 0;
	if((bar & ~3) == 0 || (bar & ~3) == 0xFFFC){
		pcicfgw32(0, d, 0, 0x10, Ioport);
		bar = pcicfgr32(0, d, 0, 0x10);
		if((bar & ~3) != Ioport)
			return 0;
	}
	cmd = pcicfgr32(0, d, 0, 0x04);
	pcicfgw32(0, d, 0, 0x04, (cmd & 0xFFFF) | 0x1 | 0x4);	/* i/o, bus master */
	vc.port = bar & ~3;
	outb(vc.port+Rstatus, 0);
	outb(vc.port+Rstatus, Sack|Sdriver);
	inl(vc.port+Rhostf);
	outl(vc.port+Rguestf, 0);	/* no multiport: port 0 alone */
	outs(vc.port+Rqsel, Txq);
	n = ins(vc.port+Rqsize);
	avsz = 16*n + 2*(3+n);
	if(n == 0 || n > Maxq || (n & (n-1)) != 0
	|| ROUND(avsz, BY2PG) + 2*3 + 8*n > sizeof ring){
		outb(vc.port+Rstatus, 0);
		return 0;
	}
	memset(ring, 0, sizeof ring);
	vc.nq = n;
	vc.desc = (Vdesc*)ring;
	vc.avail = (ushort*)(ring + 16*n);
	vc.used = (ushort*)(ring + ROUND(avsz, BY2PG));
	outl(vc.port+Rqaddr, (ulong)ring/BY2PG);	/* identity mapped */
	outb(vc.port+Rstatus, Sack|Sdriver|Sok);
	vc.on = 1;
	return 1;
}

/*
 * Write s[0:n] to the virtio console and return how much went: all of
 * it, or less if it is not there or stopped answering (then the uart
 * takes the rest, and the console).
 */
int
vconsput(char *s, int n)
{
	int m, i, sent;

	sent = 0;
	while(vc.on && n > 0){
		m = n < Nbuf ? n : Nbuf;
		memmove(buf, s, m);
		vc.desc[0].addr = (ulong)buf;
		vc.desc[0].len = m;
		vc.desc[0].flags = 0;
		vc.desc[0].next = 0;
		vc.avail[2 + vc.idx % vc.nq] = 0;
		__sync_synchronize();
		vc.idx++;
		*(volatile ushort*)&vc.avail[1] = vc.idx;
		__sync_synchronize();
		outs(vc.port+Rnotify, Txq);
		for(i = 0; *(volatile ushort*)&vc.used[1] != vc.idx; i++)
			if(i >= Spin){
				vc.on = 0;
				return sent;
			}
		s += m;
		n -= m;
		sent += m;
	}
	return sent;
}
