implement Killentry;

# A thread killed before it has run raises the exception at its first
# instruction: a handler around all its body catches it (the VM looked
# it up at the instruction before, another function's, and the thread
# died).  Each trial spawns a thread and kills its group at once.

include "sys.m";
	sys: Sys;
include "draw.m";

Killentry: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	lost := 0;
	for(k := 0; k < 50; k++){
		r := chan of int;
		spawn trial(r);
		if(<-r == 0)
			lost++;
	}
	sys->print("%d of 50 lost\n", lost);
}

# trial: a group of its own, a thread in it, killed; did it catch it?
trial(r: chan of int)
{
	me := sys->pctl(Sys->NEWPGRP, nil);
	wfd := sys->open("#p/" + string me + "/wait", Sys->OREAD);
	ctl := sys->open("#p/" + string me + "/ctl", Sys->OWRITE);
	c := chan[2] of string;
	spawn victim(c);
	sys->fprint(ctl, "killgrp");
	buf := array[Sys->WAITLEN] of byte;
	sys->read(wfd, buf, len buf);
	x := 0;
	for(;;) alt{
	s := <-c =>
		if(s == "caught")
			x = 1;
	* =>
		r <-= x;
		return;
	}
}

# victim: all of it in the block, so it catches the kill wherever
victim(c: chan of string)
{
	{
		c <-= "ran";
		for(;;)
			sys->sleep(1000);
	} exception {
	"killed" =>
		c <-= "caught";
	}
}
