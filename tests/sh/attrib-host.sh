#!/bin/sh
# attrib-host -- what the host takes is the host's (bench(1)'s
# attribution, real clock): QEMU is stopped for 50 ms (SIGSTOP, then
# SIGCONT) a few times while bench times BASE; a stop that falls
# inside an observation makes it 50 ms or more longer, and the guest,
# whose clock went on, can name no cause for it: it must be the host's.
# Generous bounds: an observation of at least 40 ms whose host share
# is at least 40 ms, with no more than 5 ms of guest causes.
TAG=attrib
. "${ROOT:-.}/tests/sh/check.inc"

mkdir "$T/tmp"
TMPDIR=$T/tmp MINOS_TIMEOUT=300 "$R/minos" run -k pc 'bind -b "#x" /dev; echo go; bench -o -n 10000 NULLCALL >/tmp/x; echo done; cat /tmp/x' >"$T/out" 2>&1 &
run=$!
# QEMU's pid (minos run's -pidfile), once the guest has said go (five
# minutes at most: tests/run may be booting another kernel beside it)
pid=""
for i in $(seq 1 3000); do
	p=$(cat "$T"/tmp/minos.*/pid 2>/dev/null)
	if [ -n "$p" ] && grep -q '^go' "$T"/tmp/minos.*/serial 2>/dev/null; then
		pid=$p
		break
	fi
	sleep 0.1
done
check qemu '[ -n "$pid" ]'
# until bench is done (two minutes at most)
if [ -n "$pid" ]; then
	for i in $(seq 1 800); do
		grep -q '^done' "$T"/tmp/minos.*/serial 2>/dev/null && break
		kill -STOP "$pid" 2>/dev/null || break
		sleep 0.05
		kill -CONT "$pid"
		sleep 0.1
	done
fi
wait $run
st=$?
check run '[ $st = 0 ] && grep -q "^done" "$T/out"'
grep '^NULLCALL:1l:' "$T/out" | cut -d' ' -f2- | tr ' ' '\n' >"$T/v"
grep '^# cause NULLCALL ' "$T/out" | awk '{for(i = 5; i <= NF; i++) print $4, $i}' | tr ':' ' ' >"$T/s"
awk 'NR == FNR {v[FNR] = $1; next}
	{if($1 == "host") h[$2] = $3; else g[$2] += $3}
	END {for(i in v) if(v[i] >= 400000 && h[i] >= 400000 && g[i] <= 50000) n++; exit !n}' "$T/v" "$T/s"
st=$?
check host '[ $st = 0 ]'
[ -n "${VERBOSE:-}" ] && awk 'NR == FNR {v[FNR] = $1; next}
	{if($1 == "host") h[$2] = $3; else g[$2] += $3}
	END {for(i in v) if(v[i] >= 100000) printf "observation %d: %d ns a call, host %d, guest %d\n", i, v[i], h[i], g[i]}' "$T/v" "$T/s" | sort -t' ' -k2n
finish
