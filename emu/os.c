/*
 * emu's host layer under port/: each host thread is a Proc, and locks,
 * sleep and wakeup, kprocs, memory, time and errors are made of the
 * host's threads, as the kernel makes them of its scheduler.
 *
 * A Proc blocks on its own semaphore (osblock) until another thread
 * readies it (osready): a wakeup, a qunlock handing the lock on, or a
 * note.  Each osready matches one removal of the Proc from whatever it
 * waits on, so the semaphore never holds more than one.
 *
 * A note (postnote: a Dis thread killed in a system call) interrupts a
 * sleep at once; a thread blocked in a host call (a read of the host's
 * terminal, a socket) gets SIGUSR1, so the call fails with EINTR, and
 * the device raises Eintr (osleavehost, oserror).
 */
#include "u.h"
#include "../port/lib.h"
#include <mp.h>
#include "mem.h"
#include "dat.h"
#include <malloc.h>	/* before fns.h, whose malloc is a macro */
#include "fns.h"
#include "../port/error.h"
#include <isa.h>
#include <interp.h>
#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <errno.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <asm/ldt.h>
#include <time.h>
#include <sys/time.h>
#include <fcntl.h>
#include <stdio.h>

struct Osproc
{
	Proc;
	pthread_t	thread;
	pthread_mutex_t	mu;
	pthread_cond_t	cv;
	int	readied;	/* osready came before osblock */
	int	inhost;		/* blocked in a host call a note should interrupt */
};

__thread Proc*	up;
ulong	kerndate;
static uvlong	t0;
static Lock	procslk;
static Proc*	procs;		/* every live Proc, for procintr */
static long	nkproc;		/* kprocs alive: they can wake Dis threads */
static int	pidalloc;

/*
 * processes
 */
Proc*
osnewproc(char *name)
{
	Osproc *o;
	Proc *p;

	o = calloc(1, sizeof(Osproc));
	if(o == nil)
		panic("no memory for a process");
	pthread_mutex_init(&o->mu, nil);
	pthread_cond_init(&o->cv, nil);
	o->thread = pthread_self();
	p = o;
	strecpy(p->text, p->text+sizeof p->text, name);
	p->env = &p->defenv;
	p->defenv.errstr = p->defenv.errbuf0;
	p->defenv.user = eve;
	lock(&procslk);
	p->pid = ++pidalloc;
	p->next = procs;
	procs = p;
	unlock(&procslk);
	return p;
}

/* the calling thread's Proc goes */
static void
freeproc(Proc *p)
{
	Proc **l;
	Osproc *o;

	lock(&procslk);
	for(l = &procs; *l != nil; l = &(*l)->next)
		if(*l == p){
			*l = p->next;
			break;
		}
	unlock(&procslk);
	o = (Osproc*)p;
	pthread_mutex_destroy(&o->mu);
	pthread_cond_destroy(&o->cv);
	free(o);
}

static void*
kprocstart(void *v)
{
	Proc *p;

	p = v;
	((Osproc*)p)->thread = pthread_self();
	up = p;
	vmfpu();
	p->kpfun(p->kparg);
	pexit("", 1);
	return nil;
}

/* start func(arg) in a new thread with the creator's own groups; -1 if the host has none to give */
int
kproc(char *name, void (*func)(void*), void *arg, int pri)
{
	pthread_attr_t a;
	pthread_t t;
	Proc *p;

	USED(pri);
	p = osnewproc(name);
	p->kpfun = func;
	p->kparg = arg;
	p->defenv.user = up->defenv.user;
	if((p->defenv.pgrp = up->defenv.pgrp) != nil)
		incref(p->defenv.pgrp);
	if((p->defenv.fgrp = up->defenv.fgrp) != nil)
		incref(p->defenv.fgrp);
	if((p->defenv.egrp = up->defenv.egrp) != nil)
		incref(p->defenv.egrp);
	__sync_add_and_fetch(&nkproc, 1);
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&a, 1024*1024);
	if(pthread_create(&t, &a, kprocstart, p) != 0){
		pthread_attr_destroy(&a);
		closegroups(&p->defenv);
		__sync_sub_and_fetch(&nkproc, 1);
		freeproc(p);
		return -1;
	}
	pthread_attr_destroy(&a);
	return 0;
}

/* the calling kproc ends */
void
pexit(char *why, int freemem)
{
	USED(why);
	USED(freemem);
	closegroups(&up->defenv);
	__sync_sub_and_fetch(&nkproc, 1);
	freeproc(up);
	up = nil;
	pthread_exit(nil);
}

/* kprocs alive: emu waits for them before saying every prog is blocked */
long
osnkproc(void)
{
	return __sync_add_and_fetch(&nkproc, 0);
}

/*
 * port/self.c's caches are touched by their own Proc's thread only,
 * and no signal handler allocates: always process context here
 */
int
islo(void)
{
	return 1;
}

/* wait until readied */
static void
osblock(void)
{
	Osproc *o;

	o = (Osproc*)up;
	pthread_mutex_lock(&o->mu);
	while(!o->readied)
		pthread_cond_wait(&o->cv, &o->mu);
	o->readied = 0;
	pthread_mutex_unlock(&o->mu);
}

/* wait until readied or the host's monotonic clock passes deadline (ns); 1 if readied */
static int
osblockuntil(uvlong deadline)
{
	struct timespec ts;
	Osproc *o;
	int r;

	o = (Osproc*)up;
	ts.tv_sec = deadline/1000000000ULL;
	ts.tv_nsec = deadline%1000000000ULL;
	pthread_mutex_lock(&o->mu);
	while(!o->readied)
		if(pthread_cond_timedwait(&o->cv, &o->mu, &ts) == ETIMEDOUT)
			break;
	r = o->readied;
	o->readied = 0;
	pthread_mutex_unlock(&o->mu);
	return r;
}

static void
osready(Proc *p)
{
	Osproc *o;

	o = (Osproc*)p;
	pthread_mutex_lock(&o->mu);
	o->readied = 1;
	pthread_cond_signal(&o->cv);
	pthread_mutex_unlock(&o->mu);
}

/*
 * spin locks: held briefly, never across a sleep
 */
void
lock(Lock *l)
{
	int i;

	for(i = 0; __sync_lock_test_and_set(&l->key, 1); i++)
		if(i > 64)
			sched_yield();
	l->pc = getcallerpc(&l);
	l->p = up;
}

int
canlock(Lock *l)
{
	if(__sync_lock_test_and_set(&l->key, 1))
		return 0;
	l->pc = getcallerpc(&l);
	l->p = up;
	return 1;
}

void
unlock(Lock *l)
{
	if(l->key == 0)
		panic("unlock: not locked: pc %#lux", getcallerpc(&l));
	l->p = nil;
	__sync_lock_release(&l->key);
}

void
ilock(Lock *l)
{
	lock(l);
}

void
iunlock(Lock *l)
{
	unlock(l);
}

long
incref(Ref *r)
{
	return __sync_add_and_fetch(&r->ref, 1);
}

long
decref(Ref *r)
{
	long x;

	x = __sync_sub_and_fetch(&r->ref, 1);
	if(x < 0)
		panic("decref: negative ref, pc %#lux", getcallerpc(&r));
	return x;
}

/*
 * queueing locks: the holder hands the lock to the first waiter
 */
static void
qwait(Lock *use, Proc **head, Proc **tail, int state)
{
	up->qnext = nil;
	if(*tail != nil)
		(*tail)->qnext = up;
	else
		*head = up;
	*tail = up;
	up->state = state;
	unlock(use);
	osblock();
	up->state = Running;
}

static Proc*
qtake(Proc **head, Proc **tail)
{
	Proc *p;

	p = *head;
	if(p != nil){
		*head = p->qnext;
		if(*head == nil)
			*tail = nil;
		p->qnext = nil;
	}
	return p;
}

void
qlock(QLock *q)
{
	lock(&q->use);
	if(!q->locked){
		q->locked = 1;
		q->owner = up;
		q->pc = getcallerpc(&q);
		unlock(&q->use);
		return;
	}
	if(q->owner == up)
		panic("qlock: %s locks twice, pc %#lux", up->text, getcallerpc(&q));
	qwait(&q->use, &q->head, &q->tail, Queueing);
	/* qunlock handed the lock to us */
	q->pc = getcallerpc(&q);
}

int
canqlock(QLock *q)
{
	lock(&q->use);
	if(q->locked){
		unlock(&q->use);
		return 0;
	}
	q->locked = 1;
	q->owner = up;
	unlock(&q->use);
	return 1;
}

void
qunlock(QLock *q)
{
	Proc *p;

	lock(&q->use);
	if(!q->locked)
		panic("qunlock: not locked, pc %#lux", getcallerpc(&q));
	p = qtake(&q->head, &q->tail);
	if(p != nil)
		q->owner = p;
	else{
		q->locked = 0;
		q->owner = nil;
	}
	unlock(&q->use);
	if(p != nil)
		osready(p);
}

void
rlock(RWlock *l)
{
	lock(&l->use);
	if(!l->writer && l->head == nil){
		l->readers++;
		unlock(&l->use);
		return;
	}
	qwait(&l->use, &l->head, &l->tail, QueueingR);
}

/* the next writer, or all readers at the head of the queue, take the lock; called with l->use */
static void
rwwake(RWlock *l)
{
	Proc *p, *w;

	p = l->head;
	if(p == nil)
		return;
	if(p->state == QueueingW){
		if(l->readers == 0){
			qtake(&l->head, &l->tail);
			l->writer = 1;
			l->wproc = p;
			osready(p);
		}
		return;
	}
	while((p = l->head) != nil && p->state == QueueingR){
		w = qtake(&l->head, &l->tail);
		l->readers++;
		osready(w);
	}
}

void
runlock(RWlock *l)
{
	lock(&l->use);
	if(--l->readers < 0)
		panic("runlock: no readers");
	if(l->readers == 0)
		rwwake(l);
	unlock(&l->use);
}

void
wlock(RWlock *l)
{
	lock(&l->use);
	if(!l->writer && l->readers == 0 && l->head == nil){
		l->writer = 1;
		l->wproc = up;
		l->wpc = getcallerpc(&l);
		unlock(&l->use);
		return;
	}
	qwait(&l->use, &l->head, &l->tail, QueueingW);
	l->wpc = getcallerpc(&l);
}

void
wunlock(RWlock *l)
{
	lock(&l->use);
	if(!l->writer)
		panic("wunlock: not locked");
	l->writer = 0;
	l->wproc = nil;
	rwwake(l);
	unlock(&l->use);
}

/*
 * sleep and wakeup, as the kernel's: the condition is checked under
 * r->lk, so a wakeup after it changed cannot be missed
 */
static void
notecheck(void)
{
	if(up->notepending){
		up->notepending = 0;
		error(Eintr);
	}
}

/* sleep until f(arg), a note, or (ms > 0) ms milliseconds */
static void
ossleep1(Rendez *r, int (*f)(void*), void *arg, ulong ms)
{
	uvlong deadline;
	struct timespec ts;

	lock(&up->rlock);
	lock(&r->lk);
	if(up->notepending || f(arg)){
		unlock(&r->lk);
		unlock(&up->rlock);
		notecheck();
		return;
	}
	if(r->p != nil && r->p != up)
		panic("sleep: double sleep on %#p by %s and %s", r, r->p->text, up->text);
	r->p = up;
	up->r = r;
	up->state = Wakeme;
	unlock(&r->lk);
	unlock(&up->rlock);
	if(ms == 0)
		osblock();
	else{
		clock_gettime(CLOCK_REALTIME, &ts);
		deadline = (uvlong)ts.tv_sec*1000000000ULL + ts.tv_nsec + (uvlong)ms*1000000ULL;
		if(!osblockuntil(deadline)){
			lock(&r->lk);
			if(r->p == up){
				/* timed out: nobody else will ready us */
				r->p = nil;
				up->r = nil;
				unlock(&r->lk);
			}else{
				/* a wakeup or note took us off r: its osready is coming */
				unlock(&r->lk);
				osblock();
			}
		}
	}
	up->state = Running;
	notecheck();
}

void
sleep(Rendez *r, int (*f)(void*), void *arg)
{
	ossleep1(r, f, arg, 0);
}

void
tsleep(Rendez *r, int (*f)(void*), void *arg, ulong ms)
{
	if(ms == 0)
		ms = 1;
	ossleep1(r, f, arg, ms);
}

Proc*
wakeup(Rendez *r)
{
	Proc *p;

	lock(&r->lk);
	p = r->p;
	if(p != nil){
		r->p = nil;
		p->r = nil;
	}
	unlock(&r->lk);
	if(p != nil)
		osready(p);
	return p;
}

int
return0(void *v)
{
	USED(v);
	return 0;
}

/*
 * QEMU's user-mode emulator, which runs emu where the host kernel has no
 * IA-32 emulation, keeps one GDT for all threads, so a thread's %gs
 * descriptor (its TLS, and so up and errno) is the last thread's to call
 * set_thread_area, and a return from a signal reloads %gs from it.  The
 * handler, still on its own TLS, writes its descriptor back first.  On a
 * real kernel this rewrites the thread's own entry with what it holds.
 */
static void
keeptls(void)
{
	struct user_desc d;
	ushort gs;
	ulong tcb;
	int e;

	e = errno;
	asm volatile("movw %%gs, %0" : "=r"(gs));
	asm volatile("movl %%gs:0, %0" : "=r"(tcb));
	memset(&d, 0, sizeof d);
	d.entry_number = gs >> 3;
	d.base_addr = tcb;
	d.limit = 0xfffff;
	d.seg_32bit = 1;
	d.limit_in_pages = 1;
	d.useable = 1;
	syscall(SYS_set_thread_area, &d);
	errno = e;
}

static void
sigintr(int sig)
{
	USED(sig);
	keeptls();
}

/* interrupt p: its current or next sleep raises Eintr, a host call fails with EINTR */
int
postnote(Proc *p, int dolock, char *n, int flag)
{
	Rendez *r;
	Osproc *o;

	USED(dolock);
	USED(flag);
	lock(&p->rlock);
	if(n != nil)
		strecpy(p->note, p->note+sizeof p->note, n);
	p->notepending = 1;
	r = p->r;
	if(r != nil){
		lock(&r->lk);
		if(r->p == p){
			r->p = nil;
			p->r = nil;
			unlock(&r->lk);
			unlock(&p->rlock);
			osready(p);
			return 1;
		}
		unlock(&r->lk);
	}
	o = (Osproc*)p;
	if(o->inhost)
		pthread_kill(o->thread, SIGUSR1);
	unlock(&p->rlock);
	return 1;
}

/* interrupt the system call of the thread that released prog */
void
procintr(void *prog, char *note)
{
	Proc *p;

	lock(&procslk);
	for(p = procs; p != nil; p = p->next)
		if(p->iprog == prog)
			postnote(p, 1, note, 0);
	unlock(&procslk);
}

/* around a host call that may block for long: a note interrupts it */
void
osenterhost(void)
{
	((Osproc*)up)->inhost = 1;
}

void
osleavehost(void)
{
	((Osproc*)up)->inhost = 0;
}

void
yield(void)
{
	sched_yield();
}

/* the kernel's sched: give the processor up (the host decides to whom) */
void
sched(void)
{
	sched_yield();
}

/*
 * errors: Inferno's words for the host's
 */
char*
oserrstr(int e)
{
	switch(e){
	case ENOENT:	return Enonexist;
	case EACCES:
	case EPERM:	return Eperm;
	case EEXIST:	return Eexist;
	case EISDIR:	return Eisdir;
	case ENOTDIR:	return Enotdir;
	case EBADF:	return Ebadusefd;
	case ENOTEMPTY:	return Enotempty;
	case EROFS:	return Ereadonly;
	case ENOMEM:	return Enomem;
	case EINVAL:	return Ebadarg;
	case ENAMETOOLONG:	return Etoolong;
	case EMFILE:
	case ENFILE:	return Enofd;
	case ESPIPE:	return Eisstream;
	case EPIPE:	return Ehungup;
	case EINTR:	return Eintr;
	case EBUSY:	return Einuse;
	case ENOSPC:	return "file system full";
	case EXDEV:	return "cross-device rename";
	case ECONNREFUSED:	return Econrefused;
	case ETIMEDOUT:	return Etimedout;
	case EADDRINUSE:	return Econinuse;
	case ECONNRESET:	return "connection reset by peer";
	case EHOSTUNREACH:	return "host unreachable";
	case ENETUNREACH:	return "network unreachable";
	default:	return Eio;
	}
}

/* raise the error of the host call that failed (errno) */
void
oserror(void)
{
	if(errno == EINTR)
		up->notepending = 0;
	error(oserrstr(errno));
}

/*
 * memory
 */
void*
smalloc(ulong n)
{
	void *v;

	v = calloc(1, n);
	if(v == nil)
		panic("out of memory allocating %lud", n);
	return v;
}

/* the bytes of the host's malloc handed out, and held from the system */
void
osmallocstat(ulong *inuse, ulong *held)
{
	struct mallinfo2 mi;

	mi = mallinfo2();
	*inuse = mi.uordblks + mi.hblkhd;
	*held = mi.arena + mi.hblkhd;
}

/*
 * output and time
 */
void
panic(char *fmt, ...)
{
	char buf[256];
	va_list arg;

	va_start(arg, fmt);
	vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	fprint(2, "emu: panic: %s\n", buf);
	exit(2);
}

int
iprint(char *fmt, ...)
{
	char buf[256];
	va_list arg;
	int n;

	va_start(arg, fmt);
	n = vseprint(buf, buf+sizeof buf, fmt, arg) - buf;
	va_end(arg);
	return write(2, buf, n);
}

void
dumpstack(void)
{
}

/* lib9's %r and werrstr use the same string as error() and kerrstr */
char*
lib9errstr(void)
{
	static char buf[ERRMAX];

	if(up == nil)
		return buf;
	return up->env->errstr;
}

static uvlong
nsec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uvlong)ts.tv_sec*1000000000ULL + ts.tv_nsec;
}

/*
 * Sys->millisec is called in loops (vmbench's builtin: a million times)
 * and a read of CLOCK_MONOTONIC costs some 36 ns here, most of such a
 * call.  So millitsc skips the read when the TSC proves that the
 * millisecond cannot have changed since the last one: at a read at time
 * T (ns) with TSC c, the next millisecond begins T' - T ns later, and
 * while the TSC stays below c + (T'-T)*rmin, with rmin at most its
 * rate, time is still short of T'.  Every value returned is the one a
 * read would give.  rmin is 1% under the rate measured between the
 * first read and one 20 ms or more later, from the TSC read after the
 * first's clock and the one before the later's: a delay between a TSC
 * read and its clock read (the thread preempted) can only lower it
 * (the first's TSC taken before its clock made it high, and a sleep of
 * 50 ms showed as 49 on a loaded host); the TSC must be invariant
 * (constant_tsc and nonstop_tsc in /proc/cpuinfo) or the reads are
 * never skipped, and a TSC below c (another processor's) makes a read.
 * Threads share mt: reads are made under mt.lk, which bumps mt.seq
 * before and after changing it, and a skip stands only if mt.seq was
 * even and unchanged around its loads (a sequence lock).
 */
static struct
{
	Lock	lk;
	ulong	seq;		/* odd while a read changes mt */
	int	ok;		/* the TSC is invariant: 1; not: -1; not yet known: 0 */
	uvlong	c0;		/* TSC just after the first read's clock */
	uvlong	ns0;		/* its time */
	uvlong	rmin;		/* TSC ticks per ns, times 2^16, at most the rate; 0: not yet */
	uvlong	c;		/* TSC at the last read */
	uvlong	lim;		/* ticks after c before the millisecond can change */
	long	ms;		/* the last value */
} mt;

/* the TSC (also the bench device's instruction timer, emu/bench.c) */
uvlong
rdtsc64(void)
{
	uvlong t;

	__asm__ volatile("rdtsc" : "=A"(t));
	return t;
}

static int
invarianttsc(void)
{
	FILE *f;
	char buf[4096];
	int c, n;

	f = fopen("/proc/cpuinfo", "r");
	if(f == nil)
		return -1;
	c = n = 0;
	while(fgets(buf, sizeof buf, f) != nil)
		if(strncmp(buf, "flags", 5) == 0){
			c = strstr(buf, " constant_tsc") != nil;
			n = strstr(buf, " nonstop_tsc") != nil;
			break;
		}
	fclose(f);
	return c && n ? 1 : -1;
}

#define	BARRIER()	__asm__ volatile("" ::: "memory")

long
osmillisec(void)
{
	struct timespec ts;
	uvlong c, ns, into;
	ulong seq;
	long ms;

	seq = *(volatile ulong*)&mt.seq;
	BARRIER();
	if((seq & 1) == 0 && mt.rmin != 0){
		c = rdtsc64();
		if(c - mt.c < mt.lim){
			ms = mt.ms;
			BARRIER();
			if(*(volatile ulong*)&mt.seq == seq)
				return ms;
		}
	}
	lock(&mt.lk);
	mt.seq++;
	BARRIER();
	c = rdtsc64();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ns = (uvlong)ts.tv_sec*1000000000ULL + ts.tv_nsec - t0;
	ms = mt.ms = ns/1000000;
	if(mt.ok == 0)
		mt.ok = invarianttsc();
	if(mt.ok > 0){
		if(mt.c0 == 0 || (mt.rmin == 0 && ns-mt.ns0 > 10000000000ULL)){
			mt.c0 = rdtsc64();
			mt.ns0 = ns;
		}else if(mt.rmin == 0 && ns-mt.ns0 >= 20000000 && c > mt.c0)
			mt.rmin = (c-mt.c0)*65536/(ns-mt.ns0)*99/100;
		into = ns%1000000;
		mt.c = c;
		mt.lim = (1000000-into)*mt.rmin >> 16;
	}
	BARRIER();
	mt.seq++;
	unlock(&mt.lk);
	return ms;
}

vlong
osusectime(void)
{
	struct timeval tv;

	gettimeofday(&tv, nil);
	return (vlong)tv.tv_sec*1000000 + tv.tv_usec;
}

long
seconds(void)
{
	return osusectime()/1000000;
}

/*
 * random bytes for keys and IPint.random (lib9.h): the host's, from
 * getrandom(2), or /dev/urandom where that system call is missing
 */
void
genrandom(uchar *p, int n)
{
	long r;
	int fd;

	while(n > 0){
		r = syscall(SYS_getrandom, p, n, 0);
		if(r <= 0)
			break;
		p += r;
		n -= r;
	}
	if(n <= 0)
		return;
	fd = open("/dev/urandom", O_RDONLY);
	while(n > 0 && fd >= 0 && (r = read(fd, p, n)) > 0){
		p += r;
		n -= r;
	}
	if(fd >= 0)
		close(fd);
	if(n > 0)
		panic("genrandom: no random bytes from the host");
}

vlong
fastticks(uvlong *hz)
{
	if(hz != nil)
		*hz = 1000000000ULL;
	return nsec();
}

void
osinit(void)
{
	struct sigaction sa;

	t0 = nsec();
	kerndate = seconds();
	signal(SIGPIPE, SIG_IGN);	/* a write to a closed pipe fails with an error instead */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = sigintr;	/* no SA_RESTART: the host call fails with EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, nil);
	up = osnewproc("main");
}
