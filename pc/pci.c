#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * PCI configuration space through mechanism #1 (ports 0xCF8/0xCFC),
 * as QEMU's i440FX provides it.  Only what finding the display needs.
 */
enum
{
	Cfgaddr	= 0xCF8,
	Cfgdata	= 0xCFC,
};

static ulong
cfgaddr(int bus, int dev, int fn, int reg)
{
	return 0x80000000 | bus<<16 | dev<<11 | fn<<8 | (reg & 0xFC);
}

ulong
pcicfgr32(int bus, int dev, int fn, int reg)
{
	outl(Cfgaddr, cfgaddr(bus, dev, fn, reg));
	return inl(Cfgdata);
}

void
pcicfgw32(int bus, int dev, int fn, int reg, ulong v)
{
	outl(Cfgaddr, cfgaddr(bus, dev, fn, reg));
	outl(Cfgdata, v);
}

/*
 * Find the first function of base class class on bus 0 (QEMU puts every
 * device there); set *dev, *fn.  With vid >= 0 only that vendor matches.
 */
int
pcifind(int class, int vid, int *dev, int *fn)
{
	ulong id, cc;
	int d, f, nf;

	for(d = 0; d < 32; d++){
		nf = 1;
		for(f = 0; f < nf; f++){
			id = pcicfgr32(0, d, f, 0x00);
			if((id & 0xFFFF) == 0xFFFF)
				continue;
			if(f == 0 && pcicfgr32(0, d, 0, 0x0C) & (0x80<<16))
				nf = 8;
			cc = pcicfgr32(0, d, f, 0x08);
			if(cc>>24 != class || vid >= 0 && (id & 0xFFFF) != vid)
				continue;
			*dev = d;
			*fn = f;
			return 0;
		}
	}
	return -1;
}
