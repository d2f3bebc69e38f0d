# Command -- the interface of every program sh runs: argv[0] is the
# command's name.  A command fails by raising "fail:reason".
Command: module
{
	PATH:	con "/dis/sh.dis";

	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

# Sh -- the shell itself: a Command, and check, which parses a command
# line without running it: nil if it is well formed, else sh's
# diagnostic (as "syntax error near x").
Sh: module
{
	PATH:	con "/dis/sh.dis";

	init:	fn(ctxt: ref Draw->Context, argv: list of string);
	check:	fn(text: string): string;
};
