#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <isa.h>
#include <interp.h>

/*
 * Boot: multiboot hands us the machine in protected mode with paging
 * off.  Copy what the loader told us (command line, modules, memory
 * map) before memory is handed out, then bring up the machine and
 * start the first process.
 */

Mach	mach0;
Mach*	machp[MAXMACH];
Conf	conf;
int	verbose;
char	bootline[4096];
char*	bootcmd;

typedef struct Mbinfo Mbinfo;
typedef struct Mbmod Mbmod;
struct Mbinfo
{
	ulong	flags;
	ulong	memlower;
	ulong	memupper;
	ulong	bootdev;
	ulong	cmdline;
	ulong	modscount;
	ulong	modsaddr;
	ulong	syms[4];
	ulong	mmaplength;
	ulong	mmapaddr;
};
struct Mbmod
{
	ulong	start;
	ulong	end;
	ulong	string;
	ulong	reserved;
};

enum
{
	Nmod	= 4,
};

static struct {
	uchar*	base;
	ulong	len;
} mods[Nmod];
static int nmods;

extern char end[];

uchar*
bootmod(int n, ulong *len)
{
	if(n < 0 || n >= nmods)
		return nil;
	*len = mods[n].len;
	return mods[n].base;
}

/* options before " -- " are for the kernel; the rest is the boot command */
static void
options(void)
{
	static char buf[sizeof bootline];
	char *p, *f[16];
	int i, n;

	p = strstr(bootline, " -- ");
	if(p != nil){
		*p = 0;
		bootcmd = p+4;
	}else if(strncmp(bootline, "-- ", 3) == 0){
		bootcmd = bootline+3;
		bootline[0] = 0;
	}
	strcpy(buf, bootline);
	n = tokenize(buf, f, nelem(f));
	for(i = 0; i < n; i++){
		if(strcmp(f[i], "-v") == 0)
			verbose = 1;
		else if(strcmp(f[i], "-c1") == 0)
			vmcompall = 1;	/* the compiler's (codeinit: pc/codemem.c) */
		else if(strcmp(f[i], "-c0") == 0)
			vmcompall = 0;
		else if(strcmp(f[i], "-cv") == 0)
			compdebug = 1;
	}
}

/* record usable memory [base, base+len) above top, within MAXMEM */
static void
mbrange(ulong base, ulong len, ulong top)
{
	ulong e;

	e = base+len;
	if(e > MAXMEM || e < base)
		e = MAXMEM;
	if(base < top)
		base = top;
	base = PGROUND(base);
	e &= ~(BY2PG-1);
	if(e <= base)
		return;
	conf.mem[conf.nmem].base = base;
	conf.mem[conf.nmem].size = e-base;
	conf.nmem++;
	conf.npage += (e-base)/BY2PG;
	if(e > conf.topofmem)
		conf.topofmem = e;
}

/* take what is needed from the multiboot information */
static void
mbparse(ulong magic, Mbinfo *mb)
{
	Mbmod *md;
	uchar *p, *e;
	ulong top, base, len, type;
	int i;

	if(magic != MBBOOTED)
		panic("not booted by multiboot: %#lux", magic);
	top = PGROUND((ulong)end);
	if(mb->flags & (1<<2) && mb->cmdline != 0)
		strecpy(bootline, bootline+sizeof bootline, (char*)mb->cmdline);
	if(mb->flags & (1<<3)){
		md = (Mbmod*)mb->modsaddr;
		for(i = 0; i < mb->modscount && i < Nmod; i++){
			mods[i].base = (uchar*)md[i].start;
			mods[i].len = md[i].end - md[i].start;
			if(md[i].end > top)
				top = PGROUND(md[i].end);
		}
		nmods = i;
	}
	/* usable memory starts above the kernel and its modules */
	if(mb->flags & (1<<6)){
		p = (uchar*)mb->mmapaddr;
		e = p + mb->mmaplength;
		for(; p < e && conf.nmem < nelem(conf.mem); p += *(ulong*)p + 4){
			base = *(ulong*)(p+4);
			len = *(ulong*)(p+12);
			type = *(ulong*)(p+20);
			if(type != 1 || *(ulong*)(p+8) != 0)
				continue;
			if(*(ulong*)(p+16) != 0 || base+len < base)
				len = -base;
			mbrange(base, len, top);
		}
	}else
		mbrange(MiB, mb->memupper*KiB, top);
}

void
main(ulong magic, ulong mbi)
{
	int vcons;

	memset(&mach0, 0, sizeof mach0);
	m = &mach0;		/* l.S: the page mmu.c keeps the first processor's */
	machp[0] = m;
	conf.nmach = 1;
	mbparse(magic, (Mbinfo*)mbi);
	options();
	trapinit();
	apicwire();
	mmuinit();
	xinit();
	codeinit();
	i8259init();
	uartinit();
	vcons = vconsinit();
	clockinit();
	mpstart();
	/*
	 * one processor: pcamp is pc, to the instruction (amp() takes
	 * the same way in both), as sh/smp-sched checks under icount
	 */
	if(conf.nmach == 1)
		schedamp = 0;
	if(verbose){
		print("\nMinos i386 kernel, HZ %d, %lud MB, cpu %lld MHz\n",
			HZ, conf.npage*BY2PG/MiB, m->cpuhz/1000000);
		print("command line: %s\n", bootline);
		print("paging: %s\n", mmunx ? "pae, data not executable" : "32-bit, data executable");
		print("dis: %s\n", !mmunx ? "interpreted: no NX to keep compiled code from data" :
			vmcompall ? "compiled (-c1)" : "interpreted but MUSTCOMPILE modules (-c0)");
		print("console: %s\n", vcons ? "output virtio, input uart" : "uart");
		print("processors: %d\n", conf.nmach);
		print("interrupts: %s\n", ioapicon ? "through the i/o apic" : "through the 8259s");
	}
	if(kproc("init", disinit, nil, PriNormal) < 0)
		panic("no memory for init");
	schedinit();
}

/*
 * Shut the devices down (unless panicking: their state may be what
 * broke) and write status to isa-debug-exit: QEMU exits with
 * (status<<1)|1.
 */
void
halt(int status)
{
	static int halting;

	splhi();
	if(!panicking && halting++ == 0)
		chandevshutdown();
	uartflush();
	outb(0xF4, status);
	/* not under QEMU: stop here */
	for(;;)
		halt1();
}

/* reset through the keyboard controller; under -no-reboot QEMU exits */
void
reboot(void)
{
	splhi();
	chandevshutdown();
	uartflush();
	outb(0x64, 0xFE);
	for(;;)
		halt1();
}
