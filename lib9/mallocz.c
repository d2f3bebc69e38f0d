#include <u.h>
#include <lib9.h>

/* malloc, cleared if clr is set */
void*
mallocz(ulong n, int clr)
{
	void *p;

	p = malloc(n);
	if(p != nil && clr)
		memset(p, 0, n);
	return p;
}
