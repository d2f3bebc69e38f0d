/*
 * fmtfd.c -- Fmt buffers that drain into a file descriptor, and fprint.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

enum
{
	Fdbuf	= 256,		/* stack buffer of fprint */
};

/* write out what the buffer holds; 0 if the write failed */
int
fmtfdflush(Fmt *f)
{
	long n;

	n = (char*)f->to - (char*)f->start;
	if(n > 0 && lib9write((int)(intptr)f->farg, f->start, n) != n)
		return 0;
	f->to = f->start;
	return 1;
}

int
fmtfdinit(Fmt *f, int fd, char *buf, int size)
{
	f->runes = 0;
	f->start = buf;
	f->to = buf;
	f->stop = buf + size;
	f->flush = fmtfdflush;
	f->farg = (void*)(intptr)fd;
	f->nfmt = 0;
	f->flags = 0;
	f->width = 0;
	f->prec = 0;
	f->r = 0;
	f->decimal = ".";
	f->thousands = ",";
	f->grouping = "\3";
	return 0;
}

int
vfprint(int fd, char *fmt, va_list args)
{
	Fmt f;
	char buf[Fdbuf];
	int n;

	fmtfdinit(&f, fd, buf, sizeof buf);
	va_copy(f.args, args);
	n = dofmt(&f, fmt);
	va_end(f.args);
	if(n > 0 && fmtfdflush(&f) == 0)
		return -1;
	return n;
}

int
fprint(int fd, char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vfprint(fd, fmt, args);
	va_end(args);
	return n;
}

