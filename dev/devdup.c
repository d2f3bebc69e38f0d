#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #d -- the current process's open files, as Inferno's dup(3): for each
 * open fd n, a file n whose open is sys->dup(n, -1) (the result is the
 * fd's own Chan, not a file of #d) and a file nctl holding the fd's
 * line of /prog/N/fd.  Qid paths: 0 the directory, 1+2n file n, 2+2n
 * nctl.
 */

enum
{
	Qdir,
};

/* the Chan of fd with a reference, or nil; its mode in *mode */
static Chan*
dupchan(int fd)
{
	Fgrp *f;
	Chan *c;

	f = up->env->fgrp;
	if(f == nil)
		return nil;
	lock(f);
	c = nil;
	if(fd >= 0 && fd <= f->maxfd && fd < f->nfd && (c = f->fd[fd]) != nil)
		incref(c);
	unlock(f);
	return c;
}

static int
dupgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	static int perms[] = { 0400, 0200, 0600, 0400 };
	Fgrp *f;
	Chan *fc;
	char *e;
	int fd, ctl, perm;
	Qid q;

	USED(tab);
	USED(ntab);
	if(s == DEVDOTDOT){
		mkqid(&q, Qdir, 0, QTDIR);
		devdir(c, q, "#d", 0, eve, DMDIR|0555, dp);
		return 1;
	}
	if(name != nil){
		fd = strtoul(name, &e, 10);
		if(e == name || (name[0] == '0' && e != name+1) || fd < 0)
			return -1;
		if(*e == 0)
			ctl = 0;
		else if(strcmp(e, "ctl") == 0)
			ctl = 1;
		else
			return -1;
	}else{
		fd = s/2;
		ctl = s&1;
		f = up->env->fgrp;
		if(f == nil || fd > f->maxfd)
			return -1;
	}
	fc = dupchan(fd);
	if(fc == nil)
		return name != nil ? -1 : 0;
	perm = ctl ? 0400 : perms[fc->mode&3];
	cclose(fc);
	if(ctl)
		snprint(up->genbuf, sizeof up->genbuf, "%dctl", fd);
	else
		snprint(up->genbuf, sizeof up->genbuf, "%d", fd);
	mkqid(&q, 1+2*fd+ctl, 0, QTFILE);
	devdir(c, q, up->genbuf, 0, eve, perm, dp);
	return 1;
}

static Chan*
dupattach(char *spec)
{
	return devattach('d', spec);
}

static Walkqid*
dupwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, nil, 0, dupgen);
}

static int
dupstat(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, nil, 0, dupgen);
}

static Chan*
dupopen(Chan *c, int omode)
{
	Chan *f;
	int fd;

	if(c->qid.type & QTDIR)
		return devopen(c, omode, nil, 0, dupgen);
	fd = (c->qid.path-1)/2;
	if((c->qid.path-1)&1)
		return devopen(c, omode, nil, 0, dupgen);
	f = fdtochan(fd, openmode(omode), 0, 1);
	cclose(c);
	return f;
}

static void
dupclose(Chan *c)
{
	USED(c);
}

static long
dupread(Chan *c, void *a, long n, vlong off)
{
	char buf[READSTR];
	Chan *fc;
	int fd;

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, nil, 0, dupgen);
	fd = (c->qid.path-1)/2;
	fc = dupchan(fd);
	if(fc == nil)
		error(Ebadfd);
	fdline(buf, sizeof buf, fd, fc, 1);
	cclose(fc);
	return readstr(off, a, n, buf);
}

static long
dupwrite(Chan *c, void *a, long n, vlong off)
{
	USED(c);
	USED(a);
	USED(n);
	USED(off);
	error(Eperm);
	return -1;
}

Dev dupdevtab = {
	'd',
	"dup",

	devreset,
	devinit,
	devshutdown,
	dupattach,
	dupwalk,
	dupstat,
	dupopen,
	devcreate,
	dupclose,
	dupread,
	devbread,
	dupwrite,
	devbwrite,
	devremove,
	devwstat,
};
