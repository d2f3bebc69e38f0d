#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #/ -- the root of the name space, read-only, from the boot image.
 * Multiboot module 0 (root.img, packed by pc/mkroot from o/root) is
 * served with attach spec ""; module 1 (./minos run -i DIR) with spec
 * "local".  An image is a Plan 9 mkfs archive: per file, parents first,
 *	NAME MODE UID GID MTIME LENGTH\n	then LENGTH bytes
 * with MODE in octal (DMDIR marks directories), ending with the line
 * "end of archive".  File data is served in place from the module.
 * The root tree also holds the empty directories init binds onto.
 */

typedef struct Rnode Rnode;
typedef struct Rtree Rtree;

struct Rnode
{
	char*	name;
	ulong	mode;
	ulong	mtime;
	ulong	length;
	uchar*	data;
	int	parent;		/* indices into Rtree.node */
	int	child;		/* first child, or -1 */
	int	last;		/* last child, to keep the image's order */
	int	sibling;
};

struct Rtree
{
	char*	spec;
	int	mod;		/* multiboot module */
	int	ready;		/* parsed (or found absent) */
	int	bad;		/* module absent */
	Rnode*	node;
	int	nnode;
	int	anode;
};

static Rtree trees[] =
{
	{ "",		0 },
	{ "local",	1 },
};

/* mount points in the root tree, whether or not the image has them */
static char *mtpts[] =
{
	"chan", "dev", "dis", "env", "fd", "mnt", "n", "n/local", "net", "prof", "prog", "tmp",
};

static QLock rootlock;

static int
newnode(Rtree *t, int parent, char *name, int len, ulong mode)
{
	Rnode *r;
	int i;

	if(t->nnode == t->anode){
		t->anode = t->anode ? 2*t->anode : 64;
		t->node = realloc(t->node, t->anode*sizeof(Rnode));
		if(t->node == nil)
			panic("devroot: no memory for the root tree");
	}
	i = t->nnode++;
	r = &t->node[i];
	memset(r, 0, sizeof *r);
	r->name = malloc(len+1);
	if(r->name == nil)
		panic("devroot: no memory for the root tree");
	memmove(r->name, name, len);
	r->name[len] = '\0';
	r->mode = mode;
	r->parent = parent < 0 ? i : parent;
	r->child = -1;
	r->last = -1;
	r->sibling = -1;
	if(parent >= 0){
		if(t->node[parent].child < 0)
			t->node[parent].child = i;
		else
			t->node[t->node[parent].last].sibling = i;
		t->node[parent].last = i;
	}
	return i;
}

static int
findchild(Rtree *t, int dir, char *name, int len)
{
	int i;

	for(i = t->node[dir].child; i >= 0; i = t->node[i].sibling)
		if(strncmp(t->node[i].name, name, len) == 0 && t->node[i].name[len] == '\0')
			return i;
	return -1;
}

/*
 * The node for path (relative to the root), made if missing; missing
 * parents become directories.  -1 if the path is unusable or a
 * parent is a plain file.
 */
static int
mknode(Rtree *t, char *path, ulong mode)
{
	int dir, i, len;
	char *e;

	dir = 0;
	for(;;){
		while(*path == '/')
			path++;
		if(*path == '\0')
			return dir;
		e = strchr(path, '/');
		len = e != nil ? e-path : strlen(path);
		if((len == 1 && path[0] == '.') || (len == 2 && path[0] == '.' && path[1] == '.'))
			return -1;
		if((t->node[dir].mode & DMDIR) == 0)
			return -1;
		i = findchild(t, dir, path, len);
		if(i < 0)
			i = newnode(t, dir, path, len, (e != nil) ? DMDIR|0555 : mode);
		if(e == nil)
			return i;
		dir = i;
		path = e;
	}
}

/* the next space-separated field of a header line, nil if none */
static char*
field(char **p)
{
	char *s;

	while(**p == ' ')
		(*p)++;
	if(**p == '\0')
		return nil;
	s = *p;
	while(**p != ' ' && **p != '\0')
		(*p)++;
	if(**p == ' ')
		*(*p)++ = '\0';
	return s;
}

/* add the files of an archive to t; complain (and stop) at the first malformed entry */
static void
loadarchive(Rtree *t, uchar *a, ulong len)
{
	char line[512], *p, *name, *f[5];
	uchar *e, *nl;
	ulong n, mode;
	int i, r;

	e = a + len;
	while(a < e){
		nl = memchr(a, '\n', e-a);
		if(nl == nil || nl-a >= sizeof line){
			print("devroot: #/%s: header line too long or unterminated\n", t->spec);
			return;
		}
		memmove(line, a, nl-a);
		line[nl-a] = '\0';
		a = nl+1;
		if(strcmp(line, "end of archive") == 0)
			return;
		p = line;
		name = field(&p);
		for(i = 0; i < 5; i++)
			f[i] = field(&p);
		if(name == nil || f[4] == nil){
			print("devroot: #/%s: bad header: %s\n", t->spec, line);
			return;
		}
		mode = strtoul(f[0], nil, 8);
		n = strtoul(f[4], nil, 10);
		if(n > e-a){
			print("devroot: #/%s: %s: truncated\n", t->spec, name);
			return;
		}
		r = mknode(t, name, mode & (DMDIR|0777));
		if(r < 0 || ((t->node[r].mode ^ mode) & DMDIR) != 0){
			print("devroot: #/%s: %s: bad name or type\n", t->spec, name);
			a += n;
			continue;
		}
		t->node[r].mode = mode & (DMDIR|0777);
		t->node[r].mtime = strtoul(f[3], nil, 10);
		if((mode & DMDIR) == 0){
			t->node[r].data = a;
			t->node[r].length = n;
		}
		a += n;
	}
}

/* parse t's module the first time it is attached */
static void
loadtree(Rtree *t)
{
	uchar *a;
	ulong len;
	int i;

	qlock(&rootlock);
	if(t->ready){
		qunlock(&rootlock);
		return;
	}
	a = bootmod(t->mod, &len);
	if(a == nil && t->mod != 0)
		t->bad = 1;
	else{
		newnode(t, -1, "/", 1, DMDIR|0555);
		if(t->mod == 0)
			for(i = 0; i < nelem(mtpts); i++)
				mknode(t, mtpts[i], DMDIR|0555);
		if(a != nil)
			loadarchive(t, a, len);
	}
	t->ready = 1;
	qunlock(&rootlock);
}

static Rtree*
chantree(Chan *c)
{
	if(c->dev >= nelem(trees))
		error(Egreg);
	return &trees[c->dev];
}

static void
nodedir(Chan *c, Rtree *t, int i, Dir *d)
{
	Rnode *r;
	Qid q;

	r = &t->node[i];
	mkqid(&q, i, 0, (r->mode & DMDIR) ? QTDIR : QTFILE);
	devdir(c, q, r->name, r->length, eve, r->mode, d);
	d->mtime = r->mtime;
	d->atime = r->mtime;
}

/* the s'th entry of directory c; with s == DEVDOTDOT, its parent */
static int
rootgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Rtree *t;
	int i;

	USED(tab);
	USED(ntab);
	t = chantree(c);
	i = c->qid.path;
	if(s == DEVDOTDOT){
		nodedir(c, t, t->node[i].parent, dp);
		return 1;
	}
	if(name != nil){
		/* a walk: find it directly rather than by counting */
		if(s > 0 || (i = findchild(t, i, name, strlen(name))) < 0)
			return -1;
		nodedir(c, t, i, dp);
		return 1;
	}
	for(i = t->node[i].child; i >= 0 && s > 0; i = t->node[i].sibling)
		s--;
	if(i < 0)
		return -1;
	nodedir(c, t, i, dp);
	return 1;
}

static Chan*
rootattach(char *spec)
{
	Rtree *t;
	Chan *c;
	int i;

	if(spec == nil)
		spec = "";
	for(i = 0; i < nelem(trees); i++)
		if(strcmp(trees[i].spec, spec) == 0)
			break;
	if(i == nelem(trees))
		error(Ebadarg);
	t = &trees[i];
	loadtree(t);
	if(t->bad)
		error(Enonexist);
	c = devattach('/', spec);
	c->dev = i;
	mkqid(&c->qid, 0, 0, QTDIR);
	return c;
}

static Walkqid*
rootwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, nil, 0, rootgen);
}

static int
rootstat(Chan *c, uchar *db, int n)
{
	Dir d;

	nodedir(c, chantree(c), c->qid.path, &d);
	n = convD2M(&d, db, n);
	if(n <= BIT16SZ)
		error(Eshortstat);
	return n;
}

static Chan*
rootopen(Chan *c, int omode)
{
	Rtree *t;
	ulong mode;

	t = chantree(c);
	mode = t->node[c->qid.path].mode;
	if(omode & (OTRUNC|ORCLOSE))
		error(Eperm);
	switch(omode & 3){
	case OREAD:
		break;
	case OEXEC:
		if(mode & DMDIR)
			error(Eperm);
		break;
	default:
		error(Eperm);
	}
	devpermcheck(eve, mode, omode);
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

/* the trees live as long as the kernel */
static void
rootclose(Chan *c)
{
	USED(c);
}

static long
rootread(Chan *c, void *a, long n, vlong off)
{
	Rtree *t;
	Rnode *r;

	if(n < 0)
		error(Ecount);
	if(off < 0)
		error(Eoffset);
	t = chantree(c);
	r = &t->node[c->qid.path];
	if(r->mode & DMDIR)
		return devdirread(c, a, n, nil, 0, rootgen);
	if(off >= r->length)
		return 0;
	if(n > r->length - off)
		n = r->length - off;
	memmove(a, r->data + off, n);
	return n;
}

static long
rootwrite(Chan *c, void *a, long n, vlong off)
{
	USED(c);
	USED(a);
	USED(n);
	USED(off);
	error(Eperm);
	return -1;
}

Dev rootdevtab = {
	'/',
	"root",

	devreset,
	devinit,
	devshutdown,
	rootattach,
	rootwalk,
	rootstat,
	rootopen,
	devcreate,
	rootclose,
	rootread,
	devbread,
	rootwrite,
	devbwrite,
	devremove,
	devwstat,
};
