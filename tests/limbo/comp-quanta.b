implement Compquanta;

# comp-quanta -- two progs in tight loops share the VM by quanta: what
# each sees of the other's counter depends on exactly where the
# interpreter switches, which emu -c1 must keep

include "sys.m";
	sys: Sys;
include "draw.m";

Compquanta: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

x := 0;
done := 0;

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	seen := array[40] of int;
	spawn spin(200000);
	n := 0;
	for(i := 0; i < len seen; i++){
		for(j := 0; j < 997; j++)
			n += j & 3;
		seen[i] = x;
	}
	while(done == 0)
		n++;
	for(i = 0; i < len seen; i++)
		sys->print("%d ", seen[i]);
	sys->print("\n%d\n", n);
}

spin(n: int)
{
	for(i := 0; i < n; i++)
		x += 3;
	done = 1;
}
