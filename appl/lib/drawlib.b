implement Drawlib;

# drawlib -- windows on draw(3): each Win queues text commands for its
# connection to /dev/drawctl and writes them in batches.

include "sys.m";
	sys: Sys;
include "draw.m";
	Point, Rect: import Draw;
include "drawlib.m";

Ctl:	con "/dev/drawctl";
Batch:	con 48*1024;	# flush queued commands beyond this (the device takes 64K)

init(): string
{
	sys = load Sys Sys->PATH;
	if(sys->stat(Ctl).t0 == 0)
		return nil;
	if(sys->bind("#i", "/dev", Sys->MAFTER) < 0)
		return sys->sprint("%r");
	return nil;
}

window(title: string, width, height: int): (ref Win, string)
{
	if(sys == nil)
		return (nil, "drawlib: not initialised");
	fd := sys->open(Ctl, Sys->ORDWR);
	if(fd == nil)
		return (nil, sys->sprint("cannot open %s: %r", Ctl));
	for(i := 0; i < len title; i++)
		if(title[i] == '\n')
			title[i] = ' ';
	b := array of byte sys->sprint("window %d %d %s\n", width, height, title);
	if(sys->write(fd, b, len b) != len b)
		return (nil, sys->sprint("cannot make a window: %r"));
	# the device may have made it smaller to fit the screen
	buf := array[256] of byte;
	n := sys->pread(fd, buf, len buf, big 0);
	if(n <= 0)
		return (nil, sys->sprint("cannot read %s: %r", Ctl));
	(nf, f) := sys->tokenize(string buf[0:n], " \n");
	if(nf != 12 || hd f != "screen")
		return (nil, "unexpected " + Ctl + ": " + string buf[0:n]);
	a := array[nf] of string;
	for(i = 0; f != nil; f = tl f)
		a[i++] = hd f;
	w := ref Win(fd, int a[7], ((0, 0), (int a[10], int a[11])), nil);
	return (w, nil);
}

textwidth(s: string, scale: int): int
{
	return len s * Fontw * scale;
}

Win.queue(w: self ref Win, s: string)
{
	w.cmds += s;
	if(len w.cmds > Batch)
		w.flush();
}

Win.fill(w: self ref Win, r: Rect, col: int)
{
	w.queue(sys->sprint("fill 0 %d %d %d %d %.6x\n", r.min.x, r.min.y, r.max.x, r.max.y, col));
}

Win.line(w: self ref Win, p0, p1: Point, col, width: int)
{
	w.queue(sys->sprint("line 0 %d %d %d %d %.6x %d\n", p0.x, p0.y, p1.x, p1.y, col, width));
}

Win.point(w: self ref Win, p: Point, col: int)
{
	w.queue(sys->sprint("point 0 %d %d %.6x\n", p.x, p.y, col));
}

# text draws s with its top left at p and returns the point after it
Win.text(w: self ref Win, p: Point, col, scale: int, s: string): Point
{
	for(i := 0; i < len s; i++)
		if(s[i] == '\n')
			s[i] = ' ';
	w.queue(sys->sprint("text 0 %d %d %.6x %d %s\n", p.x, p.y, col, scale, s));
	return (p.x + textwidth(s, scale), p.y);
}

Win.alloc(w: self ref Win, id: int, r: Rect, col: int)
{
	w.queue(sys->sprint("alloc %d %d %d %.6x\n", id, r.max.x-r.min.x, r.max.y-r.min.y, col));
}

Win.copy(w: self ref Win, dst: int, p: Point, src: int, r: Rect)
{
	w.queue(sys->sprint("copy %d %d %d %d %d %d %d %d\n", dst, p.x, p.y, src,
		r.min.x, r.min.y, r.max.x, r.max.y));
}

# flush writes the queued commands; nil or the device's complaint
Win.flush(w: self ref Win): string
{
	if(w.cmds == nil)
		return nil;
	b := array of byte w.cmds;
	w.cmds = nil;
	if(sys->write(w.fd, b, len b) != len b)
		return sys->sprint("%r");
	return nil;
}
