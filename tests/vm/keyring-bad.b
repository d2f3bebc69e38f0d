implement Badtest;

# keyring-bad -- bad input to $Keyring, $Crypt and $IPints never
# crashes or hangs the VM: every truncation of a key, public key and
# certificate text of each algorithm and three corruptions of each of
# its characters are read (nil, or a value every function then takes
# or refuses with an exception that says why), as is every truncation
# and corruption of a key file; keys built by Limbo with each number
# replaced by a zero, negative, composite or oversized one are used;
# sizes out of range (keys, primes, cipher keys and vectors, texts of
# numbers, exponents) are each a clear exception.  Inferno's emu gives
# the last part's answers but where sizes are bounded here (it takes
# them, or runs on for ever) and on negative sizes and counts: the BUGS
# of ipints(2) and keyring(2).

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

Badtest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

# keys made by genSK(alg, "eve", n) (RSA 256 bits, ElGamal 128), a DSA
# key in a small group (p of 72 bits, q of 40: DSA's own are slow under
# QEMU), and a certificate of each on sha1("message")
rsask := "rsa\neve\nAKz6lvkVFUL7q6XPR6SGNq/EY9RGWi73FXi488aVZ2Ad\nOw==\nQ260WGwD8w+rDJHjhY9wbz/ciyo3XGZzy4a0XqCTZj8=\nAKUuCOZR+hYJbhxFCDYb+es=\nAQwWUCBCiqKVFsiziNmkxBc=\nGTJpfkCSn5Cf+6JlDJfLAQ==\nEiznDzQ9d39CoSHd412cew==\nAPZQ1ZdnwC7yvR4rNt2gyao=\n";
rsacert := "rsa\nsha1\neve\n0\nAJZaJGbZ9E5zp3XNAks8Vrf1gB3s6Uyn7z2Av+Z7BhOz\n";
egsk := "elgamal\neve\nAIVoQAlr4GjLZNLIBp50pL8=\nGLn8UsXOzTm8U0zwQLvEFw==\nBAhProtlFA/6h01XO9hf9A==\neoMqknSoAqqO8GZ3//AHRA==\n";
egcert := "elgamal\nsha1\neve\n0\nCOD8MxkngzTGT0TsCxtF2A==\ne2GCUAa/F2t2oOsEVLFLyw==\n";
dsask := "dsa\neve\nAOsYeBSjdjShVb8=\nAKCH0T+h\nDQZRf1iiEJbmqg==\nALKumw388Z/5tbE=\nWfd5C0w=\n";
dsacert := "dsa\nsha1\neve\n0\nYZT8lJ8=\naxNxBj0=\n";

# a key file of the RSA key, its certificate, and a Diffie-Hellman group of
# 64 bits
keyfiletext := "0058\nrsa\neve\nAKz6lvkVFUL7q6XPR6SGNq/EY9RGWi73FXi488aVZ2Ad\nOw==\n0060\nrsa\nsha1\neve\n0\nAJZaJGbZ9E5zp3XNAks8Vrf1gB3s6Uyn7z2Av+Z7BhOz\n0228\nrsa\neve\nAKz6lvkVFUL7q6XPR6SGNq/EY9RGWi73FXi488aVZ2Ad\nOw==\nQ260WGwD8w+rDJHjhY9wbz/ciyo3XGZzy4a0XqCTZj8=\nAKUuCOZR+hYJbhxFCDYb+es=\nAQwWUCBCiqKVFsiziNmkxBc=\nGTJpfkCSn5Cf+6JlDJfLAQ==\nEiznDzQ9d39CoSHd412cew==\nAPZQ1ZdnwC7yvR4rNt2gyao=\n0012\nANvJU8JADNk60012\nAPoi/Eifsuyr";

msg: array of byte;
goodpk: array of ref Keyring->PK;
goodcert: array of ref Keyring->Certificate;

# exception texts met, with counts; empty ones counted apart
msgs: list of (string, int);
nempty := 0;

met(e: string)
{
	if(e == nil){
		nempty++;
		return;
	}
	r: list of (string, int);
	for(l := msgs; l != nil; l = tl l){
		(s, n) := hd l;
		if(s == e){
			n++;
			e = nil;
		}
		r = (s, n) :: r;
	}
	if(e != nil)
		r = (e, 1) :: r;
	msgs = r;
}

# l with s in order
insert(s: string, l: list of string): list of string
{
	if(l == nil || s < hd l)
		return s :: l;
	return hd l :: insert(s, tl l);
}

# the text of i in t replaced by c
subst(t: string, i: int, c: int): string
{
	t[i] = c;
	return t;
}

# another base 64 digit than c
other(c: int): int
{
	if(c == 'A')
		return 'B';
	return 'A';
}

# read a variant of a text of kind k (0 sk, 1 pk, 2 cert) of algorithm a
# and use what it gives: 1 if read, 0 if nil
variant(k, a: int, t: string): int
{
	{
		case k {
		0 =>
			sk := kr->strtosk(t);
			if(sk == nil)
				return 0;
			kr->sktostr(sk);
			kr->sktoattr(sk);
			pk := kr->sktopk(sk);
			kr->pktostr(pk);
			c := kr->sign(sk, 0, kr->sha1(msg, len msg, nil, nil), "sha1");
			kr->certtostr(c);
			kr->verify(pk, c, kr->sha1(msg, len msg, nil, nil));
		1 =>
			pk := kr->strtopk(t);
			if(pk == nil)
				return 0;
			kr->pktostr(pk);
			kr->pktoattr(pk);
			kr->verify(pk, goodcert[a], kr->sha1(msg, len msg, nil, nil));
		2 =>
			c := kr->strtocert(t);
			if(c == nil)
				return 0;
			kr->certtostr(c);
			kr->certtoattr(c);
			kr->verify(goodpk[a], c, kr->sha1(msg, len msg, nil, nil));
		}
	} exception e {
	"*" =>
		met(e);
	}
	return 1;
}

# every truncation of t, and each character replaced by a newline, a
# character not of base 64 and another base 64 digit
texts(what: string, k, a: int, t: string)
{
	n := nread := 0;
	for(i := 0; i < len t; i++){
		nread += variant(k, a, t[0:i]);
		nread += variant(k, a, subst(t, i, '\n'));
		nread += variant(k, a, subst(t, i, '@'));
		nread += variant(k, a, subst(t, i, other(t[i])));
		n += 4;
	}
	sys->print("%s: %d variants, %d read\n", what, n, nread);
}

# a key file cut at each length and each byte corrupted
keyfile()
{
	# a file of its own: emu's /tmp is the host's, and another emu may
	# run this test beside it (another tree's suite)
	f := "/tmp/keyring-bad.test";
	for(k := 0; sys->create(f, Sys->OWRITE|Sys->OEXCL, 8r600) == nil && k < 100; k++)
		f = "/tmp/keyring-bad.test." + string k;
	b := array of byte keyfiletext;
	m := len b;
	fd := sys->create(f, Sys->OWRITE, 8r600);
	sys->write(fd, b, m);
	fd = nil;
	a := kr->readauthinfo(f);
	sys->print("key file: read %d, key %d\n", a != nil, a != nil && kr->sktostr(a.mysk) == rsask);
	n := nread := 0;
	for(i := 0; i < m; i++){
		for(j := 0; j < 3; j++){
			c := b[0:m];
			case j {
			0 =>	c = b[0:i];
			1 =>	c = array[m] of byte;
				c[0:] = b[0:m];
				c[i] ^= byte 16r55;
			2 =>	c = array[m] of byte;
				c[0:] = b[0:m];
				c[i] = byte '9';
			}
			fd := sys->create(f, Sys->OWRITE, 8r600);
			sys->write(fd, c, len c);
			fd = nil;
			n++;
			{
				a := kr->readauthinfo(f);
				if(a != nil){
					nread++;
					kr->sktostr(a.mysk);
					kr->pktostr(a.mypk);
					kr->pktostr(a.spk);
					kr->certtostr(a.cert);
				}
			} exception e {
			"*" =>
				met(e);
			}
		}
	}
	sys->remove(f);
	sys->print("key file of %d bytes: %d variants, %d read\n", m, n, nread);
}

# numbers a key may be given
weird(i: int): (string, ref IPint)
{
	case i {
	0 =>	return ("0", IPint.inttoip(0));
	1 =>	return ("-7", IPint.inttoip(-7));
	2 =>	return ("1", IPint.inttoip(1));
	3 =>	return ("2^64+1", IPint.inttoip(1).shl(64).add(IPint.inttoip(1)));
	4 =>	return ("2^9000+1", IPint.inttoip(1).shl(9000).add(IPint.inttoip(1)));
	}
	return (nil, nil);
}

x16(s: string): ref IPint
{
	return IPint.strtoip(s, 16);
}

# Crypt's keys with each number replaced: sign, verify, sktopk and
# RSA's encrypt and decrypt take them or raise
cryptkeys()
{
	rk := crypt->rsagen(64, 6, 0);
	ek := crypt->eggen(64, 0);
	# FIPS 186-2's example group
	dk := crypt->dsagen(ref PK.DSA(
		x16("8DF2A494492276AA3D25759BB06869CBEAC0D83AFB8D0CF7CBB8324F0D7882E5D0762FC5B7210EAFC2E9ADAC32AB7AAC49693DFBF83724C2EC0736EE31C80291"),
		x16("C773218C737EC8EE993B4F2DED30F48EDACE915F"),
		x16("626D027839EA0A13413163A55B4CB500299D5522956CEFCB3BFF10F399CE2C2E71CB9DE5FA24BABF58E5B79521925C9CC42E9F6F464B088CC572AF53E6D78802"),
		x16("19131871D75B1612A819F29D78D1B0D7346F7AA77BB62A859BFD6C5675DA9D212D3A36EF1672EF660B8C7C255CC0EC74858FBA33F44C06699630A76B030EE333")));
	m := IPint.inttoip(12345);
	n := 0;
	for(w := 0; w < 5; w++){
		(nil, x) := weird(w);
		sks: list of ref Crypt->SK;
		for(i := 0; i < 8; i++){
			v := array[] of {rk.pk.n, rk.pk.ek, rk.dk, rk.p, rk.q, rk.kp, rk.kq, rk.c2};
			v[i] = x;
			sks = ref SK.RSA(ref PK.RSA(v[0], v[1]), v[2], v[3], v[4], v[5], v[6], v[7]) :: sks;
		}
		for(i = 0; i < 4; i++){
			v := array[] of {ek.pk.p, ek.pk.alpha, ek.pk.key, ek.secret};
			v[i] = x;
			sks = ref SK.Elgamal(ref PK.Elgamal(v[0], v[1], v[2]), v[3]) :: sks;
		}
		for(i = 0; i < 5; i++){
			v := array[] of {dk.pk.p, dk.pk.q, dk.pk.alpha, dk.pk.key, dk.secret};
			v[i] = x;
			sks = ref SK.DSA(ref PK.DSA(v[0], v[1], v[2], v[3]), v[4]) :: sks;
		}
		for(; sks != nil; sks = tl sks){
			sk := hd sks;
			n++;
			{
				pk := crypt->sktopk(sk);
				crypt->verify(pk, crypt->sign(sk, m), m);
				pick r := sk {
				RSA =>
					crypt->rsadecrypt(r, crypt->rsaencrypt(r.pk, m));
				DSA =>
					crypt->dsagen(r.pk);
				}
			} exception e {
			"*" =>
				met(e);
			}
		}
	}
	sys->print("Crypt keys with a weird number: %d used\n", n);
}

str(i: ref IPint): string
{
	if(i == nil)
		return "nil";
	return i.iptostr(10);
}

nilness(isnil: int): string
{
	if(isnil)
		return "nil";
	return "not nil";
}

hex(a: array of byte): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += sys->sprint("%.2ux", int a[i]);
	return s;
}

try(what: string)
{
	r := "no exception";
	{
		case what {
		"strtosk of a 9000-bit n" =>
			b := IPint.inttoip(1).shl(9000).iptob64();
			r = nilness(kr->strtosk("rsa\nx\n"+b+"\nAQ==\nAQ==\nAQ==\nAQ==\nAQ==\nAQ==\nAQ==\n") == nil);
		"strtopk of a 9000-bit exponent" =>
			b := IPint.inttoip(1).shl(9000).iptob64();
			r = nilness(kr->strtopk("rsa\nx\nAQE=\n"+b+"\n") == nil);
		"RSApk of 8192 bits, exponent of 9000" =>
			n := IPint.inttoip(1).shl(8191).add(IPint.inttoip(1));
			e := IPint.inttoip(1).shl(9000).add(IPint.inttoip(1));
			crypt->rsaencrypt(ref PK.RSA(n, e), IPint.inttoip(3));
		"expmod of 2^18 bits by 2^18 bits" =>
			x := IPint.inttoip(1).shl(262000);
			x.expmod(x, x.add(IPint.inttoip(1)));
		"strtoip of 100000 digits" =>
			s := "";
			for(i := 0; i < 100000; i++)
				s[i] = '9';
			IPint.strtoip(s, 10);
		"b64toip of 60000 digits" =>
			s := "";
			for(i := 0; i < 60000; i++)
				s[i] = '/';
			IPint.b64toip(s);
		"bytestoip of 40000 bytes" =>
			IPint.bytestoip(array[40000] of {* => byte 16rff});
		"bebytestoip of 40000 bytes" =>
			IPint.bebytestoip(array[40000] of {* => byte 16rff});
		"iptostr base 1" =>	r = IPint.inttoip(5).iptostr(1);
		"iptostr base 65" =>	r = IPint.inttoip(5).iptostr(65);
		"strtoip base 0" =>	r = str(IPint.strtoip("5", 0));
		"random -1 bits" =>	r = str(IPint.random(-1));
		"random 2^20 bits" =>	IPint.random(1<<20);
		"genprime -1 bits" =>	r = str(ipints->genprime(-1, 10));
		"genprime 1 bit" =>	r = str(ipints->genprime(1, 10));
		"gensafeprime 2 bits" =>	(p, nil) := ipints->gensafeprime(2, 10);
			r = str(p);
		"genstrongprime 0 bits" =>	p := ipints->genstrongprime(0, 10);
			r = sys->sprint("of 63 or 64 bits %d, prime %d", p.bits() >= 63 && p.bits() <= 64, ipints->probably_prime(p, 10));
		"probably_prime of -1 rounds" =>	r = string ipints->probably_prime(IPint.inttoip(7), -1);
		"shl by -2^31" =>	r = str(IPint.inttoip(5).shl(-2147483647-1));
		"shr by -2^31" =>	IPint.inttoip(5).shr(-2147483647-1);
		"rsagen 64 bits, exponent 100 bits" =>	k := crypt->rsagen(64, 100, 0);
			r = sys->sprint("n of %d bits, ek of at most 100: %d", k.pk.n.bits(), k.pk.ek.bits() <= 100);
		"rsagen -1 bits" =>	crypt->rsagen(-1, 6, 0);
		"eggen 0 bits" =>	crypt->eggen(0, 0);
		"dhparams 100000 bits" =>	crypt->dhparams(100000);
		"genSK rsa -5 bits" =>	crypt->genSK("rsa", -5);
		"Keyring genSK dsa 0 bits" =>	r = nilness(kr->genSK("dsa", "x", 0) == nil);
		"aessetup 17-byte key" =>	crypt->aessetup(array[17] of byte, nil);
		"aessetup 0-byte key" =>	crypt->aessetup(array[0] of byte, nil);
		"aessetup 17-byte ivec" =>	r = nilness(crypt->aessetup(array[16] of byte, array[17] of byte) == nil);
		"dessetup 9-byte key" =>	r = nilness(crypt->dessetup(array[9] of byte, nil) == nil);
		"ideasetup 17-byte key" =>	r = nilness(crypt->ideasetup(array[17] of byte, nil) == nil);
		"blowfishsetup 57-byte key" =>	r = nilness(crypt->blowfishsetup(array[57] of byte, nil) == nil);
		"rc4setup empty seed" =>	crypt->rc4setup(array[0] of byte);
		"rc4skip -1" =>	crypt->rc4skip(crypt->rc4setup(array[5] of byte), -1);
		"aescbc 8 bytes" =>
			a := crypt->aessetup(array[16] of byte, nil);
			d := array[8] of {* => byte 1};
			crypt->aescbc(a, d, 8, Crypt->Encrypt);
			r = hex(d);
		"desecb -8 bytes" =>
			crypt->desecb(crypt->dessetup(array[8] of byte, nil), array[8] of byte, -8, Crypt->Decrypt);
		"hmac_sha1 with a 100000-byte key" =>
			crypt->hmac_sha1(msg, len msg, array[100000] of byte, array[Crypt->SHA1dlen] of byte, nil);
		"sha1 into a 5-byte digest" =>	crypt->sha1(msg, len msg, array[5] of byte, nil);
		"md5 of -1 bytes" =>	crypt->md5(msg, -1, nil, nil);
		}
		sys->print("%s: %s\n", what, r);
	} exception e {
	"*" =>
		sys->print("%s: %s\n", what, e);
	}
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	kr = load Keyring Keyring->PATH;
	ipints = load IPints IPints->PATH;
	crypt = load Crypt Crypt->PATH;
	msg = array of byte "message";
	sks := array[] of {rsask, egsk, dsask};
	certs := array[] of {rsacert, egcert, dsacert};
	names := array[] of {"rsa", "elgamal", "dsa"};
	goodpk = array[3] of ref Keyring->PK;
	goodcert = array[3] of ref Keyring->Certificate;
	for(a := 0; a < 3; a++){
		goodpk[a] = kr->sktopk(kr->strtosk(sks[a]));
		goodcert[a] = kr->strtocert(certs[a]);
		sys->print("%s: certificate verifies %d\n", names[a],
			kr->verify(goodpk[a], goodcert[a], kr->sha1(msg, len msg, nil, nil)));
	}
	for(a = 0; a < 3; a++){
		texts(names[a]+" sk", 0, a, sks[a]);
		texts(names[a]+" pk", 1, a, kr->pktostr(goodpk[a]));
		texts(names[a]+" cert", 2, a, certs[a]);
	}
	keyfile();
	cryptkeys();
	sys->print("exceptions without a message: %d\n", nempty);
	ss: list of string;
	# in a fixed order: what a corrupted ElGamal or DSA key meets may
	# depend on the random numbers its signature draws
	for(; msgs != nil; msgs = tl msgs){
		(s, nil) := hd msgs;
		ss = insert(s, ss);
	}
	for(; ss != nil; ss = tl ss)
		sys->print("met: %s\n", hd ss);

	tries := array[] of {
		"strtosk of a 9000-bit n",
		"strtopk of a 9000-bit exponent",
		"RSApk of 8192 bits, exponent of 9000",
		"expmod of 2^18 bits by 2^18 bits",
		"strtoip of 100000 digits",
		"b64toip of 60000 digits",
		"bytestoip of 40000 bytes",
		"bebytestoip of 40000 bytes",
		"iptostr base 1",
		"iptostr base 65",
		"strtoip base 0",
		"random -1 bits",
		"random 2^20 bits",
		"genprime -1 bits",
		"genprime 1 bit",
		"gensafeprime 2 bits",
		"genstrongprime 0 bits",
		"probably_prime of -1 rounds",
		"shl by -2^31",
		"shr by -2^31",
		"rsagen 64 bits, exponent 100 bits",
		"rsagen -1 bits",
		"eggen 0 bits",
		"dhparams 100000 bits",
		"genSK rsa -5 bits",
		"Keyring genSK dsa 0 bits",
		"aessetup 17-byte key",
		"aessetup 0-byte key",
		"aessetup 17-byte ivec",
		"dessetup 9-byte key",
		"ideasetup 17-byte key",
		"blowfishsetup 57-byte key",
		"rc4setup empty seed",
		"rc4skip -1",
		"aescbc 8 bytes",
		"desecb -8 bytes",
		"hmac_sha1 with a 100000-byte key",
		"sha1 into a 5-byte digest",
		"md5 of -1 bytes",
	};
	for(i := 0; i < len tries; i++)
		try(tries[i]);
}
