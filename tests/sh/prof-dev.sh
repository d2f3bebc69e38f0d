#!/bin/sh
# prof-dev: #P, the Dis profiler (prof(3)), read directly as Inferno's
# profile library reads it (tests/sh/prof-dev.b): coverage of a thread
# and what it spawns but not of others, memory charged and given back in
# Inferno's bytes, sampling, bad control words, four readers of one
# histogram fd, the end of a profile.  On emu and in the kernel under
# both clocks, the same output (tests/sh/prof-dev.out).
TAG=profdev
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
"$R/o/bin/limbo" -I "$R/module" -o "$T/pd.dis" "$R/tests/sh/prof-dev.b" || exit 1
"$R/o/bin/emu" "$T/pd.dis" >"$T/got.emu" 2>&1
check "emu" "cmp -s '$R/tests/sh/prof-dev.out' '$T/got.emu'"
cmp -s "$R/tests/sh/prof-dev.out" "$T/got.emu" || diff "$R/tests/sh/prof-dev.out" "$T/got.emu" | head -20
for c in icount real; do
	"$R/minos" run -c $c -i "$T" "/n/local/pd.dis" >"$T/got.$c" 2>&1
	check "-c $c" "cmp -s '$R/tests/sh/prof-dev.out' '$T/got.$c'"
	cmp -s "$R/tests/sh/prof-dev.out" "$T/got.$c" || diff "$R/tests/sh/prof-dev.out" "$T/got.$c" | head -20
done
finish
