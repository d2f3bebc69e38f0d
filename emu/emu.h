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

enum
{
	NERRLAB	= 32,
	MAXIDLE	= 4,		/* runner threads kept waiting for work */
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

/* bench.c */
void	benchmodinit(void);

/* libinterp's builtins */
void	sysmodinit(void);
void	mathmodinit(void);
