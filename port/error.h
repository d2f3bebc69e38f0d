/* error strings: declared here, defined in port/error.c */
extern char Enoerror[];	/* no error */
extern char Emount[];	/* inconsistent mount */
extern char Eunmount[];	/* not mounted */
extern char Eismtpt[];	/* is a mount point */
extern char Eunion[];	/* not in union */
extern char Enonexist[];	/* file does not exist */
extern char Enotdir[];	/* not a directory */
extern char Eisdir[];	/* file is a directory */
extern char Ebadchar[];	/* bad character in file name */
extern char Efilename[];	/* file name syntax */
extern char Eperm[];	/* permission denied */
extern char Ebadusefd[];	/* inappropriate use of fd */
extern char Ebadarg[];	/* bad arg in system call */
extern char Einuse[];	/* device or object already in use */
extern char Eio[];	/* i/o error */
extern char Etoobig[];	/* read or write too large */
extern char Etoosmall[];	/* read or write too small */
extern char Enoport[];	/* network port not available */
extern char Ehungup[];	/* i/o on hungup channel */
extern char Ebadctl[];	/* bad process or channel control request */
extern char Enodev[];	/* no free devices */
extern char Enoenv[];	/* no free environment resources */
extern char Ethread[];	/* thread exited */
extern char Enochild[];	/* no living children */
extern char Eexist[];	/* file already exists */
extern char Ebadcmd[];	/* bad command */
extern char Egreg[];	/* buggery */
extern char Enofd[];	/* no free file descriptors */
extern char Eisstream[];	/* seek on a stream */
extern char Ebadexec[];	/* exec header invalid */
extern char Etimedout[];	/* connection timed out */
extern char Econrefused[];	/* connection refused */
extern char Econinuse[];	/* connection in use */
extern char Eintr[];	/* interrupted */
extern char Enomem[];	/* out of memory */
extern char Enoswap[];	/* swap space full */
extern char Esfnotcached[];	/* subfont not cached */
extern char Esoverlap[];	/* segments overlap */
extern char Emode[];	/* inconsistent mode */
extern char Ecount[];	/* read count less than zero */
extern char Enovmem[];	/* virtual memory allocation failed */
extern char Eshutdown[];	/* device shut down */
extern char Enotempty[];	/* directory not empty */
extern char Enocreate[];	/* mounted directory forbids creation */
extern char Enetaddr[];	/* bad network address */
extern char Ebadstat[];	/* malformed stat buffer */
extern char Enoattach[];	/* mount/attach disallowed */
extern char Eshortstat[];	/* stat buffer too small */
extern char Enotimpl[];	/* not implemented */
extern char Ereadonly[];	/* file system read only */
extern char Ebadfd[];	/* fd out of range or not open */
extern char Ebadname[];	/* bad file name */
extern char Eoffset[];	/* bad offset */
extern char Eexiting[];	/* process is exiting */
extern char Edeadlock[];	/* deadlock */
extern char Ebadsharp[];	/* unknown device in # filename */
extern char Enotopen[];	/* file not open */
extern char Enotread[];	/* file not open for reading */
extern char Enotwrite[];	/* file not open for writing */
extern char Ebadmode[];	/* bad mode */
extern char Ebroken[];	/* broken */
extern char Ebadsys[];	/* bad system call */
extern char Ecmdargs[];	/* wrong number of arguments */
extern char Eshort[];	/* i/o count too small */
extern char Etoolong[];	/* name too long */
