#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * The Dis object file: header, code, types, data, module name,
 * link, import (ldt) and handler sections, source path.
 * Operands are written in Dis's variable length encoding.
 */

static	uchar*	obuf;
static	long	olen, omax;

static void
out(int c)
{
	if(olen >= omax){
		omax = omax ? 2*omax : 8192;
		obuf = realloc(obuf, omax);
		if(obuf == nil)
			fatal("out of memory");
	}
	obuf[olen++] = c;
}

static void
outbytes(void *p, long n)
{
	uchar *s;

	s = p;
	while(n-- > 0)
		out(*s++);
}

void
discon(long v)
{
	if(v >= -64 && v <= 63){
		out(v & 0x7f);
		return;
	}
	if(v >= -8192 && v <= 8191){
		out(((v>>8) & 0x3f) | 0x80);
		out(v);
		return;
	}
	if(v < -(1L<<29) || v >= (1L<<29))
		fatal("constant %ld too large for an operand", v);
	out(((v>>24) & 0x3f) | 0xc0);
	out(v>>16);
	out(v>>8);
	out(v);
}

static void
disword(ulong w)
{
	out(w>>24);
	out(w>>16);
	out(w>>8);
	out(w);
}

static void
disdata(int kind, long n)
{
	if(n < DMAX && n != 0)
		out(DBYTE(kind, n));
	else{
		out(DBYTE(kind, 0));
		discon(n);
	}
}

/* -X name: the signature text of entry name in a link or import table */
static ulong
entrysign(char *what, Decl *d)
{
	char *s;

	if(signdump != nil && strcmp(signdump, fnname(d)) == 0){
		s = signstr(d->ty);
		print("%s %s len %d\n%s\n", what, fnname(d), (int)strlen(s), s);
		free(s);
	}
	return sign(d->ty);
}

/* the value of an operand after resolution */
long
addrval(Addr *a)
{
	switch(a->mode){
	case Apc:
		if(a->fn != nil)
			return a->fn->pc;
		return a->off;
	case Adesc:
		if(a->fn != nil)
			return a->fn->desc != nil ? a->fn->desc->id : 0;
		return a->desc->id;
	}
	return a->off;
}

static int
dismode(int m)
{
	switch(m){
	case Amp:	return AMP;
	case Afp:	return AFP;
	case Ampind:	return AMP|AIND;
	case Afpind:	return AFP|AIND;
	case Aimm: case Apc: case Adesc: case Aldt:
		return AIMM;
	}
	return AXXX;
}

static int
midmode(int m)
{
	switch(m){
	case Aimm: case Apc: case Adesc: case Aldt:
		return AXIMM;
	case Amp:	return AXINM;
	case Afp:	return AXINF;
	}
	return AXNON;
}

static void
disaddr(Addr *a)
{
	if(a->mode == Ampind || a->mode == Afpind){
		discon(a->reg);
		discon(a->off);
		return;
	}
	discon(addrval(a));
}

/* the name of a function in link and import tables: Adt.fn or fn */
char*
fnname(Decl *d)
{
	static char buf[StrSize];

	if(d->dot != nil && d->dot->ty != nil && d->dot->ty->kind == Tadt)
		snprint(buf, sizeof buf, "%s.%s", d->dot->sym->name, d->sym->name);
	else
		snprint(buf, sizeof buf, "%s", d->sym->name);
	return buf;
}

static	Decl*	explist;
static	int	expdone;

/*
 * the exported functions: members of the implemented module, then
 * local functions used as values (their references index this table)
 */
Decl*
exports(void)
{
	Decl *e, **l, *a;

	if(!expdone && impdecl != nil){
		explist = impmembers();
		expdone = 1;
		/* then the local functions referred to through .self */
		for(a = ifaceadds(); a != nil; a = a->next){
			for(l = &explist; (e = *l) != nil; l = &e->next)
				if(e->link == a->link)
					break;
			if(e == nil){
				e = emalloc(sizeof *e);
				*e = *a;
				e->next = nil;
				*l = e;
			}
		}
	}
	return explist;
}

Decl*
entryfn(void)
{
	Decl *d;

	if(impdecl == nil)
		return nil;
	d = impfind(enter("init", 0));
	if(d == nil || d->store != Dfn || d->desc == nil)
		return nil;
	return d;
}

static void
realcanon(double v, uchar *b)
{
	uvlong u;
	int i;

	memmove(&u, &v, 8);
	for(i = 0; i < 8; i++)
		b[i] = u >> (56 - 8*i);
}

static void
disdatums(Datum *d)
{
	uchar b[8];

	for(; d != nil; d = d->next){
		switch(d->kind){
		case DEFS:
			disdata(DEFS, d->len);
			discon(d->off);
			outbytes(d->str, d->len);
			break;
		case DEFW:
			disdata(DEFW, 1);
			discon(d->off);
			disword(d->val);
			break;
		case DEFB:
			disdata(DEFB, 1);
			discon(d->off);
			out(d->val);
			break;
		case DEFL:
			disdata(DEFL, 1);
			discon(d->off);
			disword(d->val>>32);
			disword(d->val);
			break;
		case DEFF:
			disdata(DEFF, 1);
			discon(d->off);
			realcanon(d->rval, b);
			outbytes(b, 8);
			break;
		case DEFA:
			disdata(DEFA, 1);
			discon(d->off);
			disword(d->desc->id);
			disword(d->val);
			if(d->sub == nil)
				break;
			disdata(DIND, 1);
			discon(d->off);
			disword(0);
			disdatums(d->sub);
			disdata(DAPOP, 1);
			discon(0);
			break;
		}
	}
}

void
disout(char *ofile)
{
	Inst *i;
	Desc *d;
	Decl *e, *ent;
	int fd, nlink, j, k, hints;
	char *str;
	Except *x;
	Ldtmod *l;

	mpfinish();
	olen = 0;
	nlink = 0;
	for(e = exports(); e != nil; e = e->next)
		nlink++;
	ent = entryfn();
	discon(XMAGIC);
	hints = HASLDT | compflag;
	if(excs != nil)
		hints |= HASEXCEPT;
	discon(hints);
	discon(maxframe*10 > 1024 ? maxframe*10 : 1024);
	discon(npc);
	discon(mpsize);
	discon(ndescs);
	discon(nlink);
	if(ent != nil){
		discon(ent->pc);
		discon(ent->desc->id);
	}else{
		discon(-1);
		discon(-1);
	}
	for(i = firstinst; i != nil; i = i->next){
		out(i->op);
		out(SRC(dismode(i->s.mode)) | DST(dismode(i->d.mode)) | midmode(i->m.mode));
		if(i->m.mode != Anone)
			disaddr(&i->m);
		if(i->s.mode != Anone)
			disaddr(&i->s);
		if(i->d.mode != Anone)
			disaddr(&i->d);
	}
	for(d = descs; d != nil; d = d->next){
		discon(d->id);
		discon(d->size);
		discon(d->nmap);
		outbytes(d->map, d->nmap);
	}
	disdatums(mpdata());
	out(0);
	str = impname;
	outbytes(str, strlen(str)+1);
	for(e = exports(); e != nil; e = e->next){
		if(e->link->store == Dglobal){	/* .mp */
			discon(-1);
			discon(-1);
		}else{
			discon(e->link->pc);
			discon(e->link->desc != nil ? e->link->desc->id : 0);
		}
		disword(entrysign("link", e->link));
		str = fnname(e->link);
		outbytes(str, strlen(str)+1);
	}
	discon(ldtcount());
	for(j = 0; j < ldtcount(); j++){
		l = ldtout(j);
		discon(l->nfns);
		for(k = 0; k < l->nfns; k++){
			disword(entrysign("import", l->fns[k]));
			str = fnname(l->fns[k]);
			outbytes(str, strlen(str)+1);
		}
	}
	discon(0);
	if(excs != nil){
		j = 0;
		for(x = excs; x != nil; x = x->next)
			j++;
		discon(j);
		for(x = excs; x != nil; x = x->next){
			discon(x->eoff);
			discon(x->p1);
			discon(x->p2);
			discon(-1);
			discon(x->c.nlab | (x->ne<<16));
			for(k = 0; k < x->c.nlab; k++){
				Node *l = x->c.labs[k].start;
				outbytes(l->str, l->slen);
				out(0);
				discon(x->c.labs[k].pc);
			}
			discon(x->c.wild);
		}
		discon(0);
	}
	outbytes(srcpath(), strlen(srcpath())+1);

	fd = open(ofile, O_WRONLY|O_CREAT|O_TRUNC, 0666);
	if(fd < 0){
		fprint(2, "limbo: can't create %s\n", ofile);
		exits("create");
	}
	if(write(fd, obuf, olen) != olen){
		fprint(2, "limbo: write error on %s\n", ofile);
		unlink(ofile);
		exits("write");
	}
	close(fd);
}

/*
 * the source path recorded in the object file: absolute if possible,
 * and with srcmap's (-P old=new) prefix old, a whole path element,
 * replaced by new, so that what is recorded does not depend on where
 * the tree was built
 */
char*
srcpath(void)
{
	static char buf[StrSize], mapped[StrSize];
	char cwd[StrSize], *p, *e;
	int n;

	p = srcfile;
	if(p[0] != '/' && getcwd(cwd, sizeof cwd) != nil){
		snprint(buf, sizeof buf, "%s/%s", cwd, srcfile);
		p = cleanname(buf);
	}
	if(srcmap == nil)
		return p;
	e = strchr(srcmap, '=');
	n = e - srcmap;
	if(n == 0 || strncmp(p, srcmap, n) != 0)
		return p;
	if(srcmap[n-1] != '/' && p[n] != '/' && p[n] != 0)
		return p;
	snprint(mapped, sizeof mapped, "%s%s", e+1, p+n);
	return mapped;
}
