#!/bin/sh
# kprof-paper: the paper's second view, under -icount (deterministic).
# Its lines as written -- bind -b '#T' /dev, echo startclr >/dev/kpctl,
# the BASE loop through /dev/busec, echo stop >/dev/kpctl, kprof -- on
# the heap host/paper sets up (ballast(1) of 20000 nodes, built before
# profiling starts), at 10 kHz and
# with the wait instruments on.  Checks the mechanisms, not times:
#	kprof prints the paper's table: total, KTZERO, ms % sym;
#	on pcold the collector (libinterp/gc.c, by kprof -l) takes a large
#	  share (at least 15%; 20 to 35% seen), on pc less (5 to 20% seen):
#	  the same work, less of it at idle.  Under icount each kernel is
#	  deterministic, but where its clock interrupts fall in the loop,
#	  and so how often the idle collector gets in, moves with any
#	  change to the kernel's code: these shares vary from build to
#	  build, the tail of the acquire waits does not;
#	the acquire waits of Sys_read have a clock-period tail on pcold
#	  (waits of 4096 us or more) and none on pc.
TAG=kprofpaper
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
cmd="bind -b '#x' /dev; bind -b '#T' /dev; bind -b '#w' /dev; ballast 20000 & sleep 1;
echo rate 10000 >/dev/kpctl; echo start >/dev/waitctl;
echo startclr >/dev/kpctl; bench -H 0 -n 100000 BASE >/dev/null; echo stop >/dev/kpctl;
echo stop >/dev/waitctl; kprof; echo; kprof -l; echo; waitstat -h -t acquire"
for k in pcold pc; do
	"$R/minos" run -k $k -c icount "$(echo $cmd)" >"$T/$k" 2>&1
	check "$k boots" "[ $? = 0 ]"
	check "$k total line" "grep -q '^total: [1-9][0-9]*	in kernel text: [1-9][0-9]*	outside kernel text: 0$' '$T/$k'"
	check "$k KTZERO" "[ \"\$(sed -n 2p '$T/$k')\" = 'KTZERO 00100000' ]"
	check "$k header" "[ \"\$(sed -n 3p '$T/$k')\" = \"\$(printf 'ms\\t  %%\\tsym')\" ]"
	check "$k -l header" "grep -q '^ms	  %	line	sym$' '$T/$k'"
	# the collector's share: kprof -l rows whose line is in libinterp/gc.c
	awk -F'\t' 'NF == 4 && $3 ~ /^libinterp\/gc\.c:/ { s += $2 } END { printf "%d\n", s*10 }' "$T/$k" >"$T/$k.gc"
	# acquire waits of Sys_read of 4096 us and more
	awk '/^acquire +Sys_read / { on = 1; next } /^acquire/ { on = 0 } on && $1 ~ /^[0-9]+$/ && $1 >= 4096 { n += $3 } END { print n+0 }' "$T/$k" >"$T/$k.tail"
done
old=$(cat "$T/pcold.gc")
new=$(cat "$T/pc.gc")
check "pcold: the collector's share is large ($old/1000)" "[ $old -ge 150 ]"
check "pc: less than pcold's ($new/1000)" "[ $new -lt $old ]"
check "pcold: acquire waits of a clock period ($(cat "$T/pcold.tail"))" "[ $(cat "$T/pcold.tail") -gt 0 ]"
check "pc: none ($(cat "$T/pc.tail"))" "[ $(cat "$T/pc.tail") = 0 ]"
[ $nfail = 0 ] || { for k in pcold pc; do echo "== $k"; sed -n 1,12p "$T/$k"; grep -A18 '^acquire *Sys_read' "$T/$k"; done; }
finish
