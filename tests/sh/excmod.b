# excmod -- a library module raising declared exceptions (exc-modules.sh)
implement Excmod;

include "excmod.m";

check(n: int): int raises (Bad, Gone)
{
	if(n < 0)
		raise Bad("negative", n);
	if(n == 0)
		raise Gone;
	if(n == 1)
		raise "excmod:one";
	return n*2;
}

# one frame further: the typed exception reaches the caller as its name
deep(n: int): int
{
	return check(n);
}
