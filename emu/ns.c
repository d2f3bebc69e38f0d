/*
 * emu's name space: a mount table maps Minos paths to host paths.
 * The default binds the host's / on /, emu's console files after the
 * host's /dev, then each top-level directory of the emu root (o/root:
 * dis, module, ...) on /NAME, so /dis/lib/bufio.dis is the root's and
 * /tmp is the host's.  bind adds entries (MREPL replaces, MBEFORE and
 * MAFTER make a union searched in order; MCREATE marks where create
 * goes), unmount removes them.  The longest mount point that prefixes a
 * path decides; unions are not merged below it.
 */
#include "emu.h"
#include <dirent.h>

char*	emuroot;

Pgrp*
newpgrp(void)
{
	Pgrp *p;

	p = emalloc(sizeof *p);
	pthread_mutex_init(&p->lk, nil);
	p->ref = 1;
	p->dot = estrdup("/");
	return p;
}

void
pgrpdecref(Pgrp *p)
{
	Mount *m;
	int r;

	pthread_mutex_lock(&p->lk);
	r = --p->ref;
	pthread_mutex_unlock(&p->lk);
	if(r > 0)
		return;
	while((m = p->mnt) != nil){
		p->mnt = m->next;
		free(m->on);
		free(m->host);
		free(m);
	}
	free(p->dot);
	free(p);
}

/* append a mount entry at the end of p's table */
static void
addmount(Pgrp *p, char *on, char *host, int flags)
{
	Mount *m, **l;

	m = emalloc(sizeof *m);
	m->on = estrdup(on);
	m->host = estrdup(host);
	m->flags = flags;
	for(l = &p->mnt; *l != nil; l = &(*l)->next)
		;
	*l = m;
}

Pgrp*
copypgrp(Pgrp *o)
{
	Pgrp *p;
	Mount *m;

	p = newpgrp();
	pthread_mutex_lock(&o->lk);
	for(m = o->mnt; m != nil; m = m->next)
		addmount(p, m->on, m->host, m->flags);
	free(p->dot);
	p->dot = estrdup(o->dot);
	pthread_mutex_unlock(&o->lk);
	return p;
}

/* the clean absolute Minos form of path, malloc'd */
char*
abspath(char *path)
{
	char *s, *dot;
	Pgrp *p;

	if(path[0] == '/')
		s = estrdup(path);
	else{
		p = env()->pgrp;
		pthread_mutex_lock(&p->lk);
		dot = estrdup(p->dot);
		pthread_mutex_unlock(&p->lk);
		s = emalloc(strlen(dot)+strlen(path)+2);
		sprint(s, "%s/%s", dot, path);
		free(dot);
	}
	return cleanname(s);
}

/* does mount point on cover the clean path a?  the length of on if so, else -1 */
static int
covers(char *on, char *a)
{
	int n;

	if(strcmp(on, "/") == 0)
		return 1;
	n = strlen(on);
	if(strncmp(on, a, n) == 0 && (a[n] == 0 || a[n] == '/'))
		return n;
	return -1;
}

/*
 * the host paths that path may name, in union order; *create gets
 * the index of the one create should use.  Returns the count.
 */
int
hostpaths(char *path, char **cand, int *create)
{
	Pgrp *p;
	Mount *m;
	char *a, *best, *rest;
	int n, bl, l;

	if(path[0] == '#'){
		/* a device name: #c the console files, #U the host's tree */
		if(create != nil)
			*create = 0;
		if(strncmp(path, "#U", 2) == 0)
			cand[0] = estrdup(path[2] == 0 ? "/" : path+2);
		else
			cand[0] = cleanname(estrdup(path));
		return 1;
	}
	a = abspath(path);
	p = env()->pgrp;
	pthread_mutex_lock(&p->lk);
	best = nil;
	bl = -1;
	for(m = p->mnt; m != nil; m = m->next){
		l = covers(m->on, a);
		if(l > bl){
			bl = l;
			best = m->on;
		}
	}
	n = 0;
	if(create != nil)
		*create = 0;
	for(m = p->mnt; m != nil && n < MAXCAND; m = m->next){
		if(best == nil || strcmp(m->on, best) != 0)
			continue;
		rest = a + (strcmp(best, "/") == 0 ? 0 : strlen(best));
		cand[n] = emalloc(strlen(m->host)+strlen(rest)+2);
		if(*rest == 0)
			strcpy(cand[n], m->host);
		else if(strcmp(m->host, "/") == 0)
			strcpy(cand[n], rest);
		else
			sprint(cand[n], "%s%s", m->host, rest);
		if(create != nil && (m->flags & KMCREATE) && *create == 0)
			*create = n;
		n++;
	}
	pthread_mutex_unlock(&p->lk);
	free(a);
	return n;
}

void
freecand(char **cand, int n)
{
	while(n > 0)
		free(cand[--n]);
}

/* the first existing host file path names, malloc'd; nil with an error */
char*
lookup(char *path, struct stat *st)
{
	char *cand[MAXCAND], *r;
	struct stat s;
	int i, n;

	n = hostpaths(path, cand, nil);
	r = nil;
	errno = ENOENT;
	for(i = 0; i < n; i++)
		if(hstat(cand[i], &s) == 0){
			r = cand[i];
			cand[i] = nil;
			if(st != nil)
				*st = s;
			break;
		}
	if(r == nil)
		oserr();
	for(i = 0; i < n; i++)
		free(cand[i]);
	return r;
}

int
kbind(char *old, char *new, int flags)
{
	struct stat so, sn;
	char *ho, *hn, *on;
	Pgrp *p;
	Mount *m, **l, *nm;
	int found;

	if(flags & ~(KMBEFORE|KMAFTER|KMCREATE|16) || (flags & (KMBEFORE|KMAFTER)) == (KMBEFORE|KMAFTER)){
		werrstr("bad arg in system call");
		return -1;
	}
	ho = lookup(old, &so);
	if(ho == nil)
		return -1;
	hn = lookup(new, &sn);
	if(hn == nil){
		free(ho);
		return -1;
	}
	if(S_ISDIR(so.st_mode) != S_ISDIR(sn.st_mode)){
		free(ho);
		free(hn);
		werrstr("inconsistent mount");
		return -1;
	}
	on = abspath(new);
	nm = emalloc(sizeof *nm);
	nm->on = on;
	nm->host = ho;
	nm->flags = flags;
	p = env()->pgrp;
	pthread_mutex_lock(&p->lk);
	found = 0;
	for(l = &p->mnt; (m = *l) != nil; ){
		if(strcmp(m->on, on) == 0 && (flags & (KMBEFORE|KMAFTER)) == 0){
			*l = m->next;	/* replace */
			free(m->on);
			free(m->host);
			free(m);
			continue;
		}
		if(strcmp(m->on, on) == 0)
			found = 1;
		l = &m->next;
	}
	if((flags & (KMBEFORE|KMAFTER)) != 0 && !found)
		addmount(p, on, hn, 0);	/* what was visible there joins the union */
	if(flags & KMBEFORE){
		for(l = &p->mnt; strcmp((*l)->on, on) != 0; l = &(*l)->next)
			;
		nm->next = *l;
		*l = nm;
	}else{
		for(l = &p->mnt; *l != nil; l = &(*l)->next)
			;
		*l = nm;
	}
	pthread_mutex_unlock(&p->lk);
	free(hn);
	return 0;
}

int
kunmount(char *old, char *new)
{
	char *ho, *on;
	Pgrp *p;
	Mount *m, **l;
	int n;

	ho = nil;
	if(old != nil && (ho = lookup(old, nil)) == nil)
		return -1;
	on = abspath(new);
	p = env()->pgrp;
	n = 0;
	pthread_mutex_lock(&p->lk);
	for(l = &p->mnt; (m = *l) != nil; ){
		if(strcmp(m->on, on) == 0 && (ho == nil || strcmp(m->host, ho) == 0)){
			*l = m->next;
			free(m->on);
			free(m->host);
			free(m);
			n++;
		}else
			l = &m->next;
	}
	pthread_mutex_unlock(&p->lk);
	free(ho);
	free(on);
	if(n == 0){
		werrstr("not mounted");
		return -1;
	}
	return 0;
}

int
kchdir(char *path)
{
	struct stat st;
	char *h;
	Pgrp *p;

	h = lookup(path, &st);
	if(h == nil)
		return -1;
	free(h);
	if(!S_ISDIR(st.st_mode)){
		werrstr("not a directory");
		return -1;
	}
	p = env()->pgrp;
	h = abspath(path);
	pthread_mutex_lock(&p->lk);
	free(p->dot);
	p->dot = h;
	pthread_mutex_unlock(&p->lk);
	return 0;
}

/* the default name space: host / on /, the emu root's directories over it */
Pgrp*
defaultns(void)
{
	Pgrp *p;
	DIR *dd;
	struct dirent *de;
	struct stat st;
	char *h, *on, cwd[4096];

	p = newpgrp();
	if(getcwd(cwd, sizeof cwd) != nil){
		free(p->dot);
		p->dot = estrdup(cwd);
	}
	addmount(p, "/", "/", KMCREATE);
	addmount(p, "/dev", "/dev", 0);
	addmount(p, "/dev", "#c", 0);
	dd = opendir(emuroot);
	if(dd == nil)
		return p;
	while((de = readdir(dd)) != nil){
		if(de->d_name[0] == '.')
			continue;
		h = emalloc(strlen(emuroot)+strlen(de->d_name)+2);
		sprint(h, "%s/%s", emuroot, de->d_name);
		if(stat(h, &st) == 0 && S_ISDIR(st.st_mode)){
			on = emalloc(strlen(de->d_name)+2);
			sprint(on, "/%s", de->d_name);
			addmount(p, on, h, KMCREATE);
			free(on);
		}
		free(h);
	}
	closedir(dd);
	return p;
}
