# Crypt -- message digests, the part of Inferno's Crypt module that Minos
# provides: the digests of keyring.m under the newer module's name
# (Inferno's limbo.dis uses its md5).  A builtin module ($Crypt)
# implemented in libinterp/crypt.c over keyring.c.  What is declared here
# is declared as in Inferno's crypt.m; its ciphers and public keys are
# not provided.

Crypt: module
{
	PATH:	con	"$Crypt";

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
