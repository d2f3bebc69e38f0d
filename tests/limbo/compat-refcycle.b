# compat-refcycle -- cycles through references are legal: a ref fn type whose
# argument is an adt holding one; a pick variant's field holding a ref to
# another variant of the same adt
implement Compatrefcycle;
include "sys.m";
	sys: Sys;
include "draw.m";

Compatrefcycle: module { init: fn(nil: ref Draw->Context, nil: list of string); };
Generator: type ref fn(m: ref Popup): int;
Popup: adt {
	g: Generator;
	n: int;
};
V: adt {
	pick {
	A => i: Holder;
	B => s: string;
	}
};
Holder: adt {
	back: ref V.B;
	k: int;
};
gen(m: ref Popup): int { return m.n; }
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	p := ref Popup(gen, 7);
	b := ref V.B("bee");
	a := ref V.A(Holder(b, 3));
	sys->print("%d %s %d\n", p.g(p), a.i.back.s, a.i.k);
}
