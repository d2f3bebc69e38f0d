# Crypt -- digests, ciphers and public keys, the newer home of Keyring's
# cryptography (Inferno's limbo.dis uses its md5): a builtin module
# ($Crypt) implemented in libinterp/crypt.c over keyring.c and lib9.  Its
# keys are pick adts of IPints->IPint: include ipints.m first.  Declared
# as in Inferno's crypt.m, so that programs compiled against either link
# with it.  crypt(2).

Crypt: module
{
	PATH:	con	"$Crypt";

	# the state of a digest between calls
	DigestState: adt
	{
		x:	int;

		copy:	fn(d: self ref DigestState): ref DigestState;
	};

	# expanded keys and chaining state of the ciphers
	AESstate: adt
	{
		x:	int;
	};

	DESstate: adt
	{
		x:	int;
	};

	IDEAstate: adt
	{
		x:	int;
	};

	RC4state: adt
	{
		x:	int;
	};

	BFstate: adt
	{
		x:	int;
	};

	# digests
	sha1:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	sha224:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	sha256:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	sha384:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	sha512:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	md4:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	md5:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;

	hmac_sha1:	fn(data: array of byte, n: int, key: array of byte, digest: array of byte, state: ref DigestState):
		ref DigestState;
	hmac_md5:	fn(data: array of byte, n: int, key: array of byte, digest: array of byte, state: ref DigestState):
		ref DigestState;

	SHA1dlen:	con 20;
	SHA224dlen:	con 28;
	SHA256dlen:	con 32;
	SHA384dlen:	con 48;
	SHA512dlen:	con 64;
	MD5dlen:	con 16;
	MD4dlen:	con 16;

	# ciphers
	Encrypt:	con 0;
	Decrypt:	con 1;

	AESbsize:	con 16;

	aessetup:	fn(key: array of byte, ivec: array of byte): ref AESstate;
	aescbc:	fn(state: ref AESstate, buf: array of byte, n: int, direction: int);

	DESbsize:	con 8;

	dessetup:	fn(key: array of byte, ivec: array of byte): ref DESstate;
	desecb:	fn(state: ref DESstate, buf: array of byte, n: int, direction: int);
	descbc:	fn(state: ref DESstate, buf: array of byte, n: int, direction: int);

	IDEAbsize:	con 8;

	ideasetup:	fn(key: array of byte, ivec: array of byte): ref IDEAstate;
	ideaecb:	fn(state: ref IDEAstate, buf: array of byte, n: int, direction: int);
	ideacbc:	fn(state: ref IDEAstate, buf: array of byte, n: int, direction: int);

	BFbsize:	con 8;

	blowfishsetup:	fn(key: array of byte, ivec: array of byte): ref BFstate;
	blowfishcbc:	fn(state: ref BFstate, buf: array of byte, n: int, direction: int);

	rc4setup:	fn(seed: array of byte): ref RC4state;
	rc4:	fn(state: ref RC4state, buf: array of byte, n: int);
	rc4skip:	fn(state: ref RC4state, n: int);
	rc4back:	fn(state: ref RC4state, n: int);

	# Diffie-Hellman's (alpha, p)
	dhparams:	fn(nbits: int): (ref IPints->IPint, ref IPints->IPint);

	# a public key
	PK: adt
	{
		pick {
		RSA =>
			n:	ref IPints->IPint;	# modulus
			ek:	ref IPints->IPint;	# public exponent
		Elgamal =>
			p:	ref IPints->IPint;	# modulus
			alpha:	ref IPints->IPint;	# generator
			key:	ref IPints->IPint;	# alpha^secret mod p
		DSA =>
			p:	ref IPints->IPint;	# modulus
			q:	ref IPints->IPint;	# the group's order, q | p-1
			alpha:	ref IPints->IPint;	# its generator
			key:	ref IPints->IPint;	# alpha^secret mod p
		}
	};

	# a secret key, with its public part
	SK: adt
	{
		pick {
		RSA =>
			pk:	ref PK.RSA;
			dk:	ref IPints->IPint;	# private exponent
			p:	ref IPints->IPint;	# the primes
			q:	ref IPints->IPint;
			kp:	ref IPints->IPint;	# dk mod p-1
			kq:	ref IPints->IPint;	# dk mod q-1
			c2:	ref IPints->IPint;	# p^-1 mod q
		Elgamal =>
			pk:	ref PK.Elgamal;
			secret:	ref IPints->IPint;
		DSA =>
			pk:	ref PK.DSA;
			secret:	ref IPints->IPint;
		}
	};

	# a signature
	PKsig: adt
	{
		pick {
		RSA =>
			n:	ref IPints->IPint;
		Elgamal =>
			r:	ref IPints->IPint;
			s:	ref IPints->IPint;
		DSA =>
			r:	ref IPints->IPint;
			s:	ref IPints->IPint;
		}
	};

	# RSA
	rsagen:	fn(nlen: int, elen: int, nrep: int): ref SK.RSA;
	rsafill:	fn(n: ref IPints->IPint, ek: ref IPints->IPint, dk: ref IPints->IPint, p: ref IPints->IPint, q: ref IPints->IPint): ref SK.RSA;
	rsadecrypt:	fn(k: ref SK.RSA, m: ref IPints->IPint): ref IPints->IPint;
	rsaencrypt:	fn(k: ref PK.RSA, m: ref IPints->IPint): ref IPints->IPint;

	# ElGamal
	eggen:	fn(nlen: int, nrep: int): ref SK.Elgamal;

	# DSA
	dsagen:	fn(oldpk: ref PK.DSA): ref SK.DSA;

	# any algorithm
	genSK:	fn(algname: string, length: int): ref SK;
	genSKfromPK:	fn(pk: ref PK): ref SK;
	sign:	fn(sk: ref SK, m: ref IPints->IPint): ref PKsig;
	verify:	fn(pk: ref PK, sig: ref PKsig, m: ref IPints->IPint): int;
	sktopk:	fn(sk: ref SK): ref PK;
};
