implement Keysfuzz;

# keys -- fuzz the Limbo entry points of $Keyring, $Crypt and $IPints
# on emu (fuzz/run keys): texts of keys, public keys, certificates and
# numbers, key files and message streams, cipher keys, vectors and
# lengths, each a mutant of a valid one (bytes flipped, inserted,
# deleted, repeated, spliced from another, a number blown up), read
# and then used.  An exception must have a message; emu dying or
# hanging is the failure fuzz/run looks for.  Mutants come from a
# generator seeded by the second argument, so a run repeats (the keys'
# signatures draw their own random numbers).
#
# usage: keys.dis seconds seed

include "sys.m";
	sys: Sys;
include "draw.m";
include "keyring.m";
	kr: Keyring;
include "ipints.m";
	ipints: IPints;
	IPint: import ipints;
include "crypt.m";
	crypt: Crypt;
	PK, SK: import crypt;

Keysfuzz: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

seeds := array[] of {
	"rsa\neve\nAKz6lvkVFUL7q6XPR6SGNq/EY9RGWi73FXi488aVZ2Ad\nOw==\nQ260WGwD8w+rDJHjhY9wbz/ciyo3XGZzy4a0XqCTZj8=\nAKUuCOZR+hYJbhxFCDYb+es=\nAQwWUCBCiqKVFsiziNmkxBc=\nGTJpfkCSn5Cf+6JlDJfLAQ==\nEiznDzQ9d39CoSHd412cew==\nAPZQ1ZdnwC7yvR4rNt2gyao=\n",
	"rsa\nsha1\neve\n0\nAJZaJGbZ9E5zp3XNAks8Vrf1gB3s6Uyn7z2Av+Z7BhOz\n",
	"rsa\neve\nAKz6lvkVFUL7q6XPR6SGNq/EY9RGWi73FXi488aVZ2Ad\nOw==\n",
	"elgamal\neve\nAIVoQAlr4GjLZNLIBp50pL8=\nGLn8UsXOzTm8U0zwQLvEFw==\nBAhProtlFA/6h01XO9hf9A==\neoMqknSoAqqO8GZ3//AHRA==\n",
	"elgamal\nsha1\neve\n0\nCOD8MxkngzTGT0TsCxtF2A==\ne2GCUAa/F2t2oOsEVLFLyw==\n",
	"dsa\neve\nAOsYeBSjdjShVb8=\nAKCH0T+h\nDQZRf1iiEJbmqg==\nALKumw388Z/5tbE=\nWfd5C0w=\n",
	"dsa\nsha1\neve\n0\nYZT8lJ8=\naxNxBj0=\n",
	"0058\nrsa\neve\nAKz6lvkVFUL7q6XPR6SGNq/EY9RGWi73FXi488aVZ2Ad\nOw==\n0005\nhello!003\nbad0000\n",
	"-123456789abcdef0123456789",
	"ASNFZ4mrze8BIw==",
};

seed := big 1;

# a pseudo-random number in [0, n)
rand(n: int): int
{
	seed = (seed * big 6364136223846793005 + big 1442695040888963407) & big 16r7fffffffffffffff;
	return int ((seed >> 33) % big n);
}

ndone := 0;
nexc := 0;
nempty := 0;

mutate(s: string): string
{
	for(k := 1 + rand(8); k > 0; k--){
		n := len s;
		i := 0;
		if(n > 0)
			i = rand(n);
		case rand(8) {
		0 =>
			if(n > 0)
				s[i] = rand(128);
		1 =>
			s = s[0:i] + "\n" + s[i:];
		2 =>
			if(n > 0)
				s = s[0:i] + s[i+1+rand(n-i):];
		3 =>
			if(n > 0)
				s = s[0:i] + s[i:i+1+rand(n-i)] + s[i:];
		4 =>
			t := seeds[rand(len seeds)];
			j := rand(len t);
			s = s[0:i] + t[j:];
		5 =>
			# a number of up to 1200 bits, or over 8192 (refused by
			# keys; work on the sizes between takes seconds)
			d := "";
			m := rand(200);
			if(rand(4) == 0)
				m = 1400 + rand(3000);
			for(; m > 0; m--)
				d[len d] = "AZaz09+/"[rand(8)];
			s = s[0:i] + d + s[i:];
		6 =>
			if(n > 0)
				s[i] = "\n=0-!@ "[rand(7)];
		7 =>
			s = s[0:i];
		}
	}
	return s;
}

msg := array[] of {byte 'm', byte 's', byte 'g'};

use(t: string, f: string)
{
	case rand(9) {
	0 =>
		sk := kr->strtosk(t);
		if(sk != nil){
			pk := kr->sktopk(sk);
			kr->sktoattr(sk);
			c := kr->sign(sk, rand(1000), kr->sha1(msg, len msg, nil, nil), "sha1");
			kr->verify(pk, c, kr->sha1(msg, len msg, nil, nil));
			kr->pktostr(pk);
		}
	1 =>
		pk := kr->strtopk(t);
		if(pk != nil){
			s := kr->pktostr(pk);
			kr->pktoattr(pk);
			c := kr->strtocert(seeds[1]);
			kr->verify(pk, c, kr->sha1(msg, len msg, nil, nil));
			if(len s < 120)	# a key of its size is made: bigger ones take seconds
				kr->genSKfromPK(pk, "x");
		}
	2 =>
		c := kr->strtocert(t);
		if(c != nil){
			kr->certtostr(c);
			kr->certtoattr(c);
			kr->verify(kr->strtopk(seeds[2]), c, kr->sha1(msg, len msg, nil, nil));
		}
	3 =>
		fd := sys->create(f, Sys->OWRITE, 8r600);
		b := array of byte t;
		sys->write(fd, b, len b);
		fd = nil;
		ai := kr->readauthinfo(f);
		if(ai != nil){
			kr->sktostr(ai.mysk);
			kr->certtostr(ai.cert);
			kr->pktostr(ai.spk);
		}
	4 =>
		p := array[2] of ref Sys->FD;
		sys->pipe(p);
		b := array of byte t;
		sys->write(p[0], b, len b);
		p[0] = nil;
		for(i := 0; i < 4; i++)
			case rand(3) {
			0 =>	kr->getmsg(p[1]);
			1 =>	kr->getstring(p[1]);
			2 =>	kr->getbytearray(p[1]);
			}
	5 =>
		bases := array[] of {10, 16, 32, 64, 0, 7};
		x := IPint.strtoip(t, bases[rand(len bases)]);
		if(x == nil)
			x = IPint.b64toip(t);
		if(x != nil)
			arith(x);
	6 =>
		b := array of byte t;
		x := IPint.bytestoip(b);
		y := IPint.bebytestoip(b);
		arith(x);
		arith(y.xor(x));
	7 =>
		cipher(array of byte t);
	8 =>
		m := IPint.b64toip(t);
		if(m == nil)
			m = IPint.inttoip(rand(100000));
		keys(m);
	}
}

arith(x: ref IPint)
{
	y := IPint.inttoip(rand(1<<30) - (1<<29));
	bases := array[] of {2, 10, 16, 32, 64};
	x.iptostr(bases[rand(len bases)]);
	x.iptob64z();
	x.iptobebytes();
	x.add(y).mul(x).sub(y);
	x.shl(rand(3000) - 1500).shr(rand(64));
	x.and(y).ori(x).not();
	x.cmp(y);
	if(y.iptoint() != 0){
		x.div(y);
		x.mod(y);
	}
	if(x.bits() < 2000)
		y.expmod(x, IPint.inttoip(1).shl(rand(600)).add(IPint.inttoip(rand(1000))));
	if(x.bits() < 300)
		ipints->probably_prime(x, rand(5));
	x.invert(y);
}

cipher(k: array of byte)
{
	iv: array of byte;
	if(rand(2))
		iv = array[rand(20)] of byte;
	d := array[rand(70)] of byte;
	n := rand(len d + 3) - 1;
	dir := rand(2);
	case rand(6) {
	0 =>	crypt->aescbc(crypt->aessetup(k, iv), d, n, dir);
	1 =>	crypt->descbc(crypt->dessetup(k, iv), d, n, dir);
	2 =>	crypt->desecb(crypt->dessetup(k, iv), d, n, dir);
	3 =>	crypt->ideacbc(crypt->ideasetup(k, iv), d, n, dir);
	4 =>	crypt->blowfishcbc(crypt->blowfishsetup(k, iv), d, n, dir);
	5 =>
		s := crypt->rc4setup(k);
		crypt->rc4(s, d, n);
		crypt->rc4back(s, rand(1000) - 10);
		crypt->rc4skip(s, rand(1000) - 10);
	}
	st := crypt->sha256(k, len k, nil, nil);
	crypt->hmac_sha1(d, len d, k, array[Crypt->SHA1dlen] of byte, nil);
	crypt->md5(d, len d, array[Crypt->MD5dlen] of byte, st);
}

# Crypt's keys from m and the numbers around it
keys(m: ref IPint)
{
	one := IPint.inttoip(1);
	v := array[] of {m, m.add(one), m.sub(one), m.shl(rand(200)), one, m.neg()};
	r := v[rand(len v)];
	case rand(4) {
	0 =>
		sk := crypt->rsafill(m, v[rand(len v)], r, v[rand(len v)], v[rand(len v)]);
		if(sk != nil){
			crypt->rsadecrypt(sk, crypt->rsaencrypt(sk.pk, r));
			crypt->verify(crypt->sktopk(sk), crypt->sign(sk, r), r);
		}
	1 =>
		sk := ref SK.Elgamal(ref PK.Elgamal(m, v[rand(len v)], v[rand(len v)]), r);
		crypt->verify(crypt->sktopk(sk), crypt->sign(sk, r), r);
	2 =>
		pk := ref PK.DSA(m, v[rand(len v)], v[rand(len v)], r);
		sk := crypt->dsagen(pk);
		crypt->verify(sk.pk, crypt->sign(sk, r), r);
	3 =>
		crypt->rsaencrypt(ref PK.RSA(m, r), v[rand(len v)]);
	}
}

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	kr = load Keyring Keyring->PATH;
	ipints = load IPints IPints->PATH;
	crypt = load Crypt Crypt->PATH;
	if(len argv != 3){
		sys->fprint(sys->fildes(2), "usage: keys seconds seed\n");
		raise "fail:usage";
	}
	secs := int hd tl argv;
	seed = big hd tl tl argv;
	f := "/tmp/keysfuzz." + string sys->pctl(0, nil);
	t0 := sys->millisec();
	while(sys->millisec() - t0 < secs*1000){
		t := mutate(seeds[rand(len seeds)]);
		{
			use(t, f);
		} exception e {
		"*" =>
			nexc++;
			if(e == nil){
				nempty++;
				sys->print("exception without a message at exec %d\n", ndone);
			}
		}
		ndone++;
	}
	sys->remove(f);
	sys->print("%d execs, %d exceptions, %d without a message\n", ndone, nexc, nempty);
	if(nempty)
		raise "fail:empty exception";
}
