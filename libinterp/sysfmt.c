/*
 * The formats of sys->print, fprint, sprint and aprint.
 * Limbo passes the variable arguments in the frame, each aligned for
 * its type, so the verbs say what to fetch: %d %o %x %X %c %C a word
 * (%bd ... a big), %e %f %g %E %G a real, %s %q %Q a string, %r none
 * (the Prog's error string).  Each directive is handed to lib9's fmt
 * with its flags, width and precision.  The frame's type (the
 * caller's, made by frame) bounds what is fetched: a word past it
 * reads as 0, and a string must be a pointer word of it, else it
 * reads as nil.
 */
#include <u.h>
#include <lib9.h>
#include <isa.h>
#include <interp.h>
#include "sysfmt.h"
#include "fns.h"

static uchar*
align8(uchar *p)
{
	return (uchar*)(((uintptr)p + 7) & ~(uintptr)7);
}

/* n bytes at ap of frame fr (type t), or nil past its end */
static uchar*
arg(uchar *fr, Type *t, uchar *ap, int n)
{
	if(ap < fr || ap+n > fr+t->size-t->hidden)
		return nil;
	return ap;
}

static WORD
argw(uchar *fr, Type *t, uchar *ap)
{
	ap = arg(fr, t, ap, sizeof(WORD));
	return ap != nil ? *(WORD*)ap : 0;
}

void
sysfmt(Fmt *f, String *fs, void *va, void *fp)
{
	char *p, *q, spec[64], *sp, *e;
	uchar *ap, *fr, *x;
	int big, c;
	String *s;
	Prog *pr;
	Type *t;

	if(fs == H)
		return;
	p = string2c(fs);
	ap = va;
	fr = fp;
	t = ((Frame*)fr)->t;
	e = spec + sizeof spec - 8;
	while(*p != 0){
		q = strchr(p, '%');
		if(q == nil){
			fmtstrcpy(f, p);
			break;
		}
		if(q > p)
			fmtprint(f, "%.*s", (int)(q-p), p);
		p = q+1;
		sp = spec;
		*sp++ = '%';
		big = 0;
		/* flags, width and precision, with * taking a word */
		for(; *p != 0 && sp < e; p++){
			if(*p == 'b'){
				big = 1;
				continue;
			}
			if(*p == '*'){
				sp = seprint(sp, e, "%d", argw(fr, t, ap));
				ap += sizeof(WORD);
				continue;
			}
			if(strchr("-+ #0,u.0123456789", *p) == nil)
				break;
			*sp++ = *p;
		}
		c = *p;
		if(c == 0)
			break;
		p++;
		switch(c){
		case 'd':
		case 'i':
		case 'o':
		case 'x':
		case 'X':
		case 'c':
		case 'C':
			if(big && c != 'c' && c != 'C'){
				ap = align8(ap);
				*sp++ = 'l';
				*sp++ = 'l';
				*sp++ = c;
				*sp = 0;
				x = arg(fr, t, ap, sizeof(LONG));
				fmtprint(f, spec, x != nil ? *(LONG*)x : (LONG)0);
				ap += sizeof(LONG);
			}else{
				*sp++ = c;
				*sp = 0;
				fmtprint(f, spec, argw(fr, t, ap));
				ap += sizeof(WORD);
			}
			break;
		case 'e':
		case 'f':
		case 'g':
		case 'E':
		case 'G':
			ap = align8(ap);
			*sp++ = c;
			*sp = 0;
			x = arg(fr, t, ap, sizeof(REAL));
			fmtprint(f, spec, x != nil ? *(REAL*)x : 0.0);
			ap += sizeof(REAL);
			break;
		case 's':
		case 'q':
		case 'Q':
			s = H;
			if(arg(fr, t, ap, sizeof(String*)) != nil && vmtptr(t, ap-fr))
				s = *(String**)ap;
			ap += sizeof(String*);
			if(s != H && D2H(s)->t != &Tstring)
				s = exvalname(s);	/* an exception value: its name */
			*sp++ = c == 'Q' ? 'q' : c;
			*sp = 0;
			fmtprint(f, spec, s == H ? "" : string2c(s));
			break;
		case 'r':
			pr = currun();
			*sp++ = 's';
			*sp = 0;
			fmtprint(f, spec, pr != nil ? pr->errstr : "");
			break;
		case '%':
			fmtrune(f, '%');
			break;
		default:
			/* not a verb Limbo knows: print the directive as written */
			*sp++ = c;
			*sp = 0;
			fmtstrcpy(f, spec);
			break;
		}
	}
}
