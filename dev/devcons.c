#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	<interp.h>

/*
 * #c -- the console and the kernel's miscellany.
 * Input comes raw from the serial line through kbdq.  The kbd process
 * takes it off as it comes: outside raw mode, DEL and ^C interrupt the
 * foreground group (below); every byte goes on kbd.q.  In cooked
 * mode consread assembles lines from kbd.q, handling erase (^H), kill
 * (^U), interrupt (DEL and ^C: the line goes) and end of file (^D),
 * and echoes when the console is interactive
 * (no boot command was given: otherwise input is a script, and echo
 * would mix it into the output).  rawon in consctl hands bytes over as
 * they come, without echo; the last close of consctl turns raw mode off.
 */

enum
{
	Qdir,
	Qcons,
	Qconsctl,
	Qdrivers,
	Qhostowner,
	Qkprint,
	Qlayout,
	Qmemory,
	Qmsec,
	Qnotquiterandom,
	Qnull,
	Qrandom,
	Qsysctl,
	Qsysname,
	Qsysstat,
	Qtime,
	Quser,
};

static Dirtab consdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"cons",		{Qcons},	0,	0660,
	"consctl",	{Qconsctl},	0,	0220,
	"drivers",	{Qdrivers},	0,	0444,
	"hostowner",	{Qhostowner},	0,	0444,
	"kprint",	{Qkprint},	0,	0444,
	"layout",	{Qlayout},	0,	0444,
	"memory",	{Qmemory},	0,	0444,
	"msec",		{Qmsec},	NUMSIZE,	0444,
	"notquiterandom",	{Qnotquiterandom},	0,	0444,
	"null",		{Qnull},	0,	0666,
	"random",	{Qrandom},	0,	0444,
	"sysctl",	{Qsysctl},	0,	0664,
	"sysname",	{Qsysname},	0,	0664,
	"sysstat",	{Qsysstat},	0,	0444,
	"time",		{Qtime},	NUMSIZE,	0444,
	"user",		{Quser},	0,	0664,
};

enum
{
	Linemax	= 1024,
	CtrlC	= 0x03,
	CtrlD	= 0x04,
	CtrlU	= 0x15,
	Del	= 0x7F,
};

static struct
{
	QLock;
	int	raw;		/* hand bytes over unprocessed */
	int	ctl;		/* opens of consctl */
	int	lastcr;		/* previous byte was \r: drop a following \n */
	int	x;		/* bytes in line */
	char	line[Linemax];	/* the line being edited */
	int	rp;		/* next byte of ready to return */
	int	nready;
	char	ready[Linemax];	/* a finished line, being read */
	int	eof;		/* a ^D ended an empty line */
	Queue*	q;		/* input from the kbd process */
	int	fg;		/* the foreground group: of the last prog to read cons */
} kbd;

enum
{
	CMhalt,
	CMreboot,
};

static Cmdtab sysctlcmd[] =
{
	CMhalt,		"halt",		0,
	CMreboot,	"reboot",	1,
};

static Lock	ctllock;	/* kbd.ctl: not kbd's QLock, which a reader holds while it waits */
static char	*sysname;
static Lock	timelock;
static vlong	lasttime;
static QLock	randlock;	/* a QLock: filling a big buffer must not hold off interrupts */
static u32int	randstate[4];

static int
iseve(void)
{
	return strcmp(up->env->user, eve) == 0;
}

/*
 * Output to the serial line: a terminal on it needs \r\n to start a
 * new line (minos run strips the \r); raw mode sends bytes untouched.
 */
static void
consputs(char *s, long n)
{
	char *nl;

	if(kbd.raw){
		putstrn(s, n);
		return;
	}
	while(n > 0 && (nl = memchr(s, '\n', n)) != nil){
		putstrn(s, nl-s);
		putstrn("\r\n", 2);
		n -= nl-s+1;
		s = nl+1;
	}
	if(n > 0)
		putstrn(s, n);
}

/* echo only for a person at the terminal, and never in raw mode */
static void
echo(char *s, int n)
{
	if(bootcmd == nil && !kbd.raw)
		consputs(s, n);
}

/* remove the last rune of the line being edited */
static void
erase(void)
{
	if(kbd.x == 0)
		return;
	while(kbd.x > 0 && (kbd.line[--kbd.x] & 0xC0) == 0x80)
		;
	echo("\b \b", 3);
}

static void
deliver(void)
{
	memmove(kbd.ready, kbd.line, kbd.x);
	kbd.nready = kbd.x;
	kbd.rp = 0;
	kbd.x = 0;
}

/* read bytes from kbd.q until a line (or ^D) is ready; called qlocked */
static void
cookline(void)
{
	char ch;

	while(kbd.rp >= kbd.nready && !kbd.eof){
		qread(kbd.q, &ch, 1);
		if(kbd.lastcr && ch == '\n'){
			kbd.lastcr = 0;
			continue;
		}
		kbd.lastcr = ch == '\r';
		if(ch == '\r')
			ch = '\n';
		switch(ch){
		case '\b':
			erase();
			continue;
		case CtrlU:
			kbd.x = 0;
			echo("^U\n", 3);
			continue;
		case Del:
		case CtrlC:
			kbd.x = 0;	/* the kbd process interrupted as it came */
			continue;
		case CtrlD:
			if(kbd.x == 0)
				kbd.eof = 1;
			else
				deliver();
			continue;
		}
		kbd.line[kbd.x++] = ch;
		echo(&ch, 1);
		if(ch == '\n' || kbd.x == sizeof(kbd.line))
			deliver();
	}
}

/*
 * The reader's group becomes the foreground group: the shell reading
 * its next command line, or a command reading its input.
 */
static long
readcons(char *a, long n)
{
	long nr;
	Prog *p;

	p = up->iprog;
	if(p != nil)
		kbd.fg = p->grp;
	qlock(&kbd);
	if(waserror()){
		qunlock(&kbd);
		nexterror();
	}
	/* a line already cooked, or begun, is handed out first, even in raw mode */
	if(kbd.rp >= kbd.nready){
		if(!kbd.raw)
			cookline();
		else if(kbd.x > 0)
			deliver();
	}
	if(kbd.rp < kbd.nready){
		nr = kbd.nready - kbd.rp;
		if(nr > n)
			nr = n;
		memmove(a, kbd.ready+kbd.rp, nr);
		kbd.rp += nr;
	}else if(kbd.eof){
		kbd.eof = 0;
		nr = 0;
	}else{
		nr = qread(kbd.q, a, n);
		while(nr < n && qcanread(kbd.q))
			nr += qread(kbd.q, a+nr, n-nr);
	}
	poperror();
	qunlock(&kbd);
	return nr;
}


/* microseconds since the epoch, never less than a value already returned */
static vlong
consnow(void)
{
	vlong t;

	t = osusectime();
	lock(&timelock);
	if(t < lasttime)
		t = lasttime;
	lasttime = t;
	unlock(&timelock);
	return t;
}

/* xoshiro128**, seeded from the cycle counter: not for cryptography */
static u32int
rotl(u32int x, int k)
{
	return (x << k) | (x >> (32-k));
}

static u32int
nextrand(void)
{
	u32int r, t;

	r = rotl(randstate[1]*5, 7)*9;
	t = randstate[1] << 9;
	randstate[2] ^= randstate[0];
	randstate[3] ^= randstate[1];
	randstate[1] ^= randstate[2];
	randstate[0] ^= randstate[3];
	randstate[2] ^= t;
	randstate[3] = rotl(randstate[3], 11);
	return r;
}

static long
readrand(uchar *a, long n, int stir)
{
	long i;
	u32int r;
	uvlong t;

	qlock(&randlock);
	if(stir || (randstate[0]|randstate[1]|randstate[2]|randstate[3]) == 0){
		t = fastticks(nil);
		randstate[0] ^= (u32int)t;
		randstate[1] ^= (u32int)(t>>32) ^ 0x9E3779B9;
		randstate[2] ^= m->ticks;
		randstate[3] ^= 0x6A09E667;
	}
	r = 0;
	for(i = 0; i < n; i++){
		if((i & 3) == 0)
			r = nextrand();
		a[i] = r;
		r >>= 8;
	}
	qunlock(&randlock);
	return n;
}

static long
readdrivers(char *a, long n, vlong off)
{
	char *buf;
	int i, l;

	buf = smalloc(READSTR);
	l = 0;
	for(i = 0; devtab[i] != nil; i++)
		l += snprint(buf+l, READSTR-l, "#%C %s\n", devtab[i]->dc, devtab[i]->name);
	if(waserror()){
		free(buf);
		nexterror();
	}
	n = readstr(off, a, n, buf);
	poperror();
	free(buf);
	return n;
}

/*
 * A line a processor, in Plan 9's sysstat layout: processor number,
 * context switches, interrupts, system calls, page faults, tlb
 * faults, tlb purges, load (times 1000), and the percentages of the
 * last second spent idle and in interrupts.  There is no paging, so
 * those counts are zero, and time in interrupts is not measured.
 */
static long
readsysstat(char *a, long n, vlong off)
{
	char *buf;
	ulong v[10];
	int i, j, l, sz;
	Mach *mp;

	sz = conf.nmach*10*NUMSIZE + 1;
	buf = smalloc(sz);
	l = 0;
	for(j = 0; j < conf.nmach; j++){
		mp = MACHP(j);
		memset(v, 0, sizeof v);
		v[0] = j;
		v[1] = mp->cs;
		v[2] = mp->intr;
		v[3] = mp->syscall;
		v[7] = mp->load;
		v[8] = mp->idle;
		for(i = 0; i < nelem(v); i++)
			l += snprint(buf+l, sz-l, "%*lud ", NUMSIZE-1, v[i]);
		buf[l-1] = '\n';
	}
	n = readstr(off, a, n, buf);
	free(buf);
	return n;
}

/* /dev/kprint: while it is open, the kernel's prints go to it instead of the console */
static void
kprintopen(void)
{
	Queue *q;

	q = qopen(32*1024, 0, nil, nil);
	if(q == nil)
		error(Enomem);
	qnoblock(q, 1);
	ilock(&kprintlk);
	if(kprintq != nil){
		iunlock(&kprintlk);
		qfree(q);
		error(Einuse);
	}
	kprintq = q;
	iunlock(&kprintlk);
}

static void
kprintclose(void)
{
	Queue *q;

	ilock(&kprintlk);
	q = kprintq;
	kprintq = nil;
	iunlock(&kprintlk);
	if(q != nil)
		qfree(q);
}

/*
 * DEL or ^C: every Dis thread of the foreground group raises
 * "interrupted", at once even if blocked in a system call, as a note
 * to the window's group does in Plan 9.  An interactive sh(1) catches
 * it and prompts again; background commands have groups of their own.
 */
static void
interrupt(void)
{
	int grp;

	grp = kbd.fg;
	if(grp == 0)
		return;
	acquire();
	killgrpnow(grp, Eintr);
	release();
}

/*
 * The kbd process moves input from kbdq to kbd.q as it comes, so that
 * an interrupt works while nobody reads the console.  An interrupt also
 * discards what was typed before it: the bytes still queued, and the
 * line being edited, which the reader (cookline) drops where it meets
 * the interrupting byte, put on kbd.q after the flush; so does a byte
 * typed before the flush that the reader had already taken.  When
 * kbd.q is full the process waits, kbdq fills, and the uart leaves
 * input in the line.  Nothing interrupts its read of kbdq: no note is
 * posted to a kproc.
 */
static void
kbdproc(void*)
{
	char buf[128];
	int i, n, s;

	for(;;){
		n = qread(kbdq, buf, sizeof buf);
		s = 0;
		for(i = 0; i < n; i++)
			if(!kbd.raw && (buf[i] == Del || buf[i] == CtrlC)){
				qflush(kbd.q);
				interrupt();
				s = i;
			}
		if(!waserror()){	/* else no memory for a block: that input is lost */
			qwrite(kbd.q, buf+s, n-s);
			poperror();
		}
	}
}

static void
consinit(void)
{
	kstrdup(&sysname, "minos");
	kbd.q = qopen(4096, 0, nil, nil);
	if(kbd.q == nil)
		panic("consinit: no memory");
	kproc("kbd", kbdproc, nil, PriHigh);
}

static Chan*
consattach(char *spec)
{
	return devattach('c', spec);
}

static Walkqid*
conswalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, consdir, nelem(consdir), devgen);
}

static int
consstat(Chan *c, uchar *dp, int n)
{
	return devstat(c, dp, n, consdir, nelem(consdir), devgen);
}

static Chan*
consopen(Chan *c, int omode)
{
	c->aux = nil;
	c = devopen(c, omode, consdir, nelem(consdir), devgen);
	switch((ulong)c->qid.path){
	case Qkprint:
		if(waserror()){
			c->flag &= ~COPEN;
			nexterror();
		}
		kprintopen();
		poperror();
		break;
	case Qconsctl:
		lock(&ctllock);
		kbd.ctl++;
		unlock(&ctllock);
		break;
	}
	return c;
}

static void
consclose(Chan *c)
{
	if((c->flag & COPEN) == 0)
		return;
	switch((ulong)c->qid.path){
	case Qkprint:
		kprintclose();
		break;
	case Qconsctl:
		lock(&ctllock);
		if(--kbd.ctl == 0)
			kbd.raw = 0;
		unlock(&ctllock);
		break;
	}
}

static long
consread(Chan *c, void *a, long n, vlong off)
{
	char tmp[64];

	if(n < 0)
		error(Ecount);
	if(off < 0)
		error(Eoffset);
	if(n == 0)
		return 0;
	switch((ulong)c->qid.path){
	case Qdir:
		return devdirread(c, a, n, consdir, nelem(consdir), devgen);
	case Qcons:
		return readcons(a, n);
	case Qdrivers:
		return readdrivers(a, n, off);
	case Qhostowner:
		return readstr(off, a, n, eve);
	case Qkprint:
		return qread(kprintq, a, n);
	case Qlayout:
		snprint(tmp, sizeof tmp, "%lud", layoutseed);
		return readstr(off, a, n, tmp);
	case Qmemory:
		if(n > 0x7FFFFFFF)
			n = 0x7FFFFFFF;
		return poolread(a, n, off);
	case Qmsec:
		return readnum(off, a, n, TK2MS(ticks), NUMSIZE);
	case Qnotquiterandom:
		return readrand(a, n, 0);
	case Qrandom:
		return readrand(a, n, 1);
	case Qnull:
		return 0;
	case Qsysctl:
		return readstr(off, a, n, "Minos");
	case Qsysname:
		return readstr(off, a, n, sysname != nil ? sysname : "");
	case Qsysstat:
		return readsysstat(a, n, off);
	case Qtime:
		snprint(tmp, sizeof tmp, "%lld", consnow());
		return readstr(off, a, n, tmp);
	case Quser:
		return readstr(off, a, n, up->env->user);
	}
	error(Egreg);
	return -1;
}

/* a short name written at offset 0, without its trailing newline */
static void
getname(char *buf, int nbuf, char *a, long n, vlong off)
{
	if(off != 0)
		error(Eoffset);
	if(n > 0 && a[n-1] == '\n')
		n--;
	if(n <= 0 || n >= nbuf)
		error(Ebadarg);
	memmove(buf, a, n);
	buf[n] = '\0';
	if(strchr(buf, '\n') != nil || strchr(buf, ' ') != nil)
		error(Ebadarg);
}

static void
writesysctl(char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	char *e;
	long status;

	if(!iseve())
		error(Eperm);
	cb = parsecmd(a, n);
	if(waserror()){
		free(cb);
		nexterror();
	}
	ct = lookupcmd(cb, sysctlcmd, nelem(sysctlcmd));
	switch(ct->index){
	case CMhalt:
		status = 0;
		if(cb->nf > 2)
			error(Ebadctl);
		if(cb->nf == 2){
			status = strtol(cb->f[1], &e, 10);
			if(*e != '\0' || e == cb->f[1] || status < 0 || status > 127)
				error(Ebadarg);
		}
		halt(status);
		break;
	case CMreboot:
		reboot();
		break;
	}
	poperror();
	free(cb);
}

static long
conswrite(Chan *c, void *va, long n, vlong off)
{
	char *a, *u, buf[KNAMELEN];

	if(n < 0)
		error(Ecount);
	a = va;
	switch((ulong)c->qid.path){
	case Qcons:
		consputs(a, n);
		return n;
	case Qconsctl:
		kbd.raw = consctlraw(a, n, kbd.raw);
		return n;
	case Qnull:
		return n;
	case Qsysctl:
		writesysctl(a, n);
		return n;
	case Qsysname:
		if(!iseve())
			error(Eperm);
		getname(buf, sizeof buf, a, n, off);
		kstrdup(&sysname, buf);
		return n;
	case Quser:
		if(!iseve())
			error(Eperm);
		getname(buf, sizeof buf, a, n, off);
		/* other progs' environments may share the old string: never free it */
		u = smalloc(strlen(buf)+1);
		strcpy(u, buf);
		up->env->user = u;
		return n;
	}
	error(Eperm);
	return -1;
}

Dev consdevtab = {
	'c',
	"cons",

	devreset,
	consinit,
	devshutdown,
	consattach,
	conswalk,
	consstat,
	consopen,
	devcreate,
	consclose,
	consread,
	devbread,
	conswrite,
	devbwrite,
	devremove,
	devwstat,
};
