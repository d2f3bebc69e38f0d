#!/bin/sh
# smp-sched -- the schedulers of several processors (port/proc.c): under
# pc's SMP scheduler every processor runs processes from one set of run
# queues; under pcamp's AMP scheduler the first runs none (it takes the
# interrupts and assigns) and the others run what it gives them; with
# one processor pcamp is pc.  #T samples every processor's clock
# (kpmach), #w says which processor each wait was on (waitmach).
# tests/run -k boots another config where a case names none.
TAG=smpsched
. "${ROOT:-.}/tests/sh/check.inc"
M="sh $R/minos"

# five readers of the image at once, then the processors' counts:
# sysstat's columns are machno cs intr syscall ... idle
W="for i in 1 2 3 4 { cat /dis/*.dis /dis/*/*.dis >/dev/null & }; cat /dis/*.dis >/dev/null; sleep 1; cat /dev/sysstat"
for c in icount real; do
	$M run -k pc -smp 4 -c $c "$W" >"$T/smp.$c" 2>&1
	st=$?
	check "smp-$c-ran" '[ $st = 0 ] && [ $(wc -l <"$T/smp.$c") = 4 ] || { echo status $st; cat "$T/smp.$c"; false; }'
	# processors other than the first switched processes and made system
	# calls: under the real clock (a host thread each) three or more,
	# under icount, where QEMU runs them in turn and a processor woken
	# from halt may find the work taken, two or more
	[ $c = real ] && least=3 || least=2
	check "smp-$c-spread" 'awk -v l=$least "\$2 > 0 && \$4 > 0 { n++ } END { exit !(n >= l) }" "$T/smp.$c" || { cat "$T/smp.$c"; false; }'
	# pcamp under icount only: the real clock's is the race run's (smprace)
	[ $c = icount ] || continue
	$M run -k pcamp -smp 4 -c $c "$W" >"$T/amp.$c" 2>&1
	st=$?
	check "amp-$c-ran" '[ $st = 0 ] && [ $(wc -l <"$T/amp.$c") = 4 ] || { echo status $st; cat "$T/amp.$c"; false; }'
	# the first ran nothing and took the interrupts, the IPIs of the
	# others' wakeups among them; the others ran the processes
	check "amp-$c-first" 'awk "NR == 1 && (\$2 != 0 || \$4 != 0 || \$3 < 500) { exit 1 }" "$T/amp.$c" || { cat "$T/amp.$c"; false; }'
	check "amp-$c-others" 'awk "NR > 1 { cs += \$2; sc += \$4 } END { exit !(cs > 500 && sc > 1000) }" "$T/amp.$c" || { cat "$T/amp.$c"; false; }'
done
# with one processor, pcamp schedules as pc, and under icount exactly so
B="bench -o -n 300 BASE XBASE"
$M run -k pc -smp 1 -c icount "$B" >"$T/b.pc" 2>&1
$M run -k pcamp -smp 1 -c icount "$B" >"$T/b.amp" 2>&1
check amp-one 'grep -q "^XBASE:1l:" "$T/b.pc" && cmp -s "$T/b.pc" "$T/b.amp"'
# deterministic under icount with several processors (pc's: smp-boot)
L="for i in 1 2 3 { ls -l /dis >/dev/null & }; ls -l /dis/lib >/dev/null; cat /dev/sysstat"
$M run -k pcamp -smp 2 -c icount "$L" >"$T/r1" 2>&1
$M run -k pcamp -smp 2 -c icount "$L" >"$T/r2" 2>&1
check repeat-pcamp '[ $(wc -l <"$T/r1") = 2 ] && cmp -s "$T/r1" "$T/r2"'

# #T at 1000 samples a second on four processors for half a second: a line each in
# kpmach, every one sampled, adding up to kpctl's samples
P="bind -a '#T' /dev; echo rate 1000 >/dev/kpctl; echo startclr >/dev/kpctl; sleep 0.5; echo stop >/dev/kpctl; cat /dev/kpctl /dev/kpmach"
$M run -k pc -smp 4 -c icount "$P" >"$T/prof" 2>&1
check kpmach 'awk "NR == 1 { tot = \$7; next } { n++; if(\$1 != n-1 || \$2 < 450) exit 1; s += \$2 } END { exit !(n == 4 && s == tot) }" "$T/prof" || { cat "$T/prof"; false; }'
$M run -k pc -smp 1 -c icount "$P" >"$T/prof1" 2>&1
check kpmach-one 'awk "NR == 1 { tot = \$7; next } { n++; s += \$2 } END { exit !(n == 1 && s == tot) }" "$T/prof1" || { cat "$T/prof1"; false; }'

# #w: each wait counted once by processor and type, the same waits as
# waitstat's (under icount: the real clock's are the race run's)
Q="bind -a '#w' /dev; echo start >/dev/waitctl; $W >/dev/null; echo stop >/dev/waitctl; cat /dev/waitmach; echo -----; cat /dev/waitstat"
$M run -k pc -smp 4 -c icount "$Q" >"$T/wait" 2>&1
st=$?
check waitmach-ran '[ $st = 0 ] && grep -qx -- ----- "$T/wait"'
check waitmach-form 'sed "/^-----$/,\$d" "$T/wait" | awk "!/^[0-3] (qlock|rlock|wlock|sleep|acquire|lock) [0-9]+ [0-9]+ [0-9]+\$/ { exit 1 } { n++ } END { exit n == 0 }" || { cat "$T/wait"; false; }'
check waitmach-sum '[ "$(sed "/^-----$/,\$d" "$T/wait" | awk "{ n[\$2] += \$3 } END { for(t in n) print t, n[t] }" | sort)" = "$(sed "1,/^-----$/d" "$T/wait" | awk "{ n[\$1] += \$5 } END { for(t in n) print t, n[t] }" | sort)" ]'
check waitmach-spread '[ "$(sed "/^-----$/,\$d" "$T/wait" | awk "{ print \$1 }" | sort -u | wc -l)" -ge 3 ]'

# the queued locks' watchdog: two kprocs deadlocked on two QLocks are
# reported once, within Qstuck (5) s, the chain named; the shell goes on
D="bind -a '#x' /dev; echo op deadlock >/dev/bctl; sleep 7; echo op deadlock >/dev/bctl; echo on"
$M run -k pc -smp 2 -c icount "$D" >"$T/dl" 2>&1
st=$?
check deadlock '[ $st = 0 ] && [ $(wc -l <"$T/dl") = 3 ] && grep -Eqx "deadlock: proc [0-9]+ \(deadlock\) waited 5 s: proc [0-9]+ waits for 0x[0-9a-f]+, held by proc [0-9]+ from pc 0x[0-9a-f]+; proc [0-9]+ waits for 0x[0-9a-f]+, held by proc [0-9]+ from pc 0x[0-9a-f]+;" "$T/dl" && sed -n 2,3p "$T/dl" | tr "\n" / | grep -qx "echo: write error: op deadlock: once a boot/on/" || { cat "$T/dl"; false; }'

# tests/run -k
MINOS_TESTOUT=$T/tr sh "$R/tests/run" -k nosuch kernel >"$T/out" 2>"$T/err"
st=$?
check run-bad '[ $st = 2 ] && [ "$(cat "$T/err")" = "tests/run: -k nosuch: no kernel config pc/nosuch" ]'
MINOS_KCLOCKS= MINOS_TESTOUT=$T/tr sh "$R/tests/run" -k pcamp -smp 2 kernel/dev-pipe >"$T/out" 2>&1
st=$?
check run-k '[ $st = 0 ] && grep -qx "2 passed, 0 failed" "$T/out"'
finish
