#!/bin/sh
# cmp-compare -- compare(8): two saved result directories compared
# without booting; the option diagnostics; and end to end, boots of two
# kernels in a seeded random order, under virtual time (where every
# boot must give the same numbers, so the comparison is exact) and real
# time (where only its form is known: with 3 boots a side it declines
# a verdict).  The boot command reads the
# kernel's clocks, which need nothing but the console device; bench's
# BASE needs the bench device, not there yet.
. "${ROOT:-.}/tests/sh/cmp-lib.inc"

C="sh $R/host/compare"
U="echo -n TIME:1l:Observation:n:Time:us; for i in 1 2 3 4 5 6 7 8 { echo -n ' '; cat /dev/time }; echo"
M="echo -n MSEC:1l:Observation:n:Time:ms; for i in 1 2 3 4 5 { echo -n ' '; cat /dev/msec }; echo"

run $C cmp-run
golden saved
run $C cmp-run/A cmp-run/B
check saved-sides 'tail -n +4 "$G/saved.out" | cmp -s - "$T/out"'
run $C -q -e 5% cmp-run/A cmp-run/B
has saved-q '^verdict: difference at 95% confidence in p99, max, exceedance$'
has saved-seed '^design: 5 boots against 5: all 252 arrangements'
# saved sides measured with other clocks are refused, unless forced
mkdir -p "$T/icountside"
sed 's/^# clock real/# clock icount/' "$DATA/cmp-run/B/01.res" >"$T/icountside/01.res"
sed 's/^# clock real/# clock icount/' "$DATA/cmp-run/B/02.res" >"$T/icountside/02.res"
run $C cmp-run/A "$T/icountside"
fails saved-clock <<'E'
bcmp: old was measured with the real clock, icountside with icount: refusing to compare (-f forces)
E
run $C -f -q cmp-run/A "$T/icountside"
has saved-forced '^warning: old was measured with the real clock, icountside with icount (forced)$'

run $C cmp-run/A
fails notrun <<'E'
compare: cmp-run/A: not a comparison's result directory (no A and B)
E
run $C cmp-run cmp-run/B
fails notside <<'E'
compare: cmp-run: no result files (*.res); name a side, such as cmp-run/A
E
run $C cmp-run/A nosuch
fails nodir <<'E'
compare: nosuch: not a directory
E
run $C -k pc 'echo'
fails onekernel <<'E'
compare: want two kernels: -k old -k new
E
run $C -aa -k pc -k pc 'echo'
fails aatwo <<'E'
compare: -aa wants one kernel: -aa -k kernel
E
run $C -s x -k pc -k pc 'echo'
fails seed <<'E'
compare: -s wants a seed of at most 9 digits
E
run $C -k pc -k pc -k pc 'echo'
fails threekernels <<'E'
compare: -k given more than twice
E
run $C -k pc -k nosuch 'echo'
fails noconfig <<'E'
compare: -k nosuch: no kernel config pc/nosuch
E
run $C -n 0 -k pc -k pc 'echo'
fails nboots <<'E'
compare: -n wants a number of boots
E
run $C -c fast -k pc -k pc 'echo'
fails clock <<'E'
compare: -c fast: want real or icount
E

# end to end: icount.  Each boot times, by the microsecond clock,
# consecutive clock reads and a loop (tests/data/cmp-prog/tbase.b, in
# /n/local); on virtual time every boot of a kernel gives the same
# observations, so the variance between boots is exactly zero.
mkdir -p "$T/prog"
"$R/o/bin/limbo" -I "$R/module" -o "$T/prog/tbase.dis" "$DATA/cmp-prog/tbase.b" >"$T/limbo.log" 2>&1
check tbase-compiles '[ $? = 0 ]'
run $C -n 3 -c icount -s 7 -o "$T/icount" -i "$T/prog" -k pc -k pcold '/n/local/tbase 50'
check icount-status '[ $st = 0 ]'
has icount-n '^pc  *3  *3  *150 '
has icount-between-a '^pc: between boots, medians vary by 0 us and p99s by 0 us (sd)'
has icount-between-b '^pcold: between boots, medians vary by 0 us and p99s by 0 us (sd)'
has icount-exact '^design: 3 boots against 3: every boot of each side gave the same observations (as under -c icount): the differences are exact$'
has icount-loop '^LOOP: Time (us)$'
check icount-nodiff '! grep -q "boots differ" "$T/err"'
check icount-same '[ "$(grep -v "^#" "$T/icount/A/01.res")" = "$(grep -v "^#" "$T/icount/A/03.res")" ]'
check icount-labels '[ "$(cat "$T/icount/A/label" "$T/icount/B/label")" = "$(printf "pc\npcold")" ]'
check icount-meta 'grep -qx "# clock icount" "$T/icount/A/01.res" && grep -q "^# kernel pcold [0-9a-f]\{12\}$" "$T/icount/B/02.res" && grep -q "^# wall [0-9.]*$" "$T/icount/B/02.res" && grep -qx "# run 1" "$T/icount/B/02.res"'
check icount-report 'tail -n +6 "$T/out" | cmp -s - "$T/icount/report"'
# seed 7 orders 3 boots a side A B B A A B, and says so
check icount-order 'grep "^compare: boot" "$T/err" | tr "\n" " " | grep -qx "compare: boot 1 of 6: pc compare: boot 2 of 6: pcold compare: boot 3 of 6: pcold compare: boot 4 of 6: pc compare: boot 5 of 6: pc compare: boot 6 of 6: pcold "'
has icount-seed '^seed: 7 (-s 7 repeats the order: ABBAAB)$'
# the clock alone, without the local directory; A/A with one kernel
run $C -aa -n 2 -c icount -o "$T/time" -k pc "$U"
has time-between '^pc:A: between boots, medians vary by 0 us and p99s by 0 us (sd)'
has time-aa '^A/A: the same kernel on both sides: false differences in 0 of 6 statistics$'
has time-verdict '^verdict: no difference proven$'
# the saved directory gives the same report
run $C "$T/icount"
check icount-again 'tail -n +6 "$T/out" | cmp -s - "$T/icount/report"'

# end to end: real time, two runs a boot; 3 boots a side allow no verdict
run "$R/minos" compare -n 3 -r 2 -c real -o "$T/real" -k pc -k pc "$M"
check real-status '[ $st = 1 ]'
has real-boots '^pc:A  *3  *6  *30 '
has real-diff '^pc:B - pc:A, 95% simultaneous intervals'
has real-verdict '^verdict: none: the design is too small$'
check real-lines 'cat "$T/real"/A/*.res "$T/real"/B/*.res | grep -c "^MSEC:1l:" | grep -qx 12'
check real-runs 'grep -c "^# run" "$T/real/A/01.res" | grep -qx 2 && grep -c "^# time [0-9]*$" "$T/real/A/01.res" | grep -qx 3'
run $C -o "$T/real" -k pc -k pc "$M"
fails real-exists <<E
compare: $T/real already holds results
E

# a boot that fails stops the comparison and says why
run $C -n 1 -o "$T/fail" -k pc -k pc 'echo MSEC:1l:Observation:n:Time:ms 1; nosuchcommand'
check fail-status '[ $st = 1 ]'
check fail-why 'grep -q "^compare: boot 1 (pc) failed (status 1)" "$T/err"'

# the acceptance run, as soon as the kernel has the bench device: bench
# BASE reads /dev/busec; until then it says so and this part is skipped
if MINOS_TIMEOUT=60 "$R/minos" run -k pc 'bench -o -n 5 BASE' >/dev/null 2>&1; then
	run "$R/minos" compare -n 2 -c icount -o "$T/base" -k pcold -k pc 'bench -o -n 200 BASE'
	check base-status '[ $st = 0 ]'
	has base-n '^pc  *2  *2  *400 '
	has base-verdict '^verdict: '
else
	echo "note: bench BASE does not run in the kernel yet; its comparison is skipped"
fi
finish
