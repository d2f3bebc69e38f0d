#!/bin/sh
# wait-known: the wait instruments (wait(3)) on loads with known answers
# (tests/sh/wait-known.b): N threads contending for a pipe's read QLock
# wait N-1 times a round; K sys->sleep(50) are K sleeps of 50 to 60 ms
# and K acquires of the VM.  Under -icount every line must match; under
# the real clock the QLock count must (sleeps may overrun a loaded host).
TAG=waitknown
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
"$R/o/bin/limbo" -I "$R/module" -o "$T/wk.dis" "$R/tests/sh/wait-known.b" || exit 1
for args in "4 3 5" "2 5 2"; do
	set -- $args
	want="acquire Sys_sleep: $3 waits
qlock qbread: $(($2 * ($1 - 1))) waits
sleep ossleep: $3 waits, in 32768:$3
want: qlock qbread: $(($2 * ($1 - 1))) waits; sleep ossleep and acquire Sys_sleep: $3"
	got=$("$R/minos" run -c icount -i "$T" "/n/local/wk.dis $args" 2>&1 | sort)
	check "icount $args" "[ \"\$got\" = \"\$want\" ]"
	[ "$got" = "$want" ] || printf 'got:\n%s\nwant:\n%s\n' "$got" "$want"
	got=$("$R/minos" run -c real -i "$T" "/n/local/wk.dis $args" 2>&1 | grep '^qlock')
	check "real $args" "[ \"\$got\" = \"qlock qbread: $(($2 * ($1 - 1))) waits\" ]"
done
finish
