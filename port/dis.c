#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <isa.h>
#include <interp.h>

/*
 * The Dis VM in the kernel, after Inferno's os/port/dis.c.
 *
 * Interpreter kprocs (vmachine) take turns holding the VM; only the
 * holder runs Dis.  A Dis thread that makes a blocking call releases
 * the VM (release), so another interpreter kproc runs Dis meanwhile,
 * and takes it back (acquire) when the call returns, waiting in the
 * queue while another kproc holds it: the holder yields at the end of
 * its quantum when isched.yield says someone is waiting.
 *
 * When no Dis thread is ready the holder does idle-time collection
 * (execatidle) and then sleeps until there is work.
 *
 * Locking: isched's Lock guards its fields; a kproc lets it go once
 * committed to wait in the VM's queue (proc.c: p->mach).  It is taken
 * before the scheduler's locks (ready, wakeup), never after.  The
 * interpreters' run queue is the VM holder's: others read vmnready()
 * only as a hint.  idlewait's fields are idlewaitl's.
 */

enum
{
	Maxidlevm	= 4,	/* idle interpreters kept */
};

static struct {
	Lock;
	Proc*	owner;		/* the kproc holding the VM */
	Proc*	head;		/* kprocs waiting to acquire it */
	Proc*	tail;
	int	yield;		/* how many are waiting */
	Proc*	idlevm;		/* interpreter kprocs sleeping for work, by qlink */
	int	nvm;		/* interpreter kprocs */
	int	creating;	/* a new one is starting */
	int	initpid;	/* pid of the init thread */
	int	initstatus;	/* its exit status: 0 ok, 1 failed */
	Proc*	kicked;		/* idle interpreter handed the VM by release */
	ulong	nkprocfail;	/* interpreters not started for want of memory */
	int	(*idlefn)(void*);	/* atidle task, run instead of the collector */
	void*	idlearg;
} isched;

/*
 * How long ready kernel processes wait while the idle-time collector
 * holds the processor: from the moment one is ready (at the collector's
 * priority or above) to the moment the collector gives way.  quanta
 * counts the rungc() calls made meanwhile; the patched collector lets
 * at most one pass.
 */
Idlewait	idlewait;
static Lock	idlewaitl;
static uvlong	waitstart;	/* fastticks when the current wait began, 0 if none */
static ulong	waitquanta;

/*
 * sched() in the VM's queue.  While the wait instruments are on, a
 * released thread's wait here joins its time ready but not running
 * (rwait), which acquire reports; vmput's ready() added to rwait as
 * well, so the sum is set, not added.
 */
static void __attribute__((noinline))	/* keeps vmget's own frame as small as before */
vmqwait(void)
{
	uvlong t0, w;

	if(waitnote == nil || up->iprog == nil){
		sched();
		return;
	}
	w = up->rwepoch == waitepoch ? up->rwait : 0;
	t0 = fastticks(nil);
	sched();
	up->rwait = w + fastticks(nil) - t0;
	up->rwepoch = waitepoch;
}

/*
 * The acquire wait (devwait) is rwait: how long the thread was kept
 * from going on since it released the VM, ready but not running or in
 * the VM's queue -- the stall of "Reliable Benchmarking with Limbo on
 * Inferno".  schedinit counts it only while the thread is released
 * (up->iprog), from the last noted acquire, in the epoch of the
 * instruments' start that it was counted in, so that nothing counted
 * before a start is reported after it: noting the release itself would
 * cost every system call.
 */
static void __attribute__((noinline))
acquirenoted(ulong pc)
{
	uvlong w;

	w = up->rwepoch == waitepoch ? up->rwait : 0;
	up->rwait = 0;
	up->rwepoch = waitepoch;
	waitnote(Wacquire, pc, w);
}

/* take the VM, waiting in turn; called at any level */
static void
vmget(void)
{
	int s;

	s = splhi();
	lock(&isched);
	if(isched.owner == up)
		panic("vmget: %s already holds the VM", up->text);
	if(isched.owner == nil){
		isched.owner = up;
		unlock(&isched);
		splx(s);
		return;
	}
	up->qlink = nil;
	if(isched.tail != nil)
		isched.tail->qlink = up;
	else
		isched.head = up;
	isched.tail = up;
	isched.yield++;
	up->state = Waitrelease;
	up->psstate = "acquire";
	unlock(&isched);
	vmqwait();
	up->psstate = nil;
	/* vmput handed it to us */
	splx(s);
}

static void startvm(void);
Idlestat	idlestat;

/* give the VM to the next waiting kproc, or to an idle interpreter; isched held */
static void
vmputl(void)
{
	Proc *p;

	if(isched.owner != up)
		panic("vmput: %s does not hold the VM", up->text);
	p = isched.head;
	if(p != nil){
		isched.head = p->qlink;
		if(isched.head == nil)
			isched.tail = nil;
		p->qlink = nil;
		isched.yield--;
		isched.owner = p;
		ready(p);
		return;
	}
	isched.owner = nil;
	p = isched.idlevm;
	if(p != nil){
		/*
		 * as Inferno's release: an idle interpreter takes over, to run
		 * what becomes ready or else collect at idle (execatidle)
		 */
		if(vmnready() > 0 || (up->type != Interp && isched.kicked == nil)){
			isched.idlevm = p->qlink;
			p->qlink = nil;
			p->vmwoken = 1;
			if(vmnready() == 0)
				isched.kicked = p;
			wakeup(&p->sleep);
		}
	}else if(!isched.creating && up->type != Interp && up->type != IdleGC){
		/*
		 * a released kproc leaves no interpreter behind: start one, to
		 * run what becomes ready and collect at idle meanwhile
		 */
		startvm();
	}
}

static void
vmput(void)
{
	int s;

	s = splhi();
	lock(&isched);
	vmputl();
	unlock(&isched);
	splx(s);
}

/*
 * is there Dis work for an idle interpreter?  vmwoken: vmput or
 * vmkick took it off the idle list (kicked or not), perhaps before it
 * slept, and so before their wakeup could find it
 */
static int
tready(void*)
{
	return up->vmwoken || isched.owner == nil && vmnready() > 0;
}

/* a ready kernel process starts waiting for the idle collector */
void
idlewaitbegin(void)
{
	lock(&idlewaitl);
	if(waitstart == 0){
		waitstart = fastticks(nil);
		if(waitstart == 0)
			waitstart = 1;
		waitquanta = 0;
	}
	unlock(&idlewaitl);
}

/* the idle collector gives way (or stops): the wait ends */
void
idlewaitend(void)
{
	uvlong t;
	ulong q;

	lock(&idlewaitl);
	if(waitstart == 0){
		unlock(&idlewaitl);
		return;
	}
	t = fastticks(nil) - waitstart;
	q = waitquanta;
	waitstart = 0;
	idlewaitadd(t, q);
	unlock(&idlewaitl);
}

/*
 * The idle-time collector.  While no Dis thread is ready, collect for
 * up to 3 epochs, stopping when another interpreter asks for the VM
 * (isched.yield) or a Dis thread becomes ready (Inferno's runhd !=
 * runtl; the run queue is libinterp's, so vmnready() != 0).
 *
 * The original loop (idlegcpatched == 0) never gives way to ready
 * kernel processes: a thread whose system call was preempted by the
 * clock cannot run, so cannot ask for the VM, until the next tick
 * preempts the collector -- the artifact of "Reliable Benchmarking
 * with Limbo on Inferno".  The patched loop calls sched() after each
 * rungc(): a ready process of the same priority runs at once, and if
 * it then wants the VM, isched.yield ends the loop.
 */
static void
execatidle(void)
{
	ulong done;
	int s;

	if(vmnready() != 0)
		return;
	idlestat.runs++;
	s = splhi();
	up->type = IdleGC;
	if(anyeqhigher())
		idlewaitbegin();
	splx(s);
	done = gcstat.epochs + 3;
	while(gcstat.epochs < done && gcruns()){
		if(isched.yield != 0 || vmnready() != 0)
			break;
		rungc();
		idlestat.quanta++;
		lock(&idlewaitl);
		if(waitstart != 0)
			waitquanta++;
		unlock(&idlewaitl);
		if(idlegcpatched)
			sched();
	}
	s = splhi();
	idlewaitend();
	up->type = Interp;
	splx(s);
}

/*
 * Run fn(arg) when an interpreter is idle, in place of the collector,
 * until it returns 1 (GCIDLE of devbench); one task at a time.
 */
int
atidle(int (*fn)(void*), void *arg)
{
	if(isched.idlefn != nil)
		return -1;
	isched.idlearg = arg;
	isched.idlefn = fn;
	return 0;
}

void
atidledont(int (*fn)(void*))
{
	if(isched.idlefn == fn)
		isched.idlefn = nil;
}

/* is a Dis thread ready, or another interpreter waiting for the VM? */
int
vmbusy(void)
{
	return isched.yield != 0 || vmnready() != 0;
}

/* wake an idle interpreter so that it runs its idle work once more */
void
vmkick(void)
{
	Proc *p;
	int s;

	s = splhi();
	lock(&isched);
	p = isched.idlevm;
	if(p != nil && isched.kicked == nil){
		isched.idlevm = p->qlink;
		p->qlink = nil;
		p->vmwoken = 1;
		isched.kicked = p;
		wakeup(&p->sleep);
	}else if(p == nil && !isched.creating && isched.owner == nil)
		startvm();
	unlock(&isched);
	splx(s);
}

static void
idlework(void)
{
	int (*fn)(void*);

	fn = isched.idlefn;
	if(fn == nil || vmnready() != 0){
		execatidle();
		return;
	}
	/*
	 * a measurement, not the collector: its waits are not idlewait's.
	 * The task is taken off while it runs, so that the one who set it
	 * may set the next as soon as this one is done.
	 */
	isched.idlefn = nil;
	if(fn(isched.idlearg) == 0 && isched.idlefn == nil)
		isched.idlefn = fn;
}

/* point up->env at the running Dis thread's environment */
void
vmenv(void)
{
	Prog *p;

	m->syscall++;
	if(up->type != Interp)
		return;
	p = currun();
	if(p != nil && p->osenv != nil)
		up->env = p->osenv;
}

/* is work for p, or up's present work, charged to an account (acct.c)? */
static int
accting(Prog *p)
{
	return up->acct != nil || p != nil && p->osenv != nil && p->osenv->acct != nil;
}

/* give up the VM around a blocking call */
void
release(void)
{
	Prog *p;

	p = isave();
	up->iprog = p;
	if(p != nil && p->osenv != nil)
		up->env = p->osenv;
	up->type = Unknown;
	if(accting(p))
		acctprog(p, 1);
	vmput();
}

void
acquire(void)
{
	Prog *p;
	uvlong t0;

	t0 = acctwaitstart();
	vmget();
	if(t0 != 0)
		acctwait(Aacquire, t0);
	if(waitnote != nil)
		acquirenoted(getcallerpc(&p));
	up->notepending = 0;	/* an interrupt that came too late is void */
	up->type = Interp;
	p = up->iprog;
	up->iprog = nil;
	irestore(p);
	if(accting(p))
		acctprog(p, 0);
	if(p != nil && p->osenv != nil)
		up->env = p->osenv;
}

/*
 * p was killed: if it is blocked in a system call, interrupt the call
 * (the sleep raises Eintr) so that it dies now, not when the call ends
 */
void
swiprog(Prog *p)
{
	if(p != nil && p->state == Prelease)
		procintr(p, Eintr);
}

/* clock interrupt: charge the tick to the Dis thread being interpreted (ps's TIME) */
void
disclock(void)
{
	Prog *p;

	if(up != nil && up->type == Interp && (p = currun()) != nil)
		p->ticks += TK2MS(1);
}

/*
 * a fault in Dis code: raise it in the running thread; in a kernel call
 * made while the VM is released (up->iprog set), the call's waserror
 * (kread's, say) turns it into a -1 return and the builtin acquires
 * the VM as usual
 */
void
disfault(void *ureg, char *msg)
{
	USED(ureg);
	spllo();
	error(msg);
}

/* a Dis thread exits: note init's status, tell a waiting parent */
static void
vmexit(Prog *p)
{
	attrexit(p);
	if(p->pid == isched.initpid)
		isched.initstatus = p->exitmsg != nil && p->exitmsg[0] != 0;
	progwaitmsg(p);
}

/* without the VM, wait on the idle list until there is Dis work */
static void
vmidlewait(void)
{
	Proc **l;
	int s;

	s = splhi();
	lock(&isched);
	vmputl();
	up->qlink = isched.idlevm;
	isched.idlevm = up;
	strecpy(up->text, up->text+sizeof up->text, "idle");
	unlock(&isched);
	sleep(&up->sleep, tready, nil);
	lock(&isched);
	up->vmwoken = 0;
	if(isched.kicked == up)
		isched.kicked = nil;
	for(l = &isched.idlevm; *l != nil; l = &(*l)->qlink)
		if(*l == up){
			*l = up->qlink;
			break;
		}
	up->qlink = nil;
	unlock(&isched);
	strecpy(up->text, up->text+sizeof up->text, "dis");
	splx(s);
	vmget();
}

static int
nidlevm(void)
{
	Proc *p;
	int n;

	n = 0;
	for(p = isched.idlevm; p != nil; p = p->qlink)
		n++;
	return n;
}

/*
 * enough interpreters are idle already: this one ends, and its Proc and
 * stack go back (thousands of threads that blocked at once leave
 * thousands of interpreters behind)
 */
static void
vmretire(void)
{
	int s;

	s = splhi();
	lock(&isched);
	vmputl();
	isched.nvm--;
	unlock(&isched);
	splx(s);
	pexit("", 0);
}

/* the interpreter loop: run Dis while there is any, else collect and sleep */
void
vmachine(void*)
{
	char msg[ERRMAX];
	int s, g;

	up->type = Interp;
	attrproc(Cvm);
	s = splhi();
	lock(&isched);
	isched.nvm++;
	isched.creating = 0;
	unlock(&isched);
	splx(s);
	vmget();
	for(;;){
		if(waserror()){
			/*
			 * error() from a builtin or a fault in Dis code: raise it
			 * in the prog; if unwinding the prog faults (its frames
			 * are damaged), unwind again releasing nothing; if that
			 * faults too, drop the prog, never the kernel.
			 */
			spllo();
			up->type = Interp;
			acctslice(nil);
			strecpy(msg, msg+sizeof msg, up->env->errstr);
			g = gchalt;
			if(!waserror()){
				vmfault(msg);
				poperror();
			}else if(!waserror()){
				spllo();
				up->type = Interp;
				vmsalvage(msg, g);
				poperror();
			}else{
				spllo();
				up->type = Interp;
				vmabandon(msg, g);
			}
			up->env = &up->defenv;
			continue;
		}
		while(vmrun()){
			up->env = &up->defenv;
			if(isched.yield != 0){
				attrproc(Cvm);	/* its last thread's quantum is over */
				vmput();
				vmget();
			}
		}
		poperror();
		attrproc(Cvm);
		up->env = &up->defenv;
		if(vmnprog() == 0)
			halt(isched.initstatus);
		idlework();
		if(vmnready() == 0){
			if(nidlevm() >= Maxidlevm)
				vmretire();
			vmidlewait();
		}
	}
}

static void
startvm(void)
{
	/* with no memory for it, the Dis threads wait for a kproc to come back */
	isched.creating = 1;
	if(kproc("dis", vmachine, nil, PriNormal) < 0){
		isched.creating = 0;
		isched.nkprocfail++;
	}
}

/* the first process: devices, the root, the console, then init */
void
disinit(void*)
{
	Osenv *o;
	Module *mod;
	Prog *p;
	char *argv[3];
	int argc;

	o = up->env;
	o->pgrp = newpgrp();
	o->fgrp = newfgrp(nil);
	o->egrp = newegrp();
	chandevreset();
	chandevinit();
	if(waserror())
		panic("no root: %s", up->env->errstr);
	o->pgrp->slash = namec("#/", Atodir, 0, 0);
	pathclose(o->pgrp->slash->path);
	o->pgrp->slash->path = newpath("/");
	o->pgrp->dot = cclone(o->pgrp->slash);
	poperror();
	if(kopen("#c/cons", OREAD) != 0 || kopen("#c/cons", OWRITE) != 1 || kopen("#c/cons", OWRITE) != 2)
		panic("no console: %s", up->env->errstr);
	links();
	threadlimits((uvlong)conf.npage*BY2PG);
	vminit();
	sysmodinit();
	mathmodinit();
	keyringmodinit();
	vmprogexit = vmexit;
	vmslice = attrslice;
	vmgcslice = attrgc;
	vmgcstep = attrgcstep;
	if(waserror())
		panic("cannot start %s: %s", initprog, up->env->errstr);
	mod = load(initprog);
	if(mod == nil)
		panic("cannot load %s", up->env->errstr);	/* the loader's reason names the file */
	argc = 0;
	argv[argc++] = "init";
	if(bootcmd != nil){
		argv[argc++] = "-c";
		argv[argc++] = bootcmd;
	}
	p = vmstart(mod, argc, argv);
	poperror();
	isched.initpid = p->pid;
	strecpy(up->text, up->text+sizeof up->text, "dis");
	vmachine(nil);
}

/* the interpreters' state, for debugging (ctl-P on the console with -v) */
void
disdump(void)
{
	Proc *p;

	iprint("vm owner %s yield %d nvm %d ready %d nprog %d idle:", isched.owner ? isched.owner->text : "none", isched.yield, isched.nvm, vmnready(), vmnprog());
	for(p = isched.idlevm; p != nil; p = p->qlink)
		iprint(" %d", p->pid);
	iprint(" waiting:");
	for(p = isched.head; p != nil; p = p->qlink)
		iprint(" %d", p->pid);
	iprint("\n");
}
