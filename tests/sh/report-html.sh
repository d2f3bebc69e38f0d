#!/bin/sh
# report-html -- report(8): a small comparison under virtual time (one
# boot a side) ends with report.html; every picture it names is there
# and is a PNG; headless Chromium renders the page to a screenshot that
# is not blank.  Then the bad input: a directory without results, a
# page already there, an output directory that exists: a message,
# status 1, nothing overwritten.
TAG=report
. "${ROOT:-.}/tests/sh/check.inc"

for p in grap groff gs pnmcrop pnmtopng pngtopnm ppmhist; do
	command -v $p >/dev/null 2>&1 || { echo "$p missing: skipping report-html"; exit 0; }
done

# pngs page: every src the page names exists beside it and is a PNG
pngs() {
	d=$(dirname "$1")
	n=0
	for f in $(grep -o 'src="[^"]*"' "$1" | sed 's/^src="//; s/"$//'); do
		[ "$(head -c 4 "$d/$f" 2>/dev/null | od -An -c | tr -d ' ')" = "211PNG" ] || return 1
		n=$((n + 1))
	done
	[ $n -gt 0 ]
}

# two tests, eight observations a run, from the kernel's clocks
U="echo -n TIME:1l:Observation:n:Time:us; for i in 1 2 3 4 5 6 7 8 { echo -n ' '; cat /dev/time }; echo"
M="echo -n MSEC:1l:Observation:n:Time:ms; for i in 1 2 3 4 5 { echo -n ' '; cat /dev/msec }; echo"
D=$T/cmp
timeout 300 sh "$R/host/compare" -n 1 -f -c icount -s 7 -o "$D" -k pcold -k pc "$U; $M" >"$T/out" 2>"$T/err"
st=$?
# one boot a side allows no verdict (-f boots it all the same): bcmp says
# so, and its status is compare's
check compare-status '[ $st = 1 ] && grep -q "^bcmp: no verdict possible$" "$T/err"'
[ -s "$D/report" ] || head -5 "$T/err"
check page '[ -s "$D/report.html" ] && grep -q "^report: $D/report.html$" "$T/err"'
check pictures 'pngs "$D/report.html"'
check six '[ "$(grep -c "<img src=\"html/" "$D/report.html")" = 6 ]'
check tests '[ "$(grep -c "<h2 id=" "$D/report.html")" = 2 ] && grep -q "<td><a href=\"#TIME\">TIME</a></td>" "$D/report.html"'
check verdict 'grep -q "^<tr><td><a href=\"#MSEC\">MSEC</a></td><td>median</td>.*<td class=[a-z]*>." "$D/report.html"'

# the page in a browser: a screenshot with something drawn on it
if command -v chromium >/dev/null 2>&1; then
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$T/chrome" --window-size=1200,1600 \
		--screenshot="$T/shot.png" "file://$D/report.html" >"$T/chrome.log" 2>&1
	check screenshot '[ -s "$T/shot.png" ]'
	# a blank page has one colour; text and charts have many
	check not-blank '[ "$(pngtopnm "$T/shot.png" | ppmhist -noheader | wc -l)" -ge 20 ]'
else
	echo "chromium missing (./minos deps installs it): skipping the screenshot"
fi

# saved results, drawn again elsewhere; and paper's directory
cp -R "$R/tests/data/cmp-run" "$T/saved"
sh "$R/host/compare" "$T/saved" >"$T/saved/report" 2>/dev/null
sh "$R/host/report" -o "$T/other" "$T/saved" >"$T/out" 2>"$T/err"
st=$?
check saved '[ $st = 0 ] && pngs "$T/other/report.html" && [ ! -e "$T/saved/report.html" ] &&
	grep -q "difference at 95% confidence in 100 us or more, p99, max" "$T/other/report.html"'

# a meter that is always 0 (as many of sysbench's are; tests/data/cmp-flat)
# cannot go on a log axis: its percentiles are drawn on a linear one and
# the page says so, where report said "cannot draw" and drew nothing;
# the summary's row is bcmp's, a cell a column
cp -R "$R/tests/data/cmp-flat" "$T/flat"
(cd "$R/tests/data" && sh "$R/host/compare" "$T/flat" >"$T/flat/report" 2>/dev/null)
sh "$R/host/report" "$T/flat" >"$T/out" 2>"$T/err"
st=$?
check zero '[ $st = 0 ] && [ "$(cat "$T/err")" = "report: $T/flat/report.html" ] && pngs "$T/flat/report.html" &&
	[ "$(grep -c "<img src=\"html/" "$T/flat/report.html")" = 6 ] && [ -z "$(ls "$T/flat/html" | grep -v "\.png$")" ]'
check zero-note 'grep -qx "<p>Every observation of both sides is 0: the percentiles are drawn on a linear axis (a log axis cannot show them).</p>" "$T/flat/report.html"'
check zero-one '[ "$(grep -c "linear axis" "$T/flat/report.html")" = 1 ]'
check summary-row 'grep -qx "<tr><td><a href=\"#T\">T</a></td><td>100 us or more</td><td>1 a boot</td><td>0 a boot</td><td>-100%</td><td>0.0079</td><td class=yes>difference in 100 us or more, p99, max, 10 us or more, 1 ms or more, 5 ms or more</td></tr>" "$T/flat/report.html"'

# bad input
mkdir "$T/empty"
sh "$R/host/report" "$T/empty" >"$T/out" 2>"$T/err"
st=$?
check noresults '[ $st = 1 ] && [ ! -s "$T/out" ] && [ "$(cat "$T/err")" = "report: $T/empty: no results: neither a comparison (A/*.res and B/*.res) nor paper'"'"'s figures (report, fig01.png)" ] &&
	[ -z "$(ls "$T/empty")" ]'
cp "$D/report.html" "$T/before"
sh "$R/host/report" "$D" >"$T/out" 2>"$T/err"
st=$?
check again '[ $st = 1 ] && [ "$(cat "$T/err")" = "report: $D/report.html exists: not overwritten" ] && cmp -s "$T/before" "$D/report.html"'
sh "$R/host/report" -o "$T/other" "$T/saved" >"$T/out" 2>"$T/err"
st=$?
check outexists '[ $st = 1 ] && [ "$(cat "$T/err")" = "report: $T/other exists: not overwritten" ]'
sh "$R/host/report" "$T/nosuch" >"$T/out" 2>"$T/err"
st=$?
check nodir '[ $st = 1 ] && [ "$(cat "$T/err")" = "report: $T/nosuch: not a directory" ]'
sh "$R/host/report" >"$T/out" 2>"$T/err"
st=$?
check usage '[ $st = 1 ] && [ "$(cat "$T/err")" = "usage: ./minos report [-r dpi] [-o dir] results" ]'

finish
