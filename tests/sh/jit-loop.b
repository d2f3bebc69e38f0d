# jit-loop -- loops for the compiler to compile: a sieve, a recursive
# function, byte and real arithmetic; prints what the interpreter would
implement Jitloop;

include "sys.m";
	sys: Sys;
include "draw.m";

Jitloop: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

fib(n: int): int
{
	if(n < 2)
		return n;
	return fib(n-1) + fib(n-2);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	n := 20000;
	comp := array[n+1] of { * => byte 0 };
	np := 0;
	for(i := 2; i <= n; i++){
		if(comp[i] != byte 0)
			continue;
		np++;
		for(j := i*i; j <= n; j += i)
			comp[j] = byte 1;
	}
	s := 0;
	for(i = 0; i < 100000; i++)
		s = (s*31 + i) & 16r7FFFFFF;
	r := 0.0;
	for(i = 1; i <= 1000; i++)
		r += 1.0/real i;
	sys->print("primes %d hash %d fib %d harmonic %.6f\n", np, s, fib(20), r);
}
