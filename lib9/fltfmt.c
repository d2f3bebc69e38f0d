/*
 * fltfmt.c -- %e %f %g %E %G as Inferno prints them (its libmath
 * gfltconv, which the Math module installs for every Dis program):
 *	%g, %G with neither width nor precision: g2str, the shortest
 *		exact form (".8125", "1e+20"); sign flags are ignored;
 *	otherwise precision defaults to 6 and is at most 20, %g/%G use
 *		%f style for exponents -4 .. precision-1 and drop trailing
 *		zeros unless # is given; %.0g means the shortest digits;
 *	infinities and NaN print as "Infinity", "-Infinity", "NaN";
 *	width pads with spaces only (the 0 flag is ignored).
 */
#include <u.h>
#include <lib9.h>
#include "fmtdef.h"

enum
{
	Fdigit	= 20,		/* most digits after the point */
	Fdeflt	= 6,
	Ndig	= 310 + Fdigit + 10,	/* digits of %.20f of the largest double */
};

int
fmtfloat(Fmt *f, double d)
{
	char dig[Ndig], out[Ndig+40], ebuf[8], *p, *ep;
	int prec, fmt, echr, exp, sign, ndig, i, fl;

	fl = f->flags;
	fmt = f->r;
	echr = 'e';
	prec = Fdeflt;
	if(fl & FmtPrec)
		prec = f->prec;
	if(prec > Fdigit)
		prec = Fdigit;
	if(prec < 0)
		prec = Fdeflt;
	switch(fmt){
	case 'f':
		ndig = _dtoa(d, 3, prec, dig, sizeof dig, &exp, &sign);
		break;
	case 0xC9:
	case 'E':
		echr = 'E';
		fmt = 'e';
		/* fall through */
	case 'e':
		ndig = _dtoa(d, 2, prec+1, dig, sizeof dig, &exp, &sign);
		break;
	case 'G':
		echr = 'E';
		/* fall through */
	default:
		if((fl & (FmtWidth|FmtPrec)) == 0){
			i = g2str(d, out);
			if(echr == 'E' && (p = strchr(out, 'e')) != nil)
				*p = 'E';
			f->flags &= FmtWidth|FmtLeft;
			return _fmtcpy(f, out, i, i);
		}
		if(prec > 0)
			ndig = _dtoa(d, 2, prec, dig, sizeof dig, &exp, &sign);
		else{
			ndig = _dtoa(d, 0, 0, dig, sizeof dig, &exp, &sign);
			prec = ndig;
			if(exp > prec && exp <= prec + 4)
				prec = exp;
		}
		if(exp >= -3 && exp <= prec){
			fmt = 'f';
			prec -= exp;
		}else{
			fmt = 'e';
			prec--;
		}
		break;
	}
	if(exp == 9999){
		/* Infinity or NaN: print the word as the integer part */
		prec = 0;
		exp = ndig;
		fmt = 'f';
	}
	if((f->r == 'g' || f->r == 'G') && !(fl & FmtSharp)){
		/* knock off trailing zeros */
		if(fmt == 'f'){
			if(prec + exp > ndig){
				prec = ndig - exp;
				if(prec < 0)
					prec = 0;
			}
		}else if(prec > ndig-1)
			prec = ndig-1;
	}
	ep = ebuf;
	if(fmt != 'f'){
		for(i = exp <= 0 ? 1-exp : exp-1; i != 0; i /= 10)
			*ep++ = '0' + i%10;
		while(ep < ebuf+2)
			*ep++ = '0';
	}
	p = out;
	if(sign)
		*p++ = '-';
	else if(fl & FmtSign)
		*p++ = '+';
	else if(fl & FmtSpace)
		*p++ = ' ';
	if(fmt == 'f'){
		for(i = 0; i < exp; i++)
			*p++ = i < ndig ? dig[i] : '0';
		if(i == 0)
			*p++ = '0';
		if(prec > 0 || (fl & FmtSharp))
			*p++ = '.';
		for(i = 0; i < prec; i++)
			*p++ = i+exp >= 0 && i+exp < ndig ? dig[i+exp] : '0';
	}else{
		*p++ = dig[0];
		if(prec > 0 || (fl & FmtSharp))
			*p++ = '.';
		for(i = 0; i < prec; i++)
			*p++ = i < ndig-1 ? dig[i+1] : '0';
		*p++ = echr;
		*p++ = exp <= 0 ? '-' : '+';
		while(ep > ebuf)
			*p++ = *--ep;
	}
	*p = 0;
	f->flags &= FmtWidth|FmtLeft;
	return _fmtcpy(f, out, p - out, p - out);
}

int
_efgfmt(Fmt *f)
{
	return fmtfloat(f, va_arg(f->args, double));
}
