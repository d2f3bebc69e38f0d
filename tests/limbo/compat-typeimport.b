# compat-typeimport -- names imported from a module type (FD: import Sys)
# rather than a module value, usable in module declarations that come
# before them (Inferno's ls.b: Context: import Draw, then init: fn(ctxt: ref Context, ...))
implement Compatimport;

include "sys.m";
	sys: Sys;
	FD, Dir, Qid: import Sys;

Compatimport: module
{
	init:	fn(ctxt: ref Context, argv: list of string);
	stat:	fn(f: string): ref Dir;
};

include "draw.m";
	Context: import Draw;

stat(f: string): ref Dir
{
	(ok, d) := sys->stat(f);
	if(ok < 0)
		return nil;
	return ref d;
}

init(nil: ref Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	out: ref FD = sys->fildes(1);
	d := stat(".");
	q: Qid = d.qid;
	sys->fprint(out, "dir %d %d\n", (d.mode & Sys->DMDIR) != 0, (q.qtype & Sys->QTDIR) != 0);
	sys->fprint(out, "missing %d\n", stat("/nonexistent/x") == nil);
}
