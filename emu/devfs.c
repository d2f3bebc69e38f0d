/*
 * #U -- the host's files, as Inferno's fs(3) in emu: #U/path is the
 * host's /path.  Permissions are the host's: a call it refuses fails
 * with its reason in Inferno's words.  Qid paths are inode numbers and
 * the device instance (Chan.dev) numbers the host's file systems, so a
 * mount point is one file even where inode numbers repeat.
 *
 * Files opened by name are read and written at the Chan's offset
 * (pread, pwrite).  The standard fds emu inherits (fsfdchan) are
 * streams shared with the host (stdout and stderr are often one open
 * file): they are written where the host's offset is, and read there
 * too unless the Dis program seeked.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <sys/stat.h>
#include <sys/time.h>
#include <dirent.h>
#include <stdio.h>

typedef struct Fsfile Fsfile;

enum
{
	Maxdev	= 64,		/* host file systems told apart */
	Statmax	= STATFIXLEN + 4*KNAMEMAX,
};

struct Fsfile
{
	char*	path;		/* host name */
	int	fd;		/* open file: host fd, or -1 */
	DIR*	dir;		/* open directory */
	vlong	diroff;		/* directory: offset of the next entry */
	uchar*	de;		/* directory: an entry read but not yet returned */
	int	nde;
	int	stream;		/* i/o where the host's offset is */
	int	inherited;	/* one of emu's standard fds: path is only a name */
	vlong	hoff;		/* stream: where the next sequential read starts */
};

static Lock	devlk;
static dev_t	devs[Maxdev];
static int	ndevs;

/* the device instance of host file system d */
static ulong
fsdevno(dev_t d)
{
	int i;

	lock(&devlk);
	for(i = 0; i < ndevs; i++)
		if(devs[i] == d)
			break;
	if(i == ndevs && ndevs < Maxdev)
		devs[ndevs++] = d;
	unlock(&devlk);
	return i;
}

static Fsfile*
newfile(char *path)
{
	Fsfile *f;

	f = smalloc(sizeof *f);
	f->path = path;
	f->fd = -1;
	return f;
}

static void
freefile(Fsfile *f)
{
	if(f == nil)
		return;
	if(f->fd >= 0)
		close(f->fd);
	if(f->dir != nil)
		closedir(f->dir);
	free(f->de);
	free(f->path);
	free(f);
}

/* stat a host file, following a symbolic link unless it dangles */
static int
hoststat(char *path, struct stat *st)
{
	if(stat(path, st) == 0)
		return 0;
	return lstat(path, st);
}

static void
fsqid(struct stat *st, Qid *q)
{
	mkqid(q, st->st_ino, st->st_mtime, S_ISDIR(st->st_mode) ? QTDIR : QTFILE);
}

/* the last element of a host path */
static char*
lastelem(char *path)
{
	char *s;

	if(path == nil)
		return "";
	s = strrchr(path, '/');
	if(s == nil || strcmp(path, "/") == 0)
		return path;
	return s+1;
}

/* the owner's name: ours is emu's user, others the number */
static void
username(uid_t uid, char *buf, int n)
{
	if(uid == getuid())
		strecpy(buf, buf+n, eve);
	else
		snprint(buf, n, "%d", (int)uid);
}

/* st as a Plan 9 stat entry of c's device, named name; its size */
static int
fsstatbuf(Chan *c, struct stat *st, char *name, uchar *buf, int n)
{
	char uid[KNAMELEN], gid[KNAMELEN];
	Dir d;

	username(st->st_uid, uid, sizeof uid);
	snprint(gid, sizeof gid, "%d", (int)st->st_gid);
	memset(&d, 0, sizeof d);
	d.name = name;
	d.uid = uid;
	d.gid = gid;
	d.muid = uid;
	d.type = 'U';
	d.dev = fsdevno(st->st_dev);
	fsqid(st, &d.qid);
	d.mode = st->st_mode & 0777;
	if(S_ISDIR(st->st_mode))
		d.mode |= DMDIR;
	d.atime = st->st_atime;
	d.mtime = st->st_mtime;
	d.length = S_ISDIR(st->st_mode) ? 0 : st->st_size;
	USED(c);
	return convD2M(&d, buf, n);
}

static Chan*
fsattach(char *spec)
{
	struct stat st;
	Chan *c;

	if(*spec != 0)
		error(Ebadarg);
	if(stat("/", &st) < 0)
		oserror();
	c = devattach('U', spec);
	fsqid(&st, &c->qid);
	c->dev = fsdevno(st.st_dev);
	c->aux = newfile(strdup("/"));
	return c;
}

/* path with element e, or .. taken off, malloc'd */
static char*
fsjoin(char *path, char *e)
{
	char *s, *p;

	if(strcmp(e, "..") == 0){
		s = strdup(path);
		p = strrchr(s, '/');
		if(p == s)
			p[1] = 0;
		else if(p != nil)
			*p = 0;
		return s;
	}
	if(strcmp(path, "/") == 0)
		return smprint("/%s", e);
	return smprint("%s/%s", path, e);
}

static Walkqid*
fswalk(Chan *c, Chan *nc, char **name, int nname)
{
	struct stat st;
	Walkqid *wq;
	Fsfile *f;
	char *path, *np;
	ulong dev;
	Qid q;
	int j, e;

	wq = smalloc(sizeof(Walkqid)+(nname > 0 ? nname-1 : 0)*sizeof(Qid));
	path = strdup(((Fsfile*)c->aux)->path);
	q = c->qid;
	dev = c->dev;
	for(j = 0; j < nname; j++){
		if(!(q.type & QTDIR)){
			if(j == 0){
				free(path);
				free(wq);
				error(Enotdir);
			}
			break;
		}
		if(strcmp(name[j], ".") == 0){
			wq->qid[wq->nqid++] = q;
			continue;
		}
		np = fsjoin(path, name[j]);
		if(hoststat(np, &st) < 0){
			e = errno;
			free(np);
			if(j == 0){
				free(path);
				free(wq);
				error(oserrstr(e));
			}
			kstrcpy(up->env->errstr, oserrstr(e), ERRMAX);
			break;
		}
		free(path);
		path = np;
		fsqid(&st, &q);
		dev = fsdevno(st.st_dev);
		wq->qid[wq->nqid++] = q;
	}
	if(wq->nqid < nname){
		free(path);
		return wq;
	}
	if(nc == nil){
		nc = newchan();
		nc->type = c->type;
		nc->mode = c->mode;
		nc->flag = c->flag & CCEXEC;
	}else
		freefile(nc->aux);
	nc->qid = q;
	nc->dev = dev;
	f = newfile(path);
	nc->aux = f;
	wq->clone = nc;
	return wq;
}

static int
fsstat(Chan *c, uchar *db, int n)
{
	struct stat st;
	Fsfile *f;
	int r;

	f = c->aux;
	if(f->fd >= 0)
		r = fstat(f->fd, &st);
	else
		r = hoststat(f->path, &st);
	if(r < 0)
		oserror();
	n = fsstatbuf(c, &st, lastelem(f->path), db, n);
	if(n <= BIT16SZ)
		error(Eshortstat);
	return n;
}

static int
hostmode(int omode)
{
	int m;

	switch(omode & 3){
	case OREAD:
	case OEXEC:
		m = O_RDONLY;
		break;
	case OWRITE:
		m = O_WRONLY;
		break;
	default:
		m = O_RDWR;
		break;
	}
	if(omode & OTRUNC)
		m |= O_TRUNC;
	return m | O_CLOEXEC;
}

static Chan*
fsopen(Chan *c, int omode)
{
	Fsfile *f;
	int m;

	f = c->aux;
	m = openmode(omode);
	if(c->qid.type & QTDIR){
		if(m != OREAD)
			error(Eisdir);
		f->dir = opendir(f->path);
		if(f->dir == nil)
			oserror();
	}else{
		f->fd = open(f->path, hostmode(omode));
		if(f->fd < 0)
			oserror();
	}
	c->mode = m;
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

static void
fscreate(Chan *c, char *name, int omode, ulong perm)
{
	struct stat st;
	Fsfile *f;
	char *path;
	int m, fd;
	DIR *d;

	f = c->aux;
	m = openmode(omode);
	path = fsjoin(f->path, name);
	fd = -1;
	d = nil;
	if(perm & DMDIR){
		if(m != OREAD || mkdir(path, perm & 0777) < 0 || (d = opendir(path)) == nil){
			free(path);
			if(m != OREAD)
				error(Eisdir);
			oserror();
		}
	}else{
		fd = open(path, hostmode(omode)|O_CREAT|O_TRUNC, perm & 0777);
		if(fd < 0){
			free(path);
			oserror();
		}
	}
	if(hoststat(path, &st) < 0){
		if(fd >= 0)
			close(fd);
		if(d != nil)
			closedir(d);
		free(path);
		oserror();
	}
	free(f->path);
	f->path = path;
	f->fd = fd;
	f->dir = d;
	fsqid(&st, &c->qid);
	c->dev = fsdevno(st.st_dev);
	c->mode = m;
	c->flag |= COPEN;
	c->offset = 0;
}

static void
fsclose(Chan *c)
{
	Fsfile *f;

	f = c->aux;
	if(f == nil)
		return;
	if((c->flag & (COPEN|CRCLOSE)) == (COPEN|CRCLOSE) && !f->inherited){
		if(c->qid.type & QTDIR)
			rmdir(f->path);
		else
			unlink(f->path);
	}
	freefile(f);
	c->aux = nil;
}

/* the next directory entries that fit in n bytes, from where the last read stopped */
static long
fsdirread(Chan *c, uchar *a, long n, vlong off)
{
	struct stat st;
	struct dirent *de;
	Fsfile *f;
	char *p;
	long m;

	f = c->aux;
	if(off == 0 && f->diroff != 0){
		rewinddir(f->dir);
		free(f->de);
		f->de = nil;
		f->diroff = 0;
	}
	for(m = 0; m < n; ){
		if(f->de == nil){
			de = readdir(f->dir);
			if(de == nil)
				break;
			if(strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
				continue;
			p = fsjoin(f->path, de->d_name);
			if(hoststat(p, &st) < 0){
				free(p);
				continue;
			}
			free(p);
			f->de = smalloc(Statmax);
			f->nde = fsstatbuf(c, &st, de->d_name, f->de, Statmax);
			if(f->nde <= BIT16SZ){
				free(f->de);
				f->de = nil;
				continue;
			}
		}
		if(f->nde > n-m){
			if(m == 0)
				error(Eshort);
			break;
		}
		memmove(a+m, f->de, f->nde);
		m += f->nde;
		free(f->de);
		f->de = nil;
	}
	f->diroff += m;
	return m;
}

/* a host read or write that a note may interrupt; retried after other signals */
static long
fsio(Fsfile *f, void *a, long n, vlong off, int w)
{
	long r;

	for(;;){
		osenterhost();
		if(f->stream){
			if(w)
				r = write(f->fd, a, n);
			else
				r = read(f->fd, a, n);
		}else if(w)
			r = pwrite(f->fd, a, n, off);
		else
			r = pread(f->fd, a, n, off);
		osleavehost();
		if(r >= 0)
			return r;
		if(errno == ESPIPE && !f->stream){
			f->stream = 1;
			continue;
		}
		if(errno != EINTR || up->notepending)
			oserror();
	}
}

static long
fsread(Chan *c, void *a, long n, vlong off)
{
	Fsfile *f;
	long r;

	f = c->aux;
	if(c->qid.type & QTDIR)
		return fsdirread(c, a, n, off);
	if(f->stream && off != f->hoff)
		lseek(f->fd, off, 0);	/* the program seeked; fails harmlessly on a pipe */
	r = fsio(f, a, n, off, 0);
	f->hoff = off + r;
	return r;
}

static long
fswrite(Chan *c, void *a, long n, vlong off)
{
	Fsfile *f;
	long r, t;

	f = c->aux;
	if(c->qid.type & QTDIR)
		error(Eisdir);
	for(t = 0; t < n; t += r){
		r = fsio(f, (char*)a+t, n-t, off+t, 1);
		if(r == 0)
			error(Eio);
	}
	return n;
}

static void
fsremove(Chan *c)
{
	Fsfile *f;
	int r;

	f = c->aux;
	if(f->inherited)
		error(Eperm);
	if(c->qid.type & QTDIR)
		r = rmdir(f->path);
	else
		r = unlink(f->path);
	if(r < 0)
		oserror();
	c->flag &= ~CRCLOSE;
	fsclose(c);
}

static int
fswstat(Chan *c, uchar *dp, int n)
{
	struct stat st;
	struct timeval tv[2];
	Fsfile *f;
	char *strs, *np, *s;
	Dir d;

	f = c->aux;
	if(f->inherited)
		error(Eperm);
	strs = smalloc(n);
	if(waserror()){
		free(strs);
		nexterror();
	}
	if(convM2D(dp, n, &d, strs) != n)
		error(Ebadstat);
	if(hoststat(f->path, &st) < 0)
		oserror();
	if(d.mode != ~0UL && chmod(f->path, d.mode & 0777) < 0)
		oserror();
	if(d.length != ~0LL && !S_ISDIR(st.st_mode) && truncate(f->path, d.length) < 0)
		oserror();
	if(d.mtime != ~0UL || d.atime != ~0UL){
		tv[0].tv_sec = d.atime != ~0UL ? (long)d.atime : st.st_atime;
		tv[0].tv_usec = 0;
		tv[1].tv_sec = d.mtime != ~0UL ? (long)d.mtime : st.st_mtime;
		tv[1].tv_usec = 0;
		if(utimes(f->path, tv) < 0)
			oserror();
	}
	if(d.name != nil && d.name[0] != 0 && strcmp(d.name, lastelem(f->path)) != 0){
		validname(d.name, 0);
		np = smalloc(strlen(f->path)+strlen(d.name)+2);
		strcpy(np, f->path);
		s = strrchr(np, '/');
		strcpy(s != nil ? s+1 : np, d.name);
		if(rename(f->path, np) < 0){
			free(np);
			oserror();
		}
		free(f->path);
		f->path = np;
	}
	poperror();
	free(strs);
	return n;
}

/*
 * An open Chan on the inherited host fd hfd, named name (for fd2path):
 * emu's standard fds.  nil if hfd is not open.
 */
Chan*
fsfdchan(int hfd, char *name)
{
	struct stat st;
	Fsfile *f;
	Chan *c;
	int fd, fl;

	fl = fcntl(hfd, F_GETFL);
	if(fl < 0 || fstat(hfd, &st) < 0 || (fd = fcntl(hfd, F_DUPFD_CLOEXEC, 3)) < 0)
		return nil;
	c = newchan();
	c->type = devno('U', 0);
	fsqid(&st, &c->qid);
	c->qid.type = QTFILE;
	c->dev = fsdevno(st.st_dev);
	switch(fl & O_ACCMODE){
	case O_RDONLY:
		c->mode = OREAD;
		break;
	case O_WRONLY:
		c->mode = OWRITE;
		break;
	default:
		c->mode = ORDWR;
		break;
	}
	c->flag |= COPEN;
	f = newfile(strdup(name));
	f->fd = fd;
	f->stream = 1;
	f->inherited = 1;
	f->hoff = lseek(fd, 0, 1);
	c->aux = f;
	c->path = newpath(name);
	return c;
}

Dev fsdevtab = {
	'U',
	"fs",

	devreset,
	devinit,
	devshutdown,
	fsattach,
	fswalk,
	fsstat,
	fsopen,
	fscreate,
	fsclose,
	fsread,
	devbread,
	fswrite,
	devbwrite,
	fsremove,
	fswstat,
};
