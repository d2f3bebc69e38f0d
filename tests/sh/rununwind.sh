# A malformed module that the loader accepts but whose frames are damaged
# (a mutated pick.dis found by fuzzing: a frame slot its type calls a
# pointer holds an integer).  The fault is raised; releasing the frame
# faults again, so the VM unwinds once more without releasing anything
# (vmsalvage).  Alone on emu, the thread dies Broken and emu exits 1; under
# sh, on emu and in the kernel, sh's handler gets the exception, reports
# it, and goes on.  The text of emu's fault depends on the host: where the
# stray read lands and what the host kernel tells the signal handler
# (some sandboxes give address 0, which reads as a nil dereference).
# The verifier's run-time check of a pointer word (dis(6)) may catch the
# damaged slot first: "type not constructed correctly".
set -u
fail() { echo "rununwind: $*"; exit 1; }
d=tests/data/rununwind
out=$(o/bin/emu $d/unwind.dis 2>&1); st=$?
[ "$st" = 1 ] || fail "emu exit status $st, want 1"
case "$out" in
'[Pick] Broken: "sys: trap: fault read addr='*'"' | \
'[Pick] Broken: "dereference of nil"' | \
'[Pick] Broken: "type not constructed correctly"') ;;
*) fail "emu printed '$out'" ;;
esac
out=$(o/bin/emu o/root/dis/sh.dis -c "$d/unwind.dis; echo alive" 2>&1); st=$?
[ "$st" = 0 ] || fail "emu sh exit status $st: $out"
case "$out" in
"sh: $d/unwind.dis: sys: trap: fault read addr=0x"*"
alive" | "sh: $d/unwind.dis: dereference of nil
alive" | "sh: $d/unwind.dis: type not constructed correctly
alive") ;;
*) fail "emu sh printed '$out'" ;;
esac
for c in real icount; do
	out=$(./minos run -c $c -i $d '/n/local/unwind.dis; echo status $status; /n/local/unwind.dis & sleep 1; echo alive' 2>&1); st=$?
	[ "$st" = 0 ] || fail "$c: kernel run exit status $st: $out"
	# the address is the garbage value, which depends on the run's
	# timing; where it happens to be 0 the fault is a nil dereference
	out=$(echo "$out" | sed 's/sys: trap: fault read addr=0x[0-9a-f]*/FAULT/; s/dereference of nil/FAULT/; s/type not constructed correctly/FAULT/')
	case "$out" in
	"sh: /n/local/unwind.dis: FAULT
status FAULT
sh: /n/local/unwind.dis: FAULT
alive") ;;
	*) fail "$c: kernel printed '$out'" ;;
	esac
done
exit 0
