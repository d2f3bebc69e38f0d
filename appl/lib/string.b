# string -- splitting by character class, numbers and sh-style quoting

implement String;

include "string.m";

# in says whether c is in class cl.  A - with a character on each side
# of it is a range; a leading ^ complements the class (and is not one of
# its characters); an empty class holds nothing.  After a range the
# character closing it is used up, so in "a--" the last - is not a member.
in(c: int, cl: string): int
{
	n := len cl;
	if(n == 0)
		return 0;
	first := 0;
	if(cl[0] == '^')
		first = 1;
	for(i := first; i < n; i++){
		if(cl[i] == '-' && i > first && i+1 < n){
			if(cl[i-1] <= c && c <= cl[i+1])
				return !first;
			i++;
		}else if(cl[i] == c)
			return !first;
	}
	return first;
}

splitl(s, cl: string): (string, string)
{
	for(i := 0; i < len s; i++)
		if(in(s[i], cl))
			return (s[0:i], s[i:]);
	return (s, "");
}

splitr(s, cl: string): (string, string)
{
	for(i := len s; i > 0; i--)
		if(in(s[i-1], cl))
			return (s[0:i], s[i:]);
	return ("", s);
}

take(s, cl: string): string
{
	i := 0;
	while(i < len s && in(s[i], cl))
		i++;
	return s[0:i];
}

drop(s, cl: string): string
{
	i := 0;
	while(i < len s && in(s[i], cl))
		i++;
	return s[i:];
}

# at says whether t occurs in s at offset i (which leaves room for it)
at(s, t: string, i: int): int
{
	for(k := 0; k < len t; k++)
		if(s[i+k] != t[k])
			return 0;
	return 1;
}

splitstrl(s, t: string): (string, string)
{
	if(t == nil)
		return ("", s);
	for(i := 0; i+len t <= len s; i++)
		if(at(s, t, i))
			return (s[0:i], s[i:]);
	return (s, "");
}

splitstrr(s, t: string): (string, string)
{
	if(t == nil)
		return (s, "");
	for(i := len s - len t; i >= 0; i--)
		if(at(s, t, i))
			return (s[0:i+len t], s[i+len t:]);
	return ("", s);
}

prefix(pre, s: string): int
{
	return len pre <= len s && at(s, pre, 0);
}

# only the ASCII letters change case, as in Inferno
tolower(s: string): string
{
	for(i := 0; i < len s; i++)
		if(s[i] >= 'A' && s[i] <= 'Z')
			s[i] = s[i] + ('a' - 'A');
	return s;
}

toupper(s: string): string
{
	for(i := 0; i < len s; i++)
		if(s[i] >= 'a' && s[i] <= 'z')
			s[i] = s[i] - ('a' - 'A');
	return s;
}

# digit is c's value as a digit in any base up to 36, or 36 if none
digit(c: int): int
{
	if(c >= '0' && c <= '9')
		return c - '0';
	if(c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if(c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 36;
}

# number parses what toint and tobig accept: blanks, tabs and newlines,
# a sign, with base 0 an optional Limbo radix prefix (16rff, at most
# two decimal digits before the r), then digits of the base.  It
# returns the value (wrapping, not saturating, on overflow) and the
# offset just past it, or offset -1 when there is no number.
number(s: string, base: int): (big, int)
{
	if(base < 0 || base == 1 || base > 36)
		return (big 0, -1);
	i := 0;
	while(i < len s && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'))
		i++;
	neg := 0;
	if(i < len s && (s[i] == '-' || s[i] == '+')){
		neg = s[i] == '-';
		i++;
	}
	if(base == 0){
		base = 10;
		for(k := i; k < len s && k < i+3; k++){
			if(s[k] == 'r' && k > i){
				base = int s[i:k];
				if(base == 0 || base > 36)
					return (big 0, -1);
				i = k+1;
				break;
			}
			if(s[k] < '0' || s[k] > '9')
				break;
		}
	}
	start := i;
	n := big 0;
	for(; i < len s; i++){
		d := digit(s[i]);
		if(d >= base)
			break;
		n = n*big base + big d;
	}
	if(i == start)
		return (big 0, -1);
	if(neg)
		n = -n;
	return (n, i);
}

toint(s: string, base: int): (int, string)
{
	(n, end) := number(s, base);
	if(end < 0)
		return (0, s);
	return (int n, s[end:]);
}

tobig(s: string, base: int): (big, string)
{
	(n, end) := number(s, base);
	if(end < 0)
		return (big 0, s);
	return (n, s[end:]);
}

append(s: string, l: list of string): list of string
{
	r: list of string;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	l = s :: nil;
	for(; r != nil; r = tl r)
		l = hd r :: l;
	return l;
}

quoted(argv: list of string): string
{
	return quotedc(argv, nil);
}

# quotedc joins argv with single spaces, quoting each word that is
# empty or holds a blank, tab, newline, quote or character of cl:
# it goes inside '...' with each ' doubled, as sh(1) reads it.
quotedc(argv: list of string, cl: string): string
{
	s := "";
	for(; argv != nil; argv = tl argv){
		w := hd argv;
		q := w == nil;
		for(i := 0; i < len w && !q; i++){
			c := w[i];
			q = c == ' ' || c == '\t' || c == '\n' || c == '\'' || in(c, cl);
		}
		if(q){
			s[len s] = '\'';
			for(i = 0; i < len w; i++){
				if(w[i] == '\'')
					s[len s] = '\'';
				s[len s] = w[i];
			}
			s[len s] = '\'';
		}else
			s += w;
		if(tl argv != nil)
			s[len s] = ' ';
	}
	return s;
}

# unquoted undoes quotedc: words end at blanks, tabs and newlines outside
# quotes; '...' quotes anything, '' inside quotes is one quote, and
# a quote left open is closed at the end of args.
unquoted(args: string): list of string
{
	words: list of string;
	w := "";
	inword := 0;
	inquote := 0;
	for(i := 0; i < len args; i++){
		c := args[i];
		if(inquote){
			if(c != '\'')
				w[len w] = c;
			else if(i+1 < len args && args[i+1] == '\''){
				w[len w] = c;
				i++;
			}else
				inquote = 0;
		}else if(c == ' ' || c == '\t' || c == '\n'){
			if(inword)
				words = w :: words;
			w = "";
			inword = 0;
		}else{
			inword = 1;
			if(c == '\'')
				inquote = 1;
			else
				w[len w] = c;
		}
	}
	if(inword)
		words = w :: words;
	r: list of string;
	for(; words != nil; words = tl words)
		r = hd words :: r;
	return r;
}
