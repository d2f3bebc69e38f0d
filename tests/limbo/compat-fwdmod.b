# compat-fwdmod -- M->T used before module M is declared (Inferno programs
# include draw.m, whose Context names Sys->FD, before sys.m); M's own
# members are visible when its types are resolved then
implement Compatfwdmod;

A: module
{
	C: adt {
		fd:	ref M->FD;
		d:	M->D;
	};
};

Compatfwdmod: module
{
	init:	fn(nil: ref A->C, nil: list of string);
};

include "sys.m";
	sys: Sys;

M: module
{
	Q: adt { x: int; };
	D: adt { q: Q; n: int; };
	FD: adt { fd: int; };
};

init(nil: ref A->C, nil: list of string)
{
	sys = load Sys Sys->PATH;
	c := ref A->C(ref M->FD(3), M->D(M->Q(4), 5));
	sys->print("%d %d %d\n", c.fd.fd, c.d.q.x, c.d.n);
}
