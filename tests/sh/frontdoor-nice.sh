#!/bin/sh
# frontdoor-nice: under the real clock QEMU runs at MINOS_NICE's priority
# (a positive value: any user may lower a priority); 0 leaves it alone.
set -u
fail() { echo "frontdoor-nice: $*"; exit 1; }
# niceness of the QEMU running the command tagged $1, polled while it runs
qnice() {
	i=0
	while [ $i -lt 100 ]; do
		i=$((i+1))
		p=$(pgrep -f "^[^ ]*qemu-system-i386 .*$1" | head -1)
		if [ -n "$p" ]; then
			ps -o ni= -p "$p" | tr -d ' '
			return
		fi
		sleep 0.2
	done
	echo none
}
base=$(nice)
for c in "7 real $((base + 7))" "0 real $base"; do
	set -- $c
	tag="nicecheck$1$2"
	MINOS_NICE=$1 ./minos run -c $2 "sleep 2; echo $tag" >/tmp/frontdoor-nice.$$ 2>&1 &
	got=$(qnice "$tag")
	wait $!
	[ "$(cat /tmp/frontdoor-nice.$$)" = "$tag" ] || fail "MINOS_NICE=$1 -c $2: printed $(cat /tmp/frontdoor-nice.$$)"
	[ "$got" = "$3" ] || fail "MINOS_NICE=$1 -c $2: QEMU at nice $got, want $3"
done
rm -f /tmp/frontdoor-nice.$$
exit 0
