#!/bin/sh
# frontdoor-test -- ./minos test shows progress and results, not the
# build's log: a line as the build starts, one as each kind of test
# starts, failures, the run's time with its slowest cases, and the
# count.  One case is enough (a kind/case argument); it writes into a
# directory of its own, not beside the suite's own run of that case.
cd "${ROOT:?}" || exit 1
d=$(mktemp -d /tmp/minos-front.XXXXXX) || exit 1
trap 'rm -rf "$d"' EXIT
out=$(MINOS_TESTOUT=$d ./minos test c/utf 2>&1)
st=$?
# the times vary: digits become N
got=$(echo "$out" | sed '/^tests\/run: [0-9]/s/[0-9][0-9.]*/N/g; /^	/s/[0-9][0-9.]*/N/g')
want="minos: building
tests/run: c
tests/run: N case in N s (cpu N s); the slowest, in s (cpu):
	N (N) c/utf
1 passed, 0 failed"
if [ "$st" != 0 ] || [ "$got" != "$want" ]; then
	echo "frontdoor-test: ./minos test c/utf: status $st, output:"
	echo "$out" | head -20
	echo "want:"
	echo "$want"
	exit 1
fi
out=$(MINOS_TESTOUT=$d ./minos test c/nosuch 2>&1)
st=$?
if [ "$st" != 2 ] || [ "$out" != "minos: building
tests/run: c
tests/run: no case c/nosuch" ]; then
	echo "frontdoor-test: ./minos test c/nosuch: status $st, output:"
	echo "$out" | head -5
	exit 1
fi
exit 0
