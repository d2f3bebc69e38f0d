/*
 * print.c -- print and vprint: fprint to fd 1.  Alone in its file so that
 * a kernel may supply its own print without clashing with lib9's.
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

int
vprint(char *fmt, va_list args)
{
	return vfprint(1, fmt, args);
}

int
print(char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vfprint(1, fmt, args);
	va_end(args);
	return n;
}

