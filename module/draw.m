# Draw -- only the types programs name, so they compile and link.
# Minos has no graphics: there are no Draw functions.  The data fields of
# every adt reachable from Context follow Inferno's draw.m in name, type and
# order, because the type signature of a command's init(ctxt: ref
# Draw->Context, ...) is computed from them and must match Inferno-made
# Dis files.  Include sys.m first (Wmcontext names Sys->FD).

Draw: module
{
	PATH:	con	"$Draw";

	# image channel descriptor
	Chans: adt
	{
		desc:	int;
	};

	Point: adt
	{
		x:	int;
		y:	int;
	};

	Rect: adt
	{
		min:	Point;
		max:	Point;
	};

	Image: adt
	{
		r:	Rect;
		clipr:	Rect;
		depth:	int;
		chans:	Chans;
		repl:	int;
		display:	ref Display;
		screen:	ref Screen;
		iname:	string;
	};

	Display: adt
	{
		image:	ref Image;
		white:	ref Image;
		black:	ref Image;
		opaque:	ref Image;
		transparent:	ref Image;
	};

	Font: adt
	{
		name:	string;
		height:	int;
		ascent:	int;
		display:	ref Display;
	};

	Screen: adt
	{
		id:	int;
		image:	ref Image;
		fill:	ref Image;
		display:	ref Display;
	};

	Pointer: adt
	{
		buttons:	int;
		xy:	Point;
		msec:	int;
	};

	# what a command's init receives; nil in Minos
	Context: adt
	{
		display:	ref Display;
		screen:	ref Screen;
		wm:	chan of (string, chan of (string, ref Wmcontext));
	};

	Wmcontext: adt
	{
		kbd:	chan of int;
		ptr:	chan of ref Pointer;
		ctl:	chan of string;
		wctl:	chan of string;
		images:	chan of ref Image;
		connfd:	ref Sys->FD;
		ctxt:	ref Context;
	};
};
