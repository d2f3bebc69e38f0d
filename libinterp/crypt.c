/*
 * $Crypt: the digests of Inferno's Crypt module, which are $Keyring's
 * (keyring.c does the work; a state of one serves the other).
 * Function table and frame structs come from module/crypt.m by limbo -t
 * and -a, apart from runt.h, which has Keyring's DigestState.copy.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
/* limbo names the adt's function DigestState_copy; here it is Crypt's */
#define	DigestState_copy	Crypt_DigestState_copy
#include "cryptrunt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "cryptmod.h"
#undef	Runtab
#include "fns.h"

/* called by keyringmodinit, which makes the DigestState type first */
void
cryptmodinit(void)
{
	builtinmod("$Crypt", Cryptmodtab, Cryptmodlen);
}

void
Crypt_DigestState_copy(void *fp)
{
	F_DigestState_copy *f;

	f = fp;
	kdigestcopy(f->d, (void**)f->ret);
}

void
Crypt_md4(void *fp)
{
	F_Crypt_md4 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dmd4, (void**)f->ret);
}

void
Crypt_md5(void *fp)
{
	F_Crypt_md5 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dmd5, (void**)f->ret);
}

void
Crypt_sha1(void *fp)
{
	F_Crypt_sha1 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha1, (void**)f->ret);
}

void
Crypt_sha224(void *fp)
{
	F_Crypt_sha224 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha224, (void**)f->ret);
}

void
Crypt_sha256(void *fp)
{
	F_Crypt_sha256 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha256, (void**)f->ret);
}

void
Crypt_sha384(void *fp)
{
	F_Crypt_sha384 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha384, (void**)f->ret);
}

void
Crypt_sha512(void *fp)
{
	F_Crypt_sha512 *f;

	f = fp;
	kdigest(f->buf, f->n, f->digest, f->state, Dsha512, (void**)f->ret);
}

void
Crypt_hmac_md5(void *fp)
{
	F_Crypt_hmac_md5 *f;

	f = fp;
	khmac(f->data, f->n, f->key, f->digest, f->state, Dmd5, (void**)f->ret);
}

void
Crypt_hmac_sha1(void *fp)
{
	F_Crypt_hmac_sha1 *f;

	f = fp;
	khmac(f->data, f->n, f->key, f->digest, f->state, Dsha1, (void**)f->ret);
}
