# Drawlib -- windows on the screen of draw(3), for programs that plot.
# Each Win is a connection to /dev/drawctl and the window it made; the
# drawing calls queue commands, and flush (or a full queue) writes them.
# Colours are 16r RRGGBB.  Coordinates are the window's: (0,0) is the
# top left of its content.  Include sys.m and draw.m first.

Drawlib: module
{
	PATH:	con	"/dis/lib/drawlib.dis";

	Fontw:	con 6;		# a character cell of the built-in font, at scale 1
	Fonth:	con 12;
	Ascent:	con 8;		# from the top of a cell to the baseline

	Black:	con 16r000000;
	White:	con 16rFFFFFF;

	Win: adt
	{
		fd:	ref Sys->FD;	# /dev/drawctl
		id:	int;	# the window's number in /dev/wmctl
		r:	Draw->Rect;	# the content: (0,0) to (width,height)
		cmds:	string;	# queued commands

		fill:	fn(w: self ref Win, r: Draw->Rect, col: int);
		line:	fn(w: self ref Win, p0, p1: Draw->Point, col, width: int);
		point:	fn(w: self ref Win, p: Draw->Point, col: int);
		text:	fn(w: self ref Win, p: Draw->Point, col, scale: int, s: string): Draw->Point;
		alloc:	fn(w: self ref Win, id: int, r: Draw->Rect, col: int);
		copy:	fn(w: self ref Win, dst: int, p: Draw->Point, src: int, r: Draw->Rect);
		flush:	fn(w: self ref Win): string;
		queue:	fn(w: self ref Win, cmd: string);	# internal
	};

	# init finds the screen (binding #i after /dev if need be);
	# it returns nil, or why there is none
	init:	fn(): string;
	window:	fn(title: string, width, height: int): (ref Win, string);
	textwidth:	fn(s: string, scale: int): int;
};
