/*
 * kstub -- the host under libinterp for the libFuzzer harness of the
 * loader (fuzz/disload.c): one thread, errors by setjmp, and every
 * kernel.h call failing ("not in the fuzzer"): parsemod works from
 * memory and makes none.  emu itself is built with -fplan9-extensions,
 * which clang lacks, so the harness cannot link it.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
#include <setjmp.h>
#include <time.h>

enum
{
	Nlab	= 32,
};

static jmp_buf	errlabs[Nlab];
static int	nlab;
static char	errbuf[ERRMAX];
static char	Enotin[] = "not in the fuzzer";

/* waserror() for the harness: if(setjmp(*kstubpush())) ... */
jmp_buf*
kstubpush(void)
{
	if(nlab >= Nlab)
		abort();
	return &errlabs[nlab++];
}

void
kstubpop(void)
{
	nlab--;
}

char*
kstuberr(void)
{
	return errbuf;
}

void
error(char *s)
{
	if(nlab <= 0){
		fprint(2, "error with no label: %s\n", s);
		abort();
	}
	if(s != errbuf)
		utfecpy(errbuf, errbuf+sizeof errbuf, s);
	longjmp(errlabs[--nlab], 1);
}

void	release(void) {}
void	acquire(void) {}
/* no host call here ever blocks, so there is none to interrupt */
void	swiprog(Prog *p) { USED(p); }

static int
fail(void)
{
	werrstr("%s", Enotin);
	return -1;
}

int	kopen(char *p, int m) { USED(p); USED(m); return fail(); }
int	kcreate(char *p, int m, ulong perm) { USED(p); USED(m); USED(perm); return fail(); }
long	kread(int fd, void *b, long n) { USED(fd); USED(b); USED(n); return fail(); }
long	kwrite(int fd, void *b, long n) { USED(fd); USED(b); USED(n); return fail(); }
long	kpread(int fd, void *b, long n, vlong o) { USED(fd); USED(b); USED(n); USED(o); return fail(); }
long	kpwrite(int fd, void *b, long n, vlong o) { USED(fd); USED(b); USED(n); USED(o); return fail(); }
vlong	kseek(int fd, vlong o, int w) { USED(fd); USED(o); USED(w); return fail(); }
int	kclose(int fd) { USED(fd); return fail(); }
int	kremove(char *p) { USED(p); return fail(); }
int	kpipe(int fd[2]) { USED(fd); return fail(); }
int	kdup(int o, int n) { USED(o); USED(n); return fail(); }
int	kiounit(int fd) { USED(fd); return fail(); }
char*	kfd2path(int fd) { USED(fd); fail(); return nil; }
Fgrp*	kfgrp(void) { return nil; }
void	kfdclose(Fgrp *g, int fd) { USED(g); USED(fd); }
Dir*	kstat(char *p) { USED(p); fail(); return nil; }
Dir*	kfstat(int fd) { USED(fd); fail(); return nil; }
int	kwstat(char *p, Dir *d) { USED(p); USED(d); return fail(); }
int	kfwstat(int fd, Dir *d) { USED(fd); USED(d); return fail(); }
long	kdirread(int fd, Dir **d) { USED(fd); *d = nil; return fail(); }
int	kbind(char *o, char *n, int f) { USED(o); USED(n); USED(f); return fail(); }
int	kunmount(char *o, char *n) { USED(o); USED(n); return fail(); }
int	kchdir(char *p) { USED(p); return fail(); }
int	kmount(int fd, int afd, char *o, int f, char *s) { USED(fd); USED(afd); USED(o); USED(f); USED(s); return fail(); }
int	kfversion(int fd, uint m, char *v, uint n) { USED(fd); USED(m); USED(v); USED(n); return fail(); }
int	kfauth(int fd, char *a) { USED(fd); USED(a); return fail(); }
int	kexport(int fd, char *d, int a) { USED(fd); USED(d); USED(a); return fail(); }
int	kfile2chan(char *d, char *f, void *io) { USED(d); USED(f); USED(io); return fail(); }
int	kdial(char *a, char *l, char *d, int *c) { USED(a); USED(l); USED(d); USED(c); return fail(); }
int	kannounce(char *a, char *d) { USED(a); USED(d); return fail(); }
int	klisten(char *d, char *n) { USED(d); USED(n); return fail(); }
int	kpctl(int f, int *k, int n) { USED(f); USED(k); USED(n); return 0; }
Osenv*	kenvfork(Osenv *p) { USED(p); return nil; }
void	kenvfree(Osenv *e) { USED(e); }
uchar*	kreadfile(char *p, ulong *n) { USED(p); USED(n); fail(); return nil; }
int	kerrstr(char *buf, uint n) { return rerrstr(buf, n); }

void
kwerrstr(char *fmt, ...)
{
	char buf[ERRMAX];
	va_list arg;

	va_start(arg, fmt);
	vseprint(buf, buf+sizeof buf, fmt, arg);
	va_end(arg);
	werrstr("%s", buf);
}

static vlong
nsec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (vlong)ts.tv_sec*1000000000LL + ts.tv_nsec;
}

long	osmillisec(void) { return nsec()/1000000; }
vlong	osusectime(void) { return nsec()/1000; }
vlong	osfastticks(uvlong *hz) { if(hz != nil) *hz = 1000000000ULL; return nsec(); }
void	osyield(void) {}
int	ossleep(long ms) { USED(ms); return 0; }

/* random bytes for $Keyring and $IPints (lib9's mp.h): a fixed stream */
void
genrandom(uchar *p, int n)
{
	static ulong x = 1;

	while(n-- > 0){
		x = x*1103515245 + 12345;
		*p++ = x>>16;
	}
}

/* compiled code's memory: the harness never compiles (no vmcompile) */
void*	compmem(ulong n) { USED(n); return nil; }
int	compexec(void *p, ulong n) { USED(p); USED(n); return 0; }
void	compfree(void *p, ulong n) { USED(p); USED(n); }
