/*
 * runfuzz -- fuzz "what loads, runs": mutated .dis files run on emu.
 *
 * The loader (fuzz/disload.c) checks a file's structure, but Dis code
 * is not type checked: an accepted module can still put an integer
 * where its frame's type says pointer, and the VM must then raise an
 * exception, never crash or hang.  This driver is emu itself (emu.c's
 * main renamed emumain, over a plain gcc -m32 build of libinterp and
 * lib9, so emu's fault-to-exception path is the real one; a sanitizer
 * would take SIGSEGV from it).  For each input it forks a child that
 * runs `emu -h 8m -r / /f.dis` chrooted in a jail (a copy of the emu
 * root, as nobody, with small rlimits), stdin /dev/null, its output
 * captured.  vmrun is wrapped (ld --wrap) to stop the child after a
 * budget of quanta: a Dis program that loops is not a bug; release and
 * acquire are wrapped to tell a prog waiting in the host from emu stuck.
 * The collector runs far more often than in o/bin/emu (fuzz/mkfile).
 *
 * The child's end is classified:
 *	exit 0, 1	fine (ran, or raised an exception, or was refused)
 *	exit 3		fine: the quanta budget ran out
 *	exit 2		emu panicked: a bug
 *	signal		emu died (fault not turned into an exception, abort): a bug
 *	exit 4		no quanta for Timeout seconds, no prog in the host: stuck in C
 *	exit 5		fine: no quanta, but a prog waits in the host (sys->sleep)
 *	exit 6		fine: Maxslow seconds went by (quanta that each allocate
 *			megabytes from a full heap are slow, not stuck)
 *
 * A run that ends in an exception "sys: trap: fault ... addr=A" (emu's
 * SIGSEGV handler: Dis code, or a builtin's host code for it, touched
 * memory that is not mapped) with A not within a page of nil (0 or
 * 2^32) is an escape: a module that loaded reached outside its heap.
 * It is a bug, saved as escape-N.dis.
 *
 * With -c (fuzz/run's runc campaign) each input is run twice, as emu
 * -c1 runs it: once with the compiler's code entered (comp386.c), once
 * as the reference, where every module is compiled the same way but
 * the code is never entered (each block head's dispatch is given back
 * its instruction's, as xecprep made it).  Both runs thus make the
 * same allocations and mappings, so that the Dis heap lies at the same
 * addresses and a fault's address or an integer made of a pointer reads
 * the same in both; plain emu -c0 would lay the heap out otherwise.  The
 * compiled code must give the interpreter's results to the byte: where
 * both runs end deterministically (exit 0 or 1, or the quanta budget:
 * the code keeps the interpreter's quantum, so both stop at the same
 * instruction), their status and output must be the same.  A run that
 * ends by the clock (blocked in the host, slow) is not compared.  On a
 * difference the reference runs again: if it differs from itself the
 * mutant is nondeterministic (progs that release the VM in the host
 * are scheduled by the host's timing; sys->millisec, /dev/time) and is
 * only counted; else the compiled run is repeated, and a difference
 * found twice is a bug, saved as diff-N.dis with both outputs
 * (diff-N.int, diff-N.comp); one found once is saved as flaky-N.dis.
 * A crash, hang or escape in either run is a bug as without -c.
 *
 * Inputs are seeds mutated by a mutator that knows the instruction
 * encoding: it changes opcodes, operand values (keeping their encoded
 * length), address modes, copies instructions over others of the same
 * length, and flips bytes in the types and data.  A mutant that loads
 * and ends with a message not seen before joins the corpus.
 *
 * usage: runfuzz -j jail -o outdir [-c] [-t seconds] [-b quanta] seed.dis ...
 *	  runfuzz -j jail [-c] -x file.dis ...	(run each once, print what happened;
 *						with -c both ways, and whether they differ)
 *	  runfuzz -g n -o outdir [-s seed] seed.dis ...	(write n mutants, mNNNNN.dis, run none:
 *						fuzz/run's krun campaign runs them in the kernel)
 * Crashes replay best as found: under setarch -R, like fuzz/run.
 * fuzz/run builds it (fuzz/mkfile: o/fuzz/runfuzz) and runs it.
 */
#include "../emu/emu.h"
#include <stdio.h>
#include <sys/wait.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <time.h>
#include <dlfcn.h>

enum
{
	Maxin		= 256*1024,
	Maxcorpus	= 4096,
	Maxins		= 16384,
	Timeout		= 3,		/* seconds without a quantum */
	Ebudget		= 3,
	Ehang		= 4,
	Eblocked	= 5,
	Eslow		= 6,
	Maxslow		= 10,		/* alarms before a slow run is stopped */
	Nobody		= 65534,
	Maxout		= 1<<20,	/* RLIMIT_FSIZE of a run's output */
};

typedef struct Input Input;
struct Input
{
	uchar*	b;
	int	n;
};

/* an instruction's place in the file: its bytes and its operands' */
typedef struct Ins Ins;
struct Ins
{
	int	off;
	int	len;
	int	nop;
	int	opoff[5];
	int	oplen[5];
};

int	emumain(int, char**);
int	__real_comp386(Module*);
void	xecprep(Module*);	/* libinterp/fns.h */
int	__real_vmrun(void);
void	__real_release(void);
void	__real_acquire(void);

static Input	corpus[Maxcorpus];
static int	ncorpus;
static char*	sigs[Maxcorpus];
static int	nsigs;
static char*	jail;
static char*	outdir;
static char	errpath[1024];	/* a run's output: the reference's with -c */
static char	cerrpath[1024];	/* the compiled run's */
static char	errpath2[1024];	/* a run again, to confirm a difference */
static char	inpath[1024];
static char*	jailpath = "/f/in.dis";	/* inpath as the child sees it */
static int	budget = 3000;
static volatile int	quanta;
static volatile int	nrel;
static int	lastq;
static int	nalarm;
static ulong	rng = 2463534242UL;
static Ins	ins[Maxins];
static int	nins;
static int	codeend;
static int	cflag;		/* -c: each input compiled (emu -c1), against the reference */
static int	enter;		/* in the child: the compiled code is entered */

enum
{
	Rplain,			/* emu as fuzz/run's run campaign runs it */
	Rref,			/* -c1, the code never entered */
	Rcomp,			/* -c1 */
};

/*
 * the child runs at most budget quanta; only vmrun calls that ran a
 * prog count, so that the budget ends a run at the same instruction
 * however often an idle runner found nothing ready
 */
int
__wrap_vmrun(void)
{
	int r;

	if(quanta >= budget){
		fflush(stdout);
		_exit(Ebudget);
	}
	r = __real_vmrun();
	if(r)
		quanta++;
	return r;
}

/*
 * -c1: the reference run compiles each module as the other does, then
 * gives its instructions back their dispatch as loaded (xecprep), so
 * that the code is never entered
 */
int
__wrap_comp386(Module *m)
{
	int r;

	r = __real_comp386(m);
	if(!enter)
		xecprep(m);
	return r;
}

/* progs in builtins that released the VM (all under the VM lock) */
void
__wrap_release(void)
{
	nrel++;
	__real_release();
}

void
__wrap_acquire(void)
{
	__real_acquire();
	nrel--;
}

/* in the child: no quantum since the last alarm means emu is stuck, unless a prog waits in the host */
static void
alarmed(int sig)
{
	USED(sig);
	if(quanta == lastq){
		if(nrel > 0)
			_exit(Eblocked);
		write(2, "runfuzz: no progress\n", 21);
		_exit(Ehang);
	}
	if(++nalarm >= Maxslow)
		_exit(Eslow);
	lastq = quanta;
	alarm(Timeout);
}

static ulong
rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static int
rn(int n)
{
	if(n <= 0)
		return 0;
	return rnd() % n;
}

/* an operand in the file's encoding at p; its length in *n, -1 if truncated */
static long
getop(uchar *p, uchar *e, int *n)
{
	int c;

	if(p >= e)
		return *n = -1;
	c = p[0];
	switch(c & 0xC0){
	case 0x00:
		*n = 1;
		return c;
	case 0x40:
		*n = 1;
		return c | ~0x7F;
	case 0x80:
		if(p+2 > e)
			return *n = -1;
		*n = 2;
		c = c & 0x20 ? c | ~0x3F : c & 0x3F;
		return (c<<8) | p[1];
	}
	if(p+4 > e)
		return *n = -1;
	*n = 4;
	c = c & 0x20 ? c | ~0x3F : c & 0x3F;
	return (c<<24) | (p[1]<<16) | (p[2]<<8) | p[3];
}

/* write v in exactly n bytes of the encoding, if it fits */
static void
putop(uchar *p, int n, long v)
{
	switch(n){
	case 1:
		if(v < -64 || v > 63)
			return;
		p[0] = v < 0 ? 0x40 | (v & 0x3F) : v;
		break;
	case 2:
		if(v < -8192 || v > 8191)
			return;
		p[0] = 0x80 | ((v>>8) & 0x3F);
		p[1] = v;
		break;
	case 4:
		if(v < -(1L<<29) || v >= (1L<<29))
			return;
		p[0] = 0xC0 | ((v>>24) & 0x3F);
		p[1] = v>>16;
		p[2] = v>>8;
		p[3] = v;
		break;
	}
}

static int
addop(Ins *ip, uchar *b, uchar *e, int *pos)
{
	int n;

	getop(b+*pos, e, &n);
	if(n < 0 || ip->nop >= nelem(ip->opoff))
		return 0;
	ip->opoff[ip->nop] = *pos;
	ip->oplen[ip->nop++] = n;
	*pos += n;
	return 1;
}

static int
addfield(Ins *ip, uchar *b, uchar *e, int *pos, int mode)
{
	switch(mode){
	case AMP: case AFP: case AIMM:
		return addop(ip, b, e, pos);
	case AIND|AMP: case AIND|AFP:
		return addop(ip, b, e, pos) && addop(ip, b, e, pos);
	}
	return 1;
}

/* find the instructions of a .dis image; 0 if its header does not parse */
static int
scan(uchar *b, int len)
{
	uchar *e;
	int pos, n, k, isize, add;
	long magic;
	Ins *ip;

	e = b+len;
	pos = 0;
	nins = 0;
	codeend = len;
	magic = getop(b, e, &n);
	if(n < 0)
		return 0;
	pos += n;
	if(magic == SMAGIC){
		k = getop(b+pos, e, &n);
		if(n < 0 || k < 0 || k > len)
			return 0;
		pos += n+k;
	}
	isize = 0;
	for(k = 0; k < 8; k++){
		if(k == 3)
			isize = getop(b+pos, e, &n);
		else
			getop(b+pos, e, &n);
		if(n < 0)
			return 0;
		pos += n;
	}
	for(k = 0; k < isize && nins < Maxins && pos+2 <= len; k++){
		ip = &ins[nins];
		ip->off = pos;
		ip->nop = 0;
		add = b[pos+1];
		pos += 2;
		if((add & ARM) != AXNON && !addop(ip, b, e, &pos))
			break;
		if(!addfield(ip, b, e, &pos, USRC(add)) || !addfield(ip, b, e, &pos, UDST(add)))
			break;
		ip->len = pos-ip->off;
		nins++;
	}
	codeend = pos;
	return nins > 0;
}

static long
interesting(uchar *b, uchar *e)
{
	Ins *ip;
	int n;

	switch(rn(8)){
	case 0:	return 0;
	case 1:	return -1;
	case 2:	return 4*rn(16);
	case 3:	return 4*rn(64)+rn(4);
	case 4:	return -4*rn(8);
	case 5:	return rn(256);
	}
	/* an operand value from elsewhere in the code */
	ip = &ins[rn(nins)];
	if(ip->nop == 0)
		return 8;
	n = rn(ip->nop);
	return getop(b+ip->off+ip->opoff[n], e, &n);
}

static void
mutate1(uchar *b, int len)
{
	Ins *ip, *jp;
	int k, n, at, mode;
	long v;

	ip = &ins[rn(nins)];
	switch(rn(10)){
	case 0:
	case 1:	/* opcode */
		b[ip->off] = rn(MAXDIS);
		break;
	case 2:
	case 3:
	case 4:	/* an operand's value */
		if(ip->nop == 0)
			break;
		k = rn(ip->nop);
		at = ip->off+ip->opoff[k];
		v = getop(b+at, b+len, &n);
		if(rn(3) == 0)
			v += 4*(rn(5)-2) + (rn(4) == 0 ? rn(3)-1 : 0);
		else
			v = interesting(b, b+len);
		putop(b+at, ip->oplen[k], v);
		break;
	case 5:	/* mp <-> fp, keeping the operand count */
		at = ip->off+1;
		mode = rn(2) ? 3 : 0;
		b[at] ^= 1<<mode;
		if(rn(4) == 0 && (b[at] & ARM) != AXNON && (b[at] & ARM) != AXIMM)
			b[at] ^= 0x40;	/* AXINF <-> AXINM */
		break;
	case 6:	/* another instruction of the same length over this one */
		for(k = 0; k < 20; k++){
			jp = &ins[rn(nins)];
			if(jp->len == ip->len){
				memmove(b+ip->off, b+jp->off, ip->len);
				break;
			}
		}
		break;
	case 7:	/* the types, data and tables after the code */
		if(codeend < len){
			at = codeend+rn(len-codeend < 512 ? len-codeend : 512);
			b[at] ^= 1<<rn(8);
		}
		break;
	case 8:
		if(codeend < len){
			at = codeend+rn(len-codeend);
			b[at] = rn(3) ? rn(256) : 0xFF;
		}
		break;
	case 9:	/* any byte */
		b[rn(len)] ^= 1<<rn(8);
		break;
	}
}

static int
mutate(uchar *b, int len)
{
	int k, n;

	if(!scan(b, len)){
		b[rn(len)] ^= 1<<rn(8);
		return len;
	}
	n = 1+rn(4);
	for(k = 0; k < n; k++)
		mutate1(b, len);
	return len;
}

static int
readall(char *path, uchar *b, int max)
{
	int fd, n, t;

	fd = open(path, O_RDONLY);
	if(fd < 0)
		return -1;
	t = 0;
	while(t < max && (n = read(fd, b+t, max-t)) > 0)
		t += n;
	close(fd);
	return t;
}

static int
writeall(char *path, uchar *b, int n)
{
	int fd, r;

	fd = open(path, O_WRONLY|O_CREAT|O_TRUNC, 0644);
	if(fd < 0)
		return -1;
	r = write(fd, b, n);
	close(fd);
	return r == n ? 0 : -1;
}

/*
 * memory of the driver's own that its malloc heap does not see: a child
 * inherits that heap, and the addresses the VM gets in it decide what a
 * mutant's stray integers hit; with it the same size at every fork (and
 * ASLR off: fuzz/run uses setarch -R), a crash replays with -x.
 */
static void*
pmalloc(int n)
{
	void *v;

	v = mmap(nil, n, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0);
	if(v == MAP_FAILED){
		perror("runfuzz: mmap");
		exit(1);
	}
	return v;
}

static void
addcorpus(uchar *b, int n)
{
	if(ncorpus >= Maxcorpus)
		return;
	corpus[ncorpus].b = pmalloc(n);
	memmove(corpus[ncorpus].b, b, n);
	corpus[ncorpus].n = n;
	ncorpus++;
}

static void
child(int how, char *out)
{
	struct rlimit rl;
	char *argv[] = { "emu", "-c1", "-h", "8m", "-r", "/", jailpath, nil };
	int fd;

	fd = open(out, O_WRONLY|O_CREAT|O_TRUNC, 0644);
	if(fd < 0)
		_exit(99);
	dup2(fd, 1);
	dup2(fd, 2);
	close(fd);
	fd = open("/dev/null", O_RDONLY);
	dup2(fd, 0);
	close(fd);
	if(chroot(jail) < 0 || chdir("/") < 0)
		_exit(98);
	if(setgid(Nobody) < 0 || setuid(Nobody) < 0)
		_exit(97);
	rl.rlim_cur = rl.rlim_max = 512<<20;
	setrlimit(RLIMIT_AS, &rl);
	rl.rlim_cur = rl.rlim_max = Maxout;
	setrlimit(RLIMIT_FSIZE, &rl);
	rl.rlim_cur = rl.rlim_max = 0;
	setrlimit(RLIMIT_CORE, &rl);
	signal(SIGXFSZ, SIG_IGN);
	signal(SIGALRM, alarmed);
	alarm(Timeout);
	enter = how == Rcomp;
	if(how != Rplain)
		_exit(emumain(7, argv));
	argv[1] = argv[0];	/* without -c1 */
	_exit(emumain(6, argv+1));
}

/* run the input in inpath (how: Rplain, Rref, Rcomp), its output to out; the wait status */
static int
runone(int how, char *out)
{
	int pid, st;

	pid = fork();
	if(pid < 0){
		perror("runfuzz: fork");
		exit(1);
	}
	if(pid == 0)
		child(how, out);
	if(waitpid(pid, &st, 0) < 0){
		perror("runfuzz: wait");
		exit(1);
	}
	return st;
}

static int
isbug(int st)
{
	if(WIFSIGNALED(st))
		return 1;
	return WEXITSTATUS(st) == 2 || WEXITSTATUS(st) == Ehang || WEXITSTATUS(st) > Eslow;
}

static char*
describe(int st, char *buf, int n)
{
	if(WIFSIGNALED(st))
		snprint(buf, n, "signal %d", WTERMSIG(st));
	else if(WEXITSTATUS(st) == Ebudget)
		snprint(buf, n, "budget");
	else if(WEXITSTATUS(st) == Ehang)
		snprint(buf, n, "no progress");
	else if(WEXITSTATUS(st) == Eblocked)
		snprint(buf, n, "blocked in the host");
	else if(WEXITSTATUS(st) == Eslow)
		snprint(buf, n, "slow");
	else if(WEXITSTATUS(st) == 2)
		snprint(buf, n, "panic");
	else
		snprint(buf, n, "exit %d", WEXITSTATUS(st));
	return buf;
}

/* the first line of what emu said (in out), digits and hex dropped: a behaviour's signature */
static char*
signature(int st, char *out)
{
	static char buf[256];
	char raw[256];
	int n, i, j;

	n = readall(out, (uchar*)raw, sizeof raw - 1);
	if(n < 0)
		n = 0;
	raw[n] = 0;
	j = snprint(buf, sizeof buf, "%d:", st);
	for(i = 0; i < n && raw[i] != '\n' && j < sizeof buf - 1; i++){
		if(raw[i] >= '0' && raw[i] <= '9' || raw[i] == 'x')
			continue;
		buf[j++] = raw[i];
	}
	buf[j] = 0;
	return buf;
}

/*
 * did the run (its output in out) fault outside the pages about nil
 * (H is -1: a field through it lies just past 0, its block header just
 * below 2^32)?  Then Dis code reached outside its heap.
 */
static int
escaped(char *out)
{
	char b[4096], *p;
	ulong a;
	int n;

	n = readall(out, (uchar*)b, sizeof b - 1);
	if(n <= 0)
		return 0;
	b[n] = 0;
	for(p = b; (p = strstr(p, "sys: trap: fault ")) != nil; p++){
		p = strstr(p, "addr=");
		if(p == nil)
			break;
		a = strtoul(p+5, nil, 0);
		if(a >= 4096 && a < 0xFFFFF000UL)
			return 1;
	}
	return 0;
}

/*
 * -c: did the program end the run st, not the clock?  Exit 0 or 1, or
 * the budget; blocked in the host or slow depend on time
 */
static int
decided(int st)
{
	if(!WIFEXITED(st))
		return 0;
	return WEXITSTATUS(st) == 0 || WEXITSTATUS(st) == 1 || WEXITSTATUS(st) == Ebudget;
}

/*
 * did two runs end alike, in status and output to the byte?  If not,
 * *at is the offset where the outputs part (-1: only the status)
 */
static int
same(int st1, char *out1, int st2, char *out2, int *at)
{
	static uchar b1[Maxout+1], b2[Maxout+1];
	int n1, n2, i;

	n1 = readall(out1, b1, sizeof b1);
	n2 = readall(out2, b2, sizeof b2);
	if(n1 < 0)
		n1 = 0;
	if(n2 < 0)
		n2 = 0;
	for(i = 0; i < n1 && i < n2 && b1[i] == b2[i]; i++)
		;
	*at = i < n1 || i < n2 ? i : -1;
	return st1 == st2 && *at < 0;
}

/* copy a run's output beside what is saved */
static void
keep(char *from, char *to)
{
	static uchar b[Maxout+1];
	int n;

	n = readall(from, b, sizeof b);
	if(n >= 0)
		writeall(to, b, n);
}

static int
newsig(char *s)
{
	int i;

	for(i = 0; i < nsigs; i++)
		if(strcmp(sigs[i], s) == 0)
			return 0;
	if(nsigs < Maxcorpus){
		sigs[nsigs] = pmalloc(strlen(s)+1);
		strcpy(sigs[nsigs++], s);
	}
	return 1;
}

static void
usage(void)
{
	fprint(2, "usage: runfuzz -j jail -o outdir [-c] [-t secs] [-b quanta] [-s seed] seed.dis ...\n");
	fprint(2, "       runfuzz -j jail [-c] [-b quanta] -x file.dis ...\n");
	fprint(2, "       runfuzz -g n -o outdir [-s seed] seed.dis ...\n");
	exit(2);
}

static void
replay(int argc, char **argv)
{
	static uchar b[Maxin];
	char buf[64], out[4096];
	int i, n, st, cst, at;

	for(i = 0; i < argc; i++){
		n = readall(argv[i], b, sizeof b);
		if(n < 0 || writeall(inpath, b, n) < 0){
			fprint(2, "runfuzz: %s: %r\n", argv[i]);
			continue;
		}
		st = runone(cflag ? Rref : Rplain, errpath);
		n = readall(errpath, (uchar*)out, sizeof out - 1);
		out[n > 0 ? n : 0] = 0;
		print("%s: %s%s%s\n%s", argv[i], cflag ? "interpreted: " : "", describe(st, buf, sizeof buf),
			isbug(st) ? " BUG" : escaped(errpath) ? " ESCAPE" : "", out);
		if(!cflag)
			continue;
		cst = runone(Rcomp, cerrpath);
		n = readall(cerrpath, (uchar*)out, sizeof out - 1);
		out[n > 0 ? n : 0] = 0;
		print("%s: compiled: %s%s\n%s", argv[i], describe(cst, buf, sizeof buf),
			isbug(cst) ? " BUG" : escaped(cerrpath) ? " ESCAPE" : "", out);
		if(same(st, errpath, cst, cerrpath, &at))
			print("%s: same\n", argv[i]);
		else if(!decided(st) || !decided(cst))
			print("%s: not compared (ended by the clock)\n", argv[i]);
		else if(at < 0)
			print("%s: DIFFERENT status\n", argv[i]);
		else
			print("%s: DIFFERENT%s output from byte %d\n", argv[i], st != cst ? " status and" : "", at);
	}
}

/* the seeds named, into the corpus (files too big skipped); at least one */
static void
readseeds(int argc, char **argv)
{
	static uchar b[Maxin];
	int i, n;

	for(i = 0; i < argc; i++){
		n = readall(argv[i], b, sizeof b);
		if(n > 0 && n < sizeof b)
			addcorpus(b, n);
	}
	if(ncorpus == 0)
		usage();
}

/* write n mutants of the corpus into outdir, run none */
static void
generate(int n)
{
	static uchar b[Maxin];
	char path[1024];
	Input *in;
	int i, len;

	for(i = 0; i < n; i++){
		in = &corpus[rn(ncorpus)];
		memmove(b, in->b, in->n);
		len = mutate(b, in->n);
		snprint(path, sizeof path, "%s/m%05d.dis", outdir, i);
		if(writeall(path, b, len) < 0){
			fprint(2, "runfuzz: %s: %r\n", path);
			exit(1);
		}
	}
}

static int	nrun, nbug, nhang, nesc, nbudget, nfine;
static int	ndiff, nflaky, nnondet, nclock;

/* save the input b as outdir/kind-N.dis (N: the run), say why */
static void
save(char *kind, uchar *b, int n, char *why)
{
	char path[1024];

	snprint(path, sizeof path, "%s/%s-%d.dis", outdir, kind, nrun);
	writeall(path, b, n);
	print("runfuzz: %s: %s\n", path, why);
}

/* is the run st (output in out) of b a crash, hang or escape?  Then saved and counted */
static int
bug(int st, char *out, uchar *b, int n, char *how)
{
	char buf[64], why[512];
	int hang;

	if(isbug(st)){
		hang = WIFEXITED(st) && WEXITSTATUS(st) == Ehang;
		if(hang)
			nhang++;
		else
			nbug++;
		snprint(why, sizeof why, "%s%s: %s", how, describe(st, buf, sizeof buf), signature(st, out));
		save(hang ? "hang" : "crash", b, n, why);
		return 1;
	}
	if(escaped(out)){
		nesc++;
		snprint(why, sizeof why, "%s%s", how, signature(st, out));
		save("escape", b, n, why);
		return 1;
	}
	return 0;
}

/*
 * -c: the compiled run of b (cst, output in cerrpath) against the
 * reference (st, errpath); a difference is run again both ways
 */
static void
compare(int st, int cst, uchar *b, int n)
{
	char path[1024], why[512], b1[64], b2[64], *kind;
	int st2, at, at2;

	if(same(st, errpath, cst, cerrpath, &at))
		return;
	if(!decided(st) || !decided(cst)){
		nclock++;
		return;
	}
	st2 = runone(Rref, errpath2);
	if(!same(st, errpath, st2, errpath2, &at2)){
		nnondet++;
		return;
	}
	st2 = runone(Rcomp, errpath2);
	if(same(st, errpath, st2, errpath2, &at2)){
		kind = "flaky";
		nflaky++;
	}else{
		kind = "diff";
		ndiff++;
	}
	snprint(why, sizeof why, "interpreted %s, compiled %s, output from byte %d",
		describe(st, b1, sizeof b1), describe(cst, b2, sizeof b2), at);
	save(kind, b, n, why);
	snprint(path, sizeof path, "%s/%s-%d.int", outdir, kind, nrun);
	keep(errpath, path);
	snprint(path, sizeof path, "%s/%s-%d.comp", outdir, kind, nrun);
	keep(cerrpath, path);
}

/* run the mutant b (in inpath), as emu or (-c) both ways; 0 if it did not load */
static int
fuzzone(uchar *b, int n)
{
	char *sg;
	int st, cst;

	st = runone(cflag ? Rref : Rplain, errpath);
	nrun++;
	if(bug(st, errpath, b, n, cflag ? "interpreted: " : ""))
		return 1;
	sg = signature(st, errpath);
	if(strstr(sg, "cannot load") != nil)
		return 0;	/* nothing compiled either */
	if(cflag){
		cst = runone(Rcomp, cerrpath);
		if(bug(cst, cerrpath, b, n, "compiled: "))
			return 1;
		compare(st, cst, b, n);
		sg = signature(st, errpath);
	}
	if(WIFEXITED(st) && WEXITSTATUS(st) == Ebudget)
		nbudget++;
	nfine++;
	if(newsig(sg))
		addcorpus(b, n);
	return 1;
}

/* the campaign's figures so far */
static void
progress(char *what, long secs)
{
	print("runfuzz: %s%lds: %d execs (%ld/s), %d loaded and ran (%d to the budget), corpus %d, crashes %d, hangs %d, escapes %d",
		what, secs, nrun, nrun/(secs+1), nfine, nbudget, ncorpus, nbug, nhang, nesc);
	if(cflag)
		print(", differences %d, flaky %d, nondeterministic %d, not compared (clock) %d", ndiff, nflaky, nnondet, nclock);
	print("\n");
}

int
main(int argc, char **argv)
{
	static uchar b[Maxin];
	int i, n, secs, xmode, ngen;
	long t0, tlast, now;
	Input *in;

	/*
	 * emu retires a thread with pthread_exit, which loads libgcc_s for
	 * the unwinder: the jail has no libraries, so load it here, before
	 * the children chroot (else every run ends in a false abort)
	 */
	if(dlopen("libgcc_s.so.1", RTLD_NOW|RTLD_GLOBAL) == nil)
		fprint(2, "runfuzz: warning: %s: thread exits will abort in the jail\n", dlerror());
	secs = 60;
	xmode = 0;
	ngen = 0;
	for(i = 1; i < argc && argv[i][0] == '-'; i++){
		if(strcmp(argv[i], "-x") == 0)
			xmode = 1;
		else if(strcmp(argv[i], "-c") == 0)
			cflag = 1;
		else if(i+1 >= argc)
			usage();
		else if(strcmp(argv[i], "-g") == 0)
			ngen = atoi(argv[++i]);
		else if(strcmp(argv[i], "-j") == 0)
			jail = argv[++i];
		else if(strcmp(argv[i], "-o") == 0)
			outdir = argv[++i];
		else if(strcmp(argv[i], "-t") == 0)
			secs = atoi(argv[++i]);
		else if(strcmp(argv[i], "-b") == 0)
			budget = atoi(argv[++i]);
		else if(strcmp(argv[i], "-s") == 0)
			rng = strtoul(argv[++i], nil, 0) | 1;
		else
			usage();
	}
	if(ngen > 0){
		if(outdir == nil)
			usage();
		readseeds(argc-i, argv+i);
		generate(ngen);
		return 0;
	}
	if(jail == nil || !xmode && outdir == nil)
		usage();
	if(xmode)
		jailpath = "/f/replay.dis";	/* a campaign may be running */
	snprint(inpath, sizeof inpath, "%s%s", jail, jailpath);
	snprint(errpath, sizeof errpath, "%s%s.err", jail, xmode ? ".replay" : "");
	snprint(cerrpath, sizeof cerrpath, "%s%s.cerr", jail, xmode ? ".replay" : "");
	snprint(errpath2, sizeof errpath2, "%s%s.err2", jail, xmode ? ".replay" : "");
	if(xmode){
		replay(argc-i, argv+i);
		return 0;
	}
	readseeds(argc-i, argv+i);
	print("runfuzz: %d seeds, budget %d quanta, %d s%s\n", ncorpus, budget, secs,
		cflag ? ", compiled (-c1) against the interpreter" : "");
	t0 = tlast = time(nil);
	for(;;){
		now = time(nil);
		if(now-t0 >= secs)
			break;
		if(now-tlast >= 60){
			progress("", now-t0);
			tlast = now;
		}
		in = &corpus[rn(ncorpus)];
		n = in->n;
		memmove(b, in->b, n);
		n = mutate(b, n);
		if(writeall(inpath, b, n) < 0){
			fprint(2, "runfuzz: %s: %r\n", inpath);
			return 1;
		}
		fuzzone(b, n);
	}
	progress("done: ", time(nil)-t0);
	return 0;
}
