# Command -- the interface of every program sh runs: argv[0] is the
# command's name.  A command fails by raising "fail:reason".
Command: module
{
	PATH:	con "/dis/sh.dis";

	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};
