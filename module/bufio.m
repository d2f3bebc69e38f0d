# Bufio -- buffered input and output on file descriptors
Bufio: module
{
	PATH:	con "/dis/lib/bufio.dis";

	OREAD:	con Sys->OREAD;
	OWRITE:	con Sys->OWRITE;
	ORDWR:	con Sys->ORDWR;

	EOF:	con -1;
	ERROR:	con -2;

	Iobuf: adt
	{
		fd:	ref Sys->FD;
		buf:	array of byte;
		bufsize:	int;
		index:	int;	# next byte to read from buf
		size:	int;	# bytes of valid data in buf
		dirty:	int;	# buf holds unwritten output
		mode:	int;	# OREAD, OWRITE or ORDWR
		lastop:	int;	# Bread, Bwrite or 0
		filpos:	big;	# file offset of buf[0]
		lastc:	int;	# last rune read, for ungetc
		lastsz:	int;	# its size in bytes

		seek:	fn(b: self ref Iobuf, n: big, where: int): big;
		offset:	fn(b: self ref Iobuf): big;
		read:	fn(b: self ref Iobuf, a: array of byte, n: int): int;
		write:	fn(b: self ref Iobuf, a: array of byte, n: int): int;
		getb:	fn(b: self ref Iobuf): int;
		getc:	fn(b: self ref Iobuf): int;
		gets:	fn(b: self ref Iobuf, sep: int): string;
		ungetb:	fn(b: self ref Iobuf): int;
		ungetc:	fn(b: self ref Iobuf): int;
		putb:	fn(b: self ref Iobuf, c: byte): int;
		putc:	fn(b: self ref Iobuf, c: int): int;
		puts:	fn(b: self ref Iobuf, s: string): int;
		flush:	fn(b: self ref Iobuf): int;
		close:	fn(b: self ref Iobuf);
	};

	open:	fn(name: string, mode: int): ref Iobuf;
	create:	fn(name: string, mode, perm: int): ref Iobuf;
	fopen:	fn(fd: ref Sys->FD, mode: int): ref Iobuf;
};
