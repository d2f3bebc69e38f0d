implement Compcalls;

# comp-calls -- calls and returns within a module in compiled code:
# recursion deep enough to take new stack segments, frames holding
# pointers, exceptions raised in callees and caught by callers, and two
# progs recursing side by side (where they switch shows in what they
# see): the same with emu -c0 and -c1

include "sys.m";
	sys: Sys;
include "draw.m";

Compcalls: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

shared := 0;

fib(n: int): int
{
	if(n < 2)
		return n;
	return fib(n-1) + fib(n-2);
}

deep(n: int): int
{
	if(n == 0)
		return 0;
	return deep(n-1) + (n & 7);
}

strs(n: int, s: string): string
{
	if(n == 0)
		return s;
	return strs(n-1, s + "a");
}

div(a, b: int): int
{
	if(b == 3)
		raise "three";
	return a / b;
}

tryall(n: int): int
{
	t := 0;
	for(i := 0; i < n; i++){
		{
			t += div(100, i % 5);
		}exception e{
		"three" =>
			t += 1000;
		"*" =>
			t -= 1;
		}
	}
	return t;
}

counter(n: int, out: chan of int)
{
	for(i := 0; i < n; i++)
		shared += fib(5);
	out <-= shared;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	sys->print("fib %d\n", fib(20));
	sys->print("deep %d %d\n", deep(10000), deep(50000));
	sys->print("strs %d\n", len strs(2000, ""));
	sys->print("try %d\n", tryall(100));
	out := chan of int;
	spawn counter(3000, out);
	seen := array[20] of int;
	for(i := 0; i < len seen; i++){
		fib(8);
		seen[i] = shared;
	}
	sys->print("counter %d\n", <-out);
	for(i = 0; i < len seen; i++)
		sys->print("%d ", seen[i]);
	sys->print("\n");
}
