# fuzz crasher: a send to an undeclared channel as the operand of +=
implement T;
T: module
{
	init: fn();
};
init()
{
	x := 0;
	x += c <-= 0;
}
