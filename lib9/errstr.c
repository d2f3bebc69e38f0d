/*
 * errstr.c -- the error string that %r prints.  Hosted, each thread
 * has its own buffer; in the kernel the buffer belongs to the current
 * process and the kernel hands it out through lib9errstr().
 */
#include <u.h>
#include <lib9.h>

#ifndef KERNEL
static __thread char errbuf[ERRMAX];

static char*
errp(void)
{
	return errbuf;
}
#else
static char*
errp(void)
{
	return lib9errstr();
}
#endif

void
werrstr(char *fmt, ...)
{
	va_list args;
	char buf[ERRMAX];

	va_start(args, fmt);
	vsnprint(buf, sizeof buf, fmt, args);
	va_end(args);
	utfecpy(errp(), errp()+ERRMAX, buf);
}

/* exchange buf and the error string, as Plan 9's errstr does */
int
errstr(char *buf, uint n)
{
	char tmp[ERRMAX];

	if(n == 0)
		return 0;
	utfecpy(tmp, tmp+sizeof tmp, buf);
	utfecpy(buf, buf+n, errp());
	utfecpy(errp(), errp()+ERRMAX, tmp);
	return strlen(buf);
}

/* read the error string without changing it */
int
rerrstr(char *buf, uint n)
{
	if(n == 0)
		return 0;
	utfecpy(buf, buf+n, errp());
	return strlen(buf);
}
