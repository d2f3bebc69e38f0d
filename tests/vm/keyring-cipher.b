implement Ciphertest;

# keyring-cipher -- $Keyring's ciphers through the Limbo interface:
# FIPS 197's AES vectors and SP 800-38A's CBC, FIPS 81's DES CBC, IDEA
# (Lai), Blowfish (Schneier's vector, in Inferno's little-endian CBC),
# RC4 (RFC 6229) forward, skipped and back; chaining carried between
# calls, AES's short last piece, and bad arguments, each a clear
# exception.

include "sys.m";
	sys: Sys;
include "draw.m";
include "keyring.m";
	kr: Keyring;

Ciphertest: module
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

unhex(s: string): array of byte
{
	a := array[len s/2] of byte;
	for(i := 0; i < len a; i++)
		a[i] = byte ((hexval(s[2*i])<<4) | hexval(s[2*i+1]));
	return a;
}

hexval(c: int): int
{
	if(c >= 'a')
		return c-'a'+10;
	return c-'0';
}

try(what: string)
{
	b := array[16] of byte;
	{
		case what {
		"aes 15-byte key" =>	kr->aessetup(b[0:15], nil);
		"aes short ivec" =>	kr->aessetup(b, b[0:8]);
		"des 7-byte key" =>	kr->dessetup(b[0:7], nil);
		"idea 15-byte key" =>	kr->ideasetup(b[0:15], nil);
		"blowfish empty key" =>	kr->blowfishsetup(b[0:0], nil);
		"blowfish 7-byte ivec" =>	kr->blowfishsetup(b, b[0:7]);
		"des 12 bytes" =>	kr->descbc(kr->dessetup(b[0:8], nil), b, 12, 0);
		"n beyond the buffer" =>	kr->aescbc(kr->aessetup(b, nil), b, 17, 0);
		"negative n" =>	kr->rc4(kr->rc4setup(b), b, -1);
		"nil state" =>	kr->desecb(nil, b, 8, 0);
		"des state to idea" =>	kr->ideaecb(ref Keyring->IDEAstate(kr->dessetup(b[0:8], nil).x), b, 8, 0);
		"state made by Limbo" =>	kr->rc4(ref Keyring->RC4state(0), b, 4);
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

	keys := array[] of {
		"000102030405060708090a0b0c0d0e0f",
		"000102030405060708090a0b0c0d0e0f1011121314151617",
		"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
	};
	for(i := 0; i < len keys; i++){
		b := unhex("00112233445566778899aabbccddeeff");
		kr->aescbc(kr->aessetup(unhex(keys[i]), nil), b, len b, Keyring->Encrypt);
		sys->print("aes-%d %s\n", 4*len keys[i], hex(b));
	}
	iv := unhex("000102030405060708090a0b0c0d0e0f");
	k := unhex("2b7e151628aed2a6abf7158809cf4f3c");
	p := unhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
	s := kr->aessetup(k, iv);
	kr->aescbc(s, p, 16, Keyring->Encrypt);	# the chain goes on from call to call
	kr->aescbc(s, p[16:], 48, Keyring->Encrypt);
	sys->print("aes cbc %s\n", hex(p));
	s = kr->aessetup(k, iv);
	kr->aescbc(s, p, len p, Keyring->Decrypt);
	sys->print("aes cbc back %s\n", hex(p[0:16]));
	t := array[21] of {* => byte 0};
	s = kr->aessetup(k, iv);
	kr->aescbc(s, t, len t, Keyring->Encrypt);
	sys->print("aes 21 bytes %s\n", hex(t));
	s = kr->aessetup(k, iv);
	kr->aescbc(s, t, len t, Keyring->Decrypt);
	sys->print("aes 21 bytes back %s\n", hex(t));

	d := array of byte "Now is the time for all ";
	ds := kr->dessetup(unhex("0123456789abcdef"), unhex("1234567890abcdef"));
	kr->descbc(ds, d, len d, Keyring->Encrypt);
	sys->print("des cbc %s\n", hex(d));
	d = unhex("0123456789abcdef");
	kr->desecb(kr->dessetup(unhex("133457799bbcdff1"), nil), d, 8, Keyring->Encrypt);
	sys->print("des ecb %s\n", hex(d));

	d = unhex("0000000100020003");
	is := kr->ideasetup(unhex("00010002000300040005000600070008"), nil);
	kr->ideaecb(is, d, 8, Keyring->Encrypt);
	sys->print("idea %s\n", hex(d));
	kr->ideaecb(is, d, 8, Keyring->Decrypt);
	sys->print("idea back %s\n", hex(d));
	d = array[16] of {* => byte 16r5a};
	is = kr->ideasetup(unhex("00010002000300040005000600070008"), unhex("0102030405060708"));
	kr->ideacbc(is, d, 16, Keyring->Encrypt);
	sys->print("idea cbc %s\n", hex(d));

	# Blowfish: key 30..., block 1000000000000001 as two little-endian words
	d = unhex("0000001001000000");
	kr->blowfishcbc(kr->blowfishsetup(unhex("3000000000000000"), nil), d, 8, Keyring->Encrypt);
	sys->print("blowfish %s\n", hex(d));
	kr->blowfishcbc(kr->blowfishsetup(unhex("3000000000000000"), nil), d, 8, Keyring->Decrypt);
	sys->print("blowfish back %s\n", hex(d));

	rs := kr->rc4setup(unhex("0102030405"));
	d = array[16] of {* => byte 0};
	kr->rc4(rs, d, 16);
	sys->print("rc4 %s\n", hex(d));
	kr->rc4skip(rs, 16);
	d = array[8] of {* => byte 0};
	kr->rc4(rs, d, 8);
	sys->print("rc4 at 32 %s\n", hex(d));
	kr->rc4back(rs, 40);
	d = array[8] of {* => byte 0};
	kr->rc4(rs, d, 8);
	sys->print("rc4 back to 0 %s\n", hex(d));
	sys->print("rc4setup nil: %d\n", kr->rc4setup(nil) == nil);

	try("aes 15-byte key");
	try("aes short ivec");
	try("des 7-byte key");
	try("idea 15-byte key");
	try("blowfish empty key");
	try("blowfish 7-byte ivec");
	try("des 12 bytes");
	try("n beyond the buffer");
	try("negative n");
	try("nil state");
	try("des state to idea");
	try("state made by Limbo");
}
