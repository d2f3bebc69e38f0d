# sleep -- suspend for a while

implement Sleep;

include "sys.m";
	sys: Sys;
include "draw.m";

Sleep: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	if(argv == nil || tl argv == nil || tl tl argv != nil)
		usage();
	s := hd tl argv;
	# seconds, with an optional fraction
	ms := 0;
	i := 0;
	for(; i < len s && s[i] >= '0' && s[i] <= '9'; i++)
		ms = 10*ms + 1000*(s[i]-'0');
	if(i == 0 && (i >= len s || s[i] != '.'))
		usage();
	if(i < len s && s[i] == '.'){
		i++;
		for(scale := 100; i < len s && s[i] >= '0' && s[i] <= '9'; i++){
			ms += scale*(s[i]-'0');
			scale /= 10;
		}
	}
	if(i != len s)
		usage();
	sys->sleep(ms);
}

usage()
{
	sys->fprint(sys->fildes(2), "usage: sleep seconds\n");
	raise "fail:usage";
}
