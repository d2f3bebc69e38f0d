implement Pktest;

# keyring-pk -- $Keyring's keys, certificates and authentication: key
# and certificate texts and attribute forms (as Inferno writes them),
# RSA signatures (deterministic: known answers), FIPS 186-2's DSA
# example through DSApk.verify, keys made and used (RSA, ElGamal, DSA),
# a key file written and read, auth between two progs over a pipe (the
# shared secret, and each failure's message at both ends), and bad
# arguments, each nil or a clear exception as Inferno's.

include "sys.m";
	sys: Sys;
include "draw.m";
include "keyring.m";
	kr: Keyring;
	IPint, SK, PK, Certificate, Authinfo, DigestState, RSAsk, RSApk, DSAsk, DSApk, EGsk, EGpk: import kr;

Pktest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

# a 512-bit RSA key: n, ek, dk, p, q, kp, kq, c2
rsasktext := "rsa\nbob\nAJgVPWKIlVyCAruNbPchz4XQJIZuKN2nftog1QSFvoQaGimZFRBII0Z5pVKwhfgiHWd9G6aUXUrY2wLXBnkyaYc=\nAQAB\neMKMzpvTtfQKRXDkMEwpo4CGMDRywKaKZJwjaYblo7B46WGKQ2a2R5GnGG7zmWKY2XmzlRTqK6j37+yctw5nEQ==\nAMfxTQ4YCsLrBUlOwzsTc0FC7Y12LJksoWcxBAuvboEP\nAMK426fI5Uvcl/y+/cb6b4RJgK3NWJpxbWfDQpKi8iAJ\nCHKgj9TiN4QYkBVc2FUlDH/Ya56vmbUyCJsgkaHS6G8=\nd7PsVFjLnLcfN+CxYYDSzR/iWvXBYjAYcZE3e61v6wE=\nAI5UhHYc5+1ScgLb3UYYpN/jK0jcRGhbbSUKhuuizTbW\n";

# the Oakley group 1 of RFC 2409 (768 bits), base 2
oakley := "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A63A3620FFFFFFFFFFFFFFFF";

hex(d: array of byte): string
{
	s := "";
	for(i := 0; i < len d; i++)
		s += sys->sprint("%.2ux", int d[i]);
	return s;
}

x16(s: string): ref IPint
{
	return IPint.strtoip(s, 16);
}

# the signer's certificate of pk: a signature of its text
certify(ssk: ref SK, pk: ref PK, exp: int): ref Certificate
{
	b := array of byte kr->pktostr(pk);
	return kr->sign(ssk, exp, kr->sha1(b, len b, nil, nil), "sha1");
}

# n of an RSA public key, from its text
pkn(pk: ref PK): ref IPint
{
	t := kr->pktostr(pk);
	for(i := 0; t[i] != '\n'; i++)
		;
	for(i++; t[i] != '\n'; i++)
		;
	s := t[i+1:];
	for(i = 0; s[i] != '\n'; i++)
		;
	return IPint.b64toip(s[0:i]);
}

authinfo(ssk: ref SK, sk: ref SK, exp: int): ref Authinfo
{
	pk := kr->sktopk(sk);
	return ref Authinfo(sk, pk, certify(ssk, pk, exp), kr->sktopk(ssk), IPint.inttoip(2), x16(oakley));
}

# run auth at both ends of a pipe: each end's (name or error, secret)
authpair(a, b: ref Authinfo): (string, string, int)
{
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	c := chan of (string, array of byte);
	spawn authend(p[1], b, c);
	p[1] = nil;
	(ra, sa) := kr->auth(p[0], a, 0);
	(rb, sb) := <-c;
	return (ra, rb, sa != nil && sb != nil && hex(sa) == hex(sb));
}

authend(fd: ref Sys->FD, ai: ref Authinfo, c: chan of (string, array of byte))
{
	c <-= kr->auth(fd, ai, 0);
}

try(what: string)
{
	sk := kr->strtosk(rsasktext);
	{
		case what {
		"SK made by Limbo" =>	kr->sktostr(ref SK(ref Keyring->SigAlg("rsa"), "x"));
		"nil certificate" =>	kr->certtostr(nil);
		"rsa key of 3 bits" =>	kr->genSK("rsa", "x", 3);
		"elgamal key of 100000 bits" =>	kr->genSK("elgamal", "x", 100000);
		"sign with a spent state" =>
			st := kr->sha1(array of byte "abc", 3, array[20] of byte, nil);
			kr->sign(sk, 0, st, "sha1");
		"sign with an md5 state as sha1" =>	kr->sign(sk, 0, kr->md5(array of byte "abc", 3, nil, nil), "sha1");
		"writeauthinfo nil" =>	kr->writeauthinfo("/tmp/x", nil);
		"RSAsk with a nil part" =>	(ref RSAsk(nil, nil, nil, nil, nil, nil, nil)).decrypt(IPint.inttoip(5));
		"RSApk huge exponent" =>
			n := IPint.inttoip(1).shl(9000).add(IPint.inttoip(1));
			(ref RSApk(n, n)).encrypt(IPint.inttoip(3));
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
	kr = load Keyring Keyring->PATH;

	# texts and attributes
	sk := kr->strtosk(rsasktext);
	sys->print("sktostr round trip %d\n", kr->sktostr(sk) == rsasktext);
	pk := kr->sktopk(sk);
	sys->print("%s", kr->pktostr(pk));
	sys->print("%s\n", kr->pktoattr(pk));
	sys->print("sa %s owner %s\n", pk.sa.name, pk.owner);
	pk2 := kr->strtopk(kr->pktostr(pk));
	sys->print("strtopk round trip %d\n", kr->pktostr(pk2) == kr->pktostr(pk));

	# RSA signatures are deterministic
	msg := array of byte "the message";
	c := kr->sign(sk, 12345678, kr->sha1(msg, len msg, nil, nil), "sha1");
	sys->print("%s", kr->certtostr(c));
	sys->print("%s\n", kr->certtoattr(c));
	sys->print("cert fields %s %s %s %d\n", c.sa.name, c.ha, c.signer, c.exp);
	sys->print("verify %d\n", kr->verify(pk, c, kr->sha1(msg, len msg, nil, nil)));
	sys->print("verify another message %d\n", kr->verify(pk, c, kr->sha1(msg, 3, nil, nil)));
	c2 := kr->strtocert(kr->certtostr(c));
	sys->print("strtocert round trip %d\n", kr->certtostr(c2) == kr->certtostr(c));
	c = kr->sign(sk, 0, kr->md5(msg, len msg, nil, nil), "md5");
	sys->print("%s", kr->certtostr(c));
	m := x16("123456789abcdef");
	c = kr->signm(sk, m, "sha1");
	sys->print("signm %s", kr->certtostr(c));
	sys->print("verifym %d %d\n", kr->verifym(pk, c, m), kr->verifym(pk, c, m.add(IPint.inttoip(1))));
	sys->print("unknown hash %d\n", kr->sign(sk, 0, kr->sha1(msg, 3, nil, nil), "sha3") == nil);

	# the RSA adts on the same key: (c2 = p^-1 mod q ...)
	rsk := RSAsk.fill(pkn(pk),
		IPint.inttoip(65537), IPint.b64toip("eMKMzpvTtfQKRXDkMEwpo4CGMDRywKaKZJwjaYblo7B46WGKQ2a2R5GnGG7zmWKY2XmzlRTqK6j37+yctw5nEQ=="),
		IPint.b64toip("AMfxTQ4YCsLrBUlOwzsTc0FC7Y12LJksoWcxBAuvboEP"), IPint.b64toip("AMK426fI5Uvcl/y+/cb6b4RJgK3NWJpxbWfDQpKi8iAJ"));
	sys->print("RSAsk.fill c2 %s\n", rsk.c2.iptob64());
	sig := rsk.sign(m);
	sys->print("RSAsk.sign %s\n", sig.n.iptob64());
	sys->print("RSApk.verify %d %d\n", rsk.pk.verify(sig, m), rsk.pk.verify(sig, m.add(IPint.inttoip(1))));
	e := rsk.pk.encrypt(m);
	sys->print("RSApk.encrypt %s\nRSAsk.decrypt %s\n", e.iptob64(), rsk.decrypt(e).iptostr(16));
	sys->print("fill with a wrong d %d\n", RSAsk.fill(rsk.pk.n, rsk.pk.ek, rsk.dk.add(IPint.inttoip(1)), rsk.p, rsk.q) == nil);

	# FIPS 186-2's DSA example: the key and the signature of SHA-1("abc")
	dp := x16("8DF2A494492276AA3D25759BB06869CBEAC0D83AFB8D0CF7CBB8324F0D7882E5D0762FC5B7210EAFC2E9ADAC32AB7AAC49693DFBF83724C2EC0736EE31C80291");
	dq := x16("C773218C737EC8EE993B4F2DED30F48EDACE915F");
	dg := x16("626D027839EA0A13413163A55B4CB500299D5522956CEFCB3BFF10F399CE2C2E71CB9DE5FA24BABF58E5B79521925C9CC42E9F6F464B088CC572AF53E6D78802");
	dy := x16("19131871D75B1612A819F29D78D1B0D7346F7AA77BB62A859BFD6C5675DA9D212D3A36EF1672EF660B8C7C255CC0EC74858FBA33F44C06699630A76B030EE333");
	dpk := ref DSApk(dp, dq, dg, dy);
	h := array[20] of byte;
	kr->sha1(array of byte "abc", 3, h, nil);
	hm := IPint.bebytestoip(h);
	fsig := ref Keyring->DSAsig(x16("8BAC1AB66410435CB7181F95B16AB97C92B341C0"), x16("41E2345F1F56DF2458F426D155B4BA2DB6DCD8C8"));
	sys->print("DSApk.verify FIPS 186-2 %d, other message %d\n", dpk.verify(fsig, hm), dpk.verify(fsig, hm.add(IPint.inttoip(1))));
	dsk := ref DSAsk(dpk, x16("2070B3223DBA372FDE1C0FFC7B2E3B498B260614"));
	dsig := dsk.sign(hm);
	sys->print("DSAsk.sign then verify %d\n", dpk.verify(dsig, hm));
	nsk := DSAsk.gen(dpk);
	sys->print("DSAsk.gen in the group: same p %d, verify %d\n", nsk.pk.p.eq(dp), nsk.pk.verify(nsk.sign(hm), hm));
	esk := EGsk.gen(64, 0);
	esig := esk.sign(hm.mod(esk.pk.p));
	sys->print("EGsk.gen 64: %d bits, verify %d %d\n", esk.pk.p.bits(), esk.pk.verify(esig, hm.mod(esk.pk.p)), esk.pk.verify(esig, hm.mod(esk.pk.p).add(IPint.inttoip(1))));

	# keys made here (DSA's 1024-bit primes are ipints-prime's)
	algs := array[] of {"rsa", "elgamal"};
	lens := array[] of {256, 64};
	for(i := 0; i < len algs; i++){
		gsk := kr->genSK(algs[i], "carol", lens[i]);
		gpk := kr->sktopk(gsk);
		gc := kr->sign(gsk, 0, kr->sha1(msg, len msg, nil, nil), "sha1");
		ok := kr->verify(gpk, gc, kr->sha1(msg, len msg, nil, nil));
		bad := kr->verify(gpk, gc, kr->sha1(msg, 2, nil, nil));
		rt := kr->strtosk(kr->sktostr(gsk));
		sys->print("%s: owner %s, verify %d, wrong %d, text round trip %d, from pk %d\n", algs[i], gsk.owner, ok, bad,
			kr->sktostr(rt) == kr->sktostr(gsk), kr->genSKfromPK(gpk, "dave") != nil);
	}
	sys->print("unknown algorithm %d\n", kr->genSK("nosuch", "x", 512) == nil);
	sys->print("another algorithm's key %d\n", kr->verify(kr->sktopk(kr->genSK("elgamal", "x", 64)), kr->sign(sk, 0, kr->sha1(msg, 1, nil, nil), "sha1"), kr->sha1(msg, 1, nil, nil)));

	# malformed texts are nil
	bad := array[] of {"", "rsa", "rsa\nbob\n", "nosuch\nx\nAA==\nAA==\n", "rsa\nbob\nAQ==\n\n", "toolongnameofanalgorithm\nx\nAA==\nAA==\n"};
	for(i = 0; i < len bad; i++)
		sys->print("bad pk %d: %d\n", i, kr->strtopk(bad[i]) == nil);
	sys->print("bad sk: %d, bad cert: %d %d\n", kr->strtosk("rsa\nbob\nAQ==\nAQ==\n") == nil,
		kr->strtocert("rsa\nsha1\nbob\n5\n") == nil, kr->strtocert("elgamal\nsha1\nbob\n5\nAQ==\n") == nil);
	junk := kr->strtopk("rsa\nx\nAQ==\n@@@\n");
	sys->print("junk base 64 is zero: %s", kr->pktostr(junk));

	# a key file
	f := "/tmp/keyring-pk.test";
	ai := authinfo(sk, sk, 0);
	sys->print("writeauthinfo %d\n", kr->writeauthinfo(f, ai));
	ai2 := kr->readauthinfo(f);
	sys->print("readauthinfo: sk %d cert %d spk %d mypk %d p %d alpha %d\n", kr->sktostr(ai2.mysk) == kr->sktostr(ai.mysk),
		kr->certtostr(ai2.cert) == kr->certtostr(ai.cert), kr->pktostr(ai2.spk) == kr->pktostr(ai.spk),
		kr->pktostr(ai2.mypk) == kr->pktostr(ai.mypk), ai2.p.eq(ai.p), ai2.alpha.eq(ai.alpha));
	fd := sys->open(f, Sys->OWRITE|Sys->OTRUNC);
	sys->fprint(fd, "0003\nrsa");
	fd = nil;
	sys->print("truncated key file %d: %r\n", kr->readauthinfo(f) == nil);
	sys->remove(f);
	sys->print("no key file %d\n", kr->readauthinfo(f) == nil);

	# auth: the signer signs alice's and bob's keys
	ssk := kr->genSK("rsa", "signer", 256);
	alice := authinfo(ssk, kr->genSK("rsa", "alice", 256), 0);
	bob := authinfo(ssk, kr->genSK("rsa", "bob", 256), 0);
	(ra, rb, same) := authpair(alice, bob);
	sys->print("auth: %s, %s, same secret %d\n", ra, rb, same);
	eve := authinfo(kr->genSK("rsa", "other", 256), kr->genSK("rsa", "eve", 256), 0);
	(ra, rb, same) = authpair(alice, eve);
	sys->print("another signer: %s; %s\n", ra, rb);
	old := authinfo(ssk, kr->genSK("rsa", "old", 256), 1000);
	(ra, rb, same) = authpair(alice, old);
	sys->print("expired: %s; %s\n", ra, rb);
	(ra, rb, same) = authpair(alice, nil);
	sys->print("no info: %s; %s\n", ra, rb);
	p := array[2] of ref Sys->FD;
	sys->pipe(p);
	spawn version(p[1]);
	p[1] = nil;
	(ra, nil) = kr->auth(p[0], alice, 0);
	sys->print("version 2: %s\n", ra);

	try("SK made by Limbo");
	try("nil certificate");
	try("rsa key of 3 bits");
	try("elgamal key of 100000 bits");
	try("sign with a spent state");
	try("sign with an md5 state as sha1");
	try("writeauthinfo nil");
	try("RSAsk with a nil part");
	try("RSApk huge exponent");
}

version(fd: ref Sys->FD)
{
	kr->sendmsg(fd, array of byte "2", 1);
	kr->getmsg(fd);
	kr->getmsg(fd);
}
