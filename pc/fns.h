#include "../port/portfns.h"

/* l.S */
ulong	getcr0(void);
ulong	getcr2(void);
ulong	getcr3(void);
ulong	getcr4(void);
void	putcr0(ulong);
void	putcr3(ulong);
void	putcr4(ulong);
void	invlpg(ulong);
int	inb(int);
ushort	ins(int);
ulong	inl(int);
void	outb(int, int);
void	outs(int, ushort);
void	outl(int, ulong);
int	islo(void);
int	splhi(void);
int	spllo(void);
void	splx(int);
void	spldone(void);		/* not a function: where the spl functions end (kprof) */
void	halt1(void);		/* wait for an interrupt */
void	rdtsc(uvlong*);
uvlong	rdtsc64(void);
void	cpuid(ulong, ulong*);
void	rdmsr(int, uvlong*);
void	wrmsr(int, uvlong);
void	lgdt(void*);
void	lidt(void*);
void	loadsegs(void);
void	fpinit(void);
void	fpsave(void*);
void	fprestore(void*);
#define	getcallerpc(x)	((ulong)__builtin_return_address(0))
/*
 * in every spin-wait: the processor's hint, and QEMU's TCG ends the
 * processor's turn there (helper_pause), so its round robin runs the
 * others; under icount it would otherwise run this one to the next
 * timer's deadline, again and again, and a processor after it in the
 * round, the one it waits for, never (QEMU 7.2)
 */
#define	pause()	__asm__ __volatile__("pause")

/* trap.c */
void	trapgdt(void*);
void	trapinit(void);
void	trapload(void);
void	trap(Ureg*);
void	intrenable(int, void (*)(Ureg*, void*), void*, char*);
void	intrioapic(void);
void	dumpregs(Ureg*);

/* i8259.c */
void	i8259init(void);
void	i8259enable(int);
int	i8259isr(int);
void	i8259eoi(int);
void	i8259off(void);

/* ioapic.c */
extern int	ioapicon;
int	ioapicinit(void);
void	ioapicenable(int);

/* i8253.c */
void	clockinit(void);
ulong	kprofpc(Ureg*);
void	machtick(int);
void	delay(int);
void	microdelay(int);
void	tscpit(Tscpit*);
uvlong	tscrate(Tscpit*, int, uvlong*, ulong*);

/* uart.c */
void	uartinit(void);
void	uartputc(int);
void	uartpoll(void);
void	uartflush(void);

/* pci.c */
ulong	pcicfgr32(int, int, int, int);
void	pcicfgw32(int, int, int, int, ulong);
int	pcifind(int, int, int*, int*);

/* vcons.c */
int	vconsinit(void);
int	vconsput(char*, int);

/* mmu.c */
int	mmuapinit(Mach*);
void	mmuapon(Mach*);
void	mmucode(ulong, ulong, int);
void	mmuinit(void);
void	mmumap(ulong, ulong, int);
void	mmusplit(ulong, void*);

/* codemem.c */
void	codeinit(void);

/* mp.c */
void	apicunwire(void);
void	apicwire(void);
void	lapiceoi(void);
void	apmain(void);
void	lapicintr(Ureg*);
void	lapicrate(ulong);
void	mpstart(void);
void	mpwake(int);

/* main.c */
void	main(ulong, ulong);


void	reboot(void) __attribute__((noreturn));
