/* lex.c */
void*	emalloc(ulong);
char*	estrdup(char*);
void	exits(char*);
Sym*	enter(char*, int);
void	lexinit(void);
int	lexstart(char*);
void	next(void);
Tok*	peek(int);
char*	tokname(int);
char*	toktext(Tok*);
void	error(Src*, char*, ...);
void	warn(Src*, char*, ...);
void	fatal(char*, ...);

/* parse.c */
Node*	mkn(int, Node*, Node*);
Decl*	mkdecl(Src*, int, Type*, Sym*);
Type*	mktype(int, Type*, Decl*);
Node*	parsefile(void);
void	hiddenargs(Type*, Decl*, Decl*);

/* types.c */
void	typeinit(void);
int	isptr(Type*);
long	align(long, int);
Decl*	lookup(Sym*);
Decl*	namedot(Decl*, Sym*);
Type*	resolve(Type*);
Type*	resolvedecl(Decl*);
void	resolvemod(Type*);
void	modscope(Type*);
Type*	resolvemember(Decl*);
Type*	tyinst(Type*, Decl*, Src*);
void	instfill(Type*);
void	sizetype(Type*);
int	tequal(Type*, Type*);
int	tycompat(Type*, Type*, int);
Decl*	modmembers(Type*);
Decl*	impmembers(void);
Decl*	impmp(void);
Decl*	mpdecl(Type*);
void	modrefable(Type*);
void	implinkall(void);
char*	signstr(Type*);
ulong	sign(Type*);
char*	tprint(char*, char*, Type*);
char*	typestr(Type*);
void	tmap(Type*, long, uchar*);
Desc*	mkdesc(long, uchar*);
Desc*	declsdesc(long, Decl*);
Desc*	tdesc(Type*);
char*	mapstr(long, uchar*);


/* decls.c */
void	declinit(void);
void	pushscope(void);
void	popscope(void);
void	install(Decl*);
void	adtmembers(Type*);
void	constdecl(Decl*, Node*, int);
void	declare(Node*);
void	importdecl(Node*);
Decl*	impfind(Sym*);
void	importcon(Decl*);
void	fndecl(Node*);
Type*	dastype(Type*);

/* check.c */
void	exdeclname(Decl*, int);
Type*	exvaltype(void);
Type*	exbase(Type*);
Node*	copytree(Node*);
Node*	mkconst(Src*, Type*, vlong);
Node*	mksconst(Src*, char*, int);
int	isconst(Node*);
int	labcmp(Node*, Node*);
int	tcompat(Type*, Node*, int);
Node*	assignto(Type*, Node*, char*);
Decl*	newlocal(Src*, Sym*, Type*);
Type*	adtcontype(Type*);
Node*	echeck(Node*);
Node*	fold(Node*);
void	fncheck(Decl*);

/* stubs.c */
void	emitstubs(void);
void	emittab(char*);

/* gen.c */
Addr	aimm(long);
Addr	afp(long);
Addr	amp(long);
Addr	apc(long);
Addr	adesc(Desc*);
Addr	anone(void);
Addr	aind(Addr, long);
Addr	aoff(Addr, long);
int	isdirect(Addr);
int	ismiddle(Addr);
int	sameaddr(Addr, Addr);
Inst*	emit(int, Addr, Addr, Addr);
Inst*	emit2(int, Addr, Addr);
void	patch(Inst*, long);
void*	addpatch(void*, Inst*);
void	patchlist(void*, long);
void*	joinpatch(void*, void*);
void	framestart(long);
long	framealloc(Type*);
Addr	talloc(Type*);
void	tfreeall(void);
Desc*	framedesc(Decl*, long);
long	frameend(void);
long	mpalloc(Type*);
Addr	mpstring(char*, int);
Addr	mpreal(double);
Addr	mpbig(vlong);
Addr	mpword(long);
void	mpinit(int, long, vlong, double, char*, int);
Addr	mpnil(void);
void	genstart(void);
void	mpfinish(void);
Datum*	mpdata(void);
Datum*	mpdatum(int, long);
Datum*	mparray(long, Desc*, long);
Datum*	mpsub(Datum*, int, long);
void	move(Type*, Addr, Addr);
int	opclass(Type*);

/* ldt.c */
void	ldtuse(Decl*, Decl*);
void	selfref(Decl*);
Decl*	selfvar(void);
Decl*	selfmod(void);
Decl*	ifaceadds(void);
void	ldtload(Decl*);
void	ldtfinish(void);
int	ldtfn(Decl*, Decl*);
int	ldtindex(Decl*);
Ldtmod*	ldtout(int);
int	ldtcount(void);

/* ecom.c */
Addr	decladdr(Decl*);
Addr	midaddr(Addr, Type*);
int	cmpop(int, Type*, int);
Addr	eaddr(Node*);
void	bcom(Node*, int, void**);
Desc*	elemdesc(Type*);
Type*	tarray(Type*);
void	ecomto(Node*, Addr);
Addr	lvaddr(Node*);
void	assigncom(Node*);
void	exprcom(Node*);
Type*	recvimage(Type*);
void	recvplace(Type*, Addr, Addr);
void	untuple(Node*, Type*, Addr);
void	storeto(Node*, Type*, Addr);
void	spawncom(Node*);

/* com.c */
void	compile(char*, int);
void	needfn(Decl*);

/* dis.c */
void	discon(long);
long	addrval(Addr*);
char*	fnname(Decl*);
Decl*	exports(void);
Decl*	entryfn(void);
void	disout(char*);
char*	srcpath(void);

/* asm.c */
void	asmout(char*);

/* sbl.c */
void	sblout(char*);
Addr	memaddr(Addr, Type*);
long	initcount(Node*);
