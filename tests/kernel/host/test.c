#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <interp.h>

/* device tests on the host: see mock.c; prints "N failures" */

void mockinit(void);
void runkproc(void);
extern int killedgrp;
extern char *killedmsg;
void setbootmod(int, uchar*, ulong);
void exit(int);

static int nfail;

#define CHECK(cond, what) do{ if(!(cond)){ print("FAIL %s:%d: %s\n", __FILE__, __LINE__, what); nfail++; } }while(0)

static Chan*
xattach(int dc, char *spec)
{
	int i;

	for(i = 0; devtab[i] != nil; i++)
		if(devtab[i]->dc == dc)
			return devtab[i]->attach(spec);
	error(Ebadsharp);
	return nil;
}

/* walk a clone of c along path; errors as the kernel's walk would */
static Chan*
xwalk(Chan *c, char *path)
{
	char *names[32], buf[256];
	int n;
	Walkqid *wq;
	Chan *nc;

	strcpy(buf, path);
	n = getfields(buf, names, nelem(names), 1, "/");
	if(n == 1 && names[0][0] == 0)
		n = 0;
	wq = devtab[c->type]->walk(c, nil, names, n);
	if(wq == nil)
		error(up->env->errstr);
	if(wq->nqid < n){
		if(wq->clone != nil)
			cclose(wq->clone);
		if(wq->nqid > 0 && (wq->qid[wq->nqid-1].type & QTDIR) == 0){
			free(wq);
			error(Enotdir);
		}
		free(wq);
		error(up->env->errstr);
	}
	nc = wq->clone;
	nc->type = c->type;
	free(wq);
	return nc;
}

static Chan*
xopen(Chan *root, char *path, int mode)
{
	Chan *c;

	c = xwalk(root, path);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	c = devtab[c->type]->open(c, mode);
	poperror();
	return c;
}

static Chan*
xcreate(Chan *root, char *dir, char *name, int mode, ulong perm)
{
	Chan *c;

	c = xwalk(root, dir);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	devtab[c->type]->create(c, name, mode, perm);
	poperror();
	return c;
}

static void
xremove(Chan *root, char *path)
{
	Chan *c;

	c = xwalk(root, path);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	devtab[c->type]->remove(c);
	poperror();
	chanfree(c);
}

static long
xread(Chan *c, char *buf, long n, vlong off)
{
	return devtab[c->type]->read(c, buf, n, off);
}

static long
xwrite(Chan *c, char *buf, long n, vlong off)
{
	return devtab[c->type]->write(c, buf, n, off);
}

static void
xstat(Chan *c, Dir *d, char *strs)
{
	uchar buf[512];
	int n;

	n = devtab[c->type]->stat(c, buf, sizeof buf);
	if(convM2D(buf, n, d, strs) != n)
		error("bad stat");
}

static void
xwstat(Chan *c, Dir *d)
{
	uchar buf[512];
	int n;

	n = convD2M(d, buf, sizeof buf);
	devtab[c->type]->wstat(c, buf, n);
}

static void
nulldir(Dir *d)
{
	memset(d, ~0, sizeof(Dir));
	d->name = d->uid = d->gid = d->muid = "";
}

/* dirread all of c into names "a b c" */
static void
xls(Chan *c, char *out)
{
	uchar buf[4096];
	char strs[512];
	long n;
	int i, k;
	Dir d;

	out[0] = 0;
	c->dri = 0;
	for(;;){
		n = xread(c, (char*)buf, sizeof buf, 0);
		if(n <= 0)
			break;
		for(i = 0; i < n; i += k){
			k = GBIT16(buf+i)+2;
			convM2D(buf+i, k, &d, strs);
			if(out[0])
				strcat(out, " ");
			strcat(out, d.name);
		}
	}
}

/* run stmt; the error it raised (or "") is left in err */
static char err[ERRMAX];
#define TRY(stmt) do{ err[0] = 0; if(waserror()) strcpy(err, up->env->errstr); else { stmt; poperror(); } }while(0)

static void
testtmp(void)
{
	Chan *r, *c, *c2, *p;
	char buf[20000], strs[256], ls[1024];
	Dir d;
	long n;
	int i;

	r = xattach('R', "");
	TRY(c = xcreate(r, "", "a", ORDWR, 0664));
	CHECK(err[0] == 0, err);
	TRY(n = xwrite(c, "hello", 5, 0));
	CHECK(n == 5, "write 5");
	TRY(n = xread(c, buf, sizeof buf, 0));
	CHECK(n == 5 && memcmp(buf, "hello", 5) == 0, "read back");
	TRY(n = xread(c, buf, sizeof buf, 5));
	CHECK(n == 0, "read at eof");
	TRY(n = xread(c, buf, sizeof buf, 1LL<<40));
	CHECK(n == 0 && err[0] == 0, "read far beyond eof");
	TRY(n = xread(c, buf, 10, -1));
	CHECK(strcmp(err, "bad offset") == 0, err);
	xstat(c, &d, strs);
	CHECK(d.length == 5 && strcmp(d.name, "a") == 0 && d.mode == 0664, "stat a");
	cclose(c);

	TRY(c = xcreate(r, "", "a", ORDWR, 0664));
	CHECK(strcmp(err, "file already exists") == 0, err);
	TRY(c = xopen(r, "nonesuch", OREAD));
	CHECK(strcmp(err, "file does not exist") == 0, err);
	TRY(c = xopen(r, "a/b", OREAD));
	CHECK(strcmp(err, "not a directory") == 0, err);

	/* directories */
	TRY(c = xcreate(r, "", "d", OREAD, DMDIR|0775));
	CHECK(err[0] == 0, err);
	cclose(c);
	TRY(c = xcreate(r, "d", "f", OWRITE, 0664));
	CHECK(err[0] == 0, err);
	TRY(n = xwrite(c, "x", 1, 0));
	cclose(c);
	TRY(xremove(r, "d"));
	CHECK(strcmp(err, "directory not empty") == 0, err);
	TRY(c = xopen(r, "d", OWRITE));
	CHECK(strcmp(err, "file is a directory") == 0, err);
	TRY(c = xopen(r, "d/../a", OREAD));
	CHECK(err[0] == 0, err);
	cclose(c);
	TRY(c = xopen(r, "", OREAD));
	xls(c, ls);
	CHECK(strcmp(ls, "d a") == 0, ls);
	cclose(c);
	TRY(xremove(r, "d/f"));
	CHECK(err[0] == 0, err);
	TRY(xremove(r, "d"));
	CHECK(err[0] == 0, err);
	TRY(xremove(r, ""));
	CHECK(strcmp(err, "permission denied") == 0, err);

	/* holes, truncation */
	TRY(c = xopen(r, "a", ORDWR));
	TRY(n = xwrite(c, "end", 3, 100000));
	CHECK(n == 3, "write at 100000");
	xstat(c, &d, strs);
	CHECK(d.length == 100003, "length with hole");
	TRY(n = xread(c, buf, 20000, 50000));
	CHECK(n == 20000, "read hole");
	for(i = 0; i < n; i++)
		if(buf[i] != 0)
			break;
	CHECK(i == n, "hole reads zeros");
	nulldir(&d);
	d.length = 2;
	TRY(xwstat(c, &d));
	CHECK(err[0] == 0, err);
	xstat(c, &d, strs);
	CHECK(d.length == 2, "truncated by wstat");
	nulldir(&d);
	d.length = 10;
	TRY(xwstat(c, &d));
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 10 && memcmp(buf, "he\0\0\0\0\0\0\0\0", 10) == 0, "extension reads zeros");
	cclose(c);
	TRY(c = xopen(r, "a", OWRITE|OTRUNC));
	xstat(c, &d, strs);
	CHECK(d.length == 0, "OTRUNC");
	cclose(c);

	/* rename */
	TRY(c = xcreate(r, "", "b", OWRITE, 0600));
	cclose(c);
	TRY(c = xwalk(r, "a"));
	nulldir(&d);
	d.name = "b";
	TRY(xwstat(c, &d));
	CHECK(strcmp(err, "file already exists") == 0, err);
	d.name = "c";
	TRY(xwstat(c, &d));
	CHECK(err[0] == 0, err);
	cclose(c);
	TRY(c = xopen(r, "c", OREAD));
	CHECK(err[0] == 0, err);
	cclose(c);

	/* remove while open: the file lives until closed */
	TRY(c = xopen(r, "c", ORDWR));
	TRY(n = xwrite(c, "still", 5, 0));
	TRY(xremove(r, "c"));
	CHECK(err[0] == 0, err);
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 5, "read removed file");
	TRY(c2 = xopen(r, "c", OREAD));
	CHECK(strcmp(err, "file does not exist") == 0, err);
	cclose(c);

	/* ORCLOSE */
	TRY(c = xcreate(r, "", "rc", ORDWR|ORCLOSE, 0600));
	c->flag |= CRCLOSE;
	cclose(c);
	TRY(c = xopen(r, "rc", OREAD));
	CHECK(strcmp(err, "file does not exist") == 0, err);

	/* permissions for someone else */
	TRY(c = xcreate(r, "", "ro", OWRITE, 0444));
	cclose(c);
	up->env->user = "guest";
	TRY(c = xopen(r, "ro", OWRITE));
	CHECK(strcmp(err, "permission denied") == 0, err);
	TRY(c = xopen(r, "ro", OREAD));
	CHECK(err[0] == 0, err);
	cclose(c);
	TRY(xremove(r, "ro"));
	CHECK(err[0] == 0, "guest may remove from a 0777 directory");
	up->env->user = "inferno";

	/* append-only and exclusive-use files */
	TRY(c = xcreate(r, "", "log", OWRITE, DMAPPEND|0666));
	TRY(n = xwrite(c, "ab", 2, 0));
	TRY(n = xwrite(c, "cd", 2, 0));
	cclose(c);
	TRY(c = xopen(r, "log", OREAD|OTRUNC));
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 4 && memcmp(buf, "abcd", 4) == 0, "DMAPPEND: writes go to the end, OTRUNC ignored");
	xstat(c, &d, strs);
	CHECK((d.qid.type & QTAPPEND) && (d.mode & DMAPPEND), "append qid");
	cclose(c);
	TRY(c = xcreate(r, "", "lock", ORDWR, DMEXCL|0666));
	TRY(c2 = xopen(r, "lock", OREAD));
	CHECK(strcmp(err, "device or object already in use") == 0, err);
	cclose(c);
	TRY(c2 = xopen(r, "lock", OREAD));
	CHECK(err[0] == 0, "DMEXCL free again after close");
	cclose(c2);
	TRY(xremove(r, "log"));
	TRY(xremove(r, "lock"));

	/* names */
	TRY(c = xcreate(r, "", "..", OWRITE, 0600));
	CHECK(strcmp(err, "file name syntax") == 0, err);
	TRY(c = xcreate(r, "", "", OWRITE, 0600));
	CHECK(strcmp(err, "file name syntax") == 0, err);
	TRY(c = xcreate(r, "b", "x", OWRITE, 0600));
	CHECK(strcmp(err, "not a directory") == 0, err);
	cclose(r);

	/* a small private tree fills up */
	p = xattach('R', "20000");
	TRY(c = xcreate(p, "", "big", OWRITE, 0600));
	memset(buf, 'z', sizeof buf);
	TRY(n = xwrite(c, buf, 8192, 0));
	CHECK(n == 8192, "first block");
	TRY(n = xwrite(c, buf, 20000, 8192));
	CHECK(n == 8192 && err[0] == 0, "short write when full");
	TRY(n = xwrite(c, buf, 100, 16384));
	CHECK(strcmp(err, "file system full") == 0, err);
	TRY(n = xwrite(c, buf, 100, 100));
	CHECK(n == 100, "overwrite in place when full");
	TRY(c2 = xcreate(p, "", "more", OWRITE, 0600));
	CHECK(err[0] == 0, "a node still fits");
	cclose(c2);
	cclose(c);
	TRY(xremove(p, "big"));
	TRY(c = xcreate(p, "", "big2", OWRITE, 0600));
	TRY(n = xwrite(c, buf, 16384, 0));
	CHECK(n == 16384, "space is given back by remove");
	cclose(c);
	cclose(p);
	TRY(p = xattach('R', "junk"));
	CHECK(strcmp(err, "bad arg in system call") == 0, err);
	TRY(p = xattach('R', "-5"));
	CHECK(strcmp(err, "bad arg in system call") == 0, err);
}

static void
testpipe(void)
{
	Chan *r, *a, *b;
	char buf[100], ls[200], strs[256];
	long n;
	Dir d;

	r = xattach('|', "");
	TRY(a = xopen(r, "data", ORDWR));
	TRY(b = xopen(r, "data1", ORDWR));
	CHECK(err[0] == 0, err);
	TRY(n = xwrite(a, "abc", 3, 0));
	TRY(n = xwrite(a, "def", 3, 0));
	TRY(n = xread(b, buf, 100, 0));
	CHECK(n == 6 && memcmp(buf, "abcdef", 6) == 0, "pipe a->b");
	TRY(n = xread(b, buf, 100, 0));
	CHECK(strcmp(err, "would block") == 0, "empty pipe blocks");
	TRY(n = xwrite(b, "xyz", 3, 0));
	TRY(n = xread(a, buf, 2, 0));
	CHECK(n == 2 && memcmp(buf, "xy", 2) == 0, "pipe b->a part");
	TRY(n = xwrite(a, "last", 4, 0));
	cclose(a);
	TRY(n = xread(b, buf, 100, 0));
	CHECK(n == 4 && memcmp(buf, "last", 4) == 0, "drain after close");
	TRY(n = xread(b, buf, 100, 0));
	CHECK(n == 0 && err[0] == 0, "eof after close");
	TRY(n = xwrite(b, "x", 1, 0));
	CHECK(strcmp(err, "i/o on hungup channel") == 0, err);
	cclose(b);
	TRY(a = xopen(r, "", OREAD));
	xls(a, ls);
	CHECK(strcmp(ls, "data data1") == 0, ls);
	cclose(a);
	TRY(a = xopen(r, "data/..", OREAD));
	CHECK(strcmp(err, "not a directory") == 0, err);
	TRY(a = xopen(r, "", OWRITE));
	CHECK(strcmp(err, "permission denied") == 0, err);
	TRY(a = xwalk(r, "data"));
	nulldir(&d);
	d.name = "data1";
	TRY(xwstat(a, &d));
	CHECK(strcmp(err, "file already exists") == 0, err);
	d.name = "in";
	d.mode = 0600;
	TRY(xwstat(a, &d));
	CHECK(err[0] == 0, err);
	cclose(a);
	TRY(a = xwalk(r, "in"));
	xstat(a, &d, strs);
	CHECK(strcmp(d.name, "in") == 0 && d.mode == 0600, "renamed pipe end");
	cclose(a);
	cclose(r);
}

static char image[] =
	"dis 20000000775 sys sys 100 0\n"
	"dis/sh.dis 0444 sys sys 100 5\nSHELL"
	"dis/lib/x.dis 0444 sys sys 100 2\nXX"
	"module 20000000775 sys sys 100 0\n"
	"end of archive\n";

/* the second entry claims more bytes than there are */
static char bad[] =
	"ok 0444 sys sys 100 2\nhi"
	"trunc 0444 sys sys 100 99\nxx";

static void
testroot(void)
{
	Chan *r, *c, *c2;
	char buf[100], ls[1024], strs[256];
	long n;
	Dir d;

	setbootmod(0, (uchar*)image, sizeof image - 1);
	r = xattach('/', "");
	TRY(c = xopen(r, "", OREAD));
	xls(c, ls);
	CHECK(strcmp(ls, "chan dev dis env fd mnt n net prof prog tmp module") == 0, ls);
	cclose(c);
	TRY(c = xopen(r, "dis", OREAD));
	xls(c, ls);
	CHECK(strcmp(ls, "sh.dis lib") == 0, ls);
	cclose(c);
	TRY(c = xopen(r, "dis/sh.dis", OREAD));
	TRY(n = xread(c, buf, 100, 1));
	CHECK(n == 4 && memcmp(buf, "HELL", 4) == 0, "read sh.dis");
	xstat(c, &d, strs);
	CHECK(d.length == 5 && d.mode == 0444 && d.mtime == 100, "stat sh.dis");
	cclose(c);
	TRY(c = xopen(r, "dis/lib/x.dis", OREAD));
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 2, "implicit directory");
	cclose(c);
	TRY(c = xopen(r, "dis/sh.dis", OWRITE));
	CHECK(strcmp(err, "permission denied") == 0, err);
	TRY(c = xcreate(r, "tmp", "x", OWRITE, 0666));
	CHECK(strcmp(err, "permission denied") == 0, err);
	TRY(c = xopen(r, "n/local/..", OREAD));
	xls(c, ls);
	CHECK(strcmp(ls, "local") == 0, ls);
	cclose(c);
	TRY(c = xopen(r, "../../dis/..", OREAD));
	CHECK(err[0] == 0 && c->qid.path == 0, "dot-dot at root");
	cclose(c);
	/* a damaged image: the good entries before the damage are served */
	setbootmod(1, (uchar*)bad, sizeof bad - 1);
	TRY(c = xattach('/', "local"));
	CHECK(err[0] == 0, err);
	TRY(c2 = xopen(c, "", OREAD));
	xls(c2, ls);
	CHECK(strcmp(ls, "ok") == 0, ls);
	cclose(c2);
	TRY(c2 = xopen(c, "ok", OREAD));
	TRY(n = xread(c2, buf, 100, 0));
	CHECK(n == 2 && memcmp(buf, "hi", 2) == 0, "local file");
	cclose(c2);
	cclose(c);
	TRY(c = xattach('/', "other"));
	CHECK(strcmp(err, "bad arg in system call") == 0, err);
}

/* input on the serial line, taken by the kbd process */
static void
kbdin(char *s, int n)
{
	qproduce(kbdq, s, n);
	runkproc();
}

static void
testcons(void)
{
	static Prog reader;
	Chan *r, *c, *ctl;
	char buf[200];
	long n;
	vlong t1, t2;

	r = xattach('c', "");
	TRY(c = xopen(r, "null", ORDWR));
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 0, "null read");
	TRY(n = xwrite(c, buf, 100, 0));
	CHECK(n == 100, "null write");
	cclose(c);
	TRY(c = xopen(r, "time", OREAD));
	TRY(n = xread(c, buf, 100, 0));
	buf[n] = 0;
	t1 = strtoll(buf, nil, 10);
	TRY(n = xread(c, buf, 100, 0));
	buf[n] = 0;
	t2 = strtoll(buf, nil, 10);
	CHECK(t1 > 1600000000000000LL && t2 >= t1, "time");
	cclose(c);
	TRY(c = xopen(r, "time", OWRITE));
	CHECK(strcmp(err, "permission denied") == 0, err);
	TRY(c = xopen(r, "sysname", OREAD));
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 5 && memcmp(buf, "minos", 5) == 0, "sysname");
	cclose(c);
	TRY(c = xopen(r, "user", ORDWR));
	TRY(n = xread(c, buf, 100, 0));
	CHECK(n == 7 && memcmp(buf, "inferno", 7) == 0, "user");
	TRY(n = xwrite(c, "a b", 3, 0));
	CHECK(strcmp(err, "bad arg in system call") == 0, err);
	cclose(c);
	TRY(c = xopen(r, "drivers", OREAD));
	TRY(n = xread(c, buf, 200, 0));
	buf[n] = 0;
	CHECK(strcmp(buf, "#/ root\n#c cons\n#| pipe\n#R tmp\n") == 0, buf);
	cclose(c);
	TRY(c = xopen(r, "msec", OREAD));
	TRY(n = xread(c, buf, 200, 0));
	CHECK(n == 12, "msec");
	cclose(c);
	TRY(c = xopen(r, "sysstat", OREAD));
	TRY(n = xread(c, buf, 200, 0));
	CHECK(n == 10*NUMSIZE && buf[n-1] == '\n', "sysstat: ten numbers");
	cclose(c);
	TRY(c = xopen(r, "kprint", OREAD));
	CHECK(err[0] == 0 && kprintq != nil, err);
	TRY(ctl = xopen(r, "kprint", OREAD));
	CHECK(strcmp(err, "device or object already in use") == 0, err);
	qproduce(kprintq, "log", 3);
	TRY(n = xread(c, buf, 200, 0));
	CHECK(n == 3 && memcmp(buf, "log", 3) == 0, "kprint");
	cclose(c);
	CHECK(kprintq == nil, "kprint closed");
	TRY(c = xopen(r, "random", OREAD));
	TRY(n = xread(c, buf, 200, 0));
	CHECK(n == 200, "random");
	cclose(c);

	/* line editing, of input the kbd process has passed on */
	TRY(c = xopen(r, "cons", ORDWR));
	kbdin("ab\bc\r\nxy\x15z\n", 11);
	TRY(n = xread(c, buf, 200, 0));
	CHECK(n == 3 && memcmp(buf, "ac\n", 3) == 0, "erase, cr");
	TRY(n = xread(c, buf, 1, 0));
	CHECK(n == 1 && buf[0] == 'z', "kill; short read");
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 1 && buf[0] == '\n', "rest of line");
	kbdin("\x04", 1);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 0 && err[0] == 0, "^D eof");
	kbdin("q\x04", 2);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 1 && buf[0] == 'q', "^D ends line");
	kbdin("\xc3\xa9\b!\n", 5);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 2 && memcmp(buf, "!\n", 2) == 0, "erase a rune");

	/* interrupts go to the group of the last reader, and discard what came before */
	reader.grp = 7;
	up->iprog = &reader;
	kbdin("x\n", 2);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 2 && killedgrp == 0, "no interrupt yet");
	kbdin("abc\x7f" "def\n", 8);
	CHECK(killedgrp == 7 && strcmp(killedmsg, "interrupted") == 0, "DEL interrupts the reader's group");
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 4 && memcmp(buf, "def\n", 4) == 0, "DEL discards typeahead");
	killedgrp = 0;
	kbdin("gh", 2);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(strcmp(err, "would block") == 0, "a line begun");
	kbdin("\x03" "ij\n", 4);
	CHECK(killedgrp == 7, "^C interrupts");
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 3 && memcmp(buf, "ij\n", 3) == 0, "^C discards the line begun");
	up->iprog = nil;
	killedgrp = 0;

	TRY(ctl = xopen(r, "consctl", OWRITE));
	TRY(n = xwrite(ctl, "rawon", 5, 0));
	kbdin("a\bb\x7f\x03", 5);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 5 && memcmp(buf, "a\bb\x7f\x03", 5) == 0 && killedgrp == 0, "raw");
	TRY(n = xwrite(ctl, "bogus", 5, 0));
	CHECK(strcmp(err, "bad process or channel control request") == 0, err);
	cclose(ctl);
	kbdin("a\bb\n", 4);
	TRY(n = xread(c, buf, 10, 0));
	CHECK(n == 2 && memcmp(buf, "b\n", 2) == 0, "close of consctl: cooked again");
	TRY(n = xwrite(c, "out\n", 4, 0));
	CHECK(n == 4, "cons write");
	cclose(c);
	TRY(c = xopen(r, "sysctl", ORDWR));
	TRY(n = xwrite(c, "halt x", 6, 0));
	CHECK(strcmp(err, "bad arg in system call") == 0, err);
	TRY(n = xwrite(c, "reboot now", 10, 0));
	CHECK(strcmp(err, "") != 0, "unknown sysctl");
	print("sysctl unknown: %s\n", err);
	cclose(c);
}

/* 1 MB through three pipes, a chunk at a time (nothing here can block) */
static void
testpipeline(void)
{
	Chan *r[3], *w[3], *rd[3];
	static char in[8192], mid[8192];
	long n, tot, got;
	int i, k, bad;
	ulong x;

	for(i = 0; i < 3; i++){
		r[i] = xattach('|', "");
		w[i] = xopen(r[i], "data", OWRITE);
		rd[i] = xopen(r[i], "data1", OREAD);
	}
	x = 1;
	bad = 0;
	got = 0;
	for(tot = 0; tot < 1024*1024; tot += sizeof in){
		for(k = 0; k < sizeof in; k++){
			x = x*1103515245 + 12345;
			in[k] = x>>16;
		}
		xwrite(w[0], in, sizeof in, 0);
		for(i = 0; i < 3; i++){
			n = xread(rd[i], mid, sizeof mid, 0);
			if(n != sizeof mid)
				bad++;
			if(i < 2)
				xwrite(w[i+1], mid, n, 0);
		}
		if(memcmp(mid, in, sizeof in) != 0)
			bad++;
		got += n;
	}
	for(i = 0; i < 3; i++){
		cclose(w[i]);
		n = xread(rd[i], mid, sizeof mid, 0);
		if(n != 0)
			bad++;
		cclose(rd[i]);
		cclose(r[i]);
	}
	CHECK(bad == 0 && got == 1024*1024, "1 MB through three pipes");
}

/* a megabyte file in the shared tree, written in odd pieces */
static void
testbigfile(void)
{
	Chan *r, *c;
	static char buf[1024*1024], back[1024*1024];
	long n, off, k;
	int i;

	for(i = 0; i < sizeof buf; i++)
		buf[i] = i*7;
	r = xattach('R', "");
	c = xcreate(r, "", "big", ORDWR, 0666);
	for(off = 0; off < sizeof buf; off += k){
		k = 3001;
		if(k > sizeof buf - off)
			k = sizeof buf - off;
		n = xwrite(c, buf+off, k, off);
		if(n != k)
			break;
	}
	n = xread(c, back, sizeof back, 0);
	CHECK(n == sizeof buf && memcmp(buf, back, n) == 0, "1 MB file");
	n = xread(c, back, 5000, 8190);
	CHECK(n == 5000 && memcmp(buf+8190, back, n) == 0, "read across blocks");
	cclose(c);
	xremove(r, "big");
	cclose(r);
}

void
testmain(void)
{
	mockinit();
	{ int i; for(i = 0; devtab[i] != nil; i++) devtab[i]->init(); }
	
	if(waserror()){
		print("unexpected error: %s\n", up->env->errstr);
		exit(1);
	}
	testtmp();
	testpipe();
	testroot();
	testcons();
	testpipeline();
	testbigfile();
	poperror();
	print("%d failures\n", nfail);
	exit(nfail != 0);
}
