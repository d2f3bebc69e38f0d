#!/bin/sh
# kernel-smp -- a share of the kernel cases, each booted with two
# processors under both clocks (tests/run -smp 2; the whole kernel
# suite passes so: ./minos test -smp 2 kernel, minos(8)): pipes and
# files, processes killed and listed, sleep and the clock, the bench
# device.  With two processors the devices'
# interrupts come through the I/O APIC, the second takes its own clock,
# and both run processes (smp-sched).
TAG=kernsmp
. "${ROOT:-.}/tests/sh/check.inc"

MINOS_TESTOUT=$T/run sh "$R/tests/run" -j 1 -smp 2 kernel/dev-pipe kernel/dev-kill kernel/kern-sleep kernel/bench-ctl >"$T/out" 2>&1
st=$?
check passed '[ $st = 0 ] && grep -qx "8 passed, 0 failed" "$T/out" || { head -20 "$T/out"; false; }'
finish
