# compat-chainas -- a = a.next = v sets the old a's next, then a, as in
# Inferno (the lvalue's address is taken before a changes); k = arr[k] = 2
# indexes with the old k; the value of an assignment has the value's type
implement Compatchainas;
include "sys.m";
sys: Sys;
include "draw.m";
Compatchainas: module { init: fn(nil: ref Draw->Context, nil: list of string); };
Q: adt { v: int; next: cyclic ref Q; };
L: adt { pick { E => V => n: int; } };
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	h := ref Q(0, nil);
	a := h;
	for(i := 1; i <= 3; i++)
		a = a.next = ref Q(i, nil);
	for(p := h; p != nil; p = p.next)
		sys->print("%d ", p.v);
	sys->print("\n");
	x, y: int;
	x = y = 7;
	arr := array[3] of int;
	k := 0;
	k = arr[k] = 2;
	sys->print("%d %d %d %d %d\n", x, y, k, arr[0], arr[2]);
	l: ref L;
	v: ref L.V;
	l = v = ref L.V(4);
	sys->print("%d\n", v.n + tagof l);
}
