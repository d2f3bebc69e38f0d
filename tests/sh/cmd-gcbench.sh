#!/bin/sh
# cmd-gcbench -- gcbench(1) and memhog(1) on emu: gcbench's result
# lines (one time per iteration, elapsed times rising, a summary) read by
# plot(1), its counters as comments; memhog's steps; and both
# commands' errors, the hog's for asking more than there is.
. "${ROOT:-.}/tests/sh/cmd.inc"

run gcbench -c -n 3 -d 6
awk '/^GCBENCH:1l:Iteration:n:Time:s / { g = NF-1 }
/^PROGRESS:1l:Iteration:n:Elapsed:s / { p = NF-1; up = ($2 < $3 && $3 < $4) }
/^TOTAL:summary:/ { t = $2 }
/^# gc collections [0-9]+$/ { c = 1 }
END { print g, p, up, t, c }' "$T/out" >"$T/got"
mv "$T/got" "$T/out"
want lines <<'E'
3 3 1 1 1
E
status gcbench 0
run gcbench -c -n 3 -d 6
grep '^PROGRESS' "$T/out" >"$T/p"
(cd "$T" && timeout 30 "$EMU" "$D/plot.dis" -t p) >"$T/out" 2>&1
grep -c 'PROGRESS' "$T/out" >"$T/got"; mv "$T/got" "$T/out"
want plot <<'E'
1
E

run gcbench -n 0
want iterations <<'E'
gcbench: iterations must be 1 to 100000
E
status iterations 1
run gcbench -d 30
want depth <<'E'
gcbench: maxdepth must be 4 to 20
E
run gcbench -x
want usage <<'E'
usage: gcbench [-c] [-n iterations] [-d maxdepth]
E

run memhog -v -r 20m -t 50 -h 0 2m
want memhog <<'E'
1048576
2097152
1048576
0
E
status memhog 0
run memhog 40m
want memhog-toobig <<'E'
memhog: 41943040 bytes is more than the heap's limit (33554432 bytes)
E
status memhog-toobig 1
run memhog -r 0 1m
want memhog-rate <<'E'
memhog: rate must be at least 1 byte a second
E
run memhog 1q
want memhog-size <<'E'
memhog: size must be a byte count (k, m) up to 2147483647
E
# a hog the live heap leaves no room for, refused at its last step
run memhog -r 100m 32m
sed 's/only [0-9]* available/only N available/; s/live heap [0-9]*/live heap N/' "$T/out" >"$T/got"
mv "$T/got" "$T/out"
want memhog-room <<'E'
memhog: hog of 33554432 bytes: only N available (limit 33554432, live heap N)
E
status memhog-room 1
finish
