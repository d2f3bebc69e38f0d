#!/bin/sh
# cost-kernel -- cost(1) in Minos, with the kernel's Dis instruction timer.
# Times vary; counts do not: the paper's `cost -f bench.b -s bench' must
# show the BASE loop's instructions NREP (1000) times and tstamp's twice
# that, on either clock; and the fixed program in tests/data/cost-prog
# its known counts, under -c icount (virtual time, repeatable runs).
TAG=cost
. "${ROOT:-.}/tests/sh/check.inc"
MINOS=${MINOS:-$R/minos}

# krun CMD: run CMD in Minos (clock $CLOCK); output in $T/out, status in $st
krun() {
	"$MINOS" run -c "${CLOCK:-icount}" -i "$R/tests/data/cost-prog" "$1" >"$T/out" 2>&1
	st=$?
}

# ops LINE: the `op count' of the instructions listed after source LINE
ops() {
	awk -v l="$1" '
	!found { s = $0; sub(/^[ \t]+/, "", s); if(s == l) found = 1; next }
	$1 == "-" { printf "%s %s\n", $2, $3; next }
	{ exit }' "$T/out"
}

# want NAME LINE: the instructions after LINE are those on stdin
want() {
	ncase=$((ncase + 1))
	cat >"$T/want"
	ops "$2" >"$T/got"
	if ! cmp -s "$T/want" "$T/got"; then
		bad "$1" "instructions after '$2' differ"
		diff "$T/want" "$T/got" | head -10
	fi
}

# the paper's costing of bench's BASE test, on both clocks: its 1000
# observations, with no warm-up and no ballast, so that every count is
# the paper's loop's
for c in icount real; do
	CLOCK=$c krun 'cost -f bench.b -s bench -n 1000 -w 0 -H 0 BASE'
	check $c-bench-status '[ "$st" = 0 ]'
	check $c-bench-first '[ "$(head -1 "$T/out" | cut -d" " -f1-2)" = "BASE:summary:Sample:n:Time:us 1000" ]'
	check $c-bench-head '[ "$(sed -n 3p "$T/out")" = "-- /appl/cmd/bench.b" ]'
	want $c-loop 'for(i := 0; i < n; i++){' <<'E'
movw 1
bgew 1001
addw 1000
jmp 1000
E
	want $c-t0 't0 := tstamp(fd, buf);' <<'E'
frame 1000
movp 1000
movp 1000
lea 1000
call 1000
E
	want $c-t1 't1 := tstamp(fd, buf);' <<'E'
frame 1000
movp 1000
movp 1000
lea 1000
call 1000
E
	want $c-add 'keep(s, real (t1 - t0), 1);' <<'E'
frame 1000
movp 1000
subl 1000
cvtlf 1000
movw 1000
call 1000
E
	want $c-read 'n := sys->read(fd, buf, len buf);' <<'E'
mframe 2000
movp 2000
movp 2000
lena 2000
lea 2000
mcall 2000
E
	want $c-ret 'return big string buf[0:n];' <<'E'
movp 2000
slicea 2000
cvtac 2000
cvtcl 2000
ret 2000
E
	# the instruction lines line up: 53 columns while counts have 5 digits
	check $c-bench-columns '[ "$(grep "^- " "$T/out" | awk "{print length}" | sort -u)" = 53 ]'
done

# the source found from the module; bench's arguments passed on
krun 'cost -s bench -n 7 XBASE'
check default-src '[ "$st" = 0 ] && [ "$(sed -n 3p "$T/out")" = "-- /appl/cmd/bench.b" ]'
check default-args '[ "$(head -1 "$T/out" | cut -d" " -f1-2)" = "XBASE:summary:Sample:n:Time:ns 7" ]'

# the fixed program: every count, and the source it was mapped to
krun 'cd /n/local; cost ./cost-loop'
ncase=$((ncase + 1))
awk '$1 == "-" { print $1, $2, $3; next } { print }' "$T/out" >"$T/got"
cat >"$T/want" <<'E'
sum 285 of 10 squares

-- ./cost-loop.b
E
sed -n '1,18p' "$R/tests/data/cost-prog/cost-loop.b" >>"$T/want"
cat >>"$T/want" <<'E'
- load 1
	if(len argv > 1)
- lenl 1
- blew 1
		raise "fail:" + hd tl argv;
	t := 0;
- movw 1
	for(i := 0; i < NREP; i++)
- movw 1
- bgew 11
- addw 10
- jmp 10
		t += sq(i);
- frame 10
- movw 10
- lea 10
- call 10
- addw 10
	s := "sum";
- movp 1
	sys->print("%s %d of %d squares\n",
		s, t, NREP);
- frame 1
- movp 1
- movp 1
- movw 1
- movw 1
- lea 1
- mcall 1
}
- ret 1

# sq is called NREP times
sq(x: int): int
{
	return x*x;
- mulw 10
- ret 10
}
E
if [ "$st" != 0 ] || ! cmp -s "$T/want" "$T/got"; then
	bad loop-listing "status $st"
	diff "$T/want" "$T/got" | head -20
fi

# each run starts from zero (dis timer startclr): twice in one boot, the
# second run's counts are the first's
krun 'cd /n/local; cost -s ./cost-loop >/tmp/a; cost -s ./cost-loop >/tmp/b; cat /tmp/a; echo @@; cat /tmp/b'
ncase=$((ncase + 1))
awk '$1 == "-" { print $1, $2, $3; next } { print }' "$T/out" >"$T/got"
sed -n '1,/^@@$/p' "$T/got" | sed '$d' >"$T/a"
sed -n '/^@@$/,$p' "$T/got" | sed 1d >"$T/b"
if [ "$st" != 0 ] || [ ! -s "$T/a" ] || ! cmp -s "$T/a" "$T/b"; then
	bad twice "status $st, or the second run's counts differ"
	diff "$T/a" "$T/b" | head -6
fi

# the report saved as cost(1) says, without #x bound in the shell's
# name space, reads back with -r into the same listing (less the
# command's own output)
krun "cd /n/local; cost ./cost-loop >/tmp/a; cat '#x/bdata' >/tmp/r; cost -r /tmp/r ./cost-loop; echo @@; cat /tmp/a"
ncase=$((ncase + 1))
sed -n '1,/^@@$/p' "$T/out" | sed '$d' >"$T/a"
sed -n '/^@@$/,$p' "$T/out" | sed '1,2d' >"$T/b"
if [ "$st" != 0 ] || [ ! -s "$T/a" ] || ! cmp -s "$T/a" "$T/b"; then
	bad saved-report "status $st, or the listing from the saved report differs"
	diff "$T/a" "$T/b" | head -6
fi

# by opcode; a failing command; no such command
krun 'cd /n/local; cost -o ./cost-loop; cost ./cost-loop boom; echo status $status; cost nosuch; echo status $status'
ncase=$((ncase + 1))
awk 'NR <= 4 || $1 !~ /^[a-z]+$/ { print; next } { print $1, $2 }' "$T/out" | sort >"$T/got"
sort >"$T/want" <<'E'
sum 285 of 10 squares

-- ./cost-loop.dis by opcode
op     count      mean       min       max       std     total
mcall 1
load 1
movw 14
ret 11
lea 11
addw 20
mulw 10
bgew 11
frame 11
call 10
jmp 10
movp 3
lenl 1
blew 1
cost: ./cost-loop failed: boom
status error
cost: nosuch: not found
status error
E
if ! cmp -s "$T/want" "$T/got"; then
	bad byop-errors "output differs"
	diff "$T/want" "$T/got" | head -20
fi

finish
