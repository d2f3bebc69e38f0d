/*
 * $Sys: the system interface, over the host's kernel.h.
 * Function tables and frame structs come from module/sys.m by limbo -t and -a.
 *
 * Calls that may block go between release() and acquire(): while
 * released, a builtin must not touch the Dis heap (frames and arrays
 * stay put; the frame keeps them referenced), and results are stored
 * through f->ret only after acquire(): in a malformed module's frame
 * it may point anywhere, and a fault must be raised holding the VM.
 * Errors from the host
 * become the Prog's error string, printed by %r.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "sysmod.h"
#undef	Runtab
#include "raise.h"
#include "fns.h"
#include "sysfmt.h"

/* a Sys->FD as the builtins make it: remembers its fd group for closing */
typedef struct FD FD;
struct FD
{
	Sys_FD	fd;
	Fgrp*	grp;
};

static Type*	TFD;
static Type*	TDir;
static Type*	TFileIO;
static Type*	TF2Cread;	/* what a FileIO's channels carry */
static Type*	TF2Cwrite;
static uchar	dirmap[] = Sys_Dir_map;
static uchar	fdmap[] = {0};
static uchar	fileiomap[] = Sys_FileIO_map;
static uchar	f2creadmap[] = Sys_FileIO_read_map;
static uchar	f2cwritemap[] = Sys_FileIO_write_map;

static void
freefd(Heap *h, int swept)
{
	FD *fd;

	USED(swept);
	fd = H2D(FD*, h);
	if(fd->grp != nil)
		kfdclose(fd->grp, fd->fd.fd);
	fd->grp = nil;
}

void
sysmodinit(void)
{
	TFD = dtype(freefd, sizeof(FD), fdmap, sizeof(fdmap));
	TFD->hidden = sizeof(FD)-Sys_FD_size;	/* grp: Dis code may not reach it */
	TDir = dtype(nil, Sys_Dir_size, dirmap, sizeof(dirmap));
	TFileIO = dtype(nil, Sys_FileIO_size, fileiomap, sizeof(fileiomap));
	TF2Cread = dtype(nil, Sys_FileIO_read_size, f2creadmap, sizeof(f2creadmap));
	TF2Cwrite = dtype(nil, Sys_FileIO_write_size, f2cwritemap, sizeof(f2cwritemap));
	builtinmod("$Sys", Sysmodtab, Sysmodlen);
}

/* the host's error string becomes the running Prog's (for %r) */
void
seterr(void)
{
	Prog *p;

	p = currun();
	if(p != nil)
		kerrstr(p->errstr, sizeof p->errstr);
}

static Sys_FD*
mkfd(int fd)
{
	Heap *h;
	FD *f;

	h = heap(TFD);
	f = H2D(FD*, h);
	f->fd.fd = fd;
	f->grp = kfgrp();
	return &f->fd;
}

/* the fd number of a Sys->FD; -1 with an error for nil */
static int
fdno(Sys_FD *fd)
{
	if(fd == H){
		kwerrstr("fd out of range or not open");
		seterr();
		return -1;
	}
	return fd->fd;
}

/*
 * the bytes of buf an i/o of n may use: n clipped to len buf.
 * As in Inferno, a nil buffer or a negative count does nothing: -1.
 */
static int
iolen(Array *buf, int n)
{
	if(buf == H || n < 0)
		return -1;
	if(n > buf->len)
		n = buf->len;
	return n;
}

static String*
mkstr(char *s)
{
	if(s == nil)
		s = "";
	return c2string(s, strlen(s));
}

/* a kernel Dir into a Limbo Sys->Dir, whose old strings are released */
static void
dir2sys(Dir *d, Sys_Dir *sd)
{
	destroy(sd->name);
	destroy(sd->uid);
	destroy(sd->gid);
	destroy(sd->muid);
	sd->name = mkstr(d->name);
	sd->uid = mkstr(d->uid);
	sd->gid = mkstr(d->gid);
	sd->muid = mkstr(d->muid);
	sd->qid.path = d->qid.path;
	sd->qid.vers = d->qid.vers;
	sd->qid.qtype = d->qid.type;
	sd->mode = d->mode;
	sd->atime = d->atime;
	sd->mtime = d->mtime;
	sd->length = d->length;
	sd->dtype = d->type;
	sd->dev = d->dev;
}

static char*
sysstrdup(char *s)
{
	char *t;

	t = malloc(strlen(s)+1);
	if(t == nil)
		error(exNomem);
	return strcpy(t, s);
}

/* a Limbo Sys->Dir into a kernel Dir; strings are malloc'd into d (free with sysdirfree) */
static void
sys2dir(Sys_Dir *sd, Dir *d)
{
	d->name = sd->name == H ? nil : sysstrdup(string2c(sd->name));
	d->uid = sd->uid == H ? nil : sysstrdup(string2c(sd->uid));
	d->gid = sd->gid == H ? nil : sysstrdup(string2c(sd->gid));
	d->muid = sd->muid == H ? nil : sysstrdup(string2c(sd->muid));
	d->qid.path = sd->qid.path;
	d->qid.vers = sd->qid.vers;
	d->qid.type = sd->qid.qtype;
	d->mode = sd->mode;
	d->atime = sd->atime;
	d->mtime = sd->mtime;
	d->length = sd->length;
	d->type = sd->dtype;
	d->dev = sd->dev;
}

static void
sysdirfree(Dir *d)
{
	free(d->name);
	free(d->uid);
	free(d->gid);
	free(d->muid);
}

/* a copy of a Limbo string as a malloc'd C string, for use while released */
static char*
cstr(String *s)
{
	char *c;

	if(s == H)
		return sysstrdup("");
	c = sysstrdup(string2c(s));
	return c;
}

void
Sys_open(void *fp)
{
	F_Sys_open *f;
	char *path;
	int fd;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	path = cstr(f->s);
	release();
	fd = kopen(path, f->mode);
	acquire();
	free(path);
	if(fd < 0){
		seterr();
		return;
	}
	*f->ret = mkfd(fd);
}

void
Sys_create(void *fp)
{
	F_Sys_create *f;
	char *path;
	int fd;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	path = cstr(f->s);
	release();
	fd = kcreate(path, f->mode, f->perm);
	acquire();
	free(path);
	if(fd < 0){
		seterr();
		return;
	}
	*f->ret = mkfd(fd);
}

/*
 * Styx: mount, export, file2chan, fversion, fauth
 */
void
Sys_mount(void *fp)
{
	F_Sys_mount *f;
	char *on, *spec;
	int fd, afd, r;

	f = fp;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	afd = f->afd == H ? -1 : f->afd->fd;
	on = cstr(f->on);
	spec = cstr(f->spec);
	release();
	r = kmount(fd, afd, on, f->flags, spec);
	acquire();
	free(on);
	free(spec);
	*f->ret = r;
	if(r < 0)
		seterr();
}

void
Sys_export(void *fp)
{
	F_Sys_export *f;
	char *dir;
	int fd, r;

	f = fp;
	*f->ret = -1;
	if((fd = fdno(f->c)) < 0)
		return;
	dir = cstr(f->dir);
	release();
	r = kexport(fd, dir, f->flag);
	acquire();
	free(dir);
	*f->ret = r;
	if(r < 0)
		seterr();
}

void
Sys_fversion(void *fp)
{
	F_Sys_fversion *f;
	char vers[KNAMEMAX];
	int fd, n;

	f = fp;
	f->ret->t0 = -1;
	destroy(f->ret->t1);
	f->ret->t1 = H;
	if((fd = fdno(f->fd)) < 0)
		return;
	utfecpy(vers, vers+sizeof vers, f->version == H ? "" : string2c(f->version));
	release();
	n = kfversion(fd, f->msize, vers, sizeof vers);
	acquire();
	f->ret->t0 = n;
	if(n < 0){
		seterr();
		return;
	}
	f->ret->t1 = mkstr(vers);
}

void
Sys_fauth(void *fp)
{
	F_Sys_fauth *f;
	char *aname;
	int fd;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	if((fd = fdno(f->fd)) < 0)
		return;
	aname = cstr(f->aname);
	release();
	fd = kfauth(fd, aname);
	acquire();
	free(aname);
	if(fd < 0){
		seterr();
		return;
	}
	*f->ret = mkfd(fd);
}

/* a FileIO whose channels serve file in the #s directory dir */
void
Sys_file2chan(void *fp)
{
	F_Sys_file2chan *f;
	Sys_FileIO *io;
	char *dir, *file;
	int r;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	io = H2D(Sys_FileIO*, heap(TFileIO));
	io->read = cnewc(TF2Cread, 0);
	io->write = cnewc(TF2Cwrite, 0);
	gcpin(D2H(io));
	dir = cstr(f->dir);
	file = cstr(f->file);
	release();
	r = kfile2chan(dir, file, io);
	acquire();
	free(dir);
	free(file);
	gcunpin(D2H(io));
	if(r < 0){
		destroy(io);
		seterr();
		return;
	}
	*f->ret = io;
}

/*
 * the network: dial, announce, listen
 */
static void
setconn(Sys_Connection *c, int dfd, int cfd, char *dir)
{
	destroy(c->dfd);
	destroy(c->cfd);
	destroy(c->dir);
	c->dfd = dfd >= 0 ? mkfd(dfd) : H;
	c->cfd = cfd >= 0 ? mkfd(cfd) : H;
	c->dir = mkstr(dir);
}

void
Sys_dial(void *fp)
{
	F_Sys_dial *f;
	char *addr, *local, dir[KNAMEMAX];
	int dfd, cfd;

	f = fp;
	f->ret->t0 = -1;
	addr = cstr(f->addr);
	local = cstr(f->local);
	release();
	dfd = kdial(addr, local, dir, &cfd);
	acquire();
	free(addr);
	free(local);
	if(dfd < 0){
		seterr();
		return;
	}
	setconn(&f->ret->t1, dfd, cfd, dir);
	f->ret->t0 = 0;
}

void
Sys_announce(void *fp)
{
	F_Sys_announce *f;
	char *addr, dir[KNAMEMAX];
	int cfd;

	f = fp;
	f->ret->t0 = -1;
	addr = cstr(f->addr);
	release();
	cfd = kannounce(addr, dir);
	acquire();
	free(addr);
	if(cfd < 0){
		seterr();
		return;
	}
	setconn(&f->ret->t1, -1, cfd, dir);
	f->ret->t0 = 0;
}

void
Sys_listen(void *fp)
{
	F_Sys_listen *f;
	char *dir, ndir[KNAMEMAX];
	int cfd;

	f = fp;
	f->ret->t0 = -1;
	dir = cstr(f->c.dir);
	release();
	cfd = klisten(dir, ndir);
	acquire();
	free(dir);
	if(cfd < 0){
		seterr();
		return;
	}
	setconn(&f->ret->t1, -1, cfd, ndir);
	f->ret->t0 = 0;
}

void
Sys_fildes(void *fp)
{
	F_Sys_fildes *f;
	int fd;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	fd = kdup(f->fd, -1);
	if(fd < 0){
		seterr();
		return;
	}
	*f->ret = mkfd(fd);
}

void
Sys_dup(void *fp)
{
	F_Sys_dup *f;

	f = fp;
	*f->ret = kdup(f->old, f->new);
	if(*f->ret < 0)
		seterr();
}

void
Sys_read(void *fp)
{
	F_Sys_read *f;
	int fd, n;

	f = fp;
	*f->ret = 0;
	if((n = iolen(f->buf, f->n)) < 0)
		return;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	n = kread(fd, f->buf->data, n);
	acquire();
	*f->ret = n;
	if(n < 0)
		seterr();
}

void
Sys_readn(void *fp)
{
	F_Sys_readn *f;
	int fd, n, m, t;

	f = fp;
	*f->ret = 0;
	if((n = iolen(f->buf, f->n)) < 0)
		return;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	for(t = 0; t < n; t += m){
		m = kread(fd, f->buf->data+t, n-t);
		if(m <= 0){
			if(m < 0 && t == 0)
				t = -1;
			break;
		}
	}
	acquire();
	*f->ret = t;
	if(t < 0)
		seterr();
}

void
Sys_pread(void *fp)
{
	F_Sys_pread *f;
	int fd, n;

	f = fp;
	*f->ret = 0;
	if((n = iolen(f->buf, f->n)) < 0)
		return;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	n = kpread(fd, f->buf->data, n, f->off);
	acquire();
	*f->ret = n;
	if(n < 0)
		seterr();
}

void
Sys_write(void *fp)
{
	F_Sys_write *f;
	int fd, n;

	f = fp;
	*f->ret = 0;
	if((n = iolen(f->buf, f->n)) < 0)
		return;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	n = kwrite(fd, f->buf->data, n);
	acquire();
	*f->ret = n;
	if(n < 0)
		seterr();
}

void
Sys_pwrite(void *fp)
{
	F_Sys_pwrite *f;
	int fd, n;

	f = fp;
	*f->ret = 0;
	if((n = iolen(f->buf, f->n)) < 0)
		return;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	n = kpwrite(fd, f->buf->data, n, f->off);
	acquire();
	*f->ret = n;
	if(n < 0)
		seterr();
}

void
Sys_seek(void *fp)
{
	F_Sys_seek *f;
	int fd;
	vlong n;

	f = fp;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	n = kseek(fd, f->off, f->start);
	acquire();
	*f->ret = n;
	if(n < 0)
		seterr();
}

void
Sys_iounit(void *fp)
{
	F_Sys_iounit *f;
	int fd;

	f = fp;
	*f->ret = 0;
	if((fd = fdno(f->fd)) < 0)
		return;
	*f->ret = kiounit(fd);
}

/* copy in up to bufsiz bytes at a time from src to dst until end of file */
void
Sys_stream(void *fp)
{
	F_Sys_stream *f;
	int src, dst, n, m, t;
	char *buf;

	f = fp;
	*f->ret = -1;
	if((src = fdno(f->src)) < 0 || (dst = fdno(f->dst)) < 0)
		return;
	n = f->bufsiz;
	if(n < 1)
		n = 1;
	if(n > 65536)
		n = 65536;
	buf = malloc(n);
	if(buf == nil)
		error(exNomem);
	release();
	t = 0;
	for(;;){
		m = kread(src, buf, n);
		if(m <= 0){
			if(m < 0)
				t = -1;
			break;
		}
		if(kwrite(dst, buf, m) != m){
			t = -1;
			break;
		}
		t += m;
	}
	acquire();
	free(buf);
	*f->ret = t;
	if(t < 0)
		seterr();
}

void
Sys_remove(void *fp)
{
	F_Sys_remove *f;
	char *path;
	int r;

	f = fp;
	path = cstr(f->s);
	release();
	r = kremove(path);
	acquire();
	*f->ret = r;
	free(path);
	if(*f->ret < 0)
		seterr();
}

void
Sys_chdir(void *fp)
{
	F_Sys_chdir *f;
	char *path;
	int r;

	f = fp;
	path = cstr(f->path);
	release();
	r = kchdir(path);
	acquire();
	*f->ret = r;
	free(path);
	if(*f->ret < 0)
		seterr();
}

void
Sys_bind(void *fp)
{
	F_Sys_bind *f;
	char *s, *on;
	int r;

	f = fp;
	s = cstr(f->s);
	on = cstr(f->on);
	release();
	r = kbind(s, on, f->flags);
	acquire();
	*f->ret = r;
	free(s);
	free(on);
	if(*f->ret < 0)
		seterr();
}

void
Sys_unmount(void *fp)
{
	F_Sys_unmount *f;
	char *s1, *s2;
	int r;

	f = fp;
	s1 = f->s1 == H ? nil : cstr(f->s1);
	s2 = cstr(f->s2);
	release();
	r = kunmount(s1, s2);
	acquire();
	*f->ret = r;
	free(s1);
	free(s2);
	if(*f->ret < 0)
		seterr();
}

void
Sys_fd2path(void *fp)
{
	F_Sys_fd2path *f;
	char *s;
	int fd;

	f = fp;
	destroy(*f->ret);
	*f->ret = H;
	if((fd = fdno(f->fd)) < 0)
		return;
	s = kfd2path(fd);
	if(s == nil){
		seterr();
		return;
	}
	*f->ret = mkstr(s);
	free(s);
}

void
Sys_pipe(void *fp)
{
	F_Sys_pipe *f;
	Sys_FD **fds;
	int p[2];

	f = fp;
	*f->ret = -1;
	if(f->fds == H)
		error(exNilref);
	if(f->fds->len < 2)
		error(exBounds);
	if(kpipe(p) < 0){
		seterr();
		return;
	}
	fds = (Sys_FD**)f->fds->data;
	destroy(fds[0]);
	destroy(fds[1]);
	fds[0] = H;
	fds[1] = H;
	fds[0] = mkfd(p[0]);
	fds[1] = mkfd(p[1]);
	*f->ret = 0;
}

void
Sys_stat(void *fp)
{
	F_Sys_stat *f;
	char *path;
	Dir *d;

	f = fp;
	f->ret->t0 = -1;
	path = cstr(f->s);
	release();
	d = kstat(path);
	acquire();
	free(path);
	if(d == nil){
		seterr();
		return;
	}
	dir2sys(d, &f->ret->t1);
	free(d);
	f->ret->t0 = 0;
}

void
Sys_fstat(void *fp)
{
	F_Sys_fstat *f;
	Dir *d;
	int fd;

	f = fp;
	f->ret->t0 = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	d = kfstat(fd);
	acquire();
	if(d == nil){
		seterr();
		return;
	}
	dir2sys(d, &f->ret->t1);
	free(d);
	f->ret->t0 = 0;
}

void
Sys_wstat(void *fp)
{
	F_Sys_wstat *f;
	char *path;
	Dir d;
	int r;

	f = fp;
	path = cstr(f->s);
	sys2dir(&f->d, &d);
	release();
	r = kwstat(path, &d);
	acquire();
	*f->ret = r;
	free(path);
	sysdirfree(&d);
	if(*f->ret < 0)
		seterr();
}

void
Sys_fwstat(void *fp)
{
	F_Sys_fwstat *f;
	Dir d;
	int fd, r;

	f = fp;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	sys2dir(&f->d, &d);
	release();
	r = kfwstat(fd, &d);
	acquire();
	*f->ret = r;
	sysdirfree(&d);
	if(*f->ret < 0)
		seterr();
}

void
Sys_dirread(void *fp)
{
	F_Sys_dirread *f;
	Dir *d;
	Sys_Dir *sd;
	Array *a;
	long n, i;
	int fd;

	f = fp;
	destroy(f->ret->t1);
	f->ret->t1 = H;
	f->ret->t0 = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	release();
	n = kdirread(fd, &d);
	acquire();
	f->ret->t0 = n;
	if(n <= 0){
		if(n < 0)
			seterr();
		return;
	}
	a = H2D(Array*, heaparray(TDir, n));
	sd = (Sys_Dir*)a->data;
	for(i = 0; i < n; i++)
		dir2sys(&d[i], &sd[i]);
	free(d);
	f->ret->t1 = a;
}

void
Sys_millisec(void *fp)
{
	F_Sys_millisec *f;

	f = fp;
	*f->ret = osmillisec();
}

void
Sys_sleep(void *fp)
{
	F_Sys_sleep *f;
	long ms;
	int r;

	f = fp;
	ms = f->period;
	if(ms < 0)
		ms = 0;
	release();
	r = 0;
	if(ms == 0)
		osyield();
	else
		r = ossleep(ms);
	acquire();
	*f->ret = r;
}

void
Sys_pctl(void *fp)
{
	F_Sys_pctl *f;
	List *l;
	int *keep, n, i;

	f = fp;
	n = 0;
	for(l = f->movefd; l != H; l = l->tail)
		n++;
	keep = malloc((n+1)*sizeof(int));
	if(keep == nil)
		error(exNomem);
	i = 0;
	for(l = f->movefd; l != H; l = l->tail)
		keep[i++] = l->data[0];
	/* closing fds or cloning dot may talk to a file server, which may be a prog */
	release();
	i = kpctl(f->flags, keep, n);
	acquire();
	free(keep);
	if(i < 0){
		seterr();
		*f->ret = -1;
		return;
	}
	if(f->flags & KNEWPGRP)
		currun()->grp = currun()->pid;
	*f->ret = currun()->pid;
}

void
Sys_werrstr(void *fp)
{
	F_Sys_werrstr *f;
	Prog *p;
	char *s;

	f = fp;
	p = currun();
	s = f->s == H ? "" : string2c(f->s);
	utfecpy(p->errstr, p->errstr+sizeof p->errstr, s);
	*f->ret = 0;
}

/* is r one of the characters of s? */
static int
strchrrune(String *s, Rune r)
{
	int i, n;

	n = stringlen(s);
	for(i = 0; i < n; i++)
		if(stringrune(s, i) == r)
			return 1;
	return 0;
}

/* a list cell holding the string s, in front of tail */
static List*
consstr(String *s, List *tail)
{
	Heap *h;
	List *l;

	h = halloc(sizeof(Heap)+sizeof(List), &Tlist);
	l = H2D(List*, h);
	if(tail != H)
		Setmark(D2H(tail));
	l->tail = tail;
	l->t = &Tptr;
	*(String**)l->data = s;
	return l;
}

void
Sys_tokenize(void *fp)
{
	F_Sys_tokenize *f;
	String *s, *d;
	List *l;
	int i, j, n, len;

	f = fp;
	destroy(f->ret->t1);
	f->ret->t1 = H;
	f->ret->t0 = 0;
	s = f->s;
	d = f->delim;
	if(s == H)
		return;
	len = stringlen(s);
	/* collect tokens backwards so the list comes out in order */
	l = H;
	n = 0;
	for(j = len; j > 0; ){
		while(j > 0 && d != H && strchrrune(d, stringrune(s, j-1)))
			j--;
		if(j == 0)
			break;
		i = j;
		while(i > 0 && !(d != H && strchrrune(d, stringrune(s, i-1))))
			i--;
		l = consstr(slicec(s, i, j), l);
		n++;
		j = i;
	}
	f->ret->t0 = n;
	f->ret->t1 = l;
}

void
Sys_utfbytes(void *fp)
{
	F_Sys_utfbytes *f;
	int n, i, l;
	Rune r;
	char *p;

	f = fp;
	n = iolen(f->buf, f->n);
	if(n < 0)
		n = 0;
	p = n ? (char*)f->buf->data : nil;
	for(i = 0; i < n; i += l){
		if(!fullrune(p+i, n-i))
			break;
		l = chartorune(&r, p+i);
	}
	*f->ret = i;
}

/*
 * the character at buf[n]: (c, bytes used, 1) for a valid sequence,
 * (UTFerror, 1, 0) for an invalid one, (0, 0, 0) when the bytes left
 * cannot tell yet
 */
/*
 * as Inferno's: an ASCII byte is itself; if fewer bytes are left than
 * the lead byte asks for (two below 16rE0, three below 16rF0, else four)
 * the answer is (Runeerror, 0, 0), not enough yet (Bufio then reads on);
 * else the character and its length, or (Runeerror, 1, 0) if malformed
 */
void
Sys_byte2char(void *fp)
{
	F_Sys_byte2char *f;
	uchar *p;
	Rune r;
	int left, w;

	f = fp;
	if(f->buf == H || (ulong)f->n >= f->buf->len)
		error(exBounds);
	p = f->buf->data + f->n;
	left = f->buf->len - f->n;
	r = p[0];
	w = 1;
	if(r >= Runeself){
		if(left < (r < 0xE0 ? 2 : r < 0xF0 ? 3 : UTFmax)){
			r = Runeerror;
			w = 0;
		}else
			w = chartorune(&r, (char*)p);
	}
	f->ret->t0 = r;
	f->ret->t1 = w;
	f->ret->t2 = w > 0 && !(r == Runeerror && w == 1);
}

void
Sys_char2byte(void *fp)
{
	F_Sys_char2byte *f;
	char tmp[UTFmax];
	Rune r;
	int n, w;

	f = fp;
	if(f->buf == H)
		error(exNilref);
	n = f->n;
	if(n < 0 || n > f->buf->len)
		error(exBounds);
	r = f->c;
	if(r > Runemax || r < 0)
		r = Runeerror;
	w = runetochar(tmp, &r);
	if(n + w > f->buf->len){
		*f->ret = 0;
		return;
	}
	memmove(f->buf->data+n, tmp, w);
	*f->ret = w;
}

/* write all n bytes of s to fd, released; the count written, or -1 */
static int
writeall(int fd, char *s, int n)
{
	int m;

	release();
	m = kwrite(fd, s, n);
	acquire();
	if(m < 0)
		seterr();
	return m;
}

void
Sys_print(void *fp)
{
	F_Sys_print *f;
	Fmt fmt;
	char *s;

	f = fp;
	fmtstrinit(&fmt);
	sysfmt(&fmt, f->s, &f->vargs, f);
	s = fmtstrflush(&fmt);
	if(s == nil)
		error(exNomem);
	*f->ret = writeall(1, s, strlen(s));
	free(s);
}

void
Sys_fprint(void *fp)
{
	F_Sys_fprint *f;
	Fmt fmt;
	char *s;
	int fd;

	f = fp;
	*f->ret = -1;
	if((fd = fdno(f->fd)) < 0)
		return;
	fmtstrinit(&fmt);
	sysfmt(&fmt, f->s, &f->vargs, f);
	s = fmtstrflush(&fmt);
	if(s == nil)
		error(exNomem);
	*f->ret = writeall(fd, s, strlen(s));
	free(s);
}

void
Sys_sprint(void *fp)
{
	F_Sys_sprint *f;
	Fmt fmt;
	char *s;

	f = fp;
	fmtstrinit(&fmt);
	sysfmt(&fmt, f->s, &f->vargs, f);
	s = fmtstrflush(&fmt);
	if(s == nil)
		error(exNomem);
	retstr(s, f->ret);
	free(s);
}

void
Sys_aprint(void *fp)
{
	F_Sys_aprint *f;
	Fmt fmt;
	char *s;

	f = fp;
	fmtstrinit(&fmt);
	sysfmt(&fmt, f->s, &f->vargs, f);
	s = fmtstrflush(&fmt);
	if(s == nil)
		error(exNomem);
	destroy(*f->ret);
	*f->ret = H;
	*f->ret = mem2array(s, strlen(s));
	free(s);
}
