#!/bin/sh
# frontdoor-test -- ./minos test shows progress and results, not the
# build's log: a line as the build starts, one as each kind of test
# starts, failures, and the count.
cd "${ROOT:?}" || exit 1
out=$(./minos test c 2>&1)
st=$?
n=$(ls tests/c/*.c | wc -l)
want="minos: building
tests/run: c
$n passed, 0 failed"
if [ "$st" != 0 ] || [ "$out" != "$want" ]; then
	echo "frontdoor-test: ./minos test c: status $st, output:"
	echo "$out" | head -20
	echo "want:"
	echo "$want"
	exit 1
fi
exit 0
