# vm-gc -- cyclic garbage is collected: far more than the 32 MB heap is allocated
implement Vmgc;

include "sys.m";
	sys: Sys;
include "draw.m";

Vmgc: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

Node: adt {
	next:	cyclic ref Node;
	prev:	cyclic ref Node;
	data:	array of byte;
	s:	string;
	kids:	cyclic array of ref Node;
};

ring(n: int): ref Node
{
	first := ref Node(nil, nil, array[100] of byte, "x", nil);
	p := first;
	for(i := 1; i < n; i++){
		q := ref Node(nil, p, array[100] of byte, "y", nil);
		p.next = q;
		p = q;
	}
	p.next = first;
	first.prev = p;
	return first;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	keep := ring(100);
	total := 0;
	for(round := 0; round < 2000; round++){
		r := ring(1000);
		for(p := r.next; p != r; p = p.next)
			total++;
		r = nil;
	}
	n := 0;
	for(p := keep.next; p != keep; p = p.next)
		n++;
	sys->print("visited %d kept %d\n", total, n);
	# a self-referencing list of channels and modules
	for(i := 0; i < 1000; i++){
		a := array[10] of ref Node;
		a[0] = ref Node(nil, nil, nil, nil, nil);
		a[0].next = a[0];
		a[0].prev = a[0];
	}
	sys->print("done\n");
	# big blocks: arrays of pointers in cycles, and big byte arrays
	m := 0;
	for(i = 0; i < 1000; i++){
		n0 := ref Node(nil, nil, array[50000] of byte, nil, array[2000] of ref Node);
		for(k := 0; k < len n0.kids; k += 100)
			n0.kids[k] = n0;
		m += len n0.kids;
	}
	sys->print("big %d\n", m);
}
