implement Listseq;

# lists-eq -- appl/lib/lists.b: find, delete and ismember, whose type
# parameter carries an eq operation (for { T => eq: ... })

include "sys.m";
	sys: Sys;
include "draw.m";
include "lists.m";
	lists: Lists;

Listseq: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

P: adt {
	x:	int;
	name:	string;
	eq:	fn(a, b: ref P): int;
};

P.eq(a, b: ref P): int
{
	return a.x == b.x;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	lists = load Lists Lists->PATH;
	if(lists == nil){
		sys->print("cannot load %s: %r\n", Lists->PATH);
		raise "fail:load";
	}
	l := ref P(1, "one") :: ref P(2, "two") :: ref P(3, "three") :: ref P(2, "deux") :: nil;
	sys->print("find 2: %s\n", str(lists->find(ref P(2, "?"), l)));
	sys->print("find 9: %s\n", str(lists->find(ref P(9, "?"), l)));
	sys->print("delete 2: %s\n", str(lists->delete(ref P(2, "?"), l)));
	sys->print("delete 1: %s\n", str(lists->delete(ref P(1, "?"), l)));
	sys->print("delete 9: %s\n", str(lists->delete(ref P(9, "?"), l)));
	sys->print("unchanged: %s\n", str(l));
	sys->print("ismember 3 %d, 4 %d, in nil %d\n", lists->ismember(ref P(3, "?"), l),
		lists->ismember(ref P(4, "?"), l), lists->ismember(ref P(3, "?"), nil));
}

str(l: list of ref P): string
{
	s := "(";
	for(; l != nil; l = tl l){
		s += sys->sprint("%d %s", (hd l).x, (hd l).name);
		if(tl l != nil)
			s += ", ";
	}
	return s + ")";
}
