#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * -a and -t: C declarations for builtin modules, in the shape Inferno's
 * limbo gives them: adt structs and maps, frame structs for every
 * function (-a), and the function table with signatures (-t).
 */

static char*	ctprint(char*, char*, Type*);

/* names joined by '_' from the outermost module in */
static char*
dotprint(char *buf, char *e, Decl *d)
{
	if(d->dot != nil){
		buf = dotprint(buf, e, d->dot);
		buf = seprint(buf, e, "_");
	}
	if(d->sym == nil)
		return buf;
	return seprint(buf, e, "%s", d->sym->name);
}

/* print explicit padding to align offset to a; buf==nil prints a line */
static long
stubalign(long offset, int a, char **buf, char *e)
{
	long x;

	if(a <= 1)
		return offset;
	x = offset & (a-1);
	if(x == 0)
		return offset;
	x = a - x;
	if(buf == nil)
		print("\tuchar\t_pad%ld[%ld];\n", offset, x);
	else
		*buf = seprint(*buf, e, "uchar\t_pad%ld[%ld]; ", offset, x);
	return offset + x;
}

static char*
ckind(Type *t)
{
	switch(t->kind){
	case Tnone:	return "void";
	case Tarray:	return "Array*";
	case Tbig:	return "LONG";
	case Tbyte:	return "BYTE";
	case Tchan:	return "Channel*";
	case Treal:	return "REAL";
	case Tint:	return "WORD";
	case Tlist:	return "List*";
	case Tmodule:	return "Modlink*";
	case Tstring:	return "String*";
	case Tany:	return "void*";
	case Tpoly:	return "void*";
	}
	return nil;
}

static char*
ctprint(char *buf, char *e, Type *t)
{
	Decl *id;
	long offset;
	char *k;

	if(t == nil)
		return seprint(buf, e, "void");
	k = ckind(t);
	if(k != nil)
		return seprint(buf, e, "%s", k);
	switch(t->kind){
	case Tref:
		buf = ctprint(buf, e, t->tof);
		return seprint(buf, e, "*");
	case Tadtpick:
		return ctprint(buf, e, t->decl->dot->ty);
	case Tadt:
		return dotprint(buf, e, t->decl);
	case Ttuple:
		offset = 0;
		buf = seprint(buf, e, "struct{ ");
		for(id = t->ids; id != nil; id = id->next){
			offset = stubalign(offset, id->ty->align, &buf, e);
			buf = ctprint(buf, e, id->ty);
			buf = seprint(buf, e, " %s; ", id->sym != nil ? id->sym->name : "t");
			offset += id->ty->size;
		}
		offset = stubalign(offset, t->align, &buf, e);
		return seprint(buf, e, "}");
	}
	error(&t->src, "no C equivalent for type %s", kindname[t->kind]);
	return buf;
}

static char*
ctype(Type *t)
{
	static char buf[4][StrSize];
	static int i;

	i = (i+1) % 4;
	buf[i][0] = 0;
	ctprint(buf[i], buf[i]+StrSize, t);
	return buf[i];
}

/* give tuple fields their t0, t1, ... names */
static void
tuplenames(Type *t)
{
	Decl *id;
	int i;
	char buf[16];

	if(t == nil)
		return;
	switch(t->kind){
	case Ttuple:
		i = 0;
		for(id = t->ids; id != nil; id = id->next){
			if(id->sym == nil){
				snprint(buf, sizeof buf, "t%d", i);
				id->sym = enter(buf, 0);
			}
			i++;
			tuplenames(id->ty);
		}
		break;
	case Tfn:
		for(id = t->ids; id != nil; id = id->next)
			tuplenames(id->ty);
		tuplenames(t->tof);
		break;
	case Tref: case Tarray: case Tlist: case Tchan:
		if(t->tof != nil && t->tof->kind == Ttuple)
			tuplenames(t->tof);
		break;
	}
}

static void
constub(Decl *id)
{
	char buf[StrSize];

	snprint(buf, sizeof buf, "%s_%s", id->dot->sym->name, id->sym->name);
	if(id->init == nil)
		return;
	switch(id->ty->kind){
	case Tbyte:
		print("#define %s %d\n", buf, (int)id->init->val & 0xff);
		break;
	case Tint:
		print("#define %s %ld\n", buf, (long)id->init->val);
		break;
	case Tbig:
		print("#define %s %ld\n", buf, (long)id->init->val);
		break;
	case Treal:
		print("#define %s %g\n", buf, id->init->rval);
		break;
	case Tstring:
		print("#define %s \"%s\"\n", buf, id->init->str);
		break;
	}
}

static void
chanstub(char *in, Decl *id)
{
	uchar *map;

	sizetype(id->ty->tof);
	print("typedef %s %s_%s;\n", ctype(id->ty->tof), in, id->sym->name);
	map = emalloc(id->ty->tof->size/IBY2WD/8 + 2);
	tmap(id->ty->tof, 0, map);
	print("#define %s_%s_size %ld\n", in, id->sym->name, id->ty->tof->size);
	print("#define %s_%s_map %s\n", in, id->sym->name, mapstr(id->ty->tof->size, map));
	free(map);
}

static void
pickadtstub(Type *t)
{
	Decl *id, *tg;
	char buf[StrSize];
	long offset, tgoffset;
	uchar *map;

	dotprint(buf, buf+sizeof buf, t->decl);
	offset = 0;
	for(tg = t->tags; tg != nil; tg = tg->next)
		print("#define %s_%s %ld\n", buf, tg->sym->name, offset++);
	print("struct %s\n{\n", buf);
	print("\tint\tpick;\n");
	offset = IBY2WD;
	for(id = t->ids; id != nil; id = id->next){
		if(id->store != Dfield)
			continue;
		offset = stubalign(offset, id->ty->align, nil, nil);
		print("\t%s\t%s;\n", ctype(id->ty), id->sym->name);
		offset += id->ty->size;
	}
	print("\tunion{\n");
	for(tg = t->tags; tg != nil; tg = tg->next){
		tgoffset = offset;
		print("\t\tstruct{\n");
		for(id = tg->ty->ids; id != nil; id = id->next){
			if(id->store != Dfield)
				continue;
			tgoffset = stubalign(tgoffset, id->ty->align, nil, nil);
			print("\t\t\t%s\t%s;\n", ctype(id->ty), id->sym->name);
			tgoffset += id->ty->size;
		}
		if(tg->ty->ids == nil)
			print("\t\t\tchar\tdummy[1];\n");
		print("\t\t} %s;\n", tg->sym->name);
	}
	print("\t} u;\n");
	print("};\n");
	for(id = t->ids; id != nil; id = id->next)
		if(id->store == Dconst)
			constub(id);
	for(id = t->ids; id != nil; id = id->next)
		if(id->ty->kind == Tchan && id->store == Dfield)
			chanstub(buf, id);
	for(tg = t->tags; tg != nil; tg = tg->next){
		map = emalloc(tg->ty->size/IBY2WD/8 + 2);
		tmap(tg->ty, 0, map);
		print("#define %s_%s_size %ld\n", buf, tg->sym->name, tg->ty->size);
		print("#define %s_%s_map %s\n", buf, tg->sym->name, mapstr(tg->ty->size, map));
		free(map);
	}
}

static void
adtstub(Decl *m)
{
	Decl *d;
	char buf[StrSize];

	for(d = m->ty->ids; d != nil; d = d->next){
		if(d->store != Dtype)
			continue;
		dotprint(buf, buf+sizeof buf, d->ty->decl != nil ? d->ty->decl : d);
		switch(d->ty->kind){
		case Tadt:
			print("typedef struct %s %s;\n", buf, buf);
			break;
		case Tint: case Tbyte: case Treal: case Tbig:
			dotprint(buf, buf+sizeof buf, d);
			print("typedef %s %s;\n", kindname[d->ty->kind], buf);
			break;
		}
	}
}

static void
adtbodies(Decl *m)
{
	Decl *d, *id;
	Type *t;
	char buf[StrSize];
	long offset;
	uchar *map;

	for(d = m->ty->ids; d != nil; d = d->next){
		if(d->store != Dtype)
			continue;
		t = d->ty;
		if(t->kind == Tchan){
			chanstub(m->sym->name, d);
			continue;
		}
		if(t->kind != Tadt || t->decl != d)
			continue;	/* not an adt, or another name for one */
		tuplenames(t);
		if(t->tags != nil){
			pickadtstub(t);
			continue;
		}
		dotprint(buf, buf+sizeof buf, t->decl);
		print("struct %s\n{\n", buf);
		offset = 0;
		for(id = t->ids; id != nil; id = id->next){
			if(id->store != Dfield)
				continue;
			offset = stubalign(offset, id->ty->align, nil, nil);
			print("\t%s\t%s;\n", ctype(id->ty), id->sym->name);
			offset += id->ty->size;
		}
		if(t->ids == nil){
			print("\tchar\tdummy[1];\n");
			offset = 1;
		}
		offset = stubalign(offset, t->align, nil, nil);
		offset = stubalign(offset, IBY2WD, nil, nil);
		print("};\n");
		for(id = t->ids; id != nil; id = id->next)
			if(id->store == Dconst)
				constub(id);
		for(id = t->ids; id != nil; id = id->next)
			if(id->ty->kind == Tchan && id->store == Dfield)
				chanstub(buf, id);
		map = emalloc(t->size/IBY2WD/8 + 2);
		tmap(t, 0, map);
		print("#define %s_size %ld\n", buf, offset);
		print("#define %s_map %s\n", buf, mapstr(t->size, map));
		free(map);
	}
}

/* frame structs for every function of module m */
static void
modstub(Decl *m)
{
	Decl *id, *a;
	Type *t;
	char buf[StrSize], abuf[32], *p;
	long offset;
	int arg;

	arg = 0;
	for(id = modmembers(m->ty); id != nil; id = id->next){
		snprint(buf, sizeof buf, "%s_%s", id->dot->sym->name, id->sym->name);
		print("void %s(void*);\ntypedef struct F_%s F_%s;\nstruct F_%s\n{\n", buf, buf, buf, buf);
		print("\tWORD\tregs[NREG-1];\n");
		tuplenames(id->ty);
		if(id->ty->tof != nil && id->ty->tof->kind != Tnone)
			print("\t%s*\tret;\n", ctype(id->ty->tof));
		else
			print("\tWORD\tnoret;\n");
		print("\tuchar\ttemps[%d];\n", MaxTemp - NREG*IBY2WD);
		offset = MaxTemp;
		for(a = id->ty->ids; a != nil; a = a->next){
			if(a->sym != nil)
				p = a->sym->name;
			else{
				snprint(abuf, sizeof abuf, "arg%d", arg);
				p = abuf;
			}
			t = a->ty;
			offset = stubalign(offset, t->align, nil, nil);
			print("\t%s\t%s;\n", ctype(t), p);
			arg++;
			offset += t->size;
		}
		if(id->ty->varargs)
			print("\tWORD\tvargs;\n");
		print("};\n");
	}
	for(id = m->ty->ids; id != nil; id = id->next)
		if(id->store == Dconst)
			constub(id);
}

/* the modules declared, in declaration order */
static Decl*
modlist(void)
{
	Decl *d, *r, *n;

	r = nil;
	for(d = modules; d != nil; d = n){
		n = d->next2;
		d->next2 = r;
		r = d;
	}
	modules = r;
	return r;
}

void
emitstubs(void)
{
	Decl *m;

	modlist();
	print("#pragma hjdicks x4\n");
	print("#pragma pack x4\n");
	for(m = modules; m != nil; m = m->next2)
		adtstub(m);
	for(m = modules; m != nil; m = m->next2)
		adtbodies(m);
	for(m = modules; m != nil; m = m->next2)
		modstub(m);
	print("#pragma pack off\n");
	print("#pragma hjdicks off\n");
	modlist();
}

/* a pointer map as hex, trailing zero bytes left off */
static char*
hexmap(char *p, char *e, long size, uchar *map)
{
	int n, i;

	n = (size/IBY2WD + 7) / 8;
	while(n > 0 && map[n-1] == 0)
		n--;
	for(i = 0; i < n; i++)
		p = seprint(p, e, "%.2x", map[i]);
	return p;
}

/* the kind of an array's elements, for argkinds */
static int
elemkind(Type *t)
{
	switch(t->kind){
	case Tbyte:	return 'b';
	case Tint:	return 'w';
	case Treal: case Tbig:	return 'f';
	}
	return isptr(t) ? 'p' : 'A';
}

/*
 * the kinds of the pointer words of a value of type t at frame offset
 * off, for the VM's checks of a builtin's arguments (link.c): " OFFk"
 * each, k one of s (a string), b w f p A (an array of bytes, words,
 * 8-byte values, pointers, other), l (a list), c (a channel), m (a
 * module), rSIZE.MAP (a ref to an adt of that size and pointer map, in
 * hex), x (any pointer)
 */
static char*
argkinds(char *p, char *e, Type *t, long off)
{
	Decl *id;
	uchar *map;

	if(t == nil)
		return p;
	switch(t->kind){
	case Tstring:
		return seprint(p, e, " %lds", off);
	case Tarray:
		return seprint(p, e, " %ld%c", off, elemkind(t->tof));
	case Tlist:
		return seprint(p, e, " %ldl", off);
	case Tchan:
		return seprint(p, e, " %ldc", off);
	case Tmodule:
		return seprint(p, e, " %ldm", off);
	case Tref:
		if(t->tof == nil || t->tof->kind != Tadt && t->tof->kind != Ttuple || t->tof->tags != nil)
			break;
		map = emalloc(t->tof->size/IBY2WD/8 + 2);
		tmap(t->tof, 0, map);
		p = seprint(p, e, " %ldr%ld.", off, t->tof->size);
		p = hexmap(p, e, t->tof->size, map);
		free(map);
		return p;
	case Tadt: case Ttuple:
		for(id = t->ids; id != nil; id = id->next)
			if(storespace[id->store])
				p = argkinds(p, e, id->ty, off + id->offset);
		return p;
	}
	if(isptr(t))
		return seprint(p, e, " %ldx", off);
	return p;
}

/* the table's args field: "RSIZE.MAP" of the result, then argkinds of the arguments */
static void
argstr(Decl *id)
{
	char buf[1024], *p, *e;
	uchar *map;
	Type *r;
	Decl *a;

	p = buf;
	e = buf+sizeof buf;
	r = id->ty->tof;
	if(r == nil || r->kind == Tnone)
		p = seprint(p, e, "R0.");
	else{
		sizetype(r);
		map = emalloc(r->size/IBY2WD/8 + 2);
		tmap(r, 0, map);
		p = seprint(p, e, "R%ld.", r->size);
		p = hexmap(p, e, r->size, map);
		free(map);
	}
	for(a = id->ty->ids; a != nil; a = a->next)
		p = argkinds(p, e, a->ty, a->offset);
	if(p >= e-1)
		error(&id->src, "%s's arguments too many for the table", id->sym->name);
	print("\"%s\",", buf);
}

/* the frame offsets of function id's arguments, as the VM lays them out; the end of the last */
static long
argoffsets(Decl *id)
{
	Decl *a;
	long off;

	off = MaxTemp;
	for(a = id->ty->ids; a != nil; a = a->next){
		off = align(off, a->ty->align);
		a->offset = off;
		off += a->ty->size;
	}
	return off;
}

/* the builtin function table for module name */
void
emittab(char *name)
{
	Decl *m, *id, *a;
	uchar *map;
	long size, off;
	int n;

	print("typedef struct{char *name; long sig; void (*fn)(void*); int size; int np; uchar map[16]; char *args;} Runtab;\n");
	for(m = modules; m != nil; m = m->next2){
		if(strcmp(m->sym->name, name) != 0)
			continue;
		n = 0;
		print("Runtab %smodtab[]={\n", m->sym->name);
		for(id = modmembers(m->ty); id != nil; id = id->next){
			n++;
			print("\t\"");
			if(id->dot != m)
				print("%s.", id->dot->sym->name);
			print("%s\",0x%lux,%s_%s,", id->sym->name, sign(id->link->ty),
				id->dot->sym->name, id->sym->name);
			off = argoffsets(id);
			if(id->ty->varargs)
				print("0,0,{0},");
			else{
				size = align(off, MaxAlign);
				map = emalloc(size/IBY2WD/8 + 2);
				for(a = id->ty->ids; a != nil; a = a->next)
					tmap(a->ty, a->offset, map);
				{
					int nm = (size/IBY2WD + 7)/8;
					while(nm > 0 && map[nm-1] == 0)
						nm--;
					print("%ld,%d,%s,", size, nm, mapstr(size, map));
				}
				free(map);
			}
			argstr(id);
			print("\n");
		}
		print("\t0\n};\n");
		print("#define %smodlen\t%d\n", m->sym->name, n);
	}
}
