/*
 * memset.c -- memset.
 * Kernel build only: hosted builds use the C library's.
 */
#include <u.h>
#include <lib9.h>

#ifdef KERNEL
void*
memset(void *ap, int c, ulong n)
{
	uchar *p;

	p = ap;
	while(n-- > 0)
		*p++ = c;
	return ap;
}
#endif
