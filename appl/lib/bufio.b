# bufio -- buffered input and output on file descriptors, arrays and
# strings.  Iobuf's fields are Inferno's: buffer holds input from
# buffer[0] (at file offset bufpos) to buffer[size], read up to index;
# or output in buffer[0:index].  lastop says which.

implement Bufio;

include "sys.m";
	sys: Sys;
include "bufio.m";

Bsize:	con Sys->ATOMICIO;
Keep:	con 4;		# bytes kept before index on refill, for ungetb/ungetc

# the fill modules given to setfill, by Iobuf
fills: list of (ref Iobuf, BufioFill);

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
	return ref Iobuf(fd, array[Bsize] of byte, 0, 0, 0, off, off, OREAD, mode);
}

sopen(input: string): ref Iobuf
{
	return aopen(array of byte input);
}

# aopen reads a itself, not a copy.
aopen(input: array of byte): ref Iobuf
{
	ldsys();
	if(input == nil)
		input = array[0] of byte;
	n := len input;
	return ref Iobuf(nil, input, 0, n, 0, big 0, big n, OREAD, OREAD);
}

filler(b: ref Iobuf): BufioFill
{
	for(l := fills; l != nil; l = tl l){
		(ib, f) := hd l;
		if(ib == b)
			return f;
	}
	return nil;
}

Iobuf.setfill(b: self ref Iobuf, f: BufioFill)
{
	nl: list of (ref Iobuf, BufioFill);
	for(l := fills; l != nil; l = tl l){
		(ib, nil) := hd l;
		if(ib != b)
			nl = hd l :: nl;
	}
	if(f != nil)
		nl = (b, f) :: nl;
	fills = nl;
}

# fill adds input to b after buffer[size], keeping the unread bytes and
# up to Keep bytes before them.  It returns the count added: 0 at end of
# file, negative on error.
fill(b: ref Iobuf): int
{
	ldsys();
	if(b.lastop == OWRITE)
		b.flush();
	b.lastop = OREAD;
	if(b.fd == nil)
		return fillfrom(b, filler(b));
	keep := b.index;
	if(keep > Keep)
		keep = Keep;
	start := b.index - keep;
	if(start > 0){
		for(i := start; i < b.size; i++)
			b.buffer[i-start] = b.buffer[i];
		b.bufpos += big start;
		b.index -= start;
		b.size -= start;
	}
	if(b.size == len b.buffer){
		nb := array[2*len b.buffer] of byte;
		nb[0:] = b.buffer[0:b.size];
		b.buffer = nb;
	}
	n := sys->read(b.fd, b.buffer[b.size:], len b.buffer - b.size);
	if(n > 0){
		b.size += n;
		b.filpos += big n;
	}
	return n;
}

# fillfrom asks fill module f for more input: the unread bytes move to
# the start of the buffer, and f appends at buffer[size:] and adds to
# size what it gives (see bufio(2)).
fillfrom(b: ref Iobuf, f: BufioFill): int
{
	if(f == nil)
		return 0;
	if(b.index > 0){
		n := b.size - b.index;
		for(i := 0; i < n; i++)
			b.buffer[i] = b.buffer[b.index+i];
		b.bufpos += big b.index;
		b.index = 0;
		b.size = n;
	}
	old := b.size;
	r := f->fill(b);
	if(r == EOF || r == 0)
		return 0;
	if(r < 0 || b.buffer == nil || b.size <= old || b.size > len b.buffer)
		return ERROR;
	return b.size - old;
}

# toread prepares b for reading: pending output is written first.
toread(b: ref Iobuf): int
{
	if(b.mode == OWRITE)
		return 0;
	if(b.lastop == OWRITE){
		b.flush();
		b.lastop = OREAD;
	}
	return 1;
}

# towrite prepares b for writing: unread input is dropped and the
# file offset moved back to the logical position.
towrite(b: ref Iobuf): int
{
	if(b.mode == OREAD || b.fd == nil)
		return 0;
	ldsys();
	if(b.lastop == OREAD){
		pos := b.bufpos + big b.index;
		if(b.index < b.size){
			sys->seek(b.fd, pos, Sys->SEEKSTART);
			b.filpos = pos;
		}
		b.bufpos = pos;
		b.index = b.size = 0;
		b.lastop = OWRITE;
	}
	return 1;
}

Iobuf.getb(b: self ref Iobuf): int
{
	if(!toread(b))
		return ERROR;
	if(b.index >= b.size){
		n := fill(b);
		if(n == 0)
			return EOF;
		if(n < 0)
			return ERROR;
	}
	return int b.buffer[b.index++];
}

Iobuf.ungetb(b: self ref Iobuf): int
{
	if(b.lastop != OREAD || b.index == 0)
		return ERROR;
	b.index--;
	return 1;
}

# getc returns the next rune, Sys->UTFerror for a malformed sequence
# (whose first byte alone is consumed).
Iobuf.getc(b: self ref Iobuf): int
{
	if(!toread(b))
		return ERROR;
	if(b.index >= b.size){
		n := fill(b);
		if(n == 0)
			return EOF;
		if(n < 0)
			return ERROR;
	}
	c := int b.buffer[b.index];
	need := runelen(c);
	if(need == 1){
		b.index++;
		if(c >= 16r80)
			return Sys->UTFerror;
		return c;
	}
	while(b.size - b.index < need)
		if(fill(b) <= 0)
			break;
	(r, n) := decode(b.buffer[b.index:b.size], need);
	b.index += n;
	return r;
}

# the length of the UTF sequence that byte c starts; 1 for a bad one
runelen(c: int): int
{
	if(c >= 16rF8)
		return 1;
	if(c >= 16rF0)
		return 4;
	if(c >= 16rE0)
		return 3;
	if(c >= 16rC0)
		return 2;
	return 1;
}

# decode the need-byte sequence at the start of a: the rune and the
# bytes it takes, (Sys->UTFerror, 1) if it is malformed or short
decode(a: array of byte, need: int): (int, int)
{
	if(len a < need)
		return (Sys->UTFerror, 1);
	c := int a[0] & (16r7F >> need);
	for(i := 1; i < need; i++){
		x := int a[i];
		if((x & 16rC0) != 16r80)
			return (Sys->UTFerror, 1);
		c = (c<<6) | (x & 16r3F);
	}
	return (c, need);
}

ok(a: array of byte, need: int): int
{
	(nil, n) := decode(a, need);
	return n == need;
}

# ungetc steps back over the rune before index: the bytes of a
# well-formed sequence, else one byte.
Iobuf.ungetc(b: self ref Iobuf): int
{
	if(b.lastop != OREAD || b.index == 0)
		return ERROR;
	j := b.index - 1;
	while(j > 0 && b.index - j < 4 && (int b.buffer[j] & 16rC0) == 16r80)
		j--;
	need := runelen(int b.buffer[j]);
	if(need > 1 && j + need == b.index && ok(b.buffer[j:b.index], need))
		b.index = j;
	else
		b.index--;
	return 1;
}

# gets' marks for each separator below 16r80 (a negative one, none, at
# 16r80), made at its first use and never changed, so that callers
# alternating separators do not make them again
sepmarks: array of array of byte;

Iobuf.gets(b: self ref Iobuf, sep: int): string
{
	if(sep < 16r80){
		k := sep;
		if(k < 0)
			k = 16r80;
		if(sepmarks == nil)
			sepmarks = array[16r80+1] of array of byte;
		marks := sepmarks[k];
		if(marks == nil){
			marks = array[16r80] of {* => byte 0};
			if(sep >= 0)
				marks[sep] = byte 1;
			sepmarks[k] = marks;
		}
		return getmarked(b, marks);
	}
	s := "";
	s[0] = sep;
	return getrunes(b, s);
}

Iobuf.gett(b: self ref Iobuf, sep: string): string
{
	marks := array[16r80] of {* => byte 0};
	for(i := 0; i < len sep; i++){
		if(sep[i] >= 16r80)
			return getrunes(b, sep);
		marks[sep[i]] = byte 1;
	}
	return getmarked(b, marks);
}

# getmarked returns the text up to and including the next byte marked
# in marks (ASCII separators), or what is left at end of file; nil at
# end of file.
getmarked(b: ref Iobuf, marks: array of byte): string
{
	if(!toread(b))
		return nil;
	acc: array of byte;
	nacc := 0;
	for(;;){
		for(i := b.index; i < b.size; i++){
			c := int b.buffer[i];
			if(c < 16r80 && marks[c] != byte 0)
				break;
		}
		if(i < b.size){
			i++;
			if(nacc == 0){
				s := string b.buffer[b.index:i];
				b.index = i;
				return s;
			}
			acc = append(acc, nacc, b.buffer[b.index:i]);
			nacc += i - b.index;
			b.index = i;
			break;
		}
		if(b.index < b.size){
			acc = append(acc, nacc, b.buffer[b.index:b.size]);
			nacc += b.size - b.index;
			b.index = b.size;
		}
		if(fill(b) <= 0)
			break;
	}
	if(nacc == 0)
		return nil;
	return string acc[0:nacc];
}

# getrunes is getmarked for separators that are not all ASCII: it
# reads rune by rune.
getrunes(b: ref Iobuf, sep: string): string
{
	acc: array of byte;
	n := 0;
	for(;;){
		start := b.index;
		c := b.getc();
		if(c < 0)
			break;
		acc = append(acc, n, b.buffer[start:b.index]);
		n += b.index - start;
		for(i := 0; i < len sep; i++)
			if(sep[i] == c)
				break;
		if(i < len sep)
			break;
	}
	if(n == 0)
		return nil;
	return string acc[0:n];
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

Iobuf.read(b: self ref Iobuf, a: array of byte, n: int): int
{
	if(!toread(b))
		return ERROR;
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
		a[got:] = b.buffer[b.index:b.index+m];
		b.index += m;
		got += m;
	}
	return got;
}

Iobuf.write(b: self ref Iobuf, a: array of byte, n: int): int
{
	if(!towrite(b))
		return ERROR;
	if(n > len a)
		n = len a;
	if(n >= len b.buffer){
		if(b.flush() < 0)
			return ERROR;
		w := sys->write(b.fd, a, n);
		if(w != n)
			return ERROR;
		b.filpos += big n;
		b.bufpos = b.filpos;
		return n;
	}
	if(b.index + n > len b.buffer && b.flush() < 0)
		return ERROR;
	b.buffer[b.index:] = a[0:n];
	b.index += n;
	b.dirty = 1;
	return n;
}

Iobuf.putb(b: self ref Iobuf, c: byte): int
{
	if(!towrite(b))
		return ERROR;
	if(b.index >= len b.buffer && b.flush() < 0)
		return ERROR;
	b.buffer[b.index++] = c;
	b.dirty = 1;
	return 1;
}

Iobuf.putc(b: self ref Iobuf, c: int): int
{
	if(!towrite(b))
		return ERROR;
	if(b.index + 4 > len b.buffer && b.flush() < 0)
		return ERROR;
	i := b.index;
	if(c < 0 || c > Sys->Runemax || (c >= 16rD800 && c < 16rE000))
		c = Sys->UTFerror;
	if(c < 16r80)
		b.buffer[i++] = byte c;
	else if(c < 16r800){
		b.buffer[i++] = byte (16rC0 | (c>>6));
		b.buffer[i++] = byte (16r80 | (c & 16r3F));
	}else if(c < 16r10000){
		b.buffer[i++] = byte (16rE0 | (c>>12));
		b.buffer[i++] = byte (16r80 | ((c>>6) & 16r3F));
		b.buffer[i++] = byte (16r80 | (c & 16r3F));
	}else{
		b.buffer[i++] = byte (16rF0 | (c>>18));
		b.buffer[i++] = byte (16r80 | ((c>>12) & 16r3F));
		b.buffer[i++] = byte (16r80 | ((c>>6) & 16r3F));
		b.buffer[i++] = byte (16r80 | (c & 16r3F));
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

# flush writes buffered output, or drops buffered input so that the
# next read reads the file; 0 on success, ERROR on failure.
Iobuf.flush(b: self ref Iobuf): int
{
	ldsys();
	if(b.fd == nil)
		return 0;
	if(b.lastop == OREAD){
		if(b.index < b.size){
			pos := b.bufpos + big b.index;
			sys->seek(b.fd, pos, Sys->SEEKSTART);
			b.filpos = b.bufpos = pos;
		}else
			b.bufpos += big b.size;
		b.index = b.size = 0;
		return 0;
	}
	if(b.index == 0)
		return 0;
	n := b.index;
	b.index = 0;
	b.dirty = 0;
	w := sys->write(b.fd, b.buffer, n);
	if(w != n)
		return ERROR;
	b.filpos += big n;
	b.bufpos = b.filpos;
	return 0;
}

Iobuf.seek(b: self ref Iobuf, n: big, where: int): big
{
	ldsys();
	if(where == SEEKRELA){
		n += b.offset();
		where = SEEKSTART;
	}
	if(b.fd == nil){
		# aopen, sopen: within what the buffer holds
		if(where == SEEKEND)
			n += b.bufpos + big b.size;
		if(n < b.bufpos || n > b.bufpos + big b.size)
			return big ERROR;
		b.index = int (n - b.bufpos);
		return n;
	}
	if(b.lastop == OWRITE && b.flush() < 0)
		return big ERROR;
	r := sys->seek(b.fd, n, where);
	if(r >= big 0){
		b.filpos = b.bufpos = r;
		b.index = b.size = 0;
		b.lastop = OREAD;
	}
	return r;
}

Iobuf.offset(b: self ref Iobuf): big
{
	return b.bufpos + big b.index;
}

Iobuf.close(b: self ref Iobuf)
{
	if(b.lastop == OWRITE)
		b.flush();
	b.setfill(nil);
	b.fd = nil;
	b.buffer = nil;
	b.index = b.size = 0;
	b.lastop = OREAD;
}
