/*
 * rune.c -- classes and case of Runes: ASCII, Latin-1, Latin
 * Extended-A, Greek and Cyrillic fully; beyond, letters by block.
 */
#include <u.h>
#include <lib9.h>

/* [lo, hi] ranges of letters beyond Latin-1 (sorted) */
static Rune alpharange[] = {
	0x0100, 0x02AF,		/* Latin Extended-A, -B, IPA */
	0x0370, 0x03FF,		/* Greek */
	0x0400, 0x052F,		/* Cyrillic */
	0x0531, 0x0587,		/* Armenian */
	0x05D0, 0x05EA,		/* Hebrew */
	0x0620, 0x064A,		/* Arabic */
	0x0904, 0x0939,		/* Devanagari */
	0x0E01, 0x0E30,		/* Thai */
	0x10A0, 0x10FF,		/* Georgian */
	0x1100, 0x11FF,		/* Hangul Jamo */
	0x1E00, 0x1FFF,		/* Latin Extended Additional, Greek Extended */
	0x3041, 0x3096,		/* Hiragana */
	0x30A1, 0x30FA,		/* Katakana */
	0x3400, 0x4DBF,		/* CJK Extension A */
	0x4E00, 0x9FFF,		/* CJK */
	0xAC00, 0xD7A3,		/* Hangul */
	0xF900, 0xFAFF,		/* CJK Compatibility */
	0xFF21, 0xFF3A,		/* fullwidth A-Z */
	0xFF41, 0xFF5A,		/* fullwidth a-z */
	0x20000, 0x2FA1F,	/* CJK supplementary */
};

int
isalpharune(Rune c)
{
	int i;

	if(c < 0x80)
		return (c|0x20) >= 'a' && (c|0x20) <= 'z';
	if(c < 0x100)
		return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c != 0xD7 && c != 0xF7);
	for(i = 0; i < nelem(alpharange); i += 2)
		if(c >= alpharange[i] && c <= alpharange[i+1])
			return 1;
	return 0;
}

int
isdigitrune(Rune c)
{
	if(c >= '0' && c <= '9')
		return 1;
	if(c >= 0x0660 && c <= 0x0669)		/* Arabic-Indic */
		return 1;
	if(c >= 0x06F0 && c <= 0x06F9)
		return 1;
	if(c >= 0x0966 && c <= 0x096F)		/* Devanagari */
		return 1;
	if(c >= 0xFF10 && c <= 0xFF19)		/* fullwidth */
		return 1;
	return 0;
}

int
isspacerune(Rune c)
{
	switch(c){
	case ' ': case '\t': case '\n': case '\v': case '\f': case '\r':
	case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
	case 0x202F: case 0x205F: case 0x3000: case 0xFEFF:
		return 1;
	}
	return c >= 0x2000 && c <= 0x200A;
}

Rune
tolowerrune(Rune c)
{
	if(c < 0x80)
		return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
	if(c >= 0xC0 && c <= 0xDE && c != 0xD7)
		return c + 0x20;
	if(c >= 0x100 && c <= 0x137 || c >= 0x14A && c <= 0x177)
		return c | 1;
	if(c >= 0x139 && c <= 0x148 || c >= 0x179 && c <= 0x17E)
		return (c & 1) ? c + 1 : c;
	if(c == 0x178)
		return 0xFF;
	if(c == 0x386)
		return 0x3AC;
	if(c >= 0x388 && c <= 0x38A)
		return c + 0x25;
	if(c == 0x38C)
		return 0x3CC;
	if(c == 0x38E || c == 0x38F)
		return c + 0x3F;
	if(c >= 0x391 && c <= 0x3AB && c != 0x3A2)
		return c + 0x20;
	if(c >= 0x400 && c <= 0x40F)
		return c + 0x50;
	if(c >= 0x410 && c <= 0x42F)
		return c + 0x20;
	if(c >= 0x460 && c <= 0x481 || c >= 0x48A && c <= 0x4BF || c >= 0x4D0 && c <= 0x52F)
		return c | 1;
	if(c >= 0xFF21 && c <= 0xFF3A)
		return c + 0x20;
	return c;
}

Rune
toupperrune(Rune c)
{
	if(c < 0x80)
		return c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c;
	if(c >= 0xE0 && c <= 0xFE && c != 0xF7)
		return c - 0x20;
	if(c == 0xFF)
		return 0x178;
	if(c >= 0x100 && c <= 0x137 || c >= 0x14A && c <= 0x177)
		return c & ~1;
	if(c >= 0x139 && c <= 0x148 || c >= 0x179 && c <= 0x17E)
		return (c & 1) ? c : c - 1;
	if(c == 0x3AC)
		return 0x386;
	if(c >= 0x3AD && c <= 0x3AF)
		return c - 0x25;
	if(c == 0x3CC)
		return 0x38C;
	if(c == 0x3CD || c == 0x3CE)
		return c - 0x3F;
	if(c >= 0x3B1 && c <= 0x3CB && c != 0x3C2)
		return c - 0x20;
	if(c == 0x3C2)
		return 0x3A3;
	if(c >= 0x430 && c <= 0x44F)
		return c - 0x20;
	if(c >= 0x450 && c <= 0x45F)
		return c - 0x50;
	if(c >= 0x460 && c <= 0x481 || c >= 0x48A && c <= 0x4BF || c >= 0x4D0 && c <= 0x52F)
		return c & ~1;
	if(c >= 0xFF41 && c <= 0xFF5A)
		return c - 0x20;
	return c;
}
