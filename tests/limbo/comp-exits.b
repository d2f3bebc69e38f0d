implement Compexits;

# comp-exits -- loops whose compiled blocks leave by branches at every
# point: each side exit gives back the counts of the instructions it
# skips, so a second prog, switched in by quanta, sees the counters at
# exactly the points the interpreter would show it; and arrays indexed
# in loops whose pinned block changes from turn to turn

include "sys.m";
	sys: Sys;
include "draw.m";

Compexits: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

a, b, c := 0;
done := 0;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	seen := chan of string;
	spawn watch(seen);
	for(j := 0; j < 300000; j++){
		if(j % 3 == 0)
			a++;
		else if(j & 1)
			b++;
		else if(j & 4){
			c += 2;
			continue;
		}
		if(a > b)
			c++;
		if(j > 299990)
			break;
	}
	done = 1;
	sys->print("%d %d %d %d\n", a, b, c, j);
	sys->print("%s\n", <-seen);
	pins();
}

# what it saw goes back on seen: the order of output is main's
watch(seen: chan of string)
{
	s := "";
	n := 0;
	while(done == 0){
		n++;
		if(n % 5000 == 0)
			s += sys->sprint(" %d/%d/%d", a, b, c);
	}
	seen <-= sys->sprint("%d%s", n, s);
}

# arr's block changes from turn to turn (the pin misses), then stays
pins()
{
	x := array[64] of {* => byte 1};
	y := array[64] of {* => byte 2};
	w := array[64] of int;
	t := 0;
	for(i := 0; i < 10000; i++){
		arr := x;
		if(i < 200 && i & 1)
			arr = y;
		arr[i & 63] = byte (arr[(i+1) & 63] + byte i);
		w[i & 63] += int arr[i & 63];
		t += int arr[i & 63];
	}
	u := 0;
	for(i = 0; i < 64; i++)
		u += w[i] + int x[i] + int y[i];
	x = y = nil;
	sys->print("%d %d\n", t, u);
}
