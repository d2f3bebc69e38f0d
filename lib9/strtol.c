/*
 * strtol.c -- strtol and friends, and atoi, atol, strtod.
 * Kernel build only: hosted builds use the C library's.
 */
#include <u.h>
#include <lib9.h>

#ifdef KERNEL
static int
digitval(int c)
{
	if(c >= '0' && c <= '9')
		return c - '0';
	if(c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if(c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

/*
 * The common part of the strto* family: magnitude in *u, sign in *neg;
 * a magnitude above max sets *u to max and returns with *over set.
 * Returns the end of the number, or s if there is none.
 */
static char*
strtonum(char *s, int base, uvlong max, uvlong *u, int *neg, int *over)
{
	char *p, *start;
	uvlong v;
	int d;

	p = s;
	while(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')
		p++;
	*neg = 0;
	if(*p == '-' || *p == '+')
		*neg = *p++ == '-';
	if((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digitval(p[2]) < 16){
		p += 2;
		base = 16;
	}else if(base == 0)
		base = *p == '0' ? 8 : 10;
	*u = 0;
	*over = 0;
	if(base < 2 || base > 36)
		return s;
	start = p;
	v = 0;
	*over = 0;
	for(; (d = digitval(*p)) < base; p++){
		if(v > (max - d) / base)
			*over = 1;
		else
			v = v*base + d;
	}
	if(p == start)
		return s;
	*u = *over ? max : v;
	return p;
}

uvlong
strtoull(char *s, char **end, int base)
{
	uvlong u;
	int neg, over;
	char *e;

	e = strtonum(s, base, ~0ULL, &u, &neg, &over);
	if(end != nil)
		*end = e;
	if(over)
		return u;
	return neg ? -u : u;
}

vlong
strtoll(char *s, char **end, int base)
{
	uvlong u, lim;
	int neg, over;
	char *e;

	lim = (1ULL<<63) - 1;
	e = strtonum(s, base, ~0ULL, &u, &neg, &over);
	if(end != nil)
		*end = e;
	if(neg){
		if(u > lim + 1)
			return (vlong)(1ULL<<63);
		return -(vlong)u;
	}
	if(u > lim)
		return lim;
	return u;
}

ulong
strtoul(char *s, char **end, int base)
{
	uvlong u;
	int neg, over;
	char *e;

	e = strtonum(s, base, (ulong)~0UL, &u, &neg, &over);
	if(end != nil)
		*end = e;
	if(over)
		return u;
	return neg ? -(ulong)u : (ulong)u;
}

long
strtol(char *s, char **end, int base)
{
	vlong v;
	long lmax, lmin;

	lmax = (long)((~0UL) >> 1);
	lmin = -lmax - 1;
	v = strtoll(s, end, base);
	if(v > lmax)
		return lmax;
	if(v < lmin)
		return lmin;
	return v;
}

int
atoi(char *s)
{
	return strtol(s, nil, 10);
}

long
atol(char *s)
{
	return strtol(s, nil, 10);
}

double
strtod(char *s, char **end)
{
	return fmtstrtod(s, end);
}
#endif
