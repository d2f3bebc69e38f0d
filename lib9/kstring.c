/*
 * kstring.c -- the str* functions of the C library.
 * Kernel build only: hosted builds use the C library's.
 */
#include <u.h>
#include <lib9.h>

#ifdef KERNEL
long
strlen(char *s)
{
	char *p;

	for(p = s; *p != 0; p++)
		;
	return p - s;
}

char*
strchr(char *s, int c)
{
	c = (char)c;
	for(;; s++){
		if(*s == c)
			return s;
		if(*s == 0)
			return nil;
	}
}

char*
strrchr(char *s, int c)
{
	char *last;

	c = (char)c;
	last = nil;
	for(;; s++){
		if(*s == c)
			last = s;
		if(*s == 0)
			return last;
	}
}

int
strcmp(char *s1, char *s2)
{
	uchar c1, c2;

	for(;;){
		c1 = *s1++;
		c2 = *s2++;
		if(c1 != c2)
			return c1 < c2 ? -1 : 1;
		if(c1 == 0)
			return 0;
	}
}

int
strncmp(char *s1, char *s2, long n)
{
	uchar c1, c2;

	for(; n > 0; n--){
		c1 = *s1++;
		c2 = *s2++;
		if(c1 != c2)
			return c1 < c2 ? -1 : 1;
		if(c1 == 0)
			return 0;
	}
	return 0;
}

char*
strcpy(char *to, char *from)
{
	char *p;

	for(p = to; (*p = *from) != 0; p++, from++)
		;
	return to;
}

/* as C's: pads with zeros, and leaves to unterminated if from is too long */
char*
strncpy(char *to, char *from, long n)
{
	long i;

	for(i = 0; i < n && from[i] != 0; i++)
		to[i] = from[i];
	for(; i < n; i++)
		to[i] = 0;
	return to;
}

char*
strcat(char *to, char *from)
{
	strcpy(to + strlen(to), from);
	return to;
}

char*
strstr(char *s, char *pat)
{
	long n;

	n = strlen(pat);
	if(n == 0)
		return s;
	for(; (s = strchr(s, *pat)) != nil; s++)
		if(strncmp(s, pat, n) == 0)
			return s;
	return nil;
}
#endif
