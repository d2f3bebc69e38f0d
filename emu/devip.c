/*
 * #I -- TCP over the host's sockets, as Inferno's ip(3) in emu:
 * /net/tcp holds clone and, for each conversation N, a directory N
 * with ctl, data, listen, local, remote and status.  Opening clone
 * makes a conversation and gives its ctl, whose read is N; writing
 * "connect addr [local]" or "announce addr" there makes the call or
 * the announcement; opening an announced conversation's listen waits
 * for a call and gives the ctl of a new conversation for it; data is
 * the byte stream.  Addresses are host!port: a host name or an IPv4
 * or IPv6 number (* is every interface), a port number or a service
 * name; the host resolves them.  A conversation goes when the last of
 * its files is closed.  Blocking calls (connect, accept, read, write)
 * are interrupted by a note (a prog killed).
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <netdb.h>

typedef struct Conv Conv;

enum
{
	Qtopdir,
	Qprotodir,
	Qclone,
	Qconvdir,
	Qctl,
	Qdata,
	Qlisten,
	Qlocal,
	Qremote,
	Qstatus,

	Maxconv	= 256,
	Maxaddr	= 128,

	Sidle	= 0,
	Sconnected,
	Sannounced,
	Shungup,
};

#define	QTYPE(p)	((ulong)(p) & 0xFF)
#define	QCONV(p)	((int)((ulong)(p) >> 8) - 1)
#define	QPATH(x, t)	((((ulong)(x)+1) << 8) | (t))

struct Conv
{
	int	x;
	int	ref;		/* open Chans on its files */
	int	fd;		/* host socket, or -1 */
	int	state;
	QLock	ctl;		/* one connect or announce at a time */
};

static char *states[] = { "Idle", "Established", "Announced", "Hungup" };

static Dirtab convdir[] =
{
	"ctl",		{Qctl},		0,	0666,
	"data",		{Qdata},	0,	0666,
	"listen",	{Qlisten},	0,	0666,
	"local",	{Qlocal},	0,	0444,
	"remote",	{Qremote},	0,	0444,
	"status",	{Qstatus},	0,	0444,
};

static Lock	iplk;
static Conv*	convs[Maxconv];

/* the conversation of a Chan's qid, which must exist */
static Conv*
chanconv(Chan *c)
{
	int x;

	x = QCONV(c->qid.path);
	if(x < 0 || x >= Maxconv || convs[x] == nil)
		error(Enonexist);
	return convs[x];
}

static int
ipgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Qid q;
	Conv *cv;
	int x, t;

	USED(name);
	USED(tab);
	USED(ntab);
	t = QTYPE(c->qid.path);
	if(s == DEVDOTDOT){
		switch(t){
		case Qtopdir:
		case Qprotodir:
			mkqid(&q, Qtopdir, 0, QTDIR);
			devdir(c, q, "#I", 0, eve, DMDIR|0555, dp);
			break;
		default:
			mkqid(&q, Qprotodir, 0, QTDIR);
			devdir(c, q, "tcp", 0, eve, DMDIR|0555, dp);
			break;
		}
		return 1;
	}
	switch(t){
	case Qtopdir:
		if(s > 0)
			return -1;
		mkqid(&q, Qprotodir, 0, QTDIR);
		devdir(c, q, "tcp", 0, eve, DMDIR|0555, dp);
		return 1;
	case Qprotodir:
		if(s == 0){
			mkqid(&q, Qclone, 0, QTFILE);
			devdir(c, q, "clone", 0, eve, 0666, dp);
			return 1;
		}
		for(x = s-1; x < Maxconv; x++){
			lock(&iplk);
			cv = convs[x];
			unlock(&iplk);
			if(cv == nil)
				return 0;
			snprint(up->genbuf, sizeof up->genbuf, "%d", x);
			mkqid(&q, QPATH(x, Qconvdir), 0, QTDIR);
			devdir(c, q, up->genbuf, 0, eve, DMDIR|0555, dp);
			return 1;
		}
		return -1;
	default:
		if(s >= nelem(convdir))
			return -1;
		x = QCONV(c->qid.path);
		if(x < 0 || x >= Maxconv || convs[x] == nil)
			return -1;
		mkqid(&q, QPATH(x, convdir[s].qid.path), 0, QTFILE);
		devdir(c, q, convdir[s].name, 0, eve, convdir[s].perm, dp);
		return 1;
	}
}

static Chan*
ipattach(char *spec)
{
	Chan *c;

	c = devattach('I', spec);
	mkqid(&c->qid, Qtopdir, 0, QTDIR);
	return c;
}

static Walkqid*
ipwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, nil, 0, ipgen);
}

static int
ipstat(Chan *c, uchar *db, int n)
{
	return devstat(c, db, n, nil, 0, ipgen);
}

/* a new conversation, with one reference */
static Conv*
newconv(int fd, int state)
{
	Conv *cv;
	int x;

	lock(&iplk);
	for(x = 0; x < Maxconv; x++)
		if(convs[x] == nil)
			break;
	if(x == Maxconv){
		unlock(&iplk);
		error(Enodev);
	}
	cv = smalloc(sizeof *cv);
	cv->x = x;
	cv->ref = 1;
	cv->fd = fd;
	cv->state = state;
	convs[x] = cv;
	unlock(&iplk);
	return cv;
}

static void
putconv(Conv *cv)
{
	lock(&iplk);
	if(--cv->ref > 0){
		unlock(&iplk);
		return;
	}
	convs[cv->x] = nil;
	unlock(&iplk);
	if(cv->fd >= 0)
		close(cv->fd);
	free(cv);
}

/* a host call that may block: a note interrupts it */
#define	HOSTCALL(r, call)	do{ osenterhost(); r = call; osleavehost(); }while(r < 0 && errno == EINTR && !up->notepending)

static Chan*
iplisten(Chan *c, Conv *cv)
{
	Conv *ncv;
	int fd;

	if(cv->state != Sannounced)
		error("not announced");
	HOSTCALL(fd, accept4(cv->fd, nil, nil, SOCK_CLOEXEC));
	if(fd < 0)
		oserror();
	if(waserror()){
		close(fd);
		nexterror();
	}
	ncv = newconv(fd, Sconnected);
	poperror();
	mkqid(&c->qid, QPATH(ncv->x, Qctl), 0, QTFILE);
	return c;
}

static Chan*
ipopen(Chan *c, int omode)
{
	Conv *cv;

	if(c->qid.type & QTDIR)
		return devopen(c, omode, nil, 0, ipgen);
	switch(QTYPE(c->qid.path)){
	case Qclone:
		cv = newconv(-1, Sidle);
		mkqid(&c->qid, QPATH(cv->x, Qctl), 0, QTFILE);
		break;
	case Qlisten:
		lock(&iplk);
		cv = chanconv(c);
		cv->ref++;
		unlock(&iplk);
		if(waserror()){
			putconv(cv);
			nexterror();
		}
		c = iplisten(c, cv);
		poperror();
		putconv(cv);
		break;
	default:
		lock(&iplk);
		if(waserror()){
			unlock(&iplk);
			nexterror();
		}
		cv = chanconv(c);
		cv->ref++;
		poperror();
		unlock(&iplk);
		if(QTYPE(c->qid.path) != Qctl && QTYPE(c->qid.path) != Qdata && openmode(omode) != OREAD){
			putconv(cv);
			error(Eperm);
		}
		break;
	}
	c->mode = openmode(omode);
	c->flag |= COPEN;
	c->offset = 0;
	return c;
}

static void
ipclose(Chan *c)
{
	if((c->flag & COPEN) == 0 || (c->qid.type & QTDIR))
		return;
	putconv(convs[QCONV(c->qid.path)]);
}

/* host!port (or port, or *!port) as a host address; freeaddrinfo it */
static struct addrinfo*
ipaddr(char *s, int passive)
{
	char buf[Maxaddr], *host, *port, *p;
	struct addrinfo hints, *ai;
	int r;

	if(strlen(s) >= sizeof buf)
		error("bad address");
	strcpy(buf, s);
	p = strrchr(buf, '!');
	if(p == nil){
		host = nil;
		port = buf;
	}else{
		*p = 0;
		host = buf;
		port = p+1;
	}
	if(host != nil && (strcmp(host, "*") == 0 || *host == 0))
		host = nil;
	if(*port == 0 || host == nil && !passive)
		error("bad address");
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if(passive)
		hints.ai_flags = AI_PASSIVE;
	osenterhost();
	r = getaddrinfo(host, port, &hints, &ai);
	osleavehost();
	if(r != 0)
		error(r == EAI_NONAME || r == EAI_SERVICE ? "unknown host or service" : "address lookup failed");
	return ai;
}

/* connect or announce cv at addr */
static void
ipcall(Conv *cv, char *addr, char *local, int announce)
{
	struct addrinfo *ai, *a, *la;
	int fd, r, on;

	if(cv->state != Sidle)
		error(Einuse);
	ai = ipaddr(addr, announce);
	fd = -1;
	errno = ECONNREFUSED;
	for(a = ai; a != nil; a = a->ai_next){
		fd = socket(a->ai_family, a->ai_socktype|SOCK_CLOEXEC, a->ai_protocol);
		if(fd < 0)
			continue;
		if(announce){
			on = 1;
			setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
			if(bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, 16) == 0)
				break;
		}else{
			if(local != nil){
				la = nil;
				if(!waserror()){
					la = ipaddr(local, 1);
					poperror();
				}
				r = la != nil ? bind(fd, la->ai_addr, la->ai_addrlen) : -1;
				if(la != nil)
					freeaddrinfo(la);
				if(r < 0){
					close(fd);
					fd = -1;
					continue;
				}
			}
			HOSTCALL(r, connect(fd, a->ai_addr, a->ai_addrlen));
			if(r == 0)
				break;
		}
		r = errno;
		close(fd);
		fd = -1;
		errno = r;
		if(r == EINTR)
			break;
	}
	freeaddrinfo(ai);
	if(fd < 0)
		oserror();
	on = 1;
	if(!announce)
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
	cv->fd = fd;
	cv->state = announce ? Sannounced : Sconnected;
}

enum
{
	CMconnect,
	CMannounce,
	CMhangup,
};

static Cmdtab ipcmd[] =
{
	CMconnect,	"connect",	0,
	CMannounce,	"announce",	2,
	CMhangup,	"hangup",	1,
};

static long
ipctl(Conv *cv, char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;

	cb = parsecmd(a, n);
	qlock(&cv->ctl);
	if(waserror()){
		qunlock(&cv->ctl);
		free(cb);
		nexterror();
	}
	ct = lookupcmd(cb, ipcmd, nelem(ipcmd));
	switch(ct->index){
	case CMconnect:
		if(cb->nf < 2 || cb->nf > 3)
			cmderror(cb, Ecmdargs);
		ipcall(cv, cb->f[1], cb->nf == 3 ? cb->f[2] : nil, 0);
		break;
	case CMannounce:
		ipcall(cv, cb->f[1], nil, 1);
		break;
	case CMhangup:
		if(cv->fd >= 0)
			shutdown(cv->fd, SHUT_RDWR);
		cv->state = Shungup;
		break;
	}
	poperror();
	qunlock(&cv->ctl);
	free(cb);
	return n;
}

/* an address of cv's socket as host!port */
static void
ipname(Conv *cv, int remote, char *buf, int n)
{
	struct sockaddr_storage ss;
	socklen_t l;
	char host[INET6_ADDRSTRLEN];
	int port, r;

	l = sizeof ss;
	strecpy(buf, buf+n, "::!0\n");
	if(cv->fd < 0)
		return;
	r = remote ? getpeername(cv->fd, (struct sockaddr*)&ss, &l) : getsockname(cv->fd, (struct sockaddr*)&ss, &l);
	if(r < 0)
		return;
	if(ss.ss_family == AF_INET){
		inet_ntop(AF_INET, &((struct sockaddr_in*)&ss)->sin_addr, host, sizeof host);
		port = ntohs(((struct sockaddr_in*)&ss)->sin_port);
	}else if(ss.ss_family == AF_INET6){
		inet_ntop(AF_INET6, &((struct sockaddr_in6*)&ss)->sin6_addr, host, sizeof host);
		port = ntohs(((struct sockaddr_in6*)&ss)->sin6_port);
	}else
		return;
	snprint(buf, n, "%s!%d\n", host, port);
}

static long
ipread(Chan *c, void *a, long n, vlong off)
{
	char buf[Maxaddr];
	Conv *cv;
	long r;

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, nil, 0, ipgen);
	cv = chanconv(c);
	switch(QTYPE(c->qid.path)){
	case Qctl:
		snprint(buf, sizeof buf, "%d", cv->x);
		return readstr(off, a, n, buf);
	case Qlocal:
	case Qremote:
		ipname(cv, QTYPE(c->qid.path) == Qremote, buf, sizeof buf);
		return readstr(off, a, n, buf);
	case Qstatus:
		snprint(buf, sizeof buf, "tcp/%d %d %s\n", cv->x, cv->ref, states[cv->state]);
		return readstr(off, a, n, buf);
	case Qdata:
		if(cv->state != Sconnected)
			error(Ehungup);
		HOSTCALL(r, recv(cv->fd, a, n, 0));
		if(r < 0)
			oserror();
		return r;
	}
	error(Eperm);
	return -1;
}

static long
ipwrite(Chan *c, void *a, long n, vlong off)
{
	Conv *cv;
	long r, t;

	USED(off);
	if(c->qid.type & QTDIR)
		error(Eisdir);
	cv = chanconv(c);
	switch(QTYPE(c->qid.path)){
	case Qctl:
		return ipctl(cv, a, n);
	case Qdata:
		if(cv->state != Sconnected)
			error(Ehungup);
		for(t = 0; t < n; t += r){
			HOSTCALL(r, send(cv->fd, (char*)a+t, n-t, MSG_NOSIGNAL));
			if(r < 0)
				oserror();
		}
		return n;
	}
	error(Eperm);
	return -1;
}

Dev ipdevtab = {
	'I',
	"ip",

	devreset,
	devinit,
	devshutdown,
	ipattach,
	ipwalk,
	ipstat,
	ipopen,
	devcreate,
	ipclose,
	ipread,
	devbread,
	ipwrite,
	devbwrite,
	devremove,
	devwstat,
};
