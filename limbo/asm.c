#include <u.h>
#include <lib9.h>
#include "limbo.h"

/*
 * -S: the assembly listing, in the notation of Inferno's limbo -S.
 */

#include "opnames.h"

static char*
addrstr(char *p, char *e, Addr *a)
{
	switch(a->mode){
	case Aimm:
	case Apc:
	case Adesc:
	case Aldt:
		return seprint(p, e, "$%ld", addrval(a));
	case Amp:
		return seprint(p, e, "%ld(mp)", a->off);
	case Afp:
		return seprint(p, e, "%ld(fp)", a->off);
	case Ampind:
		return seprint(p, e, "%ld(%ld(mp))", a->off, a->reg);
	case Afpind:
		return seprint(p, e, "%ld(%ld(fp))", a->off, a->reg);
	}
	return p;
}

static char*
quote(char *s, int n)
{
	static char buf[4*StrSize];
	char *p, *e;
	int i, c;

	p = buf;
	e = buf + sizeof buf - 8;
	for(i = 0; i < n && p < e; i++){
		c = (uchar)s[i];
		switch(c){
		case '\n':	*p++ = '\\'; *p++ = 'n'; break;
		case '\t':	*p++ = '\\'; *p++ = 't'; break;
		case '"':	*p++ = '\\'; *p++ = '"'; break;
		case '\\':	*p++ = '\\'; *p++ = '\\'; break;
		case 0:	*p++ = '\\'; *p++ = '0'; break;
		default:
			*p++ = c;
		}
	}
	*p = 0;
	return buf;
}

static void
asmdatums(int fd, Datum *d, char *base, long boff)
{
	uvlong u;

	for(; d != nil; d = d->next){
		switch(d->kind){
		case DEFS:
			fprint(fd, "\tstring\t%s+%ld,\"%s\"\n", base, d->off, quote(d->str, d->len));
			break;
		case DEFW:
			fprint(fd, "\tword\t%s+%ld,%lld\n", base, d->off, (vlong)(int)d->val);
			break;
		case DEFB:
			fprint(fd, "\tbyte\t%s+%ld,%lld\n", base, d->off, d->val & 0xff);
			break;
		case DEFL:
			fprint(fd, "\tlong\t%s+%ld,%lld # %.16llux\n", base, d->off, d->val, (uvlong)d->val);
			break;
		case DEFF:
			memmove(&u, &d->rval, 8);
			fprint(fd, "\treal\t%s+%ld,%g # %.16llux\n", base, d->off, d->rval, u);
			break;
		case DEFA:
			fprint(fd, "\tarray\t%s+%ld,$%d,%lld\n", base, d->off, d->desc->id, d->val);
			if(d->sub == nil)
				break;
			fprint(fd, "\tindir\t%s+%ld,0\n", base, d->off);
			asmdatums(fd, d->sub, "@indir", 0);
			fprint(fd, "\tapop\n");
			break;
		}
	}
	USED(boff);
}

void
asmout(char *ofile)
{
	Inst *i;
	Desc *d;
	Decl *e, *ent;
	int fd, j, k, n;
	long off;
	char *str, line[StrSize], *p, *le;
	Except *x;
	Ldtmod *l;

	mpfinish();
	fd = open(ofile, O_WRONLY|O_CREAT|O_TRUNC, 0666);
	if(fd < 0){
		fprint(2, "limbo: can't create %s\n", ofile);
		exits("create");
	}
	for(i = firstinst; i != nil; i = i->next){
		if(i->pc % 10 == 0)
			fprint(fd, "#%ld\n", i->pc);
		p = line;
		le = line + sizeof line;
		p = seprint(p, le, "\t%s\t", opnames[i->op] ? opnames[i->op] : "?");
		n = 0;
		if(i->s.mode != Anone){
			p = addrstr(p, le, &i->s);
			n++;
		}
		if(i->m.mode != Anone){
			if(n++)
				p = seprint(p, le, ",");
			p = addrstr(p, le, &i->m);
		}
		if(i->d.mode != Anone){
			if(n++)
				p = seprint(p, le, ",");
			p = addrstr(p, le, &i->d);
		}
		fprint(fd, "%s\n", line);
	}
	ent = entryfn();
	if(ent != nil)
		fprint(fd, "\tentry\t%ld, %d\n", ent->pc, ent->desc->id);
	else
		fprint(fd, "\tentry\t-1, -1\n");
	for(d = descs; d != nil; d = d->next){
		fprint(fd, "\tdesc\t$%d,%ld,\"", d->id, d->size);
		for(j = 0; j < d->nmap; j++)
			fprint(fd, "%.2x", d->map[j]);
		fprint(fd, "\"\n");
	}
	fprint(fd, "\tvar\t@mp,%ld\n", mpsize);
	asmdatums(fd, mpdata(), "@mp", 0);
	fprint(fd, "\tmodule\t%s\n", impname);
	for(e = exports(); e != nil; e = e->next){
		if(e->link->store == Dglobal)	/* .mp */
			fprint(fd, "\tlink\t-1,-1,0x%lux,\".mp\"\n", sign(e->link->ty));
		else
			fprint(fd, "\tlink\t%d,%ld,0x%lux,\"%s\"\n", e->link->desc != nil ? e->link->desc->id : 0,
				e->link->pc, sign(e->link->ty), fnname(e->link));
	}
	fprint(fd, "\tldts\t@ldt,%d\n", ldtcount());
	for(j = 0; j < ldtcount(); j++){
		l = ldtout(j);
		fprint(fd, "\tword\t@ldt+%d,%d\n", j, l->nfns);
		off = 4*(j+1);
		for(k = 0; k < l->nfns; k++){
			str = fnname(l->fns[k]);
			fprint(fd, "\text\t@ldt+%ld,0x%lux,\"%s\"\n", off, sign(l->fns[k]->ty), str);
			off = align(off + IBY2WD + strlen(str) + 1, IBY2WD);
		}
	}
	if(excs != nil){
		j = 0;
		for(x = excs; x != nil; x = x->next)
			j++;
		fprint(fd, "\texceptions\t%d\n", j);
		for(x = excs; x != nil; x = x->next){
			fprint(fd, "\texception\t%ld, %ld, %ld, -1, %d, %d\n", x->p1, x->p2, x->eoff, x->c.nlab, x->ne);
			for(k = 0; k < x->c.nlab; k++){
				Node *l = x->c.labs[k].start;
				fprint(fd, "\texctab\t\"%s\", %ld\n", quote(l->str, l->slen), x->c.labs[k].pc);
			}
			fprint(fd, "\texctab\t*, %ld\n", x->c.wild);
		}
	}
	fprint(fd, "\tsource\t\"%s\"\n", srcpath());
	close(fd);
}
