/*
 * lib9write for hosted builds: write(2) until all is written.
 * The kernel build leaves lib9write to the kernel.
 */
#include <u.h>
#include <lib9.h>

#ifndef KERNEL
long
lib9write(int fd, void *buf, long n)
{
	char *p;
	long m, k;

	p = buf;
	for(m = 0; m < n; m += k){
		k = write(fd, p+m, n-m);
		if(k < 0){
			if(errno == EINTR){
				k = 0;
				continue;
			}
			return m > 0 ? m : -1;
		}
		if(k == 0)
			break;
	}
	return m;
}
#endif
