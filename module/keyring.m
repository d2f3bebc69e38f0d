# Keyring -- Inferno's security module: big integers, digests, ciphers,
# public keys and certificates, and the authentication of a connection.
# A builtin module ($Keyring) implemented in libinterp/keyring.c over
# lib9's mp.c and ciphers (its IPint is $IPints', ipint.c).  Declared as
# in Inferno's keyring.m, so that programs compiled against either link
# with it.  keyring(2).

Keyring: module
{
	PATH:	con	"$Keyring";

	# a signed integer of up to 2^17 bits; the value is hidden
	IPint: adt
	{
		x:	int;

		# conversions
		iptob64:	fn(i: self ref IPint): string;
		iptob64z:	fn(i: self ref IPint): string;
		b64toip:	fn(str: string): ref IPint;
		iptobytes:	fn(i: self ref IPint): array of byte;
		iptobebytes:	fn(i: self ref IPint): array of byte;
		bytestoip:	fn(buf: array of byte): ref IPint;
		bebytestoip:	fn(mag: array of byte): ref IPint;
		inttoip:	fn(i: int): ref IPint;
		iptoint:	fn(i: self ref IPint): int;
		iptostr:	fn(i: self ref IPint, base: int): string;
		strtoip:	fn(str: string, base: int): ref IPint;

		# a random number below 2^maxbits (minbits is not used)
		random:	fn(minbits, maxbits: int): ref IPint;

		# arithmetic
		bits:	fn(i: self ref IPint): int;
		expmod:	fn(base: self ref IPint, exp, mod: ref IPint): ref IPint;
		invert:	fn(base: self ref IPint, mod: ref IPint): ref IPint;
		add:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		sub:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		neg:	fn(i: self ref IPint): ref IPint;
		mul:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		div:	fn(i1: self ref IPint, i2: ref IPint): (ref IPint, ref IPint);
		mod:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		eq:	fn(i1: self ref IPint, i2: ref IPint): int;
		cmp:	fn(i1: self ref IPint, i2: ref IPint): int;
		copy:	fn(i: self ref IPint): ref IPint;

		# shifts
		shl:	fn(i: self ref IPint, n: int): ref IPint;
		shr:	fn(i: self ref IPint, n: int): ref IPint;

		# bitwise, on the magnitudes
		and:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		ori:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		xor:	fn(i1: self ref IPint, i2: ref IPint): ref IPint;
		not:	fn(i1: self ref IPint): ref IPint;
	};

	# a signature algorithm: elgamal, rsa or dsa
	SigAlg: adt
	{
		name:	string;
	};

	# a public key and a secret key (with its public part); the
	# numbers are hidden
	PK: adt
	{
		sa:	ref SigAlg;
		owner:	string;
	};

	SK: adt
	{
		sa:	ref SigAlg;
		owner:	string;
	};

	# a signature by signer, with hash algorithm ha, valid until exp
	# (seconds since the epoch; 0 for ever); the signature is hidden
	Certificate: adt
	{
		sa:	ref SigAlg;
		ha:	string;
		signer:	string;
		exp:	int;
	};

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

	# what auth needs: my keys, my certificate from the signer, the
	# signer's public key, Diffie-Hellman's base and modulus
	Authinfo: adt
	{
		mysk:	ref SK;
		mypk:	ref PK;
		cert:	ref Certificate;
		spk:	ref PK;
		alpha:	ref IPint;
		p:	ref IPint;
	};

	# keys and certificates as text, lines of fields
	certtostr:	fn(c: ref Certificate): string;
	pktostr:	fn(pk: ref PK): string;
	sktostr:	fn(sk: ref SK): string;

	strtocert:	fn(s: string): ref Certificate;
	strtopk:	fn(s: string): ref PK;
	strtosk:	fn(s: string): ref SK;

	# and as attribute=value pairs
	certtoattr:	fn(c: ref Certificate): string;
	pktoattr:	fn(pk: ref PK): string;
	sktoattr:	fn(sk: ref SK): string;

	# signatures
	sign:	fn(sk: ref SK, exp: int, state: ref DigestState, ha: string):
		ref Certificate;
	verify:	fn(pk: ref PK, cert: ref Certificate, state: ref DigestState):
		int;
	signm:	fn(sk: ref SK, m: ref IPint, ha: string):
		ref Certificate;
	verifym:	fn(pk: ref PK, cert: ref Certificate, m: ref IPint):
		int;

	# keys
	genSK:	fn(algname, owner: string, length: int): ref SK;
	genSKfromPK:	fn(pk: ref PK, owner: string): ref SK;
	sktopk:	fn(sk: ref SK): ref PK;

	# digests
	md4:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
	md5:	fn(buf: array of byte, n: int, digest: array of byte, state: ref DigestState):
		ref DigestState;
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
	dhparams:	fn(nbits: int): (ref IPint, ref IPint);

	# mutual authentication on fd: (the other's name, the shared
	# secret), or (why not, nil)
	auth:	fn(fd: ref Sys->FD, info: ref Authinfo, setid: int): (string, array of byte);

	readauthinfo:	fn(filename: string): ref Authinfo;
	writeauthinfo:	fn(filename: string, info: ref Authinfo): int;

	# messages on a connection that keeps them apart (ssl): at most
	# 4096 bytes, errors at most 64; get* return (result, error)
	getstring:	fn(fd: ref Sys->FD): (string, string);
	putstring:	fn(fd: ref Sys->FD, s: string): int;
	getbytearray:	fn(fd: ref Sys->FD): (array of byte, string);
	putbytearray:	fn(fd: ref Sys->FD, a: array of byte, n: int): int;
	puterror:	fn(fd: ref Sys->FD, s: string): int;

	# and on a stream, each with a count before it
	getmsg:	fn(fd: ref Sys->FD): array of byte;
	sendmsg:	fn(fd: ref Sys->FD, buf: array of byte, n: int): int;
	senderrmsg:	fn(fd: ref Sys->FD, s: string): int;

	# the algorithms themselves
	RSApk: adt {
		n:	ref IPint;		# modulus
		ek:	ref IPint;		# public exponent

		encrypt:	fn(k: self ref RSApk, m: ref IPint): ref IPint;
		verify:	fn(k: self ref RSApk, sig: ref RSAsig, m: ref IPint): int;
	};

	RSAsk: adt {
		pk:	ref RSApk;
		dk:	ref IPint;		# private exponent
		p:	ref IPint;		# the primes
		q:	ref IPint;
		kp:	ref IPint;		# dk mod p-1
		kq:	ref IPint;		# dk mod q-1
		c2:	ref IPint;		# p^-1 mod q

		gen:	fn(nlen: int, elen: int, nrep: int): ref RSAsk;
		fill:	fn(n: ref IPint, e: ref IPint, d: ref IPint, p: ref IPint, q: ref IPint): ref RSAsk;
		decrypt:	fn(k: self ref RSAsk, m: ref IPint): ref IPint;
		sign:	fn(k: self ref RSAsk, m: ref IPint): ref RSAsig;
	};

	RSAsig: adt {
		n:	ref IPint;
	};

	DSApk: adt {
		p:	ref IPint;		# modulus
		q:	ref IPint;		# the group's order, q | p-1
		alpha:	ref IPint;		# its generator
		key:	ref IPint;		# alpha^secret mod p

		verify:	fn(k: self ref DSApk, sig: ref DSAsig, m: ref IPint): int;
	};

	DSAsk: adt {
		pk:	ref DSApk;
		secret:	ref IPint;

		gen:	fn(oldpk: ref DSApk): ref DSAsk;
		sign:	fn(k: self ref DSAsk, m: ref IPint): ref DSAsig;
	};

	DSAsig: adt {
		r:	ref IPint;
		s:	ref IPint;
	};

	EGpk: adt {
		p:	ref IPint;		# modulus
		alpha:	ref IPint;		# generator
		key:	ref IPint;		# alpha^secret mod p

		verify:	fn(k: self ref EGpk, sig: ref EGsig, m: ref IPint): int;
	};

	EGsk: adt {
		pk:	ref EGpk;
		secret:	ref IPint;

		gen:	fn(nlen: int, nrep: int): ref EGsk;
		sign:	fn(k: self ref EGsk, m: ref IPint): ref EGsig;
	};

	EGsig: adt {
		r:	ref IPint;
		s:	ref IPint;
	};
};
