/*
 * smprint.c -- print into memory that grows: fmtstrinit, smprint.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

enum
{
	Strinc	= 64,		/* growth of an fmtstrinit buffer, at least */
};

/*
 * Growing buffers.  stop is kept one unit short of the allocation so
 * that fmtstrflush always has room for the terminating zero.
 */
static int
fmtstrgrow(Fmt *f)
{
	char *s;
	int unit;
	uintptr n, used;

	if(f->start == nil)
		return 0;
	unit = f->runes ? sizeof(Rune) : 1;
	used = (char*)f->to - (char*)f->start;
	n = (uintptr)f->farg;
	n += n/2 + Strinc*unit;
	s = realloc(f->start, n);
	if(s == nil){
		free(f->start);
		f->farg = nil;
		f->start = nil;
		f->to = nil;
		f->stop = nil;
		return 0;
	}
	f->farg = (void*)n;
	f->start = s;
	f->to = s + used;
	f->stop = s + n - unit;
	return 1;
}

static int
strinit(Fmt *f, int runes)
{
	int unit;

	unit = runes ? sizeof(Rune) : 1;
	f->runes = runes;
	f->start = malloc(Strinc*unit);
	if(f->start == nil)
		return -1;
	f->to = f->start;
	f->stop = (char*)f->start + Strinc*unit - unit;
	f->flush = fmtstrgrow;
	f->farg = (void*)(uintptr)(Strinc*unit);
	f->nfmt = 0;
	f->flags = 0;
	f->decimal = ".";
	f->thousands = ",";
	f->grouping = "\3";
	return 0;
}

int
fmtstrinit(Fmt *f)
{
	return strinit(f, 0);
}

int
runefmtstrinit(Fmt *f)
{
	return strinit(f, 1);
}

/* the finished string, which the caller frees; nil if memory ran out */
char*
fmtstrflush(Fmt *f)
{
	if(f->start == nil)
		return nil;
	*(char*)f->to = 0;
	return f->start;
}

Rune*
runefmtstrflush(Fmt *f)
{
	if(f->start == nil)
		return nil;
	*(Rune*)f->to = 0;
	return f->start;
}

char*
vsmprint(char *fmt, va_list args)
{
	Fmt f;
	int n;

	if(fmtstrinit(&f) < 0)
		return nil;
	va_copy(f.args, args);
	n = dofmt(&f, fmt);
	va_end(f.args);
	if(n < 0){
		free(f.start);
		return nil;
	}
	return fmtstrflush(&f);
}

char*
smprint(char *fmt, ...)
{
	va_list args;
	char *p;

	va_start(args, fmt);
	p = vsmprint(fmt, args);
	va_end(args);
	return p;
}
