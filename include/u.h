/*
 * Basic types, shared by every part of Minos: host tools, emu and kernel.
 */
typedef unsigned char	uchar;
typedef signed char	schar;
typedef unsigned short	ushort;
typedef unsigned int	uint;
typedef unsigned long	ulong;
typedef long long	vlong;
typedef unsigned long long	uvlong;
typedef unsigned int	Rune;
typedef unsigned long	uintptr;
typedef signed long	intptr;
typedef unsigned char	u8int;
typedef unsigned short	u16int;
typedef unsigned int	u32int;
typedef unsigned long long	u64int;
typedef signed char	s8int;
typedef signed short	s16int;
typedef signed int	s32int;
typedef signed long long	s64int;

#define	nil		((void*)0)
#define	nelem(x)	(sizeof(x)/sizeof((x)[0]))
#define	USED(x)		((void)(x))
#define	SET(x)		((void)(x))
#define	offsetof(s, m)	((ulong)(&(((s*)0)->m)))
