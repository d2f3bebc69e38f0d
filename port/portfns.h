/* acct.c */
void	acctclose(Acct*);
void	acctfork(Osenv*, Osenv*);
Acct*	acctid(ulong);
void	acctio(Chan*, int, uvlong);
Acct*	acctnew(void);
ulong	acctnth(int);
int	acctprint(Acct*, char*, int);
void	acctsched(int);
void	acctuse(Acct*, int);
void	acctwait(int, uvlong);
#define	acctwaitstart()	(up->env->acct != nil ? fastticks(nil) : 0)	/* a wait's start, 0 if nobody pays for it */

/* alloc.c (malloc, realloc and free are lib9.h's) */
void*	mallocz(ulong, int);
void*	smalloc(ulong);
ulong	msize(void*);
void*	poolalloc(Pool*, ulong);
void	poolfree(Pool*, void*);
ulong	poolmsize(Pool*, void*);
int	poolread(char*, int, ulong);
char*	poolsummary(char*, char*);
char*	kobjsummary(char*, char*);
extern	Kobjstat	kobjstat[Nkobj];
/* one instruction each: atomic against interrupts on one processor */
#define	kobjalloc(k)	__atomic_add_fetch(&kobjstat[k].nalloc, 1, __ATOMIC_RELAXED)
#define	kobjfree(k)	__atomic_add_fetch(&kobjstat[k].nfree, 1, __ATOMIC_RELAXED)
void*	xalloc(ulong);
void*	xallocalign(ulong, ulong);
void*	xallocz(ulong, int);
void	xfree(void*);
void	xinit(void);
ulong	xfreebytes(void);

/* chan.c */
Chan*	newchan(void);
void	chanfree(Chan*);
void	chanrelease(Chan*);
void	cclose(Chan*);
void	ccloseq(Chan*);
Chan*	cclone(Chan*);
Chan*	namec(char*, int, int, ulong);
Chan*	createdir(Chan*);
int	eqqid(Qid, Qid);
int	eqchan(Chan*, Chan*, int);
void	isdir(Chan*);
char*	chanpath(Chan*);
Path*	newpath(char*);
void	pathclose(Path*);
int	walk(Chan**, char**, int, int, int*);
int	cmount(Chan**, Chan*, int, char*);
void	cunmount(Chan*, Chan*);
void	putmhead(Mhead*);
Mhead*	newmhead(Chan*);
Mount*	newmount(Mhead*, Chan*, int, char*);
void	mountfree(Mount*);
void	mpbarrier(int*);
int	mpcall(void (*)(void*), void*);
char*	validnamedup(char*, int);
void	validname(char*, int);
void	validstat(uchar*, int);
int	devno(int, int);
Chan*	fdtochan(int, int, int, int);
int	openmode(ulong);
int	newfd(Chan*);
long	unionread(Chan*, void*, long);
void	unionrewind(Chan*);

/* sysfile.c */
long	chanread(Chan*, void*, long, vlong);
void	chanrewind(Chan*);
void	threadlimits(uvlong);

/* devmnt.c, devsrv.c, exportfs.c: mount, file2chan, export */
Chan*	mntmount(Chan*, Chan*, char*);
u32int	mntfversion(Chan*, u32int, char*, char*, int);
Chan*	mntauth(Chan*, char*);
void	srvf2c(Chan*, char*, void*);
void	exportfs(Chan*, Chan*, int);

/* the bench device's host part: pc/clock.c, emu/bench.c */
uvlong	tschz(ulong*);
uvlong	tsccalibrate(int, uvlong*, ulong*);
void	intrstamps(int, uvlong*, uvlong*, uvlong*, uvlong*);

/* devbench.c, devkprof.c: Bench->profon and profoff switch the kernel profiler through this */
enum { Kprofstop, Kprofstart, Kprofclr };
extern	void	(*benchprof)(int);	/* Kprof*: stop, start, or start with the counts zeroed; nil: no profiler */

/* dev.c */
void	devdir(Chan*, Qid, char*, vlong, char*, long, Dir*);
void	mkqid(Qid*, vlong, ulong, int);
int	devgen(Chan*, char*, Dirtab*, int, int, Dir*);
void	devreset(void);
void	devinit(void);
void	devshutdown(void);
Chan*	devattach(int, char*);
Chan*	devclone(Chan*);
Walkqid*	devwalk(Chan*, Chan*, char**, int, Dirtab*, int, Devgen*);
int	devstat(Chan*, uchar*, int, Dirtab*, int, Devgen*);
long	devdirread(Chan*, char*, long, Dirtab*, int, Devgen*);
void	devpermcheck(char*, ulong, int);
Chan*	devopen(Chan*, int, Dirtab*, int, Devgen*);
void	devcreate(Chan*, char*, int, ulong);
Block*	devbread(Chan*, long, ulong);
long	devbwrite(Chan*, Block*, ulong);
void	devremove(Chan*);
int	devwstat(Chan*, uchar*, int);
void	chandevreset(void);
void	chandevinit(void);
int	vmtake(void);
void	vmdrop(int);
void	chandevshutdown(void);
int	consctlraw(char*, long, int);
char*	memoryline(char*, char*, char*, ulong, ulong, ulong, ulong, ulong, ulong, ulong);

/* readstr etc.: devutil.c */
long	readstr(ulong, char*, ulong, char*);
long	readnum(ulong, char*, ulong, ulong, int);
long	readnum64(ulong, char*, ulong, uvlong, int);
Cmdbuf*	parsecmd(char*, int);
Cmdtab*	lookupcmd(Cmdbuf*, Cmdtab*, int);
void	cmderror(Cmdbuf*, char*);
char*	kstrdup(char**, char*);
int	fdline(char*, int, int, Chan*, int);
long	snapread(Snap*, void*, long, vlong, Snapfn*, void*);
void	snaptake(Snap*, Snapfn*, void*);
void	snapfree(Snap*);

/* allocb.c, qio.c */
Block*	allocb(int);
void	freeb(Block*);
void	freeblist(Block*);
int	blocklen(Block*);
Queue*	qopen(int, int, void (*)(void*), void*);
void	qclose(Queue*);
void	qfree(Queue*);
void	qhangup(Queue*, char*);
void	qreopen(Queue*);
long	qread(Queue*, void*, int);
Block*	qbread(Queue*, int);
long	qwrite(Queue*, void*, int);
long	qbwrite(Queue*, Block*);
int	qiwrite(Queue*, void*, int);
int	qproduce(Queue*, void*, int);
int	qlen(Queue*);
int	qwindow(Queue*);
int	qcanread(Queue*);
int	qfull(Queue*);
int	qisclosed(Queue*);
void	qsetlimit(Queue*, int);
void	qnoblock(Queue*, int);
void	qflush(Queue*);

/* self.c: Nix's selfish allocation */
int	keepblock(Block*);
int	keepchan(Chan*);
int	keeppath(Path*);
Block*	selfblock(int);
Chan*	selfchan(void);
void	selfflush(void);
Path*	selfpath(void);

/* proc.c */
Proc*	newproc(void);
int	kproc(char*, void (*)(void*), void*, int);
void	pexit(char*, int);
void	ready(Proc*);
void	sched(void);
void	yield(void);
int	anyready(void);
int	anyhigher(void);
void	schedinit(void);
void	sleep(Rendez*, int (*)(void*), void*);
void	tsleep(Rendez*, int (*)(void*), void*, ulong);
Proc*	wakeup(Rendez*);
int	return0(void*);
void	timerintr(void);
void	hzsched(void);
void	preempt(void);
int	postnote(Proc*, int, char*, int);
void	procintr(void*, char*);
void	dumpprocs(void);
int	procread(char*, int, ulong);
void	setpri(int);
int	getpri(void);
extern	ulong	ticks;		/* clock interrupts since boot */
extern	int	nrdy;

/* taslock.c, qlock.c */
void	lock(Lock*);
void	unlock(Lock*);
int	canlock(Lock*);
void	ilock(Lock*);
void	iunlock(Lock*);
void	qlock(QLock*);
void	qunlock(QLock*);
int	canqlock(QLock*);
void	rlock(RWlock*);
void	runlock(RWlock*);
void	wlock(RWlock*);
void	wunlock(RWlock*);
long	incref(Ref*);
long	decref(Ref*);
extern	void	(*waitnote)(int, ulong, uvlong);
extern	ulong	waitepoch;
void	waitsched(int, ulong);

/*
 * The NetBSD experiment (layout(8)): -DREFINLINE expands the Ref counts
 * at every call site, as a macro would; -DREFSWITCH expands them there
 * or calls qlock.c's as refinline (the config's misc setting) says at
 * run time.  A macro's name in its own body is the function.
 */
#define	increfinline(r)	({ Ref *r_ = (r); __atomic_add_fetch(&r_->ref, 1, __ATOMIC_SEQ_CST); })
#define	decrefinline(r)	({ Ref *r_ = (r); long x_ = __atomic_sub_fetch(&r_->ref, 1, __ATOMIC_SEQ_CST); \
			if(x_ < 0){ panic("decref: negative ref, pc %#lux", getcallerpc(&r_)); } x_; })
#ifdef REFINLINE
#define	incref(r)	increfinline(r)
#define	decref(r)	decrefinline(r)
#endif
#ifdef REFSWITCH
#define	incref(r)	(refinline ? increfinline(r) : incref(r))
#define	decref(r)	(refinline ? decrefinline(r) : decref(r))
#endif

/* error handling (error.c): an error() unwinds to the innermost waserror() */
void	error(char*) __attribute__((noreturn));
void	nexterror(void) __attribute__((noreturn));
void	exhausted(char*);
void	panic(char*, ...) __attribute__((noreturn));
int	iprint(char*, ...);
void	dumpstack(void);
void	dumpstackfp(ulong*);
extern	int	panicking;
#define	waserror()	(up->nerrlab++, setlabel(&up->errlab[up->nerrlab-1]))
#define	poperror()	up->nerrlab--
int	setlabel(Label*) __attribute__((returns_twice));
void	gotolabel(Label*) __attribute__((noreturn));
void	kstrcpy(char*, char*, int);

/* ksym.c: the kernel's symbol table */
ulong	ksymname(ulong, char*, int);
int	ksymline(ulong, char*, int);
long	ksymread(int, void*, long, vlong);
long	ksymlen(int);

/* pgrp.c */
Pgrp*	newpgrp(void);
void	closepgrp(Pgrp*);
void	pgrpcpy(Pgrp*, Pgrp*);
Fgrp*	newfgrp(Fgrp*);
Fgrp*	dupfgrp(Fgrp*);
void	closefgrp(Fgrp*);
Egrp*	newegrp(void);
void	closeegrp(Egrp*);
Egrp*	dupegrp(Egrp*);
void	closegroups(Osenv*);

/* main.c (pc) and dis.c */
void	disinit(void*);
void	vmachine(void*);
void	release(void);
void	acquire(void);
void	disfault(void*, char*) __attribute__((noreturn));
void	halt(int) __attribute__((noreturn));
extern	char*	bootcmd;	/* text after " -- " on the command line, or nil */
extern	char	bootline[];	/* the whole multiboot command line */

/* clock: pc/clock.c */
vlong	fastticks(uvlong*);
extern	void	(*clockhook)(void);
extern	void	(*kproftick)(ulong);
ulong	profclock(ulong);
uvlong	fastticks2us(uvlong);
vlong	osusectime(void);
long	osmillisec(void);
long	seconds(void);
#define	TK2MS(t)	(((ulong)(t)*1000)/HZ)
#define	MS2TK(t)	((((ulong)(t))*HZ+999)/1000)

/* console output: pc/uart.c */
void	putstrn(char*, int);
extern	Queue*	kbdq;		/* input from the serial line, for devcons */
extern	Queue*	kprintq;	/* devcons's /dev/kprint, or nil */
extern	Lock	kprintlk;	/* print.c: held to use or change kprintq */

/* image of the root file system: the multiboot modules */
uchar*	bootmod(int, ulong*);	/* module n's address and length; nil if absent */


/* dis.c (swiprog needs interp.h); the builtin modules and links from libinterp and the config */
typedef struct Prog	Prog;
void	vmenv(void);
void	swiprog(Prog*);
void	progwaitmsg(Prog*);
void	acctprog(Prog*, int);
void	acctslice(Prog*);
/* attr.c (kernel only) */
int	attrdelta(Prog*, uvlong*, int);
void	attrexit(Prog*);
void	attrgc(int);
void	attrgcstep(void);
void	attrin(Proc*);
char*	attrinject(char*, long);
int	attrintr(int);
void	attrintrend(int);
void	attrkproc(Proc*, char*, int);
char*	attrname(int);
int	attrnamed(char*, char*);
void	attrout(Proc*);
void	attrproc(int);
void	attrslice(Prog*);
int	attrswitch(int);
uvlong	attrticks(void);
int	attrtotals(uvlong*, ulong*);
void	disclock(void);
void	disdump(void);
void	idlewaitbegin(void);
void	idlewaitend(void);
/* a ready process waited t fastticks for the idle collector, over q of its rungc() calls (dis.c, emu/emu.c) */
static inline void
idlewaitadd(uvlong t, ulong q)
{
	idlewait.n++;
	idlewait.total += t;
	if(t > idlewait.max)
		idlewait.max = t;
	if(q > idlewait.maxquanta)
		idlewait.maxquanta = q;
}
int	atidle(int (*)(void*), void*);
void	atidledont(int (*)(void*));
int	vmbusy(void);
void	vmkick(void);
int	anyeqhigher(void);
void	links(void);
void	sysmodinit(void);
void	mathmodinit(void);
void	keyringmodinit(void);
