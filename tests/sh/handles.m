# handles.m -- for limbo-handles.sh: a module that hands out a handle
Stob: module
{
	aaa:	fn(s: string): string;
	stob:	fn(s: string): string;
};

Conv: module
{
	getstob:	fn(): Stob;
};
