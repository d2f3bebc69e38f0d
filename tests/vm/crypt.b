implement Crypttest;

# crypt -- $Crypt, Inferno's newer home of the digests (its limbo.dis
# uses Crypt->md5): the same functions as $Keyring's, test vectors of
# RFC 1321, FIPS 180 and RFC 2202, and a bad argument.

include "sys.m";
	sys: Sys;
include "draw.m";
include "ipints.m";
include "crypt.m";
	crypt: Crypt;
	DigestState: import crypt;

Crypttest: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

hex(d: array of byte): string
{
	s := "";
	for(i := 0; i < len d; i++)
		s += sys->sprint("%.2ux", int d[i]);
	return s;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	crypt = load Crypt Crypt->PATH;
	if(crypt == nil){
		sys->print("cannot load Crypt: %r\n");
		raise "fail:load";
	}
	abc := array of byte "abc";
	d := array[Crypt->SHA512dlen] of byte;
	crypt->md4(abc, len abc, d, nil);
	sys->print("md4 %s\n", hex(d[0:Crypt->MD4dlen]));
	crypt->md5(abc, len abc, d, nil);
	sys->print("md5 %s\n", hex(d[0:Crypt->MD5dlen]));
	s := crypt->sha1(abc, 1, nil, nil);
	c := s.copy();
	crypt->sha1(abc[1:], 2, d, s);
	sys->print("sha1 %s\n", hex(d[0:Crypt->SHA1dlen]));
	crypt->sha1(array of byte "bd", 2, d, c);
	sys->print("sha1 abd %s\n", hex(d[0:Crypt->SHA1dlen]));
	crypt->sha224(abc, len abc, d, nil);
	sys->print("sha224 %s\n", hex(d[0:Crypt->SHA224dlen]));
	crypt->sha256(abc, len abc, d, nil);
	sys->print("sha256 %s\n", hex(d[0:Crypt->SHA256dlen]));
	crypt->sha384(abc, len abc, d, nil);
	sys->print("sha384 %s\n", hex(d[0:Crypt->SHA384dlen]));
	crypt->sha512(abc, len abc, d, nil);
	sys->print("sha512 %s\n", hex(d));
	key := array of byte "Jefe";
	data := array of byte "what do ya want for nothing?";
	crypt->hmac_md5(data, len data, key, d, nil);
	sys->print("hmac_md5 %s\n", hex(d[0:Crypt->MD5dlen]));
	crypt->hmac_sha1(data, len data, key, d, nil);
	sys->print("hmac_sha1 %s\n", hex(d[0:Crypt->SHA1dlen]));
	{
		crypt->md5(abc, 3, array[15] of byte, nil);
	} exception e {
	"*" =>	sys->print("short digest: %s\n", e);
	}
}
