# compat-constrbind -- a polymorphic function whose type parameters are
# fixed only by the constraints of the one its argument binds: V and EV
# here are bound through Ctxt's loadtypes and Cvt's int2ext, V inside a
# parametrised adt (Inferno's alphabet typesets call Proxy->proxy so)
implement Constrbind;

include "sys.m";
	sys: Sys;
include "draw.m";

Constrbind: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Cmd: adt[V] {
	pick {
	Get =>
		reply: chan of V;
	Name =>
		reply: chan of string;
	}
};

Value: adt {
	s:	string;
};

Ext: adt {
	n:	int;
};

Cvt: adt {
	k:	int;
	int2ext:	fn(c: self ref Cvt, v: ref Value): ref Ext;
};

Ctxt: adt {
	cvt:	ref Cvt;
	name:	string;
	loadtypes:	fn(c: self ref Ctxt, name: string): (chan of ref Cmd[ref Value], string);
	getcvt:	fn(c: self ref Ctxt): ref Cvt;
};

Cvt.int2ext(c: self ref Cvt, v: ref Value): ref Ext
{
	return ref Ext(len v.s * c.k);
}

Ctxt.loadtypes(c: self ref Ctxt, name: string): (chan of ref Cmd[ref Value], string)
{
	return (nil, c.name + "/" + name);
}

Ctxt.getcvt(c: self ref Ctxt): ref Cvt
{
	return c.cvt;
}

proxy[X, C, V, EV](ctxt: X, v: V): (chan of ref Cmd[EV], chan of ref Cmd[V], EV, string)
	for {
	X =>
		loadtypes: fn(c: self X, name: string): (chan of ref Cmd[V], string);
		getcvt: fn(c: self X): C;
	C =>
		int2ext: fn(c: self C, v: V): EV;
	}
{
	(t, s) := ctxt.loadtypes("abc");
	ev := ctxt.getcvt().int2ext(v);
	c := chan of ref Cmd[EV];
	spawn serve(c, ev);
	return (c, t, ev, s);
}

serve[EV](c: chan of ref Cmd[EV], ev: EV)
{
	while((m := <-c) != nil)
		pick r := m {
		Get =>
			r.reply <-= ev;
		Name =>
			r.reply <-= "serve";
		}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	ctxt := ref Ctxt(ref Cvt(10), "ctxt");
	(c, t, ev, s) := proxy(ctxt, ref Value("four"));
	sys->print("%s %d %d\n", s, ev.n, t == nil);
	reply := chan of ref Ext;
	c <-= ref Cmd[ref Ext].Get(reply);
	e := <-reply;
	sys->print("got %d\n", e.n);
	sr := chan of string;
	c <-= ref Cmd[ref Ext].Name(sr);
	sys->print("name %s\n", <-sr);
	c <-= nil;
}
