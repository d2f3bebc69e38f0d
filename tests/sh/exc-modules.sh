#!/bin/sh
# exc-modules: declared exceptions crossing a module boundary -- excmod.b
# raises them, excmain.b (another module) catches them by type in the
# immediate caller and by name further out; an uncaught one is Broken, named
# after the module it was raised in.
R=${ROOT:-$(pwd)}
d=$(mktemp -d /tmp/minos-exc.XXXXXX)
trap 'rm -rf "$d"' EXIT
for m in excmod excmain; do
	(cd "$R/tests/sh" && "$R/o/bin/limbo" -I "$R/module" -I . -o "$d/$m.dis" $m.b) || exit 1
done
got=$(cd "$d" && "$R/o/bin/emu" excmain.dis excmod.dis 2>&1)
st=$?
want='check(-1): Bad(negative, -1)
check(0): Gone
check(1): string excmod:one
check(2) = 4
deep(-1): as string Excmod.1.Bad
deep(0): as string Excmod.1.Gone
deep(1): string excmod:one
deep(2) = 4
[Excmod] Broken: "Excmod.1.Bad"'
if [ "$got" != "$want" ] || [ $st != 1 ]; then
	echo "exc-modules: status $st, got"
	echo "$got"
	echo "want"
	echo "$want"
	exit 1
fi
exit 0
