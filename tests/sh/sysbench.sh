#!/bin/sh
# sysbench -- sysbench(1): options and bad scripts on emu (clear errors,
# nothing run); then in the kernel under icount: the RFC's Figure IV,
# with every slave's first and last timestamps inside the metered
# interval and their ending after it; identical results from two boots;
# a slave that fails, faults, times out or fails its setup makes its run
# invalid and leaves no thread behind, and the system goes on working.
. "${ROOT:-.}/tests/sh/tool.inc"

U='usage: sysbench [-ov] [-n slaves] [-r runs] [-s settle] [-t timeout] [script ...]'

script() {
	cat >"$T/$1"
}

tool sysbench -x
fails option 1 <<E
$U
E
for o in "-n 0" "-n 65" "-n x" "-r 0" "-r 1001" "-t 0" "-s 60001" "-n 99999999999"; do
	set -- $o
	tool sysbench $o edit
	case $1 in
	-n) what=slaves lim="1 to 64" ;;
	-r) what=runs lim="1 to 1000" ;;
	-t) what="timeout seconds" lim="1 to 86400" ;;
	-s) what="settle milliseconds" lim="0 to 60000" ;;
	esac
	fails "count($o)" 1 <<E
sysbench: bad number of $what: $2 (want $lim)
E
done
tool sysbench -n 1 edit cpu
fails fewer 1 <<'E'
sysbench: 1 slave for 2 scripts: want one at least for each
E
tool sysbench nosuch
fails nosuch 1 <<'E'
sysbench: /lib/sysbench/nosuch: file does not exist
E
tool sysbench "$T"
fails directory 1 <<E
sysbench: $T: is a directory
E

printf 'run\techo x\nfrob\techo y\n' | script keyword
printf '# only comments\n\n   \n' | script empty
printf 'repeat 0\techo x\n' | script repeat0
printf 'repeat x\techo x\n' | script repeatx
printf 'repeat 100001 echo x\n' | script repeatbig
printf 'repeat\n' | script repeatnone
printf 'run\techo x\nsetup\techo y\n' | script late
printf 'run   \n' | script nocmd
printf 'run\techo {x\n' | script unclosed
printf 'run\techo x )\n' | script paren
awk 'BEGIN { s = "run\techo "; while(length(s) < 1001) s = s "x"; print s }' | script long
tool sysbench "$T/keyword" "$T/empty" "$T/repeat0" "$T/repeatx" "$T/repeatbig" "$T/repeatnone" \
	"$T/late" "$T/nocmd" "$T/unclosed" "$T/paren" "$T/long"
fails badscripts 1 <<E
sysbench: $T/keyword:2: unknown keyword 'frob': want setup, run or repeat
sysbench: $T/empty: no run or repeat line
sysbench: $T/repeat0:1: repeat wants a count from 1 to 100000, not '0'
sysbench: $T/repeatx:1: repeat wants a count from 1 to 100000, not 'x'
sysbench: $T/repeatbig:1: repeat wants a count from 1 to 100000, not '100001'
sysbench: $T/repeatnone:1: repeat wants a count from 1 to 100000, not ''
sysbench: $T/late:2: setup after the first run line
sysbench: $T/nocmd:1: run without a command
sysbench: $T/unclosed:1: syntax error: unexpected end of input
sysbench: $T/paren:1: syntax error near )
sysbench: $T/long:1: line longer than 1000 bytes
E

# the kernel, under icount: scripts and helpers on /n/local
K=$T/k
mkdir -p "$K"
cat >"$K/fault.b" <<'B'
implement Fault;
include "sys.m";
include "draw.m";
Fault: module { init: fn(nil: ref Draw->Context, argv: list of string); };
# fault: an array bounds error
init(nil: ref Draw->Context, argv: list of string)
{
	a := array[1] of int;
	a[len argv + 3] = 1;
}
B
cat >"$K/linger.b" <<'B'
implement Linger;
include "sys.m";
include "draw.m";
Linger: module { init: fn(nil: ref Draw->Context, argv: list of string); };
# linger: leave a thread that computes until it is killed
init(nil: ref Draw->Context, nil: list of string)
{
	spawn spin();
}
spin()
{
	for(i := 0;; i++)
		;
}
B
for p in fault linger; do
	"$R/o/bin/limbo" -I "$R/module" -o "$K/$p.dis" "$K/$p.b" || exit 1
done
printf 'setup\tcp /appl/cmd/ls.b /tmp/ls.b\nrun\tsum ls.b >sums\nrepeat 2\tcat ls.b ls.b >two; rm two\nrun\tls /tmp >list\n' >"$K/t1"
printf 'run\tgrep -c sys /appl/cmd/cp.b | wc >count\nrun\tsum /dis/ls.dis >s1 & sum /dis/cp.dis >s2\n' >"$K/t2"
printf 'run\t/n/local/linger.dis\nrun\tsum /dis/sh.dis >sum\n' >"$K/t3"
printf 'run\techo one\nrun\tcat /nonexistent\nrun\techo never\n' >"$K/fails"
printf 'run\t/n/local/fault.dis\n' >"$K/faults"
printf 'run\tsleep 5\n' >"$K/sleeps"
printf 'setup\tcat /nonexistent\nrun\techo never\n' >"$K/setupfails"

kboot() {
	"$R/minos" run -c icount -i "$K" "$1" >"$T/kout" 2>&1
	kst=$?
}

# Figure IV: every slave works inside [start, stop]; the ending is after stop
cmd='sysbench -o -v -r 2 /n/local/t1 /n/local/t2 /n/local/t3; echo status $status; ps; ls /tmp'
kboot "$cmd"
cp "$T/kout" "$T/boot1"
check run-status '[ $kst = 0 ] && grep -q "^status $" "$T/boot1"'
check timeline '[ "$(grep -c "^run [12]: start 0 stop [0-9]* end [0-9]*$" "$T/boot1")" = 2 ]'
check slaves '[ "$(grep -c "^run [12] slave [123] t[123]: pid [0-9]* ready -[0-9]* first [0-9]* last [0-9]* done [0-9]* cpu [0-9]*$" "$T/boot1")" = 6 ]'
awk '
	/^run [0-9]+: start 0 stop/ { stop[$2+0] = $6+0; end[$2+0] = $8+0; if(!($8+0 > $6+0)) bad = bad " end-not-after-stop" }
	/^run [0-9]+ slave [0-9]+ [^ ]+: pid/ {
		r = $2+0
		first = $11+0; last = $13+0; done = $15+0
		if(!(first >= 0)) bad = bad " first-before-start"
		if(!(last <= stop[r])) bad = bad " last-after-stop"
		if(!(done <= stop[r])) bad = bad " done-after-stop"
		if(!(last >= first)) bad = bad " last-before-first"
		n++
	}
	/^sysbench.total:1l:Run:n:Time:ms / { if(us($2) != stop[1] || us($3) != stop[2]) bad = bad " total-is-not-stop" }
	/^sysbench.end:1l:Run:n:Time:ms / { if(us($2) != end[1] - stop[1] || us($3) != end[2] - stop[2]) bad = bad " end-is-not-after-stop" }
	END { if(n != 6) bad = bad " slaves=" n; printf "%s", bad }
	# ms with three decimals to whole us, without 0.029*1000 = 29.000000000000004
	function us(ms) { return int(ms*1000 + (ms < 0 ? -0.5 : 0.5)) }
' "$T/boot1" >"$T/why"
[ -s "$T/why" ] && bad inside "$(cat "$T/why")"
grep '^sysbench\.' "$T/boot1" >"$T/res1"
check result-lines '[ "$(grep -cv "^sysbench\.[A-Za-z0-9.]*:1l:Run:n:\(Time:ms\|Time:us\|Count:n\)\( [0-9.e+-]*\)\{2\}$" "$T/res1")" = 0 ] && [ "$(wc -l <"$T/res1")" -ge 30 ]'
for n in total end slave1.t1 slave1.t1.cpu slave2.t2 slave3.t3.cpu cpu dis sys threads pread.n acquire.mean k.cs k.idlewait.n; do
	check "result-$n" "grep -q '^sysbench\.$n:' '$T/res1'"
done
# after sysbench, ps shows only the shell's group (1): no slave, sh of a
# slave, lingering thread or watchdog is left
ended() {
	grep "^ *[0-9][0-9]* *[0-9][0-9]* inferno" "$1" >"$T/ps"
	grep -q " Ps\[" "$T/ps" && ! awk '$2 != 1 || $NF ~ /Sysbench|Linger/' "$T/ps" | grep -q .
}
check threads-ended 'ended "$T/boot1"'
check tmp-clean '! grep -q "^/tmp/sysbench" "$T/boot1"'

# icount: a second boot gives the same results, meter for meter
kboot "$cmd"
grep '^sysbench\.' "$T/kout" >"$T/res2"
cmp -s "$T/res1" "$T/res2" || bad icount-identical "$(diff "$T/res1" "$T/res2" | head -5)"

# failures: each run is invalid, says why, and leaves nothing behind
kboot 'sysbench /n/local/t1 /n/local/fails; echo status $status
sysbench /n/local/faults; echo status $status
sysbench -t 1 /n/local/sleeps; echo status $status
sysbench /n/local/setupfails; echo status $status
ps; ls /tmp
sysbench -n 3 /n/local/t1 /n/local/t2 >/tmp/out; echo status $status; grep -c "^1 .* ok$" /tmp/out; grep -c "^slave 3 t1 ms " /tmp/out'
grep -E '^(sysbench:|cat:|sh:|status|[0-9]+$)' "$T/kout" >"$T/fails"
cat >"$T/want" <<'E'
sysbench: slave 2 (fails) standard error ends:
cat: cannot open /nonexistent: file does not exist
sysbench: run 1 invalid: slave 2 (fails) failed: /n/local/fails:2: cat /nonexistent: bad open
sysbench: 2 slaves (scripts t1 fails), 1 run, 0 valid
status 1 invalid run
sysbench: slave 1 (faults) standard error ends:
sh: /n/local/fault.dis: array bounds error
sysbench: run 1 invalid: slave 1 (faults) failed: /n/local/faults:1: /n/local/fault.dis: array bounds error
sysbench: 1 slave (scripts faults), 1 run, 0 valid
status 1 invalid run
sysbench: run 1 invalid: timeout after 1 seconds
sysbench: 1 slave (scripts sleeps), 1 run, 0 valid
status 1 invalid run
sysbench: slave 1 (setupfails) standard error ends:
cat: cannot open /nonexistent: file does not exist
sysbench: run 1 invalid: slave 1 (setupfails) failed: /n/local/setupfails:1: cat /nonexistent: bad open
sysbench: 1 slave (scripts setupfails), 1 run, 0 valid
status 1 invalid run
status 
1
1
E
cmp -s "$T/want" "$T/fails" || bad failures "$(diff "$T/want" "$T/fails" | head -20)"
check invalid-rows '[ "$(grep -c "^1 .*  invalid: " "$T/kout")" = 4 ]'
check failed-ended 'ended "$T/kout"'
check failed-tmp-clean '! grep -q "^/tmp/" "$T/kout"'
finish
