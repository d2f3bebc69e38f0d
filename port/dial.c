#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

/*
 * sys->dial, announce and listen over the files of /net, as Plan 9's
 * dial(2).  A dial string [/netdir/]proto!addr, or just addr (proto
 * "net"), goes to the connection server netdir/cs when there is one,
 * which answers with lines "clonefile address" to try in turn;
 * without it the string is used as it is, "net" meaning tcp.  A
 * connection comes from opening netdir/proto/clone (an open ctl file
 * whose read gives the connection's number, naming its directory) and
 * writing "connect address" or "announce address" to it.  listen opens
 * the announced directory's listen file, which answers a call with the
 * ctl file of a new connection.
 *
 * A machine whose /net has no proto/clone (the kernel: Minos has no
 * network device) has no network, and the error says so.
 */

enum
{
	Maxaddr	= 256,
	Maxtry	= 8,		/* addresses cs may offer */
};

typedef struct Dest Dest;
struct Dest
{
	char	netdir[Maxaddr];
	char	proto[Maxaddr];
	char	rest[Maxaddr];
};

/* split [/netdir/]proto!rest (or rest alone) into d */
static void
parsedest(char *s, Dest *d)
{
	char *p, *bang;

	if(strlen(s) >= Maxaddr)
		error("dial string too long");
	strcpy(d->netdir, "/net");
	if(s[0] == '/'){
		bang = strchr(s, '!');
		p = bang != nil ? bang : s+strlen(s);
		while(p > s && *p != '/')
			p--;
		if(p > s){
			memmove(d->netdir, s, p-s);
			d->netdir[p-s] = 0;
			s = p+1;
		}
	}
	bang = strchr(s, '!');
	if(bang == nil){
		strcpy(d->proto, "net");
		strcpy(d->rest, s);
	}else{
		memmove(d->proto, s, bang-s);
		d->proto[bang-s] = 0;
		strcpy(d->rest, bang+1);
	}
	if(d->proto[0] == 0 || strchr(d->proto, '/') != nil || d->rest[0] == 0)
		error("bad dial string");
}

/* read a short text file of fd into buf; its bytes */
static int
readctl(int fd, char *buf, int n)
{
	int r;

	r = kread(fd, buf, n-1);
	if(r < 0)
		error(up->env->errstr);
	buf[r] = 0;
	return r;
}

/*
 * the clone files and addresses to try for d: from netdir/cs, else d
 * as it is.  Fills clone[] and addr[] (strings of d's size); the count.
 */
static int
translate(Dest *d, char clone[][Maxaddr], char addr[][Maxaddr])
{
	char buf[Maxtry*Maxaddr], *line[Maxtry], *f[2], *cs;
	int fd, n, r, i, nt;

	cs = smprint("%s/cs", d->netdir);
	fd = kopen(cs, ORDWR);
	free(cs);
	if(fd < 0){
		snprint(clone[0], Maxaddr, "%s/%s/clone", d->netdir, strcmp(d->proto, "net") == 0 ? "tcp" : d->proto);
		strcpy(addr[0], d->rest);
		return 1;
	}
	if(waserror()){
		kclose(fd);
		nexterror();
	}
	snprint(buf, sizeof buf, "%s!%s", d->proto, d->rest);
	if(kwrite(fd, buf, strlen(buf)) < 0)
		error(up->env->errstr);
	kseek(fd, 0, 0);
	/* a translation a read (cs(8)), or lines in one */
	for(n = 0; n < sizeof buf - 2; n += r){
		if((r = kread(fd, buf+n, sizeof buf - 2 - n)) < 0)
			error(up->env->errstr);
		if(r == 0)
			break;
		if(buf[n+r-1] != '\n')
			buf[n+r++] = '\n';
	}
	buf[n] = 0;
	poperror();
	kclose(fd);
	n = getfields(buf, line, Maxtry, 1, "\n");
	nt = 0;
	for(i = 0; i < n; i++){
		if(tokenize(line[i], f, 2) != 2 || strlen(f[0]) >= Maxaddr || strlen(f[1]) >= Maxaddr)
			continue;
		strcpy(clone[nt], f[0]);
		strcpy(addr[nt], f[1]);
		nt++;
	}
	if(nt == 0)
		error("connection server gave no address");
	return nt;
}

/* the directory of a clone file's connection number num */
static void
conndir(char *clone, char *num, char *dir)
{
	char *s;
	int n;

	s = strrchr(clone, '/');
	n = s != nil ? s-clone : 0;
	snprint(dir, KNAMEMAX, "%.*s/%s", n, clone, num);
}

/*
 * open clone, write cmd to its ctl: the ctl fd, the directory in dir.
 * A missing clone file means no such network.
 */
static int
opencall(char *clone, char *cmd, char *dir)
{
	char num[32], err[ERRMAX];
	int cfd;

	cfd = kopen(clone, ORDWR);
	if(cfd < 0){
		kerrstr(err, sizeof err);
		if(strcmp(err, Enonexist) == 0)
			snprint(err, sizeof err, "no network: %s does not exist", clone);
		error(err);
	}
	if(waserror()){
		kclose(cfd);
		nexterror();
	}
	readctl(cfd, num, sizeof num);
	conndir(clone, num, dir);
	if(kwrite(cfd, cmd, strlen(cmd)) < 0)
		error(up->env->errstr);
	poperror();
	return cfd;
}

/* try each address in turn: the first that answers, and its ctl fd in *cfd */
int
kdial(char *addr, char *local, char *dir, int *cfd)
{
	char clone[Maxtry][Maxaddr], a[Maxtry][Maxaddr], *cmd, *data, err[ERRMAX];
	Dest d;
	int i, n, c, dfd;

	vmenv();
	if(waserror())
		return -1;
	parsedest(addr, &d);
	n = translate(&d, clone, a);
	err[0] = 0;
	for(i = 0; i < n; i++){
		if(local != nil && *local != 0)
			cmd = smprint("connect %s %s", a[i], local);
		else
			cmd = smprint("connect %s", a[i]);
		if(waserror()){
			free(cmd);
			kstrcpy(err, up->env->errstr, sizeof err);
			if(strcmp(err, Eintr) == 0)
				nexterror();
			continue;
		}
		c = opencall(clone[i], cmd, dir);
		free(cmd);
		poperror();
		data = smprint("%s/data", dir);
		dfd = kopen(data, ORDWR);
		free(data);
		if(dfd < 0){
			kerrstr(err, sizeof err);
			kclose(c);
			continue;
		}
		*cfd = c;
		poperror();
		return dfd;
	}
	error(err);
	return -1;
}

int
kannounce(char *addr, char *dir)
{
	char clone[Maxtry][Maxaddr], a[Maxtry][Maxaddr], *cmd;
	Dest d;
	int cfd;

	vmenv();
	if(waserror())
		return -1;
	parsedest(addr, &d);
	translate(&d, clone, a);
	cmd = smprint("announce %s", a[0]);
	if(waserror()){
		free(cmd);
		nexterror();
	}
	cfd = opencall(clone[0], cmd, dir);
	poperror();
	free(cmd);
	poperror();
	return cfd;
}

/* wait for a call on the announcement at dir: the new connection's ctl fd */
int
klisten(char *dir, char *newdir)
{
	char num[32], *s;
	int cfd;

	vmenv();
	if(waserror())
		return -1;
	if(strlen(dir) >= KNAMEMAX)
		error(Etoolong);
	s = smprint("%s/listen", dir);
	cfd = kopen(s, ORDWR);
	free(s);
	if(cfd < 0)
		error(up->env->errstr);
	if(waserror()){
		kclose(cfd);
		nexterror();
	}
	readctl(cfd, num, sizeof num);
	poperror();
	s = strrchr(dir, '/');
	snprint(newdir, KNAMEMAX, "%.*s/%s", s != nil ? (int)(s-dir) : 0, dir, num);
	poperror();
	return cfd;
}
