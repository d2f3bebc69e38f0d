# A malformed module that the loader accepts but whose frames are damaged
# (a mutated pick.dis found by fuzzing): the fault is raised, unwinding the
# thread faults again, and the thread is dropped as Broken. emu exits 1 with
# the report, and the kernel neither panics nor stops. What emu's report says
# depends on the host: where the stray read lands and what the host kernel
# tells the signal handler about it (some sandboxes give address 0, which
# reads as a nil dereference), so only the kernel's text is fixed.
set -u
fail() { echo "rununwind: $*"; exit 1; }
d=tests/data/rununwind
out=$(o/bin/emu $d/unwind.dis 2>&1); st=$?
[ "$st" = 1 ] || fail "emu exit status $st, want 1"
case "$out" in
'[Pick] Broken: "sys: trap: fault read addr='*'"' | \
'[Pick] Broken: "dereference of nil"') ;;
*) fail "emu printed '$out'" ;;
esac
for c in real icount; do
	out=$(./minos run -c $c -i $d '/n/local/unwind.dis & sleep 1; echo alive' 2>&1); st=$?
	[ "$st" = 0 ] || fail "$c: kernel run exit status $st: $out"
	case "$out" in
	*'Broken: "sys: trap: fault read addr='*alive) ;;
	*) fail "$c: kernel printed '$out'" ;;
	esac
done
exit 0
