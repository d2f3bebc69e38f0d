/*
 * emu: run a Dis program hosted on Linux.
 *	emu [-c0|-c1] [-r root] [-h heapsize] file.dis [args]
 *
 * -c1 compiles what libinterp/comp386.c can of each module to i386;
 * with -c0 (the default) only modules whose header says MUSTCOMPILE
 * are, and under both never one that says DONTCOMPILE (limbo -c, -C).
 * -r names the emu root (default o/root beside o/bin, or $EMUROOT):
 * its top-level directories appear at /NAME over the host's files.
 * -h limits the Dis heap (bytes, or with k or m).
 *
 * One VM, many threads: a thread runs Dis while it holds the VM; a
 * builtin that blocks (read, sleep ...) releases it, and another
 * thread (a "runner") carries on with the ready Progs.  When the
 * blocked call returns, acquire() waits for the VM and the thread
 * continues its Prog where it stopped.  Each thread is a Proc of
 * port/ (os.c): up->type is Interp while it holds the VM.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <isa.h>
#include <interp.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <dirent.h>
#include <sys/stat.h>

static pthread_mutex_t	schedlk = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t	schedcv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t	idlecv = PTHREAD_COND_INITIALIZER;
static int	vmheld;		/* a thread holds the VM */
static int	nwant;		/* threads in acquire */
static int	nreleased;	/* threads out of the VM that will want it back */
static int	nidle;		/* runner threads waiting for work */
static int	nwaiting;	/* threads waiting in vmlock */
static int	nwake;		/* wakeups owed to idle runners */
static int	idlegcing;	/* the idle collector holds the VM */
static uvlong	waitstart;	/* fastticks as a thread began to wait for it; 0: none waits */
static ulong	waitquanta;	/* rungc() calls made since */
static int	(*idlefn)(void*);	/* atidle's task, run instead of the idle collector */
static void*	idlearg;
static int	mainpid = -1;
static char*	mainexit;	/* exit message of the first prog, once it exits */
static __thread int	indis;	/* this thread is running Dis quanta */

char*	emuroot;
Idlewait	idlewait;	/* the idle collector's, as the kernel's (bench(3) stats) */
Idlestat	idlestat;

/*
 * A hardware fault while a thread runs Dis (a module whose bad pointer
 * arithmetic no load-time check can see, say), or in the host call of a
 * builtin it runs, released or not (copying into an array a malformed
 * module made up), becomes an exception in the Prog, with the kernel's
 * wording; the other Progs carry on.  Anywhere else it is a bug in emu,
 * and emu dies of it.
 */
static void
trapfault(int sig, siginfo_t *si, void *v)
{
	char buf[ERRMAX];

	USED(v);
	if(up == nil || !indis || up->nerrlab <= 0){
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	if(up->type == Unknown && up->iprog != nil)
		acquire();	/* a builtin's host code faulted while released: raise it holding the VM */
	if((uintptr)si->si_addr < 4096)
		error("dereference of nil");
	if(sig == SIGFPE)
		error("sys: trap: arithmetic fault");
	snprint(buf, sizeof buf, "sys: trap: fault %s addr=%#p",
		sig == SIGBUS ? "bus" : "read", si->si_addr);
	error(buf);
}

static void
trapinit(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = trapfault;
	sa.sa_flags = SA_SIGINFO|SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, nil);
	sigaction(SIGBUS, &sa, nil);
	sigaction(SIGFPE, &sa, nil);
}

/* is this thread running Dis (or a builtin's host code for it)? */
int
indisthread(void)
{
	return indis;
}

/* take the VM; runners give way to threads returning from the host */
static void
vmlock(int acquirer)
{
	pthread_mutex_lock(&schedlk);
	if(acquirer && idlegcing && waitstart == 0){
		/* a wait for the idle collector, as the kernel's idlewaitbegin */
		waitstart = fastticks(nil);
		waitquanta = 0;
	}
	if(acquirer)
		nwant++;
	nwaiting++;
	while(vmheld || !acquirer && nwant > 0)
		pthread_cond_wait(&schedcv, &schedlk);
	nwaiting--;
	if(acquirer)
		nwant--;
	vmheld = 1;
	pthread_mutex_unlock(&schedlk);
	up->type = Interp;
}

static void*	runner(void*);

/* make sure some thread runs the ready progs; called with schedlk */
static void
needrunner(void)
{
	pthread_t t;
	pthread_attr_t a;

	if(nidle > nwake){
		nwake++;
		pthread_cond_signal(&idlecv);
		return;
	}
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	pthread_attr_setstacksize(&a, 1024*1024);
	if(pthread_create(&t, &a, runner, nil) != 0)
		panic("cannot create a thread");
	pthread_attr_destroy(&a);
}

/* point up->env at the running Dis thread's environment */
void
vmenv(void)
{
	Prog *p;

	if(up->type != Interp)
		return;
	p = currun();
	if(p != nil && p->osenv != nil)
		up->env = p->osenv;
}

void
release(void)
{
	Prog *p;

	p = isave();
	up->iprog = p;
	if(p != nil && p->osenv != nil)
		up->env = p->osenv;
	up->type = Unknown;
	pthread_mutex_lock(&schedlk);
	nreleased++;
	/* whoever takes the VM next runs the ready progs; only if nobody will, find a runner */
	if(vmnready() > 0 && nwaiting == 0 && nwake == 0)
		needrunner();
	vmheld = 0;
	pthread_cond_broadcast(&schedcv);
	pthread_mutex_unlock(&schedlk);
}

void
acquire(void)
{
	Prog *p;

	vmlock(1);
	pthread_mutex_lock(&schedlk);
	nreleased--;
	pthread_mutex_unlock(&schedlk);
	up->notepending = 0;	/* an interrupt that came too late is void */
	p = up->iprog;
	up->iprog = nil;
	irestore(p);
	if(p != nil && p->osenv != nil)
		up->env = p->osenv;
}

/*
 * p was killed: if it is blocked in a system call, interrupt the call
 * (the sleep or host call raises Eintr) so that it dies now
 */
void
swiprog(Prog *p)
{
	if(p != nil && p->state == Prelease)
		procintr(p, Eintr);
}

/* a Dis thread exits: note the first one's status, tell a waiting parent */
static void
progexit(Prog *p)
{
	if(p->pid == mainpid)
		mainexit = strdup(p->exitmsg != nil ? p->exitmsg : "");
	progwaitmsg(p);
}

/* every prog has gone, or the rest can never run again: leave */
static void
finish(void)
{
	int status;

	if(vmnprog() > 0 && mainexit == nil){
		fprint(2, "emu: all progs blocked\n");
		status = 1;
	}else
		status = mainexit != nil && mainexit[0] != 0;
	exit(status);
}

enum
{
	Maxidle	= 4,		/* runner threads kept waiting for work */
	Idleepochs	= 3,	/* collector cycles run while nothing is ready */
};

/*
 * give up the VM and wait until release() needs a runner; a thread
 * beyond Maxidle idle ones just ends
 */
static void
idle(void)
{
	up->type = Unknown;
	up->env = &up->defenv;
	pthread_mutex_lock(&schedlk);
	vmheld = 0;
	pthread_cond_broadcast(&schedcv);
	if(nidle >= Maxidle){
		pthread_mutex_unlock(&schedlk);
		pexit("", 0);
	}
	nidle++;
	while(nwake == 0)
		pthread_cond_wait(&idlecv, &schedlk);
	nwake--;
	nidle--;
	pthread_mutex_unlock(&schedlk);
	vmlock(0);
}


/* the idle collector stops: a wait for it ends (the kernel's idlewaitend); with schedlk */
static void
idlegcend(void)
{
	uvlong t;

	idlegcing = 0;
	if(waitstart == 0)
		return;
	t = fastticks(nil) - waitstart;
	waitstart = 0;
	idlewaitadd(t, waitquanta);
}

/*
 * collector work while nothing can run: whole cycles, as the kernel's
 * idle collector runs (what is freed may wake a prog: the last FD of a
 * pipe's write end, in a cycle), up to Idleepochs or until a prog is
 * ready or (patched, as emu starts) a thread wants the VM: the old
 * loop (bench(3)'s idlegc old) keeps such a thread waiting.  A fault
 * in it (over what a malformed module left) ends the work.
 */
static void
idlegc(void)
{
	ulong e;

	pthread_mutex_lock(&schedlk);
	idlestat.runs++;
	idlegcing = 1;
	pthread_mutex_unlock(&schedlk);
	if(waserror()){
		indis = 0;
		pthread_mutex_lock(&schedlk);
		idlegcend();
		pthread_mutex_unlock(&schedlk);
		return;
	}
	indis = 1;
	e = gcstat.epochs + Idleepochs;
	while((nwant == 0 || !idlegcpatched) && vmnready() == 0 && gcstat.epochs < e && gcruns()){
		rungc();
		pthread_mutex_lock(&schedlk);
		idlestat.quanta++;
		if(waitstart != 0)
			waitquanta++;
		pthread_mutex_unlock(&schedlk);
	}
	indis = 0;
	poperror();
	pthread_mutex_lock(&schedlk);
	idlegcend();
	pthread_mutex_unlock(&schedlk);
}

/*
 * Run fn(arg) when the VM is idle, in place of the collector, until it
 * returns 1 (the bench device's GCIDLE); one task at a time.
 */
int
atidle(int (*fn)(void*), void *arg)
{
	int r;

	pthread_mutex_lock(&schedlk);
	r = -1;
	if(idlefn == nil){
		idlearg = arg;
		idlefn = fn;
		r = 0;
	}
	pthread_mutex_unlock(&schedlk);
	return r;
}

void
atidledont(int (*fn)(void*))
{
	pthread_mutex_lock(&schedlk);
	if(idlefn == fn)
		idlefn = nil;
	pthread_mutex_unlock(&schedlk);
}

/* is a prog ready, or a thread waiting for the VM? */
int
vmbusy(void)
{
	return nwant > 0 || vmnready() > 0;
}

/* have a runner look for idle work again: wake an idle one, or start one if none will */
void
vmkick(void)
{
	pthread_mutex_lock(&schedlk);
	if(nidle > nwake){
		nwake++;
		pthread_cond_signal(&idlecv);
	}else if(!vmheld && nwaiting == 0)
		needrunner();
	pthread_mutex_unlock(&schedlk);
}

/* the idle task if there is one (the task is off while it runs, as the kernel's), else the collector */
static void
idlework(void)
{
	int (*fn)(void*);
	int r;

	pthread_mutex_lock(&schedlk);
	fn = idlefn;
	if(fn != nil && vmnready() == 0)
		idlefn = nil;
	else
		fn = nil;
	pthread_mutex_unlock(&schedlk);
	if(fn == nil){
		idlegc();
		return;
	}
	if(waserror()){
		indis = 0;
		return;
	}
	indis = 1;
	r = fn(idlearg);
	indis = 0;
	poperror();
	if(r == 0){
		pthread_mutex_lock(&schedlk);
		if(idlefn == nil)
			idlefn = fn;
		pthread_mutex_unlock(&schedlk);
	}
}

/* run quanta while holding the VM; never returns */
static void
runvm(void)
{
	char msg[ERRMAX];
	int r, g;

	for(;;){
		if(waserror()){
			/*
			 * raise it in the prog; if unwinding the prog faults,
			 * unwind again releasing nothing; if that faults, drop it
			 */
			up->type = Interp;
			utfecpy(msg, msg+sizeof msg, up->env->errstr);
			g = gchalt;
			indis = 1;
			if(!waserror()){
				vmfault(msg);
				poperror();
			}else if(!waserror()){
				up->type = Interp;
				vmsalvage(msg, g);
				poperror();
			}else{
				up->type = Interp;
				vmabandon(msg, g);
			}
			indis = 0;
			up->env = &up->defenv;
			continue;
		}
		indis = 1;
		while(nwant == 0 && vmrun())
			up->env = &up->defenv;
		indis = 0;
		poperror();
		up->env = &up->defenv;
		if(nwant > 0){
			/* a thread is back from the host: it carries on, we stand by */
			idle();
			continue;
		}
		if(vmnready() > 0)
			continue;
		if(vmnprog() == 0)
			finish();
		/*
		 * nothing is ready: collect, as the kernel does at idle, for
		 * up to Idleepochs cycles or until a thread wants the VM (what
		 * is collected may wake a prog: the last FD of a pipe's end),
		 * or run the bench device's idle task
		 */
		idlework();
		if(nwant > 0 || vmnready() > 0)
			continue;
		pthread_mutex_lock(&schedlk);
		r = nreleased;
		pthread_mutex_unlock(&schedlk);
		if(r == 0 && osnkproc() == 0)
			finish();	/* nothing can wake a prog again */
		/* everything left waits in the host */
		idle();
	}
}

static void*
runner(void *v)
{
	USED(v);
	up = osnewproc("dis");
	vmfpu();
	vmlock(0);
	runvm();
	return nil;
}

/*
 * argv with the words of $EMUOPTS (options, as on the command line)
 * put before its own: EMUOPTS=-c1 compiles in every emu a script runs
 */
static char**
envopts(int *argcp, char **argv)
{
	char *e, **nv, *w[32];
	int n, i;

	e = getenv("EMUOPTS");
	if(e == nil || (e = strdup(e)) == nil)
		return argv;
	n = getfields(e, w, nelem(w), 1, " \t\n");
	if(n == nelem(w)){
		fprint(2, "emu: EMUOPTS: more than %d words\n", nelem(w)-1);
		exit(2);
	}
	nv = malloc((*argcp+n+1)*sizeof(char*));
	if(nv == nil){
		fprint(2, "emu: EMUOPTS: out of memory\n");
		exit(2);
	}
	nv[0] = argv[0];
	for(i = 0; i < n; i++)
		nv[1+i] = w[i];
	for(i = 1; i <= *argcp; i++)
		nv[n+i] = argv[i];
	*argcp += n;
	return nv;
}

static void
usage(void)
{
	fprint(2, "usage: emu [-c0|-c1] [-r root] [-h heapsize] file.dis [args ...]\n");
	exit(2);
}

/* the default root: o/root beside the directory holding this binary (o/bin) */
static char*
defroot(char *argv0)
{
	char buf[1024], *p;
	int n;

	n = readlink("/proc/self/exe", buf, sizeof buf - 16);
	if(n <= 0){
		if(argv0 == nil)
			return "/";
		strecpy(buf, buf+sizeof buf - 16, argv0);
		n = strlen(buf);
	}
	buf[n] = 0;
	p = strrchr(buf, '/');
	if(p == nil)
		return ".";
	*p = 0;
	p = strrchr(buf, '/');
	if(p == nil)
		return ".";
	strcpy(p, "/root");
	return strdup(buf);
}

/*
 * The emu root's top-level directories, but for the mount points of
 * the system (#/ has its own): mount points themselves in #/, and
 * bound there over the host's files.  The root's own directories of
 * those names, but dev and tmp (the host's), are bound after what emu
 * puts there: Inferno's tree brings /n/remote so.
 */
static char *sysmtpt[] = { "chan", "dev", "env", "fd", "mnt", "n", "net", "prog", "tmp" };
static char**	rootdirs;
static int	nrootdirs;
static char**	rootsys;
static int	nrootsys;
static char*	rootimg;	/* #/'s archive: the root directories, as pc/mkroot writes one */

static void
findrootdirs(void)
{
	DIR *dd;
	struct dirent *de;
	struct stat st;
	char *s, *t, *img;
	int i;

	img = strdup("");
	dd = opendir(emuroot);
	while(dd != nil && (de = readdir(dd)) != nil){
		/* the archive's fields are separated by spaces */
		if(de->d_name[0] == '.' || strpbrk(de->d_name, " \t\n") != nil)
			continue;
		for(i = 0; i < nelem(sysmtpt); i++)
			if(strcmp(de->d_name, sysmtpt[i]) == 0)
				break;
		s = smprint("%s/%s", emuroot, de->d_name);
		if(i < nelem(sysmtpt) && strcmp(de->d_name, "dev") != 0 && strcmp(de->d_name, "tmp") != 0
		&& stat(s, &st) == 0 && S_ISDIR(st.st_mode)){
			rootsys = realloc(rootsys, (nrootsys+1)*sizeof(char*));
			if(rootsys == nil)
				panic("out of memory");
			rootsys[nrootsys++] = strdup(de->d_name);
		}
		if(i == nelem(sysmtpt) && stat(s, &st) == 0 && S_ISDIR(st.st_mode)){
			rootdirs = realloc(rootdirs, (nrootdirs+1)*sizeof(char*));
			if(rootdirs == nil)
				panic("out of memory");
			rootdirs[nrootdirs++] = strdup(de->d_name);
			t = img;
			img = smprint("%s%s %uo %s %s 0 0\n", t, de->d_name, DMDIR|0555, eve, eve);
			free(t);
		}
		free(s);
	}
	if(dd != nil)
		closedir(dd);
	rootimg = smprint("%send of archive\n", img);
	free(img);
}

/* the root image for dev/devroot.c: module 0 is emu's root directories */
uchar*
bootmod(int i, ulong *len)
{
	if(i != 0 || rootimg == nil)
		return nil;
	*len = strlen(rootimg);
	return (uchar*)rootimg;
}

/* bind, complaining on failure: emu's name space is made of these */
static void
nsbind(char *old, char *new, int flag)
{
	if(kbind(old, new, flag) < 0)
		fprint(2, "emu: bind %s %s: %s\n", old, new, up->env->errstr);
}

/*
 * The name space every Dis thread starts with: #/ (mount points only)
 * under the host's / (which gets what is created at /), each top-level
 * directory of the emu root on /NAME, the devices on their usual
 * places, and dot the host's current directory.
 */
static void
emuns(void)
{
	Osenv *o;
	char *s, *t, cwd[4096];
	int i;

	o = up->env;
	if(waserror())
		panic("no root: %s", up->env->errstr);
	o->pgrp->slash = namec("#/", Atodir, 0, 0);
	pathclose(o->pgrp->slash->path);
	o->pgrp->slash->path = newpath("/");
	o->pgrp->dot = cclone(o->pgrp->slash);
	poperror();
	nsbind("#U/", "/", MBEFORE|MCREATE);
	for(i = 0; i < nrootdirs; i++){
		s = smprint("#U%s/%s", emuroot, rootdirs[i]);
		t = smprint("/%s", rootdirs[i]);
		nsbind(s, t, MREPL|MCREATE);
		free(s);
		free(t);
	}
	nsbind("#c", "/dev", MAFTER);
	nsbind("#p", "/prog", MREPL);
	nsbind("#d", "/fd", MREPL);
	nsbind("#e", "/env", MREPL|MCREATE);
	nsbind("#s", "/chan", MREPL);
	nsbind("#I", "/net", MREPL);
	for(i = 0; i < nrootsys; i++){
		s = smprint("#U%s/%s", emuroot, rootsys[i]);
		t = smprint("/%s", rootsys[i]);
		nsbind(s, t, MAFTER);
		free(s);
		free(t);
	}
	if(getcwd(cwd, sizeof cwd) != nil){
		s = smprint("#U%s", cwd);
		if(kchdir(s) == 0){
			pathclose(o->pgrp->dot->path);
			o->pgrp->dot->path = newpath(cwd);
		}
		free(s);
	}
}

/* the standard fds of the first Dis thread: emu's own */
static void
stdfds(void)
{
	int i;

	for(i = 0; i < 3; i++)
		if(newfd(fsfdchan(i, "/dev/cons")) != i)
			panic("no standard fd %d", i);
}

int
main(int argc, char **argv)
{
	char *root, *path, *s;
	Module *m;
	Prog *p;
	Osenv *o;
	int i, comp;

	comp = 0;
	argv = envopts(&argc, argv);
	root = getenv("EMUROOT");
	if(root == nil)
		root = defroot(argv[0]);
	for(i = 1; i < argc && argv[i][0] == '-'; i++){
		s = argv[i];
		if(strncmp(s, "-c", 2) == 0 && (s[2] == 0 || s[2] >= '0' && s[2] <= '9' && s[3] == 0)){
			/* -c1 (and up): compile what comp386 can to i386, as each module loads; -c0 (or -c): only MUSTCOMPILE's */
			comp = s[2] != 0 && s[2] != '0';
			continue;
		}
		if(strcmp(s, "-r") == 0 && i+1 < argc)
			root = argv[++i];
		else if(strcmp(s, "-h") == 0 && i+1 < argc){
			heaplimit = strtoul(argv[++i], &s, 0);
			if(*s == 'k' || *s == 'K')
				heaplimit <<= 10;
			else if(*s == 'm' || *s == 'M')
				heaplimit <<= 20;
		}else
			usage();
	}
	if(i >= argc)
		usage();
	osinit();
	emuroot = realpath(root, nil);
	if(emuroot == nil)
		emuroot = root;
	trapinit();
	quotefmtinstall();
	o = up->env;
	s = getenv("USER");
	eve = strdup(s != nil && *s != 0 ? s : "none");
	o->user = eve;
	up->defenv.user = eve;
	findrootdirs();
	o->pgrp = newpgrp();
	o->fgrp = newfgrp(nil);
	o->egrp = newegrp();
	chandevreset();
	chandevinit();
	emuns();
	stdfds();
	vminit();
	vmprogexit = progexit;
	vmcompile = comp386;
	vmuncompile = uncomp386;
	xeccomp = comp386run;
	vmcompall = comp;
	compdebug = getenv("EMUCOMPDEBUG") != nil;
	sysmodinit();
	mathmodinit();
	keyringmodinit();
	path = argv[i];
	vmlock(0);
	if(waserror()){
		fprint(2, "emu: cannot start %s: %s\n", path, up->env->errstr);
		exit(1);
	}
	m = load(path);
	if(m == nil){
		/* the loader's reason is the kernel's error string, not the host's (%r) */
		fprint(2, "emu: cannot load %s\n", up->env->errstr);
		exit(1);
	}
	p = vmstart(m, argc-i, argv+i);
	poperror();
	mainpid = p->pid;
	runvm();
	return 0;
}

/* compiled code's memory (interp.h): whole pages from mmap */
static ulong
pages(ulong n)
{
	return (n + 4095) & ~4095UL;
}

void*
compmem(ulong n)
{
	void *p;

	p = mmap(nil, pages(n), PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? nil : p;
}

int
compexec(void *p, ulong n)
{
	return mprotect(p, pages(n), PROT_READ|PROT_EXEC) == 0;
}

void
compfree(void *p, ulong n)
{
	munmap(p, pages(n));
}
