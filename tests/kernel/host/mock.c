/*
 * The host test of the devices (tests/sh/dev-host.sh): just enough of
 * port/ to drive dev/devroot.c, devcons.c, devpipe.c and devtmp.c from
 * test.c in a Linux process.  There is one process and nothing can
 * wait: sleep() raises "would block" instead, which tests can check.
 * The one kproc (devcons's kbd) runs when the test calls runkproc,
 * until it would block; killgrpnow records what it was asked.
 * chan.c, dev.c, devutil.c, qio.c, convD2M.c, convM2D.c, error.c and
 * pc/label.S are the kernel's own.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <interp.h>

Mach mach0;
Conf conf;
Mach *m = &mach0;
Mach *machp[MAXMACH] = { &mach0 };
static Proc proc0;
int hz = 100;
char *lib9errstr(void) { return up->env->errstr; }
ulong kerndate = 1000;
ulong layoutseed = 7;
char *bootcmd = "test";
Queue *kbdq;
Queue *printq;
Queue *kprintq;
Lock kprintlk;
Pool pools[Npool];
Pool *mainmem = &pools[0];
Pool *heapmem = &pools[1];
Kobjstat kobjstat[Nkobj];
ulong ticks;

extern Dev rootdevtab, consdevtab, pipedevtab, tmpdevtab;
Dev *devtab[] = { &rootdevtab, &consdevtab, &pipedevtab, &tmpdevtab, nil };

void *calloc(ulong, ulong);
void exit(int);
int write(int, void*, int);
void abort(void);
int gettimeofday(void*, void*);

void
mockinit(void)
{
	m->proc = &proc0;
	proc0.env = &proc0.defenv;
	proc0.env->errstr = proc0.env->errbuf0;
	proc0.env->user = "inferno";
	pools[0].name = "main";
	pools[0].maxsize = 64*1024*1024;
	conf.npage = 256*1024*1024/BY2PG;	/* as minos run's -m 256: #R's limit of all trees */
	conf.nmach = 1;
	pools[1].name = "heap";
	kbdq = qopen(4096, 0, nil, nil);
}

static void (*kpfun)(void*);
static void *kparg;
int killedgrp;
char *killedmsg;

int kproc(char *name, void (*f)(void*), void *a, int pri) { kpfun = f; kparg = a; return 0; }
void acquire(void) {}
void release(void) {}
void killgrpnow(int grp, char *msg) { killedgrp = grp; killedmsg = msg; }

/* run the kproc until it waits */
void
runkproc(void)
{
	if(waserror())
		return;
	kpfun(kparg);
	poperror();
}

void* smalloc(ulong n) { void *v = calloc(1, n); if(v == nil) abort(); return v; }
void* mallocz(ulong n, int clr) { return calloc(1, n); }
void panic(char *fmt, ...) { print("panic: %s\n", fmt); abort(); }
long lib9write(int fd, void *buf, long n) { return write(1, buf, n); }
void putstrn(char *s, int n) { write(1, s, n); }
void lock(Lock *l) {}
void unlock(Lock *l) {}
void ilock(Lock *l) {}
void iunlock(Lock *l) {}
void qlock(QLock *l) { if(l->locked) { print("qlock: deadlock\n"); abort(); } l->locked = 1; }
void qunlock(QLock *l) { l->locked = 0; }
void rlock(RWlock *l) {}
void runlock(RWlock *l) {}
void wlock(RWlock *l) {}
void wunlock(RWlock *l) {}
long incref(Ref *r) { return ++r->ref; }
long decref(Ref *r) { return --r->ref; }
Proc* wakeup(Rendez *r) { return nil; }
/* a single-threaded test cannot wait: blocking is an error it can see */
void sleep(Rendez *r, int (*f)(void*), void *a) { if(!f(a)) error("would block"); }
long seconds(void) { return 1000; }
vlong osusectime(void) { struct { long s, u; } tv; gettimeofday(&tv, nil); return (vlong)tv.s*1000000 + tv.u; }
vlong fastticks(uvlong *hz) { if(hz) *hz = 1000000; return osusectime(); }
void halt(int n) { print("halt %d\n", n); exit(n); }
void reboot(void) { print("reboot\n"); exit(0); }
int splhi(void) { return 0; }
int islo(void) { return 1; }
int selfish = 0;	/* port/self.c: no process keeps what it frees here */
void splx(int s) {}
int poolread(char *buf, int n, ulong off) { return readstr(off, buf, n, "memory\n"); }

static uchar *mods[2];
static ulong modlen[2];

void
setbootmod(int i, uchar *a, ulong n)
{
	mods[i] = a;
	modlen[i] = n;
}

uchar*
bootmod(int i, ulong *len)
{
	if(i < 0 || i > 1 || mods[i] == nil)
		return nil;
	*len = modlen[i];
	return mods[i];
}

/* the kernel's malloc zeroes, as Plan 9's does */
void*
malloc(ulong n)
{
	return calloc(1, n);
}
