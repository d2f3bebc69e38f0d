implement Errreturn;

include "sys.m";
include "draw.m";

Errreturn: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

sign(x: int): int
{
	if(x > 0)
		return 1;
	else if(x < 0)
		return -1;
}

ok(x: int): int
{
	case x {
	0 =>
		return 0;
	* =>
		raise "bad";
	}
}

loop(): string
{
	for(;;)
		;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sign(ok(loop() == nil));
}
