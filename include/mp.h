/*
 * mp.h: lib9's big integers (mp.c) and primes (mpprime.c), for $IPints,
 * $Keyring and $Crypt; sec.h has the keys made of them.  After lib9.h.
 *
 * An Mpint is a sign (1 or -1; zero is 1) and top words of magnitude,
 * least significant first, p[top-1] != 0.  Results go into an Mpint the
 * caller gives (mpinit'd, then mpclear'd; or mpfix'd over words of the
 * caller's), which may be an argument.  Functions returning int give 0,
 * or an Mp code below, whose words mperrstr gives; mpprobprime,
 * egverify and dsaverify give 1 or 0, or a code.  genrandom, random
 * bytes, comes from the host.
 */
enum
{
	Mpmaxbits	= 1<<18,	/* no Mpint grows beyond */
	Mpnomem	= -1,
	Mpdivzero	= -2,
	Mpnoinv	= -3,
	Mpnegexp	= -4,
	Mptoobig	= -5,
	Mpnonum	= -6,
	Mpbadkey	= -7,
};

typedef struct Mpint Mpint;
struct Mpint
{
	int	sign;
	int	top;
	int	size;		/* words at p */
	int	fixed;		/* p is the caller's: never realloc'd */
	u32int*	p;
};

void	mpinit(Mpint*);
void	mpfix(Mpint*, u32int*, int);
void	mpclear(Mpint*);
void	mpinitv(Mpint*, int);
void	mpclearv(Mpint*, int);
int	mpgrow(Mpint*, int);
void	mpnorm(Mpint*);
void	mpzero(Mpint*);
int	mpassign(Mpint*, Mpint*);	/* source, destination */
int	mpitomp(vlong, Mpint*);
int	mptoi(Mpint*);			/* clamped to int's range */
int	mpsignif(Mpint*);		/* bits of the magnitude */
int	mplowbits0(Mpint*);
int	mptestbit(Mpint*, int);
int	mpcmp(Mpint*, Mpint*);		/* -1, 0, 1 */
int	mpmagcmp(Mpint*, Mpint*);
int	mpadd(Mpint*, Mpint*, Mpint*);
int	mpsub(Mpint*, Mpint*, Mpint*);
int	mpmul(Mpint*, Mpint*, Mpint*);
int	mpdiv(Mpint*, Mpint*, Mpint*, Mpint*);	/* a, b, quotient, remainder: truncating */
int	mpmod(Mpint*, Mpint*, Mpint*);	/* a, m, a mod m: in [0, m) for m > 0 */
int	mpexp(Mpint*, Mpint*, Mpint*, Mpint*);	/* b, e, m (or nil), b^e mod m */
int	mpegcd(Mpint*, Mpint*, Mpint*, Mpint*, Mpint*);
int	mpinvert(Mpint*, Mpint*, Mpint*);
int	mpleft(Mpint*, int, Mpint*);
int	mpright(Mpint*, int, Mpint*);
int	mpand(Mpint*, Mpint*, Mpint*);
int	mpor(Mpint*, Mpint*, Mpint*);
int	mpxor(Mpint*, Mpint*, Mpint*);
int	mpnot(Mpint*, Mpint*);
int	betomp(uchar*, int, Mpint*);
int	mpbelen(Mpint*);
int	mptobe(Mpint*, uchar*, int);
int	mpstrlen(Mpint*, int);
int	mptoa(Mpint*, int, char*, int);
int	strtomp(char*, char**, int, Mpint*);
char*	mperrstr(int);
int	enc64(char*, int, uchar*, int);
int	dec64(uchar*, int, char*, int);
int	enc32(char*, int, uchar*, int);
int	dec32(uchar*, int, char*, int);

void	genrandom(uchar*, int);
int	mprand(int, Mpint*);
int	mpprobprime(Mpint*, int);
int	mpgenprime(Mpint*, int, int);
int	mpgensafeprime(Mpint*, Mpint*, int, int);
int	mpgenstrongprime(Mpint*, int, int);
int	mpdsaprimes(Mpint*, Mpint*, int, uchar*, int*);

