#include "u.h"
#include "../port/lib.h"
#include "mem.h"
#include "dat.h"
#include "fns.h"
#include "../port/error.h"

char Enoerror[] = "no error";
char Emount[] = "inconsistent mount";
char Eunmount[] = "not mounted";
char Eismtpt[] = "is a mount point";
char Eunion[] = "not in union";
char Enonexist[] = "file does not exist";
char Enotdir[] = "not a directory";
char Eisdir[] = "file is a directory";
char Ebadchar[] = "bad character in file name";
char Efilename[] = "file name syntax";
char Eperm[] = "permission denied";
char Ebadusefd[] = "inappropriate use of fd";
char Ebadarg[] = "bad arg in system call";
char Einuse[] = "device or object already in use";
char Eio[] = "i/o error";
char Etoobig[] = "read or write too large";
char Etoosmall[] = "read or write too small";
char Enoport[] = "network port not available";
char Ehungup[] = "i/o on hungup channel";
char Ebadctl[] = "bad process or channel control request";
char Enodev[] = "no free devices";
char Enoenv[] = "no free environment resources";
char Ethread[] = "thread exited";
char Enochild[] = "no living children";
char Eexist[] = "file already exists";
char Ebadcmd[] = "bad command";
char Egreg[] = "buggery";
char Enofd[] = "no free file descriptors";
char Eisstream[] = "seek on a stream";
char Ebadexec[] = "exec header invalid";
char Etimedout[] = "connection timed out";
char Econrefused[] = "connection refused";
char Econinuse[] = "connection in use";
char Eintr[] = "interrupted";
char Enomem[] = "out of memory";
char Enoswap[] = "swap space full";
char Esfnotcached[] = "subfont not cached";
char Esoverlap[] = "segments overlap";
char Emode[] = "inconsistent mode";
char Ecount[] = "read count less than zero";
char Enovmem[] = "virtual memory allocation failed";
char Eshutdown[] = "device shut down";
char Enotempty[] = "directory not empty";
char Enocreate[] = "mounted directory forbids creation";
char Enetaddr[] = "bad network address";
char Ebadstat[] = "malformed stat buffer";
char Enoattach[] = "mount/attach disallowed";
char Eshortstat[] = "stat buffer too small";
char Enotimpl[] = "not implemented";
char Ereadonly[] = "file system read only";
char Ebadfd[] = "fd out of range or not open";
char Ebadname[] = "bad file name";
char Eoffset[] = "bad offset";
char Eexiting[] = "process is exiting";
char Edeadlock[] = "deadlock";
char Ebadsharp[] = "unknown device in # filename";
char Enotopen[] = "file not open";
char Enotread[] = "file not open for reading";
char Enotwrite[] = "file not open for writing";
char Ebadmode[] = "bad mode";
char Ebroken[] = "broken";
char Ebadsys[] = "bad system call";
char Ecmdargs[] = "wrong number of arguments";
char Eshort[] = "i/o count too small";
char Etoolong[] = "name too long";

/*
 * Raising errors: error() unwinds to the innermost waserror() of the
 * current process, with the message in its error string.
 */
void
error(char *err)
{
	if(up == nil)
		panic("error with no process: %s", err);
	if(up->nerrlab <= 0)
		panic("error with no waserror: %s", err);
	if(err != up->env->errstr)
		kstrcpy(up->env->errstr, err, ERRMAX);
	nexterror();
}

void
nexterror(void)
{
	if(up->nerrlab <= 0)
		panic("nexterror: no label: %s", up->env->errstr);
	gotolabel(&up->errlab[--up->nerrlab]);
}

void
exhausted(char *resource)
{
	char buf[ERRMAX];

	snprint(buf, sizeof buf, "no free %s", resource);
	error(buf);
}

/* copy at most n-1 bytes, not breaking a utf sequence */
void
kstrcpy(char *s, char *t, int n)
{
	int l;

	l = strlen(t);
	if(l >= n){
		l = n-1;
		while(l > 0 && (t[l] & 0xC0) == 0x80)
			l--;
	}
	memmove(s, t, l);
	s[l] = 0;
}
