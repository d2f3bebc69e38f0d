/*
 * #I -- TCP and UDP over the host's sockets, and a connection server,
 * as Inferno's ip(3) and cs(8) in emu.  /net/tcp and /net/udp hold clone
 * and, for each conversation N, a directory N with ctl, data, listen,
 * local, remote and status.  Opening clone makes a conversation and
 * gives its ctl, whose read is N; writing "connect addr [local]" or
 * "announce addr" there makes the call or the announcement; opening a
 * TCP announcement's listen waits for a call and gives the ctl of a new
 * conversation for it; data is the byte stream, or for UDP one datagram
 * a read or write, with a header giving the other end's address after
 * "headers" (or "headers4", "oldheaders") is written to ctl.  Addresses
 * are host!port: a host name or an IPv4 or IPv6 number (* is every
 * interface), a port number or a service name; the host resolves them.
 * A conversation goes when the last of its files is closed.  Blocking
 * calls (connect, accept, read, write) are interrupted by a note (a
 * prog killed).
 *
 * /net/cs translates a dial string written to it, net!host!service,
 * into what to dial, read one line a read: "/net/tcp/clone addr!port"
 * for each address of host, by the host's resolver and services
 * database.
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
typedef struct Proto Proto;
typedef struct Udphdr Udphdr;
typedef struct Csans Csans;

enum
{
	Qtopdir,
	Qcs,
	Qprotodir,
	Qclone,
	Qconvdir,
	Qctl,
	Qdata,
	Qlisten,
	Qlocal,
	Qremote,
	Qstatus,

	Ptcp	= 0,
	Pudp,
	Nproto,

	Maxconv	= 256,		/* per protocol */
	Maxaddr	= 128,
	Maxcs	= 16,		/* translations cs gives */

	Sidle	= 0,
	Sconnected,
	Sannounced,
	Shungup,
};

#define	QTYPE(p)	((ulong)(p) & 0xFF)
#define	QCONV(p)	((int)(((ulong)(p) >> 8) & 0xFFFF) - 1)
#define	QPROTO(p)	((int)((ulong)(p) >> 24))
#define	QPATH(pr, x, t)	(((ulong)(pr) << 24) | (((ulong)(x)+1) << 8) | (t))

struct Proto
{
	char*	name;
	int	socktype;
};

static Proto protos[Nproto] =
{
	[Ptcp]	{"tcp",	SOCK_STREAM},
	[Pudp]	{"udp",	SOCK_DGRAM},
};

/*
 * a UDP address header before each datagram read or written, as
 * Inferno's (ip(3)): addresses of alen bytes (16: IPv6, IPv4 mapped; or
 * 4), ports of 2, big-endian; ifc < 0 where it has no interface address
 */
struct Udphdr
{
	char*	ctl;
	int	len;
	int	alen;
	int	raddr;
	int	laddr;
	int	ifc;
	int	rport;
	int	lport;
};

static Udphdr udphdrs[] =
{
	{"headers",	52,	16,	0,	16,	32,	48,	50},
	{"oldheaders",	36,	16,	0,	16,	-1,	32,	34},
	{"headers4",	12,	4,	0,	4,	-1,	8,	10},
};

struct Conv
{
	int	proto;
	int	x;
	int	ref;		/* open Chans on its files */
	int	fd;		/* host socket, or -1 */
	int	state;
	Udphdr*	hdr;		/* UDP with headers */
	QLock	ctl;		/* one connect or announce at a time */
};

/* a cs query's answer, on the open Chan (aux) */
struct Csans
{
	int	n;
	int	next;		/* the line the next read gives */
	char*	line[Maxcs];
};

/* Inferno's words for the states */
static char *states[] = { "Closed", "Established", "Announced", "Closed" };

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
static Conv*	convs[Nproto][Maxconv];
static Lock	cslk;

/* the conversation of a Chan's qid, which must exist */
static Conv*
chanconv(Chan *c)
{
	int p, x;

	p = QPROTO(c->qid.path);
	x = QCONV(c->qid.path);
	if(p < 0 || p >= Nproto || x < 0 || x >= Maxconv || convs[p][x] == nil)
		error(Enonexist);
	return convs[p][x];
}

/*
 * the directory entries: the top (cs and a directory a protocol), a
 * protocol's (clone and a directory a conversation), a conversation's;
 * a file's gen gives its directory's entries, for devstat
 */
static int
ipgen(Chan *c, char *name, Dirtab *tab, int ntab, int s, Dir *dp)
{
	Qid q;
	int p, x, t;

	USED(name);
	USED(tab);
	USED(ntab);
	t = QTYPE(c->qid.path);
	p = QPROTO(c->qid.path);
	if(s == DEVDOTDOT){
		if(t == Qtopdir || t == Qcs || t == Qprotodir || t == Qclone){
			mkqid(&q, Qtopdir, 0, QTDIR);
			devdir(c, q, "#I", 0, eve, DMDIR|0555, dp);
		}else{
			mkqid(&q, QPATH(p, -1, Qprotodir), 0, QTDIR);
			devdir(c, q, protos[p].name, 0, eve, DMDIR|0555, dp);
		}
		return 1;
	}
	switch(t){
	case Qtopdir:
	case Qcs:
		if(s == 0){
			mkqid(&q, Qcs, 0, QTFILE);
			devdir(c, q, "cs", 0, eve, 0666, dp);
			return 1;
		}
		if(--s >= Nproto)
			return -1;
		mkqid(&q, QPATH(s, -1, Qprotodir), 0, QTDIR);
		devdir(c, q, protos[s].name, 0, eve, DMDIR|0555, dp);
		return 1;
	case Qprotodir:
	case Qclone:
		if(s == 0){
			mkqid(&q, QPATH(p, -1, Qclone), 0, QTFILE);
			devdir(c, q, "clone", 0, eve, 0666, dp);
			return 1;
		}
		x = s-1;
		if(x >= Maxconv)
			return -1;
		lock(&iplk);
		if(convs[p][x] == nil){
			unlock(&iplk);
			return 0;
		}
		unlock(&iplk);
		snprint(up->genbuf, sizeof up->genbuf, "%d", x);
		mkqid(&q, QPATH(p, x, Qconvdir), 0, QTDIR);
		devdir(c, q, up->genbuf, 0, eve, DMDIR|0555, dp);
		return 1;
	default:
		if(s >= nelem(convdir))
			return -1;
		x = QCONV(c->qid.path);
		if(x < 0 || x >= Maxconv || convs[p][x] == nil)
			return -1;
		mkqid(&q, QPATH(p, x, convdir[s].qid.path), 0, QTFILE);
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

/* a new conversation of protocol p, with one reference */
static Conv*
newconv(int p, int fd, int state)
{
	Conv *cv;
	int x;

	lock(&iplk);
	for(x = 0; x < Maxconv; x++)
		if(convs[p][x] == nil)
			break;
	if(x == Maxconv){
		unlock(&iplk);
		error(Enodev);
	}
	cv = smalloc(sizeof *cv);
	cv->proto = p;
	cv->x = x;
	cv->ref = 1;
	cv->fd = fd;
	cv->state = state;
	convs[p][x] = cv;
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
	convs[cv->proto][cv->x] = nil;
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

	if(cv->proto != Ptcp)
		error("no calls to listen for on udp");
	if(cv->state != Sannounced)
		error("not announced");
	HOSTCALL(fd, accept4(cv->fd, nil, nil, SOCK_CLOEXEC));
	if(fd < 0)
		oserror();
	if(waserror()){
		close(fd);
		nexterror();
	}
	ncv = newconv(cv->proto, fd, Sconnected);
	poperror();
	mkqid(&c->qid, QPATH(ncv->proto, ncv->x, Qctl), 0, QTFILE);
	return c;
}

static Chan*
ipopen(Chan *c, int omode)
{
	Conv *cv;

	if(c->qid.type & QTDIR)
		return devopen(c, omode, nil, 0, ipgen);
	switch(QTYPE(c->qid.path)){
	case Qcs:
		c->aux = nil;
		break;
	case Qclone:
		cv = newconv(QPROTO(c->qid.path), -1, Sidle);
		mkqid(&c->qid, QPATH(cv->proto, cv->x, Qctl), 0, QTFILE);
		break;
	case Qlisten:
		lock(&iplk);
		if(waserror()){
			unlock(&iplk);
			nexterror();
		}
		cv = chanconv(c);
		cv->ref++;
		poperror();
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
csfree(Csans *a)
{
	int i;

	if(a == nil)
		return;
	for(i = 0; i < a->n; i++)
		free(a->line[i]);
	free(a);
}

static void
ipclose(Chan *c)
{
	if((c->flag & COPEN) == 0 || (c->qid.type & QTDIR))
		return;
	if(QTYPE(c->qid.path) == Qcs){
		csfree(c->aux);
		c->aux = nil;
		return;
	}
	putconv(convs[QPROTO(c->qid.path)][QCONV(c->qid.path)]);
}

/* host!port (or port, or *!port) as a host address of protocol p; freeaddrinfo it */
static struct addrinfo*
ipaddr(int p, char *s, int passive)
{
	char buf[Maxaddr], *host, *port, *b;
	struct addrinfo hints, *ai;
	int r;

	if(strlen(s) >= sizeof buf)
		error("bad address");
	strcpy(buf, s);
	b = strrchr(buf, '!');
	if(b == nil){
		host = nil;
		port = buf;
	}else{
		*b = 0;
		host = buf;
		port = b+1;
	}
	if(host != nil && (strcmp(host, "*") == 0 || *host == 0))
		host = nil;
	if(*port == 0 || host == nil && !passive)
		error("bad address");
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = protos[p].socktype;
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
	ai = ipaddr(cv->proto, addr, announce);
	fd = -1;
	errno = ECONNREFUSED;
	for(a = ai; a != nil; a = a->ai_next){
		fd = socket(a->ai_family, a->ai_socktype|SOCK_CLOEXEC, a->ai_protocol);
		if(fd < 0)
			continue;
		if(announce){
			on = 1;
			setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
			if(bind(fd, a->ai_addr, a->ai_addrlen) == 0 && (cv->proto != Ptcp || listen(fd, 16) == 0))
				break;
		}else{
			if(local != nil){
				la = nil;
				if(!waserror()){
					la = ipaddr(cv->proto, local, 1);
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
	if(!announce && cv->proto == Ptcp)
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
	cv->fd = fd;
	cv->state = announce ? Sannounced : Sconnected;
}

enum
{
	CMconnect,
	CMannounce,
	CMhangup,
	CMheaders,
	CMoldheaders,
	CMheaders4,
};

static Cmdtab ipcmd[] =
{
	CMconnect,	"connect",	0,
	CMannounce,	"announce",	2,
	CMhangup,	"hangup",	1,
	CMheaders,	"headers",	1,
	CMoldheaders,	"oldheaders",	1,
	CMheaders4,	"headers4",	1,
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
	case CMheaders:
	case CMoldheaders:
	case CMheaders4:
		if(cv->proto != Pudp)
			cmderror(cb, "only udp has address headers");
		cv->hdr = &udphdrs[ct->index - CMheaders];
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

static uchar v4prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF };

/* put the address and port of sa into a header's fields (alen bytes at a, 2 at p) */
static void
hdrput(struct sockaddr_storage *sa, uchar *a, int alen, uchar *p)
{
	uchar *ip;
	ushort port;

	if(sa->ss_family == AF_INET){
		ip = (uchar*)&((struct sockaddr_in*)sa)->sin_addr;
		port = ((struct sockaddr_in*)sa)->sin_port;
		if(alen == 16){
			memmove(a, v4prefix, 12);
			memmove(a+12, ip, 4);
		}else
			memmove(a, ip, 4);
	}else if(sa->ss_family == AF_INET6){
		ip = (uchar*)&((struct sockaddr_in6*)sa)->sin6_addr;
		port = ((struct sockaddr_in6*)sa)->sin6_port;
		if(alen == 16)
			memmove(a, ip, 16);
		else if(memcmp(ip, v4prefix, 12) == 0)
			memmove(a, ip+12, 4);
		else
			error("an IPv6 address in a headers4 header");
	}else
		return;
	memmove(p, &port, 2);	/* both in network order */
}

/* the destination a header gives, for a socket of family fam: its length */
static socklen_t
hdrget(uchar *a, int alen, uchar *p, int fam, struct sockaddr_storage *sa)
{
	struct sockaddr_in *s4;
	struct sockaddr_in6 *s6;

	memset(sa, 0, sizeof *sa);
	if(fam == AF_INET){
		if(alen == 16){
			if(memcmp(a, v4prefix, 12) != 0)
				error("an IPv6 address on an IPv4 conversation");
			a += 12;
		}
		s4 = (struct sockaddr_in*)sa;
		s4->sin_family = AF_INET;
		memmove(&s4->sin_addr, a, 4);
		memmove(&s4->sin_port, p, 2);
		return sizeof *s4;
	}
	s6 = (struct sockaddr_in6*)sa;
	s6->sin6_family = AF_INET6;
	if(alen == 16)
		memmove(&s6->sin6_addr, a, 16);
	else{
		memmove(&s6->sin6_addr, v4prefix, 12);
		memmove((uchar*)&s6->sin6_addr+12, a, 4);
	}
	memmove(&s6->sin6_port, p, 2);
	return sizeof *s6;
}

/*
 * read a datagram of udp conversation cv: with a header before it; or,
 * announced, the first datagram fixes the other end (as ip(3) says)
 */
static long
udpread(Conv *cv, uchar *a, long n)
{
	struct sockaddr_storage from, me;
	socklen_t fl, ml;
	Udphdr *h;
	long r;

	h = cv->hdr;
	if(h == nil && cv->state == Sconnected){
		HOSTCALL(r, recv(cv->fd, a, n, 0));
		if(r < 0)
			oserror();
		return r;
	}
	if(h != nil && n < h->len)
		error("read shorter than the udp header");
	fl = sizeof from;
	if(h != nil){
		HOSTCALL(r, recvfrom(cv->fd, a+h->len, n-h->len, 0, (struct sockaddr*)&from, &fl));
	}else{
		HOSTCALL(r, recvfrom(cv->fd, a, n, 0, (struct sockaddr*)&from, &fl));
	}
	if(r < 0)
		oserror();
	if(h == nil){
		if(connect(cv->fd, (struct sockaddr*)&from, fl) == 0)
			cv->state = Sconnected;
		return r;
	}
	memset(a, 0, h->len);
	hdrput(&from, a+h->raddr, h->alen, a+h->rport);
	ml = sizeof me;
	if(getsockname(cv->fd, (struct sockaddr*)&me, &ml) == 0){
		hdrput(&me, a+h->laddr, h->alen, a+h->lport);
		if(h->ifc >= 0)
			memmove(a+h->ifc, a+h->laddr, h->alen);
	}
	return h->len + r;
}

/* write a datagram of udp conversation cv, to where its header says if it has one */
static long
udpwrite(Conv *cv, uchar *a, long n)
{
	struct sockaddr_storage to, me;
	socklen_t tl, ml;
	Udphdr *h;
	long r;

	h = cv->hdr;
	if(h == nil){
		HOSTCALL(r, send(cv->fd, a, n, MSG_NOSIGNAL));
		if(r < 0)
			oserror();
		return n;
	}
	if(n < h->len)
		error("write shorter than the udp header");
	ml = sizeof me;
	if(getsockname(cv->fd, (struct sockaddr*)&me, &ml) < 0)
		oserror();
	tl = hdrget(a+h->raddr, h->alen, a+h->rport, me.ss_family, &to);
	HOSTCALL(r, sendto(cv->fd, a+h->len, n-h->len, MSG_NOSIGNAL, (struct sockaddr*)&to, tl));
	if(r < 0)
		oserror();
	return n;
}

/*
 * cs: the translations of query net!host!service, as Inferno's cs(8)
 * makes them but with the host's resolver and services database for
 * its network database: net is tcp, udp or net (tcp); host * (any
 * interface, to announce) gives no address.  Inferno's words for the
 * errors.  The answer is kept on c for reads, one line each.
 */
static void
cstranslate(Chan *c, char *q, long n)
{
	char buf[256], *f[4], *net, *host, *svc, port[16], num[INET6_ADDRSTRLEN], sbuf[1024];
	struct addrinfo hints, *ai, *a;
	struct servent sent, *se;
	Csans *ans, *old;
	int nf, p, r, i;
	void *ip;

	if(n <= 0 || n >= sizeof buf)
		error("bad format request");
	memmove(buf, q, n);
	buf[n] = 0;
	if(buf[n-1] == '\n')
		buf[n-1] = 0;
	nf = getfields(buf, f, nelem(f), 0, "!");
	if(nf < 2)
		error("bad format request");
	net = f[0];
	if(strcmp(net, "net") == 0)
		net = "tcp";
	for(p = 0; p < Nproto; p++)
		if(strcmp(net, protos[p].name) == 0)
			break;
	if(p == Nproto){
		snprint(up->genbuf, sizeof up->genbuf, "network unavailable %s", net);
		error(up->genbuf);
	}
	if(nf != 3)
		error("bad format request");
	host = f[1];
	svc = f[2];
	if(*svc == 0)
		error("bad format request");
	if(strspn(svc, "0123456789") == strlen(svc))
		snprint(port, sizeof port, "%s", svc);
	else{
		se = nil;
		osenterhost();
		getservbyname_r(svc, net, &sent, sbuf, sizeof sbuf, &se);
		osleavehost();
		if(se == nil)
			error("cs: can't translate service");
		snprint(port, sizeof port, "%d", ntohs(se->s_port));
	}
	ans = smalloc(sizeof *ans);
	if(waserror()){
		csfree(ans);
		nexterror();
	}
	if(strcmp(host, "*") == 0)
		ans->line[ans->n++] = smprint("/net/%s/clone %s", net, port);
	else{
		if(host[0] == '$'){
			snprint(up->genbuf, sizeof up->genbuf, "cs: can't translate %s", host);
			error(up->genbuf);
		}
		memset(&hints, 0, sizeof hints);
		hints.ai_family = AF_UNSPEC;
		hints.ai_socktype = protos[p].socktype;
		osenterhost();
		r = getaddrinfo(host, nil, &hints, &ai);
		osleavehost();
		if(r != 0)
			error("cs: unknown host");
		for(a = ai; a != nil && ans->n < Maxcs; a = a->ai_next){
			if(a->ai_family == AF_INET)
				ip = &((struct sockaddr_in*)a->ai_addr)->sin_addr;
			else if(a->ai_family == AF_INET6)
				ip = &((struct sockaddr_in6*)a->ai_addr)->sin6_addr;
			else
				continue;
			inet_ntop(a->ai_family, ip, num, sizeof num);
			for(i = 0; i < ans->n; i++)
				if(strcmp(strchr(ans->line[i], ' ')+1, num) == 0)
					break;
			if(i < ans->n)
				continue;
			ans->line[ans->n++] = smprint("/net/%s/clone %s!%s", net, num, port);
		}
		freeaddrinfo(ai);
		if(ans->n == 0)
			error("cs: unknown host");
	}
	poperror();
	lock(&cslk);
	old = c->aux;
	c->aux = ans;
	unlock(&cslk);
	csfree(old);
}

/* the next translation of c's last query */
static long
csread(Chan *c, char *a, long n)
{
	Csans *ans;
	char *s;
	long l;

	lock(&cslk);
	ans = c->aux;
	if(ans == nil || ans->next >= ans->n){
		unlock(&cslk);
		return 0;
	}
	s = ans->line[ans->next++];
	l = strlen(s);
	if(l > n)
		l = n;
	memmove(a, s, l);
	unlock(&cslk);
	return l;
}

static long
ipread(Chan *c, void *a, long n, vlong off)
{
	char buf[Maxaddr];
	Conv *cv;
	long r;

	if(c->qid.type & QTDIR)
		return devdirread(c, a, n, nil, 0, ipgen);
	if(QTYPE(c->qid.path) == Qcs)
		return csread(c, a, n);
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
		snprint(buf, sizeof buf, "%s\n", states[cv->state]);
		return readstr(off, a, n, buf);
	case Qdata:
		if(cv->state != Sconnected && (cv->proto != Pudp || cv->state != Sannounced))
			error(Ehungup);
		if(cv->proto == Pudp)
			return udpread(cv, a, n);
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
	if(QTYPE(c->qid.path) == Qcs){
		cstranslate(c, a, n);
		return n;
	}
	cv = chanconv(c);
	switch(QTYPE(c->qid.path)){
	case Qctl:
		return ipctl(cv, a, n);
	case Qdata:
		if(cv->state != Sconnected && (cv->proto != Pudp || cv->state != Sannounced))
			error(Ehungup);
		if(cv->proto == Pudp)
			return udpwrite(cv, a, n);
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
