/*
 * kernel.h over Linux: errors, fd groups, files, stat, pctl, Osenv,
 * module loading and time.  The name space is ns.c's, the console
 * files cons.c's.
 *
 * Fd groups hold host fds; a group is shared by spawn and copied (with
 * dup) by pctl FORKFD or NEWFD.  Pipes are socket pairs: both ends read
 * and write, as on Plan 9.
 */
#include "emu.h"
#include <sys/socket.h>
#include <sys/time.h>
#include <dirent.h>
#include <time.h>
#include <signal.h>

static uvlong	t0;

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
void
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

void*
emalloc(ulong n)
{
	void *p;

	p = mallocz(n, 1);
	if(p == nil)
		panic("out of memory");
	return p;
}

char*
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

void
freehfd(Hfd *h)
{
	if(h == nil)
		return;
	if(h->fd >= 0)
		close(h->fd);
	if(h->wfd >= 0)
		close(h->wfd);
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
	h->fd = o->fd >= 0 ? dup(o->fd) : -1;
	h->wfd = o->wfd >= 0 ? dup(o->wfd) : -1;
	h->cons = o->cons;
	h->off = o->off;
	h->path = estrdup(o->path);
	h->isdir = o->isdir;
	h->dirs = emalloc((o->ndirs+1)*sizeof(char*));
	for(i = 0; i < o->ndirs; i++)
		h->dirs[i] = estrdup(o->dirs[i]);
	h->ndirs = o->ndirs;
	return h;
}

/* put h in the lowest free slot (or slot want); the fd number or -1 */
int
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

Osenv*
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

/* the Hfd behind fd, or nil with an error */
static Hfd*
gethfd(int fd)
{
	Fgrp *g;
	Hfd *h;

	g = env()->fgrp;
	pthread_mutex_lock(&g->lk);
	h = fd >= 0 && fd < g->nfd ? g->fd[fd] : nil;
	pthread_mutex_unlock(&g->lk);
	if(h == nil)
		werrstr("fd out of range or not open");
	return h;
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

	if((h = gethfd(old)) == nil)
		return -1;
	if(new >= MAXFD){
		werrstr("fd out of range or not open");
		return -1;
	}
	if(new == old)
		return new;
	n = duphfd(h);
	if(n->fd < 0 && h->fd >= 0){
		oserr();
		freehfd(n);
		return -1;
	}
	new = fdalloc(env()->fgrp, n, new < 0 ? -1 : new);
	if(new < 0)
		freehfd(n);
	return new;
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
	h->wfd = -1;
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
	int fd, isdir, q;

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
	q = conslook(h);
	if(q != 0){
		free(h);
		return consopen(q, path, mode);
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

	if((h = gethfd(fd)) == nil)
		return -1;
	hfd = h->fd;
	if(h->isdir){
		werrstr("file is a directory");
		return -1;
	}
	if(h->cons > Ccons){
		r = consread(h->cons, buf, n, h->off);
		h->off += r;
		return r;
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

	if((h = gethfd(fd)) == nil)
		return -1;
	hfd = h->fd;
	if(h->isdir){
		werrstr("file is a directory");
		return -1;
	}
	if(h->cons > Ccons){
		werrstr("permission denied");
		return -1;
	}
	if(h->wfd >= 0)
		hfd = h->wfd;
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
	Hfd *h;
	int hfd;
	long r;

	if((h = gethfd(fd)) == nil)
		return -1;
	hfd = h->fd;
	if(h->isdir){
		werrstr("file is a directory");
		return -1;
	}
	if(h->cons > Ccons)
		return consread(h->cons, buf, n, off < 0 ? h->off : off);
	if(off < 0 || h->cons == Ccons)
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
	Hfd *h;
	int hfd;
	long r;

	if((h = gethfd(fd)) == nil)
		return -1;
	hfd = h->wfd >= 0 ? h->wfd : h->fd;
	if(h->isdir || h->cons > Ccons){
		werrstr(h->isdir ? "file is a directory" : "permission denied");
		return -1;
	}
	if(off < 0 || h->cons == Ccons)
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

	if((h = gethfd(fd)) == nil)
		return -1;
	hfd = h->fd;
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
	if(h->cons > Ccons){
		if(whence == 1)
			off += h->off;
		else if(whence == 2)
			off += conslen(h->cons);
		if(off < 0){
			werrstr("bad offset");
			return -1;
		}
		h->off = off;
		return off;
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
	if(conslook(h) != 0){
		free(h);
		werrstr("permission denied");
		return -1;
	}
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
	if(gethfd(fd) == nil)
		return -1;
	return 0;
}

char*
kfd2path(int fd)
{
	Hfd *h;

	if((h = gethfd(fd)) == nil)
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

	if((h = gethfd(fd)) == nil)
		return nil;
	hfd = h->fd;
	if(h->cons != 0 || hfd < 0){
		if(hstat(h->cons ? consfile(h->cons) : h->dirs[0], &st) < 0){
			oserr();
			return nil;
		}
	}else if(fstat(hfd, &st) < 0){
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

	if(conslook(h) != 0){
		werrstr("permission denied");
		return -1;
	}
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

	if((hf = gethfd(fd)) == nil)
		return -1;
	hfd = hf->fd;
	h = lookup(hf->path, nil);
	if(h == nil)
		return -1;
	r = wstat(h, hfd, d);
	free(h);
	return r;
}

/* the whole directory at once: every member of a union, names repeated as they are (as the kernel) */
long
kdirread(int fd, Dir **dp)
{
	DIR *dd;
	struct dirent *de;
	struct stat st;
	char *p;
	Dir **v, *d, *all;
	Hfd *h;
	int i, j, k, n, nv, dup;
	long sz;
	char *s;

	*dp = nil;
	if((h = gethfd(fd)) == nil)
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
		if(conslook(h->dirs[i]) < 0){
			/* the console files, unless a name is already there */
			for(k = 0; k < nconsfiles; k++){
				dup = 0;
				for(j = 0; j < n; j++)
					if(strcmp(v[j]->name, consfiles[k].name) == 0)
						dup = 1;
				if(dup || hstat(consfile(consfiles[k].q), &st) < 0)
					continue;
				if(n == nv){
					nv = nv*2 + 16;
					v = realloc(v, nv*sizeof(Dir*));
					if(v == nil)
						panic("out of memory");
				}
				v[n++] = mkdir9(&st, consfiles[k].name);
			}
			continue;
		}
		dd = opendir(h->dirs[i]);
		if(dd == nil)
			continue;
		while((de = readdir(dd)) != nil){
			if(strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
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
		h->wfd = -1;
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
