#!/bin/sh
# cons-interrupt -- DEL and control-C typed at the console of ./minos boot
# interrupt the foreground command line (a pipeline too); the shell
# prompts again, background commands go on, and the machine still
# answers; with two processors too, the serial line's interrupt coming
# through the I/O APIC.  Drives the console through QEMU's serial
# input, a fifo.
TAG=cons
. "${ROOT:-.}/tests/sh/check.inc"
cd "$R" || exit 1
TMPDIR=$T	# so that minos's QEMU pid file is ours to find
export TMPDIR
trap 'kill $(cat $T/minos.*/pid 2>/dev/null) 2>/dev/null; rm -rf "$T"' EXIT
# boot n: an interactive boot with n processors, its console input on
# fd 3 (a fifo of its own), its output in $T/out
boot() {
	mkfifo $T/in$1 || exit 1
	./minos boot -smp $1 -c icount -- -v <$T/in$1 >$T/out 2>$T/err &
	pid=$!
	exec 3>$T/in$1
	mark=0	# lines of output already matched
}

# ended name: control-D ends the shell, and the boot exits 0 (within
# 60 s: else it is stopped)
ended() {
	key '\004'
	exec 3>&-
	i=0
	while kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do
		i=$((i + 1))
		sleep 0.1
	done
	kill $(cat $T/minos.*/pid 2>/dev/null) 2>/dev/null
	wait $pid
	st=$?
	check $1 "[ $st = 0 ]"
	[ "$nfail" = 0 ] || { echo "console output:"; out | cut -c1-100; }
}

# out: the console output so far, without the \r of its newlines
out() {
	tr -d '\r' <$T/out
}

# expect name pattern: wait for a line after the last matched to match
# the awk pattern, for 60 s at most; it becomes the last matched.  If
# none comes the console is stuck: the test ends there, with its output
expect() {
	ncase=$((ncase + 1))
	i=0
	while :; do
		l=$(out | awk -v m=$mark -v p="$2" 'NR > m && $0 ~ p { print NR; exit }')
		if [ -n "$l" ]; then
			mark=$l
			return 0
		fi
		i=$((i + 1))
		if [ $i -gt 600 ] || ! kill -0 $pid 2>/dev/null; then
			bad "$1" "no line matching '$2'; output ends: $(out | tail -3 | cut -c1-100)"
			finish
		fi
		sleep 0.1
	done
}

key() {
	printf "$1" >&3
}

# interrupted name key: after a prompt, type key; the shell prompts again
# and ps(1) shows what is left, into $T/name
interrupted() {
	key "$2"
	expect $1-prompt '^; $'
	m=$mark
	key 'ps\n'
	expect $1-ps '^; $'
	out | awk -v a=$m -v b=$mark 'NR > a && NR < b' >$T/$1
}

# one processor: the interrupts come through the 8259s (boot -v says)
boot 1
expect boot-8259 '^interrupts: through the 8259s$'
expect boot '^; $'

# a command that never ends, interrupted by DEL while it writes
key 'bind -b "#x" /dev; cat /dev/busec\n'
expect busec '^[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
key '\177'
expect del-prompt '^; $'
key 'echo $status\n'
expect del-status '^interrupted$'

# a pipeline blocked in reads and writes, interrupted by control-C
key 'echo started; cat /dev/busec | wc -c\n'
expect pipe-started '^started$'
sleep 1
interrupted ctlc '\003'
check ctlc-no-cat "! grep -q -e Cat -e Wc $T/ctlc"
check ctlc-sh "grep -q 'Sh\$' $T/ctlc"

# a background command is in a group of its own: it goes on
key 'cat /dev/busec >/dev/null & echo bg $apid\n'
expect bg '^bg [0-9]+$'
apid=$(out | sed -n "${mark}s/^bg //p")
key 'echo sleeping; sleep 1000000\n'
expect sleeping '^sleeping$'
sleep 1
interrupted sleep '\177'
check sleep-bg-cat "awk -v g=$apid '\$2 == g && /Cat/' $T/sleep | grep -q ."
check sleep-gone "! grep -q Sleep $T/sleep"
key 'kill -g $apid; echo killed\n'
expect kill '^killed$'

# DEL at the prompt discards the line being typed
key 'echo abc'
sleep 1
key '\177'
expect typed-prompt '^; $'
key 'echo def\n'
expect def '^def$'
check abc-discarded "! out | grep -q '^abc\$'"

# a shell run by the shell: the inner one catches the interrupt and
# prompts; the outer one waits on for it, and alone reads the console
# once it is done
key 'sh -i\n'
expect inner-sh '^; $'
key 'echo inner; sleep 1000000\n'
expect inner '^inner$'
sleep 1
key '\177'
expect inner-prompt '^; $'
key 'echo inner $status\n'
expect inner-status '^inner interrupted$'
key '\004'
expect outer-prompt '^; ; $'	# the inner shell's prompt, then the outer's
key 'echo outer $status\n'
expect outer-status '^outer $'

# end of file ends the shell, and the machine powers off with status 0
ended status

# two processors: the serial line's interrupt, like the clock's, comes
# through the I/O APIC (pc/ioapic.c), and DEL still interrupts
boot 2
expect smp-apic '^interrupts: through the i/o apic$'
expect smp-boot '^; $'
key 'bind -b "#x" /dev; cat /dev/busec\n'
expect smp-busec '^[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
key '\177'
expect smp-del-prompt '^; $'
key 'echo $status\n'
expect smp-del-status '^interrupted$'
ended smp-status
finish
