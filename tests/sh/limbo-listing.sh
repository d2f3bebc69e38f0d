#!/bin/sh
# limbo-listing: code our limbo writes as Inferno's limbo would, where
# Inferno's VM depends on it (checked in the -S listing): a middle operand
# never outside -32768..32767 (Inferno's VM keeps 16 bits of it); the
# constant "" is nil, never an empty string of module data (Inferno's VM
# writes past an empty string's bytes when a rune is inserted into it:
# sed corrupted its heap).
TAG=listing
. "$(dirname "$0")/check.inc"
cat >"$T/l.b" <<'X'
implement L;
include "sys.m";
L: module { f: fn(x: int, s: string): string; };
f(x: int, s: string): string
{
	t := "";
	if(x > 16rFFFF || x < -40000)
		x = 100000 - x*70000;
	t[len t] = 'π';
	if(s == "")
		return t;
	return s;
}
X
(cd "$T" && "$R/o/bin/limbo" -S -I "$R/module" l.b) || bad compile "l.b does not compile"
check middle "! awk -F'\t' '\$2 ~ /^[a-z]/ { n = split(\$3, o, \",\"); if(n == 3 && o[2] ~ /^\\\$/ && (o[2]+0 > 32767 || substr(o[2], 2)+0 > 32767 || substr(o[2], 2)+0 < -32768)) print }' \"\$T/l.s\" | grep ."
check emptystr "! grep -q 'string.*\"\"' \"\$T/l.s\""
finish
