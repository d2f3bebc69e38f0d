#!/bin/sh
# cmd-sum -- sum(1) on emu: checksums of known files (the values Inferno's
# sum prints for them), standard input, directories skipped, errors.
. "${ROOT:-.}/tests/sh/cmd.inc"

printf 'hello world\n' >"$T/h"
: >"$T/e"
head -c 100000 /dev/zero >"$T/z"
run sum "$T/h" "$T/e" "$T/z"
want sum <<E
1a3d115d     12 $T/h
2aa280dc      0 $T/e
906f76ce 100000 $T/z
E
status sum 0

(cd "$T" && timeout 30 "$EMU" "$D/sum.dis") <"$T/h" >"$T/out" 2>&1
want stdin <<'E'
1a3d115d     12
E

mkdir "$T/d"
run sum "$T/d" "$T/h"
want dir <<E
1a3d115d     12 $T/h
E

run sum "$T/nosuch" "$T/h"
want missing <<E
sum: cannot open $T/nosuch: file does not exist
1a3d115d     12 $T/h
E
status missing 1

run sum -x
want usage <<'E'
usage: sum [file ...]
E
status usage 1
finish
