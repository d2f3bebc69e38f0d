# snaps -- the files whose text is a snapshot made at offset 0 and read
# on at later offsets (#u/N, #w/waitstat, #g/gcstat and gcctl, #a/alloc,
# #x/bdata, #T/kpdata), each read through one fd by several threads at
# once, at offset 0 and beyond, while the figures change and other
# threads open, read and close files of the same devices.  Every read
# must return a count (no fault, no error).  Arguments: the reads of
# each file (default 1000), and of #u/N (default the same): its race,
# an offset-0 read freeing the text another reader copied from, once
# panicked the kernel, and it shows only under the real clock, after
# some thousands of reads.
implement Snaps;

include "sys.m";
	sys: Sys;
include "draw.m";

Snaps: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Nreader: con 4;

files := array[] of {
	"#u/ACCT", "#w/waitstat", "#g/gcstat", "#g/gcctl", "#a/alloc", "#x/bdata", "#T/kpdata",
};

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	n := 1000;
	if(tl argv != nil)
		n = int hd tl argv;
	nu := n;
	if(tl argv != nil && tl tl argv != nil)
		nu = int hd tl tl argv;
	# an account of this program's: its threads charge it, so it changes
	if(write("#u/ctl", "new") < 0)
		fail("#u/ctl: %r");
	id := string readall("#u/ctl");
	if(id == nil || int id <= 0)
		fail("no account: " + id);
	files[0] = "#u/" + string int id;
	write("#w/waitctl", "start");
	write("#T/kpctl", "start");
	write("#x/bctl", "stats");
	stop := chan of int;
	stopped := chan of int;
	spawn churn(stop, stopped);
	for(i := 0; i < len files; i++){
		k := n;
		if(i == 0)
			k = nu;
		(bad, reads) := hammer(files[i], k);
		sys->print("%s: %d reads, %d bad\n", name(files[i]), reads, bad);
	}
	stop <-= 1;
	<-stopped;
	write("#T/kpctl", "end");
	write("#w/waitctl", "stop");
	sys->print("alive\n");
}

# the file's name without the account's number, for the output
name(f: string): string
{
	if(len f > 3 && f[0:3] == "#u/")
		return "#u/N";
	return f;
}

# n reads of f through one fd by Nreader threads; (failed reads, reads)
hammer(f: string, n: int): (int, int)
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		fail(sys->sprint("open %s: %r", f));
	done := chan of (int, int);
	for(i := 0; i < Nreader; i++)
		spawn reader(fd, i, n/Nreader, done);
	bad := 0;
	reads := 0;
	for(i = 0; i < Nreader; i++){
		(b, r) := <-done;
		bad += b;
		reads += r;
	}
	return (bad, reads);
}

# reader k: reads at offset 0, at later offsets, far off, and in
# sequence, in small and large pieces; each must give a count
reader(fd: ref Sys->FD, k, n: int, done: chan of (int, int))
{
	buf := array[8192] of byte;
	bad := 0;
	for(i := 0; i < n; i++){
		r: int;
		case (i+k) % 5 {
		0 =>
			r = sys->pread(fd, buf, len buf, big 0);
		1 =>
			r = sys->pread(fd, buf, 7, big 0);
		2 =>
			r = sys->pread(fd, buf, 13, big (i*37 % 1500));
		3 =>
			r = sys->pread(fd, buf, 100, big 1000000);
		* =>
			r = sys->read(fd, buf, 64);
			if(r == 0)
				sys->seek(fd, big 0, Sys->SEEKSTART);
		}
		if(r < 0){
			if(bad == 0)
				sys->print("reader %d read %d: %r\n", k, i);
			bad++;
		}
	}
	done <-= (bad, n);
}

# change what the files show, and open, read and close files of the
# same devices, until told to stop
churn(stop, stopped: chan of int)
{
	buf := array[512] of byte;
	for(i := 0;; i++){
		alt{
		<-stop =>
			stopped <-= 1;
			return;
		* =>
			;
		}
		f := files[i % len files];
		fd := sys->open(f, Sys->OREAD);
		if(fd != nil)
			sys->read(fd, buf, len buf);
		fd = nil;
		if(i % 16 == 0)
			write("#g/gcctl", "collect");
		if(i % 16 == 8)
			write("#x/bctl", "stats");
		if(i % 7 == 0)
			a := array[1000 + i % 3000] of byte;
		a = nil;
		sys->sleep(0);
	}
}

write(f, s: string): int
{
	fd := sys->open(f, Sys->OWRITE);
	if(fd == nil)
		return -1;
	b := array of byte s;
	return sys->write(fd, b, len b);
}

readall(f: string): array of byte
{
	fd := sys->open(f, Sys->OREAD);
	if(fd == nil)
		return nil;
	buf := array[256] of byte;
	n := sys->read(fd, buf, len buf);
	if(n <= 0)
		return nil;
	if(buf[n-1] == byte '\n')
		n--;
	return buf[0:n];
}

fail(s: string)
{
	sys->fprint(sys->fildes(2), "snaps: %s\n", s);
	raise "fail:" + s;
}
