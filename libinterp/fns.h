/* libinterp's internal interfaces */

/* heap.c */
void	heapinit(void);
Heap*	halloc(ulong, Type*);
void	hfree(Heap*);
Type*	newtype(int kind, int size, uchar *map, int np);
Heap*	newmodlinkheap(int nlinks);
void	movptrs(void*, void*, Type*);
int	heapblock(void*);
Heap*	heapfind(void*);
Type*	arrtype(Type*);
int	istype(Type*);
void*	stkalloc(ulong);

/* xec.c */
int	disrange(void*, ulong);
void	stkfree(void*);

/* gc.c */
void	gcinit(void);
void	gcsafe(void);
void	gcmark(void*);
void	markslot(void**);
void	gcfull(ulong);
void	gcroot(void**);

/* load.c */
Module*	readmod(char*);

/* verify.c */
extern	char*	vmopuse[];
int	verify(Module*, char*, int);
void	vfreemod(Module*);
int	vmusesize(int);
int	vmisbranch(int);
int	rsfits(Rshape*, Type*, long, long, uchar*);
int	vmrefok(Module*, Inst*, Opnd*, void*);
int	vmtptr(Type*, long);
int	vmindok(Inst*, Type*);
int	vmframeok(Inst*, Type*);
int	vmmsgok(Inst*, Type*, uchar*, int);
int	vmplaceok(Inst*, Rshape*, uchar*);
int	placeof(uchar*, Type**, long*, long*, uchar**);
int	vmaltok(Type*, uchar*, int, int);
int	vmalttab(uchar*, long);
int	vmaltchan(void*, int);
int	vmfits(Type*, Type*);
int	vmsametype(Type*, Type*);
int	vmargsok(Argk*, uchar*);

/* link.c */
Modlink*	linkmod(Module*, Import*, int);
void	freemodlink(Heap*);

/* sysmod.c */
void	seterr(void);

/* math.c */
extern	int	fpused;
void	fpenter(Prog*);
void	fpleave(Prog*);

/* sched.c */
extern	Prog*	curprog;
extern	Type*	retsink;
extern	Prog*	proghead;
void	progexit(char*);
String*	exvalname(void*);
Prog*	newprog(Prog*, Modlink*);
int	handler(char*);
void	fault(char*);
void	unwindto(uchar*);
uchar*	newframe(Type*, int);
void	popframe(uchar*);
Stkseg*	newseg(ulong, ulong);
int	isend(Channel*, void*);
int	irecv(Channel*, void*);
int	xecalt(int, Alt*, WORD*);
void	chanmove(Channel*, void*, void*);
void	freechan(Heap*);
void	killcomm(Prog*);
void	markprog(Prog*);
ulong	vmrand(void);

/* xec.c */
extern	char	exMiss[];
int	vmretry(void);
void	xec(Prog*);
void	xecinit(void);
void	xecprep(Module*);
extern	void*	optab[256];

/* string.c */
String*	mkstring(int, int);
void	freestring(Heap*, int);
int	stringlen(String*);
Rune	stringrune(String*, int);
void	cvtwc(WORD, String**);
void	cvtlc(LONG, String**);
void	cvtfc(REAL, String**);
WORD	cvtcw(String*);
LONG	cvtcl(String*);
REAL	cvtcf(String*);
Array*	cvtca(String*);
String*	cvtac(Array*);
void	insc(String**, WORD, Rune);
String*	slicec(String*, int, int);
