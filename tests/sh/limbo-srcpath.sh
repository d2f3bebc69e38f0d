#!/bin/sh
# limbo-srcpath: the source path an object records (limbo(1) -P): the
# absolute path by default; with -P old=new the prefix old, a whole path
# element, replaced by new; the build maps the tree's top away, so that
# the kernel's image does not depend on where the tree was checked out
# and each command names the source the image carries (/appl/cmd).
TAG=srcpath
. "$(dirname "$0")/check.inc"
mkdir -p "$T/src/ab"
printf 'implement P;\nP: module { x: con 1; };\n' >"$T/src/ab/p.b"
# src NAME LIMBO-OPTIONS...: the source line of the listing of ab/p.b
src() {
	(cd "$T/src" && "$R/o/bin/limbo" -S "$@" -o "$T/p.s" ab/p.b) || return 1
	sed -n 's/^	source	"\(.*\)"$/\1/p' "$T/p.s"
}
check absolute '[ "$(src)" = "$T/src/ab/p.b" ]'
check map '[ "$(src -P "$T/src=")" = "/ab/p.b" ]'
check map-new '[ "$(src -P "$T/src=/usr/x")" = "/usr/x/ab/p.b" ]'
check map-slash '[ "$(src -P "$T/src/=/n/")" = "/n/ab/p.b" ]'
check map-joined '[ "$(src -P"$T/src/ab=/q")" = "/q/p.b" ]'
check map-partial '[ "$(src -P "$T/sr=/z")" = "$T/src/ab/p.b" ]'
check map-other '[ "$(src -P "/nonesuch=/z")" = "$T/src/ab/p.b" ]'
(cd "$T/src" && "$R/o/bin/limbo" -P "$T/src=/m" -o "$T/p.dis" ab/p.b)
check dis 'grep -aq "/m/ab/p.b" "$T/p.dis" && ! grep -aq "$T" "$T/p.dis"'
"$R/o/bin/limbo" -P nope "$T/src/ab/p.b" >"$T/out" 2>"$T/err"
st=$?
check bad-map '[ $st != 0 ] && [ "$(cat "$T/err")" = "limbo: -P nope: want old=new" ] && [ ! -s "$T/out" ]'
# the build's objects: their sources where the image has them
check image 'grep -aq "/appl/cmd/bench.b" "$R/o/root/dis/bench.dis" && grep -aq "/appl/lib/stats.b" "$R/o/root/dis/lib/stats.dis"'
check image-top '! grep -alF "$R/" "$R"/o/root/dis/*.dis "$R"/o/root/dis/lib/*.dis | grep .'
finish
