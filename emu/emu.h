/*
 * emu's internal interfaces.  emu.c: threads, the VM handoff, errors;
 * os.c: kernel.h over Linux (fd groups, a small name space, files, time);
 * bench.c: $Bench.
 */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include <kernel.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <stdio.h>

typedef struct Consfile Consfile;
typedef struct Hfd Hfd;
typedef struct Mount Mount;
typedef struct Pgrp Pgrp;

enum
{
	NERRLAB	= 32,
	MAXIDLE	= 4,		/* runner threads kept waiting for work */
	MAXFD	= 1024,
	MAXCAND	= 16,		/* host paths a union may offer */

	/* console files */
	Ccons	= 1,
	Cmsec,
	Csysname,
	Ctime,
	Cuser,
};

/* an open file: a host fd, or a generated console file */
struct Hfd
{
	int	fd;		/* host fd, or -1 */
	char*	path;		/* Minos name it was opened by */
	int	isdir;
	char**	dirs;		/* directory: host directories of the union */
	int	ndirs;
	Dir*	ents;		/* directory: entries read, returned once */
	int	dirdone;
	char*	rclose;		/* ORCLOSE: host file to remove on close */
	int	cons;		/* one of emu's console files (Ccons ...), or 0 */
	int	wfd;		/* Ccons opened ORDWR: host fd for writing, else -1 */
	vlong	off;		/* offset in a generated console file */
};

struct Fgrp
{
	pthread_mutex_t	lk;
	int	ref;
	int	nfd;
	Hfd**	fd;
};

struct Mount
{
	char*	on;		/* Minos mount point, clean */
	char*	host;		/* host directory or file */
	int	flags;
	Mount*	next;
};

struct Pgrp
{
	pthread_mutex_t	lk;
	int	ref;
	Mount*	mnt;
	char*	dot;		/* current directory, a clean Minos path */
};

struct Osenv
{
	Fgrp*	fgrp;
	Pgrp*	pgrp;
};

struct Consfile
{
	char*	name;
	int	q;
	int	perm;
};

/* emu.c */
jmp_buf*	pusherror(void);
void	poperror(void);
char*	errtext(void);
void	panic(char*, ...);
Osenv*	curenv(void);
#define	waserror()	setjmp(*pusherror())

/* os.c */
void	osinit(char *root);
void*	emalloc(ulong);
char*	estrdup(char*);
void	oserr(void);
Osenv*	env(void);
int	fdalloc(Fgrp*, Hfd*, int);
void	freehfd(Hfd*);

/* ns.c */
extern	char*	emuroot;
Pgrp*	newpgrp(void);
void	pgrpdecref(Pgrp*);
Pgrp*	copypgrp(Pgrp*);
Pgrp*	defaultns(void);
char*	abspath(char*);
int	hostpaths(char*, char**, int*);
void	freecand(char**, int);
char*	lookup(char*, struct stat*);

/* cons.c */
extern	Consfile	consfiles[];
extern	int	nconsfiles;
int	conslook(char*);
int	hstat(char*, struct stat*);
long	consread(int, void*, long, vlong);
long	conslen(int);
char*	consfile(int);
int	consopen(int, char*, int);

/* bench.c */
void	benchmodinit(void);

/* libinterp's builtins */
void	sysmodinit(void);
void	mathmodinit(void);
