#!/bin/sh
# builtin-kernel -- $Math's FP control and $Keyring inside the kernel:
# tests/vm/math-fp and tests/vm/keyring, compiled here, print in Minos
# what they print on emu (the x87 state is the Prog's, whichever kernel
# process runs it).
TAG=builtin
. "${ROOT:-.}/tests/sh/check.inc"
MINOS=${MINOS:-$R/minos}

mkdir -p "$T/local"
for t in math-fp keyring; do
	if ! "$R/o/bin/limbo" -I"$R/module" -o "$T/local/$t.dis" "$R/tests/vm/$t.b" >"$T/$t.log" 2>&1; then
		bad $t "does not compile: $(head -1 "$T/$t.log")"
		finish
	fi
done
"$MINOS" run -c icount -i "$T/local" '/n/local/math-fp.dis; echo ---; /n/local/keyring.dis' >"$T/out" 2>&1
st=$?
check status '[ "$st" = 0 ]'
{ cat "$R/tests/vm/math-fp.out"; echo ---; cat "$R/tests/vm/keyring.out"; } >"$T/want"
check output 'cmp -s "$T/want" "$T/out" || { diff "$T/want" "$T/out" | head -10; false; }'
finish
