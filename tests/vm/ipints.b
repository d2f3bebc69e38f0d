implement Ipintstest;

# ipints -- $IPints: big integers through the Limbo interface, against
# answers known independently (RSA's textbook example, 50!, Mersenne
# numbers), the forms iptostr writes as Inferno's emu writes them,
# Inferno's rules where the mathematics leaves a choice (truncating
# division, sign and magnitude for shifts and bitwise operations, cmp's
# values), and bad arguments, each a clear exception.  ipints-prime has
# the primes.

include "sys.m";
	sys: Sys;
include "draw.m";
include "ipints.m";
	ipints: IPints;
	IPint: import ipints;

Ipintstest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

ip(s: string): ref IPint
{
	return IPint.strtoip(s, 10);
}

show(what: string, i: ref IPint)
{
	if(i == nil)
		sys->print("%s nil\n", what);
	else
		sys->print("%s %s\n", what, i.iptostr(10));
}

hex(d: array of byte): string
{
	s := "";
	for(i := 0; i < len d; i++)
		s += sys->sprint("%.2ux", int d[i]);
	return s;
}

try(what: string)
{
	big1 := IPint.inttoip(1).shl(100000);
	{
		case what {
		"div 0" =>	ip("7").div(ip("0"));
		"mod 0" =>	ip("7").mod(ip("0"));
		"expmod mod 0" =>	ip("7").expmod(ip("2"), ip("0"));
		"no inverse" =>	ip("6").invert(ip("9"));
		"negative exponent" =>	ip("2").expmod(ip("-1"), ip("7"));
		"shl 2^20" =>	ip("3").shl(1<<20);
		"product over 2^17 bits" =>	big1.mul(big1);
		"power over 2^17 bits" =>	ip("3").expmod(ip("100000"), nil);
		"huge exponent" =>	big1.expmod(big1, big1.add(ip("1")));
		"nil operand" =>	ip("1").add(nil);
		"made by Limbo" =>	ip("1").add(ref IPint(0));
		"genprime 100000" =>	ipints->genprime(100000, 1);
		}
		sys->print("%s: no exception\n", what);
	} exception e {
	"*" =>
		sys->print("%s: %s\n", what, e);
	}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	ipints = load IPints IPints->PATH;
	if(ipints == nil){
		sys->print("cannot load IPints: %r\n");
		raise "fail:load";
	}

	# conversions
	x := IPint.strtoip("123456789ABCDEF0123", 16);
	sys->print("10 %s 16 %s 32 %s 64 %s 7 %s\n", x.iptostr(10), x.iptostr(16), x.iptostr(32), x.iptostr(64), x.iptostr(7));
	n := x.neg();
	sys->print("negative: %s %s %s b64z %s\n", n.iptostr(10), n.iptostr(16), n.iptob64(), n.iptob64z());
	z := IPint.inttoip(0);
	sys->print("zero: %s %s %s %s bits %d bytes %s\n", z.iptostr(10), z.iptostr(16), z.iptostr(32), z.iptob64(), z.bits(), hex(z.iptobytes()));
	t := IPint.strtoip("80", 16);
	sys->print("top bit: b64 %s b64z %s bebytes %s\n", t.iptob64(), t.iptob64z(), hex(t.iptobebytes()));
	show("bytestoip", IPint.bytestoip(array[] of {byte 0, byte 1, byte 2, byte 3}));
	show("bebytestoip empty", IPint.bebytestoip(array[0] of byte));
	show("b64toip", IPint.b64toip("AQIDBA=="));
	show("strtoip 32", IPint.strtoip("26jnctwbph8yy2b5", 32));
	show("signs", IPint.strtoip(" --12", 10));
	show("trailing junk", IPint.strtoip("12x", 10));
	show("empty", IPint.strtoip("", 10));
	show("base 7 is 16", IPint.strtoip("ff", 7));
	sys->print("iptoint %d %d %d\n", ip("123").iptoint(), ip("99999999999").iptoint(), ip("-99999999999").iptoint());

	# arithmetic
	m127 := IPint.inttoip(1).shl(127).sub(ip("1"));
	show("2^127-1", m127);
	show("(2^127-1)^2", m127.mul(m127));
	m521 := IPint.inttoip(1).shl(521).sub(ip("1"));
	show("2^521-1 mod 2^127-1", m521.mod(m127));
	(q, r) := ip("-7").div(ip("2"));
	sys->print("-7 div 2: %s %s\n", q.iptostr(10), r.iptostr(10));
	(q, r) = ip("7").div(ip("-2"));
	sys->print("7 div -2: %s %s\n", q.iptostr(10), r.iptostr(10));
	(q, r) = ip("-6").div(ip("3"));
	sys->print("-6 div 3: %s %s\n", q.iptostr(10), r.iptostr(10));
	sys->print("mod: %s %s %s %s\n", ip("-7").mod(ip("3")).iptostr(10), ip("7").mod(ip("3")).iptostr(10),
		ip("-6").mod(ip("3")).iptostr(10), ip("-5").mod(ip("-3")).iptostr(10));
	f := ip("1");
	for(i := 2; i <= 50; i++)
		f = f.mul(IPint.inttoip(i));
	show("50!", f);
	(q, r) = f.div(ip("1000000007"));
	sys->print("50! div 1000000007: %s %s\n", q.iptostr(10), r.iptostr(10));
	show("65^17 mod 3233", ip("65").expmod(ip("17"), ip("3233")));
	show("2790^2753 mod 3233", ip("2790").expmod(ip("2753"), ip("3233")));
	show("17^-1 mod 3120", ip("17").invert(ip("3120")));
	show("-2^3 mod 8", ip("-2").expmod(ip("3"), ip("8")));
	show("x^0 mod 1", ip("5").expmod(ip("0"), ip("1")));
	show("3^100", ip("3").expmod(ip("100"), nil));
	show("2^(2^127-1) mod 2^521-1", ip("2").expmod(m127, m521));
	sys->print("shifts: %s %s %s %s %s\n", ip("-5").shr(1).iptostr(10), ip("-5").shl(-1).iptostr(10),
		ip("-1").shr(1).iptostr(10), ip("5").shl(70).iptostr(10), m127.shr(100).iptostr(10));
	sys->print("bits: %d %d %d\n", m127.bits(), m521.bits(), ip("-8").bits());
	sys->print("bitwise: %s %s %s %s %s\n", ip("-5").and(ip("3")).iptostr(10), ip("5").ori(ip("-3")).iptostr(10),
		ip("-5").xor(ip("3")).iptostr(10), ip("-5").not().iptostr(10), m127.and(ip("255")).iptostr(10));
	sys->print("cmp: %d %d %d %d %d %d\n", ip("1").cmp(ip("2")), ip("2").cmp(ip("1")), ip("-1").cmp(ip("1")),
		m521.cmp(ip("1")), ip("-1").cmp(m521.neg()), ip("3").cmp(ip("3")));
	sys->print("eq: %d %d\n", m127.eq(m127.copy()), m127.eq(m521));
	sys->print("bits of random(100) <= 100: %d\n", IPint.random(100).bits() <= 100);

	try("div 0");
	try("mod 0");
	try("expmod mod 0");
	try("no inverse");
	try("negative exponent");
	try("shl 2^20");
	try("product over 2^17 bits");
	try("power over 2^17 bits");
	try("huge exponent");
	try("nil operand");
	try("made by Limbo");
	try("genprime 100000");
}
