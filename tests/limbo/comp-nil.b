implement Compnil;

# comp-nil -- an array made nil between the turns of a compiled loop
# that indexes it: the exception is the interpreter's, at the same turn

include "sys.m";
	sys: Sys;
include "draw.m";
Compnil: module { init: fn(nil: ref Draw->Context, nil: list of string); };
init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	a := array[10] of int;
	b: array of int;
	t := 0;
	for(k := 0; k < 3; k++){
		{
			for(i := 0; i < 20; i++){
				if(i == 12 && k == 0)
					a = b;
				t += i;
				a[i%10] = t;
			}
		}exception e{
		"*" =>
			sys->print("k %d t %d: %s\n", k, t, e);
			a = array[10] of int;
		}
	}
	sys->print("%d\n", t);
}
