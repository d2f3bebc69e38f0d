#!/bin/sh
# paper-figures -- paper(8) in a reduced run (100 observations a test,
# virtual time): the twelve figures must come out as real PNG images,
# and the report must hold twelve figure sections in order, each with
# the paper's account, the key numbers side by side and our summary.
# Then the option diagnostics.
TAG=paper
. "${ROOT:-.}/tests/sh/check.inc"

for p in grap groff gs pnmcrop pnmtopng pngtopnm; do
	command -v $p >/dev/null 2>&1 || { echo "$p missing: skipping paper-figures"; exit 0; }
done

D=$T/run
timeout 300 sh "$R/minos" paper -n 100 -o "$D" >"$T/out" 2>"$T/err"
st=$?
check status '[ $st = 0 ]'
[ $st = 0 ] || head -5 "$T/err"
check report-out 'cmp -s "$D/report" "$T/out"'
check no-missing '! grep -q MISSING "$D/report"'

# twelve images, each a PNG of a plausible size for a chart with caption
for i in 01 02 03 04 05 06 07 08 09 10 11 12; do
	f=$D/fig$i.png
	check png$i '[ "$(head -c 8 "$f" 2>/dev/null | od -An -c | tr -d " ")" = "211PNG\r\n032\n" ]'
	check size$i 'pngtopnm "$f" 2>/dev/null | head -2 | tail -1 |
		{ read w h && [ "$w" -ge 300 ] && [ "$w" -le 1200 ] && [ "$h" -ge 250 ] && [ "$h" -le 1200 ]; }'
	check grap$i 'grep -v "^\.defcolor " "$D/fig$i.g" | head -1 | grep -q "^\.G1"'
done
check twelve '[ "$(ls "$D"/fig*.png | wc -l)" = 12 ]'

# twelve sections, in the paper's order, each complete
check sections '[ "$(grep -c "^Figure [0-9]*\. " "$D/report")" = 12 ]'
check order '[ "$(sed -n "s/^Figure \([0-9]*\)\. .*/\1/p" "$D/report" | tr "\n" " ")" = "1 2 3 4 5 6 7 8 9 10 11 12 " ]'
for k in "  kernel: " "  figure: " "  paper:  " "  key:    paper: " "          ours:  " "  ours:   n "; do
	check "lines-$k" '[ "$(grep -c "^$k" "$D/report")" = 12 ]'
done
# each figure says whether the paper's effect was reproduced, and why
check verdicts '[ "$(grep -c "^  reproduced: \(yes\|no\|partly\|not judged\): ." "$D/report")" = 12 ]'
check tsc 'grep -q "^TSC rate: [0-9]* ppm [0-9]* (pc boot)$" "$D/report"'
# histograms count on a log axis; the data keep their comment lines
check logcounts '[ "$(grep -l "log y" "$D"/fig03.g "$D"/fig04.g "$D"/fig11.g "$D"/fig12.g | wc -l)" = 4 ]'
check warmup 'grep -q "^# warmup XBASE 10$" "$D/data/pc.XBASE"'
# what to see, in the report and under each figure; figures compared
# share a scale: 1 and 8 from 0 to the same maximum, 6 and 9 one log axis
check see '[ "$(grep -c "^  see:    ." "$D/report")" = 12 ]'
check scale-1-8 'c=$(grep "^coord " "$D/fig01.g") && [ -n "$c" ] && [ "$c" = "$(grep "^coord " "$D/fig08.g")" ] && echo "$c" | grep -q " y 0, "'
check scale-6-9 '[ "$(grep "^coord " "$D/fig06.g" | sed "s/.* y //")" = "$(grep "^coord " "$D/fig09.g" | sed "s/.* y //")" ]'
check overlay-12 'grep -q "^label top \"XBASE, XBASE-g\"$" "$D/fig12.g"'
check pct-10 'grep -q "^ticks bot out at 0 \"0%\", 1 \"90%\"" "$D/fig10.g"'
# the web page: every figure it names is there
check html '[ -s "$D/report.html" ] && [ "$(grep -o "src=\"fig[0-9]*\.png\"" "$D/report.html" | wc -l)" = 12 ]'
check captions 'grep -q "^Figure 11\. The distribution of the results shown in Figure 10$" "$D/report"'
check paper-11 'grep -q "994 of 1000 (99.4%) at the minimum, 6 us" "$D/report"'
# the counts asked for: 100 observations of every test, GCIDLE included
check counts '[ "$(grep -c "^  ours:   n 100 " "$D/report")" -ge 10 ]'
check kernels '[ "$(grep -c "^  kernel: pcold, -c icount" "$D/report")" = 7 ] &&
	[ "$(grep -c "^  kernel: pc, -c icount" "$D/report")" = 5 ]'
check data '[ -s "$D/data/pcold.GCIDLE" ] && [ -s "$D/data/pc.XBASEG" ]'

# diagnostics
sh "$R/minos" paper -n 5 >"$T/out" 2>"$T/err"
st=$?
check bad-n '[ $st = 1 ] && [ ! -s "$T/out" ] &&
	[ "$(cat "$T/err")" = "paper: -n wants a number of observations, 10 to 100000" ]'
sh "$R/minos" paper -c fast >"$T/out" 2>"$T/err"
st=$?
check bad-c '[ $st = 1 ] && [ "$(cat "$T/err")" = "paper: -c fast: want real or icount" ]'
sh "$R/minos" paper -smp 9 >"$T/out" 2>"$T/err"
st=$?
check bad-smp '[ $st = 1 ] && [ "$(cat "$T/err")" = "paper: -smp wants a number of processors from 1 to 8" ]'
sh "$R/minos" paper extra >"$T/out" 2>"$T/err"
st=$?
check usage '[ $st = 1 ] && grep -q "^usage: ./minos paper " "$T/err"'
sh "$R/minos" paper -n 100 -o "$D" >"$T/out" 2>"$T/err"
st=$?
check again '[ $st = 1 ] && [ "$(cat "$T/err")" = "paper: $D already holds a report" ]'

echo "paper-figures: $((ncase - nfail)) of $ncase checks passed"
[ $nfail = 0 ]
