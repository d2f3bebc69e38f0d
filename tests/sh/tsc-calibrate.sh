#!/bin/sh
# tsc-calibrate -- the TSC calibration against the 8253 (pc/clock.c,
# bench(3) calibrate) on a known answer: under -c icount the TSC counts
# virtual nanoseconds and the 8253 runs on the same virtual clock, so
# the rate is 1 GHz, and both the boot's calibration and the calibrate
# command must find it within the uncertainty they state.  Under the
# real clock only the form is checked (the rate is the host's).
TAG=tsc
. "${ROOT:-.}/tests/sh/check.inc"

# within HZ PPM: HZ is 1 GHz within PPM parts per million (and PPM is small)
within() {
	awk -v hz="$1" -v ppm="$2" 'BEGIN {
		d = hz - 1e9; if(d < 0) d = -d
		exit !(ppm >= 1 && ppm <= 100 && d <= ppm*1000)
	}'
}

"$R/minos" run -c icount "bind -b '#x' /dev; echo stats >/dev/bctl; grep tschz /dev/bdata;
	echo calibrate 20 >/dev/bctl; cat /dev/bdata; echo stats >/dev/bctl; grep tschz /dev/bdata" >"$T/out" 2>&1
st=$?
check icount-status '[ $st = 0 ]'
# each line's words, as w1 w2 ...: check's own arguments would hide $1
words() {
	i=0
	for w in $(sed -n "$1p" "$T/out"); do
		i=$((i + 1))
		eval "w$i=\$w"
	done
	nw=$i
}
words 1
check boot-form '[ "$w1 $w3 $w5 $w6" = "tschz ppm clockhz 100" ]'
check boot-rate 'within "$w2" "$w4"'
words 2
check cal-label '[ "$w1" = "CALIBRATE:1d:Observation:n:Rate:MHz" ] && [ $nw = 21 ]'
check cal-intervals 'sed -n 2p "$T/out" | tr " " "\n" | tail -n +2 | awk "\$1 <= 999.99 || \$1 >= 1000.01 { bad = 1 } END { exit bad }"'
words 3
check cal-comment '[ "$w1 $w2 $w4" = "# tsc ppm" ]'
check cal-rate 'within "$w3" "$w5"'
# the rate calibrate found is the one in use
check cal-used '[ "$(sed -n 4p "$T/out")" = "tschz $w3 ppm $w5 clockhz 100" ]'

"$R/minos" run -c real "bind -b '#x' /dev; echo calibrate 5 >/dev/bctl; cat /dev/bdata" >"$T/out" 2>&1
st=$?
check real-status '[ $st = 0 ]'
check real-form '[ "$(sed -n 1p "$T/out" | wc -w)" = 6 ] && sed -n 2p "$T/out" | grep -q "^# tsc [1-9][0-9]* ppm [0-9][0-9]*$"'

finish
