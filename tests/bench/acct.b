implement Acctcost;

# acct -- the cost of the resource accounts (acct(3)): each operation
# timed in a thread without an account and in one with an account, the
# median of 11 batches, in nanoseconds per operation.
#	READNULL	a one-byte read of /dev/null (a released call, a read)
#	PIPE	a byte to another thread and back through pipes
#	SPIN	1000 iterations of a Dis loop (quanta dispatched)
#	SPAWN	a thread spawned, and its exit awaited on a channel

include "sys.m";
	sys: Sys;
include "draw.m";
include "bench.m";
	bench: Bench;

Acctcost: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

Nbatch:	con 11;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	bench = load Bench Bench->PATH;
	n := 2000;
	if(argv != nil && tl argv != nil)
		n = int hd tl argv;
	sys->print("%-10s %10s %10s %8s\n", "op", "none ns", "acct ns", "cost");
	for(op := 0; op < 4; op++){
		r := chan of real;
		spawn measure(op, n, 0, r);
		t0 := <-r;
		spawn measure(op, n, 1, r);
		t1 := <-r;
		sys->print("%-10s %10.1f %10.1f %7.1f%%\n", opname(op), t0, t1, 100.0*(t1-t0)/t0);
	}
}

opname(op: int): string
{
	case op {
	0 =>	return "READNULL";
	1 =>	return "PIPE";
	2 =>	return "SPIN";
	* =>	return "SPAWN";
	}
}

# measure runs the batches in a thread of its own, with an account or not
measure(op, n, acct: int, r: chan of real)
{
	if(acct){
		fd := sys->open("#u/ctl", Sys->OWRITE);
		if(fd == nil || sys->fprint(fd, "new") < 0){
			sys->fprint(sys->fildes(2), "acct: no accounts: %r\n");
			raise "fail:no #u";
		}
	}
	null := sys->open("/dev/null", Sys->OREAD);
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	q := array[2] of ref Sys->FD;
	sys->pipe(q);
	spawn echo(p[1], q[0]);
	buf := array[1] of byte;
	t := array[Nbatch] of real;
	for(b := 0; b < Nbatch; b++){
		t0 := bench->microsec();
		for(i := 0; i < n; i++)
			case op {
			0 =>
				sys->read(null, buf, 1);
			1 =>
				sys->write(q[1], buf, 1);
				sys->read(p[0], buf, 1);
			2 =>
				x := 0;
				for(j := 0; j < 1000; j++)
					x += j;
			3 =>
				c := chan of int;
				spawn child(c);
				<-c;
			}
		t[b] = real (bench->microsec() - t0) * 1000.0 / real n;
	}
	q[1] = nil;
	sort(t);
	r <-= t[Nbatch/2];
}

echo(out, in: ref Sys->FD)
{
	buf := array[1] of byte;
	while(sys->read(in, buf, 1) > 0)
		sys->write(out, buf, 1);
}

child(c: chan of int)
{
	c <-= 1;
}

sort(a: array of real)
{
	for(i := 1; i < len a; i++)
		for(j := i; j > 0 && a[j-1] > a[j]; j--)
			(a[j-1], a[j]) = (a[j], a[j-1]);
}
