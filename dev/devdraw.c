#include	"u.h"
#include	"../port/lib.h"
#include	"mem.h"
#include	"dat.h"
#include	"fns.h"
#include	"../port/error.h"
#include	"screen.h"

/*
 * #i -- the screen and a minimal window system.
 *
 * Each open of drawctl is a connection.  Its first command, "window",
 * gives it a window: a retained image with a title bar, placed on the
 * screen above the others.  Image 0 of a connection is the content of
 * its window; "alloc" makes off-screen images 1..Nimg-1, and "copy"
 * moves pixels between any two of them.  Commands are text, one a line
 * (man/3/draw).  At the end of each write the part of the window that
 * changed is composed onto the framebuffer: the background, then every
 * window from the bottom up, clipped to the damaged rectangle.
 *
 * A window outlives its connection, so that what a program drew stays
 * to be looked at (and screendumped) after it exits; wmctl moves,
 * raises and deletes windows.  screen reads back the framebuffer as an
 * uncompressed Plan 9 image.
 *
 * The device exists only when the kernel is booted with -g: the video
 * mode is set then, not on ordinary boots.  With -S, shutdown waits for
 * the host to take a screendump (minos run -screenshot) before power-off.
 */

enum
{
	Qdir,
	Qdrawctl,
	Qscreen,
	Qwmctl,
};

static Dirtab drawdir[] =
{
	".",		{Qdir, 0, QTDIR},	0,	DMDIR|0555,
	"drawctl",	{Qdrawctl},	0,	0666,
	"screen",	{Qscreen},	0,	0444,
	"wmctl",	{Qwmctl},	0,	0666,
};

enum
{
	Nimg	= 16,		/* images per connection, 0 being the window */
	Nwin	= 32,		/* windows on the screen */
	Bord	= 2,		/* window border */
	Tbar	= 18,		/* title bar height */
	Fontw	= 6,		/* character cell */
	Fonth	= 12,
	Glyphh	= 9,		/* rows of a glyph: 7 above the baseline, 2 below */
	Maxscale	= 8,
	Maxwrite	= 64*1024,
	Hdrlen	= 5*12,		/* Plan 9 image header */

	Cbg	= 0x4A6F8A,	/* desktop */
	Cborder	= 0x202020,
	Ctop	= 0x2F4F9F,	/* title bar of the top window */
	Cbar	= 0x8C8C8C,	/* of the others */
	Ctitle	= 0xFFFFFF,
};

typedef struct Canvas	Canvas;
typedef struct Img	Img;
typedef struct Win	Win;
typedef struct Conn	Conn;

/* somewhere to draw: pixels p[y*stride+x] clipped to [x0,x1)x[y0,y1) */
struct Canvas
{
	ulong*	p;
	int	stride;
	int	x0, y0, x1, y1;
};

struct Img
{
	ulong*	p;
	int	w, h;
};

struct Win
{
	int	id;
	int	x, y;		/* top left of the frame, on the screen */
	Img;			/* the content */
	char	title[64];
	int	open;		/* its connection is still open */
	Conn*	conn;		/* that connection, while open */
	Win*	next;		/* the one above */
};

struct Conn
{
	Win*	win;
	Img	img[Nimg];	/* img[0] is unused: 0 names the window */
};

static struct
{
	QLock;
	Vscreen;
	int	on;		/* booted with -g and the mode is set */
	int	dump;		/* booted with -S */
	char	err[ERRMAX];	/* why there is no screen */
	ulong	bg;
	Win*	bottom;		/* windows from the bottom up */
	int	nwin;
	int	nextid;
} scr;

static char	Enoscreen[] = "no screen (boot with -g)";
static char	Enowin[] = "no window: first write \"window w h title\"";
static char	Ebadimg[] = "bad image id";

/*
 * The font: printable ASCII in 5x9 cells, written here.  Rows are
 * separated by blanks, '#' is ink; rows 0-6 stand on the baseline and
 * 7-8 hold descenders.  Missing rows are empty.
 */
static char *glyphsrc[95] =
{
	"",							/* space */
	"..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",		/* ! */
	".#.#. .#.#.",						/* " */
	".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",		/* # */
	"..#.. .#### #.#.. .###. ..#.# ####. ..#..",		/* $ */
	"##... ##..# ...#. ..#.. .#... #..## ...##",		/* % */
	".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",		/* & */
	"..#.. ..#.. .#...",					/* ' */
	"...#. ..#.. .#... .#... .#... ..#.. ...#.",		/* ( */
	".#... ..#.. ...#. ...#. ...#. ..#.. .#...",		/* ) */
	"..... ..#.. #.#.# .###. #.#.# ..#..",			/* * */
	"..... ..#.. ..#.. ##### ..#.. ..#..",			/* + */
	"..... ..... ..... ..... ..... .##.. ..#.. .#...",	/* , */
	"..... ..... ..... #####",				/* - */
	"..... ..... ..... ..... ..... .##.. .##..",		/* . */
	"..... ....# ...#. ..#.. .#... #....",			/* / */
	".###. #...# #..## #.#.# ##..# #...# .###.",		/* 0 */
	"..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",		/* 1 */
	".###. #...# ....# ...#. ..#.. .#... #####",		/* 2 */
	"##### ...#. ..#.. ...#. ....# #...# .###.",		/* 3 */
	"...#. ..##. .#.#. #..#. ##### ...#. ...#.",		/* 4 */
	"##### #.... ####. ....# ....# #...# .###.",		/* 5 */
	"..##. .#... #.... ####. #...# #...# .###.",		/* 6 */
	"##### ....# ...#. ..#.. .#... .#... .#...",		/* 7 */
	".###. #...# #...# .###. #...# #...# .###.",		/* 8 */
	".###. #...# #...# .#### ....# ...#. .##..",		/* 9 */
	"..... .##.. .##.. ..... .##.. .##..",			/* : */
	"..... .##.. .##.. ..... .##.. ..#.. .#...",		/* ; */
	"...#. ..#.. .#... #.... .#... ..#.. ...#.",		/* < */
	"..... ..... ##### ..... #####",			/* = */
	".#... ..#.. ...#. ....# ...#. ..#.. .#...",		/* > */
	".###. #...# ....# ...#. ..#.. ..... ..#..",		/* ? */
	".###. #...# ....# .##.# #.#.# #.#.# .###.",		/* @ */
	".###. #...# #...# #...# ##### #...# #...#",		/* A */
	"####. #...# #...# ####. #...# #...# ####.",		/* B */
	".###. #...# #.... #.... #.... #...# .###.",		/* C */
	"###.. #..#. #...# #...# #...# #..#. ###..",		/* D */
	"##### #.... #.... ####. #.... #.... #####",		/* E */
	"##### #.... #.... ####. #.... #.... #....",		/* F */
	".###. #...# #.... #.### #...# #...# .####",		/* G */
	"#...# #...# #...# ##### #...# #...# #...#",		/* H */
	".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",		/* I */
	"..### ...#. ...#. ...#. ...#. #..#. .##..",		/* J */
	"#...# #..#. #.#.. ##... #.#.. #..#. #...#",		/* K */
	"#.... #.... #.... #.... #.... #.... #####",		/* L */
	"#...# ##.## #.#.# #.#.# #...# #...# #...#",		/* M */
	"#...# #...# ##..# #.#.# #..## #...# #...#",		/* N */
	".###. #...# #...# #...# #...# #...# .###.",		/* O */
	"####. #...# #...# ####. #.... #.... #....",		/* P */
	".###. #...# #...# #...# #.#.# #..#. .##.#",		/* Q */
	"####. #...# #...# ####. #.#.. #..#. #...#",		/* R */
	".#### #.... #.... .###. ....# ....# ####.",		/* S */
	"##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",		/* T */
	"#...# #...# #...# #...# #...# #...# .###.",		/* U */
	"#...# #...# #...# #...# #...# .#.#. ..#..",		/* V */
	"#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",		/* W */
	"#...# #...# .#.#. ..#.. .#.#. #...# #...#",		/* X */
	"#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",		/* Y */
	"##### ....# ...#. ..#.. .#... #.... #####",		/* Z */
	".###. .#... .#... .#... .#... .#... .###.",		/* [ */
	"..... #.... .#... ..#.. ...#. ....#",			/* \ */
	".###. ...#. ...#. ...#. ...#. ...#. .###.",		/* ] */
	"..#.. .#.#. #...#",					/* ^ */
	"..... ..... ..... ..... ..... ..... ..... #####",	/* _ */
	".#... ..#.. ...#.",					/* ` */
	"..... ..... .###. ....# .#### #...# .####",		/* a */
	"#.... #.... #.##. ##..# #...# #...# ####.",		/* b */
	"..... ..... .###. #.... #.... #...# .###.",		/* c */
	"....# ....# .##.# #..## #...# #...# .####",		/* d */
	"..... ..... .###. #...# ##### #.... .###.",		/* e */
	"..##. .#..# .#... ###.. .#... .#... .#...",		/* f */
	"..... ..... .#### #...# #...# #...# .#### ....# .###.",	/* g */
	"#.... #.... #.##. ##..# #...# #...# #...#",		/* h */
	"..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",		/* i */
	"...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..",	/* j */
	"#.... #.... #..#. #.#.. ##... #.#.. #..#.",		/* k */
	".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",		/* l */
	"..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",		/* m */
	"..... ..... #.##. ##..# #...# #...# #...#",		/* n */
	"..... ..... .###. #...# #...# #...# .###.",		/* o */
	"..... ..... ####. #...# #...# #...# ####. #.... #....",	/* p */
	"..... ..... .#### #...# #...# #...# .#### ....# ....#",	/* q */
	"..... ..... #.##. ##..# #.... #.... #....",		/* r */
	"..... ..... .###. #.... .###. ....# ####.",		/* s */
	".#... .#... ###.. .#... .#... .#..# ..##.",		/* t */
	"..... ..... #...# #...# #...# #..## .##.#",		/* u */
	"..... ..... #...# #...# #...# .#.#. ..#..",		/* v */
	"..... ..... #...# #...# #.#.# #.#.# .#.#.",		/* w */
	"..... ..... #...# .#.#. ..#.. .#.#. #...#",		/* x */
	"..... ..... #...# #...# #...# .#### ....# #...# .###.",	/* y */
	"..... ..... ##### ...#. ..#.. .#... #####",		/* z */
	"...#. ..#.. ..#.. .#... ..#.. ..#.. ...#.",		/* { */
	"..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",		/* | */
	".#... ..#.. ..#.. ...#. ..#.. ..#.. .#...",		/* } */
	"..... ..... .#... #.#.# ...#.",			/* ~ */
};

/* glyph[c-' '][row]: bit 4 is the leftmost column */
static uchar	glyph[95][Glyphh];
static uchar	badglyph[Glyphh] = { 0x1F, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1F };

static void
fontinit(void)
{
	char *s;
	int c, row, bit;

	for(c = 0; c < nelem(glyphsrc); c++){
		row = 0;
		bit = 0x10;
		for(s = glyphsrc[c]; *s != 0 && row < Glyphh; s++){
			if(*s == ' '){
				row++;
				bit = 0x10;
				continue;
			}
			if(*s == '#')
				glyph[c][row] |= bit;
			bit >>= 1;
		}
	}
}

/*
 * Drawing on a canvas.  Coordinates are the canvas's own; everything
 * is clipped to its clip rectangle, so no operation writes outside.
 */
static void
cfill(Canvas *c, int x0, int y0, int x1, int y1, ulong col)
{
	ulong *p;
	int x, y;

	if(x0 < c->x0)
		x0 = c->x0;
	if(y0 < c->y0)
		y0 = c->y0;
	if(x1 > c->x1)
		x1 = c->x1;
	if(y1 > c->y1)
		y1 = c->y1;
	for(y = y0; y < y1; y++){
		p = c->p + y*c->stride;
		for(x = x0; x < x1; x++)
			p[x] = col;
	}
}

static void
cpoint(Canvas *c, int x, int y, ulong col)
{
	if(x >= c->x0 && x < c->x1 && y >= c->y0 && y < c->y1)
		c->p[y*c->stride + x] = col;
}

/* a line from (x0,y0) to (x1,y1), both ends drawn, w pixels thick (Bresenham) */
static void
cline(Canvas *c, int x0, int y0, int x1, int y1, ulong col, int w)
{
	int dx, dy, sx, sy, e, e2, h;

	h = (w-1)/2;
	dx = x1 > x0 ? x1-x0 : x0-x1;
	dy = y1 > y0 ? y0-y1 : y1-y0;
	sx = x0 < x1 ? 1 : -1;
	sy = y0 < y1 ? 1 : -1;
	e = dx+dy;
	for(;;){
		if(w == 1)
			cpoint(c, x0, y0, col);
		else
			cfill(c, x0-h, y0-h, x0-h+w, y0-h+w, col);
		if(x0 == x1 && y0 == y1)
			break;
		e2 = 2*e;
		if(e2 >= dy){
			e += dy;
			x0 += sx;
		}
		if(e2 <= dx){
			e += dx;
			y0 += sy;
		}
	}
}

/* text with its cell's top left at (x,y), each font pixel scale wide; returns the x after it */
static int
ctext(Canvas *c, int x, int y, ulong col, int scale, char *s, char *e)
{
	uchar *g;
	Rune r;
	int row, bit;

	while(s < e){
		s += chartorune(&r, s);
		if(r >= ' ' && r < 0x7F)
			g = glyph[r-' '];
		else
			g = badglyph;
		for(row = 0; row < Glyphh; row++)
			for(bit = 0; bit < 5; bit++)
				if(g[row] & 0x10>>bit)
					cfill(c, x+bit*scale, y+(row+1)*scale,
						x+(bit+1)*scale, y+(row+2)*scale, col);
		x += Fontw*scale;
	}
	return x;
}

/*
 * Copy the rectangle [sx0,sx1)x[sy0,sy1) of src (w by h) to (x,y) on c.
 * Source and destination may be the same image and overlap.
 */
static void
ccopy(Canvas *c, int x, int y, Img *src, int sx0, int sy0, int sx1, int sy1)
{
	int n, row, nrow, step;

	if(sx0 < 0){ x -= sx0; sx0 = 0; }
	if(sy0 < 0){ y -= sy0; sy0 = 0; }
	if(sx1 > src->w)
		sx1 = src->w;
	if(sy1 > src->h)
		sy1 = src->h;
	if(x < c->x0){ sx0 += c->x0-x; x = c->x0; }
	if(y < c->y0){ sy0 += c->y0-y; y = c->y0; }
	if(sx1-sx0 > c->x1-x)
		sx1 = sx0 + c->x1-x;
	if(sy1-sy0 > c->y1-y)
		sy1 = sy0 + c->y1-y;
	n = sx1-sx0;
	nrow = sy1-sy0;
	if(n <= 0 || nrow <= 0)
		return;
	row = 0;
	step = 1;
	if(y > sy0){		/* downwards in the same image: copy bottom up */
		row = nrow-1;
		step = -1;
	}
	for(; row >= 0 && row < nrow; row += step)
		memmove(c->p + (y+row)*c->stride + x,
			src->p + (sy0+row)*src->w + sx0, n*sizeof(ulong));
}

static void
imgcanvas(Canvas *c, Img *i)
{
	c->p = i->p;
	c->stride = i->w;
	c->x0 = 0;
	c->y0 = 0;
	c->x1 = i->w;
	c->y1 = i->h;
}

static int
winwidth(Win *w)
{
	return w->w + 2*Bord;
}

static int
winheight(Win *w)
{
	return w->h + Tbar + 2*Bord;
}

/* the frame, title bar and content of w on the screen canvas c */
static void
drawwin(Canvas *c, Win *w)
{
	Canvas bar;
	int x1, y1;
	char *t;

	x1 = w->x + winwidth(w);
	y1 = w->y + winheight(w);
	cfill(c, w->x, w->y, x1, y1, Cborder);
	cfill(c, w->x+Bord, w->y+Bord, x1-Bord, w->y+Bord+Tbar-1,
		w->next == nil ? Ctop : Cbar);
	/* the title stays inside its bar */
	bar = *c;
	if(bar.x0 < w->x+Bord)
		bar.x0 = w->x+Bord;
	if(bar.x1 > x1-Bord)
		bar.x1 = x1-Bord;
	t = w->title;
	ctext(&bar, w->x+Bord+6, w->y+Bord+(Tbar-1-Fonth)/2+1, Ctitle, 1, t, t+strlen(t));
	ccopy(c, w->x+Bord, w->y+Bord+Tbar, w, 0, 0, w->w, w->h);
}

/* recompose the screen rectangle [x0,x1)x[y0,y1): background, then windows bottom up */
static void
compose(int x0, int y0, int x1, int y1)
{
	Canvas c;
	Win *w;

	c.p = scr.base;
	c.stride = scr.stride;
	c.x0 = x0 < 0 ? 0 : x0;
	c.y0 = y0 < 0 ? 0 : y0;
	c.x1 = x1 > scr.width ? scr.width : x1;
	c.y1 = y1 > scr.height ? scr.height : y1;
	if(c.x0 >= c.x1 || c.y0 >= c.y1)
		return;
	cfill(&c, c.x0, c.y0, c.x1, c.y1, scr.bg);
	for(w = scr.bottom; w != nil; w = w->next)
		drawwin(&c, w);
}

static void
composewin(Win *w)
{
	compose(w->x, w->y, w->x+winwidth(w), w->y+winheight(w));
}

static Win*
lookwin(int id)
{
	Win *w;

	for(w = scr.bottom; w != nil; w = w->next)
		if(w->id == id)
			return w;
	error("no such window");
	return nil;
}

static void
unlinkwin(Win *w)
{
	Win **l;

	for(l = &scr.bottom; *l != nil; l = &(*l)->next)
		if(*l == w){
			*l = w->next;
			w->next = nil;
			return;
		}
}

/* put w on top of the others */
static void
raisewin(Win *w)
{
	Win **l;

	unlinkwin(w);
	for(l = &scr.bottom; *l != nil; l = &(*l)->next)
		;
	*l = w;
}

static void
deletewin(Win *w)
{
	Win *top;

	unlinkwin(w);
	scr.nwin--;
	if(w->conn != nil)
		w->conn->win = nil;
	composewin(w);
	if(scr.bottom != nil){
		/* the new top window's title bar changes colour */
		for(top = scr.bottom; top->next != nil; top = top->next)
			;
		composewin(top);
	}
	free(w->p);
	free(w);
}

/* make room for one more window by deleting the lowest closed one */
static void
winroom(void)
{
	Win *w;

	if(scr.nwin < Nwin)
		return;
	for(w = scr.bottom; w != nil; w = w->next)
		if(!w->open){
			deletewin(w);
			return;
		}
	error("too many windows");
}

/* a new window with w by h of content, cascaded from the top left */
static Win*
newwin(int wd, int ht, char *title)
{
	Win *w, *old;
	int k;

	if(wd < 1 || ht < 1)
		error(Ebadarg);
	if(wd > scr.width-2*Bord)
		wd = scr.width-2*Bord;
	if(ht > scr.height-Tbar-2*Bord)
		ht = scr.height-Tbar-2*Bord;
	winroom();
	w = malloc(sizeof *w);
	if(w == nil)
		error(Enomem);
	w->p = malloc(wd*ht*sizeof(ulong));
	if(w->p == nil){
		free(w);
		error(Enomem);
	}
	w->w = wd;
	w->h = ht;
	memset(w->p, 0xFF, wd*ht*sizeof(ulong));	/* white */
	w->id = ++scr.nextid;
	strecpy(w->title, w->title+sizeof w->title, title);
	w->open = 1;
	k = (w->id-1) % 8;
	w->x = 16 + 24*k;
	w->y = 16 + 24*k;
	if(w->x + winwidth(w) > scr.width)
		w->x = scr.width - winwidth(w);
	if(w->y + winheight(w) > scr.height)
		w->y = scr.height - winheight(w);
	for(old = scr.bottom; old != nil && old->next != nil; old = old->next)
		;
	raisewin(w);
	scr.nwin++;
	if(old != nil)
		composewin(old);
	composewin(w);
	return w;
}

static Img*
connimg(Conn *cn, char *s)
{
	char *e;
	long id;

	id = strtol(s, &e, 10);
	if(*e != 0 || e == s || id < 0 || id >= Nimg)
		error(Ebadimg);
	if(id == 0){
		if(cn->win == nil)
			error(Enowin);
		return cn->win;
	}
	if(cn->img[id].p == nil)
		error(Ebadimg);
	return &cn->img[id];
}

static long
num(char *s)
{
	char *e;
	long v;

	v = strtol(s, &e, 10);
	if(*e != 0 || e == s || v < -100000 || v > 100000)
		error(Ebadarg);
	return v;
}

static ulong
colour(char *s)
{
	char *e;
	ulong v;

	if(*s == '#')
		s++;
	v = strtoul(s, &e, 16);
	if(*e != 0 || e == s || e-s > 6)
		error("bad colour: want rrggbb");
	return v;
}

/* the text after the first n blank-separated fields of line, or nil */
static char*
afterfields(char *s, int n)
{
	while(n-- > 0){
		while(*s == ' ' || *s == '\t')
			s++;
		if(*s == 0)
			return nil;
		while(*s != 0 && *s != ' ' && *s != '\t')
			s++;
	}
	if(*s == ' ' || *s == '\t')
		s++;
	return s;
}

enum
{
	CMwindow,
	CMalloc,
	CMfree,
	CMfill,
	CMline,
	CMpoint,
	CMtext,
	CMcopy,
};

static Cmdtab drawcmd[] =
{
	CMwindow,	"window",	0,
	CMalloc,	"alloc",	5,
	CMfree,		"free",		2,
	CMfill,		"fill",		7,
	CMline,		"line",		0,
	CMpoint,	"point",	5,
	CMtext,		"text",		0,
	CMcopy,		"copy",		9,
};

/* add [x0,x1)x[y0,y1) of the window to the damage d[4] */
static void
damage(int *d, int x0, int y0, int x1, int y1)
{
	if(x0 < d[0]) d[0] = x0;
	if(y0 < d[1]) d[1] = y0;
	if(x1 > d[2]) d[2] = x1;
	if(y1 > d[3]) d[3] = y1;
}

/* one command line of a connection; damage to its window goes to d */
static void
drawline(Conn *cn, char *line, int *d)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	Canvas c;
	Img *dst, *src;
	char *t;
	long x0, y0, x1, y1, w, id, sc;
	ulong col;
	int iswin;

	cb = parsecmd(line, strlen(line));
	if(waserror()){
		free(cb);
		nexterror();
	}
	if(cb->nf == 0){
		poperror();
		free(cb);
		return;
	}
	ct = lookupcmd(cb, drawcmd, nelem(drawcmd));
	dst = nil;
	iswin = 0;
	if(ct->index != CMwindow && ct->index != CMalloc && ct->index != CMfree){
		if(cb->nf < 2)
			cmderror(cb, Ebadarg);
		dst = connimg(cn, cb->f[1]);
		imgcanvas(&c, dst);
		iswin = cn->win != nil && dst == &cn->win->Img;
	}
	switch(ct->index){
	case CMwindow:
		if(cb->nf < 3)
			cmderror(cb, "usage: window w h [title]");
		if(cn->win != nil)
			error("connection already has a window");
		t = afterfields(line, 3);
		cn->win = newwin(num(cb->f[1]), num(cb->f[2]), t != nil ? t : "");
		cn->win->conn = cn;
		break;
	case CMalloc:
		id = num(cb->f[1]);
		w = num(cb->f[2]);
		x1 = num(cb->f[3]);
		col = colour(cb->f[4]);
		if(id <= 0 || id >= Nimg)
			error(Ebadimg);
		if(w < 1 || x1 < 1 || w > 4096 || x1 > 4096)
			error(Ebadarg);
		free(cn->img[id].p);
		cn->img[id].p = nil;
		cn->img[id].p = malloc(w*x1*sizeof(ulong));
		if(cn->img[id].p == nil)
			error(Enomem);
		cn->img[id].w = w;
		cn->img[id].h = x1;
		imgcanvas(&c, &cn->img[id]);
		cfill(&c, 0, 0, w, x1, col);
		break;
	case CMfree:
		id = num(cb->f[1]);
		if(id <= 0 || id >= Nimg || cn->img[id].p == nil)
			error(Ebadimg);
		free(cn->img[id].p);
		cn->img[id].p = nil;
		break;
	case CMfill:
		x0 = num(cb->f[2]); y0 = num(cb->f[3]);
		x1 = num(cb->f[4]); y1 = num(cb->f[5]);
		cfill(&c, x0, y0, x1, y1, colour(cb->f[6]));
		if(iswin)
			damage(d, x0, y0, x1, y1);
		break;
	case CMline:
		if(cb->nf != 7 && cb->nf != 8)
			cmderror(cb, "usage: line id x0 y0 x1 y1 colour [width]");
		x0 = num(cb->f[2]); y0 = num(cb->f[3]);
		x1 = num(cb->f[4]); y1 = num(cb->f[5]);
		col = colour(cb->f[6]);
		w = cb->nf == 8 ? num(cb->f[7]) : 1;
		if(w < 1 || w > 64)
			error(Ebadarg);
		cline(&c, x0, y0, x1, y1, col, w);
		if(iswin)
			damage(d, (x0 < x1 ? x0 : x1) - w, (y0 < y1 ? y0 : y1) - w,
				(x0 > x1 ? x0 : x1) + w + 1, (y0 > y1 ? y0 : y1) + w + 1);
		break;
	case CMpoint:
		x0 = num(cb->f[2]); y0 = num(cb->f[3]);
		cpoint(&c, x0, y0, colour(cb->f[4]));
		if(iswin)
			damage(d, x0, y0, x0+1, y0+1);
		break;
	case CMtext:
		if(cb->nf < 6)
			cmderror(cb, "usage: text id x y colour scale [text]");
		x0 = num(cb->f[2]); y0 = num(cb->f[3]);
		col = colour(cb->f[4]);
		sc = num(cb->f[5]);
		if(sc < 1 || sc > Maxscale)
			error(Ebadarg);
		t = afterfields(line, 6);
		if(t == nil)
			t = "";
		x1 = ctext(&c, x0, y0, col, sc, t, t+strlen(t));
		if(iswin)
			damage(d, x0, y0, x1, y0+Fonth*sc);
		break;
	case CMcopy:
		x0 = num(cb->f[2]); y0 = num(cb->f[3]);
		src = connimg(cn, cb->f[4]);
		ccopy(&c, x0, y0, src, num(cb->f[5]), num(cb->f[6]), num(cb->f[7]), num(cb->f[8]));
		if(iswin)
			damage(d, x0, y0, x0 + num(cb->f[7]) - num(cb->f[5]),
				y0 + num(cb->f[8]) - num(cb->f[6]));
		break;
	}
	poperror();
	free(cb);
}

/*
 * A write of drawctl: command lines.  The damage is composed even when
 * a line fails, so the screen shows what the earlier lines drew.
 */
static long
drawctlwrite(Conn *cn, char *a, long n)
{
	char *buf, *p, *nl;
	int d[4];
	Win *w;

	if(n > Maxwrite)
		error(Etoobig);
	buf = smalloc(n+1);
	memmove(buf, a, n);
	buf[n] = 0;
	d[0] = d[1] = 100000;
	d[2] = d[3] = -100000;
	qlock(&scr);
	if(waserror()){
		w = cn->win;
		if(w != nil && d[0] < d[2])
			compose(w->x+Bord+d[0], w->y+Bord+Tbar+d[1], w->x+Bord+d[2], w->y+Bord+Tbar+d[3]);
		qunlock(&scr);
		free(buf);
		nexterror();
	}
	for(p = buf; p != nil && *p != 0; p = nl){
		nl = strchr(p, '\n');
		if(nl != nil)
			*nl++ = 0;
		drawline(cn, p, d);
	}
	w = cn->win;
	if(w != nil && d[0] < d[2]){
		if(d[0] < 0) d[0] = 0;
		if(d[1] < 0) d[1] = 0;
		if(d[2] > w->w) d[2] = w->w;
		if(d[3] > w->h) d[3] = w->h;
		compose(w->x+Bord+d[0], w->y+Bord+Tbar+d[1], w->x+Bord+d[2], w->y+Bord+Tbar+d[3]);
	}
	poperror();
	qunlock(&scr);
	free(buf);
	return n;
}

enum
{
	WMmove,
	WMtop,
	WMdelete,
	WMbg,
	WMclean,
};

static Cmdtab wmcmd[] =
{
	WMmove,		"move",		4,
	WMtop,		"top",		2,
	WMdelete,	"delete",	2,
	WMbg,		"bg",		2,
	WMclean,	"clean",	1,
};

static void
wmctlwrite(char *a, long n)
{
	Cmdbuf *cb;
	Cmdtab *ct;
	Win *w, *nw, *top;
	int ox, oy;

	cb = parsecmd(a, n);
	qlock(&scr);
	if(waserror()){
		qunlock(&scr);
		free(cb);
		nexterror();
	}
	ct = lookupcmd(cb, wmcmd, nelem(wmcmd));
	switch(ct->index){
	case WMmove:
		w = lookwin(num(cb->f[1]));
		ox = w->x;
		oy = w->y;
		w->x = num(cb->f[2]);
		w->y = num(cb->f[3]);
		compose(ox, oy, ox+winwidth(w), oy+winheight(w));
		composewin(w);
		break;
	case WMtop:
		w = lookwin(num(cb->f[1]));
		for(top = scr.bottom; top->next != nil; top = top->next)
			;
		raisewin(w);
		composewin(top);
		composewin(w);
		break;
	case WMdelete:
		deletewin(lookwin(num(cb->f[1])));
		break;
	case WMbg:
		scr.bg = colour(cb->f[1]);
		compose(0, 0, scr.width, scr.height);
		break;
	case WMclean:
		for(w = scr.bottom; w != nil; w = nw){
			nw = w->next;
			if(!w->open)
				deletewin(w);
		}
		break;
	}
	poperror();
	qunlock(&scr);
	free(cb);
}

/* wmctl: a line per window, bottom first: id x y w h open|closed title */
static long
wmctlread(char *a, long n, vlong off)
{
	char *buf, *p, *e;
	Win *w;

	buf = smalloc(Nwin*128);
	p = buf;
	e = buf + Nwin*128;
	qlock(&scr);
	for(w = scr.bottom; w != nil; w = w->next)
		p = seprint(p, e, "%d %d %d %d %d %s %s\n", w->id, w->x, w->y,
			w->w, w->h, w->open ? "open" : "closed", w->title);
	qunlock(&scr);
	n = readstr(off, a, n, buf);
	free(buf);
	return n;
}

/* screen: an uncompressed Plan 9 image, x8r8g8b8, the framebuffer's own layout */
static long
screenread(char *a, long n, vlong off)
{
	char hdr[Hdrlen+1];
	long size, m, k;

	size = Hdrlen + (long)scr.width*scr.height*4;
	if(off >= size)
		return 0;
	if(off+n > size)
		n = size-off;
	m = 0;
	if(off < Hdrlen){
		snprint(hdr, sizeof hdr, "%11s %11d %11d %11d %11d ",
			"x8r8g8b8", 0, 0, scr.width, scr.height);
		m = Hdrlen-off;
		if(m > n)
			m = n;
		memmove(a, hdr+off, m);
	}
	k = n-m;
	if(k > 0)
		memmove(a+m, (uchar*)scr.base + (off+m-Hdrlen), k);
	return n;
}

static void
drawreset(void)
{
	char buf[256], *f[16];
	int i, nf, g;

	strecpy(buf, buf+sizeof buf, bootline);
	nf = tokenize(buf, f, nelem(f));
	g = 0;
	for(i = 0; i < nf; i++){
		if(strcmp(f[i], "-g") == 0)
			g = 1;
		if(strcmp(f[i], "-S") == 0)
			scr.dump = 1;
	}
	strcpy(scr.err, Enoscreen);
	if(!g)
		return;
	fontinit();
	if(vgamode(&scr, Vwidth, Vheight, scr.err, sizeof scr.err) < 0)
		return;
	scr.on = 1;
	scr.bg = Cbg;
	drawdir[Qscreen].length = Hdrlen + (vlong)scr.width*scr.height*4;
	compose(0, 0, scr.width, scr.height);
}

/*
 * At power-off under -S: tell the host (a marker line on the serial
 * console, which minos strips) and wait until it has taken its
 * screendump and pressed a key, or 20 seconds.
 */
static void
drawshutdown(void)
{
	char *s;
	int i;

	if(!scr.dump)
		return;
	s = "\001screendump\001\n";
	putstrn(s, strlen(s));
	uartflush();
	while(inb(0x64) & 1)
		inb(0x60);
	for(i = 0; i < 20000; i++){
		if(inb(0x64) & 1){
			inb(0x60);
			break;
		}
		microdelay(1000);
	}
}

static Chan*
drawattach(char *spec)
{
	if(!scr.on)
		error(scr.err);
	return devattach('i', spec);
}

static Walkqid*
drawwalk(Chan *c, Chan *nc, char **name, int nname)
{
	return devwalk(c, nc, name, nname, drawdir, nelem(drawdir), devgen);
}

static int
drawstat(Chan *c, uchar *dp, int n)
{
	return devstat(c, dp, n, drawdir, nelem(drawdir), devgen);
}

static Chan*
drawopen(Chan *c, int omode)
{
	Conn *cn;

	c = devopen(c, omode, drawdir, nelem(drawdir), devgen);
	c->aux = nil;
	if((ulong)c->qid.path == Qdrawctl){
		cn = malloc(sizeof *cn);
		if(cn == nil){
			c->flag &= ~COPEN;
			error(Enomem);
		}
		c->aux = cn;
	}
	return c;
}

/* the window stays on the screen; the off-screen images go */
static void
drawclose(Chan *c)
{
	Conn *cn;
	int i;

	if((c->flag & COPEN) == 0 || (cn = c->aux) == nil)
		return;
	qlock(&scr);
	if(cn->win != nil){
		cn->win->open = 0;
		cn->win->conn = nil;
		composewin(cn->win);
	}
	qunlock(&scr);
	for(i = 0; i < Nimg; i++)
		free(cn->img[i].p);
	free(cn);
	c->aux = nil;
}

static long
drawread(Chan *c, void *a, long n, vlong off)
{
	char buf[128];
	Conn *cn;
	Win *w;

	switch((ulong)c->qid.path){
	case Qdir:
		return devdirread(c, a, n, drawdir, nelem(drawdir), devgen);
	case Qdrawctl:
		cn = c->aux;
		qlock(&scr);
		w = cn->win;
		if(w != nil)
			snprint(buf, sizeof buf, "screen %d %d font %d %d window %d %d %d %d %d\n",
				scr.width, scr.height, Fontw, Fonth, w->id,
				w->x+Bord, w->y+Bord+Tbar, w->w, w->h);
		else
			snprint(buf, sizeof buf, "screen %d %d font %d %d\n",
				scr.width, scr.height, Fontw, Fonth);
		qunlock(&scr);
		return readstr(off, a, n, buf);
	case Qscreen:
		return screenread(a, n, off);
	case Qwmctl:
		return wmctlread(a, n, off);
	}
	error(Egreg);
	return -1;
}

static long
drawwrite(Chan *c, void *a, long n, vlong)
{
	switch((ulong)c->qid.path){
	case Qdrawctl:
		return drawctlwrite(c->aux, a, n);
	case Qwmctl:
		wmctlwrite(a, n);
		return n;
	}
	error(Eperm);
	return -1;
}

Dev drawdevtab = {
	'i',
	"draw",

	drawreset,
	devinit,
	drawshutdown,
	drawattach,
	drawwalk,
	drawstat,
	drawopen,
	devcreate,
	drawclose,
	drawread,
	devbread,
	drawwrite,
	devbwrite,
	devremove,
	devwstat,
};
