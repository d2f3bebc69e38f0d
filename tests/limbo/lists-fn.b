implement Listsfn;

# lists-fn -- appl/lib/lists.b: map, allsat, anysat, filter and
# partition, with functions of this module and of a loaded one,
# on strings and ref adts, and on empty lists

include "sys.m";
	sys: Sys;
include "draw.m";
include "lists.m";
	lists: Lists;

Listsfn: module
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

	sys->print("map %s | %s\n", str(lists->map(twice, l)), str(lists->map(twice, e)));
	sys->print("allsat %d %d %d\n", lists->allsat(short, l), lists->allsat(short, "a" :: nil),
		lists->allsat(short, e));
	sys->print("anysat %d %d %d\n", lists->anysat(short, l), lists->anysat(short, "xx" :: nil),
		lists->anysat(short, e));
	sys->print("filter %s | %s | %s\n", str(lists->filter(short, l)),
		str(lists->filter(short, "xx" :: nil)), str(lists->filter(short, e)));
	(y, n) := lists->partition(short, l);
	sys->print("partition %s | %s\n", str(y), str(n));
	(y, n) = lists->partition(short, e);
	sys->print("partition nil %s | %s\n", str(y), str(n));
	sys->print("unchanged %s\n", str(l));

	ps := ref P(1) :: ref P(2) :: ref P(3) :: ref P(4) :: nil;
	ps = lists->map(inc, ps);
	(odd, even) := lists->partition(isodd, ps);
	sys->print("adts");
	for(q := ps; q != nil; q = tl q)
		sys->print(" %d", (hd q).x);
	sys->print("; odd %d even %d; any>4 %d all>1 %d\n", len odd, len even,
		lists->anysat(big4, ps), lists->allsat(big1, ps));
}

twice(x: string): string
{
	return x+x;
}

short(x: string): int
{
	return len x < 2;
}

inc(p: ref P): ref P
{
	return ref P(p.x+1);
}

isodd(p: ref P): int
{
	return p.x & 1;
}

big4(p: ref P): int
{
	return p.x > 4;
}

big1(p: ref P): int
{
	return p.x > 1;
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
