#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Kernel processes and their scheduling.  One processor: the run
 * queues are guarded by splhi.  A process gives up the processor in
 * sched(), which saves its label and jumps to the scheduler loop in
 * schedinit() on the boot stack; that picks the highest priority
 * ready process, round robin within a priority.
 *
 * Preemption: at each clock tick the running process yields to any
 * ready process of the same or higher priority; a process made ready
 * at a higher priority (by an interrupt) preempts at once.
 */

ulong	ticks;
int	nrdy;
static Proc*	runq[Nrq];
static Proc*	runqt[Nrq];
static Proc*	procs;		/* all processes */
static Proc*	deadprocs;	/* for reuse */
static int	ndead;
enum
{
	Ndead	= 16,	/* dead Procs kept for reuse; more go back to xalloc */
};
static int	pidalloc;
static Proc*	timers;		/* tsleeping, in order of twhen */

static void
queueproc(Proc *p)
{
	int pri;

	pri = p->pri;
	p->rnext = nil;
	if(runqt[pri] != nil)
		runqt[pri]->rnext = p;
	else
		runq[pri] = p;
	runqt[pri] = p;
	nrdy++;
}

/* make p runnable */
void
ready(Proc *p)
{
	int s;

	s = splhi();
	p->state = Ready;
	if(waitnote != nil)
		p->readyt = (ulong)fastticks(nil) | 1;	/* for acquire's wait (schedinit) */
	queueproc(p);
	/* the idle collector now keeps p waiting (see execatidle) */
	if(up != nil && up->type == IdleGC && up->state == Running && p->pri >= up->pri)
		idlewaitbegin();
	splx(s);
}

int
anyready(void)
{
	return nrdy != 0;
}

/* is a process of higher priority than up ready? */
int
anyhigher(void)
{
	int i;

	if(up == nil)
		return nrdy != 0;
	for(i = Nrq-1; i > up->pri; i--)
		if(runq[i] != nil)
			return 1;
	return 0;
}

/* a ready process of the same or higher priority than up? */
int
anyeqhigher(void)
{
	int i;

	for(i = Nrq-1; i >= up->pri; i--)
		if(runq[i] != nil)
			return 1;
	return 0;
}

static Proc*
dequeue(void)
{
	Proc *p;
	int i;

	for(i = Nrq-1; i >= 0; i--){
		p = runq[i];
		if(p != nil){
			runq[i] = p->rnext;
			if(runq[i] == nil)
				runqt[i] = nil;
			p->rnext = nil;
			nrdy--;
			return p;
		}
	}
	return nil;
}

/* the next process to run; idles with interrupts on until there is one */
static Proc*
runproc(void)
{
	Proc *p;

	for(;;){
		p = dequeue();
		if(p != nil)
			return p;
		attrproc(Cidle);
		halt1();
		splhi();
	}
}

/*
 * The scheduler loop, on the boot stack: dispose of the process that
 * called sched() and start the next.  Called once by main.
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
		case Running:
			ready(p);
			break;
		case Moribund:
			/* its stack is no longer in use: keep a few for newproc */
			p->state = Dead;
			kobjfree(Kproc);
			if(ndead >= Ndead){
				xfree(p->kstack);
				xfree(p);
				break;
			}
			p->next = deadprocs;
			deadprocs = p;
			ndead++;
			break;
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
	int s;

	s = splhi();
	p = deadprocs;
	if(p != nil)
		deadprocs = p->next;
	splx(s);
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
		ndead--;
		char *k = p->kstack;
		memset(p, 0, sizeof *p);
		p->kstack = k;
	}
	kobjalloc(Kproc);
	p->pid = ++pidalloc;
	p->state = Scheding;
	p->env = &p->defenv;
	p->defenv.errstr = p->defenv.errbuf0;
	p->defenv.user = eve;
	s = splhi();
	p->next = procs;
	procs = p;
	splx(s);
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
	for(l = &procs; (p = *l) != nil; l = &p->next)
		if(p == up){
			*l = p->next;
			break;
		}
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

/* called by clock interrupt: wake expired tsleeps */
void
timerintr(void)
{
	Proc *p;

	while((p = timers) != nil && (long)(ticks - p->twhen) >= 0){
		timers = p->tlink;
		p->tlink = nil;
		p->timedout = 1;
		if(p->trend != nil)
			wakeup(p->trend);
	}
	hzsched();
}

/*
 * sleep until f(arg) is true.  A note posted to the process
 * interrupts the sleep with error(Eintr).
 */
void
sleep(Rendez *r, int (*f)(void*), void *arg)
{
	int s;

	s = splhi();
	if(up->nlocks)
		panic("sleep: %s holds a lock", up->text);
	if(up->notepending){
		up->notepending = 0;
		splx(s);
		error(Eintr);
	}
	if(!f(arg)){
		if(r->p != nil && r->p != up)
			panic("sleep: double sleep on %#p by %s and %s", r, r->p->text, up->text);
		r->p = up;
		up->r = r;
		up->state = Wakeme;
		up->psstate = "sleep";
		waitsched(Wsleep, up->sleeppc != 0 ? up->sleeppc : getcallerpc(&r));
		up->psstate = nil;
		up->r = nil;
		if(r->p == up)
			r->p = nil;
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
	splx(s);
	if(waserror()){
		up->sleeppc = 0;
		s = splhi();
		timerdel(up);
		up->trend = nil;
		splx(s);
		nexterror();
	}
	up->sleeppc = getcallerpc(&r);	/* the site, for the wait instruments */
	sleep(r, tfn, arg);
	up->sleeppc = 0;
	s = splhi();
	timerdel(up);
	up->trend = nil;
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
	p = r->p;
	if(p != nil){
		r->p = nil;
		if(p->state != Wakeme || p->r != r)
			panic("wakeup: state %d", p->state);
		p->r = nil;
		ready(p);
	}
	splx(s);
	return p;
}

int
return0(void*)
{
	return 0;
}

/* interrupt p: its current or next sleep raises Eintr */
int
postnote(Proc *p, int, char *n, int)
{
	Rendez *r;
	int s;

	s = splhi();
	if(n != nil)
		strecpy(p->note, p->note+sizeof p->note, n);
	p->notepending = 1;
	r = p->r;
	if(r != nil && p->state == Wakeme && r->p == p){
		r->p = nil;
		p->r = nil;
		ready(p);
	}
	splx(s);
	return 1;
}

/* interrupt the system call of the process that released prog (a Dis thread) */
void
procintr(void *prog, char *note)
{
	Proc *q;
	int s;

	s = splhi();
	for(q = procs; q != nil; q = q->next)
		if(q->iprog == prog)
			postnote(q, 1, note, 0);
	splx(s);
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
	for(q = procs; q != nil; q = q->next)
		p = seprint(p, e, "%6d %-12s %3d %s\n", q->pid, statename[q->state], q->pri, q->text);
	l = readstr(off, buf, n, tbuf);
	free(tbuf);
	return l;
}

void
dumpprocs(void)
{
	Proc *q;

	for(q = procs; q != nil; q = q->next)
		iprint("%6d %-12s %3d %-8s %s %s\n", q->pid, statename[q->state], q->pri, q->text,
			q->psstate ? q->psstate : "", q->notepending ? q->note : "");
}
