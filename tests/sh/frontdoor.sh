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

# what was wrong comes before the usage
out=$(./minos frob 2>&1); st=$?
[ "$st" = 1 ] || fail "frob: exit status $st, want 1"
[ "$(echo "$out" | sed -n '1p;2p')" = "minos: unknown command frob
usage: ./minos command [args]" ] || fail "frob printed: $(echo "$out" | head -2)"
out=$(./minos run -c icount 2>&1); st=$?
[ "$st" = 1 ] || fail "run without a command: exit status $st, want 1"
[ "$out" = "minos: run: no command to run
usage: ./minos run [-k config] [-L seed] [-c real|icount] [-smp n] [-i dir] [-g] [-jit] [-screenshot file.png] 'command'" ] ||
	fail "run without a command printed: $out"

out=$(./minos run 'echo hello world' 2>&1); st=$?
[ "$st" = 0 ] || fail "echo: exit status $st: $out"
[ "$out" = "hello world" ] || fail "echo printed '$out'"
leftover echo

out=$(./minos run 'nosuchcmd' 2>&1); st=$?
[ "$st" != 0 ] || fail "nosuchcmd: exit status 0"
case "$out" in *nosuchcmd*) ;; *) fail "nosuchcmd: error does not name it: $out" ;; esac
leftover nosuchcmd

# a timeout keeps what the command printed: a program that prints, then
# loops for ever
mkdir "$TMPDIR/loop"
cat >"$TMPDIR/loop/loop.b" <<'EOF'
implement Loop;
include "sys.m";
include "draw.m";
Loop: module { init: fn(nil: ref Draw->Context, nil: list of string); };
init(nil: ref Draw->Context, nil: list of string)
{
	sys := load Sys Sys->PATH;
	sys->print("looping");
	for(i := 0;; i++)
		if(i == 1000)
			sys->print(" for ever\n");
}
EOF
o/bin/limbo -I module -o "$TMPDIR/loop/loop.dis" "$TMPDIR/loop/loop.b" || fail "loop.b does not compile"
out=$(MINOS_TIMEOUT=8 ./minos run -c icount -i "$TMPDIR/loop" 'echo before; /n/local/loop.dis' 2>&1); st=$?
[ "$st" = 124 ] || fail "timeout: exit status $st, want 124"
[ "$out" = "before
looping for ever
minos: timed out after 8 s" ] || fail "timeout: printed $out"
leftover timeout

# an interrupted run takes its QEMU with it (Ctrl-C sends INT to the
# foreground group; a background job ignores INT, so TERM stands in)
./minos run 'sleep 1000000' >/dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! pgrep -f -- "-pidfile $TMPDIR/" >/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
sleep 0.5
kill -TERM $pid || fail "minos run ended before it was interrupted"
wait $pid
sleep 1
leftover "an interrupted run"

out=$(./minos run -k nosuchkernel 'echo x' 2>&1); st=$?
[ "$st" != 0 ] || fail "-k nosuchkernel: exit status 0"
leftover nosuchkernel
exit 0
