/*
 * str.c -- Plan 9's string helpers.
 */
#include <u.h>
#include <lib9.h>

/* copy s to p, stopping before e; returns the end */
char*
strecpy(char *p, char *e, char *s)
{
	if(p >= e)
		return p;
	while(p < e-1 && *s != 0)
		*p++ = *s++;
	*p = 0;
	return p;
}

static int
lowerc(int c)
{
	if(c >= 'A' && c <= 'Z')
		return c + 'a' - 'A';
	return c;
}

int
cistrncmp(char *s1, char *s2, int n)
{
	int c1, c2;

	for(; n > 0; n--){
		c1 = lowerc(*(uchar*)s1++);
		c2 = lowerc(*(uchar*)s2++);
		if(c1 != c2)
			return c1 < c2 ? -1 : 1;
		if(c1 == 0)
			return 0;
	}
	return 0;
}

int
cistrcmp(char *s1, char *s2)
{
	int c1, c2;

	for(;;){
		c1 = lowerc(*(uchar*)s1++);
		c2 = lowerc(*(uchar*)s2++);
		if(c1 != c2)
			return c1 < c2 ? -1 : 1;
		if(c1 == 0)
			return 0;
	}
}

static int
issep(char *s, char *sep, int *nr)
{
	Rune r;

	*nr = chartorune(&r, s);
	return utfrune(sep, r) != nil;
}

/*
 * Split s in place into at most max fields separated by characters
 * from sep.  With mflag 0 each separator ends a field, so fields may
 * be empty; otherwise runs of separators count as one and leading or
 * trailing ones make no field.  The last field takes the rest of s.
 * Returns the number of fields.
 */
int
getfields(char *s, char **f, int max, int mflag, char *sep)
{
	int n, nr;

	if(max <= 0)
		return 0;
	if(mflag){
		while(*s != 0 && issep(s, sep, &nr))
			s += nr;
		if(*s == 0)
			return 0;
	}
	n = 0;
	f[n++] = s;
	while(*s != 0){
		if(!issep(s, sep, &nr)){
			s += nr;
			continue;
		}
		if(n >= max)
			break;
		*s = 0;
		s += nr;
		if(mflag){
			while(*s != 0 && issep(s, sep, &nr))
				s += nr;
			if(*s == 0)
				break;
		}
		f[n++] = s;
	}
	return n;
}

static char*
qtoken(char *s, char *sep)
{
	int quoting;
	char *t;

	/* rc quoting: '...' with '' for a quote; quotes vanish */
	quoting = 0;
	t = s;
	while(*t != 0 && (quoting || utfrune(sep, *t) == nil)){
		if(*t != '\''){
			*s++ = *t++;
			continue;
		}
		if(!quoting){
			quoting = 1;
			t++;
			continue;
		}
		if(t[1] != '\''){
			quoting = 0;
			t++;
			continue;
		}
		/* doubled quote inside quotes */
		t++;
		*s++ = *t++;
	}
	if(*s != 0){
		*s = 0;
		if(t == s)
			t++;
	}
	return t;
}

/*
 * Split s in place into at most max words separated by blanks
 * (space, tab, newline, carriage return), honouring rc's quotes.
 */
int
tokenize(char *s, char **args, int max)
{
	int n;
	char *sep;

	sep = " \t\r\n";
	for(n = 0; n < max; n++){
		while(*s != 0 && utfrune(sep, *s) != nil)
			s++;
		if(*s == 0)
			break;
		args[n] = s;
		s = qtoken(s, sep);
	}
	return n;
}

/*
 * Lexically clean a path name in place: no //, no ., and .. only at
 * the start of a relative name.  "" becomes ".".
 */
char*
cleanname(char *name)
{
	char *p, *q, *dotdot;
	int rooted;

	rooted = name[0] == '/';
	p = q = dotdot = name + rooted;
	while(*p != 0){
		if(p[0] == '/')
			p++;
		else if(p[0] == '.' && (p[1] == 0 || p[1] == '/'))
			p++;
		else if(p[0] == '.' && p[1] == '.' && (p[2] == 0 || p[2] == '/')){
			p += 2;
			if(q > dotdot){
				/* can back up */
				while(--q > dotdot && *q != '/')
					;
			}else if(!rooted){
				/* can't back up: keep the .. */
				if(q != name)
					*q++ = '/';
				*q++ = '.';
				*q++ = '.';
				dotdot = q;
			}
		}else{
			if(q != name + rooted)
				*q++ = '/';
			while(*p != 0 && *p != '/')
				*q++ = *p++;
		}
	}
	if(q == name)
		*q++ = '.';
	*q = 0;
	return name;
}
