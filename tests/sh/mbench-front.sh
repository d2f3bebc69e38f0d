#!/bin/sh
# mbench-front -- `./minos bench': its options and diagnostics, which
# need no boot, and the test list it reads from bench.b.
TAG=mbench
. "${ROOT:-.}/tests/sh/check.inc"
U='usage: ./minos bench [-k config] [-L seed] [-c real|icount] [-smp n] [-jit] [-n reps] [-o] [test ...]'

# fails NAME ARGS...: exit status 1, no output, stderr as on stdin
fails() {
	name=$1
	shift
	ncase=$((ncase + 1))
	cat >"$T/want"
	"$R/minos" bench "$@" >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" != 1 ]; then
		bad $name "status $st, want 1"
	elif [ -s "$T/out" ]; then
		bad $name "output $(head -c 200 "$T/out")"
	elif ! cmp -s "$T/want" "$T/err"; then
		bad $name "stderr differs"; diff "$T/want" "$T/err" | head -5
	fi
}

fails option -x <<E
$U
E
fails kmissing -k <<E
$U
E
fails nmissing -n <<E
$U
E
fails clock -c wall <<'E'
minos bench: -c wall: want real or icount
E
fails reps -n 0 <<'E'
minos bench: -n 0: want a count of observations
E
fails repsword -n ten BASE <<'E'
minos bench: -n ten: want a count of observations
E
fails config -k nosuch <<'E'
minos bench: -k nosuch: no such kernel config in pc/
E
fails test BASE NOSUCH <<'E'
minos bench: unknown test NOSUCH (tests: BASE XBASE SLEEP0 GCSCHED GCACQUIRE GCIDLE INTR OPNIL OPSCHED NULLCALL READNULL OPENCLOSE STAT PIPE CHAN SPAWN BIND)
E

# the usage line is in ./minos help
ncase=$((ncase + 1))
"$R/minos" help | grep -q '^  bench \[-k config\] \[-L seed\] \[-c real|icount\] \[-smp n\] \[-jit\] \[-n reps\] \[-o\] \[test ...\]$' ||
	bad help "no bench line in ./minos help"

finish
