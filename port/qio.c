#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * Blocks and queues of blocks.  One processor and locks that hold
 * off interrupts make the queue state simple: everything is changed
 * under ilock(q), and producers in interrupt handlers use qiwrite.
 */

Block*
allocb(int size)
{
	Block *b;

	if(size < 0)
		size = 0;
	b = selfblock(size);
	if(b != nil){
		kobjalloc(Kblock);
		return b;
	}
	b = malloc(sizeof(Block)+size);
	if(b == nil)
		return nil;
	kobjalloc(Kblock);
	b->base = (uchar*)(b+1);
	b->rp = b->base;
	b->wp = b->base;
	b->lim = b->base + size;
	return b;
}

void
freeb(Block *b)
{
	if(b == nil)
		return;
	kobjfree(Kblock);
	if(!keepblock(b))
		free(b);
}

void
freeblist(Block *b)
{
	Block *next;

	for(; b != nil; b = next){
		next = b->next;
		freeb(b);
	}
}

int
blocklen(Block *b)
{
	int n;

	for(n = 0; b != nil; b = b->next)
		n += BLEN(b);
	return n;
}

Queue*
qopen(int limit, int msg, void (*kick)(void*), void *arg)
{
	Queue *q;

	q = malloc(sizeof(Queue));
	if(q == nil)
		return nil;
	kobjalloc(Kqueue);
	q->limit = q->inilim = limit;
	q->kick = kick;
	q->arg = arg;
	q->state = msg ? Qmsg : 0;
	q->state |= Qstarve;
	q->eof = 0;
	return q;
}

void
qnoblock(Queue *q, int on)
{
	q->noblock = on;
}

void
qsetlimit(Queue *q, int limit)
{
	q->limit = limit;
}

static int
notempty(void *a)
{
	Queue *q;

	q = a;
	return (q->state & Qclosed) || q->bfirst != nil;
}

static int
notfull(void *a)
{
	Queue *q;

	q = a;
	return (q->state & Qclosed) || q->len < q->limit;
}

/* take a block off the queue; called with q locked */
static Block*
qremove(Queue *q)
{
	Block *b;

	b = q->bfirst;
	if(b == nil)
		return nil;
	q->bfirst = b->next;
	if(q->bfirst == nil)
		q->blast = nil;
	b->next = nil;
	q->len -= BALLOC(b);
	q->dlen -= BLEN(b);
	return b;
}

static void
qappend(Queue *q, Block *b)
{
	b->next = nil;
	if(q->blast != nil)
		q->blast->next = b;
	else
		q->bfirst = b;
	q->blast = b;
	q->len += BALLOC(b);
	q->dlen += BLEN(b);
}

/*
 * read a block, sleeping while the queue is empty.  nil at end of
 * file (closed and drained); an error if it was hung up.
 */
Block*
qbread(Queue *q, int len)
{
	Block *b, *nb;
	int n;

	qlock(&q->rlock);
	if(waserror()){
		qunlock(&q->rlock);
		nexterror();
	}
	for(;;){
		ilock(q);
		if(q->bfirst != nil)
			break;
		if(q->state & Qclosed){
			iunlock(q);
			if(q->err[0])
				error(q->err);
			poperror();
			qunlock(&q->rlock);
			return nil;
		}
		q->state |= Qstarve;
		iunlock(q);
		sleep(&q->rr, notempty, q);
	}
	b = qremove(q);
	n = BLEN(b);
	if(n > len){
		/* put back the part not wanted */
		nb = allocb(n-len);
		if(nb != nil){
			memmove(nb->wp, b->rp+len, n-len);
			nb->wp += n-len;
			b->wp = b->rp + len;
			nb->next = q->bfirst;
			q->bfirst = nb;
			if(q->blast == nil)
				q->blast = nb;
			q->len += BALLOC(nb);
			q->dlen += BLEN(nb);
		}
	}
	iunlock(q);
	wakeup(&q->wr);
	poperror();
	qunlock(&q->rlock);
	return b;
}

/* read up to len bytes; 0 at end of file */
long
qread(Queue *q, void *va, int len)
{
	Block *b;
	uchar *p;
	int n, m;

	b = qbread(q, len);
	if(b == nil)
		return 0;
	n = BLEN(b);
	memmove(va, b->rp, n);
	freeb(b);
	/* coalesce what is already there, unless messages */
	p = (uchar*)va + n;
	if(!(q->state & Qmsg)){
		ilock(q);
		while(n < len && (b = q->bfirst) != nil){
			m = BLEN(b);
			if(m > len-n)
				m = len-n;
			memmove(p, b->rp, m);
			b->rp += m;
			q->dlen -= m;
			p += m;
			n += m;
			if(BLEN(b) == 0)
				freeb(qremove(q));
		}
		iunlock(q);
		wakeup(&q->wr);
	}
	return n;
}

/* add a block, waiting while the queue is full (unless noblock) */
long
qbwrite(Queue *q, Block *b)
{
	int n;

	n = BLEN(b);
	qlock(&q->wlock);
	if(waserror()){
		qunlock(&q->wlock);
		nexterror();
	}
	for(;;){
		ilock(q);
		if(q->state & Qclosed){
			iunlock(q);
			freeb(b);
			error(q->err[0] ? q->err : Ehungup);
		}
		if(q->len < q->limit || q->noblock)
			break;
		iunlock(q);
		sleep(&q->wr, notfull, q);
	}
	if(q->noblock && q->len >= q->limit){
		iunlock(q);
		freeb(b);
	}else{
		qappend(q, b);
		iunlock(q);
	}
	wakeup(&q->rr);
	poperror();
	qunlock(&q->wlock);
	if(q->kick != nil)
		q->kick(q->arg);
	return n;
}

long
qwrite(Queue *q, void *va, int len)
{
	Block *b;
	uchar *p;
	int n, sofar;

	p = va;
	sofar = 0;
	do{
		n = len - sofar;
		if(n > 16*1024)
			n = 16*1024;
		b = allocb(n);
		if(b == nil)
			error(Enomem);
		memmove(b->wp, p+sofar, n);
		b->wp += n;
		qbwrite(q, b);
		sofar += n;
	}while(sofar < len && !(q->state & Qmsg));
	return len;
}

/* write from an interrupt handler: never sleeps, drops when full */
int
qiwrite(Queue *q, void *va, int len)
{
	Block *b;

	ilock(q);
	if((q->state & Qclosed) || q->len >= q->limit){
		iunlock(q);
		return 0;
	}
	iunlock(q);
	b = allocb(len);
	if(b == nil)
		return 0;
	memmove(b->wp, va, len);
	b->wp += len;
	ilock(q);
	qappend(q, b);
	iunlock(q);
	wakeup(&q->rr);
	return len;
}

int
qproduce(Queue *q, void *va, int len)
{
	return qiwrite(q, va, len);
}

/* mark closed: readers get end of file once drained, writers an error */
void
qclose(Queue *q)
{
	if(q == nil)
		return;
	ilock(q);
	q->state |= Qclosed;
	q->err[0] = 0;
	iunlock(q);
	wakeup(&q->rr);
	wakeup(&q->wr);
}

/* mark closed with an error for readers and writers */
void
qhangup(Queue *q, char *msg)
{
	ilock(q);
	q->state |= Qclosed;
	if(msg == nil || *msg == 0)
		msg = Ehungup;
	kstrcpy(q->err, msg, ERRMAX);
	iunlock(q);
	wakeup(&q->rr);
	wakeup(&q->wr);
}

void
qreopen(Queue *q)
{
	ilock(q);
	q->state &= ~Qclosed;
	q->state |= Qstarve;
	q->eof = 0;
	q->limit = q->inilim;
	q->err[0] = 0;
	iunlock(q);
}

void
qflush(Queue *q)
{
	Block *b;

	ilock(q);
	b = q->bfirst;
	q->bfirst = nil;
	q->blast = nil;
	q->len = 0;
	q->dlen = 0;
	iunlock(q);
	freeblist(b);
	wakeup(&q->wr);
}

void
qfree(Queue *q)
{
	qclose(q);
	qflush(q);
	kobjfree(Kqueue);
	free(q);
}

int
qlen(Queue *q)
{
	return q->dlen;
}

int
qwindow(Queue *q)
{
	int l;

	l = q->limit - q->len;
	return l < 0 ? 0 : l;
}

int
qcanread(Queue *q)
{
	return q->bfirst != nil;
}

int
qfull(Queue *q)
{
	return q->len >= q->limit;
}

int
qisclosed(Queue *q)
{
	return q->state & Qclosed;
}
