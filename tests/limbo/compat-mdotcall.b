# compat-mdotcall -- a method called through a module handle named in the
# call (Inferno's precedence: m->x.f() is m->(x.f)()), also m->(e).f()
implement Compatmdotcall;

include "sys.m";
	sys: Sys;
include "draw.m";
include "bufio.m";

Compatmdotcall: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	B := load Bufio Bufio->PATH;
	out := B->fopen(sys->fildes(1), Bufio->OWRITE);
	B->out.puts("hello\n");
	b := B->sopen("one\ntwo\n");
	s := B->(b).gets('\n');
	B->out.puts(s);
	B->(B->sopen("x y\n")).gets(' ');
	B->out.puts(B->b.gets('\n'));
	B->out.flush();
}
