#!/bin/sh
# bcmp-inf -- bcmp(1) refuses an observation too large for a real
# (1e400 reads as infinity) or too large for its statistics (beyond
# 1e150 in magnitude, whose squares overflow), naming the file, line and
# value, with status 1, instead of looping or printing "Infinity".
TAG=bcmpinf
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
E="$R/o/bin/emu"
cd "$R/tests/data" || exit 1

# refused old new value: bcmp refuses value on line 2 of the file with it
refused() {
	timeout 60 $E /dis/bcmp.dis -q "$1" "$2" >"$T/out" 2>"$T/err"
	st=$?
	check "$3-status" "[ $st = 1 ]"
	check "$3-out" '[ ! -s "$T/out" ]'
	check "$3-err" "grep -qx -- 'bcmp: $4' '$T/err'"
}
refused bcmp-inf.res cmp-a.res inf 'bcmp-inf.res:2: value 1e400 is not finite'
refused cmp-a.res bcmp-ninf.res ninf 'bcmp-ninf.res:2: value -1e999 is not finite'
sed 's/1e400/1e308/' bcmp-inf.res >"$T/big.res"
refused "$T/big.res" cmp-a.res big "$T/big.res:2: value 1e308 is out of range (at most 1e150 in magnitude)"
# the largest allowed: a report with no infinity in it
sed 's/1e400/1e150/' bcmp-inf.res >"$T/max.res"
timeout 60 $E /dis/bcmp.dis -q "$T/max.res" cmp-a.res >"$T/out" 2>"$T/err"
check max-report 'grep -q "^verdict: none" "$T/out"'
check max-finite '! grep -qi -e infinity -e nan "$T/out"'
finish
