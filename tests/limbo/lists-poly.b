implement Listspoly;

# lists-poly -- appl/lib/lists.b: the functions without function
# arguments, with strings, ref adts and lists as T, empty lists,
# argument lists left unchanged, pair of unequal lists and last of
# nil raising exceptions

include "sys.m";
	sys: Sys;
include "draw.m";
include "lists.m";
	lists: Lists;

Listspoly: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

P: adt {
	x:	int;
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	lists = load Lists Lists->PATH;
	if(lists == nil){
		sys->print("cannot load %s: %r\n", Lists->PATH);
		raise "fail:load";
	}
	l := "a" :: "bb" :: "c" :: "dd" :: nil;
	e: list of string;

	sys->print("append %s | %s\n", str(lists->append(l, "e")), str(lists->append(e, "e")));
	sys->print("concat %s | %s | %s | %s\n", str(lists->concat(l, "x" :: "y" :: nil)),
		str(lists->concat(e, l)), str(lists->concat(l, e)), str(lists->concat(e, e)));
	sys->print("combine %s | %s\n", str(lists->combine(l, "x" :: "y" :: nil)), str(lists->combine(e, e)));
	sys->print("reverse %s | %s | %s\n", str(lists->reverse(l)), str(lists->reverse("z" :: nil)),
		str(lists->reverse(e)));
	sys->print("last %s %s\n", lists->last(l), lists->last("only" :: nil));
	sys->print("unchanged %s\n", str(l));

	ps := ref P(1) :: ref P(2) :: ref P(3) :: nil;
	ps = lists->reverse(lists->append(ps, ref P(4)));
	sys->print("adts");
	for(q := ps; q != nil; q = tl q)
		sys->print(" %d", (hd q).x);
	sys->print("; last %d\n", lists->last(ps).x);
	ll := lists->reverse(l :: ("x" :: nil) :: nil);
	sys->print("lists %s %d\n", str(hd ll), len ll);

	pl := lists->pair(l, ps);
	sys->print("pair");
	for(r := pl; r != nil; r = tl r){
		(s, p) := hd r;
		sys->print(" (%s, %d)", s, p.x);
	}
	sys->print("\n");
	(ul, up) := lists->unpair(pl);
	sys->print("unpair %s %d %d\n", str(ul), len up, (hd up).x);
	np: list of ref P;
	(ul, up) = lists->unpair(lists->pair(e, np));
	sys->print("unpair nil %d %d\n", len ul, len up);

	{
		lists->pair("a" :: "b" :: nil, "x" :: nil);
		sys->print("pair of unequal lists returned\n");
	} exception x {
	"*" =>
		sys->print("pair of unequal lists: %s\n", x);
	}
	{
		lists->last(e);
		sys->print("last nil returned\n");
	} exception x {
	"*" =>
		sys->print("last of nil: %s\n", x);
	}
}

str(l: list of string): string
{
	s := "(";
	for(; l != nil; l = tl l){
		s += hd l;
		if(tl l != nil)
			s += " ";
	}
	return s + ")";
}
