# arg -- command line option parsing, one option letter at a time

implement Arg;

include "sys.m";
	sys: Sys;
include "arg.m";

args: list of string;	# what is left of the argument list
cur: string;	# rest of the current option word, after the '-'
name: string;	# the program name: argv[0]
usemsg: string;	# set by setusage

init(argv: list of string)
{
	sys = load Sys Sys->PATH;
	cur = "";
	name = "";
	args = nil;
	if(argv != nil){
		name = hd argv;
		args = tl argv;
	}
}

setusage(u: string)
{
	usemsg = u;
}

# usage prints the usage message set by setusage and raises fail:usage.
usage()
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
	if(usemsg != nil)
		sys->fprint(sys->fildes(2), "usage: %s\n", usemsg);
	raise "fail:usage";
}

# opt returns the next option letter, or 0 when there are no more options.
# "--" ends the options; a lone "-" is an argument.
opt(): int
{
	if(cur != ""){
		c := cur[0];
		cur = cur[1:];
		return c;
	}
	if(args == nil)
		return 0;
	a := hd args;
	if(len a < 2 || a[0] != '-')
		return 0;
	args = tl args;
	if(a == "--")
		return 0;
	c := a[1];
	cur = a[2:];
	return c;
}

# arg returns the argument of the current option: the rest of the
# option word, or else the next word; nil if there is none.
arg(): string
{
	if(cur != ""){
		s := cur;
		cur = "";
		return s;
	}
	if(args == nil)
		return nil;
	s := hd args;
	args = tl args;
	return s;
}

# earg is arg, but a missing argument is a usage error.
earg(): string
{
	s := arg();
	if(s == nil)
		usage();
	return s;
}

argv(): list of string
{
	return args;
}

progname(): string
{
	return name;
}
