/*
 * sec.h: lib9's ciphers (aes.c, des.c, idea.c, blowfish.c, rc4.c) and
 * public keys (mppk.c, over mp.h's big integers).  After lib9.h and mp.h.
 */
/*
 * ciphers.  A setup makes the
 * key schedule and takes an initialisation vector for the CBC modes (nil:
 * zeros); the CBC functions carry it from call to call.  aescbc* take
 * any length, a last piece short of a block enciphered as a stream (as
 * Inferno does); the others whole blocks only.
 */
enum
{
	AESbsize	= 16,
	DESbsize	= 8,
	IDEAbsize	= 8,
	BFbsize	= 8,
};

typedef struct AESstate AESstate;
typedef struct DESstate DESstate;
typedef struct IDEAstate IDEAstate;
typedef struct BFstate BFstate;
typedef struct RC4state RC4state;
struct AESstate
{
	int	rounds;
	u32int	ek[60];
	uchar	ivec[AESbsize];
};
struct DESstate
{
	uvlong	k[16];		/* 48-bit subkeys */
	uchar	ivec[DESbsize];
};
struct IDEAstate
{
	ushort	ek[52];
	ushort	dk[52];
	uchar	ivec[IDEAbsize];
};
struct BFstate
{
	u32int	p[18];
	u32int	s[1024];
	uchar	ivec[BFbsize];
};
struct RC4state
{
	uchar	s[256];
	int	x;
	int	y;
};

void	aessetup(AESstate*, uchar*, int, uchar*);	/* key of 16, 24 or 32 bytes */
void	aesencrypt(AESstate*, uchar*);
void	aesdecrypt(AESstate*, uchar*);
void	aescbcencrypt(AESstate*, uchar*, int);
void	aescbcdecrypt(AESstate*, uchar*, int);
void	dessetup(DESstate*, uchar*, uchar*);		/* key of 8 bytes */
void	desblock(DESstate*, uchar*, int);		/* 1 to decipher */
void	des3block(DESstate*, uchar*, int);		/* three DESstates, EDE */
void	descbcencrypt(DESstate*, uchar*, int);
void	descbcdecrypt(DESstate*, uchar*, int);
void	ideasetup(IDEAstate*, uchar*, uchar*);		/* key of 16 bytes */
void	ideablock(IDEAstate*, uchar*, int);
void	ideacbcencrypt(IDEAstate*, uchar*, int);
void	ideacbcdecrypt(IDEAstate*, uchar*, int);
void	bfsetup(BFstate*, uchar*, int, uchar*);		/* key of 1 to 56 bytes */
void	bfencrypt(BFstate*, u32int*);
void	bfdecrypt(BFstate*, u32int*);
void	bfcbcencrypt(BFstate*, uchar*, int);
void	bfcbcdecrypt(BFstate*, uchar*, int);
void	rc4setup(RC4state*, uchar*, int);		/* key of 1 to 256 bytes */
void	rc4(RC4state*, uchar*, int);
void	rc4skip(RC4state*, int);
void	rc4back(RC4state*, int);

/*
 * mppk.c: public keys, arrays of Mpints in the order of their text form
 * in Inferno's key files; a Mpsig is a signature.  MPV(k) is k as such
 * an array and its length.
 */
typedef struct RSAkey RSAkey;
typedef struct EGkey EGkey;
typedef struct DSAkey DSAkey;
typedef struct Mpsig Mpsig;
struct RSAkey
{
	Mpint	n;
	Mpint	ek;
	Mpint	dk;
	Mpint	p;
	Mpint	q;
	Mpint	kp;		/* dk mod p-1 */
	Mpint	kq;		/* dk mod q-1 */
	Mpint	c2;		/* p^-1 mod q */
};
struct EGkey
{
	Mpint	p;
	Mpint	alpha;
	Mpint	key;		/* alpha^secret mod p */
	Mpint	secret;
};
struct DSAkey
{
	Mpint	p;
	Mpint	q;
	Mpint	alpha;
	Mpint	key;
	Mpint	secret;
};
struct Mpsig
{
	Mpint	r;		/* RSA's signature; ElGamal's and DSA's r */
	Mpint	s;
};
#define	MPV(k)	((Mpint*)(k)), (sizeof(*(k))/sizeof(Mpint))

int	rsagen(int, int, int, RSAkey*);
int	rsafill(RSAkey*);
int	rsaencrypt(RSAkey*, Mpint*, Mpint*);
int	rsadecrypt(RSAkey*, Mpint*, Mpint*);
int	egkey(EGkey*);
int	eggen(int, int, EGkey*);
int	egsign(EGkey*, Mpint*, Mpsig*);
int	egverify(EGkey*, Mpint*, Mpsig*);
int	dsagen(DSAkey*);
int	dsasign(DSAkey*, Mpint*, Mpint*, Mpsig*);
int	dsaverify(DSAkey*, Mpint*, Mpsig*);
