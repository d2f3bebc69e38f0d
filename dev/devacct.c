#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #u -- resource accounts (port/acct.c): what the kernel did for a
 * set of Dis threads, as a login's session would be charged.
 *
 *	ctl	write "new": the writer and the threads it spawns from
 *		now on charge a new account; "none": no account.
 *		Read: the id of the reader's account, 0 if none.
 *	N	account N, while a thread, a kproc or an open file holds
 *		it: counters, then wait histograms (acct(3)).
 *
 * An open account file keeps the account.  A read at offset 0 takes
 * a fresh snapshot for its Chan, which later offsets read, so that a
 * reader sees one consistent account.
 */

enum
{
	Qdir,
	Qctl,
	Qacct,

	Qshift	= 4,
	Maxctl	= 64,		/* longest ctl message */
	Maxtext	= 2048,		/* an account as text */
};

#define	QTYPE(q)	((ulong)(q).path & ((1<<Qshift)-1))
#define	QID(q)		((ulong)((q).path >> Qshift))

typedef struct Acctopen Acctopen;
struct Acctopen
{
	Snap;
	Acct*	a;
};

enum
{
	CMnew,
	CMnone,
};

static Cmdtab acctcmd[] =
{
	CMnew,	"new",	1,
	CMnone,	"none",	1,
};

static int
acctgen(Chan *c, char *name, Dirtab*, int, int s, Dir *dp)
{
	Qid q;
	ulong id;
	Acct *a;
	char *e;

	if(s == DEVDOTDOT){
		mkqid(&q, Qdir, 0, QTDIR);
		devdir(c, q, "#u", 0, eve, DMDIR|0555, dp);
		return 1;
	}
	if(name != nil && strcmp(name, "ctl") != 0){
		/* straight to the account, without counting along the list */
		id = strtoul(name, &e, 10);
		if(id == 0 || *e != '\0' || name[0] == '0')
			return -1;
		a = acctid(id);
		if(a == nil)
			return -1;
		acctclose(a);
	}else if(s == 0){
		mkqid(&q, Qctl, 0, QTFILE);
		devdir(c, q, "ctl", 0, eve, 0666, dp);
		return 1;
	}else{
		id = acctnth(s-1);
		if(id == 0)
			return -1;
	}
	snprint(up->genbuf, sizeof up->genbuf, "%lud", id);
	mkqid(&q, ((uvlong)id<<Qshift)|Qacct, 0, QTFILE);
	devdir(c, q, up->genbuf, 0, eve, 0444, dp);
	return 1;
}

static Chan*
acctattach(char *spec)
{
	return devattach('u', spec);
}

static Walkqid*
acctwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, nil, 0, acctgen);
}

static int
acctstat(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, nil, 0, acctgen);
}

static Chan*
acctopen(Chan *c, int omode)
{
	Acctopen *ao;
	Acct *a;

	if(QTYPE(c->qid) != Qacct)
		return devopen(c, omode, nil, 0, acctgen);
	if(openmode(omode) != OREAD)
		error(Eperm);
	a = acctid(QID(c->qid));
	if(a == nil)
		error(Enonexist);
	ao = mallocz(sizeof(Acctopen), 1);
	if(ao == nil){
		acctclose(a);
		error(Enomem);
	}
	ao->a = a;
	if(waserror()){
		acctclose(a);
		free(ao);
		nexterror();
	}
	c = devopen(c, omode, nil, 0, acctgen);
	poperror();
	c->aux = ao;
	return c;
}

static void
acctclosechan(Chan *c)
{
	Acctopen *ao;

	if(QTYPE(c->qid) != Qacct || (c->flag & COPEN) == 0)
		return;
	ao = c->aux;
	c->aux = nil;
	if(ao == nil)
		return;
	acctclose(ao->a);
	snapfree(ao);
	free(ao);
}

/* the account's text, for snapread */
static char*
accttext(void *a, long *n)
{
	char *s;

	s = smalloc(Maxtext);
	*n = acctprint(a, s, Maxtext);
	return s;
}

static long
acctread(Chan *c, void *va, long n, vlong off)
{
	char buf[NUMSIZE+2];
	Acctopen *ao;
	Acct *a;

	switch(QTYPE(c->qid)){
	case Qdir:
		return devdirread(c, va, n, nil, 0, acctgen);
	case Qctl:
		a = up->env->acct;
		snprint(buf, sizeof buf, "%lud\n", a != nil ? a->id : 0);
		return readstr(off, va, n, buf);
	case Qacct:
		ao = c->aux;
		return snapread(ao, va, n, off, accttext, ao->a);
	}
	error(Egreg);
	return 0;
}

/* ctl: the writer's environment (up->env) gets a new account, or none */
static long
acctwrite(Chan *c, void *va, long n, vlong)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	Osenv *o;
	Acct *a, *old;

	if(QTYPE(c->qid) != Qctl)
		error(Eperm);
	if(n > Maxctl)
		error(Etoobig);
	o = up->env;
	if(o == &up->defenv)
		error("not a Dis thread");
	cb = parsecmd(va, n);
	if(waserror()){
		free(cb);
		nexterror();
	}
	ct = lookupcmd(cb, acctcmd, nelem(acctcmd));
	a = nil;
	if(ct->index == CMnew)
		a = acctnew();
	old = o->acct;
	o->acct = a;
	acctclose(old);
	poperror();
	free(cb);
	return n;
}

Dev acctdevtab = {
	'u',
	"acct",

	devreset,
	devinit,
	devshutdown,
	acctattach,
	acctwalk,
	acctstat,
	acctopen,
	devcreate,
	acctclosechan,
	acctread,
	devbread,
	acctwrite,
	devbwrite,
	devremove,
	devwstat,
};
