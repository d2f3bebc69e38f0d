# compat-asval -- an assignment used as a value evaluates its left side
# once: a[i++] = v, f().x = v, s[j++] = c; (a[k:] = b) is the array a[k:]
# after the copy (Inferno's mc.b grows an array with a = (array[n] of T)[0:] = a)
implement Compatasval;

include "sys.m";
	sys: Sys;
	print, tokenize, OREAD, OWRITE: import sys;
include "draw.m";

Compatasval: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

P: adt {
	x:	int;
};

n := 0;

next(): ref P
{
	n++;
	return ref P(n);
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[4] of int;
	i := 0;
	y := a[i++] = 5;
	print("%d %d %d %d\n", y, i, a[0], a[1]);
	z := next().x = 7;
	print("%d %d\n", z, n);
	s := "abc";
	j := 0;
	c := s[j++] = 'X';
	print("%c %s %d\n", c, s, j);

	w := array[2] of (string, int);
	m := 0;
	for(k := 0; k < 5; k++){
		if(m == len w)
			w = (array[m+2] of (string, int))[0:] = w;
		w[m].t0 = "w" + string k;
		w[m].t1 = k*k;
		m++;
	}
	for(k = 0; k < m; k++)
		print("%s %d %d\n", w[k].t0, w[k].t1, len w);
	b := array[] of {1, 2, 3, 4, 5};
	t := b[2:] = array[] of {9, 8};
	print("%d %d %d %d\n", len t, t[0], t[2], b[3]);
	(nf, f) := tokenize("a b c", " ");
	print("%d %s %d\n", nf, hd tl tl f, OREAD+OWRITE);
}
