/*
 * emu's prototypes: the kernel's portfns.h, and what emu adds.  The
 * host's unistd.h declares a sleep of its own: the kernel's is psleep
 * here, under the same name in port/ and dev/.  The kernel's malloc
 * zeroes, as Plan 9's does, and port/ relies on it: so does emu's,
 * in the files that include this.
 */
#define	sleep(r, f, a)	psleep(r, f, a)
#include "../port/portfns.h"

#define	malloc(n)	mallocz(n, 1)

#define	getcallerpc(x)	((ulong)__builtin_return_address(0))

/* os.c: threads as Procs, locks, sleep and wakeup, memory, time */
void	osinit(void);
Proc*	osnewproc(char*);
void	osenterhost(void);
void	osleavehost(void);
void	oserror(void);
char*	oserrstr(int);
void	osmallocstat(ulong*, ulong*);
void	oshostintr(Proc*);
long	osnkproc(void);
int	islo(void);

/* emu.c: the VM handoff */
int	indisthread(void);

/* devfs.c: #U, the host's files */
Chan*	fsfdchan(int, char*);

/* os.c: the TSC; bench.c is the bench device's host part (portfns.h) */
uvlong	rdtsc64(void);

/* bench.c: a busy wait, as pc/clock.c's */
void	microdelay(int);
