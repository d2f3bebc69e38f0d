#!/bin/sh
# tool-plot -- plot(1) on fixed data: every option, text and grap output,
# and its diagnostics.
. "${ROOT:-.}/tests/sh/tool.inc"

# text, the default
tool plot small.res;			golden plot-t-small
tool plot -t base.res;			golden plot-t
tool plot base.res;			golden plot-t
IN=$DATA/base.res tool plot;		golden plot-t
tool plot gcsched.res;			golden plot-1d
tool plot -p 1d gcsched.res;		golden plot-1d
tool plot -p 1l gcsched.res;		golden plot-1l
tool plot -z small.res;			golden plot-z

# outliers: each -o is one more layer
tool plot -o base.res;			golden plot-o
tool plot -ooo base.res;		golden plot-ooo
tool plot -o -o -o base.res;		golden plot-ooo

# histograms
tool plot -p 1h base.res;		golden plot-h
tool plot -p 1h -o -z base.res;		golden plot-hoz
tool plot -p 1h xbase.res;		golden plot-h-whole
tool plot -p 1h -b 5 base.res;		golden plot-b
tool plot -p 1h gcsched.res;		golden plot-h-real

# tails: log counts, percentile plots, long ordered plots by column
tool plot -l -p 1h base.res;		golden plot-h-log
tool plot -p 1p base.res;		golden plot-pct
tool plot -l -p 1p base.res;		golden plot-pct-log
tool plot -l base.res;			golden plot-t-log
tool plot long.res;			golden plot-long
tool plot -p 1p long.res;		golden plot-pct-long

# comment lines are skipped; a # warmup line is reported
tool plot meta.res;			golden plot-meta

# summaries: robust boxes when there are median and p99, and several charts from several files
tool plot summary.res;			golden plot-summary
tool plot summary7.res;			golden plot-summary7
tool plot small.res summary.res xbase.res;	golden plot-multi
printf '\n\nSMALL:1l:Observation:n:Time:us 5 7 6 5 30 6 5 7 6 5 6 6\n\n' >"$T/blank"
IN=$T/blank tool plot;			golden plot-t-small

# grap(1) input
tool plot -g base.res;			golden plot-g
tool plot -g -o -p 1h -z base.res;	golden plot-g-hoz
tool plot -g -p 1d gcsched.res;		golden plot-g-1d
tool plot -g summary.res;		golden plot-g-summary
tool plot -t -g -z small.res;		golden plot-g-z
tool plot -g -p 1h xbase.res;		golden plot-g-h-whole
tool plot -g -l -p 1h base.res;		golden plot-g-h-log
tool plot -g -p 1p base.res;		golden plot-g-pct
tool plot -g -l -p 1p base.res;		golden plot-g-pct-log
tool plot -g summary7.res;		golden plot-g-summary7
# a long ordered plot: a column's range and median, at most 400 columns
tool plot -g long.res
clean g-long
check g-long-columns '[ "$(grep -c "^next at " "$T/out")" = 400 ] && [ "$(grep -c "^line from " "$T/out")" -le 400 ] &&
	grep -q "^line from [0-9.]*,100 to [0-9.]*,5000$" "$T/out"'
tool plot -g -p 1d long.res
clean g-long-1d
check g-long-1d '[ "$(grep -c " size -4 at " "$T/out")" = 400 ]'
tool plot -g -t small.res;		golden plot-t-small

# -y fixes the value axis (values beyond drawn at its edge); -s makes
# each line a summary of seven values; -m overlays lines, a colour a
# name: histograms in common bins, percentile curves pale for each
# line and strong for a name's lines together
tool plot -g -y 0,20 small.res
clean g-y
check g-y '[ "$(grep "^coord " "$T/out")" = "coord x 1, 12 y 0, 20" ] && grep -q "^next at 5, 20$" "$T/out"'
tool plot -t -s small.res
clean t-s
check t-s 'grep -q "^SMALL  *12  *5  *6  *30 " "$T/out"'
printf 'A:1l:O:n:T:us 1 2 3 4
A:1l:O:n:T:us 2 3 4 5
B:1l:O:n:T:us 5 6 7 8 9
' >"$T/ov"
IN=$T/ov tool plot -g -m -p 1p
clean g-m-pct
check g-m-pct '[ "$(grep -c "^draw " "$T/out")" = 4 ] && grep -q "^draw l0 solid color \"plot0p\"$" "$T/out" &&
	grep -q "^draw g0 solid color \"plot0s\"$" "$T/out" && grep -q "^draw g1 solid color \"plot1s\"$" "$T/out" &&
	grep -q "^label top \"A, B\"$" "$T/out" && [ "$(grep -c "^\.defcolor plot[01][sp] rgb #" "$T/out")" = 4 ]'
IN=$T/ov tool plot -g -m -p 1h
clean g-m-hist
check g-m-hist '[ "$(grep -c "^draw h[01] solid" "$T/out")" = 2 ] && grep -q "^next h0 at 2.5, 2$" "$T/out" &&
	grep -q "^next h1 at 8.5, 1$" "$T/out"'
# more than ten summaries: their names on two rows, smaller
for i in 1 2 3 4 5 6 7 8 9 10 11; do echo "S$i:1l:O:n:T:us 1 2 $i"; done >"$T/eleven"
IN=$T/eleven tool plot -g -s
clean g-stagger
check g-stagger '[ "$(grep -c "^ticks bot out" "$T/out")" = 2 ] && grep -q "^ticks bot out .22 at 2 \"S2\" size -3, 4 " "$T/out"'
IN=$T/ov tool plot -t -m -p 1p
fails m-grap-only 1 <<'E'
plot: -m: overlays are drawn as grap only (-g)
E
IN=$T/ov tool plot -g -m
fails m-shape 1 <<'E'
plot: -m: overlays are of histograms or percentile plots (-p 1h or -p 1p)
E
tool plot -g -y 5,1 small.res
check y-order '[ $st = 1 ] && grep -q "^plot: -y 5,1: want finite lo below hi$" "$T/err"'
tool plot -g -l -y 0,10 small.res
fails y-log 1 <<'E'
plot: -y: a log axis starts above 0
E
tool plot -g -y 0,10 -p 1h small.res
fails y-hist 1 <<'E'
plot: -y: a histogram's values are on its x axis
E

# grap and groff must turn all of it into a real figure
if command -v grap >/dev/null && command -v groff >/dev/null; then
	tool plot -g small.res base.res summary.res gcsched.res
	cp "$T/out" "$T/fig.g"
	for o in "-p 1h -o" "-l -p 1h" "-p 1p" "-l -p 1p" "-l" "" "-m -l -p 1p" "-m -p 1h" "-s" "-y 0,1000"; do
		IN=$DATA/base.res tool plot -g $o
		cat "$T/out" >>"$T/fig.g"
	done
	for f in long.res summary7.res xbase.res; do
		IN=$DATA/$f tool plot -g
		cat "$T/out" >>"$T/fig.g"
		IN=$DATA/$f tool plot -g -p 1h
		cat "$T/out" >>"$T/fig.g"
	done
	grap "$T/fig.g" 2>"$T/graperr" | groff -p -Tps >"$T/fig.ps" 2>"$T/grofferr"
	check grap-groff '[ ! -s "$T/graperr" ] && [ ! -s "$T/grofferr" ] && head -c 4 "$T/fig.ps" | grep -q "%!PS"'
	check grap-pages '[ "$(grep -c "^%%Page:" "$T/fig.ps")" -ge 1 ]'
	if command -v gs >/dev/null; then
		gs -q -dSAFER -dNOPAUSE -dBATCH -sDEVICE=pnggray -r40 -sOutputFile="$T/fig.png" "$T/fig.ps" >/dev/null 2>&1
		check grap-png '[ -s "$T/fig.png" ]'
	fi
else
	echo "grap or groff missing: skipping the rendering check"
fi

# diagnostics: a message, status 1, nothing drawn
printf 'BASE:1l:Observation:n:Time 1 2\n' >"$T/in"
IN=$T/in tool plot
fails label5 1 <<'E'
plot: stdin:1: malformed label BASE:1l:Observation:n:Time
E
printf 'SMALL:1l:O:n:T:us 1\nBASE:1l:O:n:T:us:x 1 2\n' >"$T/in"
IN=$T/in tool plot
fails label7 1 <<'E'
plot: stdin:2: malformed label BASE:1l:O:n:T:us:x
E
printf ':1l:O:n:T:us 1 2\n' >"$T/in"
IN=$T/in tool plot -g
fails noname 1 <<'E'
plot: stdin:1: malformed label :1l:O:n:T:us
E
printf 'B:2d:O:n:T:us 1 2\n' >"$T/in"
IN=$T/in tool plot
fails shape 1 <<'E'
plot: stdin:1: unknown shape 2d in B:2d:O:n:T:us
E
printf 'B:1l:O:n:T:us 1 2 x3 4\n' >"$T/in"
IN=$T/in tool plot
fails nonnumeric 1 <<'E'
plot: stdin:1: B: bad value x3
E
printf 'B:1l:O:n:T:us 1 2 3e\n' >"$T/in"
IN=$T/in tool plot
fails badexp 1 <<'E'
plot: stdin:1: B: bad value 3e
E
printf 'B:1l:O:n:T:us 1 1e999\n' >"$T/in"
IN=$T/in tool plot
fails range 1 <<'E'
plot: stdin:1: B: value out of range 1e999
E
printf 'B:1l:O:n:T:us\n' >"$T/in"
IN=$T/in tool plot
fails noobs 1 <<'E'
plot: stdin:1: B: no observations
E
printf 'B:summary:Sample:n:Time:us 10 1 2 3 4 5\n' >"$T/in"
IN=$T/in tool plot
fails summary6 1 <<'E'
plot: stdin:1: B: a summary has 5 or 7 values, not 6
E
printf 'B:summary:Sample:n:Time:us 10 5 9 3 1\n' >"$T/in"
IN=$T/in tool plot
fails summarybad 1 <<'E'
plot: stdin:1: B: inconsistent summary
E
printf '# a comment\nA:1l:O:n:T:us 1\n #x\n' >"$T/in"
IN=$T/in tool plot
fails comment 1 <<'E'
plot: stdin:3: malformed label #x
E
printf 'Z:1l:O:n:T:us 0 -1 0\n' >"$T/in"
IN=$T/in tool plot -l
fails lognone 1 <<'E'
plot: Z: -l: no value above 0 to draw on a log axis
E
printf 'Z:1l:O:n:T:us 0 0\nY:1l:O:n:T:us 0 -1\n' >"$T/in"
IN=$T/in tool plot -g -m -l -p 1p
fails lognone-m 1 <<'E'
plot: -m -l: no value above 0 to draw on a log axis
E
: >"$T/in"
IN=$T/in tool plot
fails empty 1 <<'E'
plot: no results
E
printf '\n\n' >"$T/in"
IN=$T/in tool plot -g
fails blank 1 <<'E'
plot: no results
E
tool plot nosuch.res
fails nofile 1 <<'E'
plot: cannot open nosuch.res: file does not exist
E
tool plot -x small.res
fails option 1 <<'E'
usage: plot [-aglmstwz] [-o...] [-p 1l|1d|1h|1p] [-b bins] [-y lo,hi] [file ...]
E
tool plot -p 2h small.res
fails ptype 1 <<'E'
plot: unknown plot type 2h
usage: plot [-aglmstwz] [-o...] [-p 1l|1d|1h|1p] [-b bins] [-y lo,hi] [file ...]
E
tool plot -p
fails pmissing 1 <<'E'
usage: plot [-aglmstwz] [-o...] [-p 1l|1d|1h|1p] [-b bins] [-y lo,hi] [file ...]
E
for b in 0 1001 x 99999999999; do
	tool plot -b $b small.res
	fails "bins($b)" 1 <<E
plot: bad bin count $b
usage: plot [-aglmstwz] [-o...] [-p 1l|1d|1h|1p] [-b bins] [-y lo,hi] [file ...]
E
done

# by cause (-a): bench(1)'s attribution, marks and stacks; a result
# without one is an error, and so is a malformed one
sed -n 1,9p "$DATA/attrib.res" >"$T/ba"
tool plot -a "$T/ba";			golden plot-a
tool plot -a -p 1h "$T/ba";		golden plot-a-h
tool plot -a -l -p 1h "$T/ba";		golden plot-a-hlog
tool plot -a -p 1p "$T/ba";		golden plot-a-pct
tool plot -a -o "$T/ba";		golden plot-a-o
tool plot -a -g -p 1h "$T/ba";		golden plot-a-gh
tool plot -a -g "$T/ba";		golden plot-a-g
tool plot "$T/ba";			golden plot-noa
tool plot attrib.res
check noa-mixed '[ "$st" = 0 ]'
tool plot -a attrib.res
fails a-mixed 1 <<'E'
plot: attrib.res:12: XBASE: no attribution (made by bench -A, an older bench, or the kernel)
E
printf '# attribution B floor 4\n# cause B gc.idle 2:5 1:3\nB:1l:Observation:n:Time:us 1 2\n' >"$T/mal"
IN=$T/mal tool plot -a
fails a-malformed 1 <<'E'
plot: stdin:3: B: gc.idle: share 1:3 out of order or not above zero
E

finish
