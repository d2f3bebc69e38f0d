#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * -g: the symbol file (.sbl, version 2.1) read by debuggers:
 * source files, a source range per instruction, the adts used,
 * functions with their arguments and locals, and the globals.
 * Source ranges are written relative to the previous one.
 */

static	char*	obuf;
static	long	olen, omax;
static	int	lastf, lastline;
static	int	sfile[256];
static	char*	snames[256];
static	int	nsnames;
static	Type*	adts[1024];
static	int	nadts;

static void
sput(char *fmt, ...)
{
	char buf[2*StrSize];
	va_list arg;
	int n;

	va_start(arg, fmt);
	n = vsnprint(buf, sizeof buf, fmt, arg);
	va_end(arg);
	if(olen + n + 1 > omax){
		omax = (olen + n + 1) * 2;
		obuf = realloc(obuf, omax);
		if(obuf == nil)
			fatal("out of memory");
	}
	memmove(obuf+olen, buf, n);
	olen += n;
}

static char*
basename(char *s)
{
	char *t;

	t = strrchr(s, '/');
	return t != nil ? t+1 : s;
}

static void
sblfiles(void)
{
	int i, j;

	nsnames = 0;
	for(i = 0; i < nfiles; i++){
		for(j = 0; j < nsnames; j++)
			if(strcmp(snames[j], files[i]) == 0)
				break;
		if(j == nsnames)
			snames[nsnames++] = files[i];
		sfile[i] = j;
	}
	sput("%d\n", nsnames);
	for(i = 0; i < nsnames; i++)
		sput("%s\n", basename(snames[i]));
}

static char*
srcstr(Src *s)
{
	static char buf[128];
	char *p, *e;
	int f;

	p = buf;
	e = buf + sizeof buf;
	f = s->file >= 0 && s->file < nfiles ? sfile[s->file] : 0;
	if(f != lastf)
		p = seprint(p, e, "%d:", f);
	if(s->line != lastline)
		p = seprint(p, e, "%d.", s->line);
	p = seprint(p, e, "%d,", s->pos);
	if(s->eline != s->line)
		p = seprint(p, e, "%d.", s->eline);
	seprint(p, e, "%d ", s->epos);
	lastf = f;
	lastline = s->eline;
	return buf;
}

static void
fixsrc(Src *s)
{
	if(s->eline == 0){
		s->eline = s->line;
		s->epos = s->pos + 1;
	}
}

static void
sblinst(void)
{
	Inst *i;
	int *blocks, nb, b, max;
	Src last;

	max = 0;
	for(i = firstinst; i != nil; i = i->next)
		if(i->block > max)
			max = i->block;
	blocks = emalloc((max+1) * sizeof *blocks);
	memset(blocks, 0xff, (max+1) * sizeof *blocks);
	nb = 0;
	sput("%ld\n", npc);
	memset(&last, 0, sizeof last);
	for(i = firstinst; i != nil; i = i->next){
		b = blocks[i->block];
		if(b < 0)
			blocks[i->block] = b = nb++;
		if(i->src.line == 0)
			i->src = last;
		fixsrc(&i->src);
		sput("%s%d\n", srcstr(&i->src), b);
		last = i->src;
	}
	free(blocks);
}

static void	sbltype(Type*, int);

static int
isvis(Decl *d)
{
	if(d->sym == nil || d->sym->name[0] == '.' || d->ty == nil)
		return 0;
	switch(d->ty->kind){
	case Tnone: case Tany: case Terror: case Tid: case Tarrow: case Tdot: case Tapp:
		return 0;
	}
	return 1;
}

/* the decls of store class store in a list linked by next (or next2) */
static void
sbldecl(Decl *ids, int store, int use2)
{
	Decl *d;
	int n;

	n = 0;
	for(d = ids; d != nil; d = use2 ? d->next2 : d->next)
		if(d->store == store && isvis(d))
			n++;
	sput("%d\n", n);
	for(d = ids; d != nil; d = use2 ? d->next2 : d->next){
		if(d->store != store || !isvis(d))
			continue;
		fixsrc(&d->src);
		sput("%ld:%s:%s", d->offset, d->sym->name, srcstr(&d->src));
		sbltype(d->ty, 0);
		sput("\n");
	}
}

static void
sbltype(Type *t, int force)
{
	Decl *d, *tg;
	Type *last;

	if(t->kind == Tadtpick)
		t = t->decl->dot->ty;
	switch(t->kind){
	case Tnone:	sput("n"); return;
	case Tany:	sput("N"); return;
	case Tint:	sput("i"); return;
	case Tbig:	sput("B"); return;
	case Tbyte:	sput("b"); return;
	case Treal:	sput("f"); return;
	case Tstring:	sput("s"); return;
	case Tpoly:	sput("P"); return;
	case Tfn:
		sput("F");
		sbldecl(t->ids, Darg, 0);
		sbltype(t->tof, 0);
		return;
	case Tarray:	sput("A"); sbltype(t->tof, 0); return;
	case Tlist:	sput("L"); sbltype(t->tof, 0); return;
	case Tchan:	sput("C"); sbltype(t->tof, 0); return;
	case Tref:	sput("R"); sbltype(t->tof, 0); return;
	case Ttuple:
	case Texception:
		sizetype(t);
		sput("t%ld.", t->size);
		sbldecl(t->ids, Dfield, 0);
		return;
	case Tadt:
		d = t->decl;
		if(!force && t->sbl >= 0){
			sput("@%d\n", t->sbl);
			return;
		}
		sput("%c", t->tags != nil ? 'p' : 'a');
		if(d->dot != nil && !d->dot->isimp)
			sput("%s->", d->dot->sym->name);
		fixsrc(&d->src);
		sput("%s %s%ld\n", d->sym->name, srcstr(&d->src), t->size);
		sbldecl(t->ids, Dfield, 0);
		if(t->tags != nil){
			int n = 0;
			for(tg = t->tags; tg != nil; tg = tg->next)
				n++;
			sput("%d\n", n);
			last = nil;
			for(tg = t->tags; tg != nil; tg = tg->next){
				fixsrc(&tg->src);
				sput("%s:%s", tg->sym->name, srcstr(&tg->src));
				if(last == tg->ty)
					sput("\n");
				else{
					sput("%ld\n", tg->ty->size);
					sbldecl(tg->ty->ids, Dfield, 0);
				}
				last = tg->ty;
			}
		}
		return;
	case Tmodule:
		d = t->decl;
		fixsrc(&d->src);
		sput("m%s\n%s", d->sym->name, srcstr(&d->src));
		sbldecl(t->ids, Dglobal, 0);
		return;
	}
	sput("n");
}

/* collect the adts reachable from t */
static void
refadt(Type *t)
{
	Decl *d;
	int i;

	if(t == nil)
		return;
	switch(t->kind){
	case Tref: case Tarray: case Tlist: case Tchan:
		refadt(t->tof);
		return;
	case Tadtpick:
		refadt(t->decl->dot->ty);
		return;
	case Ttuple:
		for(d = t->ids; d != nil; d = d->next)
			refadt(d->ty);
		return;
	case Tfn:
		for(d = t->ids; d != nil; d = d->next)
			refadt(d->ty);
		refadt(t->tof);
		return;
	case Tadt:
		for(i = 0; i < nadts; i++)
			if(adts[i] == t)
				return;
		if(nadts >= nelem(adts))
			return;
		t->sbl = nadts;
		adts[nadts++] = t;
		for(d = t->ids; d != nil; d = d->next)
			if(d->store == Dfield)
				refadt(d->ty);
		for(d = t->tags; d != nil; d = d->next){
			Decl *f;
			for(f = d->ty->ids; f != nil; f = f->next)
				refadt(f->ty);
		}
		return;
	}
}

void
sblout(char *ofile)
{
	char *name, *s;
	Decl *d;
	int fd, i;

	name = emalloc(strlen(ofile) + 8);
	strcpy(name, ofile);
	s = strrchr(name, '.');
	if(s != nil && strcmp(s, ".dis") == 0)
		*s = 0;
	strcat(name, ".sbl");

	olen = 0;
	lastf = 0;
	lastline = 0;
	sput("limbo .sbl 2.1\n");
	sput("%s\n", impname);
	sblfiles();
	sblinst();

	nadts = 0;
	for(d = fns; d != nil; d = d->next2){
		Decl *a;
		for(a = d->args; a != nil; a = a->next)
			refadt(a->ty);
		for(a = d->locals; a != nil; a = a->next2)
			refadt(a->ty);
		refadt(d->fty->tof);
	}
	for(d = globals; d != nil; d = d->next2)
		refadt(d->ty);
	sput("%d\n", nadts);
	for(i = 0; i < nadts; i++)
		sbltype(adts[i], 1);

	i = 0;
	for(d = fns; d != nil; d = d->next2)
		i++;
	sput("%d\n", i);
	for(d = fns; d != nil; d = d->next2){
		sput("%ld:%s\n", d->pc, fnname(d));
		sbldecl(d->args, Darg, 0);
		sbldecl(d->locals, Dlocal, 1);
		sbltype(d->fty->tof, 0);
	}
	sbldecl(globals, Dglobal, 1);

	fd = open(name, O_WRONLY|O_CREAT|O_TRUNC, 0666);
	if(fd < 0){
		fprint(2, "limbo: can't create %s\n", name);
		exits("create");
	}
	if(write(fd, obuf, olen) != olen)
		fprint(2, "limbo: write error on %s\n", name);
	close(fd);
}
