/*
 * memmove.c -- memmove and memcpy (which may overlap here too).
 * Kernel build only: hosted builds use the C library's.
 */
#include <u.h>
#include <lib9.h>

#ifdef KERNEL
void*
memmove(void *ato, void *afrom, ulong n)
{
	uchar *to, *from;

	to = ato;
	from = afrom;
	if(to == from || n == 0)
		return ato;
	if(to < from || to >= from + n){
		if((((uintptr)to | (uintptr)from | n) & 3) == 0){
			for(; n > 0; n -= 4, to += 4, from += 4)
				*(u32int*)to = *(u32int*)from;
			return ato;
		}
		while(n-- > 0)
			*to++ = *from++;
		return ato;
	}
	to += n;
	from += n;
	while(n-- > 0)
		*--to = *--from;
	return ato;
}

void*
memcpy(void *to, void *from, ulong n)
{
	return memmove(to, from, n);
}
#endif
