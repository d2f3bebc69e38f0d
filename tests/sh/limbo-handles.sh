#!/bin/sh
# limbo-handles: a module handle that crosses from the module that loaded
# it into another (Conv->getstob returns a Stob) is called with the same
# indexes on both sides: as in Inferno's limbo, the interface of a module
# type in a function called through a module lists all its functions, by
# name (the cause of tcs calling Stob's init for its stob).
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-handles.XXXXXX)
trap 'rm -rf "$d"' EXIT
for m in handlemod handlemain; do
	(cd "$R/tests/sh" && "$R/o/bin/limbo" -I "$R/module" -o "$d/$m.dis" $m.b) || exit 1
done
got=$(cd "$d" && "$R/o/bin/emu" handlemain.dis handlemod.dis 2>&1)
if [ "$got" != "stob x" ]; then
	echo "limbo-handles: got $got, want stob x"
	exit 1
fi
exit 0
