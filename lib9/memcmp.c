/*
 * memcmp.c -- memcmp and memchr.
 * Kernel build only: hosted builds use the C library's.
 */
#include <u.h>
#include <lib9.h>

#ifdef KERNEL
int
memcmp(void *a1, void *a2, ulong n)
{
	uchar *s1, *s2;

	s1 = a1;
	s2 = a2;
	for(; n > 0; n--, s1++, s2++)
		if(*s1 != *s2)
			return *s1 < *s2 ? -1 : 1;
	return 0;
}

void*
memchr(void *ap, int c, ulong n)
{
	uchar *p;

	p = ap;
	for(; n > 0; n--, p++)
		if(*p == (uchar)c)
			return p;
	return nil;
}
#endif
