# compat-emptycond -- an empty loop condition is true, as in Inferno's
# grammar: do ... while(); and while() loop until a break (or return)
implement Emptycond;

include "sys.m";
	sys: Sys;
include "draw.m";

Emptycond: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

count(n: int): int
{
	i := 0;
	while(){
		if(i >= n)
			return i;
		i++;
	}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	i := 0;
	do{
		i++;
		if(i == 2)
			continue;
		sys->print("do %d\n", i);
		if(i >= 4)
			break;
	}while();
	j := 0;
	while(){
		if(++j > 3)
			break;
		sys->print("while %d\n", j);
	}
	sys->print("count %d\n", count(5));
	k := 0;
	out: do
		do{
			if(++k == 3)
				break out;
		}while();
	while(0);
	sys->print("k %d\n", k);
}
