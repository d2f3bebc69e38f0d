# date -- print the date

implement Date;

include "sys.m";
	sys: Sys;
include "draw.m";
include "daytime.m";
	daytime: Daytime;

Date: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	daytime = load Daytime Daytime->PATH;
	if(daytime == nil){
		sys->fprint(sys->fildes(2), "date: cannot load %s: %r\n", Daytime->PATH);
		raise "fail:load";
	}
	if(argv != nil)
		argv = tl argv;
	nflag := 0;
	for(; argv != nil && len hd argv > 1 && (hd argv)[0] == '-'; argv = tl argv)
		for(i := 1; i < len hd argv; i++)
			case (hd argv)[i] {
			'n' =>
				nflag = 1;
			'u' =>
				;	# always GMT
			* =>
				usage();
			}
	t: int;
	if(argv == nil)
		t = daytime->now();
	else if(tl argv == nil && isnum(hd argv))
		t = int hd argv;
	else
		usage();
	if(nflag)
		sys->print("%d\n", t);
	else
		sys->print("%s\n", daytime->text(daytime->local(t)));
}

isnum(s: string): int
{
	if(s == "")
		return 0;
	for(i := 0; i < len s; i++)
		if(s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

usage()
{
	sys->fprint(sys->fildes(2), "usage: date [-nu] [seconds]\n");
	raise "fail:usage";
}
