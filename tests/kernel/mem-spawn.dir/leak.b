# leak -- spawn 100000 threads that block for ever on a channel nobody
# else holds, and return: the thread limit of a program stops the spawns
# with an exception here, the threads stay, and the shell goes on
# running commands.  With -f each thread first takes a file descriptor
# group of its own (a program of its own, as far as the limit goes):
# the limit of all threads stops them; then they are let go, and end.
implement Leak;

include "sys.m";
	sys: Sys;
include "draw.m";

Leak: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	fork := tl argv != nil && hd tl argv == "-f";
	c := chan of int;
	ready := chan of int;
	n := 0;
	{
		for(; n < 100000; n++){
			spawn blocked(c, ready, fork);
			<-ready;
		}
		sys->print("all 100000 spawned\n");
	}exception e{
	"*" =>
		sys->print("spawn failed after %d threads: %s\n", n, e);
	}
	if(fork){
		for(i := 0; i < n; i++)
			c <-= 1;
		sys->print("%d threads let go\n", n);
	}
}

blocked(c, ready: chan of int, fork: int)
{
	if(fork)
		sys->pctl(Sys->FORKFD, nil);
	ready <-= 1;
	<-c;
}
