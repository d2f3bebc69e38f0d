implement Krun;

# krun -- run each module of a directory once, for at most a budget:
# the kernel side of fuzz/run's krun campaign (mutants that load must
# run inside the kernel, not only on emu), which boots a kernel with a
# batch of mutants as /n/local/m and this program beside them.
#
# Each *.dis file, in name order, is loaded as a Command by a leader
# thread in a process group, name space and fd table of its own; the
# leader takes away what a stray program could hurt the campaign with
# (/dev, /prog, /fd, /chan, /n/local, and '#' names), runs the module's
# init in a thread with no fds, and waits for it; after the budget (ms)
# from the end of the load the whole group is killed (a load that never
# ends hangs the campaign's kernel, which fuzz/run reports).  One line a file:
#	NAME: cannot load: why		refused by the loader (the verifier)
#	NAME: returned			init returned
#	NAME: exception: what		init raised (a run-time check), or
#					a fault: "sys: trap: fault ..."
#	NAME: exit: status		the thread ended otherwise
#	NAME: budget			killed after the budget
# The name is printed before the module loads: if the kernel panics,
# the log ends at the mutant that did it.  A last line counts them and
# the threads left over (a mutant that made a process group of its own
# outlives its group's kill).
#
# usage: krun [-t ms] dir

include "sys.m";
	sys: Sys;
include "draw.m";

Krun: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Command: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	budget := 100;
	if(argv != nil)
		argv = tl argv;
	if(argv != nil && hd argv == "-t" && tl argv != nil){
		budget = int hd tl argv;
		argv = tl tl argv;
	}
	if(argv == nil || tl argv != nil || budget <= 0){
		sys->fprint(sys->fildes(2), "usage: krun [-t ms] dir\n");
		raise "fail:usage";
	}
	dir := hd argv;
	names := sortnames(disfiles(dir));
	nprog0 := nprogs();
	nfile := nload := nret := nexc := nexit := nbudget := 0;
	for(; names != nil; names = tl names){
		sys->print("%s: ", hd names);
		st := runone(dir + "/" + hd names, budget);
		sys->print("%s\n", st);
		nfile++;
		if(prefix("cannot load:", st))
			continue;
		nload++;
		if(st == "returned")
			nret++;
		else if(prefix("exception:", st))
			nexc++;
		else if(st == "budget")
			nbudget++;
		else
			nexit++;
	}
	sys->sleep(10);	# the last group's kill done
	sys->print("krun: %d files, %d loaded: %d returned, %d exceptions, %d exits, %d over budget; %d threads left\n",
		nfile, nload, nret, nexc, nexit, nbudget, nprogs()-nprog0);
}

# runone runs path's module by a leader of its own; what became of it
runone(path: string, budget: int): string
{
	pidc := chan of int;
	res := chan[1] of string;
	spawn leader(path, pidc, res);
	pid := <-pidc;
	tick := chan[1] of int;
	spawn timer(budget, pidc, tick);
	tpid := <-pidc;
	alt{
	st := <-res =>
		kill(tpid, "kill");
		return st;
	<-tick =>
		kill(pid, "killgrp");
		return "budget";
	}
}

timer(ms: int, pidc: chan of int, tick: chan of int)
{
	pidc <-= sys->pctl(0, nil);
	sys->sleep(ms);
	tick <-= 1;
}

kill(pid: int, how: string)
{
	fd := sys->open("#p/" + string pid + "/ctl", Sys->OWRITE);
	if(fd != nil)
		sys->fprint(fd, "%s", how);
}

# leader loads path, runs it fenced in, and reports; then kills what is left of its group
leader(path: string, pidc: chan of int, res: chan of string)
{
	pid := sys->pctl(Sys->NEWPGRP|Sys->FORKNS|Sys->NEWFD, nil);
	wfd := sys->open("#p/" + string pid + "/wait", Sys->OREAD);
	cfd := sys->open("#p/" + string pid + "/ctl", Sys->OWRITE);
	if(wfd == nil || cfd == nil){
		res <-= sys->sprint("exit: krun: cannot open #p/%d: %r", pid);
		pidc <-= pid;
		return;
	}
	m := load Command path;
	if(m == nil){
		res <-= sys->sprint("cannot load: %r");
		pidc <-= pid;
		return;
	}
	pidc <-= pid;	# the budget starts
	for(l := "/dev" :: "/prog" :: "/fd" :: "/chan" :: "/n/local" :: nil; l != nil; l = tl l)
		sys->unmount(nil, hd l);
	sys->pctl(Sys->NODEVS, nil);
	done := chan[1] of string;
	mpidc := chan of int;
	spawn modrun(m, path, mpidc, done);
	mpid := <-mpidc;
	m = nil;
	buf := array[Sys->WAITLEN] of byte;
	st := "";
	for(;;){
		n := sys->read(wfd, buf, len buf);
		if(n <= 0){
			st = sys->sprint("exit: krun: wait: %r");
			break;
		}
		(who, s) := waitmsg(string buf[0:n]);
		if(who == mpid){
			st = "exit: " + s;
			break;
		}
	}
	alt{
	s := <-done =>
		st = s;
	* =>
		;
	}
	res <-= st;
	sys->fprint(cfd, "killgrp");
}

modrun(m: Command, path: string, mpidc: chan of int, done: chan of string)
{
	mpidc <-= sys->pctl(Sys->NEWFD, nil);
	{
		m->init(nil, path :: nil);
		done <-= "returned";
	} exception e {
	"*" =>
		done <-= "exception: " + e;
	}
}

# waitmsg splits a wait message, pid "Module":status, into pid and status
waitmsg(m: string): (int, string)
{
	for(i := 0; i < len m; i++)
		if(m[i] == ':' && i > 0 && m[i-1] == '"')
			return (int m, m[i+1:]);
	return (int m, m);
}

disfiles(dir: string): list of string
{
	fd := sys->open(dir, Sys->OREAD);
	if(fd == nil){
		sys->fprint(sys->fildes(2), "krun: cannot open %s: %r\n", dir);
		raise "fail:open";
	}
	l: list of string;
	for(;;){
		(n, d) := sys->dirread(fd);
		if(n <= 0)
			break;
		for(i := 0; i < n; i++)
			if(len d[i].name > 4 && d[i].name[len d[i].name-4:] == ".dis")
				l = d[i].name :: l;
	}
	return l;
}

sortnames(l: list of string): list of string
{
	a := array[len l] of string;
	for(i := 0; l != nil; l = tl l)
		a[i++] = hd l;
	for(i = 1; i < len a; i++){
		s := a[i];
		for(j := i; j > 0 && a[j-1] > s; j--)
			a[j] = a[j-1];
		a[j] = s;
	}
	r: list of string;
	for(i = len a-1; i >= 0; i--)
		r = a[i] :: r;
	return r;
}

nprogs(): int
{
	fd := sys->open("#p", Sys->OREAD);
	if(fd == nil)
		return 0;
	t := 0;
	for(;;){
		(n, nil) := sys->dirread(fd);
		if(n <= 0)
			break;
		t += n;
	}
	return t;
}

prefix(p, s: string): int
{
	return len s >= len p && s[0:len p] == p;
}
