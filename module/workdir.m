# Workdir -- the name of the current directory
Workdir: module
{
	PATH:	con	"/dis/lib/workdir.dis";

	# the current directory's path name, nil if it cannot be found
	init:	fn(): string;
};
