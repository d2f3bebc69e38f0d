implement Compops;

# comp-ops -- word, byte and array operations in loops, the exceptions
# they raise (bounds, nil) caught: the same with emu -c0 and -c1

include "sys.m";
	sys: Sys;
include "draw.m";

Compops: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Pt: adt
{
	x, y: int;
	b: byte;
};

g := 7;
gb: byte;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	s := 0;
	for(i := 0; i < 20000; i++){
		s += i*3 ^ (i << 2);
		s -= i >> 1;
		s = s & 16rFFFFFFF | (i & 1);
		g = g*5 + (s >> (i & 7));
		if(i % 1000 == 0)
			s += 1;
	}
	x := -12345;
	sys->print("words %d %d %d %d %d %d\n", s, g, x >> 3, x << 31, x & 255, i);
	n := 0;
	for(a := 0; a < 300; a++)
		for(b := a; b > 0; b -= 7)
			if(b <= a/2 || b >= 100)
				n++;
			else
				n--;
	sys->print("nest %d\n", n);
	sieve(20000);
	bytes();
	adts();
	arrays();
	ptrs();
	for(k := 0; k < 6; k++)
		sys->print("catch %d: %s\n", k, faults(k));
}

sieve(N: int)
{
	a := array[N+1] of {* => byte 0};
	n := 0;
	for(i := 2; i <= N; i++)
		if(a[i] == byte 0){
			n++;
			for(j := i+i; j <= N; j += i)
				a[j] = byte 1;
		}
	sys->print("sieve %d\n", n);
}

bytes()
{
	b := array[256] of byte;
	for(i := 0; i < 256; i++)
		b[i] = byte (i*7);
	t := 0;
	c: byte;
	for(i = 0; i < 256; i++){
		c = b[i];
		if(c > byte 128)
			t += int c;
		else if(c < b[255-i])
			t -= int c;
		gb = c;
	}
	sys->print("bytes %d %d %d\n", t, int gb, int b[17]);
}

adts()
{
	p := ref Pt(1, 2, byte 3);
	for(i := 0; i < 1000; i++){
		p.x += i;
		p.y = p.x ^ p.y;
		p.b = byte p.y;
	}
	q := array[10] of Pt;
	for(i = 0; i < len q; i++){
		q[i].x = i*i;
		q[i].y = q[i].x - i;
	}
	t := 0;
	for(i = 0; i < len q; i++)
		t += q[i].y;
	sys->print("adts %d %d %d %d\n", p.x, p.y, int p.b, t);
}

arrays()
{
	w := array[100] of int;
	for(i := 0; i < len w; i++)
		w[i] = i*i;
	t := 0;
	for(i = 99; i >= 0; i--)
		t += w[i] - w[(i*7)%100];
	bb := array[50] of big;
	for(i = 0; i < len bb; i++)
		bb[i] = big i << 33;
	z: array of int;
	for(i = 0; i < 3 + len z; i++)
		t += len bb;
	sys->print("arrays %d %bd\n", t, bb[49]);
}

ptrs()
{
	a := ref Pt(1, 2, byte 3);
	b := ref Pt(4, 5, byte 6);
	l: list of ref Pt;
	s := "x";
	for(i := 0; i < 5000; i++){
		t := a;
		a = b;
		b = t;
		a.x += i;
		if(i % 100 == 0){
			l = a :: l;
			s += "y";
			b = ref Pt(i, i, byte i);
		}
		c := a;
		c = nil;
		d := s;
		s = d;
	}
	n := 0;
	for(; l != nil; l = tl l)
		n += (hd l).x;
	sys->print("ptrs %d %d %d %d\n", a.x, b.x, n, len s);
}

faults(k: int): string
{
	{
		w := array[10] of int;
		p: ref Pt;
		b := array[5] of byte;
		for(i := 0; i < 20; i++){
			case k {
			0 =>	w[i] = i;
			1 =>	b[i] = byte i;
			2 =>	if(i == 3) p.x = i;
			3 =>	w[-1+i-i] = 1;
			4 =>	if(i == 5) w = nil; w[0] = i;
			5 =>	if(i == 2) return string (i/(i-2));
			}
		}
		return "none";
	}exception e{
	"*" =>
		return e;
	}
}
