implement Sorting;

include "sys.m";
	sys: Sys;
include "draw.m";

Sorting: module
{
	init:	fn(nil: ref Draw->Context, argv: list of string);
};

Item: adt {
	key:	string;
	val:	int;
	lt:	fn(a: self ref Item, b: ref Item): int;
};

Item.lt(a: self ref Item, b: ref Item): int
{
	if(a.key != b.key)
		return a.key < b.key;
	return a.val < b.val;
}

qsort(a: array of ref Item, lo, hi: int)
{
	if(lo >= hi)
		return;
	p := a[(lo+hi)/2];
	i := lo;
	j := hi;
	while(i <= j){
		while(a[i].lt(p))
			i++;
		while(p.lt(a[j]))
			j--;
		if(i <= j){
			(a[i], a[j]) = (a[j], a[i]);
			i++;
			j--;
		}
	}
	qsort(a, lo, j);
	qsort(a, i, hi);
}

fib(n: int): big
{
	a := big 0;
	b := big 1;
	for(i := 0; i < n; i++)
		(a, b) = (b, a+b);
	return a;
}

ack(m, n: int): int
{
	if(m == 0)
		return n+1;
	if(n == 0)
		return ack(m-1, 1);
	return ack(m-1, ack(m, n-1));
}

words(s: string): list of string
{
	l: list of string;
	w := "";
	for(i := 0; i < len s; i++){
		c := s[i];
		if(c == ' '){
			if(w != "")
				l = w :: l;
			w = "";
		}else
			w[len w] = c;
	}
	if(w != "")
		l = w :: l;
	return l;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	keys := array[] of {"pear", "apple", "fig", "apple", "kiwi", "banana", "fig", "date"};
	a := array[len keys] of ref Item;
	for(i := 0; i < len keys; i++)
		a[i] = ref Item(keys[i], (i*7) % 5);
	qsort(a, 0, len a - 1);
	for(i = 0; i < len a; i++)
		sys->print("%s:%d ", a[i].key, a[i].val);
	sys->print("\n");
	sys->print("%bd %bd\n", fib(50), fib(90));
	sys->print("%d\n", ack(2, 3));
	n := 0;
	for(l := words("  the quick  brown fox "); l != nil; l = tl l){
		sys->print("[%s]", hd l);
		n += len hd l;
	}
	sys->print(" %d\n", n);
	m := array[3] of {* => array[3] of int};
	for(i = 0; i < 3; i++)
		for(j := 0; j < 3; j++)
			m[i][j] = i*3 + j;
	t := 0;
	for(i = 0; i < 3; i++)
		t += m[i][i] * m[2-i][i];
	sys->print("%d %d\n", t, m[0] == m[1]);
}
