#!/bin/sh
# fuzz-link -- every fuzzing target of fuzz/ links, with a plain main
# (fuzz/driver.c) instead of libFuzzer or AFL++ (whose runtimes a test
# machine may lack), from the objects of ./minos build and the name
# lists of fuzz/mkfile: a stub missing from fuzz/kstub.c, or a source
# missing from a list, fails here.  The harnesses then run once on a
# few inputs each: the loader on tests/vm's objects, the Styx codec on
# a message of each type, the compiler on a program.
TAG=fuzzlink
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
P=$R/o/fuzz/plain
(cd "$R/fuzz" && /usr/lib/plan9/bin/mk plain) >"$T/mk.log" 2>&1
st=$?
check link "[ $st = 0 ]"
[ $st = 0 ] || grep -v '^gcc\|^mkdir' "$T/mk.log" | tail -3
for t in limbo disload styx runfuzz; do
	check "$t-built" "[ -x '$P/$t' ]"
done
"$P/disload" "$R"/tests/vm/*.dis >"$T/dis.out" 2>&1
st=$?
check disload-runs "[ $st = 0 ]"
mkdir -p "$T/seeds" && "$R/o/fuzz/styxseed" "$T/seeds" >/dev/null 2>&1 && "$P/styx" "$T"/seeds/* >"$T/styx.out" 2>&1
st=$?
check styx-runs "[ $st = 0 ]"
"$P/limbo" -I "$R/module" -o "$T/x.dis" "$R/tests/limbo/arith.b" >"$T/limbo.out" 2>&1
st=$?
check limbo-runs "[ $st = 0 ] && [ -s '$T/x.dis' ]"
finish
