#!/bin/sh
# cmp-bcmp -- bcmp(1) on emu against fixed data with known answers:
# a sample against itself and against a second draw of the same
# distribution proves nothing; shifted 10 standard deviations up or
# down (sd 10, +-100) it proves a difference of that sign and size.
# Boots whose means differ widely widen the interval of the median, so
# a shift smaller than the spread between boots is not proven, even
# though Mann-Whitney, blind to boots, calls it significant.
. "${ROOT:-.}/tests/sh/cmp-lib.inc"

B="$EMU /dis/bcmp.dis"
U='usage: bcmp [-q] [-c conf] [-b nboot] [-s seed] [-l old,new] [-t test]... [old new]'

run $B cmp-a.res cmp-a.res
golden identical
has identical-verdict '^no difference proven at 95% confidence$'
has identical-diff '^difference of medians cmp-a.res - cmp-a.res: 0 \[-'

run $B -q cmp-a.res cmp-a2.res
golden redraw
has redraw-verdict '^no difference proven at 95% confidence$'

run $B -q cmp-a.res cmp-shift.res
golden up
has up-verdict '^difference at 95% confidence$'
has up-size '^difference of medians cmp-shift.res - cmp-a.res: 99.15 \[97.1, 100.9\] (9.91%)$'

run $B -q cmp-a.res cmp-down.res
golden down
has down-verdict '^difference at 95% confidence$'
has down-size '^difference of medians cmp-down.res - cmp-a.res: -102 \[-104.5, -99.85\] (-10.2%)$'

# the same again: the bootstrap is deterministic
run $B -q cmp-a.res cmp-down.res
golden down

# another seed moves the intervals, not the medians
run $B -q -s 99 cmp-a.res cmp-down.res
has seed-diff '^difference of medians cmp-down.res - cmp-a.res: -102 \['
has seed-verdict '^difference at 95% confidence$'

# 99.99% confidence still proves 10 sigma
run $B -q -c 0.9999 -b 2000 cmp-a.res cmp-shift.res
has conf '^difference at 99.99% confidence$'

# boots: commas separate the files of the boots of a side
A=cmp-run/A/01.res,cmp-run/A/02.res,cmp-run/A/03.res
N=cmp-run/B/01.res,cmp-run/B/02.res,cmp-run/B/03.res
run $B -l old,new $A $N
golden boots
has boots-verdict '^no difference proven at 95% confidence$'
has boots-share '^old  *19.55  *9.871   79.7% of the variance between boots$'

# two result lines of one input, named alike or not
IN=$DATA/cmp-two.res run $B -q
golden stdin
run $B -q base.res xbase.res
golden names
has names-title '^BASE vs XBASE: Time (us)$'

# only some tests in common, and the selection of tests
run $B -q -t T cmp-mixed.res cmp-shift.res
golden select
run $B -q cmp-mixed.res cmp-shift.res
golden only
has only '^ONLY: only in cmp-mixed.res$'

# different units are compared, with a warning
run $B -q cmp-units.res
has units '^warning: A measures Time in us, B Time in ms$'

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
run $B -b 9 a b
fails badnboot <<E
bcmp: bad resample count 9: want 10 to 9999999
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
run $B -t NONE cmp-a.res cmp-shift.res
fails nothing <<E
bcmp: no test to compare
E
finish
