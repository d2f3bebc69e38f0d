#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"

/*
 * The kernel's own symbol table, linked into the image after the text
 * by pc/mksym: ksym holds the text symbols, kline the line table, as
 * text in address order, one entry a line beginning with 8 hex digits
 * and a blank ("00107360 sched", "00107360 port/proc.c:379"); an entry
 * covers the code up to the next one's address, and the last symbol is
 * etext.  A kernel linked without it (mksym's first pass) has both
 * empty.  Lookups are binary searches over the text.
 */
extern char ksym[], eksym[], kline[], ekline[];

static ulong
hexaddr(char *p, char *e)
{
	ulong v;
	int c, i;

	v = 0;
	for(i = 0; i < 8 && p < e; i++){
		c = *p++;
		if(c >= '0' && c <= '9')
			c -= '0';
		else if(c >= 'a' && c <= 'f')
			c -= 'a'-10;
		else
			break;
		v = v<<4 | c;
	}
	return v;
}

static char*
linestart(char *base, char *p)
{
	while(p > base && p[-1] != '\n')
		p--;
	return p;
}

static char*
nextline(char *p, char *e)
{
	while(p < e && *p != '\n')
		p++;
	return p < e ? p+1 : e;
}

/* the last entry of [base, e) at or below pc, or nil */
static char*
ksearch(char *base, char *e, ulong pc)
{
	char *lo, *hi, *s;

	lo = base;
	hi = e;
	while(lo < hi){
		s = linestart(lo, lo + (hi-lo)/2);
		if(hexaddr(s, e) <= pc)
			lo = nextline(s, e);
		else
			hi = s;
	}
	if(lo == base)
		return nil;
	return linestart(base, lo-1);
}

/* copy the rest of entry s (after its address) to buf */
static void
entrytext(char *s, char *e, char *buf, int n)
{
	char *p;

	s += 9;
	for(p = buf; s < e && *s != '\n' && p < buf+n-1; )
		*p++ = *s++;
	*p = 0;
}

/*
 * The function holding pc: its name in name[n] and its address; 0 if
 * pc is outside the text or the table is missing.
 */
ulong
ksymname(ulong pc, char *name, int n)
{
	char *s;
	ulong a;

	s = ksearch(ksym, eksym, pc);
	if(s == nil || nextline(s, eksym) >= eksym)
		return 0;	/* before the first symbol, or at etext and beyond */
	a = hexaddr(s, eksym);
	entrytext(s, eksym, name, n);
	return a;
}

/* the source line of pc: its file in file[n]; 0 if unknown */
int
ksymline(ulong pc, char *file, int n)
{
	char *s, *p, buf[128];

	if(ksymname(pc, buf, sizeof buf) == 0)
		return 0;
	s = ksearch(kline, ekline, pc);
	if(s == nil)
		return 0;
	entrytext(s, ekline, buf, sizeof buf);
	p = strrchr(buf, ':');
	if(p == nil)
		return 0;
	*p++ = 0;
	kstrcpy(file, buf, n);
	return strtol(p, nil, 10);
}

/* the table as files: which 0 is ksym, 1 kline */
long
ksymread(int which, void *a, long n, vlong off)
{
	char *b, *e;

	b = which == 0 ? ksym : kline;
	e = which == 0 ? eksym : ekline;
	if(off < 0 || off >= e-b)
		return 0;
	if(n > e-b-off)
		n = e-b-off;
	memmove(a, b+off, n);
	return n;
}

long
ksymlen(int which)
{
	return which == 0 ? eksym-ksym : ekline-kline;
}
