/*
 * $Math: the builtin module over sysmath.c's freestanding functions.
 * Function tables and frame structs come from module/math.m by limbo -t and -a.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include "runt.h"
/* the generated table declares its own Runtab, as Inferno's limbo -t does */
#define	Runtab	Genruntab
#include "mathmod.h"
#undef	Runtab
#include "raise.h"
#include "sysmath.h"

static char exMathia[] = "invalid math argument";
static char exFPtrap[] = "FP traps not supported";

/*
 * Floating point control and status (Inferno's math-fp(2)), per Prog.
 * Dis reals run on the x87 (emu and the kernel are both i386).  A Prog's
 * control word and accumulated exception flags live in the Prog, in
 * Math's bit layout; fpenter loads the rounding mode before each
 * quantum, fpleave gathers the flags raised in it.
 *
 * Exceptions never trap: a trap would have to be taken at the x87's next
 * instruction, wherever that is (in a builtin, in another Prog's
 * quantum), so the exception bits of the control word stay 0.
 *
 * Reading the x87's status costs some 15 cycles, clearing it 35, at
 * every switch of progs (a channel ping-pong switches two million times
 * a second), so flags are gathered per Prog only once some program has
 * asked for a status word (fptrack); until then all threads' flags
 * collect in the x87s together, and the first asker gets them.  The
 * control word is only looked at (2 cycles) and loaded when it differs.
 * Until a program sets a rounding mode or asks for a status word, the
 * scheduler does not call fpenter or fpleave at all (fpused).
 */
enum
{
	FPexcept	= 0x1F,	/* Math's INVAL ZDIV OVFL UNFL INEX */
	FPrnd	= 3<<8,	/* RND_MASK: NR NINF PINF Z, in the x87's order */

	X87cw	= 0x037F,	/* x87 default: 64-bit significand, nearest, all masked */
};

int	fpused;		/* a rounding mode has been set or a status word asked for */
static int	fptrack;	/* status words are kept per Prog */

/* Math's flags from x87 status word sw: IE ZE OE UE PE (not DE, denormal operand) */
static ulong
x87flags(ushort sw)
{
	return (sw & 0x01) | (sw & 0x3C)>>1;
}

/* load the x87 control word for Math's control word ctl, if it is not there */
static void
fpsetcw(ulong ctl)
{
	ushort cw, want;

	want = X87cw | (ctl & FPrnd)<<2;
	__asm__ volatile("fnstcw %0" : "=m"(cw) : : "memory");
	if(cw != want)
		__asm__ volatile("fldcw %0" : : "m"(want) : "memory");
}

/* collect the flags the x87 has raised for p (nil: nobody), and clear them */
static void
fpgather(Prog *p)
{
	ushort sw;

	__asm__ volatile("fnstsw %0" : "=m"(sw) : : "memory");
	if(sw & 0x3D){
		if(p != nil)
			p->fpsts |= x87flags(sw);
		__asm__ volatile("fnclex" : : : "memory");
	}
}

/* p is about to run a quantum on this thread's x87 */
void
fpenter(Prog *p)
{
	fpsetcw(p->fpctl);
}

/* p (nil: a prog that has gone) has run a quantum, or faulted */
void
fpleave(Prog *p)
{
	if(fptrack)
		fpgather(p);
}

/* the running prog's status word, from now on kept apart */
static Prog*
fpstatus(void)
{
	Prog *p;

	p = currun();
	fptrack = 1;
	fpused = 1;
	fpgather(p);
	return p;
}

void
Math_getFPcontrol(void *fp)
{
	F_Math_getFPcontrol *f;

	f = fp;
	*f->ret = currun()->fpctl;
}

void
Math_getFPstatus(void *fp)
{
	F_Math_getFPstatus *f;
	Prog *p;

	f = fp;
	p = fpstatus();
	*f->ret = p->fpsts;
}

void
Math_FPcontrol(void *fp)
{
	F_Math_FPcontrol *f;
	Prog *p;
	ulong old, new;

	f = fp;
	p = currun();
	old = p->fpctl;
	new = (f->r & f->mask) | (old & ~f->mask);
	if(new & FPexcept)
		error(exFPtrap);
	p->fpctl = new & FPrnd;
	if(p->fpctl != 0)
		fpused = 1;
	fpsetcw(p->fpctl);
	*f->ret = old & f->mask;
}

void
Math_FPstatus(void *fp)
{
	F_Math_FPstatus *f;
	Prog *p;
	ulong old;

	f = fp;
	p = fpstatus();
	old = p->fpsts;
	p->fpsts = ((f->r & f->mask) | (old & ~f->mask)) & FPexcept;
	*f->ret = old & f->mask;
}

void
mathmodinit(void)
{
	builtinmod("$Math", Mathmodtab, Mathmodlen);
}

void
Math_acos(void *fp)
{
	F_Math_acos *f;

	f = fp;
	*f->ret = macos(f->x);
}

void
Math_acosh(void *fp)
{
	F_Math_acosh *f;

	f = fp;
	*f->ret = macosh(f->x);
}

void
Math_asin(void *fp)
{
	F_Math_asin *f;

	f = fp;
	*f->ret = masin(f->x);
}

void
Math_asinh(void *fp)
{
	F_Math_asinh *f;

	f = fp;
	*f->ret = masinh(f->x);
}

void
Math_atan(void *fp)
{
	F_Math_atan *f;

	f = fp;
	*f->ret = matan(f->x);
}

void
Math_atanh(void *fp)
{
	F_Math_atanh *f;

	f = fp;
	*f->ret = matanh(f->x);
}

void
Math_cbrt(void *fp)
{
	F_Math_cbrt *f;

	f = fp;
	*f->ret = mcbrt(f->x);
}

void
Math_ceil(void *fp)
{
	F_Math_ceil *f;

	f = fp;
	*f->ret = mceil(f->x);
}

void
Math_cos(void *fp)
{
	F_Math_cos *f;

	f = fp;
	*f->ret = mcos(f->x);
}

void
Math_cosh(void *fp)
{
	F_Math_cosh *f;

	f = fp;
	*f->ret = mcosh(f->x);
}

void
Math_exp(void *fp)
{
	F_Math_exp *f;

	f = fp;
	*f->ret = mexp(f->x);
}

void
Math_expm1(void *fp)
{
	F_Math_expm1 *f;

	f = fp;
	*f->ret = mexpm1(f->x);
}

void
Math_fabs(void *fp)
{
	F_Math_fabs *f;

	f = fp;
	*f->ret = mfabs(f->x);
}

void
Math_floor(void *fp)
{
	F_Math_floor *f;

	f = fp;
	*f->ret = mfloor(f->x);
}

void
Math_log(void *fp)
{
	F_Math_log *f;

	f = fp;
	*f->ret = mlog(f->x);
}

void
Math_log10(void *fp)
{
	F_Math_log10 *f;

	f = fp;
	*f->ret = mlog10(f->x);
}

void
Math_log1p(void *fp)
{
	F_Math_log1p *f;

	f = fp;
	*f->ret = mlog1p(f->x);
}

void
Math_rint(void *fp)
{
	F_Math_rint *f;

	f = fp;
	*f->ret = mrint(f->x);
}

void
Math_sin(void *fp)
{
	F_Math_sin *f;

	f = fp;
	*f->ret = msin(f->x);
}

void
Math_sinh(void *fp)
{
	F_Math_sinh *f;

	f = fp;
	*f->ret = msinh(f->x);
}

void
Math_sqrt(void *fp)
{
	F_Math_sqrt *f;

	f = fp;
	*f->ret = msqrt(f->x);
}

void
Math_tan(void *fp)
{
	F_Math_tan *f;

	f = fp;
	*f->ret = mtan(f->x);
}

void
Math_tanh(void *fp)
{
	F_Math_tanh *f;

	f = fp;
	*f->ret = mtanh(f->x);
}

void
Math_atan2(void *fp)
{
	F_Math_atan2 *f;

	f = fp;
	*f->ret = matan2(f->y, f->x);
}

void
Math_copysign(void *fp)
{
	F_Math_copysign *f;

	f = fp;
	*f->ret = mcopysign(f->x, f->s);
}

void
Math_fdim(void *fp)
{
	F_Math_fdim *f;

	f = fp;
	*f->ret = mfdim(f->x, f->y);
}

void
Math_fmin(void *fp)
{
	F_Math_fmin *f;

	f = fp;
	*f->ret = mfmin(f->x, f->y);
}

void
Math_fmax(void *fp)
{
	F_Math_fmax *f;

	f = fp;
	*f->ret = mfmax(f->x, f->y);
}

void
Math_fmod(void *fp)
{
	F_Math_fmod *f;

	f = fp;
	*f->ret = mfmod(f->x, f->y);
}

void
Math_hypot(void *fp)
{
	F_Math_hypot *f;

	f = fp;
	*f->ret = mhypot(f->x, f->y);
}

void
Math_nextafter(void *fp)
{
	F_Math_nextafter *f;

	f = fp;
	*f->ret = mnextafter(f->x, f->y);
}

void
Math_pow(void *fp)
{
	F_Math_pow *f;

	f = fp;
	*f->ret = mpow(f->x, f->y);
}

void
Math_remainder(void *fp)
{
	F_Math_remainder *f;

	f = fp;
	*f->ret = mremainder(f->x, f->p);
}

void
Math_erf(void *fp)
{
	F_Math_erf *f;

	f = fp;
	*f->ret = merf(f->x);
}

void
Math_erfc(void *fp)
{
	F_Math_erfc *f;

	f = fp;
	*f->ret = merfc(f->x);
}

void
Math_finite(void *fp)
{
	F_Math_finite *f;

	f = fp;
	*f->ret = mfinite(f->x);
}

void
Math_isnan(void *fp)
{
	F_Math_isnan *f;

	f = fp;
	*f->ret = misnan(f->x);
}

void
Math_ilogb(void *fp)
{
	F_Math_ilogb *f;

	f = fp;
	*f->ret = milogb(f->x);
}

void
Math_scalbn(void *fp)
{
	F_Math_scalbn *f;

	f = fp;
	*f->ret = mscalbn(f->x, f->n);
}

void
Math_pow10(void *fp)
{
	F_Math_pow10 *f;

	f = fp;
	*f->ret = mpow10(f->p);
}

/* (sign of gamma(x), log |gamma(x)|) */
void
Math_j0(void *fp)
{
	F_Math_j0 *f;

	f = fp;
	*f->ret = mj0(f->x);
}

void
Math_j1(void *fp)
{
	F_Math_j1 *f;

	f = fp;
	*f->ret = mj1(f->x);
}

void
Math_jn(void *fp)
{
	F_Math_jn *f;

	f = fp;
	*f->ret = mjn(f->n, f->x);
}

void
Math_y0(void *fp)
{
	F_Math_y0 *f;

	f = fp;
	*f->ret = my0(f->x);
}

void
Math_y1(void *fp)
{
	F_Math_y1 *f;

	f = fp;
	*f->ret = my1(f->x);
}

void
Math_yn(void *fp)
{
	F_Math_yn *f;

	f = fp;
	*f->ret = myn(f->n, f->x);
}

void
Math_lgamma(void *fp)
{
	F_Math_lgamma *f;
	int sign;

	f = fp;
	f->ret->t1 = mlgamma(f->x, &sign);
	f->ret->t0 = sign;
}

/* (integer part as an int, fraction): the int is 0x80000000 when it does not fit */
void
Math_modf(void *fp)
{
	F_Math_modf *f;
	double ip;

	f = fp;
	f->ret->t1 = mmodf(f->x, &ip);
	if(ip >= -2147483648.0 && ip < 2147483648.0)
		f->ret->t0 = (WORD)ip;
	else
		f->ret->t0 = (WORD)0x80000000;
}

static int
reallen(Array *a)
{
	return a == H ? 0 : a->len;
}

static double*
realdata(Array *a)
{
	return a == H ? nil : (double*)a->data;
}

void
Math_dot(void *fp)
{
	F_Math_dot *f;

	f = fp;
	if(reallen(f->x) != reallen(f->y))
		error(exMathia);
	*f->ret = mdot(realdata(f->x), realdata(f->y), reallen(f->x));
}

void
Math_norm1(void *fp)
{
	F_Math_norm1 *f;

	f = fp;
	*f->ret = mnorm1(realdata(f->x), reallen(f->x));
}

void
Math_norm2(void *fp)
{
	F_Math_norm2 *f;

	f = fp;
	*f->ret = mnorm2(realdata(f->x), reallen(f->x));
}

void
Math_iamax(void *fp)
{
	F_Math_iamax *f;

	f = fp;
	*f->ret = miamax(realdata(f->x), reallen(f->x));
}

/* does a column-major matrix of nrow by ncol with leading dimension ld fit in a? */
static void
matrix(Array *a, int nrow, int ncol, int ld)
{
	if(ld < 1 || ld < nrow)
		error(exMathia);
	if(nrow == 0 || ncol == 0)
		return;
	if((vlong)ld*(ncol-1) + nrow > reallen(a))
		error(exBounds);
}

/* C = alpha*op(A)*op(B) + beta*C, BLAS's dgemm; op is N (as is) or T or C (transposed) */
void
Math_gemm(void *fp)
{
	F_Math_gemm *f;
	int nota, notb, m, n, k;

	f = fp;
	nota = f->transa == 'N';
	notb = f->transb == 'N';
	m = f->m;
	n = f->n;
	k = f->k;
	if(!nota && f->transa != 'T' && f->transa != 'C' || !notb && f->transb != 'T' && f->transb != 'C')
		error(exMathia);
	if(m < 0 || n < 0 || k < 0)
		error(exMathia);
	matrix(f->c, m, n, f->ldc);
	if(f->alpha != 0 && k > 0){
		matrix(f->a, nota ? m : k, nota ? k : m, f->lda);
		matrix(f->b, notb ? k : n, notb ? n : k, f->ldb);
	}else
		k = 0;
	if(m == 0 || n == 0)
		return;
	mgemm(nota ? 'N' : 'T', notb ? 'N' : 'T', m, n, k, f->alpha,
		realdata(f->a), f->lda, realdata(f->b), f->ldb, f->beta, realdata(f->c), f->ldc);
}

/* sort the permutation pi so that x[pi[i]] does not decrease */
void
Math_sort(void *fp)
{
	F_Math_sort *f;
	int i, n, *p;

	f = fp;
	if(f->pi == H)
		return;
	n = f->pi->len;
	p = (int*)f->pi->data;
	for(i = 0; i < n; i++)
		if(p[i] < 0 || p[i] >= reallen(f->x))
			error(exMathia);
	msort(realdata(f->x), p, n);
}

/*
 * import and export: big-endian IEEE and two's complement bytes;
 * b must hold exactly the elements of x
 */
static uchar*
bytes(Array *b, Array *x, int size)
{
	if(reallen(b) != size*reallen(x))
		error(exMathia);
	return b == H ? nil : b->data;
}

static u32int
get32(uchar *p)
{
	return (u32int)p[0]<<24 | p[1]<<16 | p[2]<<8 | p[3];
}

static void
put32(uchar *p, u32int v)
{
	p[0] = v>>24;
	p[1] = v>>16;
	p[2] = v>>8;
	p[3] = v;
}

typedef union
{
	float	f;
	u32int	u;
} Fbits;

typedef union
{
	double	d;
	uvlong	u;
} Dbits;

void
Math_import_int(void *fp)
{
	F_Math_import_int *f;
	uchar *b;
	int i;

	f = fp;
	b = bytes(f->b, f->x, 4);
	for(i = 0; i < reallen(f->x); i++)
		((WORD*)f->x->data)[i] = get32(b+4*i);
}

void
Math_export_int(void *fp)
{
	F_Math_export_int *f;
	uchar *b;
	int i;

	f = fp;
	b = bytes(f->b, f->x, 4);
	for(i = 0; i < reallen(f->x); i++)
		put32(b+4*i, ((WORD*)f->x->data)[i]);
}

void
Math_import_real32(void *fp)
{
	F_Math_import_real32 *f;
	uchar *b;
	Fbits v;
	int i;

	f = fp;
	b = bytes(f->b, f->x, 4);
	for(i = 0; i < reallen(f->x); i++){
		v.u = get32(b+4*i);
		((REAL*)f->x->data)[i] = v.f;
	}
}

void
Math_export_real32(void *fp)
{
	F_Math_export_real32 *f;
	uchar *b;
	Fbits v;
	int i;

	f = fp;
	b = bytes(f->b, f->x, 4);
	for(i = 0; i < reallen(f->x); i++){
		v.f = ((REAL*)f->x->data)[i];
		put32(b+4*i, v.u);
	}
}

void
Math_import_real(void *fp)
{
	F_Math_import_real *f;
	uchar *b;
	Dbits v;
	int i;

	f = fp;
	b = bytes(f->b, f->x, 8);
	for(i = 0; i < reallen(f->x); i++){
		v.u = (uvlong)get32(b+8*i)<<32 | get32(b+8*i+4);
		((REAL*)f->x->data)[i] = v.d;
	}
}

void
Math_export_real(void *fp)
{
	F_Math_export_real *f;
	uchar *b;
	Dbits v;
	int i;

	f = fp;
	b = bytes(f->b, f->x, 8);
	for(i = 0; i < reallen(f->x); i++){
		v.d = ((REAL*)f->x->data)[i];
		put32(b+8*i, v.u>>32);
		put32(b+8*i+4, v.u);
	}
}

void
Math_bits32real(void *fp)
{
	F_Math_bits32real *f;
	Fbits v;

	f = fp;
	v.u = f->b;
	*f->ret = v.f;
}

void
Math_bits64real(void *fp)
{
	F_Math_bits64real *f;
	Dbits v;

	f = fp;
	v.u = f->b;
	*f->ret = v.d;
}

void
Math_realbits32(void *fp)
{
	F_Math_realbits32 *f;
	Fbits v;

	f = fp;
	v.f = f->x;
	*f->ret = v.u;
}

void
Math_realbits64(void *fp)
{
	F_Math_realbits64 *f;
	Dbits v;

	f = fp;
	v.d = f->x;
	*f->ret = v.u;
}
