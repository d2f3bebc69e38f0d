#!/bin/sh
# builtin-kernel -- $Math's FP control, $Keyring, $IPints and #D inside
# the kernel: tests/vm/math-fp, keyring, ipints, keyring-cipher and ssl,
# compiled here, print in Minos what they print on emu (the x87 state is
# the Prog's, whichever kernel process runs it).
TAG=builtin
. "${ROOT:-.}/tests/sh/check.inc"
MINOS=${MINOS:-$R/minos}

mkdir -p "$T/local"
tests="math-fp keyring ipints keyring-cipher ssl"
for t in $tests; do
	if ! "$R/o/bin/limbo" -I"$R/module" -o "$T/local/$t.dis" "$R/tests/vm/$t.b" >"$T/$t.log" 2>&1; then
		bad $t "does not compile: $(head -1 "$T/$t.log")"
		finish
	fi
done
cmd=""
: >"$T/want"
for t in $tests; do
	[ -n "$cmd" ] && { cmd="$cmd; echo ---; "; echo --- >>"$T/want"; }
	cmd="$cmd/n/local/$t.dis"
	cat "$R/tests/vm/$t.out" >>"$T/want"
done
"$MINOS" run -c icount -i "$T/local" "$cmd" >"$T/out" 2>&1
st=$?
check status '[ "$st" = 0 ]'
check output 'cmp -s "$T/want" "$T/out" || { diff "$T/want" "$T/out" | head -10; false; }'
finish
