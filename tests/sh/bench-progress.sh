#!/bin/sh
# bench-progress -- bench's estimate and progress on standard error for
# a test that will take more than a few seconds (SLEEP0, some 6 s of
# virtual time here), its standard output unchanged, and none for a
# short one.  The lines' shape is checked, not their figures, which
# move with the kernel's code.
TAG=bprog
. "${ROOT:-.}/tests/sh/check.inc"

# some 6 s of virtual time can take minutes of a busy host's
MINOS_TIMEOUT=${MINOS_TIMEOUT:-600} "$R/minos" run -c icount 'bench -n 18000 SLEEP0 >/tmp/o; echo status $status; bench -n 100 SLEEP0 >/dev/null; sed "s/ .*//" /tmp/o' >"$T/out" 2>&1
st=$?
check status '[ "$st" = 0 ] || { tail -3 "$T/out"; false; }'
check estimate '[ "$(sed -n 1p "$T/out" | sed "s/about [0-9.]* s/about T/")" = "bench SLEEP0: about T for 18000 observations" ]'
# then a line at each tenth from the next on, to 90%
sed -n '2,/^status/p' "$T/out" | grep -v '^status' >"$T/prog"
check progress-form '! grep -v "^bench SLEEP0: [1-9]0% after [0-9.]* s, about [0-9.]* s to go$" "$T/prog"'
check progress-tenths '[ "$(sed "s/.*: \([0-9]*\)%.*/\1/" "$T/prog" | tr "\n" " ")" = "$(seq -s " " $(sed -n "1s/.*: \([0-9]*\)%.*/\1/p" "$T/prog") 10 90) " ]'
check progress-some '[ "$(wc -l <"$T/prog")" -ge 5 ]'
check bench-status 'grep -qx "status " "$T/out"'
# the short test prints nothing on standard error; stdout is the summary line
check stdout '[ "$(sed -n "/^status/,\$p" "$T/out" | tail -n +2)" = "SLEEP0:summary:Sample:n:Time:ns" ]'
finish
