implement Errsyntax;

include "sys.m";

Errsyntax: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

init(nil: ref Draw->Context, nil: list of string)
{
	x := 1 +;
	y := 2;
	if(y
		y++;
}
