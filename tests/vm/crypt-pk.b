implement Cryptpktest;

# crypt-pk -- $Crypt's keys (pick adts of IPints): RSA from the
# textbook's primes (65 enciphers to 2790) and from a 512-bit key's,
# its deterministic signature; ElGamal and DSA keys made and used, DSA
# in FIPS 186-2's example group; genSK, genSKfromPK and sktopk; a
# signature checked against a key of another algorithm; Crypt's
# ciphers (Keyring's, but for nil keys), and bad arguments.

include "sys.m";
	sys: Sys;
include "draw.m";
include "ipints.m";
	ipints: IPints;
	IPint: import ipints;
include "crypt.m";
	crypt: Crypt;
	PK, SK, PKsig: import crypt;

Cryptpktest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

ip(s: string): ref IPint
{
	return IPint.strtoip(s, 10);
}

x16(s: string): ref IPint
{
	return IPint.strtoip(s, 16);
}

b64(s: string): ref IPint
{
	return IPint.b64toip(s);
}

hex(d: array of byte): string
{
	s := "";
	for(i := 0; i < len d; i++)
		s += sys->sprint("%.2ux", int d[i]);
	return s;
}

alg(sk: ref SK): string
{
	pick k := sk {
	RSA =>	return "RSA " + string k.pk.n.bits();
	Elgamal =>	return "Elgamal " + string k.pk.p.bits();
	DSA =>	return "DSA " + string k.pk.p.bits();
	}
	return "?";
}

try(what: string)
{
	k := ref SK.RSA(ref PK.RSA(ip("3233"), ip("17")), ip("2753"), ip("61"), ip("53"), ip("53"), ip("49"), ip("20"));
	{
		case what {
		"nil m" =>	crypt->sign(k, nil);
		"nil sk" =>	crypt->sign(nil, ip("1"));
		"rsagen of 100000 bits" =>	crypt->rsagen(100000, 6, 0);
		"eggen of 3 bits" =>	crypt->eggen(3, 0);
		"rsaencrypt, modulus 0" =>	crypt->rsaencrypt(ref PK.RSA(ip("0"), ip("3")), ip("5"));
		"aessetup nil key" =>	crypt->aessetup(nil, nil);
		"rc4setup nil seed" =>	crypt->rc4setup(nil);
		"dsagen, q not dividing p-1" =>	crypt->dsagen(ref PK.DSA(ip("23"), ip("5"), ip("2"), ip("2")));
		"sign with a key missing a number" =>	crypt->sign(ref SK.Elgamal(ref PK.Elgamal(ip("23"), ip("5"), nil), ip("3")), ip("7"));
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
	crypt = load Crypt Crypt->PATH;

	# the textbook key: p 61, q 53, e 17
	k := crypt->rsafill(ip("3233"), ip("17"), ip("2753"), ip("61"), ip("53"));
	sys->print("rsafill kp %s kq %s c2 %s\n", k.kp.iptostr(10), k.kq.iptostr(10), k.c2.iptostr(10));
	c := crypt->rsaencrypt(k.pk, ip("65"));
	sys->print("rsaencrypt 65 %s, rsadecrypt %s\n", c.iptostr(10), crypt->rsadecrypt(k, c).iptostr(10));
	sys->print("rsafill, d wrong %d, p not prime %d\n", crypt->rsafill(ip("3233"), ip("17"), ip("2752"), ip("61"), ip("53")) == nil,
		crypt->rsafill(ip("3233"), ip("17"), ip("2753"), ip("63"), ip("53")) == nil);

	# a 512-bit key: its signature of m
	n := b64("AJgVPWKIlVyCAruNbPchz4XQJIZuKN2nftog1QSFvoQaGimZFRBII0Z5pVKwhfgiHWd9G6aUXUrY2wLXBnkyaYc=");
	d := b64("eMKMzpvTtfQKRXDkMEwpo4CGMDRywKaKZJwjaYblo7B46WGKQ2a2R5GnGG7zmWKY2XmzlRTqK6j37+yctw5nEQ==");
	p := b64("AMfxTQ4YCsLrBUlOwzsTc0FC7Y12LJksoWcxBAuvboEP");
	q := b64("AMK426fI5Uvcl/y+/cb6b4RJgK3NWJpxbWfDQpKi8iAJ");
	rk := crypt->rsafill(n, ip("65537"), d, p, q);
	m := x16("123456789abcdef");
	sig := crypt->sign(rk, m);
	pick s := sig {
	RSA =>	sys->print("RSA signature %s\n", s.n.iptob64());
	}
	pk := crypt->sktopk(rk);
	sys->print("verify %d, other message %d, sktopk is the pk %d\n", crypt->verify(pk, sig, m),
		crypt->verify(pk, sig, m.add(ip("1"))), pk == rk.pk);

	# DSA in FIPS 186-2's example group
	fp := x16("8DF2A494492276AA3D25759BB06869CBEAC0D83AFB8D0CF7CBB8324F0D7882E5D0762FC5B7210EAFC2E9ADAC32AB7AAC49693DFBF83724C2EC0736EE31C80291");
	fq := x16("C773218C737EC8EE993B4F2DED30F48EDACE915F");
	fg := x16("626D027839EA0A13413163A55B4CB500299D5522956CEFCB3BFF10F399CE2C2E71CB9DE5FA24BABF58E5B79521925C9CC42E9F6F464B088CC572AF53E6D78802");
	fy := x16("19131871D75B1612A819F29D78D1B0D7346F7AA77BB62A859BFD6C5675DA9D212D3A36EF1672EF660B8C7C255CC0EC74858FBA33F44C06699630A76B030EE333");
	dk := crypt->dsagen(ref PK.DSA(fp, fq, fg, fy));
	dsig := crypt->sign(dk, m);
	sys->print("dsagen in a group: p kept %d, q kept %d, verify %d, other message %d\n", dk.pk.p.eq(fp), dk.pk.q.eq(fq),
		crypt->verify(dk.pk, dsig, m), crypt->verify(dk.pk, dsig, m.add(ip("1"))));
	sys->print("an RSA signature to a DSA key %d\n", crypt->verify(dk.pk, sig, m));

	ek := crypt->eggen(64, 0);
	em := m.mod(ek.pk.p);
	esig := crypt->sign(ek, em);
	sys->print("eggen 64: %d bits, verify %d, other message %d\n", ek.pk.p.bits(), crypt->verify(ek.pk, esig, em),
		crypt->verify(ek.pk, esig, em.add(ip("1"))));

	rg := crypt->rsagen(128, 17, 10);
	sys->print("rsagen 128: %d bits, decrypt(encrypt) %d\n", rg.pk.n.bits(),
		crypt->rsadecrypt(rg, crypt->rsaencrypt(rg.pk, m)).eq(m));
	algs := array[] of {"rsa", "elgamal"};	# DSA's 1024-bit primes are ipints-prime's
	for(i := 0; i < len algs; i++){
		g := crypt->genSK(algs[i], 64);
		f := crypt->genSKfromPK(crypt->sktopk(g));
		gm := ip("1000");
		sys->print("genSK %s: %s, genSKfromPK %s, sign and verify %d\n", algs[i], alg(g), alg(f)[0:3],
			crypt->verify(crypt->sktopk(f), crypt->sign(f, gm), gm));
	}
	sys->print("genSK unknown %d\n", crypt->genSK("nosuch", 64) == nil);
	(dq, dpp) := crypt->dhparams(64);
	sys->print("dhparams 64: p %d bits\n", dpp.bits());

	# the ciphers are Keyring's
	aes := crypt->aessetup(array[16] of {* => byte 0}, nil);
	b := array[16] of {* => byte 0};
	crypt->aescbc(aes, b, len b, Crypt->Encrypt);
	sys->print("aes of zeros %s\n", hex(b));
	dig := array[Crypt->SHA1dlen] of byte;
	crypt->sha1(array of byte "abc", 3, dig, nil);
	sys->print("sha1 %s\n", hex(dig));

	try("nil m");
	try("nil sk");
	try("rsagen of 100000 bits");
	try("eggen of 3 bits");
	try("rsaencrypt, modulus 0");
	try("aessetup nil key");
	try("rc4setup nil seed");
	try("dsagen, q not dividing p-1");
	try("sign with a key missing a number");
}
