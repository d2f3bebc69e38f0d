#!/bin/sh
# cmp-compare -- compare(8): two saved result directories compared
# without booting; the option diagnostics and the designs refused before
# booting; and end to end, boots of two kernels in a seeded random
# order, under virtual time (in one layout, where every boot must give
# the same numbers, so the comparison is exact there; and over layouts,
# a layout a boot, as by default) and real time (where only its form is
# known).  The boot commands read the kernel's clocks, which need
# nothing but the console device, or run bench.  Designs too small for
# a verdict are forced (-f) where only the mechanism is tested: boots
# are what the tests' time goes to.  The comparisons that boot draw no
# report.html (-N): sh/report-html tests it, and it costs each 3 s.
. "${ROOT:-.}/tests/sh/cmp-lib.inc"

C="sh $R/host/compare"
U="echo -n TIME:1l:Observation:n:Time:us; for i in 1 2 3 4 5 6 7 8 { echo -n ' '; cat /dev/time }; echo"
M="echo -n MSEC:1l:Observation:n:Time:ms; for i in 1 2 3 4 5 { echo -n ' '; cat /dev/msec }; echo"

run $C cmp-run
golden saved
run $C cmp-run/A cmp-run/B
check saved-sides 'tail -n +4 "$G/saved.out" | cmp -s - "$T/out"'
run $C -q -e 5% cmp-run/A cmp-run/B
has saved-q '^verdict: difference at 95% confidence in 100 us or more, p99, max: old: 5.2 observations of 100 us or more a boot (max 997 us); new: 0.6 (max 319 us)$'
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
run $C -k pc -k pc '  '
fails emptycmd <<'E'
compare: empty command: name what each boot runs, such as 'bench -o BASE'
E
run $C -l 3 -L 2 -k pc -k pc 'echo'
fails onelayouts <<'E'
compare: -l and -L exclude each other: one layout, or several
E
run $C -l 012 -k pc -k pc 'echo'
fails badlayout <<'E'
compare: -l wants a layout seed, 0 to 999999999
E
for v in 0 9 1,9 2, ,2 1,2,3 x 12; do
	run $C -smp "$v" -k pc -k pc 'echo'
	fails "smp-$v" <<E
compare: -smp $v: want a number of processors from 1 to 8, or one a side (A,B)
E
done
run $C -k pc -k pc -smp
fails smp-none <<'E'
compare: -smp wants a number of processors (1 to 8), or one a side (A,B)
E
run $C -aa -smp 1,2 -k pc 'echo'
fails smp-aa <<'E'
compare: -aa compares a kernel with itself: one -smp for both sides
E
# plan before booting: a design that can reach no verdict is refused,
# with the least that can, in the report's words (bcmp -d)
run $C -n 3 -o "$T/small" -k pc -k pc 'echo'
fails small <<'E'
compare: not booting: design: 3 boots a side: all 20 arrangements of the boot labels; the smallest p-value they allow is 0.1: no statement at 95% is possible; use -n 4 or more (-f boots it anyway)
E
check small-nothing '[ ! -e "$T/small" ]'
run $C -c icount -n 3 -k pc -k pc 'echo'
fails small-icount <<'E'
compare: not booting: design: 3 layouts a side: all 20 arrangements of the layout labels; the smallest p-value they allow is 0.1: no statement at 95% is possible; use -n 4 or more (-f boots it anyway)
E
run $C -c icount -L 2 -n 4 -k pc -k pc 'echo'
fails small-layouts <<'E'
compare: not booting: design: 2 layouts a side: all 6 arrangements of the layout labels; the smallest p-value they allow is 0.33: no statement at 95% is possible; use -L 4 or more (-f boots it anyway)
E
run $C -c icount -l 0 -n 1 -k pc -k pc 'echo'
fails small-one <<'E'
compare: not booting: -n 1: under icount in one layout, two boots a side show that the boots agree; use -n 2 or more
E
# the options for bcmp are checked before booting too
run $C -n 5 -t 3xs -o "$T/badt" -k pc -k pc 'echo'
fails badunit <<'E'
compare: bad threshold 3xs: unknown unit xs (want ns, us, ms or s)
E
check badunit-nothing '[ ! -e "$T/badt" ]'
run $C -n 5 -C nosuch -k pc -k pc 'echo'
fails badcause <<'E'
compare: unknown cause nosuch (want none, host, idle, vm, other, gc, gc.idle, gc.quantum, gc.alloc, gc.full, intr[.NAME], proc[.NAME] or dis[.MODULE])
E
run $C -n 5 -C host -k pc -k pc 'echo'
fails hostcause <<'E'
compare: -C host: not a cause in the kernel: the host's delays, and those of no cause, are described, never tested
E

# end to end: icount in one layout (-l 0, the default link).  Each boot
# times, by the microsecond clock, consecutive clock reads and a loop
# (tests/data/cmp-prog/tbase.b, in /n/local); on virtual time every
# boot of a kernel in one layout gives the same observations, so the
# variance between boots is exactly zero, and the differences hold in
# that layout only: no confidence is claimed.
# From here the exact figures are an interpreting kernel's: under
# MINOS_COMPILE too (a compiled kernel's ticks fall elsewhere).
MINOS_COMPILE=0
export MINOS_COMPILE
mkdir -p "$T/prog"
"$R/o/bin/limbo" -I "$R/module" -o "$T/prog/tbase.dis" "$DATA/cmp-prog/tbase.b" >"$T/limbo.log" 2>&1
st=$?
check tbase-compiles '[ $st = 0 ]'
run $C -N -j 1 -n 3 -l 0 -c icount -s 7 -o "$T/icount" -i "$T/prog" -k pc -k pcold '/n/local/tbase 50'
check icount-status '[ $st = 0 ]'
has icount-n '^pc  *3  *3  *150 '
has icount-between '^boot  *0 us  *-  *p99 0 us  *0 us  *-  *p99 0 us$'
has icount-spread '^pc: the median and p99 do not vary; the observations range from 5 us to 6 us; pcold: the median and p99 do not vary; the observations range from 5 us to 6 us$'
has icount-exact '^design: 3 boots against 3: every boot of each side gave the same observations (as under -c icount), in layout 0: the differences are exact there and say nothing of other layouts (layout(8)); only a comparison over layouts judges the change$'
has icount-kernels '^kernels: pc [0-9a-f]* (A), pcold [0-9a-f]* (B), both in layout 0; clock: icount; 3 boots each, in random order, 1 run a boot$'
has icount-in 'pcold - pc in layout 0, exact:$'
check icount-noconf '! grep -q "% confidence" "$T/out"'
has icount-verdict '^verdict: in layout 0, '
has icount-loop '^LOOP: Time (us)$'
check icount-nodiff '! grep -q "boots differ" "$T/err"'
check icount-same '[ "$(grep -v "^#" "$T/icount/A/01.res")" = "$(grep -v "^#" "$T/icount/A/03.res")" ]'
check icount-labels '[ "$(cat "$T/icount/A/label" "$T/icount/B/label")" = "$(printf "pc\npcold")" ]'
check icount-meta 'grep -qx "# clock icount" "$T/icount/A/01.res" && grep -q "^# kernel pcold [0-9a-f]\{12\}$" "$T/icount/B/02.res" && grep -q "^# wall [0-9.]*$" "$T/icount/B/02.res" && grep -qx "# run 1" "$T/icount/B/02.res"'
check icount-report 'tail -n +6 "$T/out" | cmp -s - "$T/icount/report"'
# seed 7 orders 3 boots a side A B B A A B, and says so
check icount-order 'grep "^compare: boot" "$T/err" | tr "\n" " " | grep -qx "compare: boot 1 of 6: pc compare: boot 2 of 6: pcold compare: boot 3 of 6: pcold compare: boot 4 of 6: pc compare: boot 5 of 6: pc compare: boot 6 of 6: pcold "'
has icount-seed '^seed: 7 (-s 7 repeats the order: ABBAAB)$'
# the plan is said before the first boot
check icount-plan 'head -1 "$T/err" | grep -qx "compare: design: 3 boots a side, all in layout 0 under icount: they repeat one observation, the differences are exact there and no confidence is claimed"'
# layouts (layout(8)): -L 2 links two random layouts of each kernel,
# seeded from -s, and spreads four boots a side over them; the layout
# is the top level of the sample, the unit of the test and a row of the
# variance split.  Boots of one layout are identical under icount.
# Two layouts a side allow 6 arrangements: no verdict unless the
# layouts of a side agree (then the comparison is exact), and the
# design line says which; forced, since the design is too small.
# ran NAME: the comparison just run booted; if not, say why in the
# failure's first line (compare's last words), not only what is missing
ran() {
	ncase=$((ncase + 1))
	grep -q "^compare: \(boot 1 of\|1 of [0-9]* boots done\)" "$T/err" ||
		bad "$1" "status $st: $(grep -v '^compare: design' "$T/err" | tail -3 | tr '\n' ' ' | cut -c1-300)"
}
run $C -N -j 1 -f -L 2 -n 4 -c icount -s 7 -o "$T/lay" -i "$T/prog" -k pc -k pcold '/n/local/tbase 50'
ran lay-ran
check lay-status '[ $st = 0 ] || [ $st = 1 ]'
has lay-layouts '^layouts: A 282168118 642666334; B 712265939 486001573$'
check lay-small 'grep -q "^design: 2 layouts against 2: all 6 arrangements of the layout labels; the smallest p-value they allow is 0.33: no statement at 95% is possible; use -L 4 or more$" "$T/out" || grep -q "^design: 2 layouts against 2: every layout of each side gave the same" "$T/out"'
has lay-n '^pc  *2  *4  *4  *200 '
has lay-row '^layout  *[0-9.]* [nu]*s  *\([0-9.]*%\|-\)  *p99 '
has lay-design '^design: 2 layouts against 2: '
has lay-median '^pc  *layout 2: [0-9.]* us \[[-0-9., ]*\] over 2 boots$'
has lay-all '^pcold  *all layouts: [0-9.]* us \[[-0-9., ]*\] over 2 layouts$'
check lay-nodiff '! grep -q "boots differ" "$T/err"'
check lay-said 'grep -q "^compare: under icount, the 2 layouts of A gave" "$T/err"'
check lay-progress 'grep -q "^compare: boot 1 of 8: pc, layout 282168118$" "$T/err"'
check lay-plan 'head -1 "$T/err" | grep -qx "compare: design: 2 layouts a side: all 6 arrangements of the layout labels; the smallest p-value they allow is 0.33: no statement at 95% is possible; use -L 4 or more (booting anyway: -f)"'
check lay-res 'grep -qx "# layout 642666334" "$T/lay/A/02.res" && grep -qx "# layout 642666334" "$T/lay/A/04.res" && grep -qx "# layout 712265939" "$T/lay/B/03.res"'
check lay-hash 'grep -qx "# kernel pcold $(sha256sum "$R/o/layout/486001573/pcold" | cut -c1-12)" "$T/lay/B/02.res"'
check lay-default 'grep -qx "# layout 0" "$T/icount/A/01.res"'
run $C "$T/lay"
check lay-again 'tail -n +7 "$T/out" | cmp -s - "$T/lay/report"'
# layouts that move only the code (pctext) execute the same
# instructions: under icount they give the same observations, with a
# layout row of zeros; layouts that agree are still a sample, not one
# observation repeated: two a side allow no verdict
run $C -N -f -aa -L 2 -n 2 -c icount -s 3 -o "$T/text" -i "$T/prog" -k pctext '/n/local/tbase 20'
ran text-ran
check text-status '[ $st = 1 ]'
check text-same 'grep -q "^compare: under icount, the 2 layouts of A gave the same observations$" "$T/err"'
has text-design '^design: 2 layouts against 2: all 6 arrangements of the layout labels; the smallest p-value they allow is 0.33: no statement at 95% is possible; use -L 4 or more$'
has text-row '^layout  *0 us  *\(0%\|-\)  *p99 0 us  *0 us  *\(0%\|-\)  *p99 0 us$'
has text-aa '^A/A: the same kernel on both sides: false differences in 0 of [0-9]* statistics$'
run $C -L 0 -k pc -k pc 'echo'
fails lay-zero <<'E'
compare: -L wants a number of layouts, 1 to 99
E
run $C -L 3 -n 2 -k pc -k pc 'echo'
fails lay-few <<'E'
compare: -n 2: fewer boots than the 3 layouts to spread them over
E

# the clock alone, without the local directory; A/A with one kernel
run $C -N -aa -n 2 -l 0 -c icount -o "$T/time" -k pc "$U"
ran time-ran
has time-between '^boot  *0 us  *0%  *p99 0 us  *0 us  *0%  *p99 0 us$'
has time-aa '^A/A: the same kernel on both sides: false differences in 0 of [0-9]* statistics$'
has time-verdict '^verdict: in layout 0, no difference$'
# the saved directory gives the same report
run $C "$T/icount"
check icount-again 'tail -n +6 "$T/out" | cmp -s - "$T/icount/report"'

# end to end: real time, two runs a boot; 2 boots a side allow no
# verdict (forced)
run "$R/minos" compare -N -f -n 2 -r 2 -c real -o "$T/real" -k pc -k pc "$M"
check real-status '[ $st = 1 ]'
has real-boots '^pc:A  *2  *4  *20 '
has real-diff '^pc:B - pc:A, 95% .*intervals'
has real-verdict '^verdict: none: the design is too small$'
check real-plan 'head -1 "$T/err" | grep -qx "compare: design: 2 boots a side: all 6 arrangements of the boot labels; the smallest p-value they allow is 0.33: no statement at 95% is possible; use -n 4 or more (booting anyway: -f)"'
check real-lines 'cat "$T/real"/A/*.res "$T/real"/B/*.res | grep -c "^MSEC:1l:" | grep -qx 8'
check real-runs 'grep -c "^# run" "$T/real/A/01.res" | grep -qx 2 && grep -c "^# time [0-9]*$" "$T/real/A/01.res" | grep -qx 3'
run $C -o "$T/real" -k pc -k pc "$M"
fails real-exists <<E
compare: $T/real already holds results
E

# a boot that fails stops the comparison and says why
run $C -N -f -n 1 -o "$T/fail" -k pc -k pc 'echo MSEC:1l:Observation:n:Time:ms 1; nosuchcommand'
check fail-status '[ $st = 1 ]'
check fail-why 'grep -q "^compare: boot 1 (pc) failed (status 1)" "$T/err"'

# bench under icount, as by default: each boot in a layout of its own
# (the layouts of the -L 2 case above, so that they are linked once),
# the layouts the units; forced, two a side being too few for a verdict
run "$R/minos" compare -N -f -n 2 -s 7 -c icount -o "$T/base" -k pc -k pcold 'bench -o -n 200 BASE'
check base-status '[ $st = 1 ]'
has base-kernels '^kernels: pc (A), pcold (B), each in 2 layouts; clock: icount; 2 boots each, in random order, a layout each; 1 run a boot$'
has base-layouts '^layouts: A 282168118 642666334; B 712265939 486001573$'
has base-n '^pc  *2  *2  *2  *400 '
has base-design '^design: 2 layouts against 2: '
# side by side (-j is the processors), a boot links its own layout
if [ "$(nproc)" -gt 1 ]; then
	check base-linked 'grep -q "^compare: each boot links its layout of pc or pcold (icount, [0-9]* at once)$" "$T/err"'
else
	check base-linked 'grep -q "^compare: linked in [0-9.]* s, [0-9.]* s a layout$" "$T/err"'
fi
check base-own 'for f in "$T"/base/[AB]/*.res; do sed -n "s/^# layout //p" "$f"; done | sort -u | wc -l | grep -qx 4'
finish
