# compat-conlabel -- a field of an adt constant is a constant (a case
# label (M->C).desc, as writegif does); (M->A).Tag names a pick variant
# of an adt of another module; cyclic is accepted before a type argument
implement Compatconlabel;

include "sys.m";
	sys: Sys;
include "draw.m";

Compatconlabel: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Kinds: module
{
	Chan: adt {
		desc:	int;
	};
	Val: adt {
		pick {
		Int =>
			n:	int;
		Str =>
			s:	string;
		}
	};
	GREY1:	con Chan(16r31);
	RGB24:	con Chan(16r80808);
};

Val: import Kinds;

Tab: adt[T] {
	items:	list of T;
};

kind(c: int): string
{
	case c {
	(Kinds->GREY1).desc =>
		return "grey";
	(Kinds->RGB24).desc =>
		return "rgb";
	}
	return "?";
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	v: ref (Kinds->Val).Str = ref Val.Str("s");
	t: ref Tab[cyclic ref Kinds->Val];
	t = ref Tab[cyclic ref Kinds->Val](v :: nil);
	sys->print("%s %s %s %d\n", kind(16r31), kind(16r80808), v.s, len t.items);
}
