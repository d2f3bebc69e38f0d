/*
 * rc4.c -- the RC4 stream cipher (as in RFC 6229's test vectors), and
 * Inferno's steps of it forward without output and backward.
 */
#include <u.h>
#include <lib9.h>
#include <mp.h>
#include <sec.h>

void
rc4setup(RC4state *s, uchar *key, int n)
{
	int i, j;
	uchar t;

	for(i = 0; i < 256; i++)
		s->s[i] = i;
	j = 0;
	for(i = 0; i < 256; i++){
		t = s->s[i];
		j = (j + t + key[i%n]) & 255;
		s->s[i] = s->s[j];
		s->s[j] = t;
	}
	s->x = 0;
	s->y = 0;
}

/* n bytes of the key stream: XORed into p, or only passed over */
static void
stream(RC4state *s, uchar *p, int n)
{
	int i, x, y;
	uchar tx, ty;

	x = s->x;
	y = s->y;
	for(i = 0; i < n; i++){
		x = (x+1) & 255;
		tx = s->s[x];
		y = (y+tx) & 255;
		ty = s->s[y];
		s->s[x] = ty;
		s->s[y] = tx;
		if(p != nil)
			p[i] ^= s->s[(tx+ty) & 255];
	}
	s->x = x;
	s->y = y;
}

void
rc4(RC4state *s, uchar *p, int n)
{
	stream(s, p, n);
}

void
rc4skip(RC4state *s, int n)
{
	stream(s, nil, n);
}

/* undo n steps: swap back, then step x and y back */
void
rc4back(RC4state *s, int n)
{
	int i, x, y;
	uchar t;

	x = s->x;
	y = s->y;
	for(i = 0; i < n; i++){
		t = s->s[x];
		s->s[x] = s->s[y];
		s->s[y] = t;
		y = (y - s->s[x]) & 255;
		x = (x-1) & 255;
	}
	s->x = x;
	s->y = y;
}
