/*
 * kernel.h: what a host supplies to the Dis VM (libinterp).
 * emu/ implements it over Linux, port/ over the kernel's Chans.
 * Include after u.h, lib9.h (and interp.h where Prog is needed).
 *
 * Errors follow Plan 9: a call that fails returns -1 (or nil) and leaves
 * an error string, in Inferno's words ("file does not exist",
 * "permission denied", ...), for kerrstr to fetch.  The string belongs to
 * the calling thread of control (the Prog's kernel proc, or emu's thread),
 * so it survives release()/acquire().
 *
 * Per-Prog state (fd group, name space, current directory, user) lives in
 * an Osenv that the host defines and the VM only carries: Prog.osenv.
 * Every k* call acts on the calling Prog's Osenv.
 *
 * Calls that can block (all file i/o, open, stat, sleep ...) are made by
 * sysmod between release() and acquire(): the Prog gives up the VM so
 * that other Progs run meanwhile, and must not touch the Dis heap until
 * acquire() returns.  Buffers passed in are kept alive by the caller.
 */

typedef struct Qid	Qid;
typedef struct Dir	Dir;
typedef struct Osenv	Osenv;
typedef struct Fgrp	Fgrp;

enum
{
	KERRMAX	= 128,		/* longest error string, with its NUL */
	KNAMEMAX	= 256,	/* longest file name element */

	/* open modes, as Sys->OREAD ... */
	KOREAD	= 0,
	KOWRITE	= 1,
	KORDWR	= 2,
	KOEXEC	= 3,
	KOTRUNC	= 16,
	KORCLOSE	= 64,
	KOEXCL	= 0x1000,

	/* Qid.type and the top byte of Dir.mode */
	KQTDIR	= 0x80,
	KQTAPPEND	= 0x40,
	KQTEXCL	= 0x20,
	KQTAUTH	= 0x08,
	KQTTMP	= 0x04,
	KQTFILE	= 0,

	/* bind flags, as Sys->MREPL ... */
	KMREPL	= 0,
	KMBEFORE	= 1,
	KMAFTER	= 2,
	KMCREATE	= 4,

	/* pctl flags, as Sys->NEWFD ... */
	KNEWFD	= 1<<0,
	KFORKFD	= 1<<1,
	KNEWNS	= 1<<2,
	KFORKNS	= 1<<3,
	KNEWPGRP	= 1<<4,
	KNODEVS	= 1<<5,
	KNEWENV	= 1<<6,
	KFORKENV	= 1<<7,
};

#define	KDMDIR		0x80000000UL
#define	KDMAPPEND	0x40000000UL
#define	KDMEXCL		0x20000000UL
#define	KDMAUTH		0x08000000UL
#define	KDMTMP		0x04000000UL

struct Qid
{
	uvlong	path;
	ulong	vers;
	uchar	type;
};

/* a Plan 9 directory entry; strings point into the same allocation */
struct Dir
{
	ushort	type;	/* device type letter, as a rune */
	uint	dev;	/* device instance */
	Qid	qid;
	ulong	mode;	/* permissions, DMDIR ... */
	ulong	atime;	/* seconds since the epoch */
	ulong	mtime;
	vlong	length;
	char*	name;	/* last element of the path */
	char*	uid;
	char*	gid;
	char*	muid;
};

/* files: -1 on error (kerrstr says why) */
int	kopen(char *path, int mode);
int	kcreate(char *path, int mode, ulong perm);
long	kread(int fd, void *buf, long n);
long	kwrite(int fd, void *buf, long n);
long	kpread(int fd, void *buf, long n, vlong off);
long	kpwrite(int fd, void *buf, long n, vlong off);
vlong	kseek(int fd, vlong off, int whence);
int	kclose(int fd);
int	kremove(char *path);
int	kpipe(int fd[2]);
int	kdup(int old, int new);	/* new == -1: lowest free; returns the new fd */
int	kiounit(int fd);	/* largest single i/o; 0 if unknown */
char*	kfd2path(int fd);	/* malloc'd name the fd was opened by, or nil */

/*
 * A Sys->FD closes its fd when the last reference goes, perhaps while
 * another Prog runs: it remembers its fd group.  kfgrp returns the
 * calling Prog's group with a new reference; kfdclose closes fd in grp
 * and drops that reference.  Neither blocks.
 */
Fgrp*	kfgrp(void);
void	kfdclose(Fgrp *grp, int fd);

/*
 * stat: kstat and kfstat return one malloc'd Dir (free it with free).
 * kwstat and kfwstat change the fields of d that are not "don't care":
 * ~0 for numbers, nil or "" for strings (Plan 9's nulldir).
 * kdirread sets *d to a malloc'd array of n Dirs (one allocation) and
 * returns n, 0 at the end of the directory, -1 on error.
 */
Dir*	kstat(char *path);
Dir*	kfstat(int fd);
int	kwstat(char *path, Dir *d);
int	kfwstat(int fd, Dir *d);
long	kdirread(int fd, Dir **d);

/* name space */
int	kbind(char *old, char *new, int flags);
int	kunmount(char *old, char *new);	/* old nil: everything on new */
int	kchdir(char *path);

/*
 * Styx and the network.  kmount mounts the server on fd (afd, or -1,
 * proving who we are) on old; kfversion sends Tversion on fd and
 * returns the message size agreed (the version in vers); kfauth opens
 * the server's authentication file; kexport serves the name space at
 * dir on fd until the client goes (async: in the background);
 * kfile2chan makes file in the #s directory dir, served by the
 * channels of fileio, a Sys->FileIO the caller keeps alive.
 * kdial, kannounce and klisten connect through /net (dir gets the
 * connection's directory, at least KNAMEMAX bytes): kdial returns the
 * data fd and its ctl fd in *cfd; kannounce and klisten return a ctl
 * fd.  All block; -1 on error.
 */
int	kmount(int fd, int afd, char *old, int flags, char *spec);
int	kfversion(int fd, uint msize, char *vers, uint nvers);
int	kfauth(int fd, char *aname);
int	kexport(int fd, char *dir, int async);
int	kfile2chan(char *dir, char *file, void *fileio);
int	kdial(char *addr, char *local, char *dir, int *cfd);
int	kannounce(char *addr, char *dir);
int	klisten(char *dir, char *newdir);

/*
 * pctl: apply KNEWFD ... KFORKENV to the calling Prog's Osenv.
 * keep lists the fds that survive KNEWFD.  The pid result of
 * Sys->pctl comes from the VM, not from here.
 */
int	kpctl(int flags, int *keep, int nkeep);

/*
 * Osenv life: spawn calls kenvfork for the child; the child shares the
 * parent's fd group, name space and environment (Inferno's spawn).
 * The VM calls kenvfree when a Prog exits.  Initial Prog: kenvfork(nil).
 */
Osenv*	kenvfork(Osenv *parent);
void	kenvfree(Osenv *e);

/* errors: copy the calling thread's error string; kwerrstr sets it */
int	kerrstr(char *buf, uint n);
void	kwerrstr(char *fmt, ...);

/* time */
long	osmillisec(void);		/* milliseconds since the host started */
vlong	osusectime(void);		/* microseconds since the epoch */
vlong	osfastticks(uvlong *hz);	/* a fast counter; *hz its frequency */
void	osyield(void);			/* let other host threads run */
int	ossleep(long ms);		/* sleep; called released; 0, or -1 if interrupted */

/* the VM handoff around blocking calls (see above) */
void	release(void);
void	acquire(void);

/*
 * module loading: read a whole file (a .dis) into a malloc'd buffer;
 * *n gets its length.  nil on error, with kerrstr set.
 */
uchar*	kreadfile(char *path, ulong *n);
