# ./minos run: output, exit status, errors, timeouts, and no QEMU left behind.
set -u
fail() { echo "frontdoor: $*"; exit 1; }
# every QEMU that minos starts here has its pid file under our own TMPDIR
TMPDIR=$(mktemp -d)
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
leftover() {
	pgrep -f -- "-pidfile $TMPDIR/" >/dev/null && fail "QEMU left running after $1"
	return 0
}

out=$(./minos run 'echo hello world' 2>&1); st=$?
[ "$st" = 0 ] || fail "echo: exit status $st: $out"
[ "$out" = "hello world" ] || fail "echo printed '$out'"
leftover echo

out=$(./minos run 'nosuchcmd' 2>&1); st=$?
[ "$st" != 0 ] || fail "nosuchcmd: exit status 0"
case "$out" in *nosuchcmd*) ;; *) fail "nosuchcmd: error does not name it: $out" ;; esac
leftover nosuchcmd

out=$(MINOS_TIMEOUT=5 ./minos run 'sleep 1000000' 2>&1); st=$?
[ "$st" = 124 ] || fail "timeout: exit status $st, want 124"
leftover timeout

# an interrupted run takes its QEMU with it (Ctrl-C sends INT to the
# foreground group; a background job ignores INT, so TERM stands in)
./minos run 'sleep 1000000' >/dev/null 2>&1 &
pid=$!
sleep 4
kill -TERM $pid || fail "minos run ended before it was interrupted"
wait $pid
sleep 1
leftover "an interrupted run"

out=$(./minos run -k nosuchkernel 'echo x' 2>&1); st=$?
[ "$st" != 0 ] || fail "-k nosuchkernel: exit status 0"
leftover nosuchkernel
exit 0
