# Readdir -- a whole directory at once, sorted
Readdir: module
{
	PATH:	con	"/dis/lib/readdir.dis";

	# sortkey: one of NAME, ATIME, MTIME, SIZE or NONE,
	# with DESCENDING or'd in to reverse the order

	NAME, ATIME, MTIME, SIZE, NONE: con iota;
	DESCENDING:	con (1<<5);

	init:	fn(path: string, sortkey: int): (array of ref Sys->Dir, int);
	readall:	fn(fd: ref Sys->FD, sortkey: int): (array of ref Sys->Dir, int);
	sortdir:fn(a: array of ref Sys->Dir, key: int): (array of ref Sys->Dir, int);

	# COMPACT or'd into sortkey keeps only the first entry of each
	# name, as a union directory may list a name more than once

	COMPACT:	con (1<<4);
};
