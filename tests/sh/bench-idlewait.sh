#!/bin/sh
# bench-idlewait: the artifact of "Reliable Benchmarking with Limbo on
# Inferno" and its cure, measured by the kernel's idlewait counters, not
# by timings, under -icount (deterministic).  The paper's BASE through
# /dev/busec on a 2 MB heap:
#	pcold: a ready process waits for the idle collector for many rungc()
#	  quanta, up to the clock tick;
#	pc: never longer than one rungc() quantum;
#	and `idlegc old|patched' switches either kernel while it runs.
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-bench.XXXXXX)
trap 'rm -rf "$d"' EXIT
"$R/o/bin/limbo" -I "$R/module" -o "$d/iw.dis" "$R/tests/sh/bench-idlewait.b" || exit 1
fail=0
old='idlegc old
waits seen: yes
longest wait within one rungc quantum: no
longest wait reached 0.9 clock period: yes'
patched='idlegc patched
waits seen: yes
longest wait within one rungc quantum: yes
longest wait reached 0.9 clock period: no'
run() {	# kernel mode want
	got=$("$R/minos" run -k $1 -c icount -i "$d" "/n/local/iw.dis $2" 2>&1)
	if [ "$got" != "$3" ]; then
		echo "bench-idlewait -k $1 $2: got"
		echo "$got"
		echo "want"
		echo "$3"
		fail=1
	fi
}
run pcold - "$old"
run pc - "$patched"
run pc old "$old"
run pcold patched "$patched"
exit $fail
