implement Keyringtest;

# keyring -- $Keyring's digests through the Limbo interface: the test
# vectors of RFC 1320, RFC 1321, FIPS 180 and RFC 2202, digests built in
# pieces and from copies of a state, and hostile arguments, each a clear
# exception.

include "sys.m";
	sys: Sys;
include "draw.m";
include "keyring.m";
	kr: Keyring;
	DigestState: import kr;

Keyringtest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Digestfn: type ref fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState): ref DigestState;

hex(d: array of byte): string
{
	s := "";
	for(i := 0; i < len d; i++)
		s += sys->sprint("%.2ux", int d[i]);
	return s;
}

whole(name: string, f: Digestfn, dlen: int, msg: string)
{
	d := array[dlen] of byte;
	b := array of byte msg;
	f(b, len b, d, nil);
	sys->print("%s(\"%s\") %s\n", name, msg, hex(d));
}

# the million a's, fed 1000 at a time
million(name: string, f: Digestfn, dlen: int)
{
	a := array[1000] of {* => byte 'a'};
	s: ref DigestState;
	for(i := 0; i < 1000; i++)
		s = f(a, len a, nil, s);
	d := array[dlen] of byte;
	f(nil, 0, d, s);
	sys->print("%s(a x 1000000) %s\n", name, hex(d));
}

# each hostile call raises its own exception
hostile := array[] of {
	"nil buffer, n 1",
	"n -1",
	"short digest",
	"nil key",
	"65-byte key",
	"md5 state to sha1",
	"plain state to hmac",
	"spent state",
	"made by Limbo",
	"copy made by Limbo",
};

try(what: string)
{
	abc := array of byte "abc";
	k80 := array[80] of {* => byte 16raa};
	{
		case what {
		"nil buffer, n 1" =>	kr->md5(nil, 1, nil, nil);
		"n -1" =>	kr->sha1(abc, -1, nil, nil);
		"short digest" =>	kr->sha1(abc, 3, array[19] of byte, nil);
		"nil key" =>	kr->hmac_md5(abc, 3, nil, nil, nil);
		"65-byte key" =>	kr->hmac_sha1(abc, 3, k80[0:65], nil, nil);
		"md5 state to sha1" =>	kr->sha1(abc, 3, nil, kr->md5(abc, 3, nil, nil));
		"plain state to hmac" =>	kr->hmac_md5(abc, 3, abc, nil, kr->md5(abc, 3, nil, nil));
		"spent state" =>
			t := kr->md5(abc, 3, array[16] of byte, nil);
			kr->md5(abc, 3, nil, t);
		"made by Limbo" =>	kr->md5(abc, 3, nil, ref DigestState(0));
		"copy made by Limbo" =>	(ref DigestState(0)).copy();
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
	if(kr == nil){
		sys->print("cannot load Keyring: %r\n");
		raise "fail:load";
	}
	m448 := "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	m896 := "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
	whole("md4", kr->md4, Keyring->MD4dlen, "");
	whole("md4", kr->md4, Keyring->MD4dlen, "abc");
	whole("md4", kr->md4, Keyring->MD4dlen, "message digest");
	whole("md5", kr->md5, Keyring->MD5dlen, "");
	whole("md5", kr->md5, Keyring->MD5dlen, "abc");
	whole("md5", kr->md5, Keyring->MD5dlen, "message digest");
	whole("sha1", kr->sha1, Keyring->SHA1dlen, "abc");
	whole("sha1", kr->sha1, Keyring->SHA1dlen, m448);
	whole("sha224", kr->sha224, Keyring->SHA224dlen, "abc");
	whole("sha256", kr->sha256, Keyring->SHA256dlen, "abc");
	whole("sha256", kr->sha256, Keyring->SHA256dlen, m448);
	whole("sha384", kr->sha384, Keyring->SHA384dlen, m896);
	whole("sha512", kr->sha512, Keyring->SHA512dlen, "abc");
	million("sha1", kr->sha1, Keyring->SHA1dlen);
	million("md5", kr->md5, Keyring->MD5dlen);

	# HMAC (RFC 2202), whole and in two calls with the key in each
	key := array of byte "Jefe";
	data := array of byte "what do ya want for nothing?";
	d16 := array[16] of byte;
	d20 := array[20] of byte;
	kr->hmac_md5(data, len data, key, d16, nil);
	sys->print("hmac_md5 %s\n", hex(d16));
	s := kr->hmac_md5(data, 10, key, nil, nil);
	kr->hmac_md5(data[10:], len data-10, key, d16, s);
	sys->print("hmac_md5 in two %s\n", hex(d16));
	kr->hmac_sha1(data, len data, key, d20, nil);
	sys->print("hmac_sha1 %s\n", hex(d20));
	k80 := array[80] of {* => byte 16raa};
	kr->hmac_sha1(data, len data, k80[0:64], d20, nil);
	sys->print("hmac_sha1 64-byte key %s\n", hex(d20));

	# a copy goes on independently; n beyond the buffer is cut to it
	abc := array of byte "abc";
	s = kr->md5(abc, 2, nil, nil);
	c := s.copy();
	kr->md5(abc[2:], 1, d16, s);
	sys->print("md5 ab+c %s\n", hex(d16));
	kr->md5(array of byte "x", 1, d16, c);
	sys->print("md5 ab+x copy %s\n", hex(d16));
	kr->md5(abc, 1000, d16, nil);
	sys->print("md5 abc, n 1000 %s\n", hex(d16));
	nd: ref DigestState;
	sys->print("nil copy: %d\n", nd.copy() == nil);

	for(i := 0; i < len hostile; i++)
		try(hostile[i]);
	mb := array[1<<20] of {* => byte 16r5a};
	d32 := array[32] of byte;
	kr->sha256(mb, 16r7fffffff, d32, nil);
	sys->print("sha256 of 1MB, n 16r7fffffff %s\n", hex(d32));
}
