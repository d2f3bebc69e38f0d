# init -- the first program: build the name space, run the boot
# command (or an interactive shell), then power off with its status

implement Init;

include "sys.m";
	sys: Sys;
include "draw.m";
include "sh.m";

Init: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

cons: array of ref Sys->FD;	# standard descriptors opened here, kept for life

init(ctxt: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	cmd: string;
	if(argv != nil)
		argv = tl argv;
	if(argv != nil && hd argv == "-c" && tl argv != nil)
		cmd = hd tl argv;

	mount("#c", "/dev", Sys->MAFTER);
	mount("#a", "/dev", Sys->MAFTER);
	mount("#g", "/dev", Sys->MAFTER);
	stdfds();
	mount("#p", "/prog", Sys->MREPL);
	mount("#d", "/fd", Sys->MREPL);
	mount("#e", "/env", Sys->MREPL|Sys->MCREATE);
	mount("#s", "/chan", Sys->MREPL);
	mount("#R", "/tmp", Sys->MREPL|Sys->MCREATE);
	# the -i image, if there is one
	sys->bind("#/local", "/n/local", Sys->MREPL);
	sys->chdir("/");

	status := runsh(ctxt, cmd);
	halt(status);
}

# mount binds a device, complaining on failure.
mount(dev, dir: string, flag: int)
{
	if(sys->bind(dev, dir, flag) < 0)
		sys->fprint(sys->fildes(2), "init: bind %s %s: %r\n", dev, dir);
}

# stdfds opens the console as descriptors 0, 1 and 2 when they are not open.
stdfds()
{
	cons = array[3] of ref Sys->FD;
	for(i := 0; i < 3; i++){
		fd := sys->fildes(i);
		if(fd != nil)
			continue;
		mode := Sys->OWRITE;
		if(i == 0)
			mode = Sys->OREAD;
		fd = sys->open("/dev/cons", mode);
		if(fd == nil)
			continue;
		if(fd.fd != i)
			sys->dup(fd.fd, i);
		cons[i] = fd;
	}
}

# runsh runs sh -c cmd, or an interactive sh, and returns its status.
runsh(ctxt: ref Draw->Context, cmd: string): string
{
	sh := load Command "/dis/sh.dis";
	if(sh == nil){
		sys->fprint(sys->fildes(2), "init: cannot load /dis/sh.dis: %r\n");
		return "no shell";
	}
	args := "sh" :: "-i" :: nil;
	if(cmd != nil)
		args = "sh" :: "-c" :: cmd :: nil;
	{
		sh->init(ctxt, args);
	} exception e {
	"*" =>
		if(len e >= 5 && e[0:5] == "fail:")
			return e[5:];
		sys->fprint(sys->fildes(2), "init: sh: %s\n", e);
		return e;
	}
	return "";
}

# halt powers the machine off: status 0 for success, else 1.
halt(status: string)
{
	n := 0;
	if(status != "")
		n = 1;
	fd := sys->open("/dev/sysctl", Sys->OWRITE);
	if(fd == nil || sys->fprint(fd, "halt %d", n) < 0)
		sys->fprint(sys->fildes(2), "init: halt: %r\n");
}
