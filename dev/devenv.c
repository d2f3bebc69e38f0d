#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #e -- environment variables, as Inferno's env(3): one file per
 * variable of the current process's environment group (Egrp), made by
 * create, unset by remove.  Processes sharing the group see one another's
 * changes; pctl FORKENV copies it, NEWENV starts an empty one.
 * Values are bytes of any kind; names are at most Maxname bytes, values
 * at most Maxval, and a group holds at most Maxvars variables: beyond
 * that a write or create fails, as memory must never run out here.
 */

enum
{
	Maxname	= 127,
	Maxval	= 256*1024,
	Maxvars	= 4096,
};

static Lock	pathlk;
static ulong	pathgen;	/* qid paths of variables; 0 is the directory */

static Egrp*
envgrp(void)
{
	Egrp *e;

	e = up->env->egrp;
	if(e == nil)
		error(Enoenv);
	return e;
}

/* the variable with qid path, in e (qlocked) */
static Evalue*
envlookup(Egrp *e, char *name, ulong path)
{
	Evalue *v;

	for(v = e->entries; v != nil; v = v->next)
		if(name != nil ? strcmp(v->var, name) == 0 : v->qid.path == path)
			return v;
	return nil;
}

/* c's variable, with its group qlocked (*ep) */
static Evalue*
envvar(Chan *c, Egrp **ep)
{
	Egrp *e;
	Evalue *v;

	e = envgrp();
	qlock(e);
	v = envlookup(e, nil, c->qid.path);
	if(v == nil){
		qunlock(e);
		error(Enonexist);
	}
	*ep = e;
	return v;
}

static int
envgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Egrp *e;
	Evalue *v;
	Qid q;

	USED(tab);
	USED(ntab);
	if(s == DEVDOTDOT){
		mkqid(&q, 0, 0, QTDIR);
		devdir(c, q, "#e", 0, eve, DMDIR|0775, dp);
		return 1;
	}
	e = envgrp();
	qlock(e);
	if(name != nil)
		v = envlookup(e, name, 0);
	else
		for(v = e->entries; v != nil && s > 0; v = v->next)
			s--;
	if(v == nil){
		qunlock(e);
		return -1;
	}
	/* the name lives in the Evalue: devdir keeps only a pointer */
	kstrcpy(up->genbuf, v->var, sizeof up->genbuf);
	devdir(c, v->qid, up->genbuf, v->len, eve, 0666, dp);
	qunlock(e);
	return 1;
}

static Chan*
envattach(char *spec)
{
	if(up->env->egrp == nil)
		error(Enoenv);
	return devattach('e', spec);
}

static Walkqid*
envwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, nil, 0, envgen);
}

static int
envstat(Chan *c, uchar *db, int n)
{
	if(c->qid.type & QTDIR)
		c->qid.vers = envgrp()->vers;
	return devstat(c, db, n, nil, 0, envgen);
}

static Chan*
envopen(Chan *c, int omode)
{
	Egrp *e;
	Evalue *v;

	if(c->qid.type & QTDIR){
		if(openmode(omode) != OREAD)
			error(Eperm);
	}else{
		v = envvar(c, &e);
		if((omode & OTRUNC) && v->len > 0){
			free(v->val);
			v->val = nil;
			v->len = 0;
			v->qid.vers++;
			e->vers++;
		}
		qunlock(e);
	}
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

static void
envcreate(Chan *c, char *name, int omode, ulong perm)
{
	Egrp *e;
	Evalue *v, **l;
	int n;

	if(c->qid.type != QTDIR || (perm & DMDIR))
		error(Eperm);
	if(strlen(name) > Maxname)
		error(Etoolong);
	e = envgrp();
	qlock(e);
	if(waserror()){
		qunlock(e);
		nexterror();
	}
	if(envlookup(e, name, 0) != nil)
		error(Eexist);
	n = 0;
	for(l = &e->entries; *l != nil; l = &(*l)->next)
		n++;
	if(n >= Maxvars)
		error(Enoenv);
	v = smalloc(sizeof(Evalue));
	kstrdup(&v->var, name);
	lock(&pathlk);
	mkqid(&v->qid, ++pathgen, 0, QTFILE);
	unlock(&pathlk);
	*l = v;
	e->vers++;
	c->qid = v->qid;
	poperror();
	qunlock(e);
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
}

static void
envremove(Chan *c)
{
	Egrp *e;
	Evalue *v, **l;

	if(c->qid.type & QTDIR)
		error(Eperm);
	e = envgrp();
	qlock(e);
	for(l = &e->entries; (v = *l) != nil; l = &v->next)
		if(v->qid.path == c->qid.path)
			break;
	if(v == nil){
		qunlock(e);
		error(Enonexist);
	}
	*l = v->next;
	e->vers++;
	qunlock(e);
	free(v->var);
	free(v->val);
	free(v);
}

static void
envclose(Chan *c)
{
	if((c->flag & (COPEN|CRCLOSE)) == (COPEN|CRCLOSE) && !waserror()){
		envremove(c);
		poperror();
	}
}

static long
envread(Chan *c, void *a, long n, vlong off)
{
	Egrp *e;
	Evalue *v;

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, nil, 0, envgen);
	if(off < 0)
		error(Eoffset);
	v = envvar(c, &e);
	if(off >= v->len)
		n = 0;
	else if(n > v->len - off)
		n = v->len - off;
	memmove(a, v->val+off, n);
	qunlock(e);
	return n;
}

static long
envwrite(Chan *c, void *a, long n, vlong off)
{
	Egrp *e;
	Evalue *v;
	char *s;
	vlong end;

	if(off < 0)
		error(Eoffset);
	end = off+n;
	if(end > Maxval)
		error(Etoobig);
	v = envvar(c, &e);
	if(end > v->len){
		s = realloc(v->val, end);
		if(s == nil){
			qunlock(e);
			error(Enomem);
		}
		memset(s+v->len, 0, end-v->len);
		v->val = s;
		v->len = end;
	}
	memmove(v->val+off, a, n);
	v->qid.vers++;
	e->vers++;
	qunlock(e);
	return n;
}

Dev envdevtab = {
	'e',
	"env",

	devreset,
	devinit,
	devshutdown,
	envattach,
	envwalk,
	envstat,
	envopen,
	envcreate,
	envclose,
	envread,
	devbread,
	envwrite,
	devbwrite,
	envremove,
	devwstat,
};
