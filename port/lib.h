/*
 * The kernel's view of the Plan 9 library: lib9, kernel.h (which
 * defines Qid, Dir and the calls the VM makes) and the pieces of
 * Plan 9's lib.h only the kernel needs (the machine-independent
 * stat format, open modes).
 */
#include <lib9.h>
#include <kernel.h>

enum
{
	KNAMELEN	= 28,		/* maximum length of a device-level name */
	NUMSIZE		= 12,		/* width of a number read by readnum */
	READSTR		= 1000,		/* temporary buffer size for device reads */
};

/* open modes */
enum
{
	OREAD		= 0,
	OWRITE		= 1,
	ORDWR		= 2,
	OEXEC		= 3,
	OTRUNC		= 16,
	OCEXEC		= 32,
	ORCLOSE		= 64,
	OEXCL		= 0x1000,
};

/* bind and mount flags */
enum
{
	MREPL		= 0x0000,
	MBEFORE		= 0x0001,
	MAFTER		= 0x0002,
	MORDER		= 0x0003,
	MCREATE		= 0x0004,
	MCACHE		= 0x0010,
	MMASK		= 0x0017,
};

/* Qid.type bits */
enum
{
	QTDIR		= 0x80,
	QTAPPEND	= 0x40,
	QTEXCL		= 0x20,
	QTMOUNT		= 0x10,
	QTAUTH		= 0x08,
	QTTMP		= 0x04,
	QTFILE		= 0x00,
};

/* Dir.mode bits */
#define	DMDIR		0x80000000
#define	DMAPPEND	0x40000000
#define	DMEXCL		0x20000000
#define	DMMOUNT		0x10000000
#define	DMAUTH		0x08000000
#define	DMTMP		0x04000000
#define	DMREAD		0x4
#define	DMWRITE		0x2
#define	DMEXEC		0x1

/*
 * The machine-independent stat format (9P2000 stat), used between
 * devices and sysfile.c: stat and wstat pass it, dirread returns a
 * sequence of such entries.  Integers are little-endian.
 *	size[2] type[2] dev[4] qid[13] mode[4] atime[4] mtime[4]
 *	length[8] name[s] uid[s] gid[s] muid[s]
 * where s is count[2] followed by count bytes (no NUL), and size
 * counts the bytes after itself.
 */
#define	GBIT8(p)	((p)[0])
#define	GBIT16(p)	((p)[0]|((p)[1]<<8))
#define	GBIT32(p)	((ulong)((p)[0]|((p)[1]<<8)|((p)[2]<<16)|((ulong)(p)[3]<<24)))
#define	GBIT64(p)	((uvlong)GBIT32(p) | ((uvlong)GBIT32((p)+4)<<32))
#define	PBIT8(p,v)	(p)[0]=(v)
#define	PBIT16(p,v)	(p)[0]=(v);(p)[1]=(v)>>8
#define	PBIT32(p,v)	(p)[0]=(v);(p)[1]=(v)>>8;(p)[2]=(v)>>16;(p)[3]=(v)>>24
#define	PBIT64(p,v)	PBIT32(p,(ulong)(v));PBIT32((p)+4,(ulong)((uvlong)(v)>>32))

#define	BIT8SZ		1
#define	BIT16SZ		2
#define	BIT32SZ		4
#define	BIT64SZ		8
#define	QIDSZ		(BIT8SZ+BIT32SZ+BIT64SZ)
#define	STATFIXLEN	(BIT16SZ+QIDSZ+5*BIT16SZ+4*BIT32SZ+BIT64SZ)

/* convD2M.c, convM2D.c */
uint	sizeD2M(Dir*);
uint	convD2M(Dir*, uchar*, uint);
uint	convM2D(uchar*, uint, Dir*, char*);
int	statcheck(uchar*, uint);
int	dirfmt(Fmt*);

/*
 * Styx (9P2000) messages, packed and unpacked by styx.c for the mount
 * driver (devmnt.c) and the exporter (exportfs.c):
 *	size[4] type[1] tag[2] then the fields of the type
 * integers little-endian, strings as in the stat format.
 */
enum
{
	Tversion	= 100,
	Rversion,
	Tauth	= 102,
	Rauth,
	Tattach	= 104,
	Rattach,
	Terror	= 106,	/* illegal */
	Rerror,
	Tflush	= 108,
	Rflush,
	Twalk	= 110,
	Rwalk,
	Topen	= 112,
	Ropen,
	Tcreate	= 114,
	Rcreate,
	Tread	= 116,
	Rread,
	Twrite	= 118,
	Rwrite,
	Tclunk	= 120,
	Rclunk,
	Tremove	= 122,
	Rremove,
	Tstat	= 124,
	Rstat,
	Twstat	= 126,
	Rwstat,
	Tmax,

	MAXWELEM	= 16,		/* most names in one Twalk */
	IOHDRSZ		= 24,		/* room for the header of a Tread or Twrite */
	NOTAG		= 0xFFFF,
	MAXMSG		= 64*1024,	/* largest message either side accepts */
};
#define	NOFID	((u32int)~0)
#define	VERSION9P	"9P2000"

typedef struct Fcall Fcall;
struct Fcall
{
	uchar	type;
	u32int	fid;
	ushort	tag;
	union {
		struct {
			u32int	msize;		/* Tversion, Rversion */
			char*	version;	/* Tversion, Rversion */
		};
		struct {
			ushort	oldtag;		/* Tflush */
		};
		struct {
			char*	ename;		/* Rerror */
		};
		struct {
			Qid	qid;		/* Rattach, Ropen, Rcreate */
			u32int	iounit;		/* Ropen, Rcreate */
		};
		struct {
			Qid	aqid;		/* Rauth */
		};
		struct {
			u32int	afid;		/* Tauth, Tattach */
			char*	uname;		/* Tauth, Tattach */
			char*	aname;		/* Tauth, Tattach */
		};
		struct {
			u32int	perm;		/* Tcreate */
			char*	name;		/* Tcreate */
			uchar	mode;		/* Tcreate, Topen */
		};
		struct {
			u32int	newfid;		/* Twalk */
			ushort	nwname;		/* Twalk */
			char*	wname[MAXWELEM];	/* Twalk */
		};
		struct {
			ushort	nwqid;		/* Rwalk */
			Qid	wqid[MAXWELEM];		/* Rwalk */
		};
		struct {
			vlong	offset;		/* Tread, Twrite */
			u32int	count;		/* Tread, Twrite, Rread */
			char*	data;		/* Twrite, Rread */
		};
		struct {
			ushort	nstat;		/* Twstat, Rstat */
			uchar*	stat;		/* Twstat, Rstat */
		};
	};
};

/* styx.c */
uint	convM2S(uchar*, uint, Fcall*);
uint	convS2M(Fcall*, uchar*, uint);
uint	sizeS2M(Fcall*);
int	fcallfmt(Fmt*);
