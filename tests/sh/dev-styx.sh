#!/bin/sh
# dev-styx -- the device and Styx cases of tests/vm (env, dup, wait,
# file2chan, mount and export, hostile Styx, exports ending with
# requests in flight, rpcs flushed, dial) run in the kernel too, one
# boot under each clock, and must print what they print on emu; dial
# says there is no network.
TAG=dev-styx
. "${ROOT:-$(pwd)}/tests/sh/check.inc"
cases="dev-env dev-fd dev-wait dev-file2chan dev-mount dev-styx dev-exportend dev-mntflush net-dial"
cmd=""
want=$T/want
: >"$want"
for c in $cases; do
	"$R/o/bin/limbo" -I "$R/module" -o "$T/$c.dis" "$R/tests/vm/$c.b" || bad "$c does not compile"
	cmd="$cmd echo -- $c; /n/local/$c.dis;"
	echo "-- $c" >>"$want"
	if [ $c = net-dial ]; then
		printf 'announce: no network: /net/tcp/clone does not exist\ndial -1: no network: /net/tcp/clone does not exist\nudp -1: no network: /net/udp/clone does not exist\n' >>"$want"
	else
		cat "$R/tests/vm/$c.out" >>"$want"
	fi
done
for clock in icount real; do
	MINOS_TIMEOUT=300 "$R/minos" run -c $clock -i "$T" "$cmd" >"$T/got.$clock" 2>&1
	check "kernel -c $clock" 'cmp -s "$want" "$T/got.$clock"'
	cmp -s "$want" "$T/got.$clock" || diff "$want" "$T/got.$clock" | head -20
done
finish
