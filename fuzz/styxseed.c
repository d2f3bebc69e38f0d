/*
 * styxseed dir -- write one well-formed Styx message of each type into
 * dir, packed by port/styx.c: the seeds of fuzz/run styx.
 */
#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

#include <stdio.h>

static char	*dir;
static int	nseed;

static void
seed(Fcall *f)
{
	uchar buf[512];
	char name[256];
	uint n;
	int fd;

	n = convS2M(f, buf, sizeof buf);
	if(n == 0){
		fprint(2, "styxseed: cannot pack type %d\n", f->type);
		exit(1);
	}
	snprint(name, sizeof name, "%s/seed%d", dir, nseed++);
	fd = open(name, O_WRONLY|O_CREAT|O_TRUNC, 0644);
	if(fd < 0 || write(fd, buf, n) != n){
		fprint(2, "styxseed: %s: write failed\n", name);
		exit(1);
	}
	close(fd);
}

int
main(int argc, char **argv)
{
	uchar stat[STATFIXLEN+16];
	Fcall f;
	Dir d;
	Qid q;

	if(argc != 2){
		fprint(2, "usage: styxseed dir\n");
		return 2;
	}
	dir = argv[1];
	q.type = QTDIR;
	q.vers = 3;
	q.path = 0x1234;
	memset(&d, 0, sizeof d);
	d.name = "file";
	d.uid = d.gid = d.muid = "me";
	d.qid = q;
	d.mode = 0644;
	memset(&f, 0, sizeof f);
	f.tag = 1;
	f.fid = 7;
	f.type = Tversion; f.tag = NOTAG; f.msize = 8216; f.version = VERSION9P; seed(&f);
	f.type = Rversion; seed(&f);
	f.tag = 1;
	f.type = Tauth; f.afid = 9; f.uname = "me"; f.aname = ""; seed(&f);
	f.type = Rauth; f.aqid = q; seed(&f);
	f.type = Tattach; f.afid = NOFID; f.uname = "me"; f.aname = "tree"; seed(&f);
	f.type = Rattach; f.qid = q; seed(&f);
	f.type = Rerror; f.ename = "file does not exist"; seed(&f);
	f.type = Tflush; f.oldtag = 3; seed(&f);
	f.type = Rflush; seed(&f);
	f.type = Twalk; f.newfid = 8; f.nwname = 2; f.wname[0] = "a"; f.wname[1] = ".."; seed(&f);
	f.type = Rwalk; f.nwqid = 2; f.wqid[0] = q; f.wqid[1] = q; seed(&f);
	f.type = Topen; f.mode = ORDWR|OTRUNC; seed(&f);
	f.type = Ropen; f.qid = q; f.iounit = 8192; seed(&f);
	f.type = Tcreate; f.name = "new"; f.perm = DMDIR|0755; f.mode = OREAD; seed(&f);
	f.type = Rcreate; f.qid = q; f.iounit = 0; seed(&f);
	f.type = Tread; f.offset = 100; f.count = 8192; seed(&f);
	f.type = Rread; f.count = 5; f.data = "hello"; seed(&f);
	f.type = Twrite; f.offset = 0; f.count = 5; f.data = "hello"; seed(&f);
	f.type = Rwrite; f.count = 5; seed(&f);
	f.type = Tclunk; seed(&f);
	f.type = Rclunk; seed(&f);
	f.type = Tremove; seed(&f);
	f.type = Rremove; seed(&f);
	f.type = Tstat; seed(&f);
	f.nstat = convD2M(&d, stat, sizeof stat);
	f.stat = stat;
	f.type = Rstat; seed(&f);
	f.type = Twstat; seed(&f);
	f.type = Rwstat; seed(&f);
	return 0;
}
