# excmod -- interface of tests/sh/excmod.b, for exc-modules.sh
Excmod: module
{
	Bad:	exception(string, int);
	Gone:	exception;

	check:	fn(n: int): int raises (Bad, Gone);
	deep:	fn(n: int): int;
};
