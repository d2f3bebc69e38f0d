/*
 * kernel.h over Linux.
 *
 * Name space: a mount table maps Minos paths to host paths.  The default
 * binds the host's / on /, then each top-level directory of the emu root
 * (o/root: dis, module, ...) on /NAME, so /dis/lib/bufio.dis is the
 * root's and /tmp is the host's.  bind adds entries (MREPL replaces,
 * MBEFORE and MAFTER make a union searched in order; MCREATE marks where
 * create goes), unmount removes them.  The longest mount point that
 * prefixes a path decides; no deeper union merging.
 *
 * Fd groups hold host fds; a group is shared by spawn and copied (with
 * dup) by pctl FORKFD or NEWFD.  Pipes are socket pairs: both ends read
 * and write, as on Plan 9.
 */
#include "emu.h"
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <dirent.h>
#include <time.h>
#include <utime.h>
#include <stdio.h>
#include <signal.h>

typedef struct Hfd Hfd;
typedef struct Mount Mount;
typedef struct Pgrp Pgrp;

struct Hfd
{
	int	fd;		/* host fd */
	char*	path;		/* Minos name it was opened by */
	int	isdir;
	char**	dirs;		/* directory: host directories of the union */
	int	ndirs;
	Dir*	ents;		/* directory: entries read, returned once */
	int	dirdone;
	char*	rclose;		/* ORCLOSE: host file to remove on close */
	int	cons;		/* one of emu's console files (Ccons ...), or 0 */
	int	wfd;		/* Ccons opened ORDWR: host fd for writing, else -1 */
	vlong	off;		/* offset in a generated console file */
};

struct Fgrp
{
	pthread_mutex_t	lk;
	int	ref;
	int	nfd;
	Hfd**	fd;
};

struct Mount
{
	char*	on;		/* Minos mount point, clean */
	char*	host;		/* host directory or file */
	int	flags;
	Mount*	next;
};

struct Pgrp
{
	pthread_mutex_t	lk;
	int	ref;
	Mount*	mnt;
	char*	dot;		/* current directory, a clean Minos path */
};

struct Osenv
{
	Fgrp*	fgrp;
	Pgrp*	pgrp;
};

/*
 * emu's console files, as Inferno's emu serves #c: they live in the
 * pseudo host directory "#c", bound after the host's /dev, so that
 * /dev/cons is emu's standard input and output and /dev/time, msec,
 * user and sysname are generated; /dev/null and the rest are the host's.
 */
enum
{
	Ccons	= 1,
	Cmsec,
	Csysname,
	Ctime,
	Cuser,
};

static struct
{
	char*	name;
	int	q;
	int	perm;
} consfiles[] = {
	"cons",		Ccons,		0666,
	"msec",		Cmsec,		0444,
	"sysname",	Csysname,	0444,
	"time",		Ctime,		0444,
	"user",		Cuser,		0444,
};

static char*	emuroot;
static uvlong	t0;

enum
{
	MAXFD	= 1024,
	MAXCAND	= 16,
};

static void	oserr(void);

/* an error from i/o on an fd known to be open: EBADF means the wrong mode */
static void
ioerr(void)
{
	if(errno == EBADF)
		werrstr("inappropriate use of fd");
	else
		oserr();
}

/* Inferno's words for host errors */
static void
oserr(void)
{
	char *s;

	switch(errno){
	case ENOENT:	s = "file does not exist"; break;
	case EACCES:
	case EPERM:	s = "permission denied"; break;
	case EEXIST:	s = "file already exists"; break;
	case EISDIR:	s = "file is a directory"; break;
	case ENOTDIR:	s = "not a directory"; break;
	case EBADF:	s = "fd out of range or not open"; break;
	case ENOTEMPTY:	s = "directory not empty"; break;
	case EROFS:	s = "file system read only"; break;
	case ENOMEM:	s = "out of memory"; break;
	case EINVAL:	s = "bad arg in system call"; break;
	case ENAMETOOLONG:	s = "file name too long"; break;
	case EMFILE:
	case ENFILE:	s = "no free file descriptors"; break;
	case ESPIPE:	s = "seek on a stream"; break;
	case EPIPE:	s = "i/o on hungup channel"; break;
	case EINTR:	s = "interrupted"; break;
	case EBUSY:	s = "device or object already in use"; break;
	case ENOSPC:	s = "file system full"; break;
	case EXDEV:	s = "cross-device rename"; break;
	default:	s = "i/o error"; break;
	}
	werrstr("%s", s);
}

int
kerrstr(char *buf, uint n)
{
	return rerrstr(buf, n);
}

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

static void*
emalloc(ulong n)
{
	void *p;

	p = mallocz(n, 1);
	if(p == nil)
		panic("out of memory");
	return p;
}

static char*
estrdup(char *s)
{
	char *p;

	p = strdup(s);
	if(p == nil)
		panic("out of memory");
	return p;
}

/*
 * fd groups
 */
static Fgrp*
newfgrp(void)
{
	Fgrp *g;

	g = emalloc(sizeof *g);
	pthread_mutex_init(&g->lk, nil);
	g->ref = 1;
	return g;
}

static void
freehfd(Hfd *h)
{
	if(h == nil)
		return;
	if(h->fd >= 0)
		close(h->fd);
	if(h->rclose != nil){
		unlink(h->rclose);
		free(h->rclose);
	}
	free(h->path);
	while(h->ndirs > 0)
		free(h->dirs[--h->ndirs]);
	free(h->dirs);
	free(h->ents);
	free(h);
}

static void
fgrpdecref(Fgrp *g)
{
	int i, r;

	pthread_mutex_lock(&g->lk);
	r = --g->ref;
	pthread_mutex_unlock(&g->lk);
	if(r > 0)
		return;
	for(i = 0; i < g->nfd; i++)
		freehfd(g->fd[i]);
	free(g->fd);
	free(g);
}

static Hfd*
duphfd(Hfd *o)
{
	Hfd *h;
	int i;

	h = emalloc(sizeof *h);
	h->fd = dup(o->fd);
	h->path = estrdup(o->path);
	h->isdir = o->isdir;
	h->dirs = emalloc((o->ndirs+1)*sizeof(char*));
	for(i = 0; i < o->ndirs; i++)
		h->dirs[i] = estrdup(o->dirs[i]);
	h->ndirs = o->ndirs;
	return h;
}

/* put h in the lowest free slot (or slot want); the fd number or -1 */
static int
fdalloc(Fgrp *g, Hfd *h, int want)
{
	int i, n;

	pthread_mutex_lock(&g->lk);
	if(want < 0){
		for(i = 0; i < g->nfd; i++)
			if(g->fd[i] == nil)
				break;
	}else
		i = want;
	if(i >= MAXFD){
		pthread_mutex_unlock(&g->lk);
		werrstr("no free file descriptors");
		return -1;
	}
	if(i >= g->nfd){
		n = i+16;
		g->fd = realloc(g->fd, n*sizeof(Hfd*));
		if(g->fd == nil)
			panic("out of memory");
		memset(g->fd+g->nfd, 0, (n-g->nfd)*sizeof(Hfd*));
		g->nfd = n;
	}
	if(g->fd[i] != nil)
		freehfd(g->fd[i]);
	g->fd[i] = h;
	pthread_mutex_unlock(&g->lk);
	return i;
}

static Osenv*	hostenv;	/* for calls made outside any Prog (loading the first module) */

static Osenv*
env(void)
{
	Osenv *e;

	e = curenv();
	if(e == nil){
		if(hostenv == nil)
			hostenv = kenvfork(nil);
		e = hostenv;
	}
	return e;
}

/* the host fd behind fd, or -1 with an error; *hp gets the Hfd */
static int
hostfd(int fd, Hfd **hp)
{
	Fgrp *g;
	Hfd *h;

	g = env()->fgrp;
	pthread_mutex_lock(&g->lk);
	h = fd >= 0 && fd < g->nfd ? g->fd[fd] : nil;
	pthread_mutex_unlock(&g->lk);
	if(h == nil){
		werrstr("fd out of range or not open");
		return -1;
	}
	if(hp != nil)
		*hp = h;
	return h->fd;
}

Fgrp*
kfgrp(void)
{
	Fgrp *g;

	g = env()->fgrp;
	pthread_mutex_lock(&g->lk);
	g->ref++;
	pthread_mutex_unlock(&g->lk);
	return g;
}

void
kfdclose(Fgrp *g, int fd)
{
	Hfd *h;

	h = nil;
	pthread_mutex_lock(&g->lk);
	if(fd >= 0 && fd < g->nfd){
		h = g->fd[fd];
		g->fd[fd] = nil;
	}
	pthread_mutex_unlock(&g->lk);
	freehfd(h);
	fgrpdecref(g);
}

int
kclose(int fd)
{
	Fgrp *g;
	Hfd *h;

	g = env()->fgrp;
	pthread_mutex_lock(&g->lk);
	h = fd >= 0 && fd < g->nfd ? g->fd[fd] : nil;
	if(h != nil)
		g->fd[fd] = nil;
	pthread_mutex_unlock(&g->lk);
	if(h == nil){
		werrstr("fd out of range or not open");
		return -1;
	}
	freehfd(h);
	return 0;
}

int
kdup(int old, int new)
{
	Hfd *h, *n;

	if(hostfd(old, &h) < 0)
		return -1;
	if(new >= MAXFD){
		werrstr("fd out of range or not open");
		return -1;
	}
	if(new == old)
		return new;
	n = duphfd(h);
	if(n->fd < 0){
		oserr();
		freehfd(n);
		return -1;
	}
	new = fdalloc(env()->fgrp, n, new < 0 ? -1 : new);
	if(new < 0)
		freehfd(n);
	return new;
}

/*
 * name space
 */
static Pgrp*
newpgrp(void)
{
	Pgrp *p;

	p = emalloc(sizeof *p);
	pthread_mutex_init(&p->lk, nil);
	p->ref = 1;
	p->dot = estrdup("/");
	return p;
}

static void
pgrpdecref(Pgrp *p)
{
	Mount *m;
	int r;

	pthread_mutex_lock(&p->lk);
	r = --p->ref;
	pthread_mutex_unlock(&p->lk);
	if(r > 0)
		return;
	while((m = p->mnt) != nil){
		p->mnt = m->next;
		free(m->on);
		free(m->host);
		free(m);
	}
	free(p->dot);
	free(p);
}

/* append a mount entry at the end of p's table */
static void
addmount(Pgrp *p, char *on, char *host, int flags)
{
	Mount *m, **l;

	m = emalloc(sizeof *m);
	m->on = estrdup(on);
	m->host = estrdup(host);
	m->flags = flags;
	for(l = &p->mnt; *l != nil; l = &(*l)->next)
		;
	*l = m;
}

static Pgrp*
copypgrp(Pgrp *o)
{
	Pgrp *p;
	Mount *m;

	p = newpgrp();
	pthread_mutex_lock(&o->lk);
	for(m = o->mnt; m != nil; m = m->next)
		addmount(p, m->on, m->host, m->flags);
	free(p->dot);
	p->dot = estrdup(o->dot);
	pthread_mutex_unlock(&o->lk);
	return p;
}

/* the clean absolute Minos form of path, malloc'd */
static char*
abspath(char *path)
{
	char *s, *dot;
	Pgrp *p;

	if(path[0] == '/')
		s = estrdup(path);
	else{
		p = env()->pgrp;
		pthread_mutex_lock(&p->lk);
		dot = estrdup(p->dot);
		pthread_mutex_unlock(&p->lk);
		s = emalloc(strlen(dot)+strlen(path)+2);
		sprint(s, "%s/%s", dot, path);
		free(dot);
	}
	return cleanname(s);
}

/* does mount point on cover the clean path a?  the length of on if so, else -1 */
static int
covers(char *on, char *a)
{
	int n;

	if(strcmp(on, "/") == 0)
		return 1;
	n = strlen(on);
	if(strncmp(on, a, n) == 0 && (a[n] == 0 || a[n] == '/'))
		return n;
	return -1;
}

/* what host names: 0 a host file, -1 the directory #c, Ccons... a console file, -2 nothing */
static int
conslook(char *host)
{
	int i;

	if(strncmp(host, "#c", 2) != 0)
		return 0;
	if(host[2] == 0)
		return -1;
	if(host[2] == '/')
		for(i = 0; i < nelem(consfiles); i++)
			if(strcmp(host+3, consfiles[i].name) == 0)
				return consfiles[i].q;
	return -2;
}

/* stat a host name, console files included */
static int
hstat(char *host, struct stat *st)
{
	int q, i;

	q = conslook(host);
	if(q == 0)
		return stat(host, st);
	if(q == -2){
		errno = ENOENT;
		return -1;
	}
	memset(st, 0, sizeof *st);
	st->st_uid = getuid();
	st->st_gid = getgid();
	st->st_atime = st->st_mtime = osusectime()/1000000;
	st->st_ino = q < 0 ? 0x10000 : 0x10000+q;
	st->st_dev = 'c';
	if(q < 0){
		st->st_mode = S_IFDIR|0555;
		return 0;
	}
	for(i = 0; i < nelem(consfiles); i++)
		if(consfiles[i].q == q)
			st->st_mode = S_IFREG|consfiles[i].perm;
	return 0;
}

/* the text of a generated console file */
static void
consdata(int q, char *buf, int n)
{
	char *u;

	switch(q){
	case Cmsec:
		snprint(buf, n, "%11lud ", (ulong)osmillisec());
		break;
	case Csysname:
		if(gethostname(buf, n) < 0)
			strecpy(buf, buf+n, "emu");
		buf[n-1] = 0;
		break;
	case Ctime:
		snprint(buf, n, "%lld", osusectime());
		break;
	case Cuser:
		u = getenv("USER");
		strecpy(buf, buf+n, u != nil ? u : "none");
		break;
	default:
		buf[0] = 0;
		break;
	}
}

/* read a generated console file at off */
static long
consread(int q, void *buf, long n, vlong off)
{
	char tmp[256];
	long l;

	consdata(q, tmp, sizeof tmp);
	l = strlen(tmp);
	if(off < 0 || off >= l)
		return 0;
	if(n > l - off)
		n = l - off;
	memmove(buf, tmp+off, n);
	return n;
}

/*
 * the host paths that path may name, in union order; *create gets
 * the index of the one create should use.  Returns the count.
 */
static int
hostpaths(char *path, char **cand, int *create)
{
	Pgrp *p;
	Mount *m;
	char *a, *best, *rest;
	int n, bl, l;

	a = abspath(path);
	p = env()->pgrp;
	pthread_mutex_lock(&p->lk);
	best = nil;
	bl = -1;
	for(m = p->mnt; m != nil; m = m->next){
		l = covers(m->on, a);
		if(l > bl){
			bl = l;
			best = m->on;
		}
	}
	n = 0;
	if(create != nil)
		*create = 0;
	for(m = p->mnt; m != nil && n < MAXCAND; m = m->next){
		if(best == nil || strcmp(m->on, best) != 0)
			continue;
		rest = a + (strcmp(best, "/") == 0 ? 0 : strlen(best));
		cand[n] = emalloc(strlen(m->host)+strlen(rest)+2);
		if(*rest == 0)
			strcpy(cand[n], m->host);
		else if(strcmp(m->host, "/") == 0)
			strcpy(cand[n], rest);
		else
			sprint(cand[n], "%s%s", m->host, rest);
		if(create != nil && (m->flags & KMCREATE) && *create == 0)
			*create = n;
		n++;
	}
	pthread_mutex_unlock(&p->lk);
	free(a);
	return n;
}

static void
freecand(char **cand, int n)
{
	while(n > 0)
		free(cand[--n]);
}

/* the first existing host file path names, malloc'd; nil with an error */
static char*
lookup(char *path, struct stat *st)
{
	char *cand[MAXCAND], *r;
	struct stat s;
	int i, n;

	n = hostpaths(path, cand, nil);
	r = nil;
	errno = ENOENT;
	for(i = 0; i < n; i++)
		if(hstat(cand[i], &s) == 0){
			r = cand[i];
			cand[i] = nil;
			if(st != nil)
				*st = s;
			break;
		}
	if(r == nil)
		oserr();
	for(i = 0; i < n; i++)
		free(cand[i]);
	return r;
}

static int
hostmode(int mode)
{
	int m;

	switch(mode & 3){
	case KOREAD:
	case KOEXEC:
		m = O_RDONLY;
		break;
	case KOWRITE:
		m = O_WRONLY;
		break;
	default:
		m = O_RDWR;
		break;
	}
	if(mode & KOTRUNC)
		m |= O_TRUNC;
	return m | O_CLOEXEC;
}

/* an Hfd for an open host fd; directories remember their union */
static int
installfd(int hfd, char *path, int isdir, char *rclose)
{
	char *cand[MAXCAND];
	struct stat st;
	Hfd *h;
	int i, n, fd;

	h = emalloc(sizeof *h);
	h->fd = hfd;
	h->path = abspath(path);
	h->isdir = isdir;
	if(rclose != nil)
		h->rclose = estrdup(rclose);
	if(isdir){
		n = hostpaths(path, cand, nil);
		h->dirs = emalloc((n+1)*sizeof(char*));
		for(i = 0; i < n; i++)
			if(hstat(cand[i], &st) == 0 && S_ISDIR(st.st_mode)){
				h->dirs[h->ndirs++] = cand[i];
				cand[i] = nil;
			}
		freecand(cand, n);
	}
	fd = fdalloc(env()->fgrp, h, -1);
	if(fd < 0)
		freehfd(h);
	return fd;
}

int
kopen(char *path, int mode)
{
	struct stat st;
	char *h;
	int fd, isdir;

	if(mode & ~(3|KOTRUNC|KORCLOSE|KOEXCL)){
		werrstr("bad arg in system call");
		return -1;
	}
	h = lookup(path, &st);
	if(h == nil)
		return -1;
	isdir = S_ISDIR(st.st_mode);
	if(isdir && (mode & 3) != KOREAD && (mode & 3) != KOEXEC){
		free(h);
		werrstr("file is a directory");
		return -1;
	}
	fd = open(h, hostmode(mode));
	if(fd < 0){
		oserr();
		free(h);
		return -1;
	}
	fd = installfd(fd, path, isdir, (mode & KORCLOSE) ? h : nil);
	free(h);
	return fd;
}

int
kcreate(char *path, int mode, ulong perm)
{
	char *cand[MAXCAND];
	int n, c, fd, isdir;

	n = hostpaths(path, cand, &c);
	if(n == 0){
		werrstr("file does not exist");
		return -1;
	}
	isdir = (perm & KDMDIR) != 0;
	if(isdir){
		if(mkdir(cand[c], perm & 0777) < 0 && (errno != EEXIST || (mode & KOEXCL))){
			oserr();
			freecand(cand, n);
			return -1;
		}
		fd = open(cand[c], O_RDONLY|O_CLOEXEC);
	}else{
		fd = open(cand[c], hostmode(mode)|O_CREAT|O_TRUNC|((mode & KOEXCL) ? O_EXCL : 0), perm & 0777);
	}
	if(fd < 0){
		oserr();
		freecand(cand, n);
		return -1;
	}
	fd = installfd(fd, path, isdir, (mode & KORCLOSE) ? cand[c] : nil);
	freecand(cand, n);
	return fd;
}

long
kread(int fd, void *buf, long n)
{
	Hfd *h;
	int hfd;
	long r;

	if((hfd = hostfd(fd, &h)) < 0)
		return -1;
	if(h->isdir){
		werrstr("file is a directory");
		return -1;
	}
	do
		r = read(hfd, buf, n);
	while(r < 0 && errno == EINTR);
	if(r < 0)
		ioerr();
	return r;
}

long
kwrite(int fd, void *buf, long n)
{
	Hfd *h;
	int hfd;
	long r, t;

	if((hfd = hostfd(fd, &h)) < 0)
		return -1;
	if(h->isdir){
		werrstr("file is a directory");
		return -1;
	}
	for(t = 0; t < n; t += r){
		r = write(hfd, (char*)buf+t, n-t);
		if(r < 0){
			if(errno == EINTR){
				r = 0;
				continue;
			}
			ioerr();
			return -1;
		}
	}
	return n;
}

long
kpread(int fd, void *buf, long n, vlong off)
{
	int hfd;
	long r;

	if((hfd = hostfd(fd, nil)) < 0)
		return -1;
	if(off < 0)
		r = read(hfd, buf, n);
	else
		r = pread(hfd, buf, n, off);
	if(r < 0)
		ioerr();
	return r;
}

long
kpwrite(int fd, void *buf, long n, vlong off)
{
	int hfd;
	long r;

	if((hfd = hostfd(fd, nil)) < 0)
		return -1;
	if(off < 0)
		r = write(hfd, buf, n);
	else
		r = pwrite(hfd, buf, n, off);
	if(r < 0)
		ioerr();
	return r;
}

vlong
kseek(int fd, vlong off, int whence)
{
	Hfd *h;
	int hfd;
	vlong r;

	if((hfd = hostfd(fd, &h)) < 0)
		return -1;
	if(h->isdir){
		if(off != 0 || whence != 0){
			werrstr("bad arg in system call");
			return -1;
		}
		free(h->ents);
		h->ents = nil;
		h->dirdone = 0;
		return 0;
	}
	if(whence < 0 || whence > 2){
		werrstr("bad arg in system call");
		return -1;
	}
	r = lseek(hfd, off, whence);
	if(r < 0)
		oserr();
	return r;
}

int
kremove(char *path)
{
	struct stat st;
	char *h;
	int r;

	h = lookup(path, &st);
	if(h == nil)
		return -1;
	r = S_ISDIR(st.st_mode) ? rmdir(h) : unlink(h);
	free(h);
	if(r < 0)
		oserr();
	return r;
}

int
kpipe(int fd[2])
{
	int s[2];

	if(socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0, s) < 0){
		oserr();
		return -1;
	}
	fd[0] = installfd(s[0], "#|/data", 0, nil);
	fd[1] = installfd(s[1], "#|/data1", 0, nil);
	if(fd[0] < 0 || fd[1] < 0){
		if(fd[0] >= 0)
			kclose(fd[0]);
		if(fd[1] >= 0)
			kclose(fd[1]);
		return -1;
	}
	return 0;
}

int
kiounit(int fd)
{
	if(hostfd(fd, nil) < 0)
		return -1;
	return 0;
}

char*
kfd2path(int fd)
{
	Hfd *h;

	if(hostfd(fd, &h) < 0)
		return nil;
	return estrdup(h->path);
}

/*
 * stat
 */
/* the owner's name: $USER for ours, else the number */
static void
username(uid_t uid, char *buf, int n)
{
	char *u;

	if(uid == getuid() && (u = getenv("USER")) != nil)
		strecpy(buf, buf+n, u);
	else
		snprint(buf, n, "%d", (int)uid);
}

/* a malloc'd Dir for st, with name */
static Dir*
mkdir9(struct stat *st, char *name)
{
	char uid[32], gid[32];
	Dir *d;
	char *s;

	username(st->st_uid, uid, sizeof uid);
	snprint(gid, sizeof gid, "%d", (int)st->st_gid);
	d = emalloc(sizeof(Dir) + strlen(name)+1 + 2*strlen(uid)+2 + strlen(gid)+1);
	s = (char*)(d+1);
	d->name = strcpy(s, name);
	s += strlen(name)+1;
	d->uid = strcpy(s, uid);
	s += strlen(uid)+1;
	d->muid = strcpy(s, uid);
	s += strlen(uid)+1;
	d->gid = strcpy(s, gid);
	d->type = 'U';
	d->dev = st->st_dev;
	d->qid.path = st->st_ino;
	d->qid.vers = st->st_mtime;
	d->qid.type = S_ISDIR(st->st_mode) ? KQTDIR : KQTFILE;
	d->mode = st->st_mode & 0777;
	if(S_ISDIR(st->st_mode))
		d->mode |= KDMDIR;
	d->atime = st->st_atime;
	d->mtime = st->st_mtime;
	d->length = S_ISDIR(st->st_mode) ? 0 : st->st_size;
	return d;
}

/* the last element of a Minos path */
static char*
lastelem(char *a)
{
	char *s;

	s = strrchr(a, '/');
	if(s == nil || strcmp(a, "/") == 0)
		return a;
	return s+1;
}

Dir*
kstat(char *path)
{
	struct stat st;
	char *h, *a;
	Dir *d;

	h = lookup(path, &st);
	if(h == nil)
		return nil;
	free(h);
	a = abspath(path);
	d = mkdir9(&st, lastelem(a));
	free(a);
	return d;
}

Dir*
kfstat(int fd)
{
	struct stat st;
	Hfd *h;
	int hfd;

	if((hfd = hostfd(fd, &h)) < 0)
		return nil;
	if(fstat(hfd, &st) < 0){
		oserr();
		return nil;
	}
	return mkdir9(&st, lastelem(h->path));
}

/* apply the wanted changes of d to the host file h (fd hfd, or -1) */
static int
wstat(char *h, int hfd, Dir *d)
{
	struct stat st;
	struct timeval tv[2];
	char *np, *s;
	int r;

	r = hfd >= 0 ? fstat(hfd, &st) : stat(h, &st);
	if(r < 0){
		oserr();
		return -1;
	}
	if(d->mode != ~0UL && chmod(h, d->mode & 0777) < 0){
		oserr();
		return -1;
	}
	if(d->length != ~0LL && !S_ISDIR(st.st_mode) && truncate(h, d->length) < 0){
		oserr();
		return -1;
	}
	if(d->mtime != ~0UL || d->atime != ~0UL){
		tv[0].tv_sec = d->atime != ~0UL ? (long)d->atime : st.st_atime;
		tv[0].tv_usec = 0;
		tv[1].tv_sec = d->mtime != ~0UL ? (long)d->mtime : st.st_mtime;
		tv[1].tv_usec = 0;
		if(utimes(h, tv) < 0){
			oserr();
			return -1;
		}
	}
	if(d->name != nil && d->name[0] != 0){
		if(strchr(d->name, '/') != nil){
			werrstr("bad character in file name");
			return -1;
		}
		np = emalloc(strlen(h)+strlen(d->name)+2);
		strcpy(np, h);
		s = strrchr(np, '/');
		strcpy(s != nil ? s+1 : np, d->name);
		r = strcmp(np, h) == 0 ? 0 : rename(h, np);
		free(np);
		if(r < 0){
			oserr();
			return -1;
		}
	}
	return 0;
}

int
kwstat(char *path, Dir *d)
{
	char *h;
	int r;

	h = lookup(path, nil);
	if(h == nil)
		return -1;
	r = wstat(h, -1, d);
	free(h);
	return r;
}

int
kfwstat(int fd, Dir *d)
{
	char *h;
	Hfd *hf;
	int hfd, r;

	if((hfd = hostfd(fd, &hf)) < 0)
		return -1;
	h = lookup(hf->path, nil);
	if(h == nil)
		return -1;
	r = wstat(h, hfd, d);
	free(h);
	return r;
}

/* the whole directory (all members of a union, first name wins) at once */
long
kdirread(int fd, Dir **dp)
{
	DIR *dd;
	struct dirent *de;
	struct stat st;
	char *p;
	Dir **v, *d, *all;
	Hfd *h;
	int i, j, n, nv, dup;
	long sz;
	char *s;

	*dp = nil;
	if(hostfd(fd, &h) < 0)
		return -1;
	if(!h->isdir){
		werrstr("not a directory");
		return -1;
	}
	if(h->dirdone)
		return 0;
	v = nil;
	n = nv = 0;
	for(i = 0; i < h->ndirs; i++){
		dd = opendir(h->dirs[i]);
		if(dd == nil)
			continue;
		while((de = readdir(dd)) != nil){
			if(strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
				continue;
			dup = 0;
			for(j = 0; j < n; j++)
				if(strcmp(v[j]->name, de->d_name) == 0)
					dup = 1;
			if(dup)
				continue;
			p = emalloc(strlen(h->dirs[i])+strlen(de->d_name)+2);
			sprint(p, "%s/%s", h->dirs[i], de->d_name);
			if(stat(p, &st) < 0 && lstat(p, &st) < 0){
				free(p);
				continue;
			}
			free(p);
			if(n == nv){
				nv = nv*2 + 16;
				v = realloc(v, nv*sizeof(Dir*));
				if(v == nil)
					panic("out of memory");
			}
			v[n++] = mkdir9(&st, de->d_name);
		}
		closedir(dd);
	}
	h->dirdone = 1;
	/* one allocation: the Dirs, then their strings */
	sz = n*sizeof(Dir);
	for(i = 0; i < n; i++)
		sz += strlen(v[i]->name)+strlen(v[i]->uid)+strlen(v[i]->gid)+strlen(v[i]->muid)+4;
	all = emalloc(sz+1);
	s = (char*)(all+n);
	for(i = 0; i < n; i++){
		d = &all[i];
		*d = *v[i];
		d->name = strcpy(s, v[i]->name);
		s += strlen(s)+1;
		d->uid = strcpy(s, v[i]->uid);
		s += strlen(s)+1;
		d->gid = strcpy(s, v[i]->gid);
		s += strlen(s)+1;
		d->muid = strcpy(s, v[i]->muid);
		s += strlen(s)+1;
		free(v[i]);
	}
	free(v);
	*dp = all;
	return n;
}

int
kbind(char *old, char *new, int flags)
{
	struct stat so, sn;
	char *ho, *hn, *on;
	Pgrp *p;
	Mount *m, **l, *nm;
	int found;

	if(flags & ~(KMBEFORE|KMAFTER|KMCREATE|16) || (flags & (KMBEFORE|KMAFTER)) == (KMBEFORE|KMAFTER)){
		werrstr("bad arg in system call");
		return -1;
	}
	ho = lookup(old, &so);
	if(ho == nil)
		return -1;
	hn = lookup(new, &sn);
	if(hn == nil){
		free(ho);
		return -1;
	}
	if(S_ISDIR(so.st_mode) != S_ISDIR(sn.st_mode)){
		free(ho);
		free(hn);
		werrstr("inconsistent mount");
		return -1;
	}
	on = abspath(new);
	nm = emalloc(sizeof *nm);
	nm->on = on;
	nm->host = ho;
	nm->flags = flags;
	p = env()->pgrp;
	pthread_mutex_lock(&p->lk);
	found = 0;
	for(l = &p->mnt; (m = *l) != nil; ){
		if(strcmp(m->on, on) == 0 && (flags & (KMBEFORE|KMAFTER)) == 0){
			*l = m->next;	/* replace */
			free(m->on);
			free(m->host);
			free(m);
			continue;
		}
		if(strcmp(m->on, on) == 0)
			found = 1;
		l = &m->next;
	}
	if((flags & (KMBEFORE|KMAFTER)) != 0 && !found)
		addmount(p, on, hn, 0);	/* what was visible there joins the union */
	if(flags & KMBEFORE){
		for(l = &p->mnt; strcmp((*l)->on, on) != 0; l = &(*l)->next)
			;
		nm->next = *l;
		*l = nm;
	}else{
		for(l = &p->mnt; *l != nil; l = &(*l)->next)
			;
		*l = nm;
	}
	pthread_mutex_unlock(&p->lk);
	free(hn);
	return 0;
}

int
kunmount(char *old, char *new)
{
	char *ho, *on;
	Pgrp *p;
	Mount *m, **l;
	int n;

	ho = nil;
	if(old != nil && (ho = lookup(old, nil)) == nil)
		return -1;
	on = abspath(new);
	p = env()->pgrp;
	n = 0;
	pthread_mutex_lock(&p->lk);
	for(l = &p->mnt; (m = *l) != nil; ){
		if(strcmp(m->on, on) == 0 && (ho == nil || strcmp(m->host, ho) == 0)){
			*l = m->next;
			free(m->on);
			free(m->host);
			free(m);
			n++;
		}else
			l = &m->next;
	}
	pthread_mutex_unlock(&p->lk);
	free(ho);
	free(on);
	if(n == 0){
		werrstr("not mounted");
		return -1;
	}
	return 0;
}

int
kchdir(char *path)
{
	struct stat st;
	char *h;
	Pgrp *p;

	h = lookup(path, &st);
	if(h == nil)
		return -1;
	free(h);
	if(!S_ISDIR(st.st_mode)){
		werrstr("not a directory");
		return -1;
	}
	p = env()->pgrp;
	h = abspath(path);
	pthread_mutex_lock(&p->lk);
	free(p->dot);
	p->dot = h;
	pthread_mutex_unlock(&p->lk);
	return 0;
}

/* a new fd group holding copies of the fds listed in keep (all if nkeep < 0) */
static Fgrp*
copyfgrp(Fgrp *o, int *keep, int nkeep)
{
	Fgrp *g;
	int i, j, want;

	g = newfgrp();
	pthread_mutex_lock(&o->lk);
	for(i = 0; i < o->nfd; i++){
		if(o->fd[i] == nil)
			continue;
		want = nkeep < 0;
		for(j = 0; j < nkeep; j++)
			if(keep[j] == i)
				want = 1;
		if(want)
			fdalloc(g, duphfd(o->fd[i]), i);
	}
	pthread_mutex_unlock(&o->lk);
	return g;
}

int
kpctl(int flags, int *keep, int nkeep)
{
	Osenv *e;
	Fgrp *g;
	Pgrp *p;

	e = env();
	if(flags & (KNEWFD|KFORKFD)){
		g = copyfgrp(e->fgrp, keep, (flags & KNEWFD) ? nkeep : -1);
		fgrpdecref(e->fgrp);
		e->fgrp = g;
	}
	if(flags & (KNEWNS|KFORKNS)){
		p = copypgrp(e->pgrp);
		if(flags & KNEWNS){
			free(p->dot);
			p->dot = estrdup("/");
		}
		pgrpdecref(e->pgrp);
		e->pgrp = p;
	}
	/* NODEVS: emu has no # devices; NEWENV, FORKENV: no environment device */
	return 0;
}

/* the default name space: host / on /, the emu root's directories over it */
static Pgrp*
defaultns(void)
{
	Pgrp *p;
	DIR *dd;
	struct dirent *de;
	struct stat st;
	char *h, *on, cwd[4096];

	p = newpgrp();
	if(getcwd(cwd, sizeof cwd) != nil){
		free(p->dot);
		p->dot = estrdup(cwd);
	}
	addmount(p, "/", "/", KMCREATE);
	dd = opendir(emuroot);
	if(dd == nil)
		return p;
	while((de = readdir(dd)) != nil){
		if(de->d_name[0] == '.')
			continue;
		h = emalloc(strlen(emuroot)+strlen(de->d_name)+2);
		sprint(h, "%s/%s", emuroot, de->d_name);
		if(stat(h, &st) == 0 && S_ISDIR(st.st_mode)){
			on = emalloc(strlen(de->d_name)+2);
			sprint(on, "/%s", de->d_name);
			addmount(p, on, h, KMCREATE);
			free(on);
		}
		free(h);
	}
	closedir(dd);
	return p;
}

Osenv*
kenvfork(Osenv *parent)
{
	Osenv *e;
	int i;
	Hfd *h;

	e = emalloc(sizeof *e);
	if(parent != nil){
		e->fgrp = parent->fgrp;
		pthread_mutex_lock(&e->fgrp->lk);
		e->fgrp->ref++;
		pthread_mutex_unlock(&e->fgrp->lk);
		e->pgrp = parent->pgrp;
		pthread_mutex_lock(&e->pgrp->lk);
		e->pgrp->ref++;
		pthread_mutex_unlock(&e->pgrp->lk);
		return e;
	}
	e->fgrp = newfgrp();
	for(i = 0; i < 3; i++){
		h = emalloc(sizeof *h);
		h->fd = dup(i);
		if(h->fd < 0){
			free(h);
			continue;
		}
		h->path = estrdup("/dev/cons");
		fdalloc(e->fgrp, h, i);
	}
	e->pgrp = defaultns();
	return e;
}

void
kenvfree(Osenv *e)
{
	if(e == nil)
		return;
	fgrpdecref(e->fgrp);
	pgrpdecref(e->pgrp);
	free(e);
}

/*
 * module loading: path in the name space
 */
uchar*
kreadfile(char *path, ulong *np)
{
	struct stat st;
	uchar *buf;
	char *h;
	long n, r;
	int fd;

	h = lookup(path, &st);
	if(h == nil)
		return nil;
	fd = open(h, O_RDONLY|O_CLOEXEC);
	free(h);
	if(fd < 0){
		oserr();
		return nil;
	}
	if(S_ISDIR(st.st_mode)){
		close(fd);
		werrstr("file is a directory");
		return nil;
	}
	buf = malloc(st.st_size+1);
	if(buf == nil){
		close(fd);
		werrstr("out of memory");
		return nil;
	}
	for(n = 0; n < st.st_size; n += r){
		r = read(fd, buf+n, st.st_size-n);
		if(r <= 0)
			break;
	}
	close(fd);
	*np = n;
	return buf;
}

/*
 * time
 */
static uvlong
nsec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uvlong)ts.tv_sec*1000000000ULL + ts.tv_nsec;
}

long
osmillisec(void)
{
	return (nsec() - t0)/1000000;
}

vlong
osusectime(void)
{
	struct timeval tv;

	gettimeofday(&tv, nil);
	return (vlong)tv.tv_sec*1000000 + tv.tv_usec;
}

vlong
osfastticks(uvlong *hz)
{
	if(hz != nil)
		*hz = 1000000000ULL;
	return nsec();
}

void
osyield(void)
{
	sched_yield();
}

int
ossleep(long ms)
{
	struct timespec ts;

	ts.tv_sec = ms/1000;
	ts.tv_nsec = (ms%1000)*1000000;
	while(nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	return 0;
}

void
osinit(char *root)
{
	emuroot = estrdup(root);
	t0 = nsec();
	signal(SIGPIPE, SIG_IGN);	/* a write to a closed pipe fails with an error instead */
}
