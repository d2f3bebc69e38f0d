#!/bin/sh
# dev-abuse: reads of a megabyte, at far and negative offsets, and
# writes of nothing, of junk and of 64K, on every device file a program
# reaches (those whose reads wait for input aside): each gets a count or
# a clean error, and the kernel goes on.  Both clocks.
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-abuse.XXXXXX)
trap 'rm -rf "$d"' EXIT
"$R/o/bin/limbo" -I "$R/module" -o "$d/da.dis" "$R/tests/sh/dev-abuse.b" || exit 1
files='/dev/consctl /dev/drivers /dev/hostowner /dev/layout /dev/memory /dev/msec /dev/notquiterandom
/dev/null /dev/random /dev/sysname /dev/sysstat /dev/time /dev/user /dev/bctl /dev/bdata
/dev/busec /prog/1/ctl /prog/1/exception /prog/1/fd /prog/1/ns /prog/1/nsgrp /prog/1/pgrp
/prog/1/stack /prog/1/status /tmp/f "#i/drawctl" /dev/kpctl /dev/kpdata /dev/kpsym /dev/kpline
/dev/waitctl /dev/waitstat /dev/gcctl /dev/gcstat /dev/gchog /'
files=$(echo $files)
for c in icount real; do
	got=$("$R/minos" run -c $c -i "$d" "bind -b '#x' /dev; bind -b '#T' /dev; bind -b '#w' /dev; echo x > /tmp/f; /n/local/da.dis $files; echo alive" 2>&1)
	if [ "$got" != "$(cat "$R/tests/sh/dev-abuse.out")" ]; then
		echo "dev-abuse -c $c: got"
		echo "$got" | diff "$R/tests/sh/dev-abuse.out" - | head -20
		exit 1
	fi
done
