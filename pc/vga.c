#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "screen.h"

/*
 * The Bochs/QEMU standard VGA (PCI 1234:1111): its VBE "dispi"
 * registers, reached through an index and a data port, set a linear
 * framebuffer mode; PCI BAR 0 says where the framebuffer is.
 */
enum
{
	Vbeindex	= 0x1CE,
	Vbedata		= 0x1CF,

	Vbeid		= 0,
	Vbexres,
	Vbeyres,
	Vbebpp,
	Vbeenable,
	Vbebank,
	Vbevirtw,
	Vbevirth,
	Vbexoff,
	Vbeyoff,

	Vbeenabled	= 0x01,
	Vbelfb		= 0x40,

	Bochsvid	= 0x1234,
	Fbdefault	= 0xFD000000,	/* where QEMU's firmware puts BAR 0 */
};

static int
vberead(int r)
{
	outs(Vbeindex, r);
	return ins(Vbedata);
}

static void
vbewrite(int r, int v)
{
	outs(Vbeindex, r);
	outs(Vbedata, v);
}

/* the framebuffer's physical address; if the firmware left BAR 0 unset, set it */
static ulong
fbaddr(void)
{
	int dev, fn;
	ulong bar;

	if(pcifind(0x03, Bochsvid, &dev, &fn) < 0)
		return 0;
	bar = pcicfgr32(0, dev, fn, 0x10) & ~0xFUL;
	if(bar == 0){
		bar = Fbdefault;
		pcicfgw32(0, dev, fn, 0x10, bar);
	}
	/* memory space decoding on */
	pcicfgw32(0, dev, fn, 0x04, pcicfgr32(0, dev, fn, 0x04) | 0x02);
	return bar;
}

/*
 * Set a w by h 32-bit mode and fill in s.  On failure return -1 with
 * the reason in err.
 */
int
vgamode(Vscreen *s, int w, int h, char *err, int nerr)
{
	ulong pa;
	int id;

	id = vberead(Vbeid);
	if(id < 0xB0C0 || id > 0xB0CF){
		snprint(err, nerr, "no Bochs VGA (dispi id %#ux)", id);
		return -1;
	}
	pa = fbaddr();
	if(pa == 0){
		snprint(err, nerr, "no PCI display");
		return -1;
	}
	vbewrite(Vbeenable, 0);
	vbewrite(Vbexres, w);
	vbewrite(Vbeyres, h);
	vbewrite(Vbebpp, Vdepth);
	vbewrite(Vbevirtw, w);
	vbewrite(Vbevirth, h);
	vbewrite(Vbexoff, 0);
	vbewrite(Vbeyoff, 0);
	vbewrite(Vbeenable, Vbeenabled | Vbelfb);
	/* without a VGA BIOS the attribute controller still blanks the screen: unblank */
	inb(0x3DA);
	outb(0x3C0, 0x20);
	if(vberead(Vbexres) != w || vberead(Vbeyres) != h || vberead(Vbebpp) != Vdepth){
		snprint(err, nerr, "mode %dx%dx%d refused", w, h, Vdepth);
		return -1;
	}
	mmumap(pa, (ulong)w*h*4, 0);
	s->pa = pa;
	s->base = (ulong*)pa;
	s->width = w;
	s->height = h;
	s->stride = w;
	return 0;
}
