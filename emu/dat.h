/*
 * emu's machine part of the kernel's types (portdat.h): each host
 * thread runs as a Proc, the current one in a thread-local variable.
 */
#include "../port/portdat.h"

typedef struct Osproc	Osproc;

#define	HZ	1000		/* a tick is a millisecond of the host's monotonic clock */
enum { Tscclock = 0 };		/* fastticks counts the monotonic clock's ns, not the TSC (devbench) */

extern	__thread Proc*	up;
extern	char*	emuroot;	/* -r: its top-level directories appear at /NAME */
