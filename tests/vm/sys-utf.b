implement Sysutf;

# sys-utf -- malformed and cut-short UTF-8 as Inferno reads it: byte2char
# says (Runeerror, 0, 0), "not enough yet", when fewer bytes are left than
# the lead byte asks for (two below 16rE0, three below 16rF0, else four),
# and string of an array leaves such a tail out (Bufio's getc and a
# reader's next buffer depend on both); every other bad byte is one
# Runeerror.  Inferno's strings(1) printed differently before.

include "sys.m";
	sys: Sys;
include "draw.m";

Sysutf: module
{
	init:	fn(nil: ref Draw->Context, nil: list of string);
};

hex(a: array of byte): string
{
	s := "";
	for(i := 0; i < len a; i++)
		s += sys->sprint(" %.2ux", int a[i]);
	return s;
}

runes(s: string): string
{
	r := "";
	for(i := 0; i < len s; i++)
		r += sys->sprint(" %ux", s[i]);
	return r;
}

init(nil: ref Draw->Context, nil: list of string)
{
	sys = load Sys Sys->PATH;
	tests := array[] of {
		array[] of {byte 16rff, byte 10},
		array[] of {byte 16rff, byte 10, byte 'a', byte 'b'},
		array[] of {byte 16rc3},
		array[] of {byte 16rc3, byte 16ra9},
		array[] of {byte 16re2, byte 16r82},
		array[] of {byte 16re2, byte 16r82, byte 16rac},
		array[] of {byte 16r80, byte 1},
		array[] of {byte 16r80},
		array[] of {byte 16ref, byte 16rbf, byte 16rbd},
		array[] of {byte 16rc0, byte 16r80},
		array[] of {byte 16red, byte 16ra0, byte 16r80},
		array[] of {byte 16rf0, byte 16r9f, byte 16r98, byte 16r80},
		array[] of {byte 16rf4, byte 16r90, byte 16r80, byte 16r80},
		array[] of {byte 'x', byte 16re2, byte 16r82, byte 16rac, byte 16re2},
	};
	for(i := 0; i < len tests; i++){
		a := tests[i];
		(c, n, ok) := sys->byte2char(a, 0);
		sys->print("%s: byte2char %ux %d %d, string%s, utfbytes %d\n",
			hex(a), c, n, ok, runes(string a), sys->utfbytes(a, len a));
	}
	{
		sys->byte2char(array[2] of byte, 2);
	} exception e {
	"*" =>	sys->print("byte2char past the end: %s\n", e);
	}
	{
		sys->byte2char(nil, 0);
	} exception e {
	"*" =>	sys->print("byte2char of nil: %s\n", e);
	}
}
