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
 */

static struct {
	Proc*	owner;		/* the kproc holding the VM */
	Proc*	head;		/* kprocs waiting to acquire it */
	Proc*	tail;
	int	yield;		/* how many are waiting */
	Proc*	idlevm;		/* interpreter kprocs sleeping for work, by qlink */
	int	nvm;		/* interpreter kprocs */
	int	creating;	/* a new one is starting */
	int	initpid;	/* pid of the init thread */
	int	initstatus;	/* its exit status: 0 ok, 1 failed */
} isched;

/* take the VM, waiting in turn; called at any level */
static void
vmget(void)
{
	int s;

	s = splhi();
	if(isched.owner == up)
		panic("vmget: %s already holds the VM", up->text);
	if(isched.owner == nil){
		isched.owner = up;
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
	sched();
	up->psstate = nil;
	/* vmput handed it to us */
	splx(s);
}

static void startvm(void);

/* give the VM to the next waiting kproc, or to an idle interpreter */
static void
vmput(void)
{
	Proc *p;
	int s;

	s = splhi();
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
		splx(s);
		return;
	}
	isched.owner = nil;
	p = isched.idlevm;
	if(p != nil){
		if(vmnready() > 0){
			isched.idlevm = p->qlink;
			p->qlink = nil;
			wakeup(&p->sleep);
		}
	}else if(!isched.creating && up->type != Interp && up->type != IdleGC){
		/*
		 * a released kproc leaves no interpreter behind: start one, to
		 * run what becomes ready and collect at idle meanwhile
		 */
		startvm();
	}
	splx(s);
}

/* is there Dis work for an idle interpreter? */
static int
tready(void*)
{
	return isched.owner == nil && vmnready() > 0;
}

/*
 * The idle-time collector, as Inferno's original execatidle: while no
 * Dis thread is ready, collect for up to 3 epochs, stopping only when
 * another interpreter asks for the VM (isched.yield) or a Dis thread
 * becomes ready (Inferno's runhd != runtl; the run queue is libinterp's,
 * so vmnready() != 0).  It does not give way to ready kprocs: a thread
 * whose system call has finished waits for the next clock tick, the
 * artifact "Reliable Benchmarking with Limbo on Inferno" describes.
 */
static void
execatidle(void)
{
	ulong done;

	if(vmnready() != 0)
		return;
	up->type = IdleGC;
	done = gcstat.epochs + 3;
	while(gcstat.epochs < done && gcruns()){
		if(isched.yield != 0 || vmnready() != 0)
			break;
		rungc();
	}
	up->type = Interp;
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
	vmput();
}

void
acquire(void)
{
	Prog *p;

	vmget();
	up->notepending = 0;	/* an interrupt that came too late is void */
	up->type = Interp;
	p = up->iprog;
	up->iprog = nil;
	irestore(p);
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

/* a fault in Dis code: raise it in the running thread */
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
	char msg[ERRMAX+64], *name, *why;
	Osenv *o;

	why = p->exitmsg != nil ? p->exitmsg : "";
	if(p->pid == isched.initpid)
		isched.initstatus = why[0] != 0;
	o = p->osenv;
	if(o == nil || o->waitq == nil)
		return;
	name = "";
	if(p->R.M != nil && p->R.M != H && p->R.M->m != nil && p->R.M->m->name != nil)
		name = p->R.M->m->name;
	snprint(msg, sizeof msg, "%d \"%s\":%s", p->pid, name, why);
	qproduce(o->waitq, msg, strlen(msg));
}

/* without the VM, wait on the idle list until there is Dis work */
static void
vmidlewait(void)
{
	Proc **l;
	int s;

	s = splhi();
	vmput();
	up->qlink = isched.idlevm;
	isched.idlevm = up;
	strecpy(up->text, up->text+sizeof up->text, "idle");
	sleep(&up->sleep, tready, nil);
	for(l = &isched.idlevm; *l != nil; l = &(*l)->qlink)
		if(*l == up){
			*l = up->qlink;
			break;
		}
	up->qlink = nil;
	strecpy(up->text, up->text+sizeof up->text, "dis");
	splx(s);
	vmget();
}

/* the interpreter loop: run Dis while there is any, else collect and sleep */
void
vmachine(void*)
{
	int s;

	up->type = Interp;
	s = splhi();
	isched.nvm++;
	isched.creating = 0;
	splx(s);
	vmget();
	for(;;){
		if(waserror()){
			/* error() from a builtin or a fault in Dis code */
			spllo();
			up->type = Interp;
			vmfault(up->env->errstr);
			up->env = &up->defenv;
			continue;
		}
		while(vmrun()){
			up->env = &up->defenv;
			if(isched.yield != 0){
				vmput();
				vmget();
			}
		}
		poperror();
		up->env = &up->defenv;
		if(vmnprog() == 0)
			halt(isched.initstatus);
		execatidle();
		if(vmnready() == 0)
			vmidlewait();
	}
}

static void
startvm(void)
{
	isched.creating = 1;
	kproc("dis", vmachine, nil, PriNormal);
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
	vminit();
	sysmodinit();
	mathmodinit();
	vmprogexit = vmexit;
	if(waserror())
		panic("cannot start %s: %s", initprog, up->env->errstr);
	mod = load(initprog);
	if(mod == nil)
		panic("cannot load %s: %r", initprog);
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
