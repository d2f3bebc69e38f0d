#!/bin/sh
# emu-load: a program emu cannot load is refused with the reason, status
# 1: no such file, a directory, not a Dis file, a header cut short (its
# length), a header whose sizes are wrong (the byte where it goes wrong).
TAG=emuload
. "$(dirname "$0")/check.inc"
# load NAME: what emu says loading $T/NAME, and its exit status
load() {
	(cd "$T" && "$R/o/bin/emu" "$1") >"$T/out" 2>"$T/err"
	echo "$? $(cat "$T/err")"
}
mkdir "$T/dir"
: >"$T/empty.dis"
echo 'hello, world' >"$T/text.dis"
# the magic (XMAGIC 819248, a 4-byte operand), flags 0, stack 0, then
# sizes: 1 instruction, data 0, 1 type, 0 links, entry 0 0, the
# instruction count at byte 6; no code follows
printf '\300\014\200\060\000\000' >"$T/short.dis"
printf '\300\014\200\060\000\000\001\000\001\000\000\000' >"$T/hdr.dis"
printf '\300\014\200\060\000\000\177\000\001\000\000\000' >"$T/neg.dis"
printf '\300\014\200\060\000\000\001\002\001\000\000\000' >"$T/odd.dis"
check nosuch '[ "$(load nosuch.dis)" = "1 emu: cannot load nosuch.dis: file does not exist" ]'
check dir '[ "$(load dir)" = "1 emu: cannot load dir: is a directory" ]'
check empty '[ "$(load empty.dis)" = "1 emu: cannot load empty.dis: not a dis file" ]'
check text '[ "$(load text.dis)" = "1 emu: cannot load text.dis: not a dis file" ]'
check short '[ "$(load short.dis)" = "1 emu: cannot load short.dis: truncated header (6 bytes)" ]'
check neg '[ "$(load neg.dis)" = "1 emu: cannot load neg.dis: bad header at byte 6: -1 instructions" ]'
check odd '[ "$(load odd.dis)" = "1 emu: cannot load odd.dis: bad header at byte 7: data size 2" ]'
check hdr '[ "$(load hdr.dis)" = "1 emu: cannot load hdr.dis: truncated code at pc 0" ]'
finish
