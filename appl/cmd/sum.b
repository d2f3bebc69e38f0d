implement Sum;

# sum -- print the checksum (a 32-bit CRC), length and name of files
#
# The CRC is the reflected CRC-32 (polynomial 0xEDB88320) from zero,
# taken over the data and then over four bytes made from the length,
# so that files of different lengths differ even when all zero: the
# sums of Plan 9 and Inferno.

include "sys.m";
	sys: Sys;
include "draw.m";

Sum: module
{
	init:	fn(ctxt: ref Draw->Context, argv: list of string);
};

stderr: ref Sys->FD;
tab: array of int;

init(nil: ref Draw->Context, argv: list of string)
{
	sys = load Sys Sys->PATH;
	stderr = sys->fildes(2);
	tab = mktab(int 16rEDB88320);
	if(argv != nil)
		argv = tl argv;
	if(argv != nil && len hd argv > 1 && (hd argv)[0] == '-'){
		sys->fprint(stderr, "usage: sum [file ...]\n");
		raise "fail:usage";
	}
	err := 0;
	if(argv == nil)
		err = sum(sys->fildes(0), nil);
	for(; argv != nil; argv = tl argv){
		f := hd argv;
		fd := sys->open(f, Sys->OREAD);
		if(fd == nil){
			sys->fprint(stderr, "sum: cannot open %s: %r\n", f);
			err = 1;
			continue;
		}
		(ok, d) := sys->fstat(fd);
		if(ok >= 0 && (d.mode & Sys->DMDIR))
			continue;
		err |= sum(fd, f);
	}
	if(err)
		raise "fail:error";
}

mktab(poly: int): array of int
{
	t := array[256] of int;
	for(i := 0; i < 256; i++){
		c := i;
		for(j := 0; j < 8; j++)
			if(c & 1)
				c = ((c >> 1) & 16r7FFFFFFF) ^ poly;
			else
				c = (c >> 1) & 16r7FFFFFFF;
		t[i] = c;
	}
	return t;
}

crc(c: int, b: array of byte, n: int): int
{
	t := tab;
	for(i := 0; i < n; i++)
		c = t[(c ^ int b[i]) & 16rFF] ^ ((c >> 8) & 16rFFFFFF);
	return c;
}

# sum prints the line for fd (named name, if any); 1 on a read error
sum(fd: ref Sys->FD, name: string): int
{
	buf := array[Sys->ATOMICIO] of byte;
	c := 0;
	n := big 0;
	while((r := sys->read(fd, buf, len buf)) > 0){
		c = crc(c, buf, r);
		n += big r;
	}
	if(r < 0){
		sys->fprint(stderr, "sum: error reading %s: %r\n", name);
		return 1;
	}
	l := int n;
	b := array[] of {
		byte ((l >> 24) ^ 16rCC), byte ((l >> 16) ^ 16r55),
		byte ((l >> 8) ^ 16rCC), byte (l ^ 16r55),
	};
	c = crc(c, b, 4);
	if(name == nil)
		sys->print("%.8ux %6bd\n", c, n);
	else
		sys->print("%.8ux %6bd %s\n", c, n, name);
	return 0;
}
