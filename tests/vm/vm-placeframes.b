# vm-placeframes -- the place a module call offers for its result is
# checked against the frames as they are: calls of another instance
# (mcall), each result placed in an element of an array being built,
# whose callee hands its place on to a call of its own after calls
# that allocate.  The check once walked the frames from a frame
# pointer the interpreter had not written back, a frame since popped,
# and read a real left there as a module link.
implement Vmplaceframes;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmplaceframes: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
	S: adt {
		x:	array of real;
		n:	int;
		c:	array of real;
	};
	med:	fn(s: ref S): real;
	top:	fn(s: ref S): real;
};

med(s: ref S): real
{
	if(s.n == 0)
		return 0.0;
	return mid(copy(s), s.n);
}

top(s: ref S): real
{
	a := copy(s);
	return a[s.n-1];
}

# copy sorts a copy of the values the first time: calls that allocate,
# and frames of several sizes holding reals
copy(s: ref S): array of real
{
	if(s.c == nil){
		a := array[s.n] of real;
		a[0:] = s.x[0:s.n];
		sort(a, 0, s.n);
		s.c = a;
	}
	return s.c;
}

sort(a: array of real, lo, hi: int)
{
	while(hi - lo > 12){
		p := med3(a[lo], a[lo + (hi-lo)/2], a[hi-1]);
		lt := lo;
		gt := hi;
		i := lo;
		while(i < gt){
			v := a[i];
			if(v < p){
				a[i++] = a[lt];
				a[lt++] = v;
			}else if(v > p){
				a[i] = a[--gt];
				a[gt] = v;
			}else
				i++;
		}
		sort(a, lo, lt);
		lo = gt;
	}
	for(i := lo+1; i < hi; i++){
		v := a[i];
		for(j := i; j > lo && a[j-1] > v; j--)
			a[j] = a[j-1];
		a[j] = v;
	}
}

med3(x, y, z: real): real
{
	if(x < y){
		if(y < z)
			return y;
		if(x < z)
			return z;
		return x;
	}
	if(x < z)
		return x;
	if(y < z)
		return z;
	return y;
}

mid(a: array of real, n: int): real
{
	if(n & 1)
		return a[n/2];
	return (a[n/2-1] + a[n/2]) / 2.0;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	me := load Vmplaceframes "$self";
	for(k := 0; k < 4; k++){
		s := ref S(array[180] of real, 180, nil);
		for(i := 0; i < s.n; i++)
			s.x[i] = real (347 + i*7 % 13);
		v := array[] of {me->med(s), me->med(s), me->top(s)};
		w := array[] of {real s.n, me->med(s), me->top(s), me->med(s)};
		sys->print("%g %g %g; %g %g %g %g\n", v[0], v[1], v[2], w[0], w[1], w[2], w[3]);
	}
	me = nil;
}
