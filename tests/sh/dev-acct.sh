#!/bin/sh
# dev-acct: the resource accounts of #u (acct(3)) in the kernel, pc
# under both clocks and pcold under the real one: the ctl file, bad
# names and commands, wait counts with known answers (reads, pipe
# waits of 50ms, K-1 lock waits of K readers), inheritance, processor
# time, lifetime, offsets and many accounts at once.  The checks are in
# tests/sh/dev-acct.b; each prints "ok NAME".
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-acct.XXXXXX)
trap 'rm -rf "$d"' EXIT
# -C: interpreted even under MINOS_COMPILE=1: compiled, its busy loop
# can end within a slice, and the check of switches would not hold
"$R/o/bin/limbo" -C -I "$R/module" -o "$d/dev-acct.dis" "$R/tests/sh/dev-acct.b" || exit 1
want=$(grep -c 'check("' "$R/tests/sh/dev-acct.b")
want=$((want + 4 - 2))	# the bad-name check runs for five names; two checks have two forms
fail=0
for kc in pc:icount pc:real pcold:real; do
	k=${kc%:*}
	c=${kc#*:}
	x=""
	[ $c = icount ] && x=-x
	"$R/minos" run -k $k -c $c -i "$d" "/n/local/dev-acct.dis $x" >"$d/out" 2>&1
	st=$?
	n=$(grep -c '^ok ' "$d/out")
	if [ $st != 0 ] || grep -qv '^ok ' "$d/out" || [ "$n" != "$want" ]; then
		echo "dev-acct $k $c: status $st, $n ok of $want:"
		grep -v '^ok ' "$d/out" | head -20
		fail=1
	fi
done
exit $fail
