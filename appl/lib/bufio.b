# bufio -- buffered input and output on file descriptors

implement Bufio;

include "sys.m";
	sys: Sys;
include "bufio.m";

Bsize:	con Sys->ATOMICIO;
Keep:	con 4;		# bytes kept before index on refill, for ungetb/ungetc

Bread, Bwrite:	con 1+iota;

# ldsys loads Sys if this instance of the module has not: an Iobuf
# made through one instance of Bufio may be used through another.
ldsys()
{
	if(sys == nil)
		sys = load Sys Sys->PATH;
}

open(name: string, mode: int): ref Iobuf
{
	ldsys();
	fd := sys->open(name, mode);
	if(fd == nil)
		return nil;
	return fopen(fd, mode);
}

create(name: string, mode, perm: int): ref Iobuf
{
	ldsys();
	fd := sys->create(name, mode, perm);
	if(fd == nil)
		return nil;
	return fopen(fd, mode);
}

fopen(fd: ref Sys->FD, mode: int): ref Iobuf
{
	ldsys();
	mode &= 3;
	if(fd == nil || mode == 3)
		return nil;
	off := sys->seek(fd, big 0, Sys->SEEKRELA);
	if(off < big 0)
		off = big 0;
	return ref Iobuf(fd, array[Bsize] of byte, Bsize, 0, 0, 0, mode, 0, off, -1, 0);
}

# fill reads more input into b, keeping the unread bytes and up to
# Keep bytes before them.  It returns the count read: 0 at end of file,
# negative on error.
fill(b: ref Iobuf): int
{
	ldsys();
	if(b.lastop == Bwrite)
		b.flush();
	b.lastop = Bread;
	keep := b.index;
	if(keep > Keep)
		keep = Keep;
	start := b.index - keep;
	if(start > 0){
		for(i := start; i < b.size; i++)
			b.buf[i-start] = b.buf[i];
		b.filpos += big start;
		b.index -= start;
		b.size -= start;
	}
	if(b.size == len b.buf){
		nb := array[2*len b.buf] of byte;
		nb[0:] = b.buf[0:b.size];
		b.buf = nb;
	}
	n := sys->read(b.fd, b.buf[b.size:], len b.buf - b.size);
	if(n > 0)
		b.size += n;
	return n;
}

# toread prepares b for reading: pending output is written first.
toread(b: ref Iobuf)
{
	if(b.lastop == Bwrite)
		b.flush();
	b.lastop = Bread;
}

# towrite prepares b for writing: unread input is dropped and the
# file offset moved back to the logical position.
towrite(b: ref Iobuf)
{
	ldsys();
	if(b.lastop == Bread){
		if(b.index < b.size)
			sys->seek(b.fd, b.filpos + big b.index, Sys->SEEKSTART);
		b.filpos += big b.index;
		b.index = 0;
		b.size = 0;
	}
	b.lastop = Bwrite;
}

Iobuf.getb(b: self ref Iobuf): int
{
	if(b.mode == OWRITE)
		return ERROR;
	toread(b);
	if(b.index >= b.size){
		n := fill(b);
		if(n == 0)
			return EOF;
		if(n < 0)
			return ERROR;
	}
	c := int b.buf[b.index++];
	b.lastsz = 1;
	return c;
}

Iobuf.ungetb(b: self ref Iobuf): int
{
	if(b.lastop != Bread || b.index == 0)
		return ERROR;
	b.index--;
	b.lastsz = 0;
	return 1;
}

# getc returns the next rune, Sys->UTFerror for a malformed sequence.
Iobuf.getc(b: self ref Iobuf): int
{
	if(b.mode == OWRITE)
		return ERROR;
	toread(b);
	if(b.index >= b.size){
		n := fill(b);
		if(n == 0)
			return EOF;
		if(n < 0)
			return ERROR;
	}
	c := int b.buf[b.index];
	need := 1;
	if(c >= 16rF0 && c < 16rF8){
		need = 4;
		c &= 16r07;
	}else if(c >= 16rE0 && c < 16rF0){
		need = 3;
		c &= 16r0F;
	}else if(c >= 16rC0 && c < 16rE0){
		need = 2;
		c &= 16r1F;
	}else if(c >= 16r80){
		b.index++;
		b.lastsz = 1;
		return Sys->UTFerror;
	}
	while(b.size - b.index < need)
		if(fill(b) <= 0)
			break;
	if(b.size - b.index < need){
		b.index++;
		b.lastsz = 1;
		return Sys->UTFerror;
	}
	for(i := 1; i < need; i++){
		x := int b.buf[b.index+i];
		if((x & 16rC0) != 16r80){
			b.index++;
			b.lastsz = 1;
			return Sys->UTFerror;
		}
		c = (c<<6) | (x & 16r3F);
	}
	b.index += need;
	b.lastc = c;
	b.lastsz = need;
	return c;
}

Iobuf.ungetc(b: self ref Iobuf): int
{
	if(b.lastop != Bread || b.lastsz <= 0 || b.index < b.lastsz)
		return ERROR;
	b.index -= b.lastsz;
	b.lastsz = 0;
	return 1;
}

# gets returns the text up to and including the next sep character,
# or what is left at end of file; nil at end of file.
Iobuf.gets(b: self ref Iobuf, sep: int): string
{
	if(b.mode == OWRITE)
		return nil;
	toread(b);
	if(sep >= 16r80)
		return getsrune(b, sep);
	sb := byte sep;
	acc: array of byte;
	nacc := 0;
	for(;;){
		for(i := b.index; i < b.size; i++)
			if(b.buf[i] == sb)
				break;
		if(i < b.size){
			i++;
			if(nacc == 0){
				s := string b.buf[b.index:i];
				b.index = i;
				b.lastsz = 0;
				return s;
			}
			acc = append(acc, nacc, b.buf[b.index:i]);
			nacc += i - b.index;
			b.index = i;
			break;
		}
		if(b.index < b.size){
			acc = append(acc, nacc, b.buf[b.index:b.size]);
			nacc += b.size - b.index;
			b.index = b.size;
		}
		if(fill(b) <= 0)
			break;
	}
	b.lastsz = 0;
	if(nacc == 0)
		return nil;
	return string acc[0:nacc];
}

# append adds a to acc, which holds n bytes, growing it as needed.
append(acc: array of byte, n: int, a: array of byte): array of byte
{
	if(acc == nil || n + len a > len acc){
		m := 2*(n + len a);
		if(m < 128)
			m = 128;
		nacc := array[m] of byte;
		if(n > 0)
			nacc[0:] = acc[0:n];
		acc = nacc;
	}
	acc[n:] = a;
	return acc;
}

# getsrune is gets for a separator that is not ASCII: it collects the
# bytes of each rune read and converts them at the end.
getsrune(b: ref Iobuf, sep: int): string
{
	acc: array of byte;
	n := 0;
	for(;;){
		c := b.getc();
		if(c < 0)
			break;
		acc = append(acc, n, b.buf[b.index-b.lastsz:b.index]);
		n += b.lastsz;
		if(c == sep)
			break;
	}
	b.lastsz = 0;
	if(n == 0)
		return nil;
	return string acc[0:n];
}

Iobuf.read(b: self ref Iobuf, a: array of byte, n: int): int
{
	if(b.mode == OWRITE)
		return ERROR;
	toread(b);
	if(n > len a)
		n = len a;
	got := 0;
	while(got < n){
		if(b.index >= b.size){
			r := fill(b);
			if(r == 0)
				break;
			if(r < 0){
				if(got > 0)
					break;
				return ERROR;
			}
		}
		m := b.size - b.index;
		if(m > n - got)
			m = n - got;
		a[got:] = b.buf[b.index:b.index+m];
		b.index += m;
		got += m;
	}
	b.lastsz = 0;
	return got;
}

Iobuf.write(b: self ref Iobuf, a: array of byte, n: int): int
{
	if(b.mode == OREAD)
		return ERROR;
	towrite(b);
	if(n > len a)
		n = len a;
	if(n >= len b.buf){
		if(b.flush() < 0)
			return ERROR;
		w := sys->write(b.fd, a, n);
		if(w != n)
			return ERROR;
		b.filpos += big n;
		return n;
	}
	if(b.index + n > len b.buf && b.flush() < 0)
		return ERROR;
	b.buf[b.index:] = a[0:n];
	b.index += n;
	b.dirty = 1;
	return n;
}

Iobuf.putb(b: self ref Iobuf, c: byte): int
{
	if(b.mode == OREAD)
		return ERROR;
	towrite(b);
	if(b.index >= len b.buf && b.flush() < 0)
		return ERROR;
	b.buf[b.index++] = c;
	b.dirty = 1;
	return 1;
}

Iobuf.putc(b: self ref Iobuf, c: int): int
{
	if(b.mode == OREAD)
		return ERROR;
	towrite(b);
	if(b.index + 4 > len b.buf && b.flush() < 0)
		return ERROR;
	i := b.index;
	if(c < 0 || c > Sys->Runemax || (c >= 16rD800 && c < 16rE000))
		c = Sys->UTFerror;
	if(c < 16r80)
		b.buf[i++] = byte c;
	else if(c < 16r800){
		b.buf[i++] = byte (16rC0 | (c>>6));
		b.buf[i++] = byte (16r80 | (c & 16r3F));
	}else if(c < 16r10000){
		b.buf[i++] = byte (16rE0 | (c>>12));
		b.buf[i++] = byte (16r80 | ((c>>6) & 16r3F));
		b.buf[i++] = byte (16r80 | (c & 16r3F));
	}else{
		b.buf[i++] = byte (16rF0 | (c>>18));
		b.buf[i++] = byte (16r80 | ((c>>12) & 16r3F));
		b.buf[i++] = byte (16r80 | ((c>>6) & 16r3F));
		b.buf[i++] = byte (16r80 | (c & 16r3F));
	}
	n := i - b.index;
	b.index = i;
	b.dirty = 1;
	return n;
}

Iobuf.puts(b: self ref Iobuf, s: string): int
{
	a := array of byte s;
	return b.write(a, len a);
}

# flush writes any buffered output; 0 on success, ERROR on failure.
Iobuf.flush(b: self ref Iobuf): int
{
	ldsys();
	if(b.lastop != Bwrite || b.index == 0)
		return 0;
	n := b.index;
	b.index = 0;
	b.dirty = 0;
	w := sys->write(b.fd, b.buf, n);
	if(w != n)
		return ERROR;
	b.filpos += big n;
	return 0;
}

Iobuf.seek(b: self ref Iobuf, n: big, where: int): big
{
	ldsys();
	if(where == Sys->SEEKRELA){
		n += b.offset();
		where = Sys->SEEKSTART;
	}
	if(b.lastop == Bwrite && b.flush() < 0)
		return big ERROR;
	r := sys->seek(b.fd, n, where);
	if(r >= big 0){
		b.filpos = r;
		b.index = 0;
		b.size = 0;
		b.lastop = 0;
	}
	b.lastsz = 0;
	return r;
}

Iobuf.offset(b: self ref Iobuf): big
{
	return b.filpos + big b.index;
}

Iobuf.close(b: self ref Iobuf)
{
	if(b.lastop == Bwrite)
		b.flush();
	b.fd = nil;
	b.buf = nil;
	b.index = b.size = 0;
	b.lastop = 0;
}
