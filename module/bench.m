# Bench -- a precise clock and controls for measurement.
# A builtin module ($Bench): the kernel's version lives in dev/devbench.c,
# emu's in emu/bench.c.  Declared as in Inferno's bench.m, with nanosec
# added.

Bench: module
{
	PATH:	con "$Bench";

	FD: adt
	{
		fd:	int;
	};

	microsec:	fn(): big;		# time since an arbitrary start, in microseconds
	nanosec:	fn(): big;		# the same time, in nanoseconds
	reset:		fn();			# make the next microsec count from zero
	read:		fn(fd: ref FD, buf: array of byte, n: int): int;	# read with no Dis-side overhead
	disablegc:	fn();			# stop the collector during a measurement
	enablegc:	fn();
	attribution:	fn(t: array of big): int;	# (cause, ns) pairs of the time between the caller's last two clock reads
	causes:		fn(): array of string;	# the names of the causes, by index (none under emu)
};
