# Keyring -- message digests, the part of Inferno's Keyring module that
# Minos provides.  A builtin module ($Keyring) implemented in
# libinterp/keyring.c over lib9's digest.c.  What is declared here is
# declared as in Inferno's keyring.m, so that programs compiled against
# either (md5sum, sha1sum) link with it; the big integers, keys,
# certificates, ciphers and authentication are not provided.

Keyring: module
{
	PATH:	con	"$Keyring";

	# the state of a digest between calls
	DigestState: adt
	{
		x:	int;	# the state itself is hidden

		copy:	fn(d: self ref DigestState): ref DigestState;
	};

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
};
