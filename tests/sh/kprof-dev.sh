#!/bin/sh
# kprof-dev: the files of #T (kprof(3)) and #w (wait(3)): bad control
# messages (unknown words, huge and negative rates, empty and 1 MB
# lines) get a clear error and change nothing; reads at any offset agree
# with a whole read; the counts add up; concurrent readers and writers;
# a thread killed while profiling at 10 kHz leaves the system working.
# Both clocks, the same output (tests/sh/kprof-dev.out).
TAG=kprofdev
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
# -C: interpreted even under MINOS_COMPILE=1, so that its busy loops'
# samples fall in the kernel's text (compiled code's are outside it)
"$R/o/bin/limbo" -C -I "$R/module" -o "$T/kd.dis" "$R/tests/sh/kprof-dev.b" || exit 1
for c in icount real; do
	"$R/minos" run -c $c -i "$T" "/n/local/kd.dis; echo alive" >"$T/got.$c" 2>&1
	check "-c $c" "cmp -s '$R/tests/sh/kprof-dev.out' '$T/got.$c'"
	cmp -s "$R/tests/sh/kprof-dev.out" "$T/got.$c" || diff "$R/tests/sh/kprof-dev.out" "$T/got.$c" | head -20
done
finish
