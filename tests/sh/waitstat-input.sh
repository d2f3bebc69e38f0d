#!/bin/sh
# waitstat-input -- waitstat(1) on emu reads a saved table and refuses
# what is not wait(3)'s: an empty file that is not the device (such as
# /dev/null), lines of the wrong shape, unknown types, counts that do
# not add up; and it refuses an unknown -t type.  Each refusal names the
# file and line, with status 1 (fail:error).
TAG=waitstat
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
E="$R/o/bin/emu"
z() { n=$1; s=""; while [ $n -gt 0 ]; do s="$s 0"; n=$((n-1)); done; printf '%s' "$s"; }
# two sites: 3 acquire waits (1 under 1us, 2 of 1-2us), 1 qlock wait of 5us
{
	echo "acquire 0010a2b3 Sys_read libinterp/sysmod.c:280 3 3500 2000 1 2$(z 30)"
	echo "qlock 00104000 qlock port/qlock.c:40 1 5000 5000 0 0 0 1$(z 28)"
} >"$T/ok"

# ws name status args...: run waitstat, status and first error line
ws() {
	name=$1 want=$2
	shift 2
	timeout 60 $E /dis/waitstat.dis "$@" >"$T/$name.out" 2>"$T/$name.err"
	st=$?
	check "$name-status" "[ $st = $want ]"
}

ws ok 0 "$T/ok"
check ok-rows "[ \$(grep -c '^acquire *Sys_read libinterp/sysmod.c:280  *3  *3.50  *2.00  *1.17\$' $T/ok.out) = 1 ]"
check ok-order "sed -n 2p $T/ok.out | grep -q '^qlock'"
ws type 0 -t qlock "$T/ok"
check type-only "[ \$(wc -l <$T/type.out) = 2 ] && grep -q '^qlock' $T/type.out"

ws null 1 /dev/null
check null-err "grep -qx 'waitstat: /dev/null: not wait data (empty)' $T/null.err"
ws frob 1 -t frob "$T/ok"
check frob-err "grep -qx 'waitstat: unknown type frob: want qlock, rlock, wlock, sleep, acquire or lock' $T/frob.err"
check frob-out "[ ! -s $T/frob.out ]"

printf 'hello world\n' >"$T/text"
ws text 1 "$T/text"
check text-err "grep -qx 'waitstat: $T/text:1: not wait data (2 fields, not 39)' $T/text.err"
sed '2s/^qlock/spin/' "$T/ok" >"$T/badtype"
ws badtype 1 "$T/badtype"
check badtype-err "grep -qx 'waitstat: $T/badtype:2: not wait data (type spin)' $T/badtype.err"
sed '1s/ 3 3500 / 4 3500 /' "$T/ok" >"$T/badsum"
ws badsum 1 "$T/badsum"
check badsum-err "grep -qx 'waitstat: $T/badsum:1: not wait data (counts do not add up)' $T/badsum.err"
sed '1s/ 3500 / 35x0 /' "$T/ok" >"$T/badnum"
ws badnum 1 "$T/badnum"
check badnum-err "grep -qx 'waitstat: $T/badnum:1: not wait data (count 35x0)' $T/badnum.err"
head -c 100 "$T/ok" >"$T/cut"
ws cut 1 "$T/cut"
check cut-err "grep -qx 'waitstat: $T/cut: not wait data (no newline at the end)' $T/cut.err"
finish
