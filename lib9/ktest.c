/*
 * ktest.c -- a minimal freestanding Linux i386 runtime, so that the
 * kernel build of lib9 (o/k386/lib9.a) can run the C tests without any
 * C library: `mk ktest' links tests/c/{fmt,utf,lib9str,lib9klibc}.c
 * with it and compares their output with the .out files.
 * It supplies what a kernel must: lib9write, lib9errstr, malloc,
 * realloc, free (a bump allocator that never frees).
 */
#include <u.h>
#include <lib9.h>

enum
{
	Heapsize	= 8<<20,
	Align		= 16,
};

static char errbuf[ERRMAX];
static char heap[Heapsize];
static ulong heapused;

int	main(void);

static long
syscall3(long n, long a, long b, long c)
{
	long r;

	__asm__ volatile("int $0x80" : "=a"(r) : "a"(n), "b"(a), "c"(b), "d"(c) : "memory");
	return r;
}

long
lib9write(int fd, void *buf, long n)
{
	return syscall3(4, fd, (long)buf, n);	/* write */
}

char*
lib9errstr(void)
{
	return errbuf;
}

/* each block is preceded by its size, for realloc */
void*
malloc(ulong n)
{
	ulong *p;

	n = (n + Align-1) & ~(Align-1);
	if(heapused + n + Align > sizeof heap)
		return nil;
	p = (ulong*)(heap + heapused + Align);
	p[-1] = n;
	heapused += n + Align;
	return p;
}

void
free(void *p)
{
	USED(p);
}

void*
realloc(void *p, ulong n)
{
	void *q;
	ulong old;

	q = malloc(n);
	if(q != nil && p != nil){
		old = ((ulong*)p)[-1];
		memmove(q, p, old < n ? old : n);
	}
	return q;
}

void
_start(void)
{
	syscall3(1, main(), 0, 0);		/* exit */
}
