# Under -c icount, time is virtual: a program printing timestamps prints the
# same numbers on every run.
set -u
a=$(./minos run -c icount 'cat /dev/time; cat /dev/time; date' 2>&1) || { echo "icount: run failed: $a"; exit 1; }
b=$(./minos run -c icount 'cat /dev/time; cat /dev/time; date' 2>&1) || { echo "icount: run failed: $b"; exit 1; }
[ -n "$a" ] || { echo "icount: no output"; exit 1; }
[ "$a" = "$b" ] || { echo "icount: runs differ: '$a' vs '$b'" | tr '\n' ' '; exit 1; }
exit 0
