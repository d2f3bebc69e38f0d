#!/bin/sh
# screen-plot -- plot(1) draws a known histogram in a window on draw(3);
# ./minos run -screenshot saves the screen, and pixels at known places
# must be the bars, the axes, the title and the desktop.  Also: the
# device's diagnostics, wm(1), and plot's fallback without a screen.
cd "${ROOT:?}" || exit 1
T=o/tests/screen-plot
rm -rf $T
mkdir -p $T || exit 1
fail=0

# shot WHAT 'cmd': run cmd in Minos, which must print nothing and
# succeed, and keep the screen in $T/h.ppm
shot() {
	./minos run -screenshot $T/h.png "$2" >$T/out 2>&1
	st=$?
	if [ $st -ne 0 ] || [ -s $T/out ]; then
		echo "screen-plot: $1 run exit status $st, want 0 and no output:"; cat $T/out
		exit 1
	fi
	pngtopnm $T/h.png >$T/h.ppm 2>$T/err || { echo "screen-plot: pngtopnm failed"; cat $T/err; exit 1; }
}

# Counts 1 2 3 4 for the values 1 2 3 4: whole-number bins, centred.
shot histogram "echo 'HIST:1d:Observation::Time:us 1 2 2 3 3 3 4 4 4 4' | plot -p 1h"
if [ "$(head -c 16 $T/h.ppm | od -An -c | tr -d ' \n')" != 'P6\n1024768\n255\n' ]; then
	echo "screen-plot: not a 1024x768 P6 image:"; head -c 16 $T/h.ppm | od -c
	exit 1
fi

# pixel X Y: the colour at (X,Y) as rrggbb
pixel() {
	dd if=$T/h.ppm bs=1 skip=$((16 + ($2*1024 + $1)*3)) count=3 2>/dev/null |
		od -An -tx1 | tr -d ' \n'
}

# want X Y RRGGBB WHAT
want() {
	got=$(pixel $1 $2)
	if [ "$got" != "$3" ]; then
		echo "screen-plot: ($1,$2) $4: colour $got, want $3"
		fail=1
	fi
}

# count X0 Y0 X1 Y1 RRGGBB: how many pixels of [X0,X1)x[Y0,Y1) have that colour
count() {
	y=$2
	while [ $y -lt $4 ]; do
		dd if=$T/h.ppm bs=1 skip=$((16 + ($y*1024 + $1)*3)) count=$((($3-$1)*3)) 2>/dev/null
		y=$((y+1))
	done | od -An -v -tx1 -w3 | tr -d ' ' | grep -c "^$5\$"
}

# Geometry (man/3/draw, appl/cmd/plot.b): window 1's frame at (16,16),
# its content at (18,36), 800x560; the plotting area is content
# (96,64)-(768,488): x from 0.5 to 4.5 (168 pixels a bin), y from 0 to 5,
# a step above the tallest bar (84.8 pixels a count).  Bar k (count k)
# spans content x 96+168(k-1) to 96+168k, its top at content y
# 488-round(84.8k): 403 318 234 149.
bar=5b8bd9 white=ffffff black=000000
k=0
for top in 403 318 234 149; do
	k=$((k + 1))
	x=$((18 + 96 + 168*(k-1) + 84))
	top=$((36 + top))
	want $x $((top + 3)) $bar "bar $k just below its top"
	want $x $((top - 3)) $white "above bar $k"
	want $x $((36 + 487)) $bar "bar $k at the bottom"
done
# the tallest bar stays inside the frame
want $((18 + 96 + 168*3 + 84)) $((36 + 100)) $white "above the tallest bar"
# between bars 1 and 2 above bar 1: nothing
want $((18 + 264 + 20)) $((36 + 340)) $bar "bar 2 at count 1.75"
want $((18 + 200)) $((36 + 340)) $white "above bar 1 at count 1.75"
# the axes: x at content y 489-490, y at content x 95-96
want $((18 + 300)) $((36 + 489)) $black "x axis"
want $((18 + 700)) $((36 + 490)) $black "x axis"
want $((18 + 95)) $((36 + 300)) $black "y axis"
want $((18 + 96)) $((36 + 100)) $black "y axis"
# the desktop, the window's border and its title bar (top window's colour)
want 1000 700 4a6f8a "desktop"
want 16 300 202020 "window border"
want 300 25 2f4f9f "title bar"

# the title HIST, scale 2, centred at the top: content (376,8) to (424,32)
n=$(count $((18+376)) $((36+8)) $((18+424)) $((36+32)) $black)
if [ "$n" -lt 100 ]; then
	echo "screen-plot: title: $n black pixels, want at least 100"
	fail=1
fi
# no ink between the title and the statistics line
n=$(count $((18+300)) $((36+1)) $((18+500)) $((36+8)) $black)
if [ "$n" -ne 0 ]; then
	echo "screen-plot: above the title: $n black pixels, want 0"
	fail=1
fi
# the title bar says HIST in white
n=$(count 24 20 60 32 $white)
if [ "$n" -lt 20 ]; then
	echo "screen-plot: title bar: $n white pixels, want at least 20"
	fail=1
fi
# the x tick labels 1 2 3 4 under the bar centres, the axis label below
for k in 1 2 3 4; do
	x=$((18 + 96 + 168*(k-1) + 84))
	n=$(count $((x-3)) $((36+497)) $((x+3)) $((36+509)) $black)
	if [ "$n" -lt 5 ]; then
		echo "screen-plot: tick label $k: $n black pixels, want at least 5"
		fail=1
	fi
done

# Counts 1, 10 and 100 on a log axis (-l) from 0.5 to 1000: count c's
# bar reaches content y 488-round(424 (log10 c + log10 2)/log10 2000):
# 449, 321, 192; the bins are 224 pixels wide.
v="1"
for i in 1 2 3 4 5 6 7 8 9 10; do v="$v 2"; done
for i in $(seq 100); do v="$v 3"; done
shot -l "echo 'LOG:1d:Observation::Time:us $v' | plot -l -p 1h"
k=0
for top in 449 321 192; do
	k=$((k + 1))
	x=$((18 + 96 + 224*(k-1) + 112))
	want $x $((36 + top + 3)) $bar "log bar $k just below its top"
	want $x $((36 + top - 3)) $white "above log bar $k"
done

# An ordered plot under -z: 10 20 30 40 50 against 1..5, y from 0 to 50
# (8.48 pixels a unit), x 168 pixels an observation: the line passes
# through content (432,234), and the value axis is labelled 0 at its foot.
shot 1l "echo 'L:1l:Observation::Time:us 10 20 30 40 50' | plot -z"
want $((18 + 432)) $((36 + 234)) c0392b "the line at observation 3"
want $((18 + 264)) $((36 + 318)) c0392b "the line at observation 2"
want $((18 + 432)) $((36 + 224)) $white "above the line"
want $((18 + 432)) $((36 + 250)) $white "below the line"
n=$(count $((18+78)) $((36+482)) $((18+88)) $((36+494)) $black)
if [ "$n" -lt 5 ]; then
	echo "screen-plot: -z: no 0 at the foot of the value axis ($n black pixels)"
	fail=1
fi

# The other drawing commands: an off-screen image copied in, an
# overlapping copy within the window, a point, a thick line, scaled text,
# and a copy from a freed image.  Window 1's content is at (18,36).
./minos run -screenshot $T/h.png "bind -a '#i' /dev; {echo window 200 100 ops
	echo alloc 1 10 10 ff0000; echo copy 0 5 5 1 0 0 10 10
	echo fill 0 50 5 60 15 00ff00; echo copy 0 55 5 0 50 5 60 15
	echo point 0 100 50 0000ff; echo line 0 120 10 120 90 000000 5
	echo text 0 130 40 000000 3 A; echo free 1; echo copy 0 0 0 1 0 0 1 1} >/dev/drawctl
	wc -c /dev/screen" >$T/out 2>&1
cat >$T/want <<'XXX'
echo: write error: bad image id
3145788 /dev/screen
XXX
if ! cmp -s $T/out $T/want; then
	echo "screen-plot: drawing commands: output differs:"; diff $T/out $T/want
	fail=1
fi
pngtopnm $T/h.png >$T/h.ppm 2>$T/err || { echo "screen-plot: pngtopnm failed"; cat $T/err; exit 1; }
want $((18+5)) $((36+5)) ff0000 "copied image, top left"
want $((18+14)) $((36+14)) ff0000 "copied image, bottom right"
want $((18+15)) $((36+10)) $white "right of the copied image"
want $((18+50)) $((36+10)) 00ff00 "fill"
want $((18+64)) $((36+10)) 00ff00 "overlapping copy"
want $((18+65)) $((36+10)) $white "right of the overlapping copy"
want $((18+100)) $((36+50)) 0000ff "point"
want $((18+101)) $((36+50)) $white "beside the point"
want $((18+118)) $((36+50)) $black "line, left edge"
want $((18+122)) $((36+90)) $black "line, right edge at its end"
want $((18+117)) $((36+50)) $white "left of the line"
want $((18+123)) $((36+50)) $white "right of the line"
want $((18+120)) $((36+93)) $white "below the line"
want $((18+134)) $((36+44)) $black "A: the top bar"
want $((18+131)) $((36+47)) $black "A: the left side"
want $((18+137)) $((36+47)) $white "A: inside"

# the device's diagnostics and wm(1)
./minos run -g "bind -a '#i' /dev; echo fill 0 0 0 10 10 ff >/dev/drawctl;
	{echo window 100 50 one; echo fill 0 0 0 10 10 zz} >/dev/drawctl;
	{echo window 10 10 two; echo bogus 1} >/dev/drawctl;
	{echo window 10 10 three; echo fill 3 0 0 1 1 ff} >/dev/drawctl;
	{echo window 20 20 four; echo line 0 1 2} >/dev/drawctl;
	wm top 9; wm top 1; wm move 2 500 400; wm delete 3; wm; wm clean; wm" >$T/out 2>&1
cat >$T/want <<'XXX'
echo: write error: no window: first write "window w h title"
echo: write error: bad colour: want rrggbb
echo: write error: unknown control message "bogus 1"
echo: write error: bad image id
echo: write error: usage: line id x0 y0 x1 y1 colour [width] "line 0 1 2"
wm: top 9: no such window
id x y width height state title
2 500 400 10 10 closed two
4 88 88 20 20 closed four
1 16 16 100 50 closed one
id x y width height state title
XXX
if ! cmp -s $T/out $T/want; then
	echo "screen-plot: draw diagnostics differ:"; diff $T/out $T/want
	fail=1
fi

# no screen (no -g): plot -w fails, plot falls back to text
./minos run "plot -w /dev/null; echo 'H:1d:::: 1 2' | plot -p 1h" >$T/out 2>&1
cat >$T/want <<'XXX'
plot: -w: no screen (boot with -g)
H
n 2  mean 1.5  min 1  max 2  std 0.7071  median 1.5
XXX
if ! head -3 $T/out | cmp -s - $T/want; then
	echo "screen-plot: fallback without a screen differs:"; head -3 $T/out | diff - $T/want
	fail=1
fi
exit $fail
