#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Kernel processes and their scheduling, on one processor or several,
 * as Plan 9's.  A process gives up its processor in sched(), which
 * saves its label and jumps to the scheduler loop in schedinit() on
 * the processor's own stack; that picks the highest priority ready
 * process, round robin within a priority, from run queues shared by
 * all processors (SMP), or from its own (AMP: see assign).
 *
 * Locking: runq guards the run queues, nrdy and idlemach; procl the
 * list of processes, the dead kept for reuse and the pids; timerl the
 * timers.  sleep and wakeup take the Rendez's lock, then the
 * process's rlock (postnote takes them the other way, the second with
 * canlock), then runq.  Order: procl, timerl, the VM's isched
 * (dis.c), a Rendez, rlock, runq, idlewaitl (dis.c); a QLock's use
 * only before runq.  A sleeper that slept takes its Rendez's lock and
 * its rlock once more before it returns, so that its waker has let
 * them go before the caller frees either.
 *
 * A process is committed to wait (sleep, a queue of qlock.c or of the
 * VM) with its state set and its locks let go before it calls sched():
 * another processor may make it ready meanwhile.  p->mach says which
 * processor's stack p is on, from the moment one takes it until
 * schedinit has left its stack, and dequeue passes over a ready process
 * whose mach is still set.
 *
 * An idle processor halts with its bit in idlemach; ready() wakes one
 * with an interprocessor interrupt (mpwake).  Preemption: at each tick
 * of its clock (the first processor's 8253, the others' local APIC
 * timers) the running process yields to any ready process of the same
 * or higher priority; a process made ready at a higher priority by an
 * interrupt preempts the interrupted one at once.
 */

ulong	ticks;
int	nrdy;		/* ready processes, in every queue */

/* ready processes by priority, round robin within one */
typedef struct Schedq Schedq;
struct Schedq
{
	Proc*	head[Nrq];
	Proc*	tail[Nrq];
	int	n;
};

static Lock	runql;
static Schedq	runq;		/* SMP: every processor's; AMP: those not yet assigned */
static Schedq	machq[MAXMACH];	/* AMP: those assigned to each processor */
static ulong	idlemach;	/* processors halted for want of work, by bit */
static Lock	procl;
static Proc*	procs;		/* all processes */
static Proc*	deadprocs;	/* for reuse */
static int	ndead;
enum
{
	Ndead	= 16,	/* dead Procs kept for reuse; more go back to xalloc */
};
static int	pidalloc;
static Lock	timerl;
static Proc*	timers;		/* tsleeping, in order of twhen */

/* the AMP scheduler is on (config's sched amp) and has processors to assign to */
static int
amp(void)
{
	return schedamp && conf.nmach > 1;
}

/* the queue that this processor runs from */
static Schedq*
myq(void)
{
	return amp() ? &machq[m->machno] : &runq;
}

/* put p at the tail of q; runq held */
static void
queueproc(Schedq *q, Proc *p)
{
	int pri;

	pri = p->pri;
	p->rnext = nil;
	if(q->tail[pri] != nil)
		q->tail[pri]->rnext = p;
	else
		q->head[pri] = p;
	q->tail[pri] = p;
	q->n++;
	nrdy++;
}

/*
 * take from q the first process of the highest priority that is off
 * every processor's stack, or the first at all if any is; runq held
 */
static Proc*
dequeue(Schedq *q, int any)
{
	Proc *p, *l;
	int i;

	for(i = Nrq-1; i >= 0; i--){
		l = nil;
		for(p = q->head[i]; p != nil; p = p->rnext){
			if(any || p->mach == nil)
				break;
			l = p;
		}
		if(p == nil)
			continue;
		if(l != nil)
			l->rnext = p->rnext;
		else
			q->head[i] = p->rnext;
		if(q->tail[i] == p)
			q->tail[i] = l;
		p->rnext = nil;
		q->n--;
		nrdy--;
		return p;
	}
	return nil;
}

/* take processor i out of idlemach; 1 if it was there; runq held */
static int
idleclr(int i)
{
	if((idlemach & 1UL<<i) == 0)
		return 0;
	idlemach &= ~(1UL<<i);
	return 1;
}

/*
 * The AMP scheduler's assignment, by the first processor (which runs
 * no process then, and takes the devices' interrupts): each process in
 * runq, highest priority first, goes to the queue of the processor
 * with the fewest processes, queued and running (of equals, the first
 * after the one chosen last, so ties go round); that processor is
 * woken if idle, or interrupted if p would preempt what it runs (its
 * lapicintr).  Returns the processors to interrupt, by bit.  runq held.
 */
static ulong
assign(void)
{
	static int last;
	Proc *p, *r;
	ulong want;
	int i, j, best, n, bn;

	want = 0;
	while((p = dequeue(&runq, 1)) != nil){
		best = 1;
		bn = -1;
		for(j = 1; j < conf.nmach; j++){
			i = 1 + (last + j - 1) % (conf.nmach - 1);
			n = machq[i].n + (MACHP(i)->proc != nil);
			if(bn < 0 || n < bn){
				best = i;
				bn = n;
			}
		}
		last = best;
		queueproc(&machq[best], p);
		r = MACHP(best)->proc;
		if(idleclr(best) || r != nil && p->pri > r->pri)
			want |= 1UL<<best;
	}
	return want;
}

/* interrupt the processors of want, by bit */
static void
wake(ulong want)
{
	int i;

	for(i = 0; want != 0; i++, want >>= 1)
		if(want & 1)
			mpwake(i);
}

/*
 * make p runnable, waking an idle processor for it (SMP), or have the
 * first processor assign it (AMP: at once if this is the first, else
 * woken to do it)
 */
void
ready(Proc *p)
{
	ulong want;
	int s, i;

	s = splhi();
	lock(&runql);
	p->state = Ready;
	if(waitnote != nil)
		p->readyt = (ulong)fastticks(nil) | 1;	/* for acquire's wait (schedinit) */
	queueproc(&runq, p);
	/* the idle collector now keeps p waiting (see execatidle) */
	if(up != nil && up->type == IdleGC && up->state == Running && p->pri >= up->pri)
		idlewaitbegin();
	want = 0;
	if(!amp()){
		for(i = 0; i < conf.nmach; i++)
			if(i != m->machno && idleclr(i)){
				want = 1UL<<i;
				break;
			}
	}else if(m->machno == 0)
		want = assign();
	else{
		idleclr(0);
		want = 1;
	}
	unlock(&runql);
	wake(want);
	splx(s);
}

/* p, preempted, is ready again where it ran (AMP) or anywhere (SMP) */
static void
requeue(Proc *p)
{
	if(!amp() || m->machno == 0){
		ready(p);
		return;
	}
	lock(&runql);
	p->state = Ready;
	if(waitnote != nil)
		p->readyt = (ulong)fastticks(nil) | 1;
	queueproc(&machq[m->machno], p);
	unlock(&runql);
}

int
anyready(void)
{
	return nrdy != 0;
}

/* is a process of higher priority than up ready here? */
int
anyhigher(void)
{
	Schedq *q;
	int i;

	q = myq();
	if(up == nil)
		return q->n != 0;
	for(i = Nrq-1; i > up->pri; i--)
		if(q->head[i] != nil)
			return 1;
	return 0;
}

/* a ready process of the same or higher priority than up, here? */
int
anyeqhigher(void)
{
	Schedq *q;
	int i;

	q = myq();
	for(i = Nrq-1; i >= up->pri; i--)
		if(q->head[i] != nil)
			return 1;
	return 0;
}

/*
 * the next process to run; idles with interrupts on until there is
 * one, halted while none is queued, spinning while the only ones
 * queued are still leaving another processor.  Under AMP the first
 * processor only assigns, halted between interrupts.
 */
static Proc*
runproc(void)
{
	Schedq *q;
	Proc *p;
	ulong want;
	int idle;

	for(;;){
		lock(&runql);
		want = 0;
		p = nil;
		if(amp() && m->machno == 0){
			want = assign();
			idle = 1;
		}else{
			q = myq();
			p = dequeue(q, 0);
			idle = p == nil && q->n == 0;
		}
		if(p != nil)
			p->mach = m;
		if(idle)
			idlemach |= 1UL<<m->machno;
		unlock(&runql);
		wake(want);
		if(p != nil)
			return p;
		attrproc(Cidle);
		if(idle)
			halt1();
		else{
			spllo();
			pause();	/* waiting for another processor's schedinit to let p go */
		}
		splhi();
		if(idle){
			lock(&runql);
			idleclr(m->machno);
			unlock(&runql);
		}
	}
}

/* a process that has exited, off its stack: keep a few for newproc */
static void
procfree(Proc *p)
{
	p->state = Dead;
	p->mach = nil;
	kobjfree(Kproc);
	lock(&procl);
	if(ndead >= Ndead){
		unlock(&procl);
		xfree(p->kstack);
		xfree(p);
		return;
	}
	p->next = deadprocs;
	deadprocs = p;
	ndead++;
	unlock(&procl);
}

/*
 * The scheduler loop, on the processor's own stack: dispose of the
 * process that called sched() and start the next.  Called once by
 * main on each processor.
 */
void
schedinit(void)
{
	Proc *p;

	splhi();
	setlabel(&m->sched);
	if(up != nil){
		p = up;
		if(p->type == IdleGC)
			idlewaitend();
		attrout(p);
		up = nil;
		switch(p->state){
		case Moribund:
			procfree(p);
			break;
		case Running:
			requeue(p);
			/* fall through */
		default:
			/* off its stack: a processor may take it now */
			__atomic_store_n(&p->mach, nil, __ATOMIC_RELEASE);
		}
	}
	p = runproc();
	p->state = Running;
	if(p->readyt != 0){
		/* a Dis thread's time ready since it released the VM (acquire's wait) */
		if(p->iprog != nil){
			if(p->rwepoch != waitepoch){
				p->rwepoch = waitepoch;
				p->rwait = 0;
			}
			p->rwait += (ulong)fastticks(nil) - p->readyt;
		}
		p->readyt = 0;
	}
	attrin(p);
	up = p;
	if(p->type == IdleGC && anyeqhigher())
		idlewaitbegin();
	gotolabel(&p->sched);
}

/* give up the processor; returns when this process runs again */
void
sched(void)
{
	int s;

	if(up == nil)
		panic("sched: no process");
	if(up->nlocks != 0 && up->state == Running)
		panic("sched: %s holds %d locks", up->text, up->nlocks);
	s = splhi();
	m->cs++;
	if(up->acct != nil)
		acctsched(0);
	/* floating point may be live (the VM's reals): keep it per process */
	fpsave(up->fpstate);
	if(setlabel(&up->sched) == 0)
		gotolabel(&m->sched);
	fprestore(up->fpstate);
	if(up->acct != nil)
		acctsched(1);
	splx(s);
}

/* let processes of the same priority run */
void
yield(void)
{
	if(anyready())
		sched();
}

/* called by the clock interrupt: ask for a reschedule at each tick */
void
hzsched(void)
{
	if(up != nil && up->state == Running && anyeqhigher())
		up->preempted = 1;
}

/*
 * at the end of an interrupt: give up the processor if its clock asked
 * (hzsched) or a process of higher priority is ready here
 */
void
preempt(void)
{
	if(up != nil && up->state == Running && up->nlocks == 0 && (up->preempted || anyhigher())){
		up->preempted = 0;
		sched();
	}
}

static void
kprocstart(void)
{
	if(up->fpinherit)
		fprestore(up->fpstate);
	else
		fpinit();
	spllo();
	up->kpfun(up->kparg);
	pexit("", 1);
}

Proc*
newproc(void)
{
	Proc *p;

	lock(&procl);
	p = deadprocs;
	if(p != nil){
		deadprocs = p->next;
		ndead--;
	}
	unlock(&procl);
	if(p == nil){
		p = xallocz(sizeof(Proc), 1);
		if(p == nil)
			return nil;
		p->kstack = xallocz(KSTACK, 0);
		if(p->kstack == nil){
			xfree(p);
			return nil;
		}
	}else{
		char *k = p->kstack;
		memset(p, 0, sizeof *p);
		p->kstack = k;
	}
	kobjalloc(Kproc);
	p->state = Scheding;
	p->env = &p->defenv;
	p->defenv.errstr = p->defenv.errbuf0;
	p->defenv.user = eve;
	lock(&procl);
	p->pid = ++pidalloc;
	p->next = procs;
	procs = p;
	unlock(&procl);
	return p;
}

/*
 * start a kernel process running func(arg) at priority pri; -1 if there
 * is no memory for it
 */
int
kproc(char *name, void (*func)(void*), void *arg, int pri)
{
	Proc *p;

	p = newproc();
	if(p == nil)
		return -1;
	strecpy(p->text, p->text+sizeof p->text, name);
	p->kpfun = func;
	p->kparg = arg;
	p->pri = pri;
	attrkproc(p, name, func == vmachine);
	/*
	 * the creator's own groups, not those of a Dis thread it may be
	 * running: an interpreter started by release() must not keep the
	 * thread's files open
	 */
	if(up != nil){
		p->defenv.pgrp = up->defenv.pgrp;
		if(p->defenv.pgrp != nil)
			incref(p->defenv.pgrp);
		p->defenv.fgrp = up->defenv.fgrp;
		if(p->defenv.fgrp != nil)
			incref(p->defenv.fgrp);
		p->defenv.egrp = up->defenv.egrp;
		if(p->defenv.egrp != nil)
			incref(p->defenv.egrp);
	}
	/* inherit the floating point environment (the VM sets precision) */
	if(up != nil){
		fpsave(p->fpstate);
		fprestore(p->fpstate);
		p->fpinherit = 1;
	}
	p->sched.pc = (ulong)kprocstart;
	p->sched.sp = (ulong)p->kstack + KSTACK - 16;
	p->sched.bp = 0;
	ready(p);
	return 0;
}

/* the current process ends */
void
pexit(char*, int)
{
	Proc *p, **l;
	int s;

	if(up->acct != nil)
		acctuse(nil, 0);
	closegroups(&up->defenv);
	selfflush();
	s = splhi();
	lock(&procl);
	for(l = &procs; (p = *l) != nil; l = &p->next)
		if(p == up){
			*l = p->next;
			break;
		}
	unlock(&procl);
	up->state = Moribund;
	gotolabel(&m->sched);
	USED(s);
}

void
setpri(int pri)
{
	up->pri = pri;
}

int
getpri(void)
{
	return up->pri;
}

/*
 * The process holding the QLock or RWlock (for writing) whose use Lock
 * is l, which p waits for; nil if none is known (readers hold an
 * RWlock).  Read without the lock: for the watchdog.
 */
static Proc*
lockowner(Proc *p, Lock *l)
{
	if(p->state == Queueing)
		return ((QLock*)l)->owner;
	if(p->state == QueueingR || p->state == QueueingW)
		return ((RWlock*)l)->wproc;
	return nil;
}

/*
 * The watchdog of the queued locks, once a second from the clock: a
 * process that has waited Qstuck seconds for a QLock or RWlock whose
 * holder waits, through a chain of holders, for one that the first
 * holds, is deadlocked; say so once, with the chain (each process, the
 * lock it waits for, and the pc that took it).  A long wait whose
 * holder is doing something else (a reader queued behind another
 * blocked in a read) is no deadlock and is not reported.  (Spin locks
 * have their own: qlock.c's lockspin.)
 */
enum
{
	Qstuck	= 5,
	Qchain	= 16,
};

static void
lockwatch(void)
{
	Proc *p, *q, *o;
	Lock *l;
	int i;

	if(!canlock(&procl))
		return;
	for(p = procs; p != nil; p = p->next){
		l = p->qwaitl;
		if(l == nil || p->qwaitsaid || ticks - p->qwaitt < Qstuck*HZ)
			continue;
		/* each wait read once: the processes go on meanwhile */
		q = p;
		o = nil;
		for(i = 0; i < Qchain && l != nil; i++){
			o = lockowner(q, l);
			if(o == nil || o == p)
				break;
			q = o;
			l = q->qwaitl;
		}
		if(o != p)
			continue;
		iprint("deadlock: proc %d (%s) waited %lud s:", p->pid, p->text, (ticks - p->qwaitt)/HZ);
		q = p;
		for(i = 0; i <= Qchain && (l = q->qwaitl) != nil; i++){
			q->qwaitsaid = 1;
			o = lockowner(q, l);
			iprint(" proc %d waits for %#p, held by proc %d from pc %#lux;", q->pid, l,
				o != nil ? o->pid : 0, q->state == Queueing ? ((QLock*)l)->pc : ((RWlock*)l)->wpc);
			if(o == nil || o == p)
				break;
			q = o;
		}
		iprint("\n");
	}
	unlock(&procl);
}

/* called by clock interrupt: wake expired tsleeps */
void
timerintr(void)
{
	Proc *p;

	lock(&timerl);
	while((p = timers) != nil && (long)(ticks - p->twhen) >= 0){
		timers = p->tlink;
		p->tlink = nil;
		p->timedout = 1;
		if(p->trend != nil)
			wakeup(p->trend);
	}
	unlock(&timerl);
	if(ticks % HZ == 0)
		lockwatch();
	hzsched();
}

/*
 * sleep until f(arg) is true.  A note posted to the process
 * interrupts the sleep with error(Eintr).  f is called holding r's
 * lock and up->rlock: it must not take a QLock or sleep.
 */
void
sleep(Rendez *r, int (*f)(void*), void *arg)
{
	int s;

	s = splhi();
	if(up->nlocks)
		panic("sleep: %s holds a lock", up->text);
	lock(&r->lk);
	lock(&up->rlock);
	if(r->p != nil && r->p != up)
		panic("sleep: double sleep on %#p by %s and %s", r, r->p->text, up->text);
	if(up->notepending || f(arg)){
		unlock(&up->rlock);
		unlock(&r->lk);
	}else{
		/* committed: a wakeup from now on readies us (see p->mach) */
		r->p = up;
		up->r = r;
		up->state = Wakeme;
		up->psstate = "sleep";
		unlock(&up->rlock);
		unlock(&r->lk);
		waitsched(Wsleep, up->sleeppc != 0 ? up->sleeppc : getcallerpc(&r));
		up->psstate = nil;
		/*
		 * the waker (wakeup, postnote) may still hold r's lock and
		 * ours on another processor: wait until it has let them go,
		 * so that the caller may free r, or exit and free up
		 */
		lock(&r->lk);
		unlock(&r->lk);
		lock(&up->rlock);
		unlock(&up->rlock);
	}
	if(up->notepending){
		up->notepending = 0;
		splx(s);
		error(Eintr);
	}
	splx(s);
}

static int
tfn(void *arg)
{
	return up->timedout || up->tfn(arg);
}

/* p's timer is no longer wanted; timerl held */
static void
timerdel(Proc *p)
{
	Proc **l;

	for(l = &timers; *l != nil; l = &(*l)->tlink)
		if(*l == p){
			*l = p->tlink;
			break;
		}
	p->tlink = nil;
}

/* sleep until f(arg) or ms milliseconds have passed */
void
tsleep(Rendez *r, int (*fn)(void*), void *arg, ulong ms)
{
	Proc **l;
	int s;

	s = splhi();
	lock(&timerl);
	/* the tick in progress is partly gone: wait one more, to sleep at least ms */
	up->twhen = ticks + MS2TK(ms) + 1;
	up->trend = r;
	up->tfn = fn;
	up->timedout = 0;
	for(l = &timers; *l != nil; l = &(*l)->tlink)
		if((long)((*l)->twhen - up->twhen) > 0)
			break;
	up->tlink = *l;
	*l = up;
	unlock(&timerl);
	splx(s);
	if(waserror()){
		up->sleeppc = 0;
		s = splhi();
		lock(&timerl);
		timerdel(up);
		up->trend = nil;
		unlock(&timerl);
		splx(s);
		nexterror();
	}
	up->sleeppc = getcallerpc(&r);	/* the site, for the wait instruments */
	sleep(r, tfn, arg);
	up->sleeppc = 0;
	s = splhi();
	lock(&timerl);
	timerdel(up);
	up->trend = nil;
	unlock(&timerl);
	splx(s);
	poperror();
}

/* wake the process sleeping on r, if any */
Proc*
wakeup(Rendez *r)
{
	Proc *p;
	int s;

	s = splhi();
	lock(&r->lk);
	p = r->p;
	if(p != nil){
		lock(&p->rlock);
		if(p->state != Wakeme || p->r != r)
			panic("wakeup: state %d", p->state);
		r->p = nil;
		p->r = nil;
		ready(p);
		unlock(&p->rlock);
	}
	unlock(&r->lk);
	splx(s);
	return p;
}

int
return0(void*)
{
	return 0;
}

/*
 * interrupt p: its current or next sleep raises Eintr.  It takes
 * p->rlock before the Rendez's lock, the other way from sleep and
 * wakeup, so the second only if it can: while a sleep or wakeup on
 * another processor holds it, try again.
 */
int
postnote(Proc *p, int, char *n, int)
{
	Rendez *r;
	int s;

	for(;;){
		s = splhi();
		lock(&p->rlock);
		if(n != nil){
			strecpy(p->note, p->note+sizeof p->note, n);
			n = nil;
		}
		p->notepending = 1;
		r = p->r;
		if(r == nil || p->state != Wakeme)
			break;
		if(canlock(&r->lk)){
			if(r->p == p){
				r->p = nil;
				p->r = nil;
				ready(p);
			}
			unlock(&r->lk);
			break;
		}
		unlock(&p->rlock);
		splx(s);
		pause();	/* r->lk's holder may be waiting for p->rlock */
	}
	unlock(&p->rlock);
	splx(s);
	return 1;
}

/* interrupt the system call of the process that released prog (a Dis thread) */
void
procintr(void *prog, char *note)
{
	Proc *q;

	lock(&procl);
	for(q = procs; q != nil; q = q->next)
		if(q->iprog == prog)
			postnote(q, 1, note, 0);
	unlock(&procl);
}

static char *statename[] = {
	"Dead", "Moribund", "Ready", "Scheding", "Running", "Queueing", "QueueingR",
	"QueueingW", "Wakeme", "Broken", "Stopped", "Rendez", "Waitrelease",
};

/* a line per process: pid, state, priority, name */
int
procread(char *buf, int n, ulong off)
{
	char *p, *e, *tbuf;
	Proc *q;
	long l;

	tbuf = smalloc(READSTR*4);
	p = tbuf;
	e = tbuf + READSTR*4;
	lock(&procl);
	for(q = procs; q != nil; q = q->next)
		p = seprint(p, e, "%6d %-12s %3d %s\n", q->pid, statename[q->state], q->pri, q->text);
	unlock(&procl);
	l = readstr(off, buf, n, tbuf);
	free(tbuf);
	return l;
}

/* for debugging: without procl, which the caller may hold */
void
dumpprocs(void)
{
	Proc *q;

	for(q = procs; q != nil; q = q->next)
		iprint("%6d %-12s %3d %-8s %s %s\n", q->pid, statename[q->state], q->pri, q->text,
			q->psstate ? q->psstate : "", q->notepending ? q->note : "");
}
