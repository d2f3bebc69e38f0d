# Arg -- command line option parsing
Arg: module
{
	PATH:	con "/dis/lib/arg.dis";

	init:	fn(argv: list of string);
	setusage:	fn(u: string);
	usage:	fn();
	opt:	fn(): int;
	arg:	fn(): string;
	earg:	fn(): string;
	argv:	fn(): list of string;
	progname:	fn(): string;
};
