#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * The generic parts of devices.  A simple device describes its files
 * with a Dirtab and a Devgen, and these functions do the rest.
 */

char	*eve = "inferno";

/* index of the device with character c in devtab, or -1 */
int
devno(int c, int user)
{
	int i;

	for(i = 0; devtab[i] != nil; i++)
		if(devtab[i]->dc == c)
			return i;
	if(user == 0)
		panic("devno %C %#ux", c, c);
	return -1;
}

void
mkqid(Qid *q, vlong path, ulong vers, int type)
{
	q->type = type;
	q->vers = vers;
	q->path = path;
}

/* fill in a Dir for a file of device c */
void
devdir(Chan *c, Qid qid, char *n, vlong length, char *user, long perm, Dir *db)
{
	db->name = n;
	if(c->flag & CMSG)
		qid.type |= QTMOUNT;
	db->qid = qid;
	db->type = devtab[c->type]->dc;
	db->dev = c->dev;
	db->mode = perm;
	db->mode |= qid.type << 24;
	db->atime = seconds();
	db->mtime = kerndate;
	db->length = length;
	db->uid = user;
	db->gid = eve;
	db->muid = user;
}

/*
 * The default generator, for a flat device: tab[0] is the directory
 * itself (".", returned for DEVDOTDOT), the files are tab[1] on; entry
 * i is tab[i+1].  Returns 1 and fills dp, or -1 past the end.
 */
int
devgen(Chan *c, char *name, Dirtab *tab, int ntab, int i, Dir *dp)
{
	if(tab == nil)
		return -1;
	if(i != DEVDOTDOT){
		/* skip over the first element, that for . itself */
		i++;
		if(i >= ntab)
			return -1;
		tab += i;
	}
	devdir(c, tab->qid, tab->name, tab->length, eve, tab->perm, dp);
	return 1;
}

void
devreset(void)
{
}

void
devinit(void)
{
}

void
devshutdown(void)
{
}

/* a Chan on the root of device tc */
Chan*
devattach(int tc, char *spec)
{
	Chan *c;
	char *buf;
	int n;

	c = newchan();
	mkqid(&c->qid, 0, 0, QTDIR);
	c->type = devno(tc, 0);
	if(spec == nil)
		spec = "";
	n = 1+UTFmax+strlen(spec)+1;
	buf = smalloc(n);
	snprint(buf, n, "#%C%s", tc, spec);
	c->path = newpath(buf);
	free(buf);
	return c;
}

Chan*
devclone(Chan *c)
{
	Chan *nc;

	if(c->flag & COPEN)
		panic("clone of open file type %C", devtab[c->type]->dc);
	nc = newchan();
	nc->type = c->type;
	nc->dev = c->dev;
	nc->mode = c->mode;
	nc->qid = c->qid;
	nc->offset = c->offset;
	nc->umh = nil;
	nc->aux = c->aux;
	nc->mqid = c->mqid;
	return nc;
}

/*
 * walk c along names with gen; the result's clone is nc (or a new
 * clone of c) when every name was found.
 */
Walkqid*
devwalk(Chan *c, Chan *nc, char **name, int nname, Dirtab *tab, int ntab, Devgen *gen)
{
	int i, j;
	volatile int alloc;
	Walkqid *wq;
	char *n;
	Dir dir;

	if(nname > 0)
		isdir(c);
	alloc = 0;
	wq = smalloc(sizeof(Walkqid)+(nname-1)*sizeof(Qid));
	if(waserror()){
		if(alloc && wq->clone != nil)
			cclose(wq->clone);
		free(wq);
		return nil;
	}
	if(nc == nil){
		nc = devclone(c);
		nc->type = 0;	/* device doesn't know about this channel yet */
		alloc = 1;
	}
	wq->clone = nc;
	for(j = 0; j < nname; j++){
		if(!(nc->qid.type & QTDIR)){
			if(j == 0)
				error(Enotdir);
			goto Done;
		}
		n = name[j];
		if(strcmp(n, ".") == 0){
    Accept:
			wq->qid[wq->nqid++] = nc->qid;
			continue;
		}
		if(strcmp(n, "..") == 0){
			if((*gen)(nc, nil, tab, ntab, DEVDOTDOT, &dir) != 1){
				print("devgen walk .. in dev%s %#llux broken\n",
					devtab[nc->type]->name, nc->qid.path);
				error("broken devgen");
			}
			nc->qid = dir.qid;
			goto Accept;
		}
		/* gen sees the name too, so a generator can go straight to the entry */
		for(i = 0;; i++){
			switch((*gen)(nc, n, tab, ntab, i, &dir)){
			case -1:
				if(j == 0)
					error(Enonexist);
				kstrcpy(up->env->errstr, Enonexist, ERRMAX);
				goto Done;
			case 0:
				continue;
			case 1:
				if(strcmp(n, dir.name) == 0){
					nc->qid = dir.qid;
					goto Accept;
				}
				continue;
			}
		}
	}
	/* we walked all the way: the type is right */
Done:
	poperror();
	if(wq->nqid < nname){
		if(alloc)
			cclose(wq->clone);
		wq->clone = nil;
	}else if(wq->clone != nil){
		wq->clone->type = c->type;
	}
	return wq;
}

/* the stat of c, found with gen, packed into db */
int
devstat(Chan *c, uchar *db, int n, Dirtab *tab, int ntab, Devgen *gen)
{
	int i;
	Dir dir;
	char *p, *elem;

	for(i = 0;; i++){
		switch((*gen)(c, nil, tab, ntab, i, &dir)){
		case -1:
			if(c->qid.type & QTDIR){
				if(c->path == nil)
					elem = "???";
				else if(strcmp(c->path->s, "/") == 0)
					elem = "/";
				else
					for(elem = p = c->path->s; *p; p++)
						if(*p == '/')
							elem = p+1;
				devdir(c, c->qid, elem, 0, eve, DMDIR|0555, &dir);
				n = convD2M(&dir, db, n);
				if(n == 0)
					error(Ebadarg);
				return n;
			}
			error(Enonexist);
		case 0:
			break;
		case 1:
			if(c->qid.path == dir.qid.path){
				if(c->flag & CMSG)
					dir.mode |= DMMOUNT;
				n = convD2M(&dir, db, n);
				if(n == 0)
					error(Ebadarg);
				return n;
			}
			break;
		}
	}
}

/* the entries of directory c from index c->dri on, as stat entries */
long
devdirread(Chan *c, char *d, long n, Dirtab *tab, int ntab, Devgen *gen)
{
	long m, dsz;
	Dir dir;

	for(m = 0; m < n; c->dri++){
		switch((*gen)(c, nil, tab, ntab, c->dri, &dir)){
		case -1:
			return m;
		case 0:
			break;
		case 1:
			dsz = convD2M(&dir, (uchar*)d, n-m);
			if(dsz <= BIT16SZ){	/* won't fit */
				if(m == 0)
					error(Eshort);
				return m;
			}
			m += dsz;
			d += dsz;
			break;
		}
	}
	return m;
}

/* may the current user open a file of mode perm owned by user for omode? */
void
devpermcheck(char *fileuid, ulong perm, int omode)
{
	ulong t;
	static int access[] = { 0400, 0200, 0600, 0100 };

	if(strcmp(up->env->user, fileuid) == 0)
		perm <<= 0;
	else if(strcmp(up->env->user, eve) == 0)
		perm <<= 3;
	else
		perm <<= 6;
	t = access[omode&3];
	if((t&perm) != t)
		error(Eperm);
}

/* open c for omode after checking the permissions gen gives */
Chan*
devopen(Chan *c, int omode, Dirtab *tab, int ntab, Devgen *gen)
{
	int i;
	Dir dir;

	for(i = 0;; i++){
		switch((*gen)(c, nil, tab, ntab, i, &dir)){
		case -1:
			goto Return;
		case 0:
			break;
		case 1:
			if(c->qid.path == dir.qid.path){
				devpermcheck(dir.uid, dir.mode, omode);
				goto Return;
			}
			break;
		}
	}
Return:
	c->offset = 0;
	if((c->qid.type & QTDIR) && omode != OREAD)
		error(Eperm);
	c->mode = openmode(omode);
	c->flag |= COPEN;
	return c;
}

void
devcreate(Chan*, char*, int, ulong)
{
	error(Eperm);
}

/* read into a block, for devices without a bread */
Block*
devbread(Chan *c, long n, ulong offset)
{
	Block *bp;

	bp = allocb(n);
	if(bp == nil)
		error(Enomem);
	if(waserror()){
		freeb(bp);
		nexterror();
	}
	bp->wp += devtab[c->type]->read(c, bp->wp, n, offset);
	poperror();
	return bp;
}

long
devbwrite(Chan *c, Block *bp, ulong offset)
{
	long n;

	if(waserror()){
		freeb(bp);
		nexterror();
	}
	n = devtab[c->type]->write(c, bp->rp, BLEN(bp), offset);
	poperror();
	freeb(bp);
	return n;
}

void
devremove(Chan*)
{
	error(Eperm);
}

int
devwstat(Chan*, uchar*, int)
{
	error(Eperm);
	return 0;
}

void
chandevreset(void)
{
	int i;

	for(i = 0; devtab[i] != nil; i++)
		devtab[i]->reset();
}

void
chandevinit(void)
{
	int i;

	for(i = 0; devtab[i] != nil; i++)
		devtab[i]->init();
}

void
chandevshutdown(void)
{
	int i;

	for(i = 0; devtab[i] != nil; i++)
		devtab[i]->shutdown();
}

/*
 * For a device that looks at the VM's state: take the VM unless this
 * thread holds it already (a close from inside the VM: the collector
 * freeing an FD, an exiting prog's fds); whether vmdrop must give it
 * back.  The caller of a device operation from a Dis thread has let
 * the VM go.
 */
int
vmtake(void)
{
	if(up->type != Unknown)
		return 0;
	acquire();
	return 1;
}

void
vmdrop(int took)
{
	if(took)
		release();
}

/*
 * cons(3)'s files both consoles serve (the kernel's dev/devcons.c and
 * emu's emu/devcons.c)
 */

/* the words of a consctl write, rawon or rawoff, in turn: raw mode after them, raw before */
int
consctlraw(char *a, long n, int raw)
{
	char buf[64], *f[8];
	int i, nf;

	if(n < 0 || n >= sizeof buf)
		error(Ebadctl);
	memmove(buf, a, n);
	buf[n] = '\0';
	nf = tokenize(buf, f, nelem(f));
	for(i = 0; i < nf; i++){
		if(strcmp(f[i], "rawon") == 0)
			raw = 1;
		else if(strcmp(f[i], "rawoff") == 0)
			raw = 0;
		else
			error(Ebadctl);
	}
	return raw;
}

/*
 * a line of /dev/memory, as Inferno's: bytes in use, the limit, the
 * high water mark, allocations, frees, extensions and bytes held, each
 * in 11 characters and a space, then the pool's name
 */
char*
memoryline(char *s, char *e, char *name, ulong inuse, ulong max, ulong hw, ulong nalloc, ulong nfree, ulong nbrk, ulong held)
{
	return seprint(s, e, "%11lud %11lud %11lud %11lud %11lud %11lud %11lud %s\n",
		inuse, max, hw, nalloc, nfree, nbrk, held, name);
}
