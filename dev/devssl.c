#include	"u.h"
#include	"../port/lib.h"
#include	<mp.h>
#include	<sec.h>
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"

/*
 * #D -- the secure sockets layer of Inferno's ssl(3): the record layer
 * of SSL version 2 (without its handshake) over a connection given by
 * an fd, for keyring's auth and login.  Opening #D/clone makes a
 * conversation N and gives its ctl; writing "fd n" there puts it over
 * the connection open on fd n, "alg ..." chooses what is done to each
 * message, and secretin and secretout (files or ctl messages in base
 * 64) hold the keys of the two directions.  A write to data is sent as
 * one message (or more, if it is over max), a read gives at most one
 * message (the rest of it goes to the next read).
 *
 * A message is a header, a digest, the data and padding.  The header is
 * two bytes, 0x8000 | length, or three, the length (14 bits) and the
 * count of padding bytes, when a block cipher needs padding; the length
 * counts the digest, the data and the padding.  The digest (md4, md5,
 * sha1) is of the direction's secret, the data and padding, and a
 * message number (4 bytes, big-endian) counting the direction's
 * messages from 0.  A cipher (des_56_cbc, ideacbc, rc4_128 ...)
 * enciphers all after the header.  The formats and the keys' uses are
 * Inferno's, so that a conversation can have Inferno at its other end.
 */

enum
{
	Qtopdir,
	Qclone,
	Qconvdir,
	Qctl,
	Qdata,
	Qsecretin,
	Qsecretout,
	Qencalgs,
	Qhashalgs,

	Maxconv	= 256,
	Maxmsg	= 1<<15,	/* a message after its header */
	Maxpadded	= (1<<14)-1,	/* and after a padded one's */
	Maxsecret	= 4096,
	Maxctl	= 1024,

	Sincomplete	= 0,	/* no fd yet, or hung up */
	Sclear	= 1,
	Sencrypting	= 2,
	Sdigesting	= 4,

	Noenc	= 0,
	DESCBC,
	DESECB,
	RC4,
	IDEACBC,
	IDEAECB,
};

#define	QTYPE(p)	((ulong)(p) & 0xF)
#define	QCONV(p)	((int)((ulong)(p) >> 4))
#define	QPATH(x, t)	(((ulong)(x) << 4) | (t))

typedef struct OneWay OneWay;
typedef struct Dstate Dstate;
typedef struct Hashalg Hashalg;
typedef struct Encalg Encalg;

/* a direction: its secret, message count and cipher state */
struct OneWay
{
	QLock	q;		/* one read or write at a time */
	uchar*	secret;
	int	slen;
	ulong	mid;
	DESstate	des;
	IDEAstate	idea;
	RC4state	rc4;
};

struct Dstate
{
	int	x;
	int	ref;		/* open Chans on its files */
	Chan*	c;		/* the connection */
	int	state;
	int	enc;		/* Noenc ... */
	int	blocklen;
	int	hash;		/* Dmd4 ..., or -1 */
	int	diglen;
	int	max;		/* data in a message */
	QLock	ctlq;		/* changes of the above, against messages read */
	OneWay	in;
	OneWay	out;
	uchar*	raw;		/* bytes read and not yet a message */
	int	nraw;
	int	sraw;
	uchar*	msg;		/* a message read, data at off */
	int	off;
	int	nmsg;
	char*	user;
	ulong	perm;
};

struct Hashalg
{
	char*	name;
	int	alg;
};

struct Encalg
{
	char*	name;
	int	blocklen;
	int	enc;
	int	keylen;		/* rc4's bytes of the secret, 0 for all; des's 40-bit mask */
};

static Hashalg hashtab[] =
{
	"md4",	Dmd4,
	"md5",	Dmd5,
	"sha1",	Dsha1,
	"sha",	Dsha1,
};

static Encalg enctab[] =
{
	"descbc",	8,	DESCBC,	0,	/* deprecated: des_56_cbc */
	"desecb",	8,	DESECB,	0,	/* deprecated: des_56_ecb */
	"des_56_cbc",	8,	DESCBC,	0,
	"des_56_ecb",	8,	DESECB,	0,
	"des_40_cbc",	8,	DESCBC,	40,
	"des_40_ecb",	8,	DESECB,	40,
	"rc4",	1,	RC4,	5,	/* deprecated: rc4_40 */
	"rc4_256",	1,	RC4,	0,
	"rc4_128",	1,	RC4,	16,
	"rc4_40",	1,	RC4,	5,
	"ideacbc",	8,	IDEACBC,	0,
	"ideaecb",	8,	IDEAECB,	0,
};

static Dirtab convdir[] =
{
	"ctl",		{Qctl},		0,	0660,
	"data",		{Qdata},	0,	0660,
	"secretin",	{Qsecretin},	0,	0660,
	"secretout",	{Qsecretout},	0,	0660,
	"encalgs",	{Qencalgs},	0,	0444,
	"hashalgs",	{Qhashalgs},	0,	0444,
};

static Lock	dslock;
static Dstate*	dstate[Maxconv];
static int	dshiwat;	/* conversations ever made: their directories */
static char	encalgs[256];
static char	hashalgs[64];

static int
sslgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Dstate *ds;
	char *user;
	Qid q;
	int x;

	USED(name);
	USED(tab);
	USED(ntab);
	if(s == DEVDOTDOT){
		mkqid(&q, Qtopdir, 0, QTDIR);
		devdir(c, q, "#D", 0, eve, DMDIR|0555, dp);
		return 1;
	}
	switch(QTYPE(c->qid.path)){
	case Qtopdir:
		if(s == 0){
			mkqid(&q, Qclone, 0, QTFILE);
			devdir(c, q, "clone", 0, eve, 0666, dp);
			return 1;
		}
		x = s-1;
		if(x >= dshiwat)
			return -1;
		lock(&dslock);
		ds = dstate[x];
		user = ds != nil ? ds->user : eve;
		snprint(up->genbuf, sizeof up->genbuf, "%d", x);
		mkqid(&q, QPATH(x, Qconvdir), 0, QTDIR);
		devdir(c, q, up->genbuf, 0, user, DMDIR|0555, dp);
		unlock(&dslock);
		return 1;
	default:
		if(s >= nelem(convdir))
			return -1;
		x = QCONV(c->qid.path);
		lock(&dslock);
		ds = dstate[x];
		user = ds != nil ? ds->user : eve;
		mkqid(&q, QPATH(x, convdir[s].qid.path), 0, QTFILE);
		devdir(c, q, convdir[s].name, 0, user, convdir[s].perm, dp);
		unlock(&dslock);
		return 1;
	}
}

/* the names of the algorithms, for encalgs and hashalgs */
static void
sslinit(void)
{
	char *p, *e;
	int i;

	p = encalgs;
	e = encalgs+sizeof encalgs;
	for(i = 0; i < nelem(enctab); i++)
		p = seprint(p, e, i == 0 ? "%s" : " %s", enctab[i].name);
	p = hashalgs;
	e = hashalgs+sizeof hashalgs;
	for(i = 0; i < nelem(hashtab); i++)
		p = seprint(p, e, i == 0 ? "%s" : " %s", hashtab[i].name);
}

static Chan*
sslattach(char *spec)
{
	Chan *c;

	c = devattach('D', spec);
	mkqid(&c->qid, Qtopdir, 0, QTDIR);
	return c;
}

static Walkqid*
sslwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, nil, 0, sslgen);
}

static int
sslstat(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, nil, 0, sslgen);
}

/* a new conversation, with one reference: a Chan's on clone */
static Dstate*
dsnew(void)
{
	Dstate *s;
	int x;

	s = smalloc(sizeof *s);
	kstrdup(&s->user, up->env->user);
	s->perm = 0660;
	s->hash = -1;
	s->ref = 1;
	lock(&dslock);
	for(x = 0; x < Maxconv; x++)
		if(dstate[x] == nil)
			break;
	if(x == Maxconv){
		unlock(&dslock);
		free(s->user);
		free(s);
		error(Enodev);
	}
	s->x = x;
	dstate[x] = s;
	if(x >= dshiwat)
		dshiwat = x+1;
	unlock(&dslock);
	return s;
}

static void
dsfree(Dstate *s)
{
	if(s->c != nil)
		cclose(s->c);
	free(s->user);
	free(s->in.secret);
	free(s->out.secret);
	free(s->raw);
	free(s->msg);
	free(s);
}

/* drop a reference to the conversation x */
static void
dsput(int x)
{
	Dstate *s;

	lock(&dslock);
	s = dstate[x];
	if(s == nil || --s->ref > 0){
		unlock(&dslock);
		return;
	}
	dstate[x] = nil;
	unlock(&dslock);
	dsfree(s);
}

/* the conversation of c, which is open */
static Dstate*
dsget(Chan *c)
{
	Dstate *s;

	s = dstate[QCONV(c->qid.path)];
	if(s == nil)
		error(Enonexist);
	return s;
}

static Chan*
sslopen(Chan *c, int omode)
{
	Dstate *s;
	int t;

	t = QTYPE(c->qid.path);
	switch(t){
	case Qtopdir:
	case Qconvdir:
	case Qencalgs:
	case Qhashalgs:
		if(openmode(omode) != OREAD)
			error(Eperm);
		break;
	case Qclone:
		s = dsnew();
		mkqid(&c->qid, QPATH(s->x, Qctl), 0, QTFILE);
		break;
	default:
		lock(&dslock);
		if(waserror()){
			unlock(&dslock);
			nexterror();
		}
		s = dstate[QCONV(c->qid.path)];
		if(s == nil)
			error(Enonexist);
		devpermcheck(s->user, s->perm, omode);
		s->ref++;
		poperror();
		unlock(&dslock);
		break;
	}
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

static void
sslclose(Chan *c)
{
	switch(QTYPE(c->qid.path)){
	case Qctl:
	case Qdata:
	case Qsecretin:
	case Qsecretout:
		if(c->flag & COPEN)
			dsput(QCONV(c->qid.path));
	}
}

/* change the conversation's owner or permissions: its owner may */
static int
sslwstat(Chan *c, uchar *db, int n)
{
	Dstate *s;
	Dir *d;

	if(QTYPE(c->qid.path) < Qctl)
		error(Eperm);
	d = smalloc(sizeof(Dir)+n);
	if(waserror()){
		free(d);
		nexterror();
	}
	n = convM2D(db, n, d, (char*)&d[1]);
	if(n == 0)
		error(Eshortstat);
	lock(&dslock);
	s = dstate[QCONV(c->qid.path)];
	if(s == nil || strcmp(s->user, up->env->user) != 0){
		unlock(&dslock);
		error(s == nil ? Enonexist : Eperm);
	}
	unlock(&dslock);
	if(d->uid != nil && *d->uid != 0)
		kstrdup(&s->user, d->uid);
	if(d->mode != ~0UL)
		s->perm = d->mode & 0777;
	poperror();
	free(d);
	return n;
}

/*
 * reading
 */

/* the conversation hung up: no more messages either way */
static void
hangup(Dstate *s)
{
	s->state = Sincomplete;
}

/*
 * the connection, with a reference: a ctl write may change it while
 * a read or write waits on it
 */
static Chan*
dschan(Dstate *s)
{
	Chan *c;

	lock(&dslock);
	c = s->c;
	if(c != nil)
		incref(c);
	unlock(&dslock);
	if(c == nil)
		error(Ebadusefd);
	return c;
}

/* at least n bytes in s->raw, read from the connection as they come */
static void
ensure(Dstate *s, int n)
{
	uchar *p;
	Chan *c;
	long nr;

	if(n > s->sraw){
		p = realloc(s->raw, n+Maxmsg/8);
		if(p == nil)
			error(Enomem);
		s->raw = p;
		s->sraw = n+Maxmsg/8;
	}
	if(s->nraw >= n)
		return;
	c = dschan(s);
	if(waserror()){
		cclose(c);
		nexterror();
	}
	while(s->nraw < n){
		nr = devtab[c->type]->read(c, s->raw+s->nraw, s->sraw-s->nraw, c->offset);
		if(nr <= 0)
			error(Ehungup);
		c->offset += nr;
		s->nraw += nr;
	}
	poperror();
	cclose(c);
}

/* the digest of the secret, n bytes at p and the message number, into d */
static void
digest(Dstate *s, OneWay *w, uchar *p, int n, uchar *d)
{
	Digest dg;
	uchar mid[4];

	mid[0] = w->mid>>24;
	mid[1] = w->mid>>16;
	mid[2] = w->mid>>8;
	mid[3] = w->mid;
	diginit(&dg, s->hash);
	digupdate(&dg, w->secret, w->slen);
	digupdate(&dg, p, n);
	digupdate(&dg, mid, 4);
	digfinal(&dg, d);
}

static void
cbcdecrypt(Dstate *s, uchar *p, int n)
{
	switch(s->enc){
	case DESCBC:
		descbcdecrypt(&s->in.des, p, n);
		break;
	case DESECB:
		for(; n > 0; n -= 8, p += 8)
			desblock(&s->in.des, p, 1);
		break;
	case IDEACBC:
		ideacbcdecrypt(&s->in.idea, p, n);
		break;
	case IDEAECB:
		for(; n > 0; n -= 8, p += 8)
			ideablock(&s->in.idea, p, 1);
		break;
	case RC4:
		rc4(&s->in.rc4, p, n);
		break;
	}
}

/* the next message into s->msg, its data from s->off to s->nmsg */
static void
readmsg(Dstate *s)
{
	uchar d[Dmaxlen], *p;
	int len, pad, h;

	ensure(s, 2);
	if(s->raw[0] & 0x80){
		len = (s->raw[0] & 0x7f)<<8 | s->raw[1];
		pad = 0;
		h = 2;
	}else{
		ensure(s, 3);
		len = (s->raw[0] & 0x3f)<<8 | s->raw[1];
		pad = s->raw[2];
		h = 3;
		if(pad > len)
			error("bad pad in ssl message");
	}
	ensure(s, h+len);
	p = realloc(s->msg, len+1);
	if(p == nil)
		error(Enomem);
	s->msg = p;
	memmove(p, s->raw+h, len);
	s->nraw -= h+len;
	memmove(s->raw, s->raw+h+len, s->nraw);
	s->off = 0;
	s->nmsg = 0;

	qlock(&s->ctlq);
	if(waserror()){
		qunlock(&s->ctlq);
		nexterror();
	}
	if(s->state & Sencrypting){
		if(len % s->blocklen != 0)
			error("ssl message not a multiple of the block size");
		cbcdecrypt(s, p, len);
	}
	if(s->state & Sdigesting){
		if(len < s->diglen)
			error("ssl message too short");
		digest(s, &s->in, p+s->diglen, len-s->diglen, d);
		if(memcmp(d, p, s->diglen) != 0)
			error("bad digest");
		s->off = s->diglen;
	}
	if(len-s->off < pad)
		error("bad pad in ssl message");
	s->in.mid++;
	poperror();
	qunlock(&s->ctlq);
	s->nmsg = len - pad;
}

static long
readdata(Dstate *s, uchar *a, long n)
{
	qlock(&s->in.q);
	if(waserror()){
		/* an interrupted read leaves what it had read for the next */
		if(strcmp(up->env->errstr, Eintr) != 0)
			hangup(s);
		qunlock(&s->in.q);
		nexterror();
	}
	if(s->state == Sincomplete)
		error(Ebadusefd);
	if(s->off >= s->nmsg)
		readmsg(s);
	if(n > s->nmsg - s->off)
		n = s->nmsg - s->off;
	memmove(a, s->msg+s->off, n);
	s->off += n;
	poperror();
	qunlock(&s->in.q);
	return n;
}

static long
sslread(Chan *c, void *a, long n, vlong off)
{
	char buf[16];

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, nil, 0, sslgen);
	switch(QTYPE(c->qid.path)){
	case Qctl:
		snprint(buf, sizeof buf, "%d", QCONV(c->qid.path));
		return readstr(off, a, n, buf);
	case Qdata:
		return readdata(dsget(c), a, n);
	case Qencalgs:
		return readstr(off, a, n, encalgs);
	case Qhashalgs:
		return readstr(off, a, n, hashalgs);
	}
	error(Ebadusefd);
	return -1;
}

/*
 * writing
 */

static void
encrypt(Dstate *s, uchar *p, int n)
{
	switch(s->enc){
	case DESCBC:
		descbcencrypt(&s->out.des, p, n);
		break;
	case DESECB:
		for(; n > 0; n -= 8, p += 8)
			desblock(&s->out.des, p, 0);
		break;
	case IDEACBC:
		ideacbcencrypt(&s->out.idea, p, n);
		break;
	case IDEAECB:
		for(; n > 0; n -= 8, p += 8)
			ideablock(&s->out.idea, p, 0);
		break;
	case RC4:
		rc4(&s->out.rc4, p, n);
		break;
	}
}

/*
 * n bytes of a as messages: at most max a message; a block cipher's
 * message is padded to a whole number of blocks (with random bytes)
 * if it then fits the 14 bits of a padded header's length, else cut to
 * a whole number; the count written
 */
static long
writedata(Dstate *s, uchar *a, long n)
{
	uchar *buf, *p;
	Chan *c;
	long done;
	int k, h, pad, len, hdr;

	qlock(&s->out.q);
	buf = nil;
	c = nil;
	if(waserror()){
		free(buf);
		if(c != nil)
			cclose(c);
		hangup(s);
		qunlock(&s->out.q);
		nexterror();
	}
	if(s->state == Sincomplete)
		error(Ebadusefd);
	c = dschan(s);
	buf = smalloc(3 + Dmaxlen + s->max + 8);
	done = 0;
	do{
		k = n - done;
		if(k > s->max)
			k = s->max;
		pad = 0;
		if(s->blocklen > 1 && (k + s->diglen) % s->blocklen != 0){
			pad = s->blocklen - (k + s->diglen) % s->blocklen;
			if(s->diglen + k + pad > Maxpadded){
				k -= (k + s->diglen) % s->blocklen;
				pad = 0;
			}
		}
		h = pad ? 3 : 2;
		len = s->diglen + k + pad;
		p = buf + h;
		memmove(p + s->diglen, a + done, k);
		if(pad)
			genrandom(p + s->diglen + k, pad);
		if(s->state & Sdigesting)
			digest(s, &s->out, p + s->diglen, k + pad, p);
		if(s->state & Sencrypting)
			encrypt(s, p, len);
		if(pad){
			buf[0] = len>>8;
			buf[1] = len;
			buf[2] = pad;
		}else{
			buf[0] = 0x80 | len>>8;
			buf[1] = len;
		}
		hdr = h + len;
		devtab[c->type]->write(c, buf, hdr, c->offset);
		c->offset += hdr;
		s->out.mid++;
		done += k;
	}while(done < n);
	poperror();
	free(buf);
	cclose(c);
	qunlock(&s->out.q);
	return n;
}

/*
 * control
 */

static void
setsecret(OneWay *w, uchar *p, int n)
{
	uchar *s;

	if(n > Maxsecret)
		error(Etoobig);
	s = smalloc(n+1);
	memmove(s, p, n);
	free(w->secret);
	w->secret = s;
	w->slen = n;
}

/* the connection on the caller's fd: not an ssl conversation's */
static void
setfd(Dstate *s, char *a)
{
	Chan *c, *old;
	char *e;
	long fd;

	fd = strtol(a, &e, 0);
	if(e == a || *e != 0 || fd < 0)
		error(Ebadarg);
	c = fdtochan(fd, -1, 0, 1);
	if(devtab[c->type]->dc == 'D'){
		cclose(c);
		error("an ssl conversation cannot be over another");
	}
	lock(&dslock);
	old = s->c;
	s->c = c;
	unlock(&dslock);
	if(old != nil)
		cclose(old);
	s->state = Sclear;
	s->enc = Noenc;
	s->hash = -1;
	s->blocklen = 1;
	s->diglen = 0;
	s->max = Maxmsg - 1;
	s->in.mid = 0;
	s->out.mid = 0;
	s->nraw = 0;
	s->nmsg = s->off = 0;
}

/* a direction's key for cipher e: Inferno's use of the secret */
static void
setkey(OneWay *w, Encalg *e)
{
	uchar key[8];
	int n;

	switch(e->enc){
	case DESCBC:
	case DESECB:
		if(w->slen < 8)
			error("secret too short");
		memmove(key, w->secret, 8);
		if(e->keylen == 40){
			key[0] &= 0x0f;
			key[2] &= 0x0f;
			key[4] &= 0x0f;
			key[6] &= 0x0f;
		}
		dessetup(&w->des, key, w->slen >= 16 ? w->secret+8 : nil);
		break;
	case IDEACBC:
	case IDEAECB:
		if(w->slen < 16)
			error("secret too short");
		ideasetup(&w->idea, w->secret, w->slen >= 24 ? w->secret+16 : nil);
		break;
	case RC4:
		n = w->slen;
		if(e->keylen != 0 && n > e->keylen)
			n = e->keylen;
		if(n <= 0)
			error("secret too short");
		rc4setup(&w->rc4, w->secret, n);
		break;
	}
}

/* "alg clear", or "alg" and algorithms apart by blanks or / */
static void
setalg(Dstate *s, char **f, int nf)
{
	char *p, *q;
	int i, j, hash, done;
	Encalg *enc;

	if(s->c == nil)
		error("must set fd before algorithm");
	if(nf == 1 && strcmp(f[0], "clear") == 0){
		s->state = Sclear;
		s->enc = Noenc;
		s->hash = -1;
		s->blocklen = 1;
		s->diglen = 0;
		s->max = Maxmsg - 1;
		return;
	}
	if(s->in.secret != nil && s->out.secret == nil)
		setsecret(&s->out, s->in.secret, s->in.slen);
	if(s->out.secret != nil && s->in.secret == nil)
		setsecret(&s->in, s->out.secret, s->out.slen);
	if(s->in.secret == nil)
		error("algorithm but no secret");
	hash = -1;
	enc = nil;
	for(i = 0; i < nf; i++)
		for(p = f[i]; p != nil; p = q){
			q = strchr(p, '/');
			if(q != nil)
				*q++ = 0;
			done = 0;
			for(j = 0; j < nelem(hashtab) && !done; j++)
				if(strcmp(p, hashtab[j].name) == 0){
					hash = hashtab[j].alg;
					done = 1;
				}
			for(j = 0; j < nelem(enctab) && !done; j++)
				if(strcmp(p, enctab[j].name) == 0){
					enc = &enctab[j];
					done = 1;
				}
			if(!done)
				error(Ebadarg);
		}
	if(hash < 0 && enc == nil)
		error(Ebadarg);
	s->state = 0;
	s->hash = hash;
	s->diglen = 0;
	if(hash >= 0){
		s->state |= Sdigesting;
		s->diglen = digestlen(hash);
	}
	s->enc = Noenc;
	s->blocklen = 1;
	if(enc != nil){
		setkey(&s->in, enc);
		setkey(&s->out, enc);
		s->state |= Sencrypting;
		s->enc = enc->enc;
		s->blocklen = enc->blocklen;
	}
	s->max = Maxmsg - 1 - s->diglen;
	if(s->blocklen > 1)
		s->max -= s->max % s->blocklen;
}

enum
{
	CMfd,
	CMalg,
	CMsecretin,
	CMsecretout,
};

static Cmdtab sslcmd[] =
{
	CMfd,	"fd",	2,
	CMalg,	"alg",	0,
	CMsecretin,	"secretin",	2,
	CMsecretout,	"secretout",	2,
};

static void
sslctl(Dstate *s, char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	uchar *k;
	int nk;

	if(n > Maxctl)
		error(Etoobig);
	cb = parsecmd(a, n);
	k = nil;
	qlock(&s->ctlq);
	qlock(&s->out.q);
	if(waserror()){
		qunlock(&s->out.q);
		qunlock(&s->ctlq);
		free(cb);
		free(k);
		nexterror();
	}
	ct = lookupcmd(cb, sslcmd, nelem(sslcmd));
	switch(ct->index){
	case CMfd:
		setfd(s, cb->f[1]);
		break;
	case CMalg:
		if(cb->nf < 2)
			cmderror(cb, Ecmdargs);
		setalg(s, cb->f+1, cb->nf-1);
		break;
	case CMsecretin:
	case CMsecretout:
		nk = strlen(cb->f[1]);
		k = smalloc(nk+1);
		nk = dec64(k, nk+1, cb->f[1], nk);
		setsecret(ct->index == CMsecretin ? &s->in : &s->out, k, nk);
		break;
	}
	poperror();
	qunlock(&s->out.q);
	qunlock(&s->ctlq);
	free(cb);
	free(k);
}

static long
sslwrite(Chan *c, void *a, long n, vlong off)
{
	Dstate *s;

	USED(off);
	s = dsget(c);
	switch(QTYPE(c->qid.path)){
	case Qdata:
		return writedata(s, a, n);
	case Qctl:
		sslctl(s, a, n);
		return n;
	case Qsecretin:
	case Qsecretout:
		qlock(&s->ctlq);
		qlock(&s->out.q);
		if(waserror()){
			qunlock(&s->out.q);
			qunlock(&s->ctlq);
			nexterror();
		}
		setsecret(QTYPE(c->qid.path) == Qsecretin ? &s->in : &s->out, a, n);
		poperror();
		qunlock(&s->out.q);
		qunlock(&s->ctlq);
		return n;
	}
	error(Ebadusefd);
	return -1;
}

Dev ssldevtab = {
	'D',
	"ssl",

	devreset,
	sslinit,
	devshutdown,
	sslattach,
	sslwalk,
	sslstat,
	sslopen,
	devcreate,
	sslclose,
	sslread,
	devbread,
	sslwrite,
	devbwrite,
	devremove,
	sslwstat,
};
