implement Wm;

# wm -- manage the windows of draw(3): list, move, raise, delete

include "sys.m";
	sys: Sys;
include "draw.m";
include "drawlib.m";

Wm: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Wmctl:	con "/dev/wmctl";

usage()
{
	sys->fprint(sys->fildes(2), "usage: wm [move id x y | top id | delete id | bg rrggbb | clean]\n");
	raise "fail:usage";
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr := sys->fildes(2);
	drawlib := load Drawlib Drawlib->PATH;
	if(drawlib == nil){
		sys->fprint(stderr, "wm: cannot load %s: %r\n", Drawlib->PATH);
		raise "fail:load";
	}
	if((e := drawlib->init()) != nil){
		sys->fprint(stderr, "wm: %s\n", e);
		raise "fail:no screen";
	}
	argv = tl argv;
	if(argv == nil){
		show();
		return;
	}
	n := 0;
	case hd argv {
	"move" =>	n = 4;
	"top" or "delete" or "bg" =>	n = 2;
	"clean" =>	n = 1;
	* =>	usage();
	}
	if(len argv != n)
		usage();
	cmd := hd argv;
	for(argv = tl argv; argv != nil; argv = tl argv)
		cmd += " " + hd argv;
	fd := sys->open(Wmctl, Sys->OWRITE);
	b := array of byte cmd;
	if(fd == nil || sys->write(fd, b, len b) != len b){
		sys->fprint(stderr, "wm: %s: %r\n", cmd);
		raise "fail:error";
	}
}

# show copies wmctl to standard output under a heading
show()
{
	fd := sys->open(Wmctl, Sys->OREAD);
	if(fd == nil){
		sys->fprint(sys->fildes(2), "wm: cannot open %s: %r\n", Wmctl);
		raise "fail:error";
	}
	sys->print("id x y width height state title\n");
	buf := array[8192] of byte;
	while((n := sys->read(fd, buf, len buf)) > 0)
		sys->write(sys->fildes(1), buf, n);
}
