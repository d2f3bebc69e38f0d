#!/bin/sh
# cmp-compare -- compare(8): two saved result directories compared
# without booting; the option diagnostics; and end to end, three boots
# of each of two kernels, interleaved, under virtual time (where every
# boot must give the same numbers, so the report is exact) and real
# time (where only its form is known).  The boot command reads the
# kernel's clocks, which need nothing but the console device; bench's
# BASE needs the bench device, not there yet.
. "${ROOT:-.}/tests/sh/cmp-lib.inc"

C="sh $R/host/compare"
U="echo -n TIME:1l:Observation:n:Time:us; for i in 1 2 3 4 5 6 7 8 { echo -n ' '; cat /dev/time }; echo"
M="echo -n MSEC:1l:Observation:n:Time:ms; for i in 1 2 3 4 5 { echo -n ' '; cat /dev/msec }; echo"

run $C cmp-run
golden saved
run $C cmp-run/A cmp-run/B
check saved-sides 'tail -n +3 "$G/saved.out" | cmp -s - "$T/out"'
run $C -q -b 500 cmp-run/A cmp-run/B
has saved-q '^no difference proven at 95% confidence$'

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
run $C -n 3 -c icount -o "$T/icount" -i "$T/prog" -k pc -k pcold '/n/local/tbase 50'
check icount-status '[ $st = 0 ]'
has icount-n '^pc  *3  *150 '
has icount-between-a '^pc  *0  *[0-9.]*   0% of the variance between boots$'
has icount-between-b '^pcold  *0  *[0-9.]*   0% of the variance between boots$'
has icount-loop '^LOOP: Time (us)$'
check icount-nodiff '! grep -q "boots differ" "$T/err"'
check icount-same 'cmp -s "$T/icount/A/01.res" "$T/icount/A/03.res" && cmp -s "$T/icount/B/01.res" "$T/icount/B/02.res"'
check icount-labels '[ "$(cat "$T/icount/A/label" "$T/icount/B/label")" = "$(printf "pc\npcold")" ]'
check icount-report 'tail -n +5 "$T/out" | cmp -s - "$T/icount/report"'
check icount-order 'grep "^compare: boot" "$T/err" | tr "\n" " " | grep -qx "compare: boot 1 of 3: pc compare: boot 1 of 3: pcold compare: boot 2 of 3: pc compare: boot 2 of 3: pcold compare: boot 3 of 3: pc compare: boot 3 of 3: pcold "'
# the clock alone, without the local directory
run $C -n 2 -c icount -o "$T/time" -k pc -k pc "$U"
has time-between '^pc  *0  *[0-9.]*   0% of the variance between boots$'
# the saved directory gives the same report
run $C "$T/icount"
check icount-again 'tail -n +5 "$T/out" | cmp -s - "$T/icount/report"'

# end to end: real time, two runs a boot
run "$R/minos" compare -n 3 -r 2 -c real -o "$T/real" -k pc -k pc "$M"
check real-status '[ $st = 0 ]'
has real-boots '^pc  *3  *30 '
has real-diff '^difference of medians pc - pc: '
has real-verdict ' at 95% confidence$'
check real-lines 'cat "$T/real"/A/*.res "$T/real"/B/*.res | grep -c "^MSEC:1l:" | grep -qx 12'
run $C -o "$T/real" -k pc -k pc "$M"
fails real-exists <<E
compare: $T/real already holds results
E

# a boot that fails stops the comparison and says why
run $C -n 1 -o "$T/fail" -k pc -k pc 'echo MSEC:1l:Observation:n:Time:ms 1; nosuchcommand'
check fail-status '[ $st = 1 ]'
check fail-why 'grep -q "^compare: boot 1 of pc failed (status 1)" "$T/err"'

# the acceptance run, as soon as the kernel has the bench device: bench
# BASE reads /dev/busec; until then it says so and this part is skipped
if MINOS_TIMEOUT=60 "$R/minos" run -k pc 'bench -o -n 5 BASE' >/dev/null 2>&1; then
	# (bench -o writes comment lines, which this bcmp does not read)
	run "$R/minos" compare -n 3 -o "$T/base" -k pcold -k pc 'bench -o -n 200 BASE | bgrep -cv "^#"'
	check base-status '[ $st = 0 ]'
	has base-n '^pc  *3  *600 '
	has base-verdict ' at 95% confidence$'
else
	echo "note: bench BASE does not run in the kernel yet; its comparison is skipped"
fi
finish
