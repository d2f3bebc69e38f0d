/* the interfaces between ipint.c, keyring.c, keys.c and crypt.c; after mp.h, sec.h and fns.h */

/* ipint.c: IPints; the bounds on big integers of ipints(2) */
enum
{
	Maxprimebits	= 8192,		/* a prime made or tested */
	Maxsafebits	= 4096,		/* a safe prime, an ElGamal key */
	Maxkeybits	= 8192,		/* a number in a key or a signature */
};
extern	Type*	TIPint;
void	ipintsmodinit(void);
void	ipview(void*, Mpint*);
void*	ipnew(void**, int, Mpint*);
void	ipset(void*, Mpint*, int);
void*	ipcopy(void**, Mpint*);
void	ipfill(void*, Mpint*);
void	iprandom(void**, int);
void	ipsafeprime(void**, void**, int, int);
void	ipdsaprimes(void**, void**, Array**);
void	mpcheck(int);
void	mpcheckv(int, Mpint*, int);

/* keyring.c, keys.c, crypt.c: Keyring and Crypt */
#define	HOLD(fp)	((void**)((uchar*)(fp)+(REGRET+1)*IBY2WD))	/* the frame's held slots */
extern	char	exKeySize[];
void	holdmap(uchar*, int*);
char*	holdbuf(void**, int);
void**	holdptrs(void**, int);
void	keysinit(void);
void	cryptmodinit(void);
void	kdigest(Array*, int, Array*, void*, int, void**);
void	khmac(Array*, int, Array*, Array*, void*, int, void**);
void	kdigestcopy(void*, void**);
int	khashstart(char*, void*, Digest*);
void	kaessetup(Array*, Array*, void**);
void	kdessetup(Array*, Array*, void**);
void	kideasetup(Array*, Array*, void**);
void	kbfsetup(Array*, Array*, void**);
void	krc4setup(Array*, void**);
int	kgetmsg(int, char*, int);
int	ksendmsg(int, void*, int);
int	ksenderr(int, char*, int);
void	ipgetv(void**, Mpint*, int);
int	ipwords(void*);
int	krsagen(int, int, int, RSAkey*);
int	keggen(int, int, EGkey*);
int	kdsagen(DSAkey*);
void	krsadecrypt(void**, void*);
void	krsaencrypt(void*, void*, void*, void*);
int	krsaverify(void*, void*, void*, void*);
void	kpksign(int, void**, int, void*, void*);
int	kpkverify(int, void**, int);
