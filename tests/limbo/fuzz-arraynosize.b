# fuzz crasher: array[] of T needs an initializer
implement P;

P: module
{
	init: fn();
};

init()
{
	x := array[] of int;
}
