#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * Locks.  A Lock holds the priority level high on the processor that
 * holds it, so nothing else runs there while it is held; another
 * processor spins until it is free (lockspin).  Finding it held by
 * this processor is a deadlock.  QLocks and RWlocks queue the waiting
 * processes, their state guarded by their own Lock (use), which a
 * process lets go once committed to wait (its state set) and before
 * sched(): see proc.c's p->mach.
 *
 * While the wait instruments are on (waitnote, see devwait), each wait
 * in a queue, and each spin for a Lock, is reported with the waiter's
 * caller.
 */

void	(*waitnote)(int, ulong, uvlong);
ulong	waitepoch;	/* counts the starts of the instruments */

/* the functions, whatever portfns.h makes of their calls (layout(8)) */
#undef	incref
#undef	decref

enum
{
	Lockstuck	= 1000,	/* ms of spinning that the watchdog reports */
};

static int
tas(int *key)
{
	return __atomic_exchange_n(key, 1, __ATOMIC_ACQUIRE);
}

/*
 * l was held when pc called lock: a deadlock if this processor holds
 * it (as always with one), else spin until it is free, reporting once
 * a spin of Lockstuck ms, with the holder (which may have changed
 * meanwhile: it is the one seen then).
 */
static void __attribute__((noinline))	/* keeps lock's own frame small */
lockspin(Lock *l, ulong pc)
{
	uvlong t0, lim;
	Mach *h;
	int said;

	if(l->mach == m || conf.nmach == 1)
		panic("lock: deadlock on %#p held by pc %#lux, called from %#lux", l, l->pc, pc);
	t0 = fastticks(nil);
	lim = m->cpuhz/1000*Lockstuck;
	said = 0;
	do{
		while(__atomic_load_n(&l->key, __ATOMIC_RELAXED)){
			pause();
			if(!said && fastticks(nil) - t0 > lim){
				said = 1;
				h = l->mach;
				iprint("lock %#p: processor %d spun %d ms in %#lux: held by pc %#lux on processor %d, proc %d\n",
					l, m->machno, Lockstuck, pc, l->pc, h != nil ? h->machno : -1, l->p != nil ? l->p->pid : 0);
			}
		}
	}while(tas(&l->key));
	if(waitnote != nil)
		waitnote(Wlock, pc, fastticks(nil) - t0);
}

/* l is taken, by pc at level pl: say who holds it */
static void
held(Lock *l, ulong pl, ulong pc)
{
	l->pl = pl;
	l->pc = pc;
	l->p = up;
	l->mach = m;
	if(up != nil)
		up->nlocks++;
}

void
lock(Lock *l)
{
	ulong pl;

	pl = splhi();
	if(tas(&l->key))
		lockspin(l, getcallerpc(&l));
	held(l, pl, getcallerpc(&l));
}

int
canlock(Lock *l)
{
	ulong pl;

	pl = splhi();
	if(tas(&l->key)){
		splx(pl);
		return 0;
	}
	held(l, pl, getcallerpc(&l));
	return 1;
}

void
unlock(Lock *l)
{
	ulong pl;

	if(l->key == 0)
		panic("unlock: not locked: pc %#lux", getcallerpc(&l));
	if(l->p != nil)
		l->p->nlocks--;
	l->p = nil;
	l->mach = nil;
	pl = l->pl;
	__atomic_store_n(&l->key, 0, __ATOMIC_RELEASE);
	splx(pl);
}

void
ilock(Lock *l)
{
	lock(l);
	m->ilockdepth++;
}

void
iunlock(Lock *l)
{
	m->ilockdepth--;
	unlock(l);
}

long
incref(Ref *r)
{
	return __atomic_add_fetch(&r->ref, 1, __ATOMIC_SEQ_CST);
}

long
decref(Ref *r)
{
	long x;

	x = __atomic_sub_fetch(&r->ref, 1, __ATOMIC_SEQ_CST);
	if(x < 0)
		panic("decref: negative ref, pc %#lux", getcallerpc(&r));
	return x;
}

/*
 * sched() for a wait of the given type and site: timed for the wait
 * instruments if they are on.  The caller has set up->state.
 */
void
waitsched(int type, ulong pc)
{
	uvlong t0;

	if(waitnote == nil){
		sched();
		return;
	}
	t0 = fastticks(nil);
	sched();
	if(waitnote != nil)
		waitnote(type, pc, fastticks(nil) - t0);
}

/*
 * wait on a lock's queue as a wait of type from pc; called at splhi
 * holding use, which it lets go
 */
static void
qwait(Lock *use, Proc **head, Proc **tail, int state, int type, ulong pc)
{
	uvlong t0;

	t0 = acctwaitstart();
	up->qnext = nil;
	if(*tail != nil)
		(*tail)->qnext = up;
	else
		*head = up;
	*tail = up;
	up->state = state;
	up->qwaitl = use;
	up->qwaitt = ticks;
	up->qwaitsaid = 0;
	unlock(use);
	waitsched(type, pc);
	up->qwaitl = nil;
	if(t0 != 0)
		acctwait(Alock, t0);
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
	int s;

	s = splhi();
	if(up != nil && up->nlocks)
		panic("qlock: %s holds a lock, pc %#lux", up->text, getcallerpc(&q));
	lock(&q->use);
	if(!q->locked){
		q->locked = 1;
		q->owner = up;
		q->pc = getcallerpc(&q);
		unlock(&q->use);
		splx(s);
		return;
	}
	if(up == nil)
		panic("qlock: no process");
	if(q->owner == up)
		panic("qlock: %s locks twice, pc %#lux", up->text, getcallerpc(&q));
	qwait(&q->use, &q->head, &q->tail, Queueing, Wqlock, getcallerpc(&q));
	/* qunlock handed the lock to us */
	q->pc = getcallerpc(&q);
	splx(s);
}

int
canqlock(QLock *q)
{
	int s;

	s = splhi();
	lock(&q->use);
	if(q->locked){
		unlock(&q->use);
		splx(s);
		return 0;
	}
	q->locked = 1;
	q->owner = up;
	q->pc = getcallerpc(&q);
	unlock(&q->use);
	splx(s);
	return 1;
}

void
qunlock(QLock *q)
{
	Proc *p;
	int s;

	s = splhi();
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
	/* after the unlock: p may run at once elsewhere, and free q */
	if(p != nil)
		ready(p);
	splx(s);
}

void
rlock(RWlock *l)
{
	int s;

	s = splhi();
	lock(&l->use);
	if(!l->writer && l->head == nil){
		l->readers++;
		unlock(&l->use);
		splx(s);
		return;
	}
	qwait(&l->use, &l->head, &l->tail, QueueingR, Wrlock, getcallerpc(&l));
	splx(s);
}

/*
 * take the next writer, or all readers at the head of the queue, off
 * it, to be made ready (rwready) once use is let go: they may run at
 * once elsewhere, and free l; use held
 */
static Proc*
rwwake(RWlock *l)
{
	Proc *p, *w, **t;

	p = l->head;
	if(p == nil)
		return nil;
	if(p->state == QueueingW){
		if(l->readers != 0)
			return nil;
		qtake(&l->head, &l->tail);
		l->writer = 1;
		l->wproc = p;
		return p;
	}
	w = nil;
	t = &w;
	while((p = l->head) != nil && p->state == QueueingR){
		qtake(&l->head, &l->tail);
		l->readers++;
		*t = p;
		t = &p->qnext;
	}
	return w;
}

/* make ready those rwwake took, linked by qnext */
static void
rwready(Proc *p)
{
	Proc *n;

	for(; p != nil; p = n){
		n = p->qnext;
		p->qnext = nil;
		ready(p);
	}
}

void
runlock(RWlock *l)
{
	Proc *p;
	int s;

	s = splhi();
	lock(&l->use);
	p = nil;
	if(--l->readers < 0)
		panic("runlock: no readers");
	if(l->readers == 0)
		p = rwwake(l);
	unlock(&l->use);
	rwready(p);
	splx(s);
}

void
wlock(RWlock *l)
{
	int s;

	s = splhi();
	lock(&l->use);
	if(!l->writer && l->readers == 0 && l->head == nil){
		l->writer = 1;
		l->wproc = up;
		l->wpc = getcallerpc(&l);
		unlock(&l->use);
		splx(s);
		return;
	}
	qwait(&l->use, &l->head, &l->tail, QueueingW, Wwlock, getcallerpc(&l));
	l->wpc = getcallerpc(&l);
	splx(s);
}

void
wunlock(RWlock *l)
{
	Proc *p;
	int s;

	s = splhi();
	lock(&l->use);
	if(!l->writer)
		panic("wunlock: not locked");
	l->writer = 0;
	l->wproc = nil;
	p = rwwake(l);
	unlock(&l->use);
	rwready(p);
	splx(s);
}
