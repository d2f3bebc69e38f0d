typedef struct Acct	Acct;
typedef struct Block	Block;
typedef struct Chan	Chan;
typedef struct Dev	Dev;
typedef struct Dirtab	Dirtab;
typedef struct Egrp	Egrp;
typedef struct Evalue	Evalue;
typedef struct Fgrp	Fgrp;
typedef struct Lock	Lock;
typedef struct Mhead	Mhead;
typedef struct Mnt	Mnt;
typedef struct Mount	Mount;
typedef struct Osenv	Osenv;
typedef struct Path	Path;
typedef struct Pgrp	Pgrp;
typedef struct Pool	Pool;
typedef struct Proc	Proc;
typedef struct QLock	QLock;
typedef struct Queue	Queue;
typedef struct Ref	Ref;
typedef struct Rendez	Rendez;
typedef struct Uname	Uname;
typedef struct RWlock	RWlock;
typedef struct Snap	Snap;
typedef struct Walkqid	Walkqid;
typedef struct Cmdbuf	Cmdbuf;
typedef struct Cmdtab	Cmdtab;
typedef struct Attr	Attr;
typedef struct Attrmark	Attrmark;
typedef struct Idlestat	Idlestat;
typedef struct Idlewait	Idlewait;
typedef struct Waithist	Waithist;
typedef int	Devgen(Chan*, char*, Dirtab*, int, int, Dir*);
typedef char*	Snapfn(void*, long*);

/*
 * Locks.  The kernel runs on one processor, so a Lock only has to keep
 * out interrupt handlers and preemption: lock() raises the priority
 * level and unlock() restores it.  Never sleep holding a Lock.
 */
struct Lock
{
	int	key;
	ulong	pl;		/* priority level to restore */
	ulong	pc;		/* who locked it */
	Proc*	p;
	void*	mach;		/* its processor's Mach; nil while free (the kernel's) */
};

struct Ref
{
	Lock	lk;
	long	ref;
};

/* a sleeping lock: may be held across sleep */
struct QLock
{
	Lock	use;
	Proc*	head;		/* waiting processes */
	Proc*	tail;
	ulong	pc;
	Proc*	owner;
	int	locked;
};

struct RWlock
{
	Lock	use;
	Proc*	head;
	Proc*	tail;
	ulong	wpc;
	Proc*	wproc;
	int	readers;	/* number of readers holding it */
	int	writer;		/* a writer holds it */
};

/* one process sleeps on a Rendez until a condition holds */
struct Rendez
{
	Lock	lk;
	Proc*	p;
};

/* a label: what setlabel saves and gotolabel restores */
typedef struct Label	Label;
struct Label
{
	ulong	sp;
	ulong	pc;
	ulong	bx;
	ulong	si;
	ulong	di;
	ulong	bp;
};

/* data blocks, for bread/bwrite and queues */
struct Block
{
	Block*	next;
	Block*	list;
	uchar*	rp;		/* first unconsumed byte */
	uchar*	wp;		/* first empty byte */
	uchar*	lim;		/* 1 past the end of the buffer */
	uchar*	base;		/* start of the buffer */
	ulong	flag;
};
#define	BLEN(s)	((s)->wp - (s)->rp)
#define	BALLOC(s)	((s)->lim - (s)->base)

/* Chan.flag */
enum
{
	COPEN	= 0x0001,	/* for i/o */
	CMSG	= 0x0002,	/* the message channel for a mount */
	CCEXEC	= 0x0008,	/* close on exec */
	CFREE	= 0x0010,	/* not in use */
	CRCLOSE	= 0x0020,	/* remove on close */
	CCACHE	= 0x0080,	/* client cache */
};

/* name resolution */
enum
{
	Aaccess,		/* as in stat, wstat */
	Abind,			/* for left-hand side of bind */
	Atodir,			/* as in chdir */
	Aopen,			/* for i/o */
	Amount,			/* to be mounted or mounted upon */
	Acreate,		/* is to be created */
	Aremove,		/* will be removed by caller */
};

/* a path name as the user wrote it, for fd2path */
struct Path
{
	Ref;
	char*	s;
	int	len;		/* strlen(s) */
	int	alen;		/* allocated length of s */
};

/*
 * A Chan is a reference to a file on a device: type indexes devtab[],
 * dev is the device's instance, qid names the file within it.
 */
struct Chan
{
	Ref;
	Chan*	next;		/* allocation list */
	Chan*	link;
	vlong	offset;		/* in file */
	vlong	devoffset;	/* in underlying device; see read */
	ushort	type;		/* index into devtab[] */
	ulong	dev;
	ushort	mode;		/* read/write */
	ushort	flag;
	Qid	qid;
	int	fid;		/* for unique identification; not used with 9P */
	ulong	iounit;
	Mhead*	umh;		/* mount point that derived Chan; used in unionread */
	Chan*	umc;		/* channel in union; held for union read */
	QLock	umqlock;	/* serialize unionreads */
	int	uri;		/* union read index */
	Uname**	unames;		/* union read: names earlier members gave (chan.c) */
	int	dri;		/* devdirread index */
	ulong	mountid;
	int	ismtpt;
	union {
		void*	aux;
		ulong	mid;
	};
	Chan*	mchan;		/* channel to mounted server */
	Qid	mqid;		/* qid of root of mount point */
	Path*	path;
	Mnt*	mux;		/* a mount's message Chan: its Mnt (devmnt.c) */
};

/* the file table of a device */
struct Dirtab
{
	char	name[KNAMELEN];
	Qid	qid;
	vlong	length;
	long	perm;
};

/* result of a walk: clone is the new Chan if the whole walk succeeded */
struct Walkqid
{
	Chan*	clone;
	int	nqid;
	Qid	qid[1];		/* really nqid of them */
};

struct Dev
{
	int	dc;		/* device character, as in #c */
	char*	name;

	void	(*reset)(void);
	void	(*init)(void);
	void	(*shutdown)(void);
	Chan*	(*attach)(char*);
	Walkqid*	(*walk)(Chan*, Chan*, char**, int);
	int	(*stat)(Chan*, uchar*, int);
	Chan*	(*open)(Chan*, int);
	void	(*create)(Chan*, char*, int, ulong);
	void	(*close)(Chan*);
	long	(*read)(Chan*, void*, long, vlong);
	Block*	(*bread)(Chan*, long, ulong);
	long	(*write)(Chan*, void*, long, vlong);
	long	(*bwrite)(Chan*, Block*, ulong);
	void	(*remove)(Chan*);
	int	(*wstat)(Chan*, uchar*, int);
};

/* name space */
enum
{
	MNTHASH	= 32,
	NFD	= 100,		/* initial size of an fd group */
	MAXNFD	= 4000,
};
#define	MOUNTH(p, qid)	((p)->mnthash[(qid).path&(MNTHASH-1)])

/* one thing bound onto a mount point */
struct Mount
{
	ulong	mountid;
	Mount*	next;		/* next in the union, in search order */
	Mhead*	head;
	Mount*	copy;
	Mount*	order;
	Chan*	to;		/* what is bound there */
	int	mflag;
	char*	spec;
};

/* a mount point and the union bound on it */
struct Mhead
{
	Ref;
	RWlock	lock;
	Chan*	from;		/* the mount point */
	Mount*	mount;		/* what is mounted, in search order */
	Mhead*	hash;		/* hash chain */
};

/* a process group's name space */
struct Pgrp
{
	Ref;
	ulong	pgrpid;
	RWlock	ns;		/* guards mnthash */
	Mhead*	mnthash[MNTHASH];
	int	nodevs;		/* #-names forbidden */
	Chan*	slash;		/* root of the name space */
	Chan*	dot;		/* initial current directory */
};

/* file descriptors */
struct Fgrp
{
	Ref;
	Lock;
	Chan**	fd;
	int	nfd;		/* number of fd slots */
	int	maxfd;		/* highest fd in use */
	int	minfd;		/* lower bound on free fd */
	int	nthread;	/* Dis threads using it: a program's (sysfile.c: threads) */
};

/* environment variables */
struct Evalue
{
	char*	var;
	char*	val;
	int	len;
	Qid	qid;		/* devenv's: path unique, vers counts changes */
	Evalue*	next;
};

struct Egrp
{
	Ref;
	QLock;
	Evalue*	entries;
	ulong	vers;
};

/*
 * The operating system environment of a thread of control: a kproc
 * has its own (Proc.defenv); a Dis thread has one in Prog.osenv,
 * and an interpreter kproc points up->env at the one of the Dis
 * thread it is running.  Everything in sysfile.c works on up->env.
 */
struct Osenv
{
	char*	errstr;		/* why we are unwinding the error stack; kerrstr and %r read it */
	char	errbuf0[ERRMAX];
	Pgrp*	pgrp;		/* name space */
	Fgrp*	fgrp;		/* file descriptors */
	Egrp*	egrp;		/* environment */
	Queue*	waitq;		/* the parent's childq: exit messages go there (devprog's wait) */
	Queue*	childq;		/* made by devprog when /prog/N/wait is opened */
	char*	user;
	Acct*	acct;		/* the resource account it charges (devacct), or nil */
};

/* Proc.state */
enum
{
	Dead = 0,
	Moribund,
	Ready,
	Scheding,
	Running,
	Queueing,
	QueueingR,
	QueueingW,
	Wakeme,
	Broken,
	Stopped,
	Rendezvous,
	Waitrelease,
};

/* Proc.type */
enum
{
	Unknown = 0,
	IdleGC,			/* interpreter running the idle-time collector */
	Interp,			/* interpreter */
	BusyGC,			/* interpreter collecting because it is busy */
};

/* scheduling priorities: higher runs first */
enum
{
	Nrq	= 20,		/* number of run queues */
	PriLowest	= 0,
	PriIdle	= 1,
	PriNormal	= 10,
	PriHigh	= 13,
	PriRealtime	= 19,
	PriKproc	= PriNormal,
};

enum
{
	NERR	= 32,		/* depth of the waserror stack */
	KSTACK	= 32*1024,	/* kernel stack of a kproc */
	PRINTSIZE	= 256,
};

/* Nix's selfish allocation (port/self.c): freed objects a process keeps to reuse */
enum
{
	Nself	= 8,		/* the most of each kind (the config's selfish: 0 to Nself) */
	Selfblock	= 8192,	/* the largest Block buffer kept */
};

typedef struct Self Self;
struct Self
{
	Chan*	chan[Nself];
	int	nchan;
	Path*	path[Nself];
	int	npath;
	Block*	block[Nself];
	int	nblock;
};

struct Proc
{
	Label	sched;		/* known to l.S: must be first */
	char*	kstack;		/* known to l.S: base of the kernel stack */
	Proc*	rnext;		/* next on the run queue */
	void*	mach;		/* the Mach whose stack it is on, nil while off every processor (proc.c) */
	Proc*	qnext;		/* next waiting for a QLock or RWlock */
	Lock*	qwaitl;		/* the use Lock of the QLock or RWlock it waits for (qlock.c) */
	ulong	qwaitt;		/* ticks when it began to */
	int	qwaitsaid;	/* the watchdog reported it (proc.c) */
	Proc*	next;		/* all procs */
	int	pid;
	char	text[KNAMELEN];	/* what it is */
	char*	psstate;	/* what it is doing, for debugging */
	int	state;
	int	pri;
	int	preempted;	/* the clock asked for a reschedule */
	int	nlocks;

	Rendez*	r;		/* rendezvous point slept on */
	Rendez	sleep;		/* for tsleep and general use */
	Lock	rlock;		/* sync sleep/wakeup with postnote */
	int	notepending;	/* a note (interrupt) has been posted */
	char	note[ERRMAX];

	/* timers: tsleep */
	ulong	twhen;		/* tick when the timer expires */
	Rendez*	trend;
	int	(*tfn)(void*);
	Proc*	tlink;
	int	timedout;

	/* kprocs */
	void	(*kpfun)(void*);
	void*	kparg;

	/* error stack */
	int	nerrlab;
	Label	errlab[NERR];

	/* the Dis machinery */
	int	type;		/* Unknown, Interp, BusyGC, IdleGC */
	void*	prog;		/* the Dis thread it represents while released */
	void*	iprog;		/* the Dis thread it has released to block */
	Proc*	qlink;		/* on isched's queue of kprocs waiting for the VM */
	int	vmwoken;	/* taken off isched's idle interpreters, to run (dis.c) */
	Osenv*	env;		/* the environment in force */
	Osenv	defenv;		/* this kproc's own environment */

	/* the wait instruments (devwait): ready time of a released Dis thread */
	ulong	readyt;		/* low bits of fastticks when made ready, 0 if not noted */
	uvlong	rwait;		/* ticks spent ready while released, since the last noted acquire, in waitepoch rwepoch */
	ulong	rwepoch;
	ulong	sleeppc;	/* tsleep's caller, for sleep's record */
	/* tail attribution (port/attr.c): its causes while switched out */
	int	attrc;		/* its own */
	int	attrgc;		/* of the collector slice it was in, or 0 */
	ulong	attrgen;	/* attrs' selfgen then: a stale Cself is no longer the measured thread */
	/* resource accounting (port/acct.c): the account it works for */
	Acct*	acct;		/* with a reference, or nil */
	int	acctsys;	/* charging it kernel (1) or Dis (0) time */
	uvlong	acctt;		/* fastticks when charged last, or switched in */

	Self	self;		/* what it freed and keeps, if selfish (port/self.c) */

	char	genbuf[128];	/* for temporary use by devices */
	uchar	fpstate[108] __attribute__((aligned(16)));	/* x87 state while not running */
	int	fpinherit;	/* start with fpstate (the creator's), not a reset fpu */
};

/* a Chan's text, made at a read at offset 0 (port/devutil.c: snapread) */
struct Snap
{
	QLock;
	char*	s;		/* the text, nil until made */
	long	n;		/* its length */
};

/* command buffers, for ctl files */
struct Cmdbuf
{
	char*	buf;
	char**	f;
	int	nf;
};

struct Cmdtab
{
	int	index;		/* used by client to switch on result */
	char*	cmd;		/* command name */
	int	narg;		/* expected #args; 0 ==> variadic */
};

/* Queue.state */
enum
{
	Qstarve	= 1<<0,		/* consumer starved */
	Qmsg	= 1<<1,		/* message stream: one write, one read */
	Qclosed	= 1<<2,		/* queue has been closed/hungup */
	Qflow	= 1<<3,		/* producer flow controlled */
	Qcoalesce	= 1<<4,	/* coalesce packets on read */
	Qkick	= 1<<5,		/* always call the kick routine after qwrite */
};

/*
 * A Queue is a bounded list of Blocks shared by one or more producers
 * and consumers: qread sleeps while it is empty, qwrite while it is
 * full (unless Qkick is in force for a device that drains it).
 */
struct Queue
{
	Lock;
	Block*	bfirst;		/* buffer */
	Block*	blast;
	int	len;		/* bytes allocated to queue */
	int	dlen;		/* data bytes in queue */
	int	limit;		/* max bytes in queue */
	int	inilim;		/* initial limit */
	int	state;
	int	noblock;	/* true if writes return immediately when q full */
	int	eof;		/* number of eofs read by user */
	void	(*kick)(void*);	/* restart output */
	void*	arg;		/* argument to kick */
	QLock	rlock;		/* mutex for reading processes */
	Rendez	rr;		/* process waiting to read */
	QLock	wlock;		/* mutex for writing processes */
	Rendez	wr;		/* process waiting to write */
	char	err[ERRMAX];
};

enum
{
	Nsizeclass	= 40,	/* port/alloc.c */
};

/* kernel objects /dev/alloc counts (port/alloc.c) */
enum
{
	Kchan,
	Kpath,
	Kmhead,
	Kmount,
	Kpgrp,
	Kfgrp,
	Kegrp,
	Kblock,
	Kqueue,
	Kproc,
	Nkobj,
};

typedef struct Kobjstat Kobjstat;
struct Kobjstat
{
	char*	name;
	int	self;		/* a process keeps some it frees (port/self.c) */
	ulong	nalloc;
	ulong	nfree;
	ulong	nself;		/* allocs from the process's own */
	ulong	nselffree;	/* frees kept by the process */
};


/* memory pools, with the statistics /dev/memory and /dev/alloc report */
struct Pool
{
	char*	name;
	ulong	maxsize;	/* bytes it may grow to */
	ulong	cursize;	/* bytes it holds now */
	ulong	arenasize;	/* bytes taken from xalloc */
	ulong	hw;		/* high water mark of cursize */
	ulong	nalloc;		/* allocations ever */
	ulong	nfree;		/* frees ever */
	ulong	nbrk;		/* times it grew */
	ulong	nfail;		/* allocations refused */
	ulong	nrelease;	/* spans given back */
	void*	spans[Nsizeclass];	/* Spans with free blocks, by size class */
	Lock;
};

enum
{
	Mainmem,		/* malloc/smalloc */
	Heapmem,		/* the Dis heap */
	Imagmem,		/* images (unused) */
	Npool,
};

/*
 * The wait instruments: while devwait is on, waitnote(type, pc, t) is
 * called at the end of each wait with its type, the waiter's caller
 * and its length in fastticks; at splhi or not.
 */
enum
{
	Wqlock,			/* a QLock's queue */
	Wrlock,			/* an RWlock's queue, to read */
	Wwlock,			/* ... to write */
	Wsleep,			/* sleep on a Rendez */
	Wacquire,		/* a released Dis thread taking the VM again */
	Wlock,			/* a Lock's spin: another processor held it */
	Nwait,
};

/*
 * Tail attribution (port/attr.c): a processor's time by cause, charged
 * exclusively (an interrupt taken in a collector slice is the
 * interrupt's time, not also the collector's).  Causes are indices into
 * one table of names for all processors: the fixed ones below, then
 * intr.NAME, proc.NAME and dis.NAME as they first appear, Cother once
 * the table is full.  Cself, the measured thread, is never charged, so
 * that the accounts stand still while it runs.  A zeroed Attr is a
 * valid one (nothing in force but Cself).
 */
enum
{
	Cself,			/* the measured thread: never charged */
	Cidle,			/* the processor halted, waiting for an interrupt */
	Cvm,			/* interpreters between threads: handing the VM on, finding work */
	Cgcidle,		/* collector slices, by kind (interp.h's Gc*slice, in order) */
	Cgcquantum,
	Cgcalloc,
	Cgcfull,
	Cother,			/* what has no room in the table */
	Chost,			/* the host's: beyond a bounded episode's bound, or a collector step's */
	Cnamed,			/* the first index given to a name as it appears */
	Ncause	= 48,
};

/* the accounts at one clock read of the measured thread */
struct Attrmark
{
	int	live;		/* the accounts in force still: copied before they change */
	uvlong	t[Ncause];
};

/* one processor's: in Mach, touched only at splhi on that processor */
struct Attr
{
	int	proc;		/* the process running: its cause, or Cidle */
	int	gc;		/* the collector slice it runs: its cause, or 0 */
	int	intr;		/* the interrupt it takes: its cause, or 0 */
	int	cur;		/* the one charged: intr, else gc, else proc */
	uvlong	since;		/* fastticks when cur was last charged */
	uvlong	t[Ncause];	/* fastticks charged to each cause */
	ulong	n[Ncause];	/* times each came into force */
	uvlong	typ[Ncause];	/* a bounded cause's usual episode: its median's estimate, fastticks */
	uvlong	step;		/* fastticks at the collector's last step in this episode (attrgcstep) */
	uvlong	typstep;	/* the usual time between two steps: its median's estimate */
	uvlong	stolen;		/* what the host took in this episode, found between steps */
	ulong	nread;		/* the measured thread's clock reads since it last asked */
	Attrmark	mark[2];	/* the accounts at its last two: read k in mark[(k-1)&1] */
};

/* a registered device and its configuration */
/* the idle-time collector's waits (port/dis.c): ready kprocs kept from running */
struct Idlewait
{
	ulong	n;		/* waits */
	uvlong	max;		/* longest, in fastticks */
	uvlong	total;
	ulong	maxquanta;	/* most rungc() calls made during one wait */
};

struct Idlestat
{
	ulong	runs;		/* execatidle calls */
	uvlong	quanta;		/* rungc() calls made by them */
};

/*
 * Resource accounts (port/acct.c, served by devacct): the work done for
 * a set of Dis threads -- the thread that asked for the account and
 * the threads spawned by it, and by them, afterwards -- as a login's
 * session would be charged.  Times are in fastticks.  Each wait kind
 * has a histogram in powers of two of microseconds: h[0] counts waits
 * below 1us, h[k] those from 2^(k-1) to 2^k us, h[Nwbucket-1] the rest.
 */
enum
{
	Apread,			/* reads of pipes */
	Apwrite,		/* writes to pipes */
	Afread,			/* reads of other files */
	Afwrite,		/* writes to other files */
	Alock,			/* QLock and RWlock queues */
	Aacquire,		/* a released thread taking the VM again */
	Nacctwait,

	Nwbucket	= 32,
};

struct Waithist
{
	ulong	n;
	uvlong	total;
	uvlong	max;
	ulong	h[Nwbucket];
};

struct Acct
{
	Ref;			/* Osenvs, kprocs working for it, open files */
	Acct*	next;		/* on the list of accounts */
	ulong	id;
	ulong	threads;	/* Dis threads that have charged it */
	ulong	slices;		/* Dis quanta started */
	ulong	switches;	/* context switches of kprocs working for it */
	ulong	syscalls;	/* calls that released the VM */
	uvlong	dis;		/* time interpreting Dis */
	uvlong	sys;		/* time on the processor in released calls */
	Waithist	w[Nacctwait];
};

extern	Dev*	devtab[];
extern	int	idlegcpatched;	/* execatidle gives way to ready kprocs (pc/pc; 0 in pc/pcold) */
extern	int	selfish;	/* Chans, Paths and Blocks a process keeps of those it frees (pc/pcself; 0 in pc) */
extern	int	schedamp;	/* the AMP scheduler (pc/pcamp; 0, the SMP one, in pc, and with one processor) */
extern	int	refinline;	/* -DREFSWITCH kernels: Ref counts inline, not called (layout(8)) */
extern	ulong	layoutseed;	/* the layout the kernel was linked in, 0: kernel.ld's (layout(8)) */
extern	Idlewait	idlewait;
extern	Idlestat	idlestat;
extern	char	conffile[];	/* the config's name */
extern	char	*eve;
extern	int	verbose;	/* -v on the command line */
extern	ulong	kerndate;
extern	Pool*	mainmem;
extern	Pool*	heapmem;
extern	Pool	pools[Npool];

#define	DEVDOTDOT	-1		/* devgen's index for ".." */
