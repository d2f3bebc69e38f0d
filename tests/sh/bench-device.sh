#!/bin/sh
# bench-device: the bench device #x and $Bench in the kernel (pc and
# pcold, both clocks): every file, every bctl command, bad commands,
# huge writes, odd offsets, concurrent writers, the Dis instruction timer.
# The checks are in tests/sh/bench-device.b; each prints "ok NAME".
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-bench.XXXXXX)
trap 'rm -rf "$d"' EXIT
"$R/o/bin/limbo" -I "$R/module" -o "$d/bench-device.dis" "$R/tests/sh/bench-device.b" || exit 1
fail=0
for k in pc pcold; do
	for c in icount real; do
		"$R/minos" run -k $k -c $c -i "$d" /n/local/bench-device.dis >"$d/out" 2>&1
		st=$?
		n=$(grep -c '^ok ' "$d/out")
		if [ $st != 0 ] || grep -qv '^ok ' "$d/out" || [ "$n" != 91 ]; then
			echo "bench-device $k $c: status $st, $n ok of 91:"
			grep -v '^ok ' "$d/out" | head -20
			fail=1
		fi
	done
done
exit $fail
