#!/bin/sh
# cost-tool -- cost(1) on emu, from saved reports (-r): the listing, -s,
# -o, the scaling of times, the merging of a pc reported twice, and every
# diagnostic; and a run timed on emu's own bench device.  tests/data/cost-prog holds a fixed program with its .dis and
# .sbl; tests/data/cost-loop.rep is the timer's report of one run of it in
# the kernel, cost-units.rep a made-up one with times from 0 ns to seconds.
. "${ROOT:-.}/tests/sh/tool.inc"

G=$DATA/cost-golden
P=$DATA/cost-prog
U='usage: cost [-f file.b] [-s] [-o] [-r report] command [args ...]'

# cost ARG...: run cost in $DIR (default the program's directory)
cost() {
	emurun "${DIR:-$P}" "${IN:-/dev/null}" "$T/out" "$T/err" 120 "$D/cost.dis" "$@"
}

cost -r ../cost-loop.rep ./cost-loop
golden cost-full
cost -r ../cost-loop.rep -s ./cost-loop
golden cost-s
cost -r ../cost-loop.rep -o ./cost-loop
golden cost-o
# -f: the same listing under the name given
tail -n +3 "$G/cost-s.out" >"$T/body"
cost -r ../cost-loop.rep -s -f cost-loop.b cost-loop.dis
check fname '[ "$st" = 0 ] && [ "$(sed -n 2p "$T/out")" = "-- cost-loop.b" ] && tail -n +3 "$T/out" | cmp -s - "$T/body"'
cost -r ../cost-loop.rep -s -f "$P/cost-loop.b" ./cost-loop
check abspath '[ "$st" = 0 ] && [ "$(sed -n 2p "$T/out")" = "-- $P/cost-loop.b" ] && tail -n +3 "$T/out" | cmp -s - "$T/body"'
# -f names the source without its directory, from elsewhere: it is
# looked for beside the module, as the default source is
mkdir "$T/elsewhere"
sed "s|^\./cost-loop\.dis |$P/cost-loop.dis |" "$DATA/cost-loop.rep" >"$T/abs.rep"
DIR=$T/elsewhere cost -r "$T/abs.rep" -s -f cost-loop.b "$P/cost-loop"
check fbyname '[ "$st" = 0 ] && [ "$(sed -n 2p "$T/out")" = "-- $P/cost-loop.b" ] && tail -n +3 "$T/out" | cmp -s - "$T/body"'
# -s heads each function's lines with its name
check fnheads '[ "$(grep "^-- .*()$" "$G/cost-s.out" | tr "\n" " ")" = "-- init() -- sq() " ]'
cost -r ../cost-units.rep -s ./cost-loop
golden cost-units
cost -r ../cost-units.rep -o ./cost-loop
golden cost-units-o

# the counts of the kernel's run: the loop ran NREP (10) times
cost -r ../cost-loop.rep -s ./cost-loop
check counts '[ "$(grep -A5 "t += sq" "$T/out" | awk "\$1 == \"-\" {print \$3}" | sort -u)" = 10 ]'
# an instruction line fits 80 columns, and its fields line up
check width '[ "$(awk "length > 80" "$T/out" | wc -l)" = 0 ]'
check columns '[ "$(grep "^- " "$T/out" | awk "{print length}" | sort -u)" = 53 ]'

# usage
cost
fails noargs 1 <<E
$U
E
cost -x ./cost-loop
fails option 1 <<E
$U
E
cost -f
fails fmissing 1 <<E
$U
E
cost -r
fails rmissing 1 <<E
$U
E

# the module, its symbols and its source
cost -r ../cost-loop.rep nosuch
fails notfound 1 <<'E'
cost: nosuch: not found
E
mkdir "$T/d"
cp "$P/cost-loop.dis" "$P/cost-loop.b" "$T/d/"
DIR=$T/d cost -r "$DATA/cost-loop.rep" ./cost-loop
fails nosbl 1 <<'E'
cost: cannot open ./cost-loop.sbl: file does not exist (compile with limbo -g)
E
DIR=$T/d cost -r "$DATA/cost-loop.rep" -o ./cost-loop
golden cost-o
cp "$D/cat.sbl" "$T/d/cost-loop.sbl"
DIR=$T/d cost -r "$DATA/cost-loop.rep" ./cost-loop
n=$(sed -n 3p "$D/cat.sbl")
n=$(sed -n "$((n + 4))p" "$D/cat.sbl")
fails wrongsbl 1 <<E
cost: ./cost-loop.sbl does not match ./cost-loop.dis: $n instructions, the module has 28
E
printf 'limbo .sbl 2.1\nCostloop\n' >"$T/d/cost-loop.sbl"
DIR=$T/d cost -r "$DATA/cost-loop.rep" ./cost-loop
fails shortsbl 1 <<'E'
cost: ./cost-loop.sbl: not a symbol file
E
sed 's/^20\.21,28 2$/20.21,x 2/' "$P/cost-loop.sbl" >"$T/d/cost-loop.sbl"
DIR=$T/d cost -r "$DATA/cost-loop.rep" ./cost-loop
fails badsbl 1 <<'E'
cost: ./cost-loop.sbl: bad source of pc 3: 20.21,x 2
E
echo 'not dis' >"$T/d/cost-loop.dis"
cp "$P/cost-loop.sbl" "$T/d/"
DIR=$T/d cost -r "$DATA/cost-loop.rep" ./cost-loop
fails notdis 1 <<'E'
cost: ./cost-loop.dis: not a Dis object file
E
cost -r ../cost-loop.rep -f "$R/appl/cmd/cost.b" ./cost-loop
fails notsource 1 <<E
cost: $R/appl/cmd/cost.b is not a source of ./cost-loop.dis (its sources: cost-loop.b sys.m draw.m)
E
head -20 "$P/cost-loop.b" >"$T/cost-loop.b"
cost -r ../cost-loop.rep -f "$T/cost-loop.b" ./cost-loop
fails shortsrc 1 <<E
cost: $T/cost-loop.b does not match ./cost-loop.dis: pc 7: line 21, past the end (20 lines)
E
sed 's/t += sq(i);/t++;/' "$P/cost-loop.b" >"$T/cost-loop.b"
cost -r ../cost-loop.rep -f "$T/cost-loop.b" ./cost-loop
fails editedsrc 1 <<E
cost: $T/cost-loop.b does not match ./cost-loop.dis: pc 10: line 23 column 12, past the end of the line
E
cost -r ../cost-loop.rep -f nosuch.b ./cost-loop
fails nosrcname 1 <<'E'
cost: nosuch.b is not a source of ./cost-loop.dis (its sources: cost-loop.b sys.m draw.m)
E
mkdir "$T/e"
cp "$P/cost-loop.dis" "$P/cost-loop.sbl" "$T/e/"
DIR=$T/e cost -r "$DATA/cost-loop.rep" ./cost-loop
fails nosrc 1 <<'E'
cost: cannot find cost-loop.b, the source of ./cost-loop.dis (name it with -f)
E

# bad reports
cost -r nosuch.rep ./cost-loop
fails noreport 1 <<'E'
cost: cannot open nosuch.rep: file does not exist
E
: >"$T/empty"
cost -r "$T/empty" ./cost-loop
fails empty 1 <<'E'
cost: bad report: empty
E
printf 'overhead 1000 x 1 2 3\n' >"$T/r"
cost -r "$T/r" ./cost-loop
fails badoverhead 1 <<'E'
cost: bad report: line 1: want overhead nop n mean min max std: overhead 1000 x 1 2 3
E
printf 'overhead 1000 1 1 2 3\n./cost-loop.dis 0 load 1 5.0 4.0 abc 0.0\n' >"$T/r"
cost -r "$T/r" ./cost-loop
fails badvalue 1 <<'E'
cost: bad report: line 2: want path pc op count mean min max std
E
printf 'overhead 1000 1 1 2 3\n./cost-loop.dis 0 load\n' >"$T/r"
cost -r "$T/r" ./cost-loop
fails shortline 1 <<'E'
cost: bad report: line 2: want path pc op count mean min max std
E
printf 'overhead 1000 1 1 2 3\n./cost-loop.dis 28 ret 1 5.0 4.0 6.0 0.0\n' >"$T/r"
cost -r "$T/r" ./cost-loop
fails badpc 1 <<'E'
cost: bad report: line 2: pc 28 not in ./cost-loop.dis (28 instructions)
E
printf 'overhead 1000 1 1 2 3\n./cost-loop.dis 27 ret 1 5 4 6 0\n./cost-loop.dis 27 mulw 1 5 4 6 0\n' >"$T/r"
cost -r "$T/r" ./cost-loop
fails badop 1 <<'E'
cost: bad report: line 3: pc 27 is mulw, was ret
E

# a report naming nothing of the module: the source, no instructions
printf 'overhead 1000 1 1 2 3\n/dis/sh.dis 0 load 1 5 4 6 0\n' >"$T/r"
cost -r "$T/r" -s ./cost-loop
check noinst '[ "$st" = 0 ] && [ "$(cat "$T/out")" = "$(printf "\n-- ./cost-loop.b")" ]'

# symbol files made by Inferno's limbo (the conformance programs) read as ours
C=${MINOS_SHARED:-$R/../shared}/conformance
if [ -d "$C" ]; then
	printf 'overhead 1000 1 1 2 3\n' >"$T/r"
	for b in "$C"/*.b; do
		n=$(basename "$b" .b)
		DIR=$C cost -r "$T/r" -s "./$n"
		check "inferno-$n" '[ "$st" = 0 ] && [ "$(cat "$T/out")" = "$(printf "\n-- ./$n.b")" ]'
	done
fi

# without -r cost times the program on emu's bench device: the same
# instructions and counts as the kernel's report, after the command's output
cost -s ./cost-loop
clean emu-run
check emu-first '[ "$(sed -n 1p "$T/out")" = "sum 285 of 10 squares" ]'
tail -n +2 "$T/out" | awk '$1 == "-" { print $2, $3; next } { print }' >"$T/counts"
awk '$1 == "-" { print $2, $3; next } { print }' "$G/cost-s.out" >"$T/want"
check emu-counts 'cmp -s "$T/want" "$T/counts"'
finish
