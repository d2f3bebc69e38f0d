implement Ipintsprime;

# ipints-prime -- $IPints' primes: probably_prime on primes (Mersenne's
# among them) and on composites that fool weaker tests (Carmichael
# numbers, strong pseudoprimes to base 2), and primes made to order,
# checked for what they promise: genprime's size, gensafeprime's q and
# generator, DSAprimes' q | p-1.

include "sys.m";
	sys: Sys;
include "draw.m";
include "ipints.m";
	ipints: IPints;
	IPint: import ipints;

Ipintsprime: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

ip(s: string): ref IPint
{
	return IPint.strtoip(s, 10);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	ipints = load IPints IPints->PATH;
	m127 := IPint.inttoip(1).shl(127).sub(ip("1"));
	m521 := IPint.inttoip(1).shl(521).sub(ip("1"));
	# primes
	primes := array[] of {"2", "3", "8191", "2147483647", m127.iptostr(10), m521.iptostr(10)};
	for(i := 0; i < len primes; i++)
		sys->print("prime %d\n", ipints->probably_prime(ip(primes[i]), 10));
	comps := array[] of {"0", "1", "561", "41041", "825265", "2047", "3277", "18446744073709551615", m127.mul(m521).iptostr(10)};
	for(i = 0; i < len comps; i++)
		sys->print("composite %d\n", ipints->probably_prime(ip(comps[i]), 10));
	p := ipints->genprime(200, 10);
	sys->print("genprime: %d bits, prime %d\n", p.bits(), ipints->probably_prime(p, 20));
	(sp, alpha) := ipints->gensafeprime(64, 10);
	sq := sp.shr(1);
	one := ip("1");
	sys->print("gensafeprime: %d bits, p prime %d, (p-1)/2 prime %d, alpha^2 != 1 %d, alpha^q != 1 %d\n",
		sp.bits(), ipints->probably_prime(sp, 20), ipints->probably_prime(sq, 20),
		alpha.expmod(ip("2"), sp).cmp(one) != 0, alpha.expmod(sq, sp).cmp(one) != 0);
	p = ipints->genstrongprime(128, 10);
	sys->print("genstrongprime: prime %d, over 120 bits %d\n", ipints->probably_prime(p, 20), p.bits() > 120);
	(dq, dp, seed) := ipints->DSAprimes();
	sys->print("DSAprimes: q %d bits, p %d bits, p mod q %s, q prime %d, p prime %d, seed %d bytes\n",
		dq.bits(), dp.bits(), dp.mod(dq).iptostr(10), ipints->probably_prime(dq, 20), ipints->probably_prime(dp, 10), len seed);
}
