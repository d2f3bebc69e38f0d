#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include <isa.h>
#include <interp.h>

/*
 * Kernel output: lib9's print goes to the serial console; iprint
 * the same (output is polled when interrupts are off); panic prints
 * and powers off with status 3.
 */

int	panicking;	/* halt skips device shutdown */
Queue*	kprintq;	/* when devcons has /dev/kprint open, print goes here instead */
Lock	kprintlk;	/* guards kprintq's use against its close */

long
lib9write(int fd, void *buf, long n)
{
	USED(fd);
	if(kprintq != nil){
		ilock(&kprintlk);
		if(kprintq != nil){
			qiwrite(kprintq, buf, n);
			iunlock(&kprintlk);
			return n;
		}
		iunlock(&kprintlk);
	}
	putstrn(buf, n);
	return n;
}

int
iprint(char *fmt, ...)
{
	char buf[PRINTSIZE];
	va_list arg;
	int n;

	va_start(arg, fmt);
	n = vseprint(buf, buf+sizeof buf, fmt, arg) - buf;
	va_end(arg);
	putstrn(buf, n);
	return n;
}

void
panic(char *fmt, ...)
{
	char buf[PRINTSIZE];
	va_list arg;
	int n;

	splhi();
	if(panicking++)
		halt(3);
	strcpy(buf, "panic: ");
	va_start(arg, fmt);
	n = vseprint(buf+7, buf+sizeof buf-1, fmt, arg) - buf;
	va_end(arg);
	buf[n++] = '\n';
	putstrn(buf, n);
	dumpstack();
	halt(3);
}

/* print the return addresses on the kernel stack, from frame pointer fp on */
void
dumpstackfp(ulong *fp)
{
	int i;

	iprint("stack:");
	for(i = 0; i < 16 && fp != nil && (ulong)fp > BY2PG && ((ulong)fp & 3) == 0; i++){
		iprint(" %#lux", fp[1]);
		if((ulong*)fp[0] <= fp)
			break;
		fp = (ulong*)fp[0];
	}
	iprint("\n");
}

void
dumpstack(void)
{
	dumpstackfp(__builtin_frame_address(0));
}

/*
 * lib9's %r and werrstr use the same string as error() and kerrstr:
 * the current thread's errstr
 */
char*
lib9errstr(void)
{
	static char buf[ERRMAX];
	Prog *p;

	if(up == nil)
		return buf;
	if(up->type == Interp && (p = currun()) != nil && p->osenv != nil)
		return p->osenv->errstr;
	return up->env->errstr;
}
