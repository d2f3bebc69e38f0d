/*
 * sprint.c -- print into a fixed buffer: snprint, seprint, sprint.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

/* a fixed buffer: no flush; output is cut at a rune boundary */
static void
fmtbufinit(Fmt *f, char *buf, char *stop)
{
	f->runes = 0;
	f->start = buf;
	f->to = buf;
	f->stop = stop;
	f->flush = nil;
	f->farg = nil;
	f->nfmt = 0;
	f->flags = 0;
	f->decimal = ".";
	f->thousands = ",";
	f->grouping = "\3";
}

char*
vseprint(char *buf, char *e, char *fmt, va_list args)
{
	Fmt f;

	if(e <= buf)
		return nil;
	fmtbufinit(&f, buf, e - 1);
	va_copy(f.args, args);
	dofmt(&f, fmt);
	va_end(f.args);
	*(char*)f.to = 0;
	return f.to;
}

char*
seprint(char *buf, char *e, char *fmt, ...)
{
	va_list args;
	char *p;

	va_start(args, fmt);
	p = vseprint(buf, e, fmt, args);
	va_end(args);
	return p;
}

int
vsnprint(char *buf, int len, char *fmt, va_list args)
{
	Fmt f;

	if(len <= 0)
		return -1;
	fmtbufinit(&f, buf, buf + len - 1);
	va_copy(f.args, args);
	dofmt(&f, fmt);
	va_end(f.args);
	*(char*)f.to = 0;
	return (char*)f.to - buf;
}

int
snprint(char *buf, int len, char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsnprint(buf, len, fmt, args);
	va_end(args);
	return n;
}

/* sprint trusts the caller: the buffer is taken to be 1GB long */
int
vsprint(char *buf, char *fmt, va_list args)
{
	Fmt f;
	char *stop;

	stop = (char*)((uintptr)buf + (1<<30));
	if(stop < buf)
		stop = (char*)~(uintptr)0;
	fmtbufinit(&f, buf, stop);
	va_copy(f.args, args);
	dofmt(&f, fmt);
	va_end(f.args);
	*(char*)f.to = 0;
	return (char*)f.to - buf;
}

int
sprint(char *buf, char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vsprint(buf, fmt, args);
	va_end(args);
	return n;
}

