#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <interp.h>

/*
 * Resource accounts, served by devacct (#u).  An account is charged
 * by the Dis threads whose Osenv holds it (spawned threads inherit
 * their parent's) and by the kprocs working for them.
 *
 * Processor time: each kproc notes the account it works for now
 * (up->acct) and when it last charged it (up->acctt).  An interpreter
 * works for the thread of each quantum it runs (vmslice, the VM's
 * dispatch hook), a released kproc for the thread that released it;
 * at each change, and as the kproc leaves the processor in sched(),
 * the time since acctt goes to the account, as Dis or kernel time.
 * Time off the processor is nobody's.  The kernel's vmslice is
 * attrslice (port/attr.c), which calls acctslice: when no account
 * exists, no kproc holds one to charge, and it returns at once.
 *
 * Waits: the time of each read and write (devices' read and write,
 * blocked or not), each wait in a QLock's or RWlock's queue, and each
 * wait to take the VM back after a released call, goes to the account
 * of up->env, the Osenv of the thread the kproc works for.  A wait
 * that starts where up->env has no account costs one test (the
 * acctwaitstart macro), as does each release and acquire.
 *
 * accts's lock guards the list, every count and each kproc's change
 * of account (in the kernel a Lock holds off interrupts, so no
 * preemption comes between a charge and the change).  A kproc's
 * up->acct holds a reference, so an account outlives the last thread
 * of it while a kproc still works for it.
 */

static struct
{
	Lock;
	Acct*	head;
	ulong	lastid;
} accts;

static char *waitname[Nacctwait] =
{
	[Apread]	"pread",
	[Apwrite]	"pwrite",
	[Afread]	"fread",
	[Afwrite]	"fwrite",
	[Alock]	"lock",
	[Aacquire]	"acquire",
};

/* a new account for a thread, with one reference, on the list; error if no memory */
Acct*
acctnew(void)
{
	Acct *a;

	a = malloc(sizeof(Acct));
	if(a == nil)
		error(Enomem);
	memset(a, 0, sizeof(Acct));
	a->ref = 1;
	a->threads = 1;
	lock(&accts);
	a->id = ++accts.lastid;
	a->next = accts.head;
	accts.head = a;
	unlock(&accts);
	return a;
}

/* drop a reference; the last frees the account */
void
acctclose(Acct *a)
{
	Acct **l;

	if(a == nil)
		return;
	lock(&accts);
	if(decref(a) != 0){
		unlock(&accts);
		return;
	}
	for(l = &accts.head; *l != nil; l = &(*l)->next)
		if(*l == a){
			*l = a->next;
			break;
		}
	unlock(&accts);
	free(a);
}

/* the account with the given id, with a new reference, or nil */
Acct*
acctid(ulong id)
{
	Acct *a;

	lock(&accts);
	for(a = accts.head; a != nil; a = a->next)
		if(a->id == id){
			incref(a);
			break;
		}
	unlock(&accts);
	return a;
}

/* the id of the n'th account on the list (newest first), or 0 */
ulong
acctnth(int n)
{
	Acct *a;
	ulong id;

	id = 0;
	lock(&accts);
	for(a = accts.head; a != nil && n > 0; a = a->next)
		n--;
	if(a != nil)
		id = a->id;
	unlock(&accts);
	return id;
}

/* charge up's account for the time since acctt; accts is locked */
static void
charge(void)
{
	uvlong t;
	Acct *a;

	t = fastticks(nil);
	a = up->acct;
	if(a != nil){
		if(up->acctsys)
			a->sys += t - up->acctt;
		else
			a->dis += t - up->acctt;
	}
	up->acctt = t;
}

enum
{
	Cnone,
	Cslice,		/* count a slice of a */
	Ccall,		/* count a call of a */
};

/*
 * up works for a from now on, in the kernel (sys) or interpreting;
 * what it did since the last change is charged to the previous
 * account; count says what to count in a
 */
static void
use(Acct *a, int sys, int count)
{
	Acct *o;

	o = up->acct;
	if(o == nil && a == nil)
		return;
	lock(&accts);
	charge();
	if(a != o){
		if(a != nil)
			incref(a);
		up->acct = a;
	}
	up->acctsys = sys;
	if(a != nil && count == Cslice)
		a->slices++;
	if(a != nil && count == Ccall)
		a->syscalls++;
	unlock(&accts);
	if(a != o)
		acctclose(o);
}

void
acctuse(Acct *a, int sys)
{
	use(a, sys, Cnone);
}

static Acct*
progacct(Prog *p)
{
	if(p == nil || p->osenv == nil)
		return nil;
	return p->osenv->acct;
}

/* the VM's dispatch: p starts a quantum, or (nil) the quantum ended */
void
acctslice(Prog *p)
{
	Acct *a;

	a = progacct(p);
	if(a == nil && up->acct == nil)
		return;
	use(a, 0, Cslice);
}

/* p released the VM for a call (sys), or took it back */
void
acctprog(Prog *p, int sys)
{
	Acct *a;

	a = progacct(p);
	if(a == nil && up->acct == nil)
		return;
	use(a, sys, sys ? Ccall : Cnone);
}

/* sched: up leaves the processor (in == 0) or has it again */
void
acctsched(int in)
{
	if(up->acct == nil)
		return;
	lock(&accts);
	if(in){
		up->acctt = fastticks(nil);
		up->acct->switches++;
	}else
		charge();
	unlock(&accts);
}

/* a new Dis thread's environment c charges its parent's account */
void
acctfork(Osenv *c, Osenv *parent)
{
	Acct *a;

	a = parent->acct;
	c->acct = a;
	if(a != nil){
		incref(a);
		lock(&accts);
		a->threads++;
		unlock(&accts);
	}
}

/*
 * t fastticks in microseconds, for a bucket: a 32-bit division for
 * waits under an hour (the rate is over 1MHz), and no overflow beyond
 */
static ulong
tk2us(uvlong t, uvlong hz)
{
	static uvlong lasthz;
	static ulong tpus;

	if(hz != lasthz){	/* the bench device may calibrate again */
		lasthz = hz;
		tpus = hz/1000000;
	}
	if(tpus == 0)
		return 0;
	if(t >= 0xFFFFFFFFULL)
		return t/tpus > 0xFFFFFFFFULL ? 0xFFFFFFFF : t/tpus;
	return (ulong)t/tpus;
}

/* a wait of the given kind that began at t0 (acctwaitstart) ends */
void
acctwait(int kind, uvlong t0)
{
	Waithist *h;
	uvlong t, hz;
	ulong us;
	Acct *a;
	int k;

	if(t0 == 0 || (a = up->env->acct) == nil)
		return;
	t = fastticks(&hz) - t0;
	us = tk2us(t, hz);
	for(k = 0; us != 0 && k < Nwbucket-1; k++)
		us >>= 1;
	lock(&accts);
	h = &a->w[kind];
	h->n++;
	h->total += t;
	if(t > h->max)
		h->max = t;
	h->h[k]++;
	unlock(&accts);
}

/* a read (write != 0: a write) of c that began at t0 ends */
void
acctio(Chan *c, int write, uvlong t0)
{
	int kind;

	if(t0 == 0)
		return;
	if(devtab[c->type]->dc == '|')
		kind = write ? Apwrite : Apread;
	else
		kind = write ? Afwrite : Afread;
	acctwait(kind, t0);
}

/* fastticks as nanoseconds, without overflow */
static uvlong
tk2ns(uvlong t, uvlong hz)
{
	if(hz == 0)
		return 0;
	return t/hz*1000000000ULL + t%hz*1000000000ULL/hz;
}

/*
 * The account as text, at most n bytes (see acct(3)): a line a counter,
 * then a line a kind of wait: name count total max h0 ... h31, times
 * in nanoseconds.  Returns the length.
 */
int
acctprint(Acct *a, char *buf, int n)
{
	Acct c;
	Waithist *h;
	char *p, *e;
	uvlong hz;
	int i, k;

	lock(&accts);
	c = *a;
	unlock(&accts);
	fastticks(&hz);
	p = buf;
	e = buf+n;
	p = seprint(p, e, "id %lud\nthreads %lud\nslices %lud\nswitches %lud\nsyscalls %lud\n",
		c.id, c.threads, c.slices, c.switches, c.syscalls);
	p = seprint(p, e, "cpu %llud\ndis %llud\nsys %llud\n",
		tk2ns(c.dis+c.sys, hz), tk2ns(c.dis, hz), tk2ns(c.sys, hz));
	for(i = 0; i < Nacctwait; i++){
		h = &c.w[i];
		p = seprint(p, e, "%s %lud %llud %llud", waitname[i], h->n, tk2ns(h->total, hz), tk2ns(h->max, hz));
		for(k = 0; k < Nwbucket; k++)
			p = seprint(p, e, " %lud", h->h[k]);
		p = seprint(p, e, "\n");
	}
	return p-buf;
}
