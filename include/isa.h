/*
 * The Dis instruction set and object file constants.
 * Opcode numbers, addressing modes and data codes are those of the
 * Dis Virtual Machine Specification; this is the only place they are defined.
 */
enum
{
	INOP,	IALT,	INBALT,	IGOTO,	ICALL,	IFRAME,	ISPAWN,	IRUNT,
	ILOAD,	IMCALL,	IMSPAWN,	IMFRAME,	IRET,	IJMP,	ICASE,	IEXIT,
	INEW,	INEWA,	INEWCB,	INEWCW,	INEWCF,	INEWCP,	INEWCM,	INEWCMP,
	ISEND,	IRECV,	ICONSB,	ICONSW,	ICONSP,	ICONSF,	ICONSM,	ICONSMP,
	IHEADB,	IHEADW,	IHEADP,	IHEADF,	IHEADM,	IHEADMP,	ITAIL,	ILEA,
	IINDX,	IMOVP,	IMOVM,	IMOVMP,	IMOVB,	IMOVW,	IMOVF,	ICVTBW,
	ICVTWB,	ICVTFW,	ICVTWF,	ICVTCA,	ICVTAC,	ICVTWC,	ICVTCW,	ICVTFC,
	ICVTCF,	IADDB,	IADDW,	IADDF,	ISUBB,	ISUBW,	ISUBF,	IMULB,
	IMULW,	IMULF,	IDIVB,	IDIVW,	IDIVF,	IMODW,	IMODB,	IANDB,
	IANDW,	IORB,	IORW,	IXORB,	IXORW,	ISHLB,	ISHLW,	ISHRB,
	ISHRW,	IINSC,	IINDC,	IADDC,	ILENC,	ILENA,	ILENL,	IBEQB,
	IBNEB,	IBLTB,	IBLEB,	IBGTB,	IBGEB,	IBEQW,	IBNEW,	IBLTW,
	IBLEW,	IBGTW,	IBGEW,	IBEQF,	IBNEF,	IBLTF,	IBLEF,	IBGTF,
	IBGEF,	IBEQC,	IBNEC,	IBLTC,	IBLEC,	IBGTC,	IBGEC,	ISLICEA,
	ISLICELA,	ISLICEC,	IINDW,	IINDF,	IINDB,	INEGF,	IMOVL,	IADDL,
	ISUBL,	IDIVL,	IMODL,	IMULL,	IANDL,	IORL,	IXORL,	ISHLL,
	ISHRL,	IBNEL,	IBLTL,	IBLEL,	IBGTL,	IBGEL,	IBEQL,	ICVTLF,
	ICVTFL,	ICVTLW,	ICVTWL,	ICVTLC,	ICVTCL,	IHEADL,	ICONSL,	INEWCL,
	ICASEC,	IINDL,	IMOVPC,	ITCMP,	IMNEWZ,	ICVTRF,	ICVTFR,	ICVTWS,
	ICVTSW,	ILSRW,	ILSRL,	IECLR,	INEWZ,	INEWAZ,	IRAISE,	ICASEL,
	IMULX,	IDIVX,	ICVTXX,	IMULX0,	IDIVX0,	ICVTXX0,	IMULX1,	IDIVX1,
	ICVTXX1,	ICVTFX,	ICVTXF,	IEXPW,	IEXPL,	IEXPF,	ISELF,

	MAXDIS		/* number of opcodes: keep last */
};

enum
{
	XMAGIC		= 819248,	/* object file magic */
	SMAGIC		= 923426,	/* signed object file magic */

	/* source and destination operand addressing, bits 0-2 (dst) and 3-5 (src) */
	AMP		= 0x00,		/* offset(mp) */
	AFP		= 0x01,		/* offset(fp) */
	AIMM		= 0x02,		/* $immediate */
	AXXX		= 0x03,		/* no operand */
	AIND		= 0x04,		/* double indirect: flag or'd with AMP/AFP */
	AMASK		= 0x07,

	/* middle operand addressing, bits 6-7 */
	ARM		= 0xC0,
	AXNON		= 0x00,		/* none */
	AXIMM		= 0x40,		/* $small immediate */
	AXINF		= 0x80,		/* small offset(fp) */
	AXINM		= 0xC0,		/* small offset(mp) */

	/* data section item codes (high nibble of the code byte) */
	DEFZ		= 0,
	DEFB		= 1,		/* bytes */
	DEFW		= 2,		/* words */
	DEFS		= 3,		/* utf string */
	DEFF		= 4,		/* reals */
	DEFA		= 5,		/* array */
	DIND		= 6,		/* set array index */
	DAPOP		= 7,		/* restore address register */
	DEFL		= 8,		/* bigs */

	DADEPTH		= 4,		/* depth of the array address stack */

	/* the first words of every frame */
	REGLINK		= 0,
	REGFRAME	= 1,
	REGMOD		= 2,
	REGTYP		= 3,
	REGRET		= 4,
	NREG		= 5,

	IBY2WD		= 4,		/* Dis words and pointers are 32 bits */
	IBY2FT		= 8,
	IBY2LG		= 8,

	/* runtime flags in the header */
	MUSTCOMPILE	= 1<<0,
	DONTCOMPILE	= 1<<1,
	SHAREMP		= 1<<2,
	DYNMOD		= 1<<3,
	HASLDT0		= 1<<4,
	HASEXCEPT	= 1<<5,
	HASLDT		= 1<<6,
};

#define	DTYPE(x)	((x)>>4)
#define	DBYTE(x, l)	(((x)<<4)|(l))
#define	DMAX		(1<<4)
#define	DLEN(x)		((x)&(DMAX-1))

#define	SRC(x)		((x)<<3)
#define	DST(x)		((x)<<0)
#define	USRC(x)		(((x)>>3)&AMASK)
#define	UDST(x)		((x)&AMASK)
#define	UXSRC(x)	((x)&(AMASK<<3))
#define	UXDST(x)	((x)&(AMASK<<0))
