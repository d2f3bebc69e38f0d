# Bufio -- buffered input and output (the interface is Inferno's, so that
# .dis files compiled against Inferno's bufio.m link with ours)
Bufio: module
{
	PATH:		con "/dis/lib/bufio.dis";

	SEEKSTART:	con Sys->SEEKSTART;
	SEEKRELA:	con Sys->SEEKRELA;
	SEEKEND:	con Sys->SEEKEND;

	OREAD:		con Sys->OREAD;
	OWRITE:		con Sys->OWRITE;
	ORDWR:		con Sys->ORDWR;

	EOF:		con -1;
	ERROR:		con -2;

	Iobuf: adt {
		seek:		fn(b: self ref Iobuf, n: big, where: int): big;
		offset:		fn(b: self ref Iobuf): big;

		read:		fn(b: self ref Iobuf, a: array of byte, n: int): int;
		write:		fn(b: self ref Iobuf, a: array of byte, n: int): int;

		getb:		fn(b: self ref Iobuf): int;
		getc:		fn(b: self ref Iobuf): int;
		gets:		fn(b: self ref Iobuf, sep: int): string;
		gett:		fn(b: self ref Iobuf, sep: string): string;

		ungetb:		fn(b: self ref Iobuf): int;
		ungetc:		fn(b: self ref Iobuf): int;

		putb:		fn(b: self ref Iobuf, b: byte): int;
		putc:		fn(b: self ref Iobuf, c: int): int;
		puts:		fn(b: self ref Iobuf, s: string): int;

		flush:		fn(b: self ref Iobuf): int;
		close:		fn(b: self ref Iobuf);

		setfill:	fn(b: self ref Iobuf, f: BufioFill);

		# private to the implementation
		fd:		ref Sys->FD;	# nil for aopen and sopen
		buffer:		array of byte;
		index:		int;		# next byte to read, or to write, in buffer
		size:		int;		# bytes of input in buffer
		dirty:		int;		# buffer holds unwritten output
		bufpos:		big;		# file offset of buffer[0]
		filpos:		big;		# file offset of fd
		lastop:		int;		# OREAD or OWRITE: what the buffer holds
		mode:		int;		# OREAD, OWRITE or ORDWR
	};

	open:		fn(name: string, mode: int): ref Iobuf;
	create:		fn(name: string, mode, perm: int): ref Iobuf;
	fopen:		fn(fd: ref Sys->FD, mode: int): ref Iobuf;
	sopen:		fn(input: string): ref Iobuf;
	aopen:		fn(input: array of byte): ref Iobuf;
};

# a source of input for an Iobuf (see setfill in bufio(2))
BufioFill: module
{
	fill:	fn(b: ref Bufio->Iobuf): int;
};
