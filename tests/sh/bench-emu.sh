#!/bin/sh
# bench-emu: the bench device in emu (bench(3), Hosted).  The kernel's
# control words (tests/kernel/bench-ctl.cmd) in emu: bad words refused
# with the kernel's messages, intr refused naming the kernel, base on
# the monotonic clock (CLOCKBASE), the idle collector switched, the TSC
# calibrated (tests/sh/bench-emu.cmd, .out); bench runs BASE, GCSCHED
# and OPNIL; cost times bench's BASE line by line, with the counts of
# its loop; concurrent readers of bdata through one fd.
TAG=benchemu
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
E=$R/o/bin/emu
"$E" /dis/sh.dis "$R/tests/sh/bench-emu.cmd" >"$T/out" 2>"$T/err"
{ cat "$T/out"; echo '== stderr'; cat "$T/err"; } >"$T/got"
check "control words" "cmp -s '$R/tests/sh/bench-emu.out' '$T/got'"
cmp -s "$R/tests/sh/bench-emu.out" "$T/got" || diff "$R/tests/sh/bench-emu.out" "$T/got" | head -20
"$E" /dis/sh.dis -c "bind -b '#x' /dev; bench -n 1000 BASE GCSCHED OPNIL" >"$T/bench" 2>&1
check "bench: the three results" "[ \"\$(cut -d' ' -f1-2 '$T/bench' | tr '\\n' '|')\" = 'BASE:summary:Sample:n:Time:us 1000|GCSCHED:summary:Sample:n:Time:us 1000|OPNIL:summary:Sample:n:Time:us 1000|' ]"
"$E" /dis/cost.dis -f /appl/cmd/bench.b -s bench -n 100 BASE >"$T/cost" 2>&1
check "cost: exits 0" "[ $? = 0 ]"
check "cost: BASE's summary first" "sed -n 1p '$T/cost' | grep -q '^BASE:summary:Sample:n:Time:us 100 '"
check "cost: the listing" "[ \"\$(sed -n 3p '$T/cost')\" = '-- /appl/cmd/bench.b' ]"
# base0's loop runs n+nwarm = 110 times, and reads the clock twice in each
awk '/t0 := tstamp\(fd, buf\);/ { on = 1; next } on && $1 == "-" { print $2, $3; on = 0 }' "$T/cost" >"$T/frame"
check "cost: tstamp called 110 times ($(cat "$T/frame"))" "[ \"\$(cat '$T/frame')\" = 'frame 110' ]"
check "cost: times in units" "grep -q '^- [a-z]* *[0-9]* *[0-9.]* [nuµm]*s ' '$T/cost'"
"$R/o/bin/limbo" -I "$R/module" -o "$T/br.dis" "$R/tests/sh/bench-emu.b" || exit 1
"$E" "$T/br.dis" >"$T/readers" 2>&1
check "four readers of bdata" "[ \"\$(cat '$T/readers')\" = 'readers: 4 copies, all alike' ]"
finish
