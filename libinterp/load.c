/*
 * The .dis loader.  parsemod decodes an object file into a Module and
 * checks everything the interpreter later takes on trust: operand modes
 * and offsets against the module data and frame sizes, branch targets,
 * type indices and pointer maps, data items (which must not put
 * pointers where the maps have none, nor the reverse), case tables,
 * links, imports and handlers.  A bad file gives an error naming the
 * file and the place, never a crash.
 */
#include "u.h"
#include "lib9.h"
#include "isa.h"
#include "interp.h"
#include "kernel.h"
#include "raise.h"
#include "fns.h"

Module*	modules;
int	(*vmcompile)(Module*);	/* the host's compiler (interp.h), or nil */
void	(*vmuncompile)(Module*);
int	vmcompall;		/* compile every module, not only those that ask (interp.h) */

typedef struct Rd Rd;
struct Rd
{
	uchar*	p;
	uchar*	e;
	int	bad;
};

static int
operand(Rd *r)
{
	int c;
	uchar *p;

	p = r->p;
	if(p >= r->e){
		r->bad = 1;
		return 0;
	}
	c = p[0];
	switch(c & 0xC0){
	case 0x00:
		r->p = p+1;
		return c;
	case 0x40:
		r->p = p+1;
		return c | ~0x7F;
	case 0x80:
		if(p+2 > r->e){
			r->bad = 1;
			return 0;
		}
		r->p = p+2;
		if(c & 0x20)
			c |= ~0x3F;
		else
			c &= 0x3F;
		return (c<<8) | p[1];
	}
	if(p+4 > r->e){
		r->bad = 1;
		return 0;
	}
	r->p = p+4;
	if(c & 0x20)
		c |= ~0x3F;
	else
		c &= 0x3F;
	return (c<<24) | (p[1]<<16) | (p[2]<<8) | p[3];
}

static ulong
disw(Rd *r)
{
	uchar *p;

	p = r->p;
	if(p+4 > r->e){
		r->bad = 1;
		return 0;
	}
	r->p = p+4;
	return (p[0]<<24) | (p[1]<<16) | (p[2]<<8) | p[3];
}

/* a NUL-terminated string in the stream, or nil */
static char*
rdstr(Rd *r)
{
	uchar *p;

	p = r->p;
	while(r->p < r->e && *r->p != 0)
		r->p++;
	if(r->p >= r->e){
		r->bad = 1;
		return nil;
	}
	r->p++;
	return (char*)p;
}

static char*
estrdup(char *s)
{
	char *t;

	t = malloc(strlen(s)+1);
	if(t != nil)
		strcpy(t, s);
	return t;
}

static void	unlinkmod(Module*);

/* should m be compiled?  its header's flags (isa.h) over the host's choice */
static int
wantcompile(Module *m)
{
	if(vmcompile == nil || (m->rt & DONTCOMPILE))
		return 0;
	return vmcompall || (m->rt & MUSTCOMPILE);
}

static double
canontod(ulong hi, ulong lo)
{
	union { double d; uvlong v; } u;

	u.v = (uvlong)hi<<32 | lo;
	return u.d;
}

void
freemod(Module *m)
{
	int i;
	Handler *h;
	Import *ip;

	if(m == nil)
		return;
	if(m->type != nil){
		for(i = 0; i < m->ntype; i++)
			freetype(m->type[i]);
		free(m->type);
	}
	if(m->ext != nil){
		for(i = 0; m->ext[i].name != nil; i++)
			free(m->ext[i].name);
		free(m->ext);
	}
	if(m->ldt != nil){
		for(i = 0; i < m->nldt; i++){
			if(m->ldt[i] == nil)
				continue;
			for(ip = m->ldt[i]; ip->name != nil; ip++)
				free(ip->name);
			free(m->ldt[i]);
		}
		free(m->ldt);
	}
	if(m->htab != nil){
		for(h = m->htab; h < m->htab+m->nhandler; h++){
			if(h->etab == nil)
				continue;
			for(i = 0; h->etab[i].s != nil; i++)
				free(h->etab[i].s);
			free(h->etab);
		}
		free(m->htab);
	}
	if(m->comp != nil && vmuncompile != nil)
		vmuncompile(m);
	vfreemod(m);
	free(m->mpflags);
	free(m->prog);
	free(m->name);
	free(m->path);
	free(m);
}

typedef struct Ld Ld;
struct Ld
{
	char*	path;
	Module*	m;
	char	err[160];
};

static int
lderr(Ld *l, char *fmt, ...)
{
	va_list arg;
	char *p;

	if(l->err[0] != 0)
		return 0;
	p = seprint(l->err, l->err+sizeof l->err, "%s: ", l->path);
	va_start(arg, fmt);
	vseprint(p, l->err+sizeof l->err, fmt, arg);
	va_end(arg);
	return 0;
}

/* decode one source or destination operand (slow: its bit in ip->slow) */
static int
decopnd(Rd *r, Inst *ip, Opnd *o, int mode, int slow)
{
	switch(mode){
	case AMP:
	case AFP:
		o->k = mode == AMP ? Kmp : Kfp;
		o->off = operand(r);
		return 1;
	case AIMM:
		o->k = Kabs;
		o->imm = operand(r);
		o->off = (WORD)&o->imm;
		return 1;
	case AXXX:
		o->k = Kabs;
		o->imm = 0;
		o->off = (WORD)&o->imm;
		return 1;
	case AIND|AMP:
	case AIND|AFP:
		o->k = Kind;
		o->reg = mode == (AIND|AFP);
		o->f = operand(r);
		o->off = operand(r);
		ip->slow |= slow;
		return 1;
	}
	return 0;
}

/*
 * the object format gives a middle operand 16 bits: a signed immediate
 * or an unsigned offset.  Inferno's VM keeps only those bits, so a
 * module with a wider one means something else there: refuse it.
 */
/*
 * does frame type t call a word of the frame header (lr, fp, mr, t: the
 * VM's own) a pointer?  Then making the frame would overwrite them.
 */
static int
hdrptr(Type *t)
{
	return t->np > 0 && (t->map[0] & 0xF0) != 0;
}

static int
chkmiddle(Ld *l, Inst *ip, int pc)
{
	switch(ip->add & ARM){
	case AXIMM:
		if(ip->m.imm < -0x8000 || ip->m.imm > 0x7FFF)
			return lderr(l, "middle immediate %d out of 16-bit range at pc %d", ip->m.imm, pc);
		break;
	case AXINF:
	case AXINM:
		if(ip->m.off < 0 || ip->m.off > 0xFFFF)
			return lderr(l, "middle offset %d out of 16-bit range at pc %d", ip->m.off, pc);
		break;
	}
	return 1;
}

static int
decode(Ld *l, Rd *r, Module *m)
{
	Inst *ip;
	int pc, v;

	for(pc = 0; pc < m->nprog; pc++){
		ip = &m->prog[pc];
		if(r->p+2 > r->e)
			return lderr(l, "truncated code at pc %d", pc);
		ip->op = *r->p++;
		ip->add = *r->p++;
		if(ip->op >= MAXDIS)
			return lderr(l, "bad opcode %d at pc %d", ip->op, pc);
		switch(ip->add & ARM){
		case AXNON:
			break;
		case AXIMM:
			ip->m.k = Kabs;
			ip->m.imm = operand(r);
			ip->m.off = (WORD)&ip->m.imm;
			break;
		case AXINF:
		case AXINM:
			ip->m.k = (ip->add&ARM) == AXINF ? Kfp : Kmp;
			ip->m.off = operand(r);
			break;
		}
		if(!decopnd(r, ip, &ip->s, USRC(ip->add), Slows) || !decopnd(r, ip, &ip->d, UDST(ip->add), Slowd))
			return lderr(l, "bad address mode at pc %d", pc);
		if(r->bad)
			return lderr(l, "truncated code at pc %d", pc);
		if(!chkmiddle(l, ip, pc))
			return 0;
		if((ip->add & ARM) == AXNON){
			ip->m = ip->d;
			if(ip->slow & Slowd)
				ip->slow |= Slowm;
		}
		if(vmisbranch(ip->op)){
			v = ip->d.imm;
			if(UDST(ip->add) != AIMM || v < 0 || v >= m->nprog)
				return lderr(l, "bad branch at pc %d", pc);
			ip->dst = &m->prog[v];
		}
	}
	return 1;
}

static int
rdtypes(Ld *l, Rd *r, Module *m)
{
	int i, id, size, np;
	Type *t;

	m->type = mallocz((m->ntype+1)*sizeof(Type*), 1);
	if(m->type == nil)
		return lderr(l, "out of memory");
	for(i = 0; i < m->ntype; i++){
		id = operand(r);
		size = operand(r);
		np = operand(r);
		if(r->bad || np < 0 || np > r->e-r->p)
			return lderr(l, "truncated type section");
		if(id < 0 || id >= m->ntype || m->type[id] != nil)
			return lderr(l, "bad type number %d", id);
		if(size < 0 || size > 1<<24 || np > size/IBY2WD/8+1)
			return lderr(l, "bad type %d", id);
		t = newtype(Tkstruct, size, r->p, np);
		if(t == nil)
			return lderr(l, "bad pointer map in type %d", id);
		r->p += np;
		m->type[id] = t;
	}
	return 1;
}

/* the pointer words of module data, for checking data items and operands */
static int
mkmpflags(Ld *l, Module *m)
{
	Type *t;
	int i;

	m->mpflags = mallocz(m->mpsize/4+1, 1);
	if(m->mpflags == nil)
		return lderr(l, "out of memory");
	if(m->mpsize == 0)
		return 1;
	if(m->ntype == 0 || (t = m->type[0]) == nil || t->size != m->mpsize)
		return lderr(l, "bad module data type");
	for(i = 0; i < t->nptr; i++)
		m->mpflags[t->ptrs[i]/4] = Mptr;
	return 1;
}

/* load region: where data items may go, and which words hold pointers */
typedef struct Region Region;
struct Region
{
	uchar*	base;	/* load address */
	uchar*	lo;	/* bounds */
	uchar*	hi;
	Type*	et;	/* array element type, or nil for module data */
	uchar*	pmap;	/* module data pointer words */
	uchar*	mp;
};

static int
isptr(Region *g, uchar *a)
{
	long o;
	int i;

	if(g->et == nil)
		return g->pmap[(a-g->mp)/4] & Mptr;
	o = (a-g->lo) % g->et->size;
	for(i = 0; i < g->et->nptr; i++)
		if(g->et->ptrs[i] == o)
			return 1;
	return 0;
}

/* bytes [a, a+n) hold no pointer */
static int
noptrs(Region *g, uchar *a, int n)
{
	uchar *p;

	for(p = (uchar*)((ulong)a&~3); p < a+n; p += 4)
		if(isptr(g, p))
			return 0;
	return 1;
}

/*
 * make room for n more bytes of heap, as halloc would (collecting if the
 * heap is full), so that building module data fails with a loader error
 * instead of raising "out of memory: heap" out of parsemod
 */
static int
room(Ld *l, uvlong n)
{
	n += sizeof(Heap)+sizeof(Array)+64;	/* headers and rounding */
	if(n > heaplimit)
		return lderr(l, "%s", exHeap);
	if(gcstat.heapinuse+n > heaplimit){
		gcfull(n);
		if(gcstat.heapinuse+n > heaplimit)
			return lderr(l, "%s", exHeap);
	}
	return 1;
}

static int
rddata(Ld *l, Rd *r, Module *m)
{
	Region g, stk[DADEPTH];
	int sp, code, n, off, i, v;
	vlong sz;	/* 8*n overflows an int */
	uchar *a;
	Array *ary;
	Type *t;
	ulong hi, lo;
	String *s;

	if(m->mpsize > 0){
		if(!room(l, m->mpsize))
			return 0;
		m->origmp = H2D(uchar*, heap(m->type[0]));
		m->mptype = m->type[0];
	}else
		m->origmp = H;
	g.base = g.lo = m->origmp;
	g.hi = m->origmp+m->mpsize;
	g.et = nil;
	g.pmap = m->mpflags;
	g.mp = m->origmp;
	sp = 0;
	for(;;){
		if(r->p >= r->e)
			return lderr(l, "truncated data section");
		code = *r->p++;
		if(code == 0)
			break;
		n = DLEN(code);
		if(n == 0)
			n = operand(r);
		off = operand(r);
		if(r->bad || n < 0 || off < 0)
			return lderr(l, "bad data item");
		switch(DTYPE(code)){
		case DEFB: sz = n; break;
		case DEFW: sz = 4LL*n; break;
		case DEFF: case DEFL: sz = 8LL*n; break;
		case DEFS: case DEFA: case DIND: sz = 4; break;
		case DAPOP: sz = 0; break;
		default:
			return lderr(l, "bad data item code %d", code);
		}
		/* lo <= base <= hi; offsets are compared, not pointers, which could wrap */
		if(m->mpsize == 0 && DTYPE(code) != DAPOP || off+sz > g.hi-g.base)
			return lderr(l, "data item out of range at offset %d", off);
		a = g.base+off;
		switch(DTYPE(code)){
		case DEFB:
			if(n > r->e-r->p)
				return lderr(l, "truncated data section");
			if(!noptrs(&g, a, n))
				return lderr(l, "data over a pointer at offset %d", off);
			memmove(a, r->p, n);
			r->p += n;
			break;
		case DEFW:
		case DEFF:
		case DEFL:
			if(((ulong)a & 3) || !noptrs(&g, a, sz))
				return lderr(l, "bad data item at offset %d", off);
			for(i = 0; i < n; i++){
				hi = disw(r);
				if(DTYPE(code) == DEFW){
					((WORD*)a)[i] = hi;
					continue;
				}
				lo = disw(r);
				if(DTYPE(code) == DEFF)
					((REAL*)a)[i] = canontod(hi, lo);
				else
					((LONG*)a)[i] = (LONG)((uvlong)hi<<32 | lo);
			}
			if(r->bad)
				return lderr(l, "truncated data section");
			break;
		case DEFS:
			if(((ulong)a & 3) || !isptr(&g, a) || n > r->e-r->p)
				return lderr(l, "bad string at offset %d", off);
			if(!room(l, 4LL*n))	/* as runes, at worst */
				return 0;
			s = c2string((char*)r->p, n);
			r->p += n;
			destroy(*(String**)a);
			*(String**)a = s;
			break;
		case DEFA:
			if(((ulong)a & 3) || !isptr(&g, a))
				return lderr(l, "bad array at offset %d", off);
			v = disw(r);
			n = disw(r);
			if(r->bad || v < 0 || v >= m->ntype || n < 0 || (uvlong)n*m->type[v]->size > 1<<26)
				return lderr(l, "bad array at offset %d", off);
			if(!room(l, (uvlong)n*m->type[v]->size))
				return 0;
			destroy(*(Array**)a);
			*(Array**)a = H2D(Array*, heaparray(m->type[v], n));
			break;
		case DIND:
			ary = *(Array**)a;
			v = disw(r);
			if(((ulong)a & 3) || !isptr(&g, a) || ary == H || D2H(ary)->t->kind != Tkarray || sp >= DADEPTH)
				return lderr(l, "bad array index item at offset %d", off);
			t = ary->t;
			if(r->bad || v < 0 || v > ary->len || t->size == 0)
				return lderr(l, "bad array index item at offset %d", off);
			stk[sp++] = g;
			g.lo = ary->data;
			g.hi = ary->data+ary->len*t->size;
			g.base = ary->data+v*t->size;
			g.et = t;
			break;
		case DAPOP:
			if(sp == 0)
				return lderr(l, "bad array pop");
			g = stk[--sp];
			break;
		}
	}
	return 1;
}

/*
 * is link entry (pc, de, name) the one Inferno's limbo writes for the
 * data a module interface declares?  Its signature is that of the data;
 * importers link it by name and signature like a function, then read
 * the module's data through the Modlink's MP.  It has no code or frame:
 * the VM refuses to call it.
 */
static int
datalink(int pc, int de, char *name)
{
	return pc == -1 && de == -1 && strcmp(name, ".mp") == 0;
}

static int
rdlinks(Ld *l, Rd *r, Module *m, int nlink)
{
	int i, pc, de;
	WORD sig;
	char *name;
	Link *k;

	m->nlink = nlink;
	m->ext = mallocz((nlink+1)*sizeof(Link), 1);
	if(m->ext == nil)
		return lderr(l, "out of memory");
	for(i = 0; i < nlink; i++){
		pc = operand(r);
		de = operand(r);
		sig = disw(r);
		name = rdstr(r);
		if(r->bad || name == nil)
			return lderr(l, "truncated link section");
		k = &m->ext[i];
		k->sig = sig;
		if(!datalink(pc, de, name)){
			if(pc < 0 || pc >= m->nprog || de < 0 || de >= m->ntype || m->type[de]->size < sizeof(Frame) || hdrptr(m->type[de]))
				return lderr(l, "bad link %s", name);
			k->frame = m->type[de];
			k->u.pc = &m->prog[pc];
		}
		k->name = estrdup(name);
		if(k->name == nil)
			return lderr(l, "out of memory");
	}
	return 1;
}

static int
rdimports(Ld *l, Rd *r, Module *m)
{
	int i, j, n;
	Import *ip;
	char *name;

	m->nldt = operand(r);
	if(r->bad || m->nldt < 0 || m->nldt > 1<<16)
		return lderr(l, "bad import section");
	m->ldt = mallocz((m->nldt+1)*sizeof(Import*), 1);
	if(m->ldt == nil)
		return lderr(l, "out of memory");
	for(i = 0; i < m->nldt; i++){
		n = operand(r);
		if(r->bad || n < 0 || n > 1<<16)
			return lderr(l, "bad import section");
		ip = m->ldt[i] = mallocz((n+1)*sizeof(Import), 1);
		if(ip == nil)
			return lderr(l, "out of memory");
		for(j = 0; j < n; j++){
			ip[j].sig = disw(r);
			name = rdstr(r);
			if(r->bad || name == nil)
				return lderr(l, "bad import section");
			ip[j].name = estrdup(name);
			if(ip[j].name == nil)
				return lderr(l, "out of memory");
		}
	}
	if(r->p >= r->e || *r->p++ != 0)
		return lderr(l, "bad import section");
	return 1;
}

static int
rdhandlers(Ld *l, Rd *r, Module *m)
{
	int i, j, n, t, pc;
	Handler *h;
	char *s;

	m->nhandler = operand(r);
	if(r->bad || m->nhandler < 0 || m->nhandler > 1<<16)
		return lderr(l, "bad handler section");
	m->htab = mallocz((m->nhandler+1)*sizeof(Handler), 1);
	if(m->htab == nil)
		return lderr(l, "out of memory");
	for(i = 0; i < m->nhandler; i++){
		h = &m->htab[i];
		h->eoff = operand(r);
		h->pc1 = operand(r);
		h->pc2 = operand(r);
		t = operand(r);
		n = operand(r);
		if(r->bad)
			return lderr(l, "bad handler section");
		if(t < -1 || t >= m->ntype)
			return lderr(l, "bad handler %d", i);
		h->t = t >= 0 ? m->type[t] : nil;
		if(h->t != nil && (h->t->size > m->maxframe || hdrptr(h->t)))
			return lderr(l, "bad handler %d", i);
		h->ne = n>>16;
		n &= 0xFFFF;
		if(h->pc1 > h->pc2 || h->pc2 > m->nprog || (long)h->eoff < REGRET*IBY2WD || h->eoff+4 > m->maxframe || (h->eoff&3))
			return lderr(l, "bad handler %d", i);
		h->etab = mallocz((n+1)*sizeof(Except), 1);
		if(h->etab == nil)
			return lderr(l, "out of memory");
		for(j = 0; j < n; j++){
			s = rdstr(r);
			pc = operand(r);
			if(r->bad || s == nil)
				return lderr(l, "bad handler section");
			if(pc < 0 || pc >= m->nprog)
				return lderr(l, "bad handler %d", i);
			h->etab[j].s = estrdup(s);
			if(h->etab[j].s == nil)
				return lderr(l, "out of memory");
			h->etab[j].pc = pc;
		}
		pc = operand(r);
		if(r->bad || pc != -1 && (pc < 0 || pc >= m->nprog))
			return lderr(l, "bad handler %d", i);
		h->etab[n].s = nil;
		h->etab[n].pc = pc;
	}
	if(r->p >= r->e || *r->p++ != 0)
		return lderr(l, "bad handler section");
	return 1;
}

/*
 * the largest frame the module's code may address: every frame has room
 * for it.  Type 0 describes the module data when there is any, and is
 * no frame: counting it made each call of a module with large data take
 * a stack segment of that size (Inferno's limbo.dis, compiling itself,
 * ran out of stack).  A frame made of it anyway is as large as it.
 */
static void
setmaxframe(Module *m)
{
	int i;

	m->maxframe = sizeof(Frame)+4;
	for(i = m->mpsize > 0; i < m->ntype; i++)
		if(m->type[i]->size > m->maxframe && m->type[i]->size <= 65536+8)
			m->maxframe = m->type[i]->size;
	m->maxframe = (m->maxframe+7)&~7;
}

Module*
parsemod(char *path, uchar *code, ulong len)
{
	Ld l;
	Rd r;
	Module *m;
	int magic, siglen, isize, dsize, hsize, lsize, entry, entryt;
	uchar *hp[4];	/* where the sizes are, for messages */
	char *name, verr[128];


	memset(&l, 0, sizeof l);
	l.path = path;
	r.p = code;
	r.e = code+len;
	r.bad = 0;
	m = mallocz(sizeof(Module), 1);
	if(m == nil){
		kwerrstr("%s: out of memory", path);
		return nil;
	}
	m->ref = 1;
	m->origmp = H;
	m->shared = H;
	m->link = modules;	/* so the collector sees its data while it loads */
	modules = m;
	magic = operand(&r);
	if(magic == SMAGIC){
		siglen = operand(&r);
		if(r.bad || siglen < 0 || siglen > r.e-r.p){
			lderr(&l, "bad signature");
			goto bad;
		}
		r.p += siglen;
	}else if(magic != XMAGIC){
		lderr(&l, "not a dis file");
		goto bad;
	}
	m->rt = operand(&r);
	m->ss = operand(&r);
	hp[0] = r.p;
	isize = operand(&r);
	hp[1] = r.p;
	dsize = operand(&r);
	hp[2] = r.p;
	hsize = operand(&r);
	hp[3] = r.p;
	lsize = operand(&r);
	entry = operand(&r);
	entryt = operand(&r);
	if(r.bad){
		lderr(&l, "truncated header (%lud bytes)", len);
		goto bad;
	}
	if(isize < 0 || isize > 1<<20){
		lderr(&l, "bad header at byte %ld: %d instructions", (long)(hp[0]-code), isize);
		goto bad;
	}
	if(dsize < 0 || dsize > 1<<24 || (dsize&3)){
		lderr(&l, "bad header at byte %ld: data size %d", (long)(hp[1]-code), dsize);
		goto bad;
	}
	if(hsize < 0 || hsize > 1<<20){
		lderr(&l, "bad header at byte %ld: %d types", (long)(hp[2]-code), hsize);
		goto bad;
	}
	if(lsize < 0 || lsize > 1<<20){
		lderr(&l, "bad header at byte %ld: %d links", (long)(hp[3]-code), lsize);
		goto bad;
	}
	if(m->rt & HASLDT0){
		lderr(&l, "obsolete dis");
		goto bad;
	}
	m->nprog = isize;
	m->mpsize = dsize;
	m->ntype = hsize;
	m->prog = mallocz((isize+1)*sizeof(Inst), 1);
	if(m->prog == nil){
		lderr(&l, "out of memory");
		goto bad;
	}
	if(!decode(&l, &r, m) || !rdtypes(&l, &r, m))
		goto bad;
	setmaxframe(m);
	if(!mkmpflags(&l, m) || !rddata(&l, &r, m))
		goto bad;
	name = rdstr(&r);
	if(name == nil || *name == 0){
		lderr(&l, "bad module name");
		goto bad;
	}
	m->name = estrdup(name);
	if(m->name == nil || !rdlinks(&l, &r, m, lsize))
		goto bad;
	if((m->rt & HASLDT) && !rdimports(&l, &r, m))
		goto bad;
	if((m->rt & HASEXCEPT) && !rdhandlers(&l, &r, m))
		goto bad;
	if(entry == -1 || entryt == -1 || isize == 0){
		/* a library module: no init */
		m->entry = nil;
		m->entryt = nil;
	}else if(entry < 0 || entry >= isize || entryt < 0 || entryt >= hsize){
		lderr(&l, "bad entry point");
		goto bad;
	}else{
		m->entry = &m->prog[entry];
		m->entryt = m->type[entryt];
		if(m->entryt->size < sizeof(Frame)+4 || hdrptr(m->entryt)){
			lderr(&l, "bad entry point");
			goto bad;
		}
	}
	if(!verify(m, verr, sizeof verr)){
		lderr(&l, "%s", verr);
		goto bad;
	}
	m->path = estrdup(path);
	if(m->path == nil){
		lderr(&l, "out of memory");
		goto bad;
	}
	xecprep(m);
	if(wantcompile(m) && !vmcompile(m))
		fprint(2, "%s: not compiled: interpreted\n", m->path);
	return m;
bad:
	kwerrstr("%s", l.err);
	werrstr("%s", l.err);
	unlinkmod(m);
	destroy(m->origmp);
	freemod(m);
	return nil;
}

Module*
lookmod(char *path)
{
	Module *m;

	for(m = modules; m != nil; m = m->link)
		if(m->path != nil && m->path[0] != 0 && strcmp(m->path, path) == 0)
			return m;
	return nil;
}

static void
unlinkmod(Module *m)
{
	Module **l;

	for(l = &modules; *l != nil; l = &(*l)->link)
		if(*l == m){
			*l = m->link;
			return;
		}
}

/*
 * a module by path, from the cache unless the file has changed since
 * (a changed file's old Module stays, unnamed, for its instances)
 */
Module*
readmod(char *path)
{
	Module *m;
	uchar *code;
	ulong n;
	char buf[128];
	Dir *d;

	m = lookmod(path);
	if(path[0] == '$'){
		if(m == nil)
			kwerrstr("%s: no such builtin module", path);
		return m;
	}
	d = kstat(path);
	if(d != nil && (d->qid.type & KQTDIR)){
		free(d);
		kwerrstr("%s: is a directory", path);
		return nil;
	}
	if(m != nil){
		if(d == nil || d->qid.path == m->qidpath && d->qid.vers == m->qidvers
		&& d->mtime == m->mtime && d->length == m->length){
			free(d);
			return m;
		}
		m->path[0] = 0;		/* stale: lookmod no longer finds it */
	}
	code = kreadfile(path, &n);
	if(code == nil){
		free(d);
		kerrstr(buf, sizeof buf);
		kwerrstr("%s: %s", path, buf);
		return nil;
	}
	m = parsemod(path, code, n);
	free(code);
	if(m != nil && d != nil){
		m->qidpath = d->qid.path;
		m->qidvers = d->qid.vers;
		m->mtime = d->mtime;
		m->length = d->length;
	}
	free(d);
	return m;
}

Module*
load(char *path)
{
	return readmod(path);
}
