#!/bin/sh
# cmp-bcmp -- bcmp(1) on emu against fixed data with known answers
# (tests/data/cmp-*, five boots of 200 observations a side unless said):
#	cmp-aa	the same distribution both sides: no difference proven
#	cmp-tail	a's boots put 3% of their observations 500-1000 us up,
#		b's 0.2%: the tail differs, the median does not
#	cmp-three	3 boots against 3: no 95% statement is possible
#	cmp-runs	4 boots of 3 runs: the run level, and planning
#	cmp-layout	4 layouts a side of 4 boots each (below)
#	cmp-cause	attributed observations (below)
#	cmp-flat	a median that never varies, maxima that do; a meter
#		that is always 0 (below)
# and the refusals: other clocks, units, one boot, bad values.  The
# data were drawn once from a seeded generator: a boot's centre is
# 20 + N(0, 0.3) us, each observation the centre + Exp(1), plus, with
# the side's tail share, a uniform 500..1000 us, kept to 0.1 us; the
# comment lines are those compare(8) writes.
. "${ROOT:-.}/tests/sh/cmp-lib.inc"

B="$EMU /dis/bcmp.dis"
U='usage: bcmp [-aqf] [-c conf] [-e margin%] [-t threshold]... [-C cause]... [-w halfwidth%] [-p narr] [-s seed] [-l old,new] [-T test]... [old new]
       bcmp [-c conf] -d k[,unit[,option]]'
side() { ls "$DATA/$1"/*.res | tr '\n' , | sed 's/,$//'; }
tside() { ls "$T/$1"/*.res | tr '\n' , | sed 's/,$//'; }
AA=$(side cmp-aa/A)
AB=$(side cmp-aa/B)
TA=$(side cmp-tail/A)
TB=$(side cmp-tail/B)

run $B -l a,b "$AA" "$AB"
golden aa
has aa-verdict '^verdict: no difference proven in the primary statistic (median; p 0.88): the other 6 are not tested$'
has aa-design '^design: 5 boots against 5: all 252 arrangements of the boot labels; the smallest p-value they allow is 0.0079; the primary statistic, '

# the tail: p99, max and the count of observations of 100 us or more
# (the default ladder's rung that the tails reach) differ, the median
# does not; rungs that no observation reaches, or every one, are said
# and not tested; the verdict answers with the highest rung found
run $B -q -l pcold,pc "$TA" "$TB"
golden tail
has tail-p99 '^p99: difference at 95% confidence: -741 us \[-813, -670\] (-96.8%; p 0.016)$'
has tail-median '^median: no difference proven: '
has tail-rung '^primary: 100 us or more: difference at 95% confidence: -4.6 a boot \[-5.97, -3.23\] (5.2 to 0.6; p 0.0079)$'
has tail-flat '^10 us or more: every observation on both sides$'
has tail-none '^5 ms or more: none on either side$'
has tail-family 'the other 6 simultaneous'
has tail-verdict '^verdict: difference at 95% confidence in 100 us or more, p99, max: pcold: 5.2 observations of 100 us or more a boot (max 997 us); pc: 0.6 (max 319 us)$'
has tail-kernels '^pcold: kernel pcold 89abcdef0123; pc: kernel pc 0123456789ab$'

# the same again: the report is deterministic
run $B -q -l pcold,pc "$TA" "$TB"
golden tail

# thresholds of our own, in the test's unit or another, replace the
# ladder; a confidence of 99.5%, which 5 boots a side cannot reach
run $B -q -t 100 -l pcold,pc "$TA" "$TB"
has thresh '^primary: 100 us or more: difference at 95% confidence: -4.6 a boot \[-5.97, -3.23\] (5.2 to 0.6; p 0.0079)$'
has thresh-family 'the other 5 simultaneous'
run $B -q -t 0.1ms -t 1000000ns -t 100us -l pcold,pc "$TA" "$TB"
has thresh-ms '^primary: 100 us or more: difference at 95% confidence: -4.6 a boot '
has thresh-ns '^1 ms or more: no difference proven: -0.6 a boot '
has thresh-dup 'the other 6 simultaneous'
run $B -q -c 0.995 -l pcold,pc "$TA" "$TB"
has conf995 'the smallest p-value they allow is 0.0079: no statement at 99.5% is possible; use -n 6 or more$'
check conf995-status '[ $st = 1 ]'
# one threshold serves tests in us and in ns: the tail data again, as
# a test N in nanoseconds beside T in microseconds
mkdir -p "$T/ns/A" "$T/ns/B"
for f in "$DATA"/cmp-tail/A/*.res "$DATA"/cmp-tail/B/*.res; do
	g=$T/ns/${f#$DATA/cmp-tail/}
	cp "$f" "$g"
	awk '/^T:/ { printf "N:1l:Observation:n:Time:ns"; for(i = 2; i <= NF; i++) printf " %d", $i * 1000; printf "\n" }' "$f" >>"$g"
	awk '/^T:/ { printf "C:1l:Observation:n:Count:n"; for(i = 2; i <= NF; i++) printf " %s", $i; printf "\n" }' "$f" >>"$g"
done
run $B -q -T T -T N -t 100us -l pcold,pc "$(tside ns/A)" "$(tside ns/B)"
check units-both '[ $(grep -c "^primary: 100 us or more: difference at 95% confidence: -4.6 a boot \[-5.97, -3.23\] (5.2 to 0.6; p 0.0079)$" "$T/out") = 2 ]'
# a time for a test that does not measure time is refused, and the
# other tests are still reported
run $B -q -t 1ms -l pcold,pc "$(tside ns/A)" "$(tside ns/B)"
check notime-status '[ $st = 1 ]'
check notime-err 'grep -qx "bcmp: C: threshold 1ms is a time, but the test measures in n" "$T/err"'
has notime-others '^N: Time (ns)$'
# without a time unit there is no ladder: the exceedance above old's p99
run $B -q -T C -l pcold,pc "$(tside ns/A)" "$(tside ns/B)"
has noladder '^exceedance above 766 n (pcold.s p99): not tested (the primary does not differ): -1.3 points '
# delays by cause (cmp-cause: 5 boots a side of 2000 observations
# 20.00 to 20.99 us, a clock interrupt of 0.5 us in every 97th, with
# bench(1)'s attribution).  pcold's boots have 3 5 4 6 5 delays of the
# idle collector, 9.8, 9.9 ... ms (gc.idle taking all but 21 us, the
# clock 0.8 and vm 0.2 of that), pc's 0 1 0 0 0 of 9.9 ms; both have
# 2 to 4 of the host (1.5 to 3 ms, the host's all but the floor of 20).
# By hand: a boot, pcold 4.6 delays of 1 ms or more by gc.idle, pc
# 0.2, separated (p 2/252); gc.idle's time in them, pcold
# (29637 + 49895 + 39716 + 60174 + 49895)/5 us = 45.9 ms, pc 9879/5 us
# = 1.98 ms; the host's 2.8 delays a boot on both, 5544 us of them the
# host's: described, not tested.
CA=$(side cmp-cause/A)
CB=$(side cmp-cause/B)
run $B -q -l pcold,pc "$CA" "$CB"
check cause-status '[ $st = 0 ]'
has cause-count '^primary: delays of 1 ms or more by gc.idle: difference at 95% confidence: -4.4 a boot \[-5.86, -2.94\] (4.6 to 0.2; p 0.0079)$'
has cause-time '^gc.idle.s time in delays of 1 ms or more: difference at 95% confidence: -43.9 ms a boot \[.*\] (45.9 ms to 1.98 ms; p 0.0079)$'
has cause-host '^delays of 1 ms or more by the host, not tested (the host.s, not the kernel.s): pcold 2.8 a boot, 5.54 ms of them the host.s; pc 2.8, 5.54 ms$'
has cause-family 'the other 9 simultaneous'
has cause-verdict '^verdict: difference at 95% confidence in delays by gc.idle, .*gc.idle.s time in delays.*: pcold: 4.6 delays of 1 ms or more a boot caused by the idle collector (gc.idle; max 10.3 ms); pc: 0.2 (max 9.9 ms)$'
check cause-nohost '! grep -q "^delays of 1 ms or more by host" "$T/out"'
# causes asked for: a family counts as one; one that took no delay is said
run $B -q -C gc -C intr -t 5ms -l pcold,pc "$CA" "$CB"
has cause-family-gc '^primary: delays of 5 ms or more by gc: difference at 95% confidence: -4.4 a boot '
has cause-none '^delays of 5 ms or more by intr: none on either side$'
has cause-asked 'the other 7 simultaneous'
run $B -q -C nosuch "$CA" "$CB"
fails cause-unknown <<E
bcmp: unknown cause nosuch (want none, host, idle, vm, other, gc, gc.idle, gc.quantum, gc.alloc, gc.full, intr[.NAME], proc[.NAME] or dis[.MODULE])
$U
E
run $B -q -C host "$CA" "$CB"
fails cause-host <<E
bcmp: -C host: not a cause in the kernel: the host's delays, and those of no cause, are described, never tested
$U
E
# a boot without attribution among boots with: the statistics by cause
# are left out, said, status 1, and the rest reported
mkdir -p "$T/mixed"
cp "$DATA"/cmp-cause/B/*.res "$T/mixed"
grep -v '^# attribution\|^# cause' "$DATA/cmp-cause/B/02.res" >"$T/mixed/02.res"
run $B -q -l pcold,pc "$CA" "$(tside mixed)"
check mixed-status '[ $st = 1 ]'
check mixed-err 'grep -qx "bcmp: T: some boots have no attribution (pc 02.res), others have: statistics by cause left out" "$T/err"'
has mixed-rest '^primary: 5 ms or more: difference at 95% confidence: '
check mixed-nocause '! grep -q "by gc.idle" "$T/out"'
# the attribution's lines checked as they are read
mkdir -p "$T/badat"
sed 's/^# attribution T floor 20$/# attribution T floor x/' "$DATA/cmp-cause/B/01.res" >"$T/badat/01.res"
sed '/^# attribution/d' "$DATA/cmp-cause/B/01.res" >"$T/badat/02.res"
sed 's/^T:1l:/U:1l:/' "$DATA/cmp-cause/B/01.res" >"$T/badat/03.res"
run $B -q "$CA" "$T/badat/01.res"
fails badfloor <<E
bcmp: $T/badat/01.res:10: bad floor x in attribution line: # attribution T floor x
E
run $B -q "$CA" "$T/badat/02.res"
fails causefirst <<E
bcmp: $T/badat/02.res:10: a cause line with no attribution line before it
E
run $B -q "$CA" "$T/badat/03.res"
fails otherline <<E
bcmp: $T/badat/03.res:13: the attribution of T before a result line of U
E

# the design of k units a side, before any data (compare(8) asks it
# before booting): 3 a side can reach no verdict, 4 can
run $B -d 3
check plan3-status '[ $st = 1 ]'
has plan3 '^design: 3 boots a side: all 20 arrangements of the boot labels; the smallest p-value they allow is 0.1: no statement at 95% is possible; use -n 4 or more$'
run $B -d 4,layout,-L
check plan4-status '[ $st = 0 ]'
has plan4 '^design: 4 layouts a side: all 70 arrangements of the layout labels; the smallest p-value they allow is 0.029$'
run $B -d 20
has plan20 '^design: 20 boots a side: 10000 of the 137846528820 arrangements of the boot labels, drawn at random; the smallest p-value they allow is 0.0001$'
run $B -d x
fails plan-bad <<E
bcmp: bad design x: want k[,unit[,option]]
E

# A/A: false differences and the noise floor; equivalence; planning
run $B -q -a -e 5% -w 5% -l a,b "$AA" "$AB"
golden aa-plan
has aa-false '^A/A: the same kernel on both sides: false differences in 0 of 7 statistics$'
has aa-floor '^noise floor (smaller differences go unseen): median 0.631 us (3%), .*, max 684 us (99%), 100 us or more 2 a boot, 1 ms or more 0.2 a boot$'
has aa-equiv '^p90: not tested (the primary does not differ): '
has aa-plan '^median: boot 0.187, observation 1.55 (n 200); 6 boots a side: about 48 s for both sides$'
has aa-kmin '^(at least 6 boots a side for the permutation test to reach 95% over 7 statistics whatever the data; 4 when their most extreme arrangements agree)$'

# 3 boots against 3: 20 arrangements, p at least 0.1: no verdict
run $B -q -l a,b "$(side cmp-three/A)" "$(side cmp-three/B)"
check three-status '[ $st = 1 ]'
has three-design '^design: 3 boots against 3: all 20 arrangements of the boot labels; the smallest p-value they allow is 0.1: no statement at 95% is possible; use -n 4 or more$'
has three-median '^primary: median: no verdict: +0.233 us (+1.15%; p 0.4)$'
has three-verdict '^verdict: none: the design is too small$'
check three-err 'grep -qx "bcmp: no verdict possible" "$T/err"'

# runs within boots: a level of their own, timed by "# time" lines
run $B -q -w 5% -l a,b "$(side cmp-runs/A)" "$(side cmp-runs/B)"
has runs-rows '^a  *4  *12  *1200 '
has runs-plan '^median: boot 0.0795, run 0.00687, observation 0.875 (n 100); 6 boots a side x 1 run: about 48 s for both sides$'

# warnings: two builds of one kernel, another warm-up
run $B -q -l a,b "$AA" "$(side cmp-build/B)"
has build '^warning: both sides are kernel pc, but two builds of it (0123456789ab, fedcba987654)$'
run $B -q -l a,b "$AA" "$(side cmp-warm/B)"
has warm '^warning: T: the warm-up differs: a 10, b 0$'

# refusals: clocks (unless forced), units, one boot a side, empty sides
run $B -q -l a,b "$AA" "$(side cmp-icount/B)"
fails clock <<E
bcmp: a was measured with the real clock, b with icount: refusing to compare (-f forces)
E
run $B -q -f -l a,b "$AA" "$(side cmp-icount/B)"
has forced '^warning: a was measured with the real clock, b with icount (forced)$'
run $B -q -l a,b "$AA" "$(side cmp-ns/B)"
check units-status '[ $st = 1 ]'
check units-err 'grep -qx "bcmp: T: a measures Time in us, b in ns: refusing to compare different units" "$T/err"'
run $B -q -l a,b "$AA,cmp-icount/B/01.res" "$AB"
fails mixedclock <<E
bcmp: a: its boots were measured with different clocks (real, icount)
E
run $B -q cmp-a.res cmp-shift.res
check one-status '[ $st = 1 ]'
has one-design '^design: cmp-a.res has a single boot: the spread between boots is unknown, and no verdict is possible$'
has one-diff '^median: +99.2 us (+9.91%)$'
has one-verdict '^verdict: none: a comparison needs boots on each side (at least 4 a side for a statement at 95%)$'
run $B -q cmp-empty.res "$AA"
fails empty <<E
bcmp: cmp-empty.res: no observations
E
# a threshold no observation reaches is an answer, not a test
run $B -q -t 5000 "$TA" "$TB"
check thresh-out-status '[ $st = 0 ]'
has thresh-out '^5 ms or more: none on either side$'
has thresh-out-family 'the other 4 simultaneous'

# two result lines of one input, named alike or not: one run each
IN=$DATA/cmp-two.res run $B -q
has stdin '^T.1  *1  *1  *200 '
run $B -q base.res xbase.res
has names-title '^BASE vs XBASE: Time (us)$'

# only some tests in common, and the selection of tests
run $B -q -T T cmp-mixed.res cmp-shift.res
has select '^T: Time (us)$'
run $B -q cmp-mixed.res cmp-shift.res
has only '^ONLY: only in cmp-mixed.res$'

run $B -x
fails badopt <<E
$U
E
run $B a b c
fails nargs <<E
$U
E
run $B -c 1.5 a b
fails badconf <<E
bcmp: bad confidence 1.5: want a number between 0 and 1
$U
E
run $B -p 9 a b
fails badnarr <<E
bcmp: bad arrangement count 9: want 100 to 9999999
$U
E
run $B -e x a b
fails badmargin <<E
bcmp: bad equivalence margin x: want a percentage above 0, such as 2%
E
run $B -t 1x a b
fails badthresh <<E
bcmp: bad threshold 1x: unknown unit x (want ns, us, ms or s)
$U
E
run $B -t 5min a b
fails badunit <<E
bcmp: bad threshold 5min: unknown unit min (want ns, us, ms or s)
$U
E
run $B -t ms a b
fails nonumber <<E
bcmp: bad threshold ms: want a number and a unit, such as 1ms
$U
E
run $B -l a a b
fails badlabel <<E
bcmp: -l wants two labels: old,new
$U
E
run $B nosuch cmp-a.res
fails nofile <<E
bcmp: cannot open nosuch: file does not exist
E
run $B cmp-bad-value.res cmp-a.res
fails badvalue <<E
bcmp: cmp-bad-value.res:2: bad value 12x
E
run $B cmp-a.res cmp-bad-label.res
fails badlabelline <<E
bcmp: cmp-bad-label.res:1: bad label T:1l:Observation:n:Time: want NAME:shape:xlabel:xunit:ylabel:yunit
E
run $B summary.res
fails summary <<E
bcmp: summary.res: want two result lines with observations
E
run $B -T NONE cmp-a.res cmp-shift.res
fails nothing <<E
bcmp: no test to compare
E
# layouts (cmp-layout): 4 a side, at 10 12 14 16 (a) and 13 15 17 19
# (b), 4 boots each at the layout's value + 0.1 k - 0.15, of 50
# observations + 0.02 j.  Known answers, by hand: a boot's median is
# its value + 0.49, a layout's the mean of its boots', so the layouts
# are 10.49 ... 16.49, S2 6.6667; the boots of a layout vary by S2
# 0.016667; a run's median has sampling variance (0.56-0.40)^2/4 =
# 0.0064 (one binomial sd of rank, 4, either side of the 25th), S2
# 50 x 0.0064 = 0.32.  T2 of boots 0.016667 - 0.32/50 = 0.010267 (sd
# 0.1013), of layouts 6.6667 - 0.016667/4 = 6.6625 (sd 2.581); the
# observations' MAD 0.25 x 1.4826 = 0.3707.  Shares of 6.6625 +
# 0.010267 + 0.13738: 97.8%, 0.15%, 2%.  The layouts are the units:
# the interval of layout 2 is 12.49 +- t(.975, 3) x 0.1291/2 =
# [12.285, 12.695];
# a difference of 3 against layouts spread by 2.58 is no difference
# (p 0.2); taken as 16 boots a side, ignoring the layouts, it would
# wrongly be one (p 0.0017).
run $B -q -l a,b "$(side cmp-layout/A)" "$(side cmp-layout/B)"
check layout-status '[ $st = 0 ]'
has layout-kernels '^a: kernel old in 4 layouts (111 222 333 444); b: kernel new in 4 layouts (555 666 777 888)$'
has layout-rows '^a  *4  *16  *16  *800 '
has layout-row '^layout      2.58 us       98%  p99 2.58 us    2.58 us       98%  p99 2.58 us$'
has layout-boot '^boot        0.101 us    0.15%  p99 0.129 us '
has layout-obs '^observation 0.371 us       2%  '
has layout-dominant '^a: between layouts dominates; b: between layouts dominates$'
has layout-one '^a           layout 2: 12.5 us \[12.3, 12.7\] over 4 boots$'
has layout-all '^b           all layouts: 16.5 us \[12.4, 20.6\] over 4 layouts$'
has layout-design '^design: 4 layouts against 4: all 70 arrangements of the layout labels; the smallest p-value they allow is 0.029; the primary statistic, median, is tested first and alone, the other 5 only if it differs (fixed sequence)$'
has layout-median '^primary: median: no difference proven: +3 us \[-1.96, +7.96\] (+22.2%; p 0.2)$'
has layout-verdict '^verdict: no difference proven in the primary statistic (median; p 0.2): the other 5 are not tested$'
mkdir -p "$T/noly/A" "$T/noly/B"
for f in "$DATA"/cmp-layout/A/*.res "$DATA"/cmp-layout/B/*.res; do
	grep -v '^# layout' "$f" >"$T/noly/${f#$DATA/cmp-layout/}"
done
run $B -q -l a,b "$(ls "$T"/noly/A/*.res | tr '\n' , | sed 's/,$//')" "$(ls "$T"/noly/B/*.res | tr '\n' , | sed 's/,$//')"
has pooled-design '^design: 16 boots against 16: '
has pooled-median '^primary: median: difference at 95% confidence: +3 us \[+1.34, +4.66\] (+22.2%; p 0.0013)$'
# layouts that all give the same observations (as pctext's do under
# icount): a sample, not an exact answer; every arrangement ties, no p
# falls below 1, and no difference can be shown (the design line said
# "the smallest p-value they allow is 1 ... use -L 6 or more" at 6
# layouts before: that was the data, not the design)
mkdir -p "$T/tie/A" "$T/tie/B"
for i in 1 2 3 4 5 6; do
	sed "1i# layout 10$i" "$DATA/cmp-aa/A/01.res" >"$T/tie/A/0$i.res"
	sed "1i# layout 20$i" "$DATA/cmp-aa/A/01.res" >"$T/tie/B/0$i.res"
done
run $B -q -l a,b "$(tside tie/A)" "$(tside tie/B)"
check tie-status '[ $st = 0 ]'
has tie-design '^design: 6 layouts against 6: all 924 arrangements of the layout labels; the smallest p-value they allow is 0.0022; the primary statistic, median, is tested first and alone, the other 5 only if it differs (fixed sequence): these data can show no difference at 95%: the primary takes few distinct values over the layouts (no p below 1)$'
has tie-verdict '^verdict: no difference proven in the primary statistic (median; p 1): the other 5 are not tested$'
# one side over layouts, the other not: the boots are the units, and it says so
run $B -q -l a,b "$(side cmp-layout/A)" "$(ls "$T"/noly/B/*.res | tr '\n' , | sed 's/,$//')"
has one-layered '^warning: only a spans layouts: the boots are the units, and layout is not a level of the comparison$'
has one-design '^design: 16 boots against 16: '
# the text (cmp-flat, 5 boots a side of 200 observations in ns: 170
# of each boot are 347, 20 spread 350-399, and one each near 6-24 us;
# pcold's greatest 16, 120, 443, 52 and 230 ms, pc's 38-52 us; and
# sysbench.faults, 0 in each of 3 runs of every boot, as sysbench's
# meters of nothing are): the summary opens the report, a line a test;
# labels longer than the column keep a space before the number; three
# significant figures, each with its unit; "1 observation"; the median
# varies nowhere, but the spread words say where the tail does, and
# "no variation" only of the meter that is all 0 (it was "no
# variation", "observation 0 ns 0%", and the meter broke bcmp with an
# array bounds error)
run $B -l pcold-icount.res,pc-icount.res "$(side cmp-flat/A)" "$(side cmp-flat/B)"
golden flat
has flat-sumhead '^summary: pc-icount.res against pcold-icount.res, a test a line '
has flat-sumcols '^test             statistic       pcold-icount.res  pc-icount.res  change       p  verdict$'
has flat-sumT '^T                100 us or more          1 a boot       0 a boot   -100%  0.0079  difference in 100 us or more, p99, max, 10 us or more, 1 ms or more, 5 ms or more$'
has flat-sumZ '^sysbench.faults  median                       0 n            0 n       -   exact  in the one layout measured, no difference$'
check flat-first '[ "$(head -1 "$T/out" | cut -c1-8)" = "summary:" ]'
has flat-row '^pcold-icount.res     5     5     1000      347      347      354  14.8 us   172 ms$'
has flat-median '^pcold-icount.res 347 ns \[347, 347\] over 5 boots$'
has flat-obs '^observation 0 ns            -  range 347 ns to 443 ms   0 ns            -  range 347 ns to 52 us$'
has flat-spread '^pcold-icount.res: the median does not vary, the p99 does between boots; pc-icount.res: the median does not vary, the p99 does between boots$'
has flat-zero '^pcold-icount.res: no variation: every observation is 0 n; pc-icount.res: no variation: every observation is 0 n$'
has flat-max '^max: difference at 95% confidence: -172 ms \[-334, -10\] (-100%; p 0.016)$'
has flat-one 'pcold-icount.res: 1 observation of 100 us or more a boot (max 172 ms); pc-icount.res: none (max 43 us)$'
has flat-zeromax '^max: 0 n \[0, 0\]$'
check flat-nonovar '[ $(grep -c "no variation" "$T/out") = 1 ]'
run $B -d 1
has plan1 '^design: 1 boot a side: all 2 arrangements of the boot labels; '
finish
