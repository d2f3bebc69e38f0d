/*
 * The screen: a linear framebuffer of 32-bit pixels (x8r8g8b8, so a
 * pixel is the ulong 0xRRGGBB) found and set up by vga.c, drawn on by
 * dev/devdraw.c.  Include after fns.h.
 */
typedef struct Vscreen	Vscreen;

struct Vscreen
{
	ulong*	base;		/* the framebuffer, identity mapped */
	int	width;		/* pixels */
	int	height;
	int	stride;		/* pixels from one row to the next */
	ulong	pa;		/* physical address of the framebuffer */
};

enum
{
	Vwidth	= 1024,		/* the default mode */
	Vheight	= 768,
	Vdepth	= 32,
};

/* vga.c */
int	vgamode(Vscreen*, int, int, char*, int);
