# lists -- polymorphic operations on lists; none changes its arguments

implement Lists;

include "lists.m";

map[T](f: ref fn(x: T): T, l: list of T): list of T
{
	r: list of T;
	for(; l != nil; l = tl l)
		r = f(hd l) :: r;
	return reverse(r);
}

allsat[T](p: ref fn(x: T): int, l: list of T): int
{
	for(; l != nil; l = tl l)
		if(p(hd l) == 0)
			return 0;
	return 1;
}

anysat[T](p: ref fn(x: T): int, l: list of T): int
{
	for(; l != nil; l = tl l)
		if(p(hd l) != 0)
			return 1;
	return 0;
}

filter[T](p: ref fn(x: T): int, l: list of T): list of T
{
	r: list of T;
	for(; l != nil; l = tl l)
		if(p(hd l) != 0)
			r = hd l :: r;
	return reverse(r);
}

partition[T](p: ref fn(x: T): int, l: list of T): (list of T, list of T)
{
	yes, no: list of T;
	for(; l != nil; l = tl l)
		if(p(hd l) != 0)
			yes = hd l :: yes;
		else
			no = hd l :: no;
	return (reverse(yes), reverse(no));
}

append[T](l: list of T, x: T): list of T
{
	return concat(l, x :: nil);
}

# concat shares l2 with its result; l's cells are copied.
concat[T](l: list of T, l2: list of T): list of T
{
	if(l2 == nil)
		return l;
	for(r := reverse(l); r != nil; r = tl r)
		l2 = hd r :: l2;
	return l2;
}

# combine is the cheapest union: l reversed onto the front of l2.
combine[T](l: list of T, l2: list of T): list of T
{
	for(; l != nil; l = tl l)
		l2 = hd l :: l2;
	return l2;
}

reverse[T](l: list of T): list of T
{
	r: list of T;
	for(; l != nil; l = tl l)
		r = hd l :: r;
	return r;
}

# last of nil raises the run-time error of hd nil.
last[T](l: list of T): T
{
	while(l != nil && tl l != nil)
		l = tl l;
	return hd l;
}

# find returns the tail of l that starts at the first element equal
# to x, or nil.
find[T](x: T, l: list of T): list of T
	for { T => eq: fn(a, b: T): int; }
{
	for(; l != nil; l = tl l)
		if(T.eq(x, hd l))
			return l;
	return nil;
}

# delete returns l without its first element equal to x.
delete[T](x: T, l: list of T): list of T
	for { T => eq: fn(a, b: T): int; }
{
	r: list of T;
	for(; l != nil; l = tl l){
		if(T.eq(x, hd l)){
			l = tl l;
			break;
		}
		r = hd l :: r;
	}
	for(; r != nil; r = tl r)
		l = hd r :: l;
	return l;
}

ismember[T](x: T, l: list of T): int
	for { T => eq: fn(a, b: T): int; }
{
	return find(x, l) != nil;
}

# pair raises an exception if the lists differ in length.
pair[T1, T2](l1: list of T1, l2: list of T2): list of (T1, T2)
{
	r: list of (T1, T2);
	for(; l1 != nil || l2 != nil; (l1, l2) = (tl l1, tl l2))
		r = (hd l1, hd l2) :: r;
	rr: list of (T1, T2);
	for(; r != nil; r = tl r)
		rr = hd r :: rr;
	return rr;
}

unpair[T1, T2](l: list of (T1, T2)): (list of T1, list of T2)
{
	r1: list of T1;
	r2: list of T2;
	for(; l != nil; l = tl l){
		(a, b) := hd l;
		r1 = a :: r1;
		r2 = b :: r2;
	}
	return (reverse(r1), reverse(r2));
}
