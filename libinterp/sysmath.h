/*
 * sysmath.c: $Math's numerical core, freestanding.  Plain C on doubles,
 * usable without the VM (tests/c/sysmath.c checks it against libm).
 */
int	misnan(double);
int	mfinite(double);
double	mfabs(double);
double	mcopysign(double, double);
double	mfloor(double);
double	mceil(double);
double	mrint(double);
double	mmodf(double, double*);
double	msqrt(double);
double	mexp(double);
double	mexpm1(double);
double	mlog(double);
double	mlog10(double);
double	mlog1p(double);
double	mpow(double, double);
double	mpow10(int);
double	msin(double);
double	mcos(double);
double	mtan(double);
double	matan(double);
double	matan2(double, double);
double	masin(double);
double	macos(double);
double	msinh(double);
double	mcosh(double);
double	mtanh(double);
double	masinh(double);
double	macosh(double);
double	matanh(double);
double	mcbrt(double);
double	mhypot(double, double);
double	mfmod(double, double);
double	mremainder(double, double);
double	mnextafter(double, double);
int	milogb(double);
double	mscalbn(double, int);
double	mfmin(double, double);
double	mfmax(double, double);
double	mfdim(double, double);
double	mdot(double*, double*, int);
double	mnorm1(double*, int);
double	mnorm2(double*, int);
int	miamax(double*, int);
void	msort(double*, int*, int);
