/*
 * emu's console files, as Inferno's emu serves #c: they live in the
 * pseudo host directory "#c", bound after the host's /dev, so that
 * /dev/cons is emu's standard input and output and /dev/time, msec,
 * user and sysname are generated; /dev/null and the rest are the host's.
 */
#include "emu.h"

Consfile consfiles[] = {
	"cons",		Ccons,		0666,
	"msec",		Cmsec,		0444,
	"sysname",	Csysname,	0444,
	"time",		Ctime,		0444,
	"user",		Cuser,		0444,
};
int	nconsfiles = nelem(consfiles);

/* what host names: 0 a host file, -1 the directory #c, Ccons... a console file, -2 nothing */
int
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
int
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

long
conslen(int q)
{
	char tmp[256];

	consdata(q, tmp, sizeof tmp);
	return strlen(tmp);
}

/* the pseudo host name of console file q */
char*
consfile(int q)
{
	static char *names[] = {
		[Ccons] "#c/cons",
		[Cmsec] "#c/msec",
		[Csysname] "#c/sysname",
		[Ctime] "#c/time",
		[Cuser] "#c/user",
	};

	return names[q];
}

/* read a generated console file at off */
long
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

/* open one of the console files (or the #c directory) */
int
consopen(int q, char *path, int mode)
{
	Hfd *h;
	int fd;

	h = emalloc(sizeof *h);
	h->fd = -1;
	h->wfd = -1;
	h->path = abspath(path);
	if(q < 0){
		h->isdir = 1;
		h->dirs = emalloc(2*sizeof(char*));
		h->dirs[h->ndirs++] = estrdup("#c");
	}else if(q == Ccons){
		switch(mode & 3){
		case KOWRITE:
			h->fd = dup(1);
			break;
		case KORDWR:
			h->wfd = dup(1);
			/* fall through */
		default:
			h->fd = dup(0);
			break;
		}
		h->cons = q;
	}else{
		if((mode & 3) != KOREAD){
			freehfd(h);
			werrstr("permission denied");
			return -1;
		}
		h->cons = q;
	}
	fd = fdalloc(env()->fgrp, h, -1);
	if(fd < 0)
		freehfd(h);
	return fd;
}
