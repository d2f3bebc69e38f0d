/*
 * Progs (Dis threads): creation, the run queue, stacks, channels and
 * alt, exceptions and exit, and the entry points hosts drive the VM by.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

enum
{
	Stackdefault	= 8192,	/* extensions */
	Stackfirst	= 2048,	/* a new prog's */
	Maxstack	= 16*1024*1024,	/* per prog: deeper recursion raises exStack */
	NOPC		= 0xFFFFFFFF,
	Nfreeq		= 256,	/* wait queue entries kept for reuse */
};

Prog*	curprog;
Prog*	proghead;
static Prog*	progtail;
static Prog*	runhd;
static Prog*	runtl;
static int	nprogs;
static int	nready;
static int	pidnum;
static ulong	randx = 1;
static Progq*	freeq;
static int	nfreeq;
/*
 * A prog blocked in alt waits on the channels its table named when it
 * blocked, each referenced meanwhile: the table's words are copies, not
 * pointers, and an array of channels may change while it waits.
 */
typedef struct Altw Altw;
struct Altw
{
	Channel*	c;
	int	entry;		/* in the table */
	int	j;		/* index in the entry's array of channels, or -1 */
	int	send;
};

void	(*vmprogexit)(Prog*);
void	(*vmslice)(Prog*);

ulong
vmrand(void)
{
	randx = randx*1103515245 + 12345;
	return (randx>>16) & 0x7FFF;
}

Prog*
currun(void)
{
	return curprog;
}

int
vmnprog(void)
{
	return nprogs;
}

int
vmnready(void)
{
	return nready;
}

void
addrun(Prog *p)
{
	p->state = Pready;
	p->link = nil;
	if(runhd == nil)
		runhd = p;
	else
		runtl->link = p;
	runtl = p;
	nready++;
}

static Prog*
takerun(void)
{
	Prog *p;

	p = runhd;
	if(p == nil)
		return nil;
	runhd = p->link;
	if(runhd == nil)
		runtl = nil;
	p->link = nil;
	nready--;
	return p;
}

Prog*
progpid(int pid)
{
	Prog *p;

	for(p = proghead; p != nil; p = p->next)
		if(p->pid == pid)
			return p;
	return nil;
}

Prog*
progn(int n)
{
	Prog *p;

	for(p = proghead; p != nil && n > 0; p = p->next)
		n--;
	return p;
}

Prog*
isave(void)
{
	Prog *p;

	p = curprog;
	if(p == nil)
		return nil;
	p->R = R;
	p->state = Prelease;
	curprog = nil;
	return p;
}

void
irestore(Prog *p)
{
	if(p == nil)
		return;
	curprog = p;
	R = p->R;
	p->state = Pready;
}

/* stacks */

/* a stack segment of at least need bytes, and at least min; nil if there is no memory */
static Stkseg*
segalloc(ulong need, ulong min)
{
	Stkseg *s;

	if(need < min)
		need = min;
	need = (need+7)&~7;
	s = stkalloc(sizeof(Stkseg)+need);
	if(s == nil)
		return nil;
	s->prev = nil;
	s->size = need;
	return s;
}

Stkseg*
newseg(ulong need, ulong min)
{
	Stkseg *s;

	s = segalloc(need, min);
	if(s == nil)
		error(exStack);
	return s;
}

/*
 * a new frame of type t on the running stack, with room for `need'
 * bytes (the largest frame the callee's code addresses)
 */
uchar*
newframe(Type *t, int need)
{
	Stkseg *s;
	Frame *f;

	if(need < t->size)
		need = t->size;
	if(R.SP+need > R.TS){
		if(curprog != nil && curprog->stksize+need > Maxstack)
			error(exStack);
		s = newseg(need, Stackdefault);
		if(curprog != nil)
			curprog->stksize += s->size;
		s->prev = (Stkseg*)R.EX;
		s->psp = R.SP;
		s->pts = R.TS;
		s->pex = R.EX;
		R.EX = (uchar*)s;
		R.SP = (uchar*)s->stack;
		R.TS = R.SP+s->size;
	}
	f = (Frame*)R.SP;
	R.SP += t->size;
	f->t = t;
	f->mr = nil;
	f->fp = nil;
	f->lr = nil;
	if(t->nptr)
		initmem(t, f);
	return (uchar*)f;
}

/* drop the top frame f (its pointers already dealt with) */
void
popframe(uchar *f)
{
	Stkseg *s;

	R.SP = f;
	s = (Stkseg*)R.EX;
	if(f == (uchar*)s->stack && s->prev != nil){
		R.SP = s->psp;
		R.TS = s->pts;
		R.EX = s->pex;
		if(curprog != nil)
			curprog->stksize -= s->size;
		stkfree(s);
	}
}

/*
 * the type of frame f, if it is a frame's type and the frame ends by
 * top; else nil: a malformed module wrote over the frame's header, and
 * the frames from f on cannot be walked
 */
static Type*
frametype(uchar *f, uchar *top)
{
	Type *t;

	t = ((Frame*)f)->t;
	if(!istype(t) || t->size < sizeof(Frame) || t->size > top-f)
		return nil;
	return t;
}

/*
 * release the pointers of the frames from f up to top, each slot set to
 * H before its block goes, so that a fault part way leaves no slot to be
 * released twice.
 */
static void
freerange(uchar *f, uchar *top)
{
	Type *t;
	void **slot, *v;
	int i;

	while(f < top){
		t = frametype(f, top);
		if(t == nil)
			return;
		for(i = 0; i < t->nptr; i++){
			slot = (void**)(f+t->ptrs[i]);
			v = *slot;
			*slot = H;
			destroy(v);
		}
		f += t->size;
	}
}

/*
 * the most frames the running prog's stack can hold: a walk down the
 * fp chain stops there, as a damaged frame can make the chain loop
 */
static ulong
maxframes(void)
{
	Stkseg *s;
	ulong n;

	n = 0;
	for(s = (Stkseg*)R.EX; s != nil; s = s->prev)
		n += s->size/sizeof(Frame);
	return n;
}

/*
 * set while the host unwinds a prog again after unwinding it faulted
 * (see vmsalvage): unwindto then drops frames and releases nothing.
 */
static int	unwindleak;

/*
 * unwind the running prog's stack down to frame target (nil: all of
 * it), freeing the frames above it and the module references of the
 * calls in between.  The frames' pointers go first and R changes only
 * after, so a fault on a frame that holds garbage where its type says
 * pointer (a malformed module can do this) leaves R as it was.
 */
void
unwindto(uchar *target)
{
	Modlink *cur;
	Frame *f;
	Stkseg *s;
	uchar *base, *sp;
	ulong nf;

	if(!unwindleak){
		sp = R.SP;
		for(s = (Stkseg*)R.EX; ; s = s->prev){
			base = (uchar*)s->stack;
			if(target != nil && target >= base && target < sp){
				freerange(target+((Frame*)target)->t->size, sp);
				break;
			}
			freerange(base, sp);
			if(s->prev == nil)
				break;
			sp = s->psp;
		}
	}
	cur = R.M;
	nf = maxframes();
	for(f = (Frame*)R.FP; f != nil && (uchar*)f != target && nf-- > 0; f = (Frame*)f->fp)
		if(f->mr != nil){
			if(!unwindleak)
				destroy(cur);
			cur = f->mr;
		}
	if(target == nil){
		if(!unwindleak)
			destroy(cur);
		cur = H;
	}
	R.M = cur;
	R.MP = cur != H ? cur->MP : nil;
	for(;;){
		s = (Stkseg*)R.EX;
		base = (uchar*)s->stack;
		if(target != nil && target >= base && target < R.SP){
			R.SP = target+((Frame*)target)->t->size;
			break;
		}
		if(s->prev == nil){
			R.SP = base;
			break;
		}
		R.SP = s->psp;
		R.TS = s->pts;
		R.EX = s->pex;
		if(curprog != nil)
			curprog->stksize -= s->size;
		stkfree(s);
	}
	R.FP = target;
}

void
markprog(Prog *p)
{
	REG *r;
	Stkseg *s;
	uchar *f, *top;
	Type *t;
	int i;

	r = p == curprog ? &R : &p->R;
	gcmark(r->M);
	gcmark(p->exval);
	gcmark(p->exstr);
	if(p->hostwake == nil && p->chan != nil && (p->state == Psend || p->state == Precv))
		gcmark(p->chan);
	for(i = 0; p->state == Palt && i < p->naltw; i++)
		gcmark(((Altw*)p->altw)[i].c);
	top = r->SP;
	for(s = (Stkseg*)r->EX; s != nil; s = s->prev){
		for(f = (uchar*)s->stack; f < top; f += t->size){
			t = frametype(f, top);
			if(t == nil)
				break;
			for(i = 0; i < t->nptr; i++)
				markslot((void**)(f+t->ptrs[i]));
			markslot((void**)&((Frame*)f)->mr);
		}
		top = s->psp;
	}
}

/* progs */

/*
 * a new prog running ml, spawned by parent (nil: the first); the host's
 * kenvfork may refuse it (too many threads), before anything is made
 */
Prog*
newprog(Prog *parent, Modlink *ml)
{
	Prog *p;
	Stkseg *s;
	Osenv *o;

	o = kenvfork(parent != nil ? parent->osenv : nil);
	s = segalloc(2*ml->m->maxframe, Stackfirst);
	p = mallocz(sizeof(Prog), 1);
	if(s == nil || p == nil){
		kenvfree(o);
		if(s != nil)
			stkfree(s);
		free(p);
		error(s == nil ? exStack : exNomem);
	}
	p->osenv = o;
	p->pid = ++pidnum;
	p->grp = parent != nil ? parent->grp : p->pid;
	p->fpctl = parent != nil ? parent->fpctl : 0;
	p->flags = parent != nil ? parent->flags & Pprofiled : 0;
	p->quanta = PQUANTA;
	p->exval = H;
	p->exstr = H;
	p->R.EX = (uchar*)s;
	p->R.SP = (uchar*)s->stack;
	p->R.TS = p->R.SP+s->size;
	p->R.M = ml;
	D2H(ml)->ref++;
	Setmark(D2H(ml));
	p->R.MP = ml->MP;
	p->prev = progtail;
	if(progtail != nil)
		progtail->next = p;
	else
		proghead = p;
	progtail = p;
	nprogs++;
	return p;
}

static void
freeprog(Prog *p)
{
	if(p->prev != nil)
		p->prev->next = p->next;
	else
		proghead = p->next;
	if(p->next != nil)
		p->next->prev = p->prev;
	else
		progtail = p->prev;
	nprogs--;
	stkfree(p->R.EX);
	destroy(p->exstr);
	if(p->osenv != nil)
		kenvfree(p->osenv);
	free(p->exitmsg);
	free(p);
}

/*
 * the running prog's module link, or nil: after a fault R.M may be
 * anything a damaged frame held
 */
static Modlink*
curml(void)
{
	if(!heapblock(R.M) || D2H(R.M)->t != &Tmodlink)
		return nil;
	return R.M;
}

/* its module, if that is still loaded (a miscounted link can outlive it) */
static Module*
curmod(void)
{
	Module *m;

	if(curml() == nil)
		return nil;
	for(m = modules; m != nil; m = m->link)
		if(m == R.M->m)
			return m;
	return nil;
}

/* its name, for reports */
static char*
modname(void)
{
	Module *m;

	m = curmod();
	return m != nil ? m->name : "?";
}

/*
 * the running prog exits: msg "" normally, else the exception that
 * killed it ("fail:..." is a quiet failure).
 */
void
progexit(char *msg)
{
	Prog *p;
	int n;

	p = curprog;
	if(p == nil)
		return;
	if(*msg == 0 && (p->flags & Pkilled))
		msg = "killed";
	if(p->exitmsg == nil){	/* else this is vmsalvage's second try */
		if(*msg != 0 && strcmp(msg, "killed") != 0 && strncmp(msg, "fail:", 5) != 0)
			fprint(2, "[%s] Broken: \"%s\"\n", modname(), msg);
		n = strlen(msg);
		p->exitmsg = malloc(n+1);
		if(p->exitmsg != nil)
			memmove(p->exitmsg, msg, n+1);
		if(curml() == nil)
			R.M = H;	/* damaged: so that vmprogexit and unwindto need not look */
		p->R = R;
		if(vmprogexit != nil)
			vmprogexit(p);	/* sees the stack and R.M as they were */
	}
	gclock();
	killcomm(p);
	unwindto(nil);
	destroy(p->exval);
	p->exval = H;
	gcunlock();
	p->R = R;
	curprog = nil;
	freeprog(p);
}

int
killprog(Prog *p, char *msg)
{
	if(p == nil)
		return 0;
	p->flags |= Pkilled;
	p->kill = msg;
	switch(p->state){
	case Psend:
	case Precv:
	case Palt:
		killcomm(p);
		addrun(p);
		break;
	default:
		break;
	}
	return 1;
}

int
killgrp(int grp, char *msg)
{
	Prog *p, *nx;
	int n;

	n = 0;
	for(p = proghead; p != nil; p = nx){
		nx = p->next;
		if(p->grp == grp && p != curprog){	/* as Inferno: not the caller */
			killprog(p, msg);
			n++;
		}
	}
	return n;
}

/*
 * every prog of group grp but the caller raises msg, at once if it is
 * blocked in a system call; called holding the VM
 */
void
killgrpnow(int grp, char *msg)
{
	Prog *p;

	killgrp(grp, msg);
	for(p = proghead; p != nil; p = p->next)
		if(p->grp == grp && p != currun())
			swiprog(p);
}

/* exceptions */

/*
 * the name of exception value v (a declared exception's tuple, whose
 * first word is its name), or H if v is not shaped like one
 */
String*
exvalname(void *v)
{
	Type *t;
	String *s;

	t = D2H(v)->t;
	if(t == nil || t->size < 2*sizeof(WORD) || t->np < 1 || (t->map[0] & 0x80) == 0)
		return H;
	s = *(String**)v;
	if(s == H || D2H(s)->t != &Tstring)
		return H;
	return s;
}

static int
ematch(char *pat, char *s)
{
	int n;

	if(strcmp(pat, s) == 0)
		return 1;
	n = strlen(pat);
	if(n > 0 && pat[n-1] == '*')
		return strncmp(pat, s, n-1) == 0;
	return 0;
}

/*
 * an exception's text as a String: allowed past the heap limit, as the
 * exception may be that the heap is full (raising again would loop)
 */
static String*
exstring(char *s)
{
	String *str;

	heaplimit += 4096;
	str = c2string(s, strlen(s));
	heaplimit -= 4096;
	return str;
}

/*
 * look for a handler for exception estr (value p->exval, or a string
 * if H) in the running prog, from the faulting instruction (R.PC-1)
 * outwards; on success unwind to it and set R to continue there.
 */
int
handler(char *estr)
{
	Prog *p;
	Modlink *m;
	Module *mod;
	Handler *h;
	Except *e;
	Frame *f;
	uchar *fp, **ea;
	ulong pc, newpc, nf;
	int str, ne;
	void *v;

	p = curprog;
	if(p == nil || *estr == 0)
		return 0;
	str = p->exval == H || D2H(p->exval)->t == &Tstring;
	m = R.M;
	pc = 0;
	if(m != H && m->m->prog != nil)
		pc = R.PC-m->m->prog-1;
	fp = R.FP;
	nf = maxframes();
	while(fp != nil && nf-- > 0){
		mod = m != H ? m->m : nil;
		if(mod != nil && mod->htab != nil)
			for(h = mod->htab; h < mod->htab+mod->nhandler; h++){
				if(pc < h->pc1 || pc >= h->pc2)
					continue;
				ne = h->ne;
				for(e = h->etab; e->s != nil; e++, ne--)
					if(ematch(e->s, estr) && (str && ne <= 0 || !str && ne > 0)){
						newpc = e->pc;
						goto found;
					}
				newpc = e->pc;
				if(newpc != NOPC)
					goto found;
			}
		if(!str && fp != R.FP){
			/* an exception value becomes its name in callers */
			v = p->exval;
			p->exval = *(String**)v;
			if(p->exval != H)
				ADDREF(p->exval);
			destroy(v);
			str = 1;
			continue;
		}
		f = (Frame*)fp;
		if(f->mr != nil)
			m = f->mr;
		if(m != H && m->m->prog != nil)
			pc = f->lr-m->m->prog-1;
		fp = f->fp;
	}
	destroy(p->exval);
	p->exval = H;
	return 0;

found:
	unwindto(fp);
	if(h->t != nil){
		freeptrs(fp, h->t);
		initmem(h->t, fp);
	}
	ea = (uchar**)(fp+h->eoff);
	destroy(*ea);
	*ea = H;
	if(p->exval == H)
		*ea = (uchar*)exstring(estr);
	else{
		ADDREF(p->exval);
		*ea = p->exval;
	}
	R.PC = m->m->prog+newpc;
	destroy(p->exval);
	p->exval = H;
	p->kill = nil;
	return 1;
}

/*
 * an exception in the running prog, whose state is in R (R.PC after
 * the faulting instruction): continue at a handler or exit.
 */
void
fault(char *msg)
{
	Prog *p;
	String *s;
	char buf[128];

	p = curprog;
	if(p == nil)
		return;
	if(msg == exMiss){
		switch(vmretry()){
		case 1:
			R.PC--;	/* again, with the type cached */
			return;
		case 2:
			return;	/* done */
		}
		msg = exType;
	}
	strecpy(buf, buf+sizeof buf, msg);
	if(buf[0] != 0){
		s = p->exstr;
		p->exstr = exstring(buf);
		destroy(s);
		if(handler(buf))
			return;
	}
	progexit(buf);
}

/* host: error() escaped from the running prog; raise it there */
void
vmfault(char *msg)
{
	Prog *p;

	p = curprog;
	if(p == nil)
		return;
	p->flags &= ~Pbuiltin;
	if(fpused)
		fpleave(p);
	fault(msg);
	if(curprog == p){
		p->R = R;
		curprog = nil;
		addrun(p);
	}
}

/*
 * host: a fault while vmfault unwound the running prog: a frame holds
 * garbage where its type says pointer (a malformed module can do this).
 * Raise msg again, unwinding without releasing anything the dropped
 * frames point at, so that a handler in a well-formed caller (a shell
 * running the module, say) still gets the exception; the collector
 * frees what became unreachable.  unwindto left R as it was, and the
 * slots it had released are H.  If this faults too, the host calls
 * vmabandon.  gcheld is the collector's lock count before vmfault.
 */
void
vmsalvage(char *msg, int gcheld)
{
	gchalt = gcheld;
	unwindleak = 1;
	vmfault(msg);
	unwindleak = 0;
}

/*
 * host: vmsalvage faulted too: the prog's frames are damaged beyond
 * repair.  Report it broken and take it off the prog list without
 * touching its frames.  gcheld is as for vmsalvage.
 */
void
vmabandon(char *msg, int gcheld)
{
	Prog *p;
	int n;

	unwindleak = 0;
	p = curprog;
	if(p == nil)
		return;
	if(p->exitmsg == nil)	/* else progexit reported it before it faulted */
		fprint(2, "[%s] Broken: \"%s\"\n", modname(), msg);
	gchalt = gcheld;
	p->flags &= ~Pbuiltin;
	n = strlen(msg);
	free(p->exitmsg);
	p->exitmsg = malloc(n+1);
	if(p->exitmsg != nil)
		memmove(p->exitmsg, msg, n+1);
	p->exval = H;
	if(curmod() == nil)
		R.M = H;	/* so that vmprogexit need not look */
	p->R = R;
	if(vmprogexit != nil)
		vmprogexit(p);
	curprog = nil;
	freeprog(p);
}

/* a quantum of p with its own FP control and status words (math.c) */
static void
xecfp(Prog *p)
{
	fpenter(p);
	xec(p);
	fpleave(curprog == p ? p : nil);
}

/* host: run one quantum of the next ready prog */
int
vmrun(void)
{
	Prog *p;

	if(curprog != nil)
		return 1;
	gcsafe();
	p = takerun();
	if(p == nil)
		return 0;
	curprog = p;
	if(vmslice != nil)
		vmslice(p);
	if(fpused)
		xecfp(p);
	else
		xec(p);
	if(vmslice != nil)
		vmslice(nil);
	if(curprog == p){
		curprog = nil;
		if(p->state == Pready)
			addrun(p);
	}
	return 1;
}

static List*
consstr(char *s, List *tail)
{
	Heap *h;
	List *l;

	h = halloc(sizeof(Heap)+sizeof(List), &Tlist);
	l = H2D(List*, h);
	l->tail = tail;
	l->t = &Tptr;
	*(String**)l->data = H;
	*(String**)l->data = c2string(s, strlen(s));
	return l;
}

enum
{
	Retmax	= 64,	/* bytes a first frame's return value may take */
};

/*
 * The first frame's caller is the host, which reads no value init
 * returns; but an init declared to return one (Inferno's lego/rcxsend:
 * init(...): string) writes it through its return pointer, as may the
 * builtin it ends with.  That pointer names this scratch area below the
 * frame f, in a frame of its own, whose words hold H: a pointer stored
 * there is dropped by the collector, a value written there harms nothing.
 * need: room to leave for the frame that follows.  R: the new prog's.
 */
Type*	retsink;	/* its type: a place that takes any result (verify.c) */

static uchar*
retframe(int need)
{
	Type *rt;
	uchar *r;

	if(retsink == nil){
		retsink = newtype(Tkstruct, sizeof(Frame)+Retmax, nil, 0);
		if(retsink == nil)
			error(exNomem);
	}
	rt = retsink;
	r = newframe(rt, rt->size+need);
	memset(r+sizeof(Frame), 0xFF, Retmax);
	return r+sizeof(Frame);
}

/* host: a prog running m's entry, init(nil, argv) */
Prog*
vmstart(Module *m, int argc, char **argv)
{
	Modlink *ml;
	Prog *p, *sp;
	REG sr;
	uchar *f, *r;
	List *l;
	int i;

	if(m->prog == nil || m->entry == nil)
		error("module has no entry point");
	ml = linkmod(m, nil, 1);
	if(ml == nil)
		error("cannot link module");
	p = newprog(nil, ml);
	destroy(ml);
	sp = curprog;
	sr = R;
	curprog = p;
	R = p->R;
	r = retframe(m->maxframe);
	f = newframe(m->entryt, m->maxframe);
	*(uchar**)(f+REGRET*IBY2WD) = r;
	if(m->entryt->size >= 40){
		l = H;
		for(i = argc-1; i >= 0; i--)
			l = consstr(argv[i], l);
		for(i = 0; i < m->entryt->nptr; i++)
			if(m->entryt->ptrs[i] == 36)
				break;
		if(i < m->entryt->nptr)
			*(List**)(f+36) = l;
		else
			destroy(l);
	}
	R.FP = f;
	R.PC = m->entry;
	p->entry = m->entry;
	p->R = R;
	curprog = sp;
	R = sr;
	addrun(p);
	return p;
}

void
vminit(void)
{
	heapinit();
	xecinit();
}

/* channels */

static Progq*
newq(Prog *p)
{
	Progq *q;

	q = freeq;
	if(q != nil){
		freeq = q->next;
		nfreeq--;
	}else{
		q = malloc(sizeof(Progq));
		if(q == nil)
			error(exNomem);
	}
	q->prog = p;
	q->next = nil;
	return q;
}

/* a few entries are kept for newq; more go back (100000 waiting threads made 100000) */
static void
putq(Progq *q)
{
	if(nfreeq >= Nfreeq){
		free(q);
		return;
	}
	q->next = freeq;
	freeq = q;
	nfreeq++;
}

/*
 * A channel's queue of waiting progs is a circular list reached through
 * its LAST element (*l), so adding at the end and taking from the front
 * are both O(1): a thousand senders on one channel must not cost n^2.
 */
static void
qadd(Progq **l, Prog *p)
{
	Progq *q, *last;

	q = newq(p);
	last = *l;
	if(last == nil)
		q->next = q;
	else{
		q->next = last->next;
		last->next = q;
	}
	*l = q;
}

static Prog*
qtake(Progq **l)
{
	Progq *q, *last;
	Prog *p;

	last = *l;
	if(last == nil)
		return nil;
	q = last->next;
	if(q == last)
		*l = nil;
	else
		last->next = q->next;
	p = q->prog;
	putq(q);
	return p;
}

/* remove every entry for p */
static void
qdel(Progq **l, Prog *p)
{
	Progq *q, *prev, *last;

	while((last = *l) != nil){
		prev = last;
		for(q = last->next; q->prog != p; q = q->next){
			if(q == last)
				return;
			prev = q;
		}
		if(q == prev)
			*l = nil;
		else{
			prev->next = q->next;
			if(q == last)
				*l = prev;
		}
		putq(q);
	}
}

Channel*
cnewc(Type *t, int n)
{
	Heap *h;
	Channel *c;

	if(n < 0)
		error(exNegsize);
	h = heap(&Tchannel);
	c = H2D(Channel*, h);
	c->buf = H;
	c->send = nil;
	c->recv = nil;
	c->front = 0;
	c->size = 0;
	c->mid = t;
	if(n > 0)
		c->buf = H2D(Array*, heaparray(t, n));
	return c;
}

/* the channel goes: host waiters still queued on it learn so (state Pbroken) */
void
freechan(Heap *h)
{
	Channel *c;
	Prog *p;

	c = H2D(Channel*, h);
	while((p = qtake(&c->send)) != nil)
		if(p->hostwake != nil){
			p->state = Pbroken;
			p->chan = nil;
			p->hostwake(p);
		}
	while((p = qtake(&c->recv)) != nil)
		if(p->hostwake != nil){
			p->state = Pbroken;
			p->chan = nil;
			p->hostwake(p);
		}
}

/* remove a blocked prog from the channels it waits on, and drop its references to them */
void
killcomm(Prog *p)
{
	Altw *w;
	Channel *c;
	int i;

	c = nil;
	switch(p->state){
	case Psend:
		qdel(&p->chan->send, p);
		c = p->chan;
		break;
	case Precv:
		qdel(&p->chan->recv, p);
		c = p->chan;
		break;
	case Palt:
		w = p->altw;
		for(i = 0; i < p->naltw; i++)
			qdel(w[i].send ? &w[i].c->send : &w[i].c->recv, p);
		p->altw = nil;
		p->naltw = 0;
		for(i = 0; w != nil && w[i].c != nil; i++)
			destroy(w[i].c);
		free(w);
		break;
	default:
		break;
	}
	p->chan = nil;
	p->ptr = nil;
	if(c != nil && p->hostwake == nil)
		destroy(c);
}

void
chanmove(Channel *c, void *d, void *s)
{
	Type *t;

	t = c->mid;
	if(t->nptr == 0){
		if(t->size == 4)
			*(WORD*)d = *(WORD*)s;
		else
			memmove(d, s, t->size);
		return;
	}
	movptrs(d, s, t);
}

/*
 * a prog blocked in alt is chosen by channel c: find the entry (for a
 * receive from an array of channels, store the index and receive after
 * it), leave the other channels
 */
static void
altdone(Prog *r, Channel *c, int sending)
{
	Alt *a;
	Altw *w;
	int i, k;
	WORD *ptr;

	a = r->alt;
	w = r->altw;
	i = -1;
	ptr = nil;
	for(k = 0; k < r->naltw; k++)
		if(w[k].c == c && w[k].send == sending){
			i = w[k].entry;
			ptr = a->ac[i].ptr;
			if(w[k].j >= 0){
				ptr[0] = w[k].j;
				ptr++;
			}
			break;
		}
	killcomm(r);
	*r->altd = i;
	r->ptr = ptr;
}

static void
wake(Prog *r)
{
	Channel *c;

	c = r->chan;
	r->chan = nil;
	if(r->hostwake != nil){
		r->state = Pready;
		r->hostwake(r);
		return;
	}
	addrun(r);
	if(c != nil)
		destroy(c);	/* the reference it held while blocked */
}

/* put v in c's buffer; 0 if full */
static int
bufput(Channel *c, void *v)
{
	Array *a;
	int k;

	a = c->buf;
	if(a == H || c->size >= a->len)
		return 0;
	k = c->front+c->size;
	if(k >= a->len)
		k -= a->len;
	chanmove(c, a->data+k*a->t->size, v);
	c->size++;
	return 1;
}

static int
bufget(Channel *c, void *v)
{
	Array *a;
	uchar *w;

	a = c->buf;
	if(a == H || c->size == 0)
		return 0;
	w = a->data+c->front*a->t->size;
	if(++c->front == a->len)
		c->front = 0;
	c->size--;
	chanmove(c, v, w);
	if(a->t->nptr){
		freeptrs(w, a->t);
		initmem(a->t, w);
	}
	return 1;
}

/* send v on c from the running prog; 0 if it must block (state set) */
static int
csend(Channel *c, void *v)
{
	Prog *r;

	r = qtake(&c->recv);
	if(r != nil){
		if(r->state == Palt)
			altdone(r, c, 0);
		chanmove(c, r->ptr, v);
		r->ptr = nil;
		wake(r);
		return 1;
	}
	return bufput(c, v);
}

static int
crecv(Channel *c, void *v)
{
	Prog *s;

	if(bufget(c, v)){
		s = qtake(&c->send);
		if(s != nil){
			if(s->state == Palt)
				altdone(s, c, 1);
			bufput(c, s->ptr);
			s->ptr = nil;
			wake(s);
		}
		return 1;
	}
	s = qtake(&c->send);
	if(s == nil)
		return 0;
	if(s->state == Palt)
		altdone(s, c, 1);
	chanmove(c, v, s->ptr);
	s->ptr = nil;
	wake(s);
	return 1;
}

/* the send instruction: 1 done, 0 blocked */
int
isend(Channel *c, void *v)
{
	Prog *p;

	if(csend(c, v))
		return 1;
	p = curprog;
	p->ptr = v;
	p->chan = c;
	p->state = Psend;
	qadd(&c->send, p);
	ADDREF(c);	/* it waits on c: c lives meanwhile, whatever else drops it */
	return 0;
}

int
irecv(Channel *c, void *v)
{
	Prog *p;

	if(crecv(c, v))
		return 1;
	p = curprog;
	p->ptr = v;
	p->chan = c;
	p->state = Precv;
	qadd(&c->recv, p);
	ADDREF(c);
	return 0;
}

static int
sendready(Channel *c)
{
	return c->recv != nil || c->buf != H && c->size < c->buf->len;
}

static int
recvready(Channel *c)
{
	return c->send != nil || c->buf != H && c->size > 0;
}

/* channels of alt entry i (an array of them for receives), one at a time */
static Channel*
altchan(Alt *a, int i, int *k)
{
	Channel *c;
	Array *ca;

	c = a->ac[i].c;
	if(i < a->nsend || D2H(c)->t->kind != Tkarray)
		return (*k)++ == 0 ? c : nil;
	ca = (Array*)c;
	while(*k < ca->len){
		c = ((Channel**)ca->data)[(*k)++];
		if(c != H)
			return c;
	}
	return nil;
}

/*
 * may alt entry i go ahead: its word a channel (for a receive, or an
 * array of them), its address a place for a value of each channel's
 * type (and the index, before the value, for an array): verify.c says
 */
static void
altcheck(Alt *a, int i)
{
	Channel *c;
	int k, recv, extra;

	recv = i >= a->nsend;
	if(a->ac[i].c == H)
		error(exNilref);
	if(!vmaltchan(a->ac[i].c, recv))
		error(exType);
	extra = recv && D2H(a->ac[i].c)->t->kind == Tkarray;
	for(k = 0; (c = altchan(a, i, &k)) != nil; )
		if(!vmaltok(c->mid, a->ac[i].ptr, recv, extra))
			error(exType);
}

/*
 * alt and nbalt: pick a ready entry at random and communicate; else
 * block on all of them (alt) or choose the default (nbalt).
 * 1 done, 0 blocked.
 */
int
xecalt(int block, Alt *a, WORD *d)
{
	Prog *p;
	Altw *w;
	Channel *c;
	int i, j, n, nr, r, k, kk;
	WORD *ptr;

	n = a->nsend+a->nrecv;
	if(a->nsend < 0 || a->nrecv < 0 || n > 4096)
		error(exInval);
	if(!vmalttab((uchar*)a, n))
		error(exAddr);
	for(i = 0; i < n; i++)
		altcheck(a, i);
	for(i = 0; i < a->nsend; i++)
		for(j = a->nsend; j < n; j++)
			if(a->ac[i].c == a->ac[j].c)
				error(exAlt);
	nr = 0;
	for(i = 0; i < n; i++)
		for(k = 0; (c = altchan(a, i, &k)) != nil; )
			if(i < a->nsend ? sendready(c) : recvready(c))
				nr++;
	if(nr > 0){
		r = vmrand() % nr;
		for(i = 0; i < n; i++)
			for(k = 0; (c = altchan(a, i, &k)) != nil; ){
				kk = k-1;
				if(!(i < a->nsend ? sendready(c) : recvready(c)) || r-- != 0)
					continue;
				*d = i;
				if(i < a->nsend)
					csend(c, a->ac[i].ptr);
				else if(D2H(a->ac[i].c)->t->kind == Tkarray){
					ptr = a->ac[i].ptr;
					ptr[0] = kk;
					crecv(c, ptr+1);
				}else
					crecv(c, a->ac[i].ptr);
				return 1;
			}
	}
	if(!block){
		*d = n;
		return 1;
	}
	p = curprog;
	nr = 0;
	for(i = 0; i < n; i++)
		for(k = 0; altchan(a, i, &k) != nil; )
			nr++;
	w = mallocz((nr+1)*sizeof(Altw), 1);
	if(w == nil)
		error(exNomem);
	nr = 0;
	for(i = 0; i < n; i++)
		for(k = 0; (c = altchan(a, i, &k)) != nil; ){
			if(i < a->nsend)
				qadd(&c->send, p);
			else
				qadd(&c->recv, p);
			ADDREF(c);
			w[nr].c = c;
			w[nr].entry = i;
			w[nr].j = i >= a->nsend && D2H(a->ac[i].c)->t->kind == Tkarray ? k-1 : -1;
			w[nr].send = i < a->nsend;
			nr++;
		}
	p->altw = w;
	p->naltw = nr;
	p->alt = a;
	p->altd = d;
	p->state = Palt;
	return 0;
}

/*
 * Host waits.  C code outside any Prog's quantum (a device serving a
 * read of a file2chan file, in the reader's thread or in a kproc)
 * talks to a Dis channel as a Prog would but blocks its host thread
 * instead: a stand-in Prog w, never on the run queue or the prog list,
 * waits in the channel's queue, and the Prog that completes the
 * communication calls w->hostwake instead of making it ready (the
 * host wakes its thread there).  w->state then says Pready, or Pbroken
 * if the channel was freed first.  The caller zeroes w and sets
 * hostwake (and hostarg); it holds the VM for these calls.
 * chostsend and chostrecv return 1 when done at once, 0 when w waits.
 * What w sends (v) and the buffer it receives into (v, whose pointers
 * must be H or held) belong to the caller, who keeps them reachable
 * (gcpin) while w waits.
 */
int
chostsend(Channel *c, void *v, Prog *w)
{
	if(c == H)
		error(exNilref);
	if(csend(c, v))
		return 1;
	w->ptr = v;
	w->chan = c;
	w->state = Psend;
	qadd(&c->send, w);
	return 0;
}

int
chostrecv(Channel *c, void *v, Prog *w)
{
	if(c == H)
		error(exNilref);
	if(crecv(c, v))
		return 1;
	w->ptr = v;
	w->chan = c;
	w->state = Precv;
	qadd(&c->recv, w);
	return 0;
}

/* w gives up waiting, if it still is */
void
chostcancel(Prog *w)
{
	if(w->chan != nil && (w->state == Psend || w->state == Precv))
		killcomm(w);
}
