#!/bin/sh
# kprof-paper: the paper's second view, under -icount (deterministic),
# the way the paper took it: the kernel profile of the BASE loop alone
# (bench -P: Bench->profon and profoff around the observations, as its
# profon()/profoff()), on the heap host/paper sets up (ballast(1) of
# 20000 nodes, built before profiling starts), at 10 kHz and with the
# wait instruments on.  Checks the mechanisms, not times:
#	kprof prints the paper's table: total, KTZERO, ms % sym;
#	on pcold the collector (libinterp/gc.c, by kprof -l) takes a large
#	  share of the loop (at least 15%; 20 to 35% seen), on pc less
#	  (5 to 20% seen): the same work, less of it at idle.  Under
#	  icount each kernel is deterministic, but where its clock
#	  interrupts fall in the loop, and so how often the idle collector
#	  gets in, moves with any change to the kernel's code: these
#	  shares vary from build to build, the tail of the acquire waits
#	  does not;
#	kprof -d of the two saved profiles (kprof -r, read back on emu)
#	  shows the collector's lines gaining on pcold (5.7 points seen);
#	the acquire waits of Sys_read have a clock-period tail on pcold
#	  (waits of 4096 us or more) and none on pc;
#	the bracket holds the loop and nothing else: a busy function
#	  (sha1block) run before and after a bracketed loop is not in its
#	  profile, but is when kpctl's startclr and stop surround it all.
TAG=kprofpaper
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
"$R/o/bin/limbo" -I "$R/module" -o "$T/kb.dis" "$R/tests/sh/kprof-bracket.b" || exit 1
cmd="bind -b '#x' /dev; bind -b '#T' /dev; bind -b '#w' /dev; ballast 20000 & sleep 1;
echo rate 10000 >/dev/kpctl; echo start >/dev/waitctl;
bench -P -H 0 -n 100000 BASE >/dev/null; echo stop >/dev/waitctl;
kprof; echo; kprof -l; echo; waitstat -h -t acquire; echo '== saved'; kprof -r; echo '== end'"
bracket="; /n/local/kb.dis; kprof >/tmp/b; grep -c sha1block /tmp/b; grep -c Sys_pctl /tmp/b;
/n/local/kb.dis whole; kprof >/tmp/w; grep -c sha1block /tmp/w"
for k in pcold pc; do
	c=$cmd
	[ $k = pc ] && c="$cmd$bracket"
	"$R/minos" run -k $k -c icount -i "$T" "$(echo $c)" >"$T/$k" 2>&1
	check "$k boots" "[ $? = 0 ]"
	check "$k total line" "grep -q '^total: [1-9][0-9]*	in kernel text: [1-9][0-9]*	outside kernel text: 0$' '$T/$k'"
	check "$k KTZERO" "[ \"\$(sed -n 2p '$T/$k')\" = 'KTZERO 00100000' ]"
	check "$k header" "[ \"\$(sed -n 3p '$T/$k')\" = \"\$(printf 'ms\\t  %%\\tsym')\" ]"
	check "$k -l header" "grep -q '^ms	  %	line	sym$' '$T/$k'"
	# the collector's share: kprof -l rows whose line is in libinterp/gc.c
	awk -F'\t' 'NF == 4 && $3 ~ /^libinterp\/gc\.c:/ { s += $2 } END { printf "%d\n", s*10 }' "$T/$k" >"$T/$k.gc"
	# acquire waits of Sys_read of 4096 us and more
	awk '/^acquire +Sys_read / { on = 1; next } /^acquire/ { on = 0 } on && $1 ~ /^[0-9]+$/ && $1 >= 4096 { n += $3 } END { print n+0 }' "$T/$k" >"$T/$k.tail"
	sed -n '/^== saved$/,/^== end$/p' "$T/$k" | sed '1d;$d' >"$T/$k.prof"
	check "$k saved profile" "grep -q '^kprof profile us 100 samples [1-9]' '$T/$k.prof'"
done
old=$(cat "$T/pcold.gc")
new=$(cat "$T/pc.gc")
check "pcold: the collector's share is large ($old/1000)" "[ $old -ge 150 ]"
check "pc: less than pcold's ($new/1000)" "[ $new -lt $old ]"
check "pcold: acquire waits of a clock period ($(cat "$T/pcold.tail"))" "[ $(cat "$T/pcold.tail") -gt 0 ]"
check "pc: none ($(cat "$T/pc.tail"))" "[ $(cat "$T/pc.tail") = 0 ]"
# the difference, read back on emu: pcold's collector lines gain (as pc's share is less)
"$R/o/bin/emu" /dis/kprof.dis -d -l "$T/pc.prof" "$T/pcold.prof" >"$T/diff" 2>&1
check "kprof -d exits 0" "[ $? = 0 ]"
check "kprof -d header" "[ \"\$(sed -n 3p '$T/diff')\" = \"\$(printf 'ms\\t  %%\\tms\\t  %%\\t  diff\\tline\\tsym')\" ]"
gain=$(awk -F'\t' '$6 ~ /^libinterp\/gc\.c:/ { s += $5 } END { printf "%d\n", s*10 }' "$T/diff")
check "kprof -d: the collector gains on pcold ($gain/10 points)" "[ $gain -gt 0 ]"
# the bracket (pc's boot)
check "bracket: ran" "grep -q '^bracket done$' '$T/pc'"
check "bracket: no sha1block in the loop's profile" "[ \"\$(sed -n '/^bracket done$/{n;p;}' '$T/pc')\" = 0 ]"
check "bracket: the loop's Sys_pctl is" "[ \"\$(sed -n '/^bracket done$/{n;n;p;}' '$T/pc')\" = 1 ]"
check "whole: sha1block is" "[ \"\$(sed -n '/^whole done$/{n;p;}' '$T/pc')\" = 1 ]"
[ $nfail = 0 ] || { for k in pcold pc; do echo "== $k"; sed -n 1,12p "$T/$k"; grep -A18 '^acquire *Sys_read' "$T/$k"; sed -n '/^bracket done/,$p' "$T/$k"; done; sed 12q "$T/diff"; }
finish
