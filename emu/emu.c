/*
 * emu: run a Dis program hosted on Linux.
 *	emu [-c0] [-r root] [-h heapsize] file.dis [args]
 *
 * -r names the emu root (default o/root beside o/bin, or $EMUROOT):
 * its top-level directories appear at /NAME over the host's files.
 * -h limits the Dis heap (bytes, or with k or m).
 *
 * One VM, many threads: a thread runs Dis while it holds the VM; a
 * builtin that blocks in the host (read, sleep ...) releases it, and
 * another thread (a "runner") carries on with the ready Progs.  When
 * the blocked call returns, acquire() waits for the VM and the thread
 * continues its Prog where it stopped.
 */
#include "emu.h"

static pthread_mutex_t	schedlk = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t	schedcv = PTHREAD_COND_INITIALIZER;
static pthread_cond_t	idlecv = PTHREAD_COND_INITIALIZER;
static int	vmbusy;		/* a thread holds the VM */
static int	nwant;		/* threads in acquire */
static int	nreleased;	/* progs blocked in the host */
static int	nidle;		/* runner threads waiting for work */
static int	nwaiting;	/* threads waiting in vmlock */
static int	nwake;		/* wakeups owed to idle runners */
static int	mainpid = -1;
static char*	mainexit;	/* exit message of the first prog, once it exits */

/* per-thread error labels for error()/waserror() */
static __thread jmp_buf*	errlab[NERRLAB];
static __thread int	nerrlab;
static __thread char	errmsg[ERRMAX];
static __thread Osenv*	relenv;	/* the Prog's Osenv while released */
static __thread int	indis;	/* this thread is running Dis quanta */
static __thread Prog*	relprog;

void
error(char *s)
{
	if(nerrlab <= 0)
		panic("error with no label: %s", s);
	if(s != errmsg)
		utfecpy(errmsg, errmsg+sizeof errmsg, s);
	longjmp(*errlab[--nerrlab], 1);
}

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
	if(!indis || nerrlab <= 0){
		signal(sig, SIG_DFL);
		raise(sig);
		return;
	}
	if(relprog != nil)
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

jmp_buf*
pusherror(void)
{
	static __thread jmp_buf labs[NERRLAB];

	if(nerrlab >= NERRLAB)
		panic("error labels nested too deep");
	errlab[nerrlab] = &labs[nerrlab];
	return errlab[nerrlab++];
}

void
poperror(void)
{
	nerrlab--;
}

char*
errtext(void)
{
	return errmsg;
}

void
panic(char *fmt, ...)
{
	char buf[256];
	va_list arg;

	va_start(arg, fmt);
	vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	fprint(2, "emu: panic: %s\n", buf);
	exit(2);
}

/* take the VM; runners give way to threads returning from the host */
static void
vmlock(int acquirer)
{
	pthread_mutex_lock(&schedlk);
	if(acquirer)
		nwant++;
	nwaiting++;
	while(vmbusy || !acquirer && nwant > 0)
		pthread_cond_wait(&schedcv, &schedlk);
	nwaiting--;
	if(acquirer)
		nwant--;
	vmbusy = 1;
	pthread_mutex_unlock(&schedlk);
}

Osenv*
curenv(void)
{
	Prog *p;

	if(relenv != nil)
		return relenv;
	p = currun();
	if(p == nil)
		return nil;
	return p->osenv;
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

void
release(void)
{
	Prog *p;

	p = isave();
	relprog = p;
	relenv = p->osenv;
	pthread_mutex_lock(&schedlk);
	nreleased++;
	/* whoever takes the VM next runs the ready progs; only if nobody will, find a runner */
	if(vmnready() > 0 && nwaiting == 0 && nwake == 0)
		needrunner();
	vmbusy = 0;
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
	p = relprog;
	relprog = nil;
	relenv = nil;
	irestore(p);
}

static void
progexit(Prog *p)
{
	if(p->pid == mainpid)
		mainexit = strdup(p->exitmsg != nil ? p->exitmsg : "");
}

/* every prog has gone, or the rest can never run again: leave */
static void
finish(void)
{
	int status;

	if(mainexit == nil){
		fprint(2, "emu: all progs blocked\n");
		status = 1;
	}else
		status = mainexit[0] != 0;
	exit(status);
}

/*
 * give up the VM and wait until release() needs a runner; a thread
 * beyond MAXIDLE idle ones just ends
 */
static void
idle(void)
{
	pthread_mutex_lock(&schedlk);
	vmbusy = 0;
	pthread_cond_broadcast(&schedcv);
	if(nidle >= MAXIDLE){
		pthread_mutex_unlock(&schedlk);
		pthread_exit(nil);
	}
	nidle++;
	while(nwake == 0)
		pthread_cond_wait(&idlecv, &schedlk);
	nwake--;
	nidle--;
	pthread_mutex_unlock(&schedlk);
	vmlock(0);
}

/*
 * collector work while nothing can run; 1 if more is pending.  A fault
 * in it (over what a malformed module left) ends the work.
 */
static int
idlegc(void)
{
	int more;

	if(waserror()){
		indis = 0;
		return 0;
	}
	indis = 1;
	more = vmidle();
	indis = 0;
	poperror();
	return more;
}

/* run quanta while holding the VM; never returns */
static void
runvm(void)
{
	char msg[ERRMAX];
	int r, g;

	for(;;){
		if(setjmp(*pusherror())){
			/*
			 * raise it in the prog; if unwinding the prog faults,
			 * unwind again releasing nothing; if that faults, drop it
			 */
			utfecpy(msg, msg+sizeof msg, errmsg);
			g = gchalt;
			indis = 1;
			if(setjmp(*pusherror()) == 0){
				vmfault(msg);
				poperror();
			}else if(setjmp(*pusherror()) == 0){
				vmsalvage(msg, g);
				poperror();
			}else
				vmabandon(msg, g);
			indis = 0;
			continue;
		}
		indis = 1;
		while(nwant == 0 && vmrun())
			;
		indis = 0;
		poperror();
		if(nwant > 0){
			/* a thread is back from the host: it carries on, we stand by */
			idle();
			continue;
		}
		if(vmnready() > 0)
			continue;
		pthread_mutex_lock(&schedlk);
		r = nreleased;
		pthread_mutex_unlock(&schedlk);
		if(r == 0){
			/* nothing can wake a prog again: collect, then leave */
			if(idlegc())
				continue;
			finish();
		}
		/* everything left waits in the host */
		idle();
	}
}

static void*
runner(void *v)
{
	USED(v);
	vmlock(0);
	runvm();
	return nil;
}

static void
usage(void)
{
	fprint(2, "usage: emu [-c0] [-r root] [-h heapsize] file.dis [args ...]\n");
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

int
main(int argc, char **argv)
{
	char *root, *path, *s;
	Module *m;
	Prog *p;
	int i;

	root = getenv("EMUROOT");
	if(root == nil)
		root = defroot(argv[0]);
	for(i = 1; i < argc && argv[i][0] == '-'; i++){
		s = argv[i];
		if(strncmp(s, "-c", 2) == 0 && (s[2] == 0 || s[2] >= '0' && s[2] <= '9' && s[3] == 0))
			continue;	/* the interpreter is all there is: -c0 (and -c1) run it */
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
	osinit(root);
	trapinit();
	quotefmtinstall();
	vminit();
	vmprogexit = progexit;
	sysmodinit();
	mathmodinit();
	benchmodinit();
	path = argv[i];
	vmlock(0);
	if(waserror()){
		fprint(2, "emu: cannot start %s: %s\n", path, errtext());
		exit(1);
	}
	m = load(path);
	if(m == nil){
		fprint(2, "emu: cannot load %s: %r\n", path);
		exit(1);
	}
	p = vmstart(m, argc-i, argv+i);
	poperror();
	mainpid = p->pid;
	runvm();
	return 0;
}
