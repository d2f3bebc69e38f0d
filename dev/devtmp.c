#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #R -- a writable file system in memory, for /tmp.
 * Attach spec "" is the one system-wide tree; a decimal spec
 * (#R65536) makes a fresh private tree holding at most that many
 * bytes, freed when its last Chan goes.  File data lives in
 * Blksize blocks allocated on first write, so a sparse file costs
 * only what is written, and a block costs just its size (a size class
 * of malloc's: port/alloc.c).  Each tree counts its blocks and nodes
 * against its limit; past it a write or create fails with Efull.
 * All trees together count against tmpmem's limit, a share of the
 * machine's memory (tmpmemlimit), so that private trees cannot starve
 * the kernel; past it they fail with Etmpfull.
 * One QLock per tree serialises everything in it; tmpmem's Lock guards
 * its count.
 */

enum
{
	Blksize		= 8192,
	Tmpmax		= 64*1024*1024,	/* limit of the system-wide tree */
	Nodecost	= 128,		/* accounted bytes per file, plus its name */
	Maxfile		= 0x7FFFFFFF,	/* largest file offset we can hold */
};

static char Efull[] = "file system full";
static char Ebigfile[] = "file too large";
static char Etmpfull[] = "tmp memory full: all trees hold";

typedef struct Tfs Tfs;
typedef struct Tfile Tfile;

struct Tfile
{
	int	ref;		/* Chans, plus one while in the tree */
	Tfs*	fs;
	char*	name;
	char*	uid;
	char*	gid;
	char*	muid;
	Qid	qid;
	ulong	mode;
	ulong	atime;
	ulong	mtime;
	vlong	length;
	uchar**	blk;		/* nblk entries; nil for holes */
	ulong	nblk;
	Tfile*	parent;
	Tfile*	child;		/* directory contents */
	Tfile*	next;		/* sibling */
	int	open;		/* open Chans, for DMEXCL */
};

struct Tfs
{
	QLock;
	int	ref;		/* Chans */
	int	global;		/* the shared tree is never freed */
	ulong	id;
	vlong	limit;
	vlong	used;
	ulong	path;		/* next qid.path */
	Tfile*	root;
};

static struct
{
	Lock;
	ulong	id;
	Tfs*	global;
} tmpalloc;

static struct
{
	Lock;
	vlong	used;		/* by all trees, as each counts its own */
	vlong	limit;		/* 0 until the first charge */
} tmpmem;

static vlong
tnodecost(char *name)
{
	return Nodecost + strlen(name);
}

/*
 * What all trees may hold: a quarter of the machine's memory, rounded
 * up to 16 MB (so that it does not move with the kernel's size), at
 * most half of what the main pool may grow to.  With the Dis threads'
 * share (port/sysfile.c: threadlimits) three quarters of memory are
 * bounded, and the kernel and the Dis heap keep the rest.
 */
static vlong
tmpmemlimit(void)
{
	vlong mem, limit;

	mem = ((vlong)conf.npage*BY2PG + (16<<20)-1) & ~(vlong)((16<<20)-1);
	limit = mem/4;
	if(mainmem != nil && mainmem->maxsize > 0 && mainmem->maxsize/2 < limit)
		limit = mainmem->maxsize/2;
	return limit;
}

/*
 * charge n more bytes to fs and to all trees; if either would pass its
 * limit, charge nothing and return the error
 */
static char*
tfits(Tfs *fs, vlong n)
{
	if(fs->used + n > fs->limit)
		return Efull;
	lock(&tmpmem);
	if(tmpmem.limit == 0)
		tmpmem.limit = tmpmemlimit();
	if(tmpmem.used + n > tmpmem.limit){
		unlock(&tmpmem);
		return Etmpfull;
	}
	tmpmem.used += n;
	unlock(&tmpmem);
	fs->used += n;
	return nil;
}

/* the error of a charge refused */
static void
tfull(char *e)
{
	char buf[ERRMAX];

	if(e == Etmpfull){
		snprint(buf, sizeof buf, "%s %lld bytes", Etmpfull, tmpmem.limit);
		error(buf);
	}
	error(e);
}

/* charge n bytes to fs, or raise the error; n < 0 gives -n back */
static void
tcharge(Tfs *fs, vlong n)
{
	char *e;

	if(n <= 0){
		lock(&tmpmem);
		tmpmem.used += n;
		unlock(&tmpmem);
		fs->used += n;
		return;
	}
	e = tfits(fs, n);
	if(e != nil)
		tfull(e);
}

static Tfile*
tnewfile(Tfs *fs, Tfile *dir, char *name, char *uid, ulong mode)
{
	Tfile *f;

	f = mallocz(sizeof(Tfile), 1);
	if(f == nil)
		error(Enomem);
	f->name = malloc(strlen(name)+1);
	f->uid = malloc(strlen(uid)+1);
	if(f->name == nil || f->uid == nil){
		free(f->name);
		free(f->uid);
		free(f);
		error(Enomem);
	}
	strcpy(f->name, name);
	strcpy(f->uid, uid);
	f->fs = fs;
	f->ref = 1;
	f->mode = mode;
	mkqid(&f->qid, fs->path++, 0, (mode & DMDIR) ? QTDIR : QTFILE);
	if(mode & DMAPPEND)
		f->qid.type |= QTAPPEND;
	if(mode & DMEXCL)
		f->qid.type |= QTEXCL;
	f->atime = f->mtime = seconds();
	f->parent = dir;
	if(dir != nil){
		kstrdup(&f->gid, dir->gid);
		f->next = dir->child;
		dir->child = f;
		dir->mtime = f->mtime;
		dir->qid.vers++;
	}else
		kstrdup(&f->gid, uid);
	kstrdup(&f->muid, uid);
	return f;
}

/* free the blocks at and beyond byte offset off */
static void
ttruncblocks(Tfile *f, vlong off)
{
	ulong i, first;

	first = (off + Blksize - 1) / Blksize;
	for(i = first; i < f->nblk; i++)
		if(f->blk[i] != nil){
			free(f->blk[i]);
			f->blk[i] = nil;
			tcharge(f->fs, -Blksize);
		}
	/* zero the tail of a partial last block so a later extension reads zeros */
	if(off % Blksize != 0 && off / Blksize < f->nblk && f->blk[off/Blksize] != nil)
		memset(f->blk[off/Blksize] + off%Blksize, 0, Blksize - off%Blksize);
}

static void
tfreefile(Tfile *f)
{
	ttruncblocks(f, 0);
	tcharge(f->fs, -(tnodecost(f->name) + f->nblk*sizeof(uchar*)));
	free(f->blk);
	free(f->name);
	free(f->uid);
	free(f->gid);
	free(f->muid);
	free(f);
}

static void
tdecref(Tfile *f)
{
	if(--f->ref == 0)
		tfreefile(f);
}

/* free a whole private tree: its files are no longer reachable */
static void
tfreetree(Tfile *f)
{
	Tfile *c, *nc;

	for(c = f->child; c != nil; c = nc){
		nc = c->next;
		tfreetree(c);
	}
	tfreefile(f);
}

static void
tunlink(Tfile *f)
{
	Tfile **l;

	for(l = &f->parent->child; *l != nil; l = &(*l)->next)
		if(*l == f){
			*l = f->next;
			break;
		}
	f->parent->mtime = seconds();
	f->parent->qid.vers++;
	f->next = nil;
}

static Tfs*
tnewfs(vlong limit)
{
	Tfs *fs;

	fs = mallocz(sizeof(Tfs), 1);
	if(fs == nil)
		error(Enomem);
	fs->limit = limit;
	fs->path = 1;
	lock(&tmpalloc);
	fs->id = tmpalloc.id++;
	unlock(&tmpalloc);
	if(waserror()){
		free(fs);
		nexterror();
	}
	tcharge(fs, tnodecost("/"));
	if(waserror()){
		tcharge(fs, -tnodecost("/"));
		nexterror();
	}
	fs->root = tnewfile(fs, nil, "/", eve, DMDIR|0777);
	poperror();
	poperror();
	return fs;
}

/*
 * The system-wide tree may hold a quarter of the machine's memory
 * and half of what the main pool may grow to, at most Tmpmax: past
 * that a write fails with Efull rather than starving the kernel.
 */
static vlong
globallimit(void)
{
	vlong limit;

	limit = Tmpmax;
	if(mainmem != nil && mainmem->maxsize > 0 && mainmem->maxsize/2 < limit)
		limit = mainmem->maxsize/2;
	if(conf.npage > 0 && (vlong)conf.npage*BY2PG/4 < limit)
		limit = (vlong)conf.npage*BY2PG/4;
	return limit;
}

static Tfs*
globalfs(void)
{
	Tfs *fs;

	lock(&tmpalloc);
	fs = tmpalloc.global;
	unlock(&tmpalloc);
	if(fs != nil)
		return fs;
	fs = tnewfs(globallimit());
	fs->global = 1;
	lock(&tmpalloc);
	if(tmpalloc.global != nil){	/* lost a race */
		unlock(&tmpalloc);
		tfreetree(fs->root);
		free(fs);
		lock(&tmpalloc);
	}else
		tmpalloc.global = fs;
	fs = tmpalloc.global;
	unlock(&tmpalloc);
	return fs;
}

static Chan*
tmpattach(char *spec)
{
	Chan *c;
	Tfs *fs;
	char *e;
	vlong limit;

	c = devattach('R', spec);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	if(spec == nil || spec[0] == '\0')
		fs = globalfs();
	else{
		limit = strtoll(spec, &e, 10);
		if(*e != '\0' || limit <= 0 || limit > Tmpmax)
			error(Ebadarg);
		fs = tnewfs(limit);
	}
	poperror();
	qlock(fs);
	fs->ref++;
	fs->root->ref++;
	qunlock(fs);
	c->aux = fs->root;
	c->qid = fs->root->qid;
	c->dev = fs->id;
	return c;
}

/* may up's user access f for omode? */
static int
tallowed(Tfile *f, int omode)
{
	ulong perm;
	char *u;
	static int access[] = { 0400, 0200, 0600, 0100 };

	u = up->env->user;
	perm = f->mode & 0777;
	if(strcmp(u, f->uid) == 0 || strcmp(u, eve) == 0)
		perm |= perm<<3 | perm<<6;
	else if(strcmp(u, f->gid) == 0)
		perm <<= 3;
	else
		perm <<= 6;
	omode = access[omode&3];
	return (omode & perm) == omode;
}

static void
tmpperm(Tfile *f, int omode)
{
	if(!tallowed(f, omode))
		error(Eperm);
}

static Tfile*
tlookup(Tfile *dir, char *name)
{
	Tfile *f;

	if(strcmp(name, "..") == 0)
		return dir->parent != nil ? dir->parent : dir;
	for(f = dir->child; f != nil; f = f->next)
		if(strcmp(f->name, name) == 0)
			return f;
	return nil;
}

static Walkqid*
tmpwalk(Chan *c, Chan *nc, char **name, int nname)
{
	Walkqid *wq;
	Tfile *f, *nf;
	Tfs *fs;
	int alloc, i;

	f = c->aux;
	fs = f->fs;
	alloc = nc == nil;
	wq = smalloc(sizeof(Walkqid)+(nname-1)*sizeof(Qid));
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		free(wq);
		nexterror();
	}
	for(i = 0; i < nname; i++){
		if((f->qid.type & QTDIR) == 0){
			if(i == 0)
				error(Enotdir);
			kstrcpy(up->env->errstr, Enotdir, ERRMAX);
			break;
		}
		if(!tallowed(f, OEXEC)){
			if(i == 0)
				error(Eperm);
			kstrcpy(up->env->errstr, Eperm, ERRMAX);
			break;
		}
		if(strcmp(name[i], ".") == 0)
			nf = f;
		else
			nf = tlookup(f, name[i]);
		if(nf == nil){
			if(i == 0)
				error(Enonexist);
			kstrcpy(up->env->errstr, Enonexist, ERRMAX);
			break;
		}
		f = nf;
		wq->qid[i] = f->qid;
	}
	wq->nqid = i;
	if(i == nname){
		if(alloc)
			nc = devclone(c);
		nc->aux = f;
		nc->qid = f->qid;
		f->ref++;
		fs->ref++;
		wq->clone = nc;
	}
	poperror();
	qunlock(fs);
	return wq;
}

static void
tfiledir(Tfile *f, Dir *d)
{
	d->name = f->name;
	d->uid = f->uid;
	d->gid = f->gid;
	d->muid = f->muid;
	d->qid = f->qid;
	d->mode = f->mode;
	d->atime = f->atime;
	d->mtime = f->mtime;
	d->length = (f->mode & DMDIR) ? 0 : f->length;
	d->type = 'R';
	d->dev = f->fs->id;
}

static int
tmpstat(Chan *c, uchar *db, int n)
{
	Tfile *f;
	Dir d;

	f = c->aux;
	qlock(f->fs);
	tfiledir(f, &d);
	n = convD2M(&d, db, n);
	qunlock(f->fs);
	if(n <= BIT16SZ)
		error(Eshortstat);
	return n;
}

/* the i'th entry of directory c */
static int
tmpgen(Chan *c, char *name, Dirtab *tab, int ntab, int i, Dir *dp)
{
	Tfile *f;

	USED(name);
	USED(tab);
	USED(ntab);
	f = c->aux;
	for(f = f->child; f != nil && i > 0; f = f->next)
		i--;
	if(f == nil)
		return -1;
	tfiledir(f, dp);
	return 1;
}

static void
ttruncate(Tfile *f, vlong len)
{
	ttruncblocks(f, len);
	f->length = len;
	f->qid.vers++;
	f->mtime = seconds();
	kstrdup(&f->muid, up->env->user);
}

static Chan*
tmpopen(Chan *c, int omode)
{
	Tfile *f;
	Tfs *fs;

	f = c->aux;
	fs = f->fs;
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		nexterror();
	}
	if((f->qid.type & QTDIR) && ((omode&3) != OREAD || (omode&OTRUNC)))
		error(Eisdir);
	tmpperm(f, omode);
	if((omode & OTRUNC) && (f->qid.type & QTAPPEND) == 0){
		tmpperm(f, OWRITE);
		ttruncate(f, 0);
	}
	if(f->mode & DMEXCL){
		if(f->open > 0)
			error(Einuse);
	}
	if(omode & ORCLOSE){
		tmpperm(f->parent != nil ? f->parent : f, OWRITE);
		c->flag |= CRCLOSE;
	}
	f->open++;
	f->atime = seconds();
	poperror();
	qunlock(fs);
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	c->iounit = 0;
	return c;
}

static void
tcheckname(Tfile *dir, char *name)
{
	if(name[0] == '\0' || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		error(Efilename);
	if(strlen(name) >= 256)
		error(Efilename);
	if(strchr(name, '/') != nil)
		error(Efilename);
	if(tlookup(dir, name) != nil)
		error(Eexist);
}

static void
tmpcreate(Chan *c, char *name, int omode, ulong perm)
{
	Tfile *dir, *f;
	Tfs *fs;

	dir = c->aux;
	fs = dir->fs;
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		nexterror();
	}
	if((dir->qid.type & QTDIR) == 0)
		error(Enotdir);
	if(dir->parent == nil && dir != fs->root)
		error(Enonexist);	/* removed directory */
	tmpperm(dir, OWRITE);
	tcheckname(dir, name);
	if(perm & DMDIR){
		if((omode & 3) != OREAD || (omode & OTRUNC))
			error(Eperm);
		perm = (perm & ~0777) | (perm & dir->mode & 0777);
	}else
		perm = (perm & ~0666) | (perm & dir->mode & 0666);
	perm &= DMDIR|DMAPPEND|DMEXCL|0777;
	tcharge(fs, tnodecost(name));
	if(waserror()){
		tcharge(fs, -tnodecost(name));
		nexterror();
	}
	f = tnewfile(fs, dir, name, up->env->user, perm);
	poperror();
	/* the Chan moves from the directory to the new file */
	f->ref++;
	f->open++;
	tdecref(dir);
	c->aux = f;
	c->qid = f->qid;
	if(omode & ORCLOSE)
		c->flag |= CRCLOSE;
	poperror();
	qunlock(fs);
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	c->iounit = 0;
}

/* drop c's hold on its file and tree */
static void
tmprelease(Chan *c)
{
	Tfile *f;
	Tfs *fs;
	int gone;

	f = c->aux;
	if(f == nil)
		return;
	c->aux = nil;
	fs = f->fs;
	qlock(fs);
	if(c->flag & COPEN)
		f->open--;
	tdecref(f);
	gone = --fs->ref == 0 && !fs->global;
	qunlock(fs);
	if(gone){
		tfreetree(fs->root);
		free(fs);
	}
}

static void
tmpremove(Chan *c)
{
	Tfile *f;
	Tfs *fs;

	f = c->aux;
	fs = f->fs;
	/* remove clunks the Chan whether or not it succeeds */
	if(waserror()){
		tmprelease(c);
		nexterror();
	}
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		nexterror();
	}
	if(f == fs->root || f->parent == nil)
		error(Eperm);
	tmpperm(f->parent, OWRITE);
	if(f->child != nil)
		error(Enotempty);
	tunlink(f);
	f->parent = nil;
	tdecref(f);	/* the tree's reference */
	poperror();
	qunlock(fs);
	poperror();
	tmprelease(c);
}

static void
tmpclose(Chan *c)
{
	Tfile *f;

	f = c->aux;
	if(f == nil)
		return;
	if((c->flag & (COPEN|CRCLOSE)) == (COPEN|CRCLOSE) && f->parent != nil){
		if(!waserror()){
			tmpremove(c);
			poperror();
		}
		return;
	}
	tmprelease(c);
}

static long
tfileread(Tfile *f, uchar *a, long n, vlong off)
{
	long m, o, tot;
	uchar *b;

	if(off >= f->length)
		return 0;
	if(n > f->length - off)
		n = f->length - off;
	for(tot = 0; tot < n; tot += m){
		o = (off+tot) % Blksize;
		m = Blksize - o;
		if(m > n - tot)
			m = n - tot;
		b = f->blk[(off+tot)/Blksize];
		if(b == nil)
			memset(a+tot, 0, m);
		else
			memmove(a+tot, b+o, m);
	}
	return n;
}

static long
tmpread(Chan *c, void *a, long n, vlong off)
{
	Tfile *f;
	Tfs *fs;

	if(n < 0)
		error(Ecount);
	if(off < 0)
		error(Eoffset);
	f = c->aux;
	fs = f->fs;
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		nexterror();
	}
	if(f->qid.type & QTDIR)
		n = devdirread(c, a, n, nil, 0, tmpgen);
	else
		n = tfileread(f, a, n, off);
	f->atime = seconds();
	poperror();
	qunlock(fs);
	return n;
}

/* make the block table reach nb entries */
static void
tgrowtab(Tfile *f, ulong nb)
{
	uchar **t;
	ulong nn;

	if(nb <= f->nblk)
		return;
	nn = f->nblk*2;
	if(nn < nb)
		nn = nb;
	/* the table counts too, or sparse files far out could eat the kernel's memory */
	tcharge(f->fs, (nn-f->nblk)*sizeof(uchar*));
	t = realloc(f->blk, nn*sizeof(uchar*));
	if(t == nil){
		tcharge(f->fs, -(vlong)((nn-f->nblk)*sizeof(uchar*)));
		error(Enomem);
	}
	memset(t+f->nblk, 0, (nn-f->nblk)*sizeof(uchar*));
	f->blk = t;
	f->nblk = nn;
}

static long
tfilewrite(Tfile *f, uchar *a, long n, vlong off)
{
	Tfs *fs;
	long m, o, tot;
	ulong bn;
	char *e;

	fs = f->fs;
	/* off + n could wrap */
	if(off > Maxfile || n > Maxfile - off)
		error(Ebigfile);
	tgrowtab(f, (off+n+Blksize-1)/Blksize);
	for(tot = 0; tot < n; tot += m){
		bn = (off+tot) / Blksize;
		o = (off+tot) % Blksize;
		m = Blksize - o;
		if(m > n - tot)
			m = n - tot;
		if(f->blk[bn] == nil){
			/* when full, keep what fitted: a short write */
			e = tfits(fs, Blksize);
			if(e != nil){
				if(tot == 0)
					tfull(e);
				break;
			}
			f->blk[bn] = mallocz(Blksize, 1);
			if(f->blk[bn] == nil){
				tcharge(fs, -Blksize);
				if(tot == 0)
					error(Enomem);
				break;
			}
		}
		memmove(f->blk[bn]+o, a+tot, m);
	}
	if(off + tot > f->length)
		f->length = off + tot;
	return tot;
}

static long
tmpwrite(Chan *c, void *a, long n, vlong off)
{
	Tfile *f;
	Tfs *fs;

	if(n < 0)
		error(Ecount);
	if(off < 0)
		error(Eoffset);
	f = c->aux;
	fs = f->fs;
	if(f->qid.type & QTDIR)
		error(Eisdir);
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		nexterror();
	}
	if(f->mode & DMAPPEND)
		off = f->length;
	n = tfilewrite(f, a, n, off);
	f->qid.vers++;
	f->mtime = seconds();
	kstrdup(&f->muid, up->env->user);
	poperror();
	qunlock(fs);
	return n;
}

static int
tmpwstat(Chan *c, uchar *dp, int n)
{
	Tfile *f;
	Tfs *fs;
	Dir d;
	char *strs, *u;
	int owner;

	f = c->aux;
	fs = f->fs;
	strs = smalloc(n);
	qlock(fs);
	if(waserror()){
		qunlock(fs);
		free(strs);
		nexterror();
	}
	n = convM2D(dp, n, &d, strs);
	if(n == 0)
		error(Ebadstat);
	u = up->env->user;
	owner = strcmp(u, f->uid) == 0 || strcmp(u, eve) == 0;
	if(d.name != nil && d.name[0] != '\0' && strcmp(d.name, f->name) != 0){
		if(f->parent == nil)
			error(Eperm);
		tmpperm(f->parent, OWRITE);
		tcheckname(f->parent, d.name);
		tcharge(fs, tnodecost(d.name) - tnodecost(f->name));
		kstrdup(&f->name, d.name);
	}
	if(d.mode != ~0UL){
		if(!owner)
			error(Eperm);
		if((d.mode & DMDIR) != (f->mode & DMDIR))
			error(Ebadmode);
		f->mode = (f->mode & DMDIR) | (d.mode & (DMAPPEND|DMEXCL|0777));
		f->qid.type &= ~(QTAPPEND|QTEXCL);
		if(f->mode & DMAPPEND)
			f->qid.type |= QTAPPEND;
		if(f->mode & DMEXCL)
			f->qid.type |= QTEXCL;
	}
	if(d.length != ~0ULL && d.length != f->length){
		if(f->qid.type & QTDIR)
			error(Eisdir);
		if(d.length < 0 || d.length > Maxfile)
			error(Ebadarg);
		tmpperm(f, OWRITE);
		if(d.length < f->length)
			ttruncate(f, d.length);
		else{
			tgrowtab(f, (d.length+Blksize-1)/Blksize);
			f->length = d.length;
			f->qid.vers++;
		}
	}
	if(d.mtime != ~0UL){
		if(!owner)
			error(Eperm);
		f->mtime = d.mtime;
	}
	if(d.gid != nil && d.gid[0] != '\0' && strcmp(d.gid, f->gid) != 0){
		if(!owner)
			error(Eperm);
		kstrdup(&f->gid, d.gid);
	}
	poperror();
	qunlock(fs);
	free(strs);
	return n;
}

Dev tmpdevtab = {
	'R',
	"tmp",

	devreset,
	devinit,
	devshutdown,
	tmpattach,
	tmpwalk,
	tmpstat,
	tmpopen,
	tmpcreate,
	tmpclose,
	tmpread,
	devbread,
	tmpwrite,
	devbwrite,
	tmpremove,
	tmpwstat,
};
